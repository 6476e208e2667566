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
// every heading and cell of the pad whole (a number cut is a wrong number),
// a hand at least on it.
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
	if (!document.querySelector(".pad tbody tr:not([hidden])")) bad.push("no hand shows on the pad");
	return bad.join("; ");
})`

// TestBrowserTVCards: on a television (1920×1080 and 1280×720) a board of
// 2 to 10 players with long names, and a rotating game of 8, 12 and 16 with
// hands of 1,200 points (at every table for 16), uses the screen's width; its cards' rows are
// balanced (ten players are 5 + 5, never 9 + 1); every name shows whole, at
// the promised size (2.3% of the screen's height, 24 px at 1080 lines; a
// rotating game of 12 or 16 keeps smaller names) on two lines at most; no
// badge runs out of its card; and every figure of the pad shows whole.
func TestBrowserTVCards(t *testing.T) {
	t.Parallel()
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
		var hands [][]string
		if g.mode == "rotating" {
			// Hands of 1,200 points (two hands of 600 left), at every
			// table: "+1200" (to "+1050") and "(600)" in every column of the pad.
			hand = nil
			for k := 0; 4*k < g.n && (k == 0 || g.n == 16); k++ {
				p := players[4*k:]
				hands = append(hands, []string{"hand", "--table", fmt.Sprint(k + 1), "--out", p[0], "--left", p[1] + "=600pts", "--left", p[3] + fmt.Sprintf("=%dpts", 600-50*k)})
			}
		}
		for _, h := range append(hands, hand) {
			if h == nil {
				continue
			}
			if code, _, errs := harness.Unoscore(t, db, h...); code != 0 {
				t.Fatalf("%d players: %s", g.n, errs)
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
			if g.n == 5 || g.n == 8 || g.n == 10 || g.n == 16 {
				shoot(t, tv, dir, fmt.Sprintf("tvcards-%d-%d.png", g.n, size[0]))
			}
		}
	}
}

// TestBrowserTVPadFigures: a rotating game of sixteen on a television
// (1920×1080, 1280×720), with hands of 1,000 points and more at every
// table, shows each hand's points whole in the pad ("+1200", never "+1…":
// a number cut is a wrong number), whatever its short headings.
func TestBrowserTVPadFigures(t *testing.T) {
	t.Parallel()
	_, dir, db, s, tv, step := layoutMeasure(t)
	players := strings.Split("Grandma Rosemary-Eliza,Ann,Uncle Bartholomew,Bob,Cat,Eve,Dan,Fay,Gus,Ivy,Hal,Jon,Kim,Maximilian Alexander,Leo,Zoë", ",")
	harness.NewGame(t, db, "--players", strings.Join(players, ","), "--mode", "rotating", "--name", "Sixteen cousins")
	for k := range 4 {
		p := players[4*k:]
		table := fmt.Sprint(k + 1)
		for h, hand := range [][]string{
			{"hand", "--table", table, "--out", p[0], "--left", p[1] + "=600pts", "--left", p[3] + fmt.Sprintf("=%dpts", 600-40*k)},
			{"hand", "--table", table, "--out", p[1], "--left", p[0] + "=590pts", "--left", p[2] + "=450pts"},
		} {
			if code, _, errs := harness.Unoscore(t, db, hand...); code != 0 {
				t.Fatalf("table %d, hand %d: %s", k+1, h+1, errs)
			}
		}
	}
	for _, size := range [][2]int64{{1920, 1080}, {1280, 720}} {
		what := fmt.Sprintf("16 players at %dx%d", size[0], size[1])
		step(tv, what, chromedp.EmulateViewport(size[0], size[1]), navigate(s.View),
			chromedp.WaitVisible(chromedp.CSS(".totals")))
		bad, err := chromedp.Run(tv, chromedp.Evaluate[string](`(() => {
			const bad = [], shown = [...document.querySelectorAll(".pad tbody tr")].filter(r => !r.hidden);
			if (!shown.length) bad.push("no hand shows on the pad");
			for (const e of document.querySelectorAll(".pad th")) {
				if (e.scrollWidth > e.clientWidth + 1) bad.push("the heading " + JSON.stringify(e.textContent) + " is cut");
			}
			// Every hand's figures, those of the rows hidden for want of
			// room too (shown a moment to be measured: a column's width
			// does not depend on which rows show).
			const rows = [...document.querySelectorAll(".pad tbody tr")], was = rows.map(r => r.hidden);
			rows.forEach(r => r.hidden = false);
			for (const r of rows) for (const e of r.cells) {
				if (e.scrollWidth > e.clientWidth + 1) bad.push("hand " + r.cells[0].textContent + "'s " + JSON.stringify(e.textContent) + " is cut");
			}
			rows.forEach((r, i) => r.hidden = was[i]);
			if (document.querySelector(".pad").getBoundingClientRect().right > innerWidth + 1) bad.push("the pad is wider than the screen");
			return bad.join("; ");
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if bad != "" {
			t.Errorf("%s: %s", what, bad)
		}
		shoot(t, tv, dir, fmt.Sprintf("tvpad-16-%d.png", size[0]))
	}
}
