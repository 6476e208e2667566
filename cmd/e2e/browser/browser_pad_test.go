package browser

import (
	"fmt"
	"strings"
	"testing"
	"time"

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

// padCue: a score pad too wide for the phone says so: "swipe for more"
// shows, on screen, and the cut edge fades.
const padCue = `(() => {
	const w = document.querySelector(".padwrap"), cue = w.querySelector(".swipe");
	const bad = [];
	if (w.scrollWidth <= w.clientWidth) return "the pad fits (" + w.scrollWidth + " px): nothing to show";
	if (!cue || !cue.getClientRects().length) bad.push("no cue to swipe");
	else {
		const r = cue.getBoundingClientRect();
		if (r.left < 0 || r.right > innerWidth + 1 || r.height < 10) bad.push("the cue is off screen at " + Math.round(r.left) + ".." + Math.round(r.right));
	}
	if (getComputedStyle(w).maskImage === "none") bad.push("the cut edge does not fade");
	return bad.join("; ");
})()`

// padSwiped: swiped to its end, the pad keeps each hand's number at its
// left edge (a sticky first column) and no longer fades its right edge.
const padSwiped = `(() => {
	const w = document.querySelector(".padwrap"), wr = w.getBoundingClientRect();
	const first = document.querySelector(".pad tbody td");
	return w.scrollLeft > 0 && Math.abs(first.getBoundingClientRect().left - wr.left) < 2 &&
		getComputedStyle(w).maskImage === "none" && first.getBoundingClientRect().width > 0;
})()`

// TestBrowserPhonePad: on a phone 390 px wide the score pad shows every
// column for 4 to 6 players (and two teams of partners), on the viewer's
// page and the scorer's; where it cannot (8 players, a rotating game of 8),
// it says so: "swipe for more", a fading edge, and the hand's number stays
// at the left as the pad scrolls.
func TestBrowserPhonePad(t *testing.T) {
	_, dir, db, s, phone, step := layoutMeasure(t)
	names := strings.Split("Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", ",")
	for _, g := range []struct {
		n    int
		mode string
		fits bool
	}{{4, "standard", true}, {5, "standard", true}, {6, "standard", true}, {4, "partners", true}, {8, "standard", false}, {8, "rotating", false}} {
		players := names[:g.n]
		args := []string{"--players", strings.Join(players, ","), "--mode", g.mode}
		if g.mode != "rotating" {
			args = append(args, "--target", "5000")
		}
		harness.NewGame(t, db, args...)
		for h := range 3 {
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
				t.Fatalf("%d players, %s: %s", g.n, g.mode, errs)
			}
		}
		for _, page := range []string{s.View, s.Score} {
			what := fmt.Sprintf("%d players, %s, %s", g.n, g.mode, map[bool]string{true: "the viewer's page", false: "the scorer's page"}[page == s.View])
			step(phone, what, phoneView, chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS(".pad")))
			if g.fits {
				bad, err := chromedp.Run(phone, chromedp.Evaluate[string](padFits))
				if err != nil || bad != "" {
					t.Errorf("%s: %s %v", what, bad, err)
				}
				continue
			}
			// The fade follows a scroll-state query, which the browser
			// settles a frame or two after the pad is drawn: asked until it
			// holds, for at most 5 s.
			var bad string
			var err error
			for end := time.Now().Add(5 * time.Second); ; {
				bad, err = chromedp.Run(phone, chromedp.Evaluate[string](padCue))
				if (err == nil && bad == "") || time.Now().After(end) {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			if err != nil || bad != "" {
				t.Errorf("%s: %s %v", what, bad, err)
			}
			if page == s.View {
				step(phone, what, chromedp.Evaluate[chromedp.Void](`document.querySelector(".pad").scrollIntoView()`))
				shoot(t, phone, dir, fmt.Sprintf("pad-%d-%s.png", g.n, g.mode))
			}
			step(phone, what+": swipe to the end",
				chromedp.Evaluate[chromedp.Void](`(w => w.scrollLeft = w.scrollWidth)(document.querySelector(".padwrap"))`))
			if _, err := chromedp.Run(phone, chromedp.Poll[chromedp.Void](padSwiped, chromedp.WithPollingTimeout(2*time.Second))); err != nil {
				state, _ := chromedp.Run(phone, chromedp.Evaluate[string](`(() => { const w = document.querySelector(".padwrap"); return "scrollLeft " + w.scrollLeft + ", the first cell at " + Math.round(document.querySelector(".pad tbody td").getBoundingClientRect().left) + ", the pad at " + Math.round(w.getBoundingClientRect().left) + ", mask " + getComputedStyle(w).maskImage; })()`))
				t.Errorf("%s, swiped to the end: %s", what, state)
			}
			if page == s.View {
				shoot(t, phone, dir, fmt.Sprintf("pad-%d-%s-swiped.png", g.n, g.mode))
			}
		}
	}
}
