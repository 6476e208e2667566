package e2e

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTerminalNoMercy80x24 enters No Mercy hands at the prompts in an
// 80x24 terminal: after the winner, "Was anyone knocked out?" (yes) and
// the players knocked out picked by their first letters, whose cards are
// then not asked; and a hand won by the last player not knocked out, with
// no cards asked at all. 250 points are added for each knock-out.
func TestTerminalNoMercy80x24(t *testing.T) {
	t.Parallel()
	tm, db := termHandAt(t, 80, 24, "--players", "Ann,Bob,Cat,Dan", "--deck", "no-mercy")
	tm.expect("Who won (went out, or last not knocked out)?")
	tm.line("b") // Bob
	tm.expect("Was anyone knocked out (25 cards or more)? [y/N]")
	tm.line("y")
	tm.expect("Who was knocked out?")
	tm.line("d") // Dan
	tm.expect("Who else was knocked out?")
	tm.line("") // (no one else), first and under the cursor
	tm.expect("Knocked out: Dan = 250 points to Bob")
	// Dan's cards are not asked: Cat's, then Ann's.
	tm.expect("Cat's cards")
	tm.line("r7")
	tm.expect("Ann's cards")
	tm.line("r5")
	tm.expect("Save this hand")
	tm.line("")
	// 7 + 5 + 250.
	tm.expect("Saved. Hand 1: Bob went out and scores 262")

	tm.expect("Who won (went out, or last not knocked out)?")
	tm.line("a") // Ann, the last player not knocked out
	tm.expect("Was anyone knocked out (25 cards or more)?")
	tm.line("y")
	tm.expect("Who was knocked out?")
	tm.line("b")
	tm.expect("Who else was knocked out?")
	tm.line("c")
	tm.expect("Who else was knocked out?")
	tm.line("d") // the last one left: no more asked
	tm.expect("Knocked out: Bob, Cat and Dan = 750 points to Ann")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Saved. Hand 2: Ann was last standing and scores 750")
	tm.expect("Who won (went out, or last not knocked out)?")
	tm.send(strings.Repeat(keyDown, 4)) // (stop for now)
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
	rows := boardJSON(t, db)["rows"].([]any)
	if len(rows) != 2 {
		t.Fatalf("rows: %v", rows)
	}
	for i, want := range []string{"[Dan] 250", "[Bob Cat Dan] 750"} {
		r := rows[i].(map[string]any)
		if got := fmt.Sprint(r["knocked_out"], " ", r["bonus"]); got != want {
			t.Errorf("hand %d: knocked out and bonus %s, want %s", i+1, got, want)
		}
	}
}

// TestTerminalNoMercyKnocker80x24: at new, a No Mercy deck asks who
// receives the 250 (the hand's winner first); picked "whoever knocked the
// player out", each knock-out at the first hand's prompts is followed by "Who
// knocked Dan out?", and the knocker's 250 is said and scored.
func TestTerminalNoMercyKnocker80x24(t *testing.T) {
	t.Parallel()
	tm, db := termNewAt(t, 80, 24, "--players", "Ann,Bob,Cat,Dan", "--deck", "no-mercy", "--mode", "standard", "--target", "1000", "--dealer", "Ann")
	tm.expect("Who receives the 250 for each player knocked out?")
	tm.expect("The hand's winner (the default)")
	tm.send(keyDown) // Whoever knocked the player out
	tm.line("")
	tm.expect("no-mercy deck, knock-out bonus to the") // "knocker." wraps
	// new goes on to the first hand.
	tm.expect("Who won (went out, or last not knocked out)?")
	tm.line("b") // Bob
	tm.expect("Was anyone knocked out (25 cards or more)? [y/N]")
	tm.line("y")
	tm.expect("Who was knocked out?")
	tm.line("d") // Dan
	tm.expect("Who knocked Dan out?")
	tm.line("c") // Cat
	tm.expect("Who else was knocked out?")
	tm.line("") // (no one else), first and under the cursor
	tm.expect("Knocked out: Dan by Cat = 250 points to Cat")
	tm.expect("Cat's cards")
	tm.line("r7")
	tm.expect("Ann's cards")
	tm.line("r5")
	tm.expect("Save this hand")
	tm.line("")
	// Bob 7 + 5; Cat 250.
	tm.expect("Saved. Hand 1: Bob went out and scores 12")
	tm.expect("Who won (went out, or last not knocked out)?")
	tm.send(strings.Repeat(keyDown, 4)) // (stop for now)
	tm.line("")
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit %d:\n%s", code, tm.screen())
	}
	for _, line := range strings.Split(tm.screen(), "\n") {
		line = strings.TrimRight(line, "\r ")
		if i := strings.LastIndexByte(line, '\r'); i >= 0 {
			line = line[i+1:]
		}
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
	board := boardJSON(t, db)
	r := board["rows"].([]any)[0].(map[string]any)
	if got := fmt.Sprint(r["knocked_by"], " ", r["points"]); got != "map[Dan:Cat] 12" {
		t.Errorf("knocked by and points: %s", got)
	}
	if got := fmt.Sprint(board["settings"].(map[string]any)["mercy_bonus"]); got != "knocker" {
		t.Errorf("mercy_bonus %s", got)
	}
}
