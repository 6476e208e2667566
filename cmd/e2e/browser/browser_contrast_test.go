package browser

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserFlipContrast: in an UNO Flip game, every colour the pages
// give text passes axe-core's contrast check (4.5:1, 3:1 for large text),
// on both sides of the deck and in both colour schemes: the viewer's page
// on a television and a phone (the players' name headers in the light
// side's colours, then, after a hand ended on the dark side, in pink,
// teal, orange and purple), and the scorer's keypad with chips of every
// colour tapped and a colour key picked on each side. White on UNO Flip's
// orange was 3.1:1, on its teal 4.18:1 and on its pink 4.42:1.
func TestBrowserFlipContrast(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan", "--deck", "flip", "--name", "Flip night"}, Hands: [][]string{{"--out", "Ann", "--left", "Bob=rd1 y7", "--left", "Cat=w", "--left", "Dan=g2 b3"}}})
	script := axeScript(t)
	ctx := s.window(t)
	step := stepper(t)
	check := func(what string) {
		t.Helper()
		for _, v := range axe(t, ctx, script, what) {
			t.Errorf("%s: %s", what, v)
		}
	}
	schemes := []string{"light", "dark"}
	views := func(side string) {
		t.Helper()
		for _, scheme := range schemes {
			step(ctx, "the television, "+scheme, colorScheme(scheme), chromedp.EmulateViewport(1280, 720), navigate(s.View),
				chromedp.WaitVisible(chromedp.CSS(".totals")), poll(`!!document.querySelector(".pad td.side")`, 5*time.Second))
			check("the viewer's page on a television, " + side + " side, " + scheme + " scheme")
			step(ctx, "a phone viewing, "+scheme, phoneView, navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".totals")))
			check("the viewer's page on a phone, " + side + " side, " + scheme + " scheme")
		}
	}
	views("light")
	if code, _, errs := harness.Unoscore(t, s.DB, "hand", "--out", "Bob", "--left", "Ann=pk5", "--left", "Cat=t3 o2", "--left", "Dan=pu7 wdc"); code != 0 {
		t.Fatal(errs)
	}
	views("dark")

	// The keypad: a chip of each colour of the side in every hand, and a
	// colour key picked (its outline on), in both colour schemes.
	type acts = []chromedp.Action[chromedp.Void]
	tap := func(hand string, colors ...string) acts {
		as := acts{chromedp.Click(chromedp.CSS(`button[data-hand="` + hand + `"]`))}
		for _, c := range colors {
			as = append(as, chromedp.Click(chromedp.CSS(`.colors button[data-color="`+c+`"]`)), chromedp.Click(chromedp.CSS(`button[data-face="5"]`)))
		}
		return as
	}
	join := func(parts ...acts) acts {
		var all acts
		for _, p := range parts {
			all = append(all, p...)
		}
		return all
	}
	for _, scheme := range schemes {
		step(ctx, "the keypad, light side, "+scheme, join(
			// A hand begun is kept over a reload: each scheme starts afresh
			// (localStorage cleared from the viewer's page).
			acts{colorScheme(scheme), phoneView, navigate(s.View), poll(`(localStorage.clear(), true)`, time.Second), navigate(s.Score),
				chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
				chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
				chromedp.WaitVisible(chromedp.CSS(`button[data-side="dark"]`))},
			tap("Bob", "r", "y"), tap("Cat", "g", "b"),
			acts{chromedp.Click(chromedp.CSS(`.colors button[data-color="r"]`))})...)
		check("the scorer's keypad, light side, " + scheme + " scheme")
		step(ctx, "the keypad, dark side, "+scheme, join(
			acts{poll(`(window.confirm = () => true, true)`, time.Second),
				chromedp.Click(chromedp.ID("restart")),
				chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
				chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
				chromedp.WaitVisible(chromedp.CSS(`button[data-side="dark"]`)),
				chromedp.Click(chromedp.CSS(`button[data-side="dark"]`)),
				poll(`document.querySelector('button[data-side="dark"]').getAttribute("aria-pressed") === "true"`, time.Second)},
			tap("Bob", "pk", "t"), tap("Cat", "o", "pu"),
			acts{chromedp.Click(chromedp.CSS(`button[data-hand="Dan"]`)), chromedp.Click(chromedp.CSS(`button[data-face="w"]`)),
				chromedp.Click(chromedp.CSS(`.colors button[data-color="pk"]`))})...)
		check("the scorer's keypad, dark side, " + scheme + " scheme")
	}
}

// playRound records one hand at table n of a rotating game in the round
// it is in (its first pair's first player goes out), reading the pairs
// from the board.
func playRound(t *testing.T, db string, n int) {
	t.Helper()
	for _, x := range boardOf(t, db)["tables"].([]any) {
		tb := x.(map[string]any)
		if int(tb["table"].(float64)) != n {
			continue
		}
		teams := tb["teams"].([]any)
		us, them := teams[0].([]any), teams[1].([]any)
		if code, _, errs := harness.Unoscore(t, db, "hand", "--table", strconv.Itoa(n), "--out", us[0].(string),
			"--left", them[0].(string)+"=3", "--left", them[1].(string)+"=4"); code != 0 {
			t.Fatal(errs)
		}
		return
	}
	t.Fatalf("no table %d", n)
}

// TestBrowserTablePickerContrast: a rotating game's table that waits for
// the other table, and one that has played all its rounds, read at 4.5:1
// or more on the phone's table picker (they were greyed by opacity to
// 3.73:1) and on the television's table cards, in both colour schemes.
func TestBrowserTablePickerContrast(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1"}})
	script := axeScript(t)
	ctx := s.window(t)
	step := stepper(t)
	check := func(what string) {
		t.Helper()
		for _, v := range axe(t, ctx, script, what) {
			t.Errorf("%s: %s", what, v)
		}
	}
	look := func(state, picker string) {
		t.Helper()
		for _, scheme := range []string{"light", "dark"} {
			step(ctx, "the table picker, "+state+", "+scheme, colorScheme(scheme), phoneView, navigate(s.View), navigate(s.Score),
				poll(picker, 5*time.Second))
			check("the table picker, " + state + ", " + scheme + " scheme")
			step(ctx, "the television, "+state+", "+scheme, chromedp.EmulateViewport(1280, 720), navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".tables")))
			check("the television, " + state + ", " + scheme + " scheme")
		}
	}
	// Table 1 plays round 1 and waits for round 2's players at table 2.
	playRound(t, s.DB, 1)
	look("a table waiting", `!!document.querySelector('button[data-table="1"].done') && document.querySelector('button[data-table="1"]').textContent.includes("waits for")`)
	// Table 1 plays its seven rounds, table 2 six: table 1 is done.
	for r := 0; r < 6; r++ {
		playRound(t, s.DB, 2)
		playRound(t, s.DB, 1)
	}
	look("a table done", `!!document.querySelector('button[data-table="1"].done') && document.querySelector('button[data-table="1"]').textContent.includes("all 7 rounds played")`)
}
