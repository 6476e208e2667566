package e2e

import (
	"testing"
)

// TestTerminalThemedDeck: the hand prompts read the themed deck's colours,
// refuse a classic one at once with the deck's own as a suggestion, and the
// notation help lists the deck's colours.
func TestTerminalThemedDeck(t *testing.T) {
	t.Parallel()
	tm, _ := termHandAt(t, termCols, termRows, "--players", "Ann,Bob", "--deck", "themed")
	tm.expect("Who went out?")
	tm.line("") // Ann
	tm.expect("Bob's cards")
	tm.line("r7")
	// The message is broken between words at the window's 120 columns.
	tm.expect(`the Themed 2020 112-card deck has no red; its colours are purple (pu), green (g), pink (pk) and`)
	tm.expect(`yellow (y)): did you mean "pk7"?`)
	tm.send("\x7f\x7f") // erase "r7"
	tm.line("?")
	tm.expect("Cards in the Themed 2020 112-card deck: an optional colour, then a face.")
	tm.expect("  pu g pk y    colours (or their names: purple, green, pink and yellow), before a face")
	tm.expect("Bob's cards")
	tm.line("pu7 pk+2")
	tm.expect("Bob: pu7 pkd2 = 27 points")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Saved. Hand 1: Ann went out and scores 27")
	tm.expect("Who went out?")
	tm.send(keyDown + keyDown) // (stop for now)
	tm.line("")
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit %d:\n%s", code, tm.screen())
	}
}
