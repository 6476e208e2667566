package e2e

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTerminalFlip80x24 starts an UNO Flip game at the prompts in an 80x24
// terminal: the deck is chosen from the list, the notation's help names
// both sides, a hand is counted on its side (a Wild 40), and a hand whose
// cards mix sides is refused at the prompt, naming a card of each side, in
// a sentence that fits.
func TestTerminalFlip80x24(t *testing.T) {
	t.Parallel()
	tm, db := termNewAt(t, 80, 24)
	tm.expect("Players in seating order")
	tm.line("Ann, Bob, Cat")
	tm.expect("How do you score?")
	tm.line("") // standard
	tm.expect("Play to how many points")
	tm.line("")
	tm.expect("Which deck?")
	tm.expect("UNO Flip: 112 double-sided cards")
	tm.send(keyDown + keyDown + keyDown + keyDown) // classic, deluxe, shuffle, themed, flip
	tm.line("")
	tm.expect("Who deals first?")
	tm.line("a") // Ann, by her first letter (the Enter after it confirms)
	tm.expect("Ann deals first.")

	tm.expect("Hand 1. Ann deals.")
	tm.expect("Who went out?")
	tm.line("") // Ann
	// The explanation names UNO Flip's draw cards, not the Draw Two's.
	tm.expect("After a Draw One, Draw Five, Wild Draw Two or Wild Draw Color")
	tm.expect("Bob's cards")
	tm.line("?")
	// The notation is a table of code and meaning, a side at a time.
	tm.expect("  r y g b      colours")
	tm.expect("  pk t o pu    colours")
	tm.expect("Bob's cards")
	// 5 + 60 = 65 on the dark side.
	tm.line("t5 wdc")
	tm.expect("Bob: t5 wdc = 65 points")
	tm.expect("Cat's cards")
	tm.line("r7")
	tm.expect("cards of both sides (r7 light, t5 dark): a hand counts on one side")
	tm.send("\x7f\x7f") // erase r7 at the prompt
	// A Wild 40 and a Skip Everyone 30: 70.
	tm.line("w pkse")
	tm.expect("Cat: w pkse = 70 points")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Saved. Hand 1: Ann went out and scores 135 (Bob 65, Cat 70).")
	tm.expect("Who went out?")
	tm.send(keyDown + keyDown + keyDown) // (stop for now)
	tm.line("")
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit %d:\n%s", code, tm.screen())
	}
	for _, line := range strings.Split(tm.screen(), "\n") {
		// What a prompt redrew last on the line, as the terminal shows it.
		line = strings.TrimRight(line, "\r ")
		if i := strings.LastIndexByte(line, '\r'); i >= 0 {
			line = line[i+1:]
		}
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
	b := boardJSON(t, db)
	rows := b["rows"].([]any)
	if b["deck"] != "flip" || len(rows) != 1 || rows[0].(map[string]any)["side"] != "dark" {
		t.Fatalf("board: %v", b)
	}
}
