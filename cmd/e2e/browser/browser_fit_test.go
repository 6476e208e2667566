package browser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// fitTotals measures the totals on the page: every total's number inside its
// card with room to spare (4% of the card's width each side: the digits do
// not touch its edges), and every card as tall as the others of its row
// (the cards of a row share their tracks; a row whose note takes two lines
// is taller than the next).
const fitTotals = `(() => {
	const bad = [], rows = new Map();
	for (const c of document.querySelectorAll(".total")) {
		const s = c.querySelector(".score"), r = document.createRange();
		r.selectNodeContents(s);
		const t = r.getBoundingClientRect(), b = c.getBoundingClientRect(), room = b.width * .04;
		if (t.left < b.left + room - .5 || t.right > b.right - room + .5) {
			bad.push(JSON.stringify(s.textContent) + " is " + Math.round(t.width) + " px wide in a card " + Math.round(b.width) + " px wide");
		}
		const top = Math.round(b.top);
		rows.set(top, (rows.get(top) || []).concat(Math.round(b.height)));
	}
	for (const hs of rows.values()) {
		if (Math.max(...hs) - Math.min(...hs) > 1) bad.push("the cards of a row are " + hs.join(", ") + " px tall");
	}
	return bad.join("; ");
})()`

// TestBrowserTotalsFit: a total of four or five digits shows whole on a
// television (1280×720, 1920×1080) and on a phone, its digits clear of the
// card's edges, and the cards stay one height when a badge and "to go"
// take two lines on one of them (a row's cards one height, as its numbers
// are level).
func TestBrowserTotalsFit(t *testing.T) {
	t.Parallel()
	_, dir, db, s, tv, step := layoutMeasure(t)
	hand := func(args ...string) {
		t.Helper()
		if code, _, errs := harness.Unoscore(t, db, append([]string{"hand"}, args...)...); code != 0 {
			t.Fatal(errs)
		}
	}
	games := []struct {
		players string
		hands   func()
	}{
		// Ann 12340, Bob 1240, Cat 456, Dan 0.
		{"Ann,Bob,Cat,Dan", func() {
			for range 10 {
				hand("--out", "Ann", "--left", "Bob=1234pts", "--left", "Cat=0pts", "--left", "Dan=0pts")
			}
			hand("--out", "Bob", "--left", "Ann=1000pts", "--left", "Cat=240pts", "--left", "Dan=0pts")
			hand("--out", "Cat", "--left", "Ann=0pts", "--left", "Bob=0pts", "--left", "Dan=456pts")
		}},
		// Ten players: Ann 1368 in a card a tenth of the screen wide.
		{"Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ian,Jo", func() {
			rest := []string{"--left", "Dan=0pts", "--left", "Eve=0pts", "--left", "Fay=0pts", "--left", "Gus=0pts", "--left", "Hal=0pts", "--left", "Ian=0pts", "--left", "Jo=0pts"}
			hand(append([]string{"--out", "Ann", "--left", "Bob=1200pts", "--left", "Cat=0pts"}, rest...)...)
			hand(append([]string{"--out", "Ann", "--left", "Bob=168pts", "--left", "Cat=0pts"}, rest...)...)
			hand(append([]string{"--out", "Bob", "--left", "Ann=0pts", "--left", "Cat=999pts"}, rest...)...)
		}},
	}
	for _, g := range games {
		harness.NewGame(t, db, "--players", g.players, "--target", "99999", "--name", "Long night")
		g.hands()
		n := strings.Count(g.players, ",") + 1
		for _, size := range [][2]int64{{1920, 1080}, {1280, 720}, {390, 844}} {
			what := fmt.Sprintf("%d players at %dx%d", n, size[0], size[1])
			view := chromedp.EmulateViewport(size[0], size[1])
			if size[0] < 500 {
				view = phoneView
			}
			step(tv, what, view, navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".totals")))
			bad, err := chromedp.Run(tv, chromedp.Evaluate[string](fitTotals))
			if err != nil {
				t.Fatal(err)
			}
			if bad != "" {
				t.Errorf("%s: %s", what, bad)
			}
			shoot(t, tv, dir, fmt.Sprintf("fit-%d-%d.png", n, size[0]))
		}
	}
}

// TestBrowserModeList: on a phone 390 px wide the new-game form's list of
// modes shows each mode's name whole (it showed "standard: whoever goes
// out sc"), and the chosen mode's description shows below it, whole, and
// changes with the choice.
func TestBrowserModeList(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a layout measure: it ran in the full pass (CI's -race -short pass leaves it out)")
	}
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan"}})
	dir := screenshots(t)
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "the new-game form", chromedp.WaitVisible(chromedp.CSS("#newgame")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("newgame").open = true`),
		chromedp.WaitVisible(chromedp.CSS(`select[name="mode"]`)))
	// Each option's text, in the list's font, against the room the closed
	// list gives it (its width less its padding and the arrow's 1.5em).
	measure := `(() => {
		const sel = document.querySelector('select[name="mode"]'), cs = getComputedStyle(sel), bad = [];
		const c = document.createElement("canvas").getContext("2d");
		c.font = cs.fontWeight + " " + cs.fontSize + " " + cs.fontFamily;
		const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 1.5 * parseFloat(cs.fontSize);
		for (const o of sel.options) {
			const w = c.measureText(o.textContent).width;
			if (w > room) bad.push(JSON.stringify(o.textContent) + " is " + Math.round(w) + " px in " + Math.round(room));
		}
		const help = [...document.querySelectorAll(".modehelp p")].filter(p => p.getClientRects().length);
		if (help.length !== 1 || help[0].dataset.mode !== sel.value) bad.push("the descriptions shown: " + help.map(p => p.dataset.mode).join(", ") + " for " + sel.value);
		else if (help[0].scrollWidth > help[0].clientWidth + 1 || help[0].getBoundingClientRect().right > innerWidth) bad.push("the description is cut");
		return bad.join("; ");
	})()`
	for _, mode := range []string{"standard", "rotating", "challenge"} {
		step(phone, "choose "+mode, chromedp.Evaluate[chromedp.Void](`(s => { s.value = "`+mode+`"; s.dispatchEvent(new Event("change")); })(document.querySelector('select[name="mode"]'))`))
		bad, err := chromedp.Run(phone, chromedp.Evaluate[string](measure))
		if err != nil || bad != "" {
			t.Errorf("%s: %s %v", mode, bad, err)
		}
	}
	step(phone, "the list", chromedp.Evaluate[chromedp.Void](`document.querySelector('select[name="mode"]').scrollIntoView()`))
	shoot(t, phone, dir, "mode-list-390.png")
}
