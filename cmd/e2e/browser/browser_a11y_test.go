package browser

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// axeScript finds axe-core (npm's axe-core package, which .ci/run installs
// into a cache folder and names in UNOSCORE_AXE), or skips the test saying
// why; in CI a missing axe-core fails.
func axeScript(t *testing.T) string {
	t.Helper()
	var tried []string
	for _, p := range []string{os.Getenv("UNOSCORE_AXE"), filepath.Join(os.Getenv("HOME"), ".cache", "unoscore-axe", "node_modules", "axe-core", "axe.min.js")} {
		if p == "" {
			continue
		}
		tried = append(tried, p)
		if b, err := os.ReadFile(p); err == nil {
			return string(b)
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("no axe-core in CI (looked at %v): .ci/run installs npm's axe-core package and sets UNOSCORE_AXE", tried)
	}
	t.Skip("SKIPPED: no axe-core here, so the pages were not checked for accessibility; npm install --prefix ~/.cache/unoscore-axe axe-core (or set UNOSCORE_AXE to its axe.min.js) to run this test")
	return ""
}

// axe runs axe-core on the page as it stands and returns its violations
// at the serious and critical levels, one line each.
func axe(t *testing.T, ctx context.Context, script, what string) []string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, stepLimit)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Evaluate[bool](script+";true")); err != nil {
		t.Fatalf("%s: injecting axe-core: %v", what, err)
	}
	out, err := chromedp.Run(c, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ["violations"]}).then(r =>
		r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v =>
			v.id + " (" + v.impact + "): " + v.help + " — " + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: running axe-core: %v", what, err)
	}
	return out
}

var bypassCSP = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	_, err := cdp.Call(ctx, t, page.SetBypassCSP, page.SetBypassCSPParams{Enabled: true})
	return err
})

// TestBrowserAccessibility: axe-core finds nothing serious or critical on
// the viewer's page (television and phone, light and dark), the scorer's
// keypad (who went out, a hand being tapped, a rotating game's tables) and
// the new-game form; and the keypad works from the keyboard: focus stays
// on the key tapped, the chips that remove a card are reached with Tab,
// the hand being entered is aria-current, and the points typed in the
// points box are added by Enter (or by Save).
func TestBrowserAccessibility(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan", "--name", "Friday night"}, Hands: [][]string{
		{"--out", "Ann", "--left", "Bob=r7 wd4", "--left", "Cat=37pts", "--left", "Dan=g2"},
		{"--out", "Cat", "--left", "Ann=w", "--left", "Bob=b9 y5", "--left", "Dan=rs r3"},
	}})
	script := axeScript(t)
	ctx := s.window(t)
	step := stepper(t)
	check := func(what string) {
		t.Helper()
		for _, v := range axe(t, ctx, script, what) {
			t.Errorf("%s: %s", what, v)
		}
	}
	step(ctx, "the television", bypassCSP, chromedp.EmulateViewport(1280, 720), navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".totals")),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second))
	check("the viewer's page on a television")
	step(ctx, "dark", colorScheme("dark"))
	check("the viewer's page, dark")
	step(ctx, "light", colorScheme("light"), phoneView, navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".totals")))
	check("the viewer's page on a phone")
	step(ctx, "the scorer's page", navigate(s.Score), chromedp.WaitVisible(chromedp.CSS(`button[data-player="Dan"]`)))
	check("the scorer's page: who went out")
	step(ctx, "the new-game form", chromedp.Click(chromedp.CSS(`#newgame summary`)), chromedp.WaitVisible(chromedp.CSS(`#newform input[name="players"]`)))
	check("the new-game form")

	// The keypad from the keyboard.
	step(ctx, "tap a hand from the keyboard",
		chromedp.Click(chromedp.CSS(`#newgame summary`)),
		chromedp.Focus(chromedp.CSS(`button[data-player="Dan"]`)),
		chromedp.KeyEvent("\r"),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		poll(`document.querySelector('button[data-hand="Ann"]').getAttribute("aria-current") === "true" && document.querySelector('button[data-hand="Bob"]').getAttribute("aria-current") === "false"`, time.Second),
		chromedp.Focus(chromedp.CSS(`button[data-color="r"]`)),
		chromedp.KeyEvent("\r"),
		poll(`document.activeElement.dataset.color === "r"`, time.Second),
		chromedp.Focus(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.KeyEvent("\r"),
		poll(`document.activeElement.dataset.face === "7"`, time.Second),
		chromedp.KeyEvent("\r"),
		// Both red 7s are tapped: the deck has no third, and its key says so.
		poll(`document.querySelector('button[data-face="7"]').disabled && document.querySelector('button[data-hand="Ann"]').parentNode.querySelectorAll(".chip").length === 2`, time.Second),
		chromedp.Focus(chromedp.CSS(`button[data-face="wd4"]`)),
		chromedp.KeyEvent("\r"),
		poll(`document.activeElement.dataset.face === "wd4"`, time.Second),
		// Tab from the hand's button reaches its chips; Enter on one removes it.
		chromedp.Focus(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.KeyEvent("\t"),
		poll(`document.activeElement.classList.contains("chip") && document.activeElement.getAttribute("aria-label").startsWith("r7: remove")`, time.Second),
		chromedp.KeyEvent("\r"),
		poll(`document.querySelector('button[data-hand="Ann"] .pts').textContent === "57"`, time.Second))
	check("the scorer's keypad, a hand being tapped")
	// Points typed in the box: Enter adds them to the hand being entered.
	step(ctx, "points and Enter",
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.SendKeys(chromedp.CSS(`#ptsbox`), "12"),
		chromedp.KeyEvent("\r"),
		poll(`document.querySelector('button[data-hand="Bob"] .pts').textContent === "12" && document.getElementById("ptsbox").value === ""`, time.Second),
		// And Save takes a value typed but not added.
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.SendKeys(chromedp.CSS(`#ptsbox`), "8"),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 3: Dan went out, 77 points.")`, 5*time.Second))
	b := boardOf(t, s.DB)
	rows := b["rows"].([]any)
	cards := rows[2].(map[string]any)["cards"].(map[string]any)
	if cards["Ann"] != "r7 wd4" || cards["Bob"] != "12pts" || cards["Cat"] != "8pts" {
		t.Fatalf("the hand was saved as %v", cards)
	}
	check("the scorer's page after a save")

	// A rotating game's table picker. The scorer's page follows the
	// current game: left open, it reloads itself when the game starts, and
	// that reload can cut short a navigation the test makes at the same
	// moment (net::ERR_ABORTED). The tab leaves it first.
	step(ctx, "leave the scorer's page", navigate("about:blank"))
	harness.NewGame(t, s.DB, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	defer func() {
		if t.Failed() {
			v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + " | " + document.body.innerText.slice(0, 600)`))
			t.Log(v)
		}
	}()
	step(ctx, "the rotating scorer", navigate(s.Score), across(`!!document.querySelector('button[data-table="2"]')`, 10*time.Second))
	check("the scorer's page: a rotating game's tables")
	step(ctx, "the rotating viewer", chromedp.EmulateViewport(1280, 720), navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".tables")))
	check("the viewer's page: a rotating game")
}
