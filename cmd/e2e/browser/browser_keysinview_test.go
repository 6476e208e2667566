package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// inSight is a script that says which of the scorer's things named by
// the selectors are not on the screen to be seen and tapped where they
// are: the middle of each outside the window, or under something else
// (the block of keys, say).
const inSight = `(sels => {
	const bad = [];
	for (const sel of sels) for (const e of document.querySelectorAll(sel)) {
		const r = e.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
		const h = y >= 0 && y <= innerHeight && x >= 0 && x <= innerWidth ? document.elementFromPoint(x, y) : null;
		if (!h || !(h === e || e.contains(h))) bad.push((e.id || e.dataset.face || e.dataset.hand || e.className) + " at " + Math.round(y));
	}
	return bad.slice(0, 6).join(", ");
})`

// TestBrowserKeysInViewWhileTapping: on an upright phone (390x844 and
// 360x640) with 3 and 8 players, once a hand is picked its cards are
// tapped with no scroll between: the hand's row, every card key, the
// counts, the points box, the hand's total and Save are all on the screen
// at once (nothing over them); a card is tapped where it shows, and its
// chip shows in the hand; keys kept at the foot of the screen do not move. At 360x640 with 8 players the keys started below
// seven hands: each hand needed a scroll down to the keys and back up.
func TestBrowserKeysInViewWhileTapping(t *testing.T) {
	t.Parallel()
	eight := []string{"Aunt Evangeline", "Cousin Frederick", "Grandma Rosalind", "Grandpa Bartholomew", "Mom", "Dad", "Zoe", "Max"}
	for _, players := range [][]string{{"Ann", "Bob", "Cat"}, eight} {
		s := servedGame(t, setup{New: []string{"--players", strings.Join(players, ",")}})
		phone := s.window(t)
		step := stepper(t)
		out := players[len(players)-1]
		for _, size := range [][2]int64{{390, 844}, {360, 640}} {
			at := fmt.Sprintf("%d players at %dx%d", len(players), size[0], size[1])
			step(phone, at+": "+out+" went out", chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateMobile, chromedp.EmulatePortrait), navigate(s.Score),
				chromedp.WaitVisible(chromedp.CSS(`button[data-player=`+jsString(out)+`]`)),
				chromedp.Click(chromedp.CSS(`button[data-player=`+jsString(out)+`]`)),
				chromedp.WaitVisible(chromedp.CSS(`button[data-face="7"]`)))
			for _, p := range players[:len(players)-1] {
				what := at + ", " + p + "'s cards"
				pick := `button[data-hand=` + jsString(p) + `]`
				// Picking whose cards: the hand is brought on the screen
				// (a scroll of the hands), then tapped where it shows.
				step(phone, what+": scrolled to",
					chromedp.Evaluate[chromedp.Void](`document.querySelector('`+pick+`').scrollIntoView({block: "nearest"})`),
					chromedp.Sleep(100*time.Millisecond))
				xy := middle(t, phone, pick)
				if got, _ := chromedp.Run(phone, chromedp.Evaluate[string](inSight+`(['`+pick+`'])`)); got != "" {
					t.Fatalf("%s: the hand is not on the screen once scrolled to: %s", what, got)
				}
				step(phone, what+": picked", chromedp.MouseClickXY(xy[0], xy[1]),
					poll(`document.querySelector('`+pick+`').closest(".hand").classList.contains("on")`, time.Second))
				got, err := chromedp.Run(phone, chromedp.Evaluate[string](inSight+`(['`+pick+`', '.faces button', '.tools button', '#ptsbox', '.worth', '#save'])`))
				if err != nil || got != "" {
					t.Errorf("%s: not on the screen with the hand picked: %s %v", what, got, err)
					continue
				}
				xy = middle(t, phone, `button[data-face="7"]`)
				stuck, _ := chromedp.Run(phone, chromedp.Evaluate[bool](`(k => !!k && Math.abs(k.getBoundingClientRect().bottom - innerHeight) < 1)(document.querySelector(".keys.stick"))`))
				step(phone, what+": a 7 tapped where it shows",
					chromedp.MouseClickXY(xy[0], xy[1]),
					poll(chipsOf(p)+` === "7"`, time.Second))
				// Kept at the foot of the screen, the keys do not move as
				// the hand above takes a new line of chips.
				if xy2 := middle(t, phone, `button[data-face="7"]`); stuck && xy2[1] != xy[1] {
					t.Errorf("%s: the 7 key moved from %v to %v", what, xy[1], xy2[1])
				}
				got, err = chromedp.Run(phone, chromedp.Evaluate[string](inSight+`(['`+pick+`', '.hand.on .chip', '.faces button', '.worth', '#save'])`))
				if err != nil || got != "" {
					t.Errorf("%s: not on the screen after a card: %s %v", what, got, err)
				}
			}
			if len(players) == 8 {
				shoot(t, phone, screenshots(t), fmt.Sprintf("serve-keys-%d.png", size[0]))
			}
			step(phone, at+": the hand saved",
				chromedp.Evaluate[chromedp.Void](`document.getElementById("save").click()`),
				poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand")`, 5*time.Second))
		}
	}
}

// middle is where the middle of the element sel is on the screen.
func middle(t *testing.T, ctx context.Context, sel string) []float64 {
	t.Helper()
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(r => [(r.left + r.right) / 2, (r.top + r.bottom) / 2])(document.querySelector(`+jsString(sel)+`).getBoundingClientRect())`))
	if err != nil || len(xy) != 2 {
		t.Fatalf("where %s is: %v %v", sel, xy, err)
	}
	return xy
}
