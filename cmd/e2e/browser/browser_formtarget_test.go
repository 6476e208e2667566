package browser

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserNewGameTargetHint: the new-game form's "Points to win" said
// "500 if left empty" with the No Mercy deck chosen, but the game started
// to 1000, the deck's own target (new --help says so). The hint follows
// the deck chosen, and the game started with the field empty plays to the
// target the hint named.
func TestBrowserNewGameTargetHint(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	harness.NewGame(t, db, "--players", "Ann,Bob,Cat", "--name", "Friday")
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	deck := func(id string) chromedp.Action[chromedp.Void] {
		return poll(`(f => (f.elements.deck.value = `+jsString(id)+`, f.elements.deck.dispatchEvent(new Event("change")), true))(document.getElementById("newform"))`, time.Second)
	}
	hint := func(want string) chromedp.Action[chromedp.Void] {
		return poll(`document.querySelector('#newform input[name="target"]').placeholder === `+jsString(want), time.Second)
	}
	step(phone, "the form with the classic deck says 500", phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`(window.confirm = () => true, document.getElementById("newgame").open = true, true)`, time.Second),
		hint("500 if left empty"))
	step(phone, "No Mercy says 1000", deck("no-mercy"), hint("1000 if left empty"))
	shoot(t, phone, screenshots(t), "serve-form-no-mercy-target.png")
	step(phone, "back to classic says 500", deck("classic"), hint("500 if left empty"))
	step(phone, "a No Mercy game started with the field empty plays to 1000", deck("no-mercy"), hint("1000 if left empty"),
		chromedp.SendKeys(chromedp.CSS(`#newform input[name="players"]`), "Ann, Bob"),
		chromedp.Click(chromedp.ID("start")),
		across(`document.querySelector("#scorer h2") && document.querySelector("#scorer h2").textContent.startsWith("Hand 1: who went out") && !!document.querySelector('button[data-player="Bob"]') && !document.querySelector('button[data-player="Cat"]')`, 10*time.Second))
	if b := boardOf(t, db); b["deck"] != "no-mercy" || b["target"] != 1000.0 {
		t.Fatalf("the game started: deck %v, target %v", b["deck"], b["target"])
	}
}
