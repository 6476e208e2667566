package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// padFits: the score pad shows every column on the phone, with no cue to
// swipe. It says what is wrong, or nothing.
const padFits = `(() => {
	const w = document.querySelector(".padwrap"), cue = w.querySelector(".swipe");
	const bad = [];
	if (w.scrollWidth > w.clientWidth + 1) bad.push("the pad is " + w.scrollWidth + " px wide in " + w.clientWidth);
	if (cue && cue.getClientRects().length) bad.push("it says " + JSON.stringify(cue.textContent) + " with nothing to swipe");
	if (getComputedStyle(w).maskImage !== "none") bad.push("its edge fades with nothing hidden");
	return bad.join("; ");
})()`

// padCue: a score pad too wide for the phone, at its start, says so:
// "swipe the pad for more →" shows, on screen, and the cut edge fades.
const padCue = `(() => {
	const w = document.querySelector(".padwrap"), cue = w.querySelector(".swipe");
	const bad = [];
	if (w.scrollWidth <= w.clientWidth) return "the pad fits (" + w.scrollWidth + " px): nothing to show";
	if (w.scrollLeft !== 0) bad.push("the pad starts swiped " + w.scrollLeft + " px");
	if (!cue || !cue.getClientRects().length) bad.push("no cue to swipe");
	else {
		const r = cue.getBoundingClientRect();
		if (r.left < 0 || r.right > innerWidth + 1 || r.height < 10) bad.push("the cue is off screen at " + Math.round(r.left) + ".." + Math.round(r.right));
		if (!cue.querySelector(".more").getClientRects().length) bad.push("the cue does not say to swipe for more");
		if (cue.querySelector(".back").getClientRects().length) bad.push("the cue says to swipe back");
	}
	if (getComputedStyle(w).maskImage === "none") bad.push("the cut edge does not fade");
	return bad.join("; ");
})()`

// padSwiped: swiped to its end, the pad keeps each hand's number at its
// left edge (a sticky first column) with an edge that covers a sliver of
// the column partly under it, no longer fades its right edge, and says
// "← swipe back".
const padSwiped = `(() => {
	const w = document.querySelector(".padwrap"), wr = w.getBoundingClientRect(), cue = w.querySelector(".swipe");
	const first = document.querySelector(".pad tbody td"), fr = first.getBoundingClientRect();
	const bad = [];
	if (w.scrollLeft < w.scrollWidth - w.clientWidth - 1) bad.push("scrollLeft " + w.scrollLeft + " of " + (w.scrollWidth - w.clientWidth));
	if (Math.abs(fr.left - wr.left) >= 2 || fr.width <= 0) bad.push("the first cell at " + Math.round(fr.left) + ", the pad at " + Math.round(wr.left));
	if (getComputedStyle(w).maskImage !== "none") bad.push("the edge still fades: " + getComputedStyle(w).maskImage);
	if (!cue.querySelector(".back").getClientRects().length) bad.push("no \"← swipe back\"");
	const cover = getComputedStyle(first, "::after");
	if (cover.content === "none" || !cover.backgroundImage.startsWith("linear-gradient") || parseFloat(cover.width) < 8) bad.push("nothing covers a sliver of the column under the sticky one");
	if (cue.querySelector(".more").getClientRects().length) bad.push("it still says to swipe for more");
	return bad.join("; ");
})()`

// countBoards: every page the tab opens counts the boards live.js swaps
// in (window.unoscoreBoards), so that a test knows when the board the
// server sends on connecting has come, and when a newer one has.
var countBoards = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.unoscoreBoards = 0; document.addEventListener("unoscore:board", () => window.unoscoreBoards++);`})
	return err
})

// holds asks a check (a script that says what is wrong, or nothing) until
// it says nothing, for at most d; it returns what was wrong.
func holds(ctx context.Context, check string, d time.Duration) string {
	if _, err := chromedp.Run(ctx, poll("("+check+`) === ""`, d)); err == nil {
		return ""
	}
	bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](check))
	if err != nil {
		return err.Error()
	}
	if bad == "" {
		return fmt.Sprintf("it held only after %v", d)
	}
	return bad
}

// TestBrowserPhonePad: on a phone 390 px wide the score pad shows every
// column for 4 to 6 players (and two teams of partners), on the viewer's
// page and the scorer's; where it cannot (8 players, a rotating game of 8),
// it says so: "swipe for more", a fading edge, and the hand's number stays
// at the left as the pad scrolls; swiped to its end, "← swipe back". A new
// board (a hand recorded while the page is open) brings the right cue
// with it, at once.
func TestBrowserPhonePad(t *testing.T) {
	t.Parallel()
	_, dir, db, s, phone, step := layoutMeasure(t)
	step(phone, "count the boards", countBoards)
	names := strings.Split("Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", ",")
	// Long names: the pad takes short ones on a phone ("Gran", "Uncl"), as
	// the television does for many players, and fits all the same.
	long := strings.Split("Grandma Rose,Dad,Mum,Lily,Max,Uncle Joe", ",")
	for _, g := range []struct {
		n    int
		mode string
		fits bool
		long bool
	}{{4, "standard", true, false}, {5, "standard", true, false}, {6, "standard", true, false}, {4, "partners", true, false},
		{4, "standard", true, true}, {5, "standard", true, true}, {6, "standard", true, true}, {4, "partners", true, true},
		{8, "standard", false, false}, {8, "rotating", false, false}} {
		players := names[:g.n]
		if g.long {
			players = long[:g.n]
		}
		args := []string{"--players", strings.Join(players, ","), "--mode", g.mode}
		if g.mode != "rotating" {
			args = append(args, "--target", "5000")
		}
		harness.NewGame(t, db, args...)
		hands := 0
		record := func() {
			t.Helper()
			h := hands
			hands++
			hand := []string{"hand", "--out", players[h%2]}
			switch g.mode {
			case "rotating":
				hand = []string{"hand", "--table", "1", "--out", "Ann", "--left", "Bob=wd4 w r7", "--left", "Dan=g3 d2"}
			case "partners":
				hand = append(hand, "--left", players[1-h%2]+"=137pts", "--left", players[3-h%2]+"=99pts")
			default:
				for i, p := range players {
					if i != h%2 {
						hand = append(hand, "--left", p+"=137pts")
					}
				}
			}
			if code, _, errs := harness.Unoscore(t, db, hand...); code != 0 {
				t.Fatalf("%d players, %s, hand %d: %s", g.n, g.mode, h+1, errs)
			}
		}
		for range 3 {
			record()
		}
		for _, page := range []string{s.View, s.Score} {
			what := fmt.Sprintf("%d players, %s, %s", g.n, g.mode, map[bool]string{true: "the viewer's page", false: "the scorer's page"}[page == s.View])
			if g.long {
				what = fmt.Sprintf("%d players with long names, %s, %s", g.n, g.mode, map[bool]string{true: "the viewer's page", false: "the scorer's page"}[page == s.View])
			}
			// The page swaps in the board the server sends on connecting;
			// everything below is measured after it.
			step(phone, what, phoneView, navigate(page), chromedp.WaitVisible(chromedp.CSS(".pad")),
				poll(`window.unoscoreBoards >= 1`, 5*time.Second))
			check := padCue
			if g.fits {
				check = padFits
			}
			if bad := holds(phone, check, 2*time.Second); bad != "" {
				t.Errorf("%s: %s", what, bad)
			}
			if g.long {
				// The short names said in a key under the pad, on screen.
				key, err := chromedp.Run(phone, chromedp.Evaluate[string](`[...document.querySelectorAll(".key")].filter(k => k.getClientRects().length).map(k => k.textContent).join(" / ")`))
				if err != nil || !strings.Contains(key, "Gran Grandma Rose") {
					t.Errorf("%s: the key to the short names is %q %v", what, key, err)
				}
				if g.n == 5 && page == s.View {
					step(phone, what, chromedp.Evaluate[chromedp.Void](`document.querySelector(".pad").scrollIntoView()`))
					shoot(t, phone, dir, "pad-5-long.png")
				}
			}
			if !g.fits {
				if page == s.View {
					step(phone, what, chromedp.Evaluate[chromedp.Void](`document.querySelector(".pad").scrollIntoView()`))
					shoot(t, phone, dir, fmt.Sprintf("pad-%d-%s.png", g.n, g.mode))
				}
				step(phone, what+": swipe to the end",
					chromedp.Evaluate[chromedp.Void](`(w => w.scrollLeft = w.scrollWidth)(document.querySelector(".padwrap"))`))
				if bad := holds(phone, padSwiped, 2*time.Second); bad != "" {
					t.Errorf("%s, swiped to the end: %s", what, bad)
				}
				if page == s.View {
					shoot(t, phone, dir, fmt.Sprintf("pad-%d-%s-swiped.png", g.n, g.mode))
				}
			}
			// A hand recorded (on the viewer's page) or undone (on the
			// scorer's) while the page is open: the new board, at its start
			// again, says what the first one said as soon as it is in.
			change := "a hand recorded"
			if page == s.View {
				record()
			} else if code, _, errs := harness.Unoscore(t, db, "undo"); code != 0 {
				t.Fatalf("%s: undo: %s", what, errs)
			} else {
				change = "a hand undone"
			}
			step(phone, what+": "+change, poll(`window.unoscoreBoards >= 2`, 5*time.Second))
			if bad, err := chromedp.Run(phone, chromedp.Evaluate[string](check)); err != nil || bad != "" {
				t.Errorf("%s, the board swapped in after %s: %s %v", what, change, bad, err)
			}
			// Turned into a tablet, where the pad fits: the cue goes; back
			// to the phone, it comes again.
			if !g.fits && page == s.View {
				step(phone, what+": on a tablet", chromedp.EmulateViewport(1200, 1600, chromedp.EmulateMobile, chromedp.EmulatePortrait))
				if bad := holds(phone, padFits, 2*time.Second); bad != "" {
					t.Errorf("%s, on a tablet 1200 px wide: %s", what, bad)
				}
				step(phone, what+": on the phone again", phoneView)
				if bad := holds(phone, padCue, 2*time.Second); bad != "" {
					t.Errorf("%s, on the phone again: %s", what, bad)
				}
			}
		}
	}
}
