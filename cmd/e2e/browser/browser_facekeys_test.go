package browser

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserFaceKeysOneLine: a face key's letters stay on one line on a
// phone 390 and 320 px wide, four of them too (No Mercy's WRD4 and WD10,
// Attack's WAH at 320 px); they wrapped as "WRD" over "4", "WD1" over "0".
func TestBrowserFaceKeysOneLine(t *testing.T) {
	t.Parallel()
	for _, deck := range []string{"no-mercy", "attack"} {
		s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--deck", deck}})
		step := stepper(t)
		for _, w := range []int64{390, 320} {
			phone := s.window(t) // a phone of its own: no hand begun
			what := fmt.Sprintf("the %s keypad at %d px", deck, w)
			step(phone, what, chromedp.EmulateViewport(w, 700, chromedp.EmulateMobile, chromedp.EmulatePortrait),
				navigate(s.Score),
				chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
				chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
				poll(`document.querySelectorAll(".faces button").length > 10`, 5*time.Second))
			bad, err := chromedp.Run(phone, chromedp.Evaluate[string](`[...document.querySelectorAll(".faces button")].filter(b => {
				const r = document.createRange();
				r.selectNodeContents(b.firstChild);
				return r.getClientRects().length > 1 || r.getBoundingClientRect().right > b.getBoundingClientRect().right;
			}).map(b => b.dataset.face).join(" ")`))
			if err != nil {
				t.Fatal(err)
			}
			if bad != "" {
				t.Errorf("%s: these keys' letters break over two lines or leave the key: %s", what, bad)
			}
		}
	}
}
