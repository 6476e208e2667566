package browser

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserLowestSaysCaught: in lowest and challenge no one wins a
// hand's points; the cards count against their holders. The keypad said
// "This hand: 55 points", the saved message "Saved hand 1: Ann went out,
// 55 points." and undo asked "Void hand 1: Ann went out, 55 points?". They
// now say it as the terminal's board does: "Caught with cards: Bob 5, Cat
// 50", "Ann went out; caught with cards: Bob 5, Cat 50".
func TestBrowserLowestSaysCaught(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	dir := screenshots(t)
	for _, mode := range []string{"lowest", "challenge"} {
		db := filepath.Join(t.TempDir(), "u.db")
		id := harness.NewGame(t, db, "--players", "Ann,Bob,Cat", "--mode", mode)
		s := harness.StartServe(t, db)
		ctx := browser(t, exe)
		step := stepper(t)
		const brief = "Ann went out; caught with cards: Bob 5, Cat 50"
		step(ctx, mode+": Ann out, Bob r5, Cat wd4", phoneView, navigate(s.Score),
			chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
			chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
			poll(`document.querySelector(".worth").textContent === "Caught with cards: none tapped yet"`, time.Second),
			chromedp.Click(chromedp.CSS(`button[data-color="r"]`)),
			chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
			chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
			chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
			poll(`document.querySelector(".worth").textContent === "Caught with cards: Bob 5, Cat 50"`, time.Second))
		shoot(t, ctx, dir, "serve-"+mode+"-caught.png")
		step(ctx, mode+": save it", chromedp.Click(chromedp.ID("save")),
			poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 1: `+brief+`."`, 5*time.Second))
		shoot(t, ctx, dir, "serve-"+mode+"-saved.png")
		if r := boardOf(t, db, "--game", id)["rows"].([]any)[0].(map[string]any); r["said"] != brief {
			t.Fatalf("%s: the board's row says %v", mode, r)
		}
		step(ctx, mode+": undo asks about the hand as the terminal words it",
			poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), true), true)`, time.Second),
			chromedp.WaitVisible(chromedp.ID("undo")),
			chromedp.Click(chromedp.ID("undo")),
			poll(`window.asked.length === 1 && window.asked[0] === "Void hand 1: `+brief+`? It stays in the game's history."`, 2*time.Second),
			poll(`document.getElementById("redo") !== null && document.getElementById("redo").textContent === "Bring back the voided hand (`+brief+`)"`, 5*time.Second))
	}
}
