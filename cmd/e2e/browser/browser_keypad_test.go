package browser

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserColourPerPlayer: a colour or a count picked for one player's
// cards is not carried over to the next player's. Before, tapping Bob, Y,
// 7, then Cat, ×2, S stored Cat's cards as "2xys", yellow nobody tapped.
func TestBrowserColourPerPlayer(t *testing.T) {
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	harness.NewGame(t, db, "--players", "Ann,Bob,Cat,Dan")
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	chips := func(who string) string {
		return `Array.from(document.querySelectorAll('button[data-hand="` + who + `"] + .chips .chip')).map(c => c.textContent).join(" ")`
	}
	picked := `(document.querySelector('.colors button[aria-pressed="true"]') || {}).dataset.color + " " + (document.querySelector('.tools button[aria-pressed="true"]') || {}).textContent`
	step(phone, "Ann went out; Bob Y 7; Cat ×2 S; Dan ×3 then WD4", phoneView, chromedp.Navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`.colors button[data-color="y"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		poll(picked+` === "any ×1"`, time.Second),
		chromedp.Click(chromedp.CSS(`.tools button[data-key="n:2"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="s"]`)),
		// A count picked and not used stays with its player too.
		chromedp.Click(chromedp.CSS(`.colors button[data-color="r"]`)),
		chromedp.Click(chromedp.CSS(`.tools button[data-key="n:3"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Dan"]`)),
		poll(picked+` === "any ×1"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		poll(chips("Bob")+` === "y7" && `+chips("Cat")+` === "2×s" && `+chips("Dan")+` === "wd4"`, time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 1")`, 5*time.Second))
	r := boardOf(t, db)["rows"].([]any)[0].(map[string]any)
	if c := r["cards"].(map[string]any); r["out"] != "Ann" || c["Bob"] != "y7" || c["Cat"] != "2xs" || c["Dan"] != "wd4" {
		t.Fatalf("the hand stored: %v", r)
	}
}
