package browser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserTVLayout: the viewer's page fits a television at 1280×720 and
// 1920×1080 without scrolling, whatever the number of players (2 to 10 in
// the one-table modes, 12 and 16 in a rotating game), with long first names
// and a dozen hands played: nothing wider than the screen (scrollWidth),
// nothing taller (scrollHeight), every total on screen, every heading of
// the score pad whole (short ones, "#", "T", "Deal", said in the key, where
// the names are short), and only whole rows of the pad, none cut by the
// bottom of the screen.
func TestBrowserTVLayout(t *testing.T) {
	t.Parallel()
	_, dir, db, s, tv, step := layoutMeasure(t)
	names := strings.Split("Alexandra,Bartholomew,Christopher,Dominique,Evangeline,Fitzgerald,Guinevere,Horatio,Isabella,Jonathan,Katherine,Leopold,Maximilian,Nathaniel,Octavia,Penelope", ",")
	for _, n := range []int{2, 4, 10, 12, 16} {
		players := names[:n]
		args := []string{"--players", strings.Join(players, ","), "--name", fmt.Sprintf("%d players", n)}
		if n > 10 {
			args = append(args, "--mode", "rotating")
		}
		harness.NewGame(t, db, args...)
		for h := 0; h < 12; h++ {
			hand := []string{"hand", "--out", players[h%2]}
			if n > 10 {
				// Table 1's pairs in round 1 are seats 1&3 v 2&4.
				hand = []string{"hand", "--table", "1", "--out", players[0], "--left", players[1] + "=r7", "--left", players[3] + "=g3"}
				if h >= 4 {
					break // round 2 waits for the other tables
				}
			} else {
				for i, p := range players {
					if i != h%2 {
						hand = append(hand, "--left", p+"=r"+fmt.Sprint(i%10))
					}
				}
			}
			if code, _, errs := harness.Unoscore(t, db, hand...); code != 0 {
				t.Fatalf("%d players, hand %d: %s", n, h+1, errs)
			}
		}
		for _, size := range [][2]int64{{1280, 720}, {1920, 1080}} {
			what := fmt.Sprintf("%d players at %dx%d", n, size[0], size[1])
			step(tv, what, chromedp.EmulateViewport(size[0], size[1]), navigate(s.View),
				chromedp.WaitVisible(chromedp.CSS(".totals")))
			fit, err := chromedp.Run(tv, chromedp.Evaluate[string](`(() => {
					const d = document.documentElement, w = innerWidth, h = innerHeight;
					const bad = [];
					if (d.scrollWidth > w) bad.push("scrollWidth " + d.scrollWidth + " > " + w);
					if (d.scrollHeight > h) bad.push("scrollHeight " + d.scrollHeight + " > " + h);
					for (const e of document.querySelectorAll(".total")) {
						const r = e.getBoundingClientRect();
						if (r.right > w + 1 || r.bottom > h + 1) bad.push("a total ends at " + Math.round(r.right) + "," + Math.round(r.bottom));
					}
					const pad = document.querySelector(".pad");
					if (pad && pad.getBoundingClientRect().right > w + 1) bad.push("the pad is " + Math.round(pad.getBoundingClientRect().right) + " wide");
					// Every player's name whole on the totals, up to eleven
					// letters ("Christopher", "Bartholomew").
					for (const e of document.querySelectorAll(".total .name")) {
						if (e.scrollWidth > e.clientWidth + 1) bad.push("the name " + JSON.stringify(e.textContent) + " is cut");
					}
					// Every heading of the score pad whole: none cut to "Ha…".
					for (const th of document.querySelectorAll(".pad th")) {
						if (th.scrollWidth > th.clientWidth + 1) bad.push("the heading " + JSON.stringify(th.textContent) + " is cut");
					}
					// The pad's rows whole: none cut by the bottom of the
					// screen (a television cannot scroll to the rest).
					const wrap = document.querySelector(".padwrap");
					if (wrap) {
						const end = wrap.getBoundingClientRect().bottom, shown = [...wrap.querySelectorAll("tbody tr")].filter(r => r.getClientRects().length);
						if (!shown.length) bad.push("no hand shows on the pad");
						for (const r of shown) {
							if (r.getBoundingClientRect().bottom > end + 1) bad.push("hand " + r.cells[0].textContent + "'s row is cut at " + Math.round(end) + " (it ends at " + Math.round(r.getBoundingClientRect().bottom) + ")");
						}
					}
					return bad.join("; ");
				})()`))
			if err != nil {
				t.Fatal(err)
			}
			if fit != "" {
				t.Errorf("%s: %s", what, fit)
			}
			if (n == 10 && size[0] == 1920) || (n == 16 && size[0] == 1280) {
				shoot(t, tv, dir, fmt.Sprintf("serve-tv-%d-%d.png", n, size[0]))
			}
		}
		// A phone: no sideways swipe of the page (the score pad scrolls
		// within itself), and on the scorer's keypad at 320 px no key's
		// text spills out of it.
		if n > 10 {
			continue
		}
		for _, w := range []int64{390, 320} {
			what := fmt.Sprintf("%d players on a phone %d px wide", n, w)
			step(tv, what, chromedp.EmulateViewport(w, 800, chromedp.EmulateMobile, chromedp.EmulatePortrait), navigate(s.View),
				chromedp.WaitVisible(chromedp.CSS(".totals")))
			fit, err := chromedp.Run(tv, chromedp.Evaluate[string](`document.documentElement.scrollWidth > innerWidth ? "the page is " + document.documentElement.scrollWidth + " wide" : ""`))
			if err != nil || fit != "" {
				t.Errorf("%s, the viewer's page: %s %v", what, fit, err)
			}
			// The scorer's page keeps a hand begun (here, at the width
			// before) over a reload; each width starts a hand afresh.
			step(tv, what+", scoring", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), navigate(s.Score),
				chromedp.WaitVisible(chromedp.CSS(`button[data-player]`)),
				chromedp.Click(chromedp.CSS(`button[data-player]`)),
				chromedp.WaitVisible(chromedp.CSS(`button[data-face="wd4"]`)))
			fit, err = chromedp.Run(tv, chromedp.Evaluate[string](`(() => {
				const bad = [];
				if (document.documentElement.scrollWidth > innerWidth) bad.push("the page is " + document.documentElement.scrollWidth + " wide");
				for (const b of document.querySelectorAll("#scorer button")) {
					if (b.scrollWidth > b.clientWidth + 1) bad.push((b.dataset.face || b.dataset.key || b.textContent) + " spills out of its key");
				}
				return bad.join("; ");
			})()`))
			if err != nil || fit != "" {
				t.Errorf("%s, the scorer's page: %s %v", what, fit, err)
			}
			if n == 4 && w == 320 {
				shoot(t, tv, dir, "serve-score-320.png")
			}
		}
	}
}
