package browser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// fitSchedule measures the schedule page: no scrolling, every round's card
// whole, no pair broken over two lines and, on a television (tv > 0), the
// rounds filling the screen below the title with letters no smaller than
// tv px.
const fitSchedule = `((tv) => {
	const bad = [], d = document.documentElement, h = innerHeight;
	if (tv && (d.scrollHeight > h || d.scrollWidth > innerWidth)) bad.push("the page is " + d.scrollWidth + "x" + d.scrollHeight);
	if (!tv && d.scrollWidth > innerWidth) bad.push("the page is " + d.scrollWidth + " wide");
	const list = document.querySelector(".rounds").getBoundingClientRect();
	if (tv && list.bottom < h * .85) bad.push("the rounds end at " + Math.round(list.bottom) + " px of " + h);
	let small = 1e9;
	for (const e of document.querySelectorAll(".round h2, .seat b, .seat .pair, .seat .mark, .round .sitout")) small = Math.min(small, parseFloat(getComputedStyle(e).fontSize));
	if (tv && small < tv) bad.push("its smallest letters are " + small + " px");
	for (const c of document.querySelectorAll(".round")) {
		if (c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1) bad.push(JSON.stringify(c.querySelector("h2").textContent) + " is cut");
	}
	for (const s of document.querySelectorAll(".seat")) {
		const p = s.querySelectorAll(".pair");
		for (const e of p) if (e.getClientRects().length !== 1) bad.push(JSON.stringify(e.textContent) + " breaks over two lines");
	}
	return bad.join("; ");
})`

// TestBrowserScheduleTV: the schedule of a rotating game (4, 8 and 16
// players: 3, 7 and 15 rounds) fills a television's screen (1920×1080,
// 1280×720) in letters that read across a room, at least 24 px at 1080
// lines (16 at 720) for up to 8 players (20 px for 16 players: 15 rounds), never breaks a pair, and fits a phone's width.
func TestBrowserScheduleTV(t *testing.T) {
	t.Parallel()
	_, dir, db, s, tv, step := layoutMeasure(t)
	names := strings.Split("Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy,Jo,Kim,Lee,Max,Ned,Oli,Pat", ",")
	for _, n := range []int{4, 8, 16} {
		id := harness.NewGame(t, db, "--players", strings.Join(names[:n], ","), "--mode", "rotating", "--name", fmt.Sprintf("%d players", n))
		if code, _, errs := harness.Unoscore(t, db, "hand", "--table", "1", "--out", "Ann", "--left", "Bob=r7", "--left", "Dan=g3"); code != 0 {
			t.Fatal(errs)
		}
		for _, size := range [][2]int64{{1920, 1080}, {1280, 720}, {390, 844}} {
			what := fmt.Sprintf("the schedule of %d players at %dx%d", n, size[0], size[1])
			view, least := chromedp.EmulateViewport(size[0], size[1]), 0
			switch {
			case size[0] < 500:
				view = phoneView
			case n <= 8:
				least = int(24 * size[1] / 1080)
			default:
				least = int(20 * size[1] / 1080)
			}
			step(tv, what, view, navigate(s.View+"schedule?game="+id), chromedp.WaitVisible(chromedp.CSS(".rounds")))
			bad, err := chromedp.Run(tv, chromedp.Evaluate[string](fmt.Sprintf("%s(%d)", fitSchedule, least)))
			if err != nil {
				t.Fatal(err)
			}
			if bad != "" {
				t.Errorf("%s: %s", what, bad)
			}
			shoot(t, tv, dir, fmt.Sprintf("schedule-%d-%d.png", n, size[0]))
		}
	}
}
