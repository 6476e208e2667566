package browser

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserFlip drives an UNO Flip game's pages in headless Chromium: on
// the scorer's phone the keypad's light/dark switch changes the colours and
// faces on its keys, is chosen once for the hand (it locks once a card is
// tapped), and the hand tapped on the dark side is saved and counted there
// (a Skip Everyone 30, a Wild Draw Color 60, a Wild 40); the viewer's page
// then shows the dark side's colours and each hand's side.
func TestBrowserFlip(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--deck", "flip", "--name", "Flip night"}, Hands: [][]string{{"--out", "Ann", "--left", "Bob=rd1 y7", "--left", "Cat=w"}}})
	dir := screenshots(t)
	ctx := s.window(t)
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, stepLimit)
		defer cancel()
		if err := chromedp.Do(c, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	keys := func(sel, attr string) string {
		return `Array.from(document.querySelectorAll(` + jsString(sel) + `), b => b.dataset.` + attr + `).join(" ")`
	}

	step("open the scorer's page and pick who went out",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait),
		navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Bob"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-side="dark"]`)),
		// The light side first: its colours and faces.
		poll(`document.querySelector('button[data-side="light"]').getAttribute("aria-pressed") === "true"`, time.Second),
		poll(keys(".colors button", "color")+` === "any r y g b"`, time.Second),
		poll(keys(".faces button", "face")+` === "1 2 3 4 5 6 7 8 9 d1 rev s f w wd2"`, time.Second))
	shoot(t, ctx, dir, "serve-score-flip-light.png")

	step("switch to the dark side and tap Cat's cards",
		chromedp.Click(chromedp.CSS(`button[data-side="dark"]`)),
		poll(`document.querySelector('button[data-side="dark"]').getAttribute("aria-pressed") === "true"`, time.Second),
		poll(keys(".colors button", "color")+` === "any pk t o pu"`, time.Second),
		poll(keys(".faces button", "face")+` === "1 2 3 4 5 6 7 8 9 d5 rev se f w wdc"`, time.Second),
		poll(`document.querySelector('button[data-face="wdc"] small').textContent === "60" && document.querySelector('button[data-face="w"] small').textContent === "40"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-color="t"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="se"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wdc"]`)),
		poll(`document.querySelector('button[data-hand="Cat"] .pts').textContent === "90"`, time.Second),
		// The side is chosen for the whole hand now.
		poll(`document.querySelector('button[data-side="light"]').disabled`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="w"]`)),
		poll(`document.querySelector(".worth").textContent === "This hand: 130 points"`, time.Second))
	shoot(t, ctx, dir, "serve-score-flip-dark.png")

	step("save the hand",
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 2")`, 5*time.Second))
	code, out, errs := harness.Unoscore(t, s.DB, "board", "--json", "--game", s.ID)
	if code != 0 {
		t.Fatal(errs)
	}
	var b struct {
		Rows []struct {
			Out    string
			Points int
			Side   *string
			Cards  map[string]string
		}
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	last := b.Rows[len(b.Rows)-1]
	if len(b.Rows) != 2 || last.Out != "Bob" || last.Points != 130 || last.Side == nil || *last.Side != "dark" ||
		last.Cards["Cat"] != "tse wdc" || last.Cards["Ann"] != "w" {
		t.Fatalf("the hand tapped in was saved as %+v", last)
	}

	step("the switch is back on the light side for the next hand",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`document.querySelector('button[data-side="light"]').getAttribute("aria-pressed") === "true" && !document.querySelector('button[data-side="dark"]').disabled`, time.Second))

	step("the viewer's page in the dark side's colours",
		chromedp.EmulateViewport(1280, 720),
		navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(".totals")),
		poll(`document.querySelector(".board.dark-side") !== null && document.querySelector(".total.hue-pink") !== null`, 2*time.Second),
		poll(`Array.from(document.querySelectorAll(".pad td.side"), td => td.textContent).join(" ") === "dark light"`, time.Second))
	shoot(t, ctx, dir, "serve-view-flip.png")
}
