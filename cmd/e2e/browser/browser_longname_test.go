package browser

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// overflow is a script saying what sticks out of the screen's width: the
// page wider than the screen, an element whose box ends past its right
// edge (but within the score pad, which scrolls sideways by itself), and
// a button whose text spills out of it.
const overflow = `((w) => {
	const bad = [];
	if (document.documentElement.scrollWidth > w) bad.push("the page is " + document.documentElement.scrollWidth + " px wide");
	const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : "");
	const scorer = document.getElementById("scorer"), edge = scorer && scorer.getClientRects().length ? scorer.getBoundingClientRect().right : w;
	for (const e of document.querySelectorAll("body *")) {
		if (e.closest(".padwrap") || !e.getClientRects().length) continue;
		const r = e.getBoundingClientRect();
		if (r.right > (scorer && scorer.contains(e) ? edge : w) + 1) bad.push(name(e) + " ends at " + Math.round(r.right));
		if (getComputedStyle(e).overflowX === "visible" && e.scrollWidth > e.clientWidth + 1 && e.clientWidth) bad.push(name(e) + "'s text spills out");
	}
	return [...new Set(bad)].slice(0, 8).join("; ");
})`

// TestBrowserLongNameFits: a name of 24 letters with no break in it
// ("Maximilianalexanderjones") is broken or clipped wherever it shows, on
// phones 390 and 320 px wide and on a television: on the viewer's page;
// on the scorer's who went out, hand, change-who-went-out and
// correct-a-hand screens; and in a rotating game's table picker, table
// line, table cards and schedule. At 320 px the scorer's rows made the page 528 px
// wide.
func TestBrowserLongNameFits(t *testing.T) {
	t.Parallel()
	harness.Slow(t, "a layout measure")
	long := "Maximilianalexanderjones"
	s := servedGame(t, setup{New: []string{"--players", long + ",Bob,Cat", "--name", "Long names"}, Hands: [][]string{{"--out", long, "--left", "Bob=r7", "--left", "Cat=g2"}}})
	phone := s.window(t)
	step := stepper(t)
	dir := screenshots(t)
	width := int64(0)
	fits := func(what string) {
		t.Helper()
		got, err := chromedp.Run(phone, chromedp.Evaluate[string](overflow+fmt.Sprintf("(%d)", width)))
		if err != nil || got != "" {
			t.Errorf("%s: %s %v", what, got, err)
		}
	}
	sel := func(attr, v string) string { return `button[data-` + attr + `="` + v + `"]` }
	for _, w := range []int64{390, 320} {
		width = w
		at := fmt.Sprintf(" at %d px", w)
		step(phone, "the viewer's page"+at, chromedp.EmulateViewport(w, 800, chromedp.EmulateMobile, chromedp.EmulatePortrait),
			navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".totals")), poll(`(localStorage.clear(), true)`, time.Second))
		fits("the viewer's page" + at)
		step(phone, "who went out"+at, navigate(s.Score), chromedp.WaitVisible(chromedp.CSS(sel("player", long))))
		fits("who went out" + at)
		step(phone, "the long name went out"+at, chromedp.Click(chromedp.CSS(sel("player", long))), chromedp.WaitVisible(chromedp.CSS(sel("hand", "Bob"))))
		fits("the long name went out" + at)
		if w == 320 {
			shoot(t, phone, dir, "long-name-out-320.png")
		}
		step(phone, "change who went out"+at, chromedp.Click(chromedp.ID("changeout")), chromedp.WaitVisible(chromedp.CSS(`[data-key="eo:Bob"]`)),
			chromedp.Click(chromedp.CSS(`[data-key="eo:Bob"]`)), chromedp.WaitVisible(chromedp.CSS(sel("hand", long))),
			chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)), chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
			chromedp.Click(chromedp.ID("changeout")), chromedp.WaitVisible(chromedp.CSS(`[data-key="eo:`+long+`"]`)))
		fits("a hand of the long name's, and who went out offered again" + at)
		if w == 320 {
			shoot(t, phone, dir, "long-name-hand-320.png")
		}
		step(phone, "correct a hand"+at, poll(`(window.confirm = () => true, true)`, time.Second),
			chromedp.Click(chromedp.ID("restart")), chromedp.WaitVisible(chromedp.ID("correct")),
			chromedp.Click(chromedp.ID("correct")), chromedp.WaitVisible(chromedp.CSS(`[data-key="e:1"]`)))
		fits("the hands to correct" + at)
		step(phone, "back", chromedp.Click(chromedp.ID("noedit")))
	}
	width = 1280
	step(phone, "the television", chromedp.EmulateViewport(1280, 720), navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".totals")))
	fits("the television")

	players := []string{long, "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	harness.NewGame(t, s.DB, "--players", strings.Join(players, ","), "--mode", "rotating", "--name", "Long rotating")
	for _, w := range []int64{390, 320} {
		width = w
		at := fmt.Sprintf(" at %d px", w)
		step(phone, "the table picker"+at, chromedp.EmulateViewport(w, 800, chromedp.EmulateMobile, chromedp.EmulatePortrait),
			navigate(s.View), poll(`(localStorage.clear(), true)`, time.Second), navigate(s.Score),
			across(`!!document.querySelector('button[data-table="1"]')`, 10*time.Second))
		fits("the table picker" + at)
		step(phone, "table 1"+at, chromedp.Click(chromedp.CSS(`button[data-table="1"]`)), chromedp.WaitVisible(chromedp.CSS(sel("player", long))))
		fits("table 1's who went out" + at)
		if w == 320 {
			shoot(t, phone, dir, "long-name-table-320.png")
		}
		step(phone, "the viewer's page, rotating"+at, navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".tables")))
		fits("the viewer's page, rotating" + at)
		step(phone, "the schedule"+at, navigate(s.View+"schedule"), chromedp.WaitVisible(chromedp.CSS(".rounds")))
		fits("the schedule" + at)
		if w == 320 {
			shoot(t, phone, dir, "long-name-schedule-320.png")
		}
	}
	width = 1280
	step(phone, "the television, rotating", chromedp.EmulateViewport(1280, 720), navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".tables")))
	fits("the television, rotating")
	shoot(t, phone, dir, "long-name-tv.png")
}
