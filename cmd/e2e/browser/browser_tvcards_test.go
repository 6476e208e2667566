package browser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// tvCards measures the totals and the pad on a television: the board uses
// the screen's width, the cards' rows are balanced (no player alone on a
// row), every name whole (on two lines at most) and, outside a rotating game
// of 12 or 16, at least least px, every badge and note inside its card, and
// every heading and cell of the pad whole (a number cut is a wrong number).
const tvCards = `((least, balanced, sized) => {
	const bad = [], rows = new Map();
	const board = document.querySelector(".board").getBoundingClientRect();
	if (board.width < innerWidth * .9) bad.push("the board is " + Math.round(board.width) + " px wide of " + innerWidth);
	for (const c of document.querySelectorAll(".total")) {
		const b = c.getBoundingClientRect(), top = Math.round(b.top);
		rows.set(top, (rows.get(top) || 0) + 1);
		const n = c.querySelector(".name");
		if (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1) bad.push("the name " + JSON.stringify(n.textContent) + " is cut");
		const size = parseFloat(getComputedStyle(n).fontSize);
		if (sized && size < least - .5) bad.push("the name " + JSON.stringify(n.textContent) + " is " + size.toFixed(1) + " px");
		for (const e of c.querySelectorAll(".badge, .note > *")) {
			const r = e.getBoundingClientRect();
			if (r.left < b.left - .5 || r.right > b.right + .5) bad.push(JSON.stringify(e.textContent) + " runs out of " + JSON.stringify(n.textContent) + "'s card");
		}
		const note = c.querySelector(".note");
		if (note.scrollWidth > note.clientWidth + 1) bad.push("the note " + JSON.stringify(note.textContent) + " is cut");
	}
	const counts = [...rows.values()];
	if (balanced && Math.max(...counts) - Math.min(...counts) > 1) bad.push("the cards' rows hold " + counts.join(" + "));
	for (const e of document.querySelectorAll(".pad th, .pad tbody tr:not([hidden]) td")) {
		if (e.scrollWidth > e.clientWidth + 1) bad.push("the pad's " + JSON.stringify(e.textContent) + " is cut");
	}
	return bad.join("; ");
})`

// TestBrowserTVCards: on a television (1920×1080 and 1280×720) a board of
// 2 to 10 players with long names, and a rotating game of 8, 12 and 16 with
// hands of 1,200 points, uses the screen's width; its cards' rows are
// balanced (ten players are 5 + 5, never 9 + 1); every name shows whole, at
// the promised size (2.3% of the screen's height, 24 px at 1080 lines; a
// rotating game of 12 or 16 keeps smaller names) on two lines at most; no
// badge runs out of its card; and every figure of the pad shows whole.
func TestBrowserTVCards(t *testing.T) {
	_, dir, db, s, tv, step := layoutMeasure(t)
	long := strings.Split("Grandma Rose,Dad,Grandmother Rosemary Ann,Uncle Bartholomew,Mum,Cousin Maximilian,Lily,Max,Evangeline,Christopher,Kim,Leo,Gus,Ivy,Hal,Zoë", ",")
	type game struct {
		n    int
		mode string
	}
	var games []game
	for n := 2; n <= 10; n++ {
		games = append(games, game{n, "standard"})
	}
	games = append(games, game{8, "rotating"}, game{12, "rotating"}, game{16, "rotating"})
	for _, g := range games {
		players := long[:g.n]
		if g.n == 2 {
			players = []string{long[0], long[2]}
		}
		harness.NewGame(t, db, "--players", strings.Join(players, ","), "--mode", g.mode, "--name", fmt.Sprintf("%d %s", g.n, g.mode))
		// The second player goes out: leads and deals next, with "to go"
		// (in a rotating game, hands of 1,200 points at table 1).
		hand := []string{"hand", "--out", players[1]}
		for i, p := range players {
			if i != 1 {
				hand = append(hand, "--left", p+"=50pts")
			}
		}
		if g.mode == "rotating" {
			hand = []string{"hand", "--table", "1", "--out", players[0], "--left", players[1] + "=600pts", "--left", players[3] + "=600pts"}
		}
		for range 2 {
			if code, _, errs := harness.Unoscore(t, db, hand...); code != 0 {
				t.Fatalf("%d players: %s", g.n, errs)
			}
			if g.mode != "rotating" {
				break
			}
		}
		for _, size := range [][2]int64{{1920, 1080}, {1280, 720}} {
			what := fmt.Sprintf("%d players, %s, at %dx%d", g.n, g.mode, size[0], size[1])
			step(tv, what, chromedp.EmulateViewport(size[0], size[1]), navigate(s.View),
				chromedp.WaitVisible(chromedp.CSS(".totals")))
			bad, err := chromedp.Run(tv, chromedp.Evaluate[string](fmt.Sprintf("%s(%d, %t, %t)", tvCards, 24*size[1]/1080, true, g.n < 12 || g.mode != "rotating")))
			if err != nil {
				t.Fatal(err)
			}
			if bad != "" {
				t.Errorf("%s: %s", what, bad)
			}
			if g.n == 5 || g.n == 10 || g.n == 16 {
				shoot(t, tv, dir, fmt.Sprintf("tvcards-%d-%d.png", g.n, size[0]))
			}
		}
	}
}
