package browser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// smallText names the text on the page smaller than least px: every
// visible text node, by its element's computed size.
const smallText = `((least) => {
	const small = new Map();
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walk.nextNode());) {
		const e = n.parentElement, text = n.textContent.trim();
		if (!text || !e.getClientRects().length || e.closest(".sr, caption, [hidden], noscript")) continue;
		const r = document.createRange();
		r.selectNodeContents(n);
		if (!r.getClientRects().length) continue;
		const size = parseFloat(getComputedStyle(e).fontSize);
		if (size < least - .5 && !small.has(text)) small.set(text, size);
	}
	return [...small].slice(0, 8).map(([t, s]) => JSON.stringify(t.slice(0, 30)) + " " + s.toFixed(1) + " px").join("; ");
})`

// TestBrowserTVText: on a television every word of the board reads from
// across a room: at least 24 px at 1080 lines (16 px at 720), badges,
// notes, the pad, the tables' cards and the footer's "live" included, in a
// game of four, a rotating game of eight and a game of ten with long names.
func TestBrowserTVText(t *testing.T) {
	t.Parallel()
	_, dir, db, s, tv, step := layoutMeasure(t)
	for _, g := range []struct {
		players, mode string
		hand          []string
	}{
		{"Ann,Bob,Cat,Dan", "standard", []string{"--out", "Ann", "--left", "Bob=r7 wd4", "--left", "Cat=g2", "--left", "Dan=b9"}},
		{"Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "rotating", []string{"--table", "1", "--out", "Ann", "--left", "Bob=r7", "--left", "Dan=g3"}},
		// Ten at one table, long names: the names' cards too (they were
		// 17.3 px at 1080 lines).
		{"Grandma Rose,Dad,Grandmother Rosemary Ann,Uncle Bartholomew,Mum,Cousin Maximilian,Lily,Max,Evangeline,Christopher", "standard", []string{"--out", "Dad", "--left", "Grandma Rose=40pts", "--left", "Grandmother Rosemary Ann=40pts", "--left", "Uncle Bartholomew=40pts", "--left", "Mum=r7 wd4", "--left", "Cousin Maximilian=40pts", "--left", "Lily=40pts", "--left", "Max=40pts", "--left", "Evangeline=40pts", "--left", "Christopher=40pts"}},
	} {
		harness.NewGame(t, db, "--players", g.players, "--mode", g.mode, "--name", "Game night")
		if code, _, errs := harness.Unoscore(t, db, append([]string{"hand"}, g.hand...)...); code != 0 {
			t.Fatal(errs)
		}
		n := strings.Count(g.players, ",") + 1
		for _, size := range [][2]int64{{1920, 1080}, {1280, 720}} {
			what := fmt.Sprintf("%d players, %s, at %dx%d", n, g.mode, size[0], size[1])
			step(tv, what, chromedp.EmulateViewport(size[0], size[1]), navigate(s.View),
				chromedp.WaitVisible(chromedp.CSS(".totals")),
				poll(`document.getElementById("status").textContent === "live"`, 5e9))
			small, err := chromedp.Run(tv, chromedp.Evaluate[string](fmt.Sprintf("%s(%d)", smallText, 24*size[1]/1080)))
			if err != nil {
				t.Fatal(err)
			}
			if small != "" {
				t.Errorf("%s: text smaller than %d px: %s", what, 24*size[1]/1080, small)
			}
			shoot(t, tv, dir, fmt.Sprintf("tvtext-%d-%d.png", n, size[0]))
		}
	}
}
