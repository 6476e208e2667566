package browser

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserSaysTheChange: the viewer's page has one polite live region,
// outside the board that is swapped in, empty on opening (nothing is
// announced for the board already read), that says briefly what changed
// when a hand is recorded ("Hand 3: Bob went out, 87 points. Bob leads
// with 87."), or voided, never the whole board; and the page stays clean
// for axe with it.
func TestBrowserSaysTheChange(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--name", "Friday night"}, Hands: [][]string{
		{"--out", "Ann", "--left", "Bob=20pts", "--left", "Cat=36pts"},
		{"--out", "Cat", "--left", "Ann=5pts", "--left", "Bob=3pts"},
	}})
	script := axeScript(t)
	hand := func(args ...string) {
		t.Helper()
		if code, _, errs := harness.Unoscore(t, s.DB, args...); code != 0 {
			t.Fatal(errs)
		}
	}
	ctx := s.window(t)
	step := stepper(t)
	step(ctx, "the television", bypassCSP, chromedp.EmulateViewport(1280, 720), navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".totals")),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second))
	region, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const r = [...document.querySelectorAll("[aria-live], [role=status], [role=log], [role=alert]")].filter(e => !e.closest("#newform"));
		if (r.length !== 1) return r.length + " live regions";
		const e = r[0];
		if (e.closest("#live")) return "the live region is inside the board swapped in";
		if (e.getAttribute("aria-live") !== "polite") return "aria-live is " + e.getAttribute("aria-live");
		return JSON.stringify(e.textContent);
	})()`))
	if err != nil || region != `""` {
		t.Fatalf("the viewer's page on opening: %s %v", region, err)
	}
	said := func(what, want string) {
		t.Helper()
		step(ctx, what, poll(fmt.Sprintf(`document.getElementById("said").textContent === %s`, jsString(want)), 10*time.Second))
	}
	hand("hand", "--out", "Bob", "--left", "Ann=80pts", "--left", "Cat=7pts")
	said("a hand recorded", "Hand 3: Bob went out, 87 points. Bob leads with 87.")
	for _, v := range axe(t, ctx, script, "the viewer's page after a change") {
		t.Errorf("the viewer's page after a change: %s", v)
	}
	hand("undo")
	said("a hand voided", "A hand was voided. Ann leads with 56.")
}

// TestBrowserSaysTheCharge: in a No Mercy game in lowest mode the live
// region says a knock-out as the board does, 250 charged to the player
// knocked out, not as points of the hand (the old line read "Hand 1: Ann
// went out, 255 points.").
func TestBrowserSaysTheCharge(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--deck", "no-mercy", "--mode", "lowest"}})
	hand := func(args ...string) {
		t.Helper()
		if code, _, errs := harness.Unoscore(t, s.DB, args...); code != 0 {
			t.Fatal(errs)
		}
	}
	ctx := s.window(t)
	step := stepper(t)
	step(ctx, "the television", bypassCSP, chromedp.EmulateViewport(1280, 720), navigate(s.View),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second))
	said := func(what, want string) {
		t.Helper()
		step(ctx, what, poll(fmt.Sprintf(`document.getElementById("said").textContent === %s`, jsString(want)), 10*time.Second))
	}
	hand("hand", "--out", "Ann", "--left", "Bob=r5", "--knocked-out", "Cat")
	said("a hand with a knock-out", "Hand 1: Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250. Ann leads with 0.")
	hand("hand", "--out", "Bob", "--knocked-out", "Ann,Cat")
	said("a hand won by the last standing", "Hand 2: Bob was last standing; Ann and Cat knocked out, charged 250 each. Bob leads with 5.")
}
