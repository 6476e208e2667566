package browser

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserPointsBoxMessage: "-5" typed in the points box, + pts, Save
// said 'The points box holds "-5", which is not a number of points…', and
// the keypad's redrawing emptied the box while the line stayed, speaking
// of a box that held nothing. What is typed now stays across the
// redrawing (a card tapped, Save refused), and the line goes once the box
// changes.
func TestBrowserPointsBoxMessage(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	harness.NewGame(t, db, "--players", "Ann,Bob", "--mode", "lowest", "--target", "100")
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	const said = `document.querySelector('[data-key="msg"]').textContent`
	const box = `document.getElementById("ptsbox").value`
	step(phone, `Ann out; "-5" typed in Bob's points box, + pts, Save`, phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.ID("ptsbox")),
		chromedp.SendKeys(chromedp.ID("ptsbox"), "-5"),
		chromedp.Click(chromedp.CSS(`button[data-key="addpts"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(said+` === 'The points box holds "-5", which is not a number of points: clear it or type a number.'`, 5*time.Second),
		poll(box+` === "-5"`, time.Second))
	step(phone, "+ pts again: the box still holds what the line says",
		chromedp.Click(chromedp.CSS(`button[data-key="addpts"]`)),
		poll(box+` === "-5" && `+said+`.startsWith('The points box holds "-5"')`, time.Second))
	shoot(t, phone, screenshots(t), "serve-points-box-refused.png")
	step(phone, "the box emptied: the line goes",
		chromedp.SendKeys(chromedp.ID("ptsbox"), kb.Backspace+kb.Backspace),
		poll(box+` === "" && `+said+` === ""`, time.Second))
	step(phone, "points typed stay while a card is tapped, and + pts adds them",
		chromedp.SendKeys(chromedp.ID("ptsbox"), "12"),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		poll(box+` === "12" && `+chipsOf("Bob")+` === "5"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-key="addpts"]`)),
		poll(box+` === "" && `+chipsOf("Bob")+` === "5 12pts"`, time.Second))
}
