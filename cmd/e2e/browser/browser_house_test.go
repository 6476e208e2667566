package browser

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserHouseRules: the phone's new-game form offers the house rules,
// each with what it changes; the rules ticked are kept with the game and
// shown under its title, on the phone and the television.
func TestBrowserHouseRules(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "the form lists the house rules",
		chromedp.WaitVisible(chromedp.CSS(`#newgame summary`)),
		poll(`document.getElementById("newgame").open || (document.querySelector("#newgame summary").click(), true)`, time.Second),
		chromedp.WaitVisible(chromedp.CSS(`#newform input[name="players"]`)),
		poll(`[...document.querySelectorAll('#newform input[name="house"]')].map(c => c.value).join() === "stacking,jump-in,seven-o,draw-to-match"`, time.Second),
		poll(`document.querySelector('#newform input[value="stacking"]').closest("label").textContent.includes("passes the total on")`, time.Second),
		chromedp.SendKeys(chromedp.CSS(`#newform input[name="players"]`), "Ann, Bob, Cat"),
		chromedp.Click(chromedp.CSS(`#newform input[value="stacking"]`)),
		chromedp.Click(chromedp.CSS(`#newform input[value="seven-o"]`)))
	shoot(t, phone, screenshots(t), "serve-new-house.png")
	step(phone, "start the game",
		chromedp.Click(chromedp.ID("start")),
		across(`!!document.querySelector(".sub") && document.querySelector(".sub").textContent.endsWith("house rules: stacking, seven-o")`, 10*time.Second))
	b := boardOf(t, s.DB)
	house, _ := b["settings"].(map[string]any)["house"].([]any)
	if len(house) != 2 || house[0] != "stacking" || house[1] != "seven-o" {
		t.Fatalf("the game's house rules: %v", b["settings"])
	}
	tv := s.window(t)
	step(tv, "the television names them", chromedp.EmulateViewport(1280, 720), navigate(s.View),
		poll(`!!document.querySelector(".sub") && document.querySelector(".sub").textContent.includes("house rules: stacking, seven-o")`, 5*time.Second))
}
