//go:build scratchdeck

package browser

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestScratchDeck (built with -tags scratchdeck, which adds the scratch
// edition's one declaration, rules/decks/scratch.go; .ci/run runs it
// after installing Chromium): the phone's keypad offers the deck's own
// card, a Wild Scratch, with its name and points, and none of the cards
// the deck lacks, from the declaration alone; a hand entered with it
// scores 75.
func TestScratchDeck(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob", "--deck", "scratch"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "Ann went out; Bob's keypad offers a Wild Scratch",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		poll(`document.querySelector('button[data-face="wsx"]') && document.querySelector('button[data-face="wsx"]').textContent === "WSX 75: Wild Scratch, 75 points"`, 5*time.Second),
		poll(`[...document.querySelectorAll(".faces button")].map(b => b.dataset.face).join(" ") === "1 2 3 4 5 6 7 8 9 s wsx"`, time.Second))
	step(phone, "Bob: a Wild Scratch; save",
		chromedp.Click(chromedp.CSS(`button[data-face="wsx"]`)),
		poll(chipsOf("Bob")+` === "wsx"`, time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 1: Ann went out, 75 points."`, 5*time.Second))
	r := boardOf(t, s.DB)["rows"].([]any)[0].(map[string]any)
	if c := r["cards"].(map[string]any); r["out"] != "Ann" || c["Bob"] != "wsx" || r["points"] != 75.0 {
		t.Fatalf("the hand stored: %v", r)
	}
}
