package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// Issue 22, item 2: a whole name typed at "Who went out?" is taken whole:
// the letters after the one that picked it, and the Enter after them, are
// part of the pick, not keys for the next prompt.
func TestScreenWholeNameAtWhoWentOut(t *testing.T) {
	t.Parallel()
	s, db := handAt(t, screenCols, screenRows, "--players", "Ann,Bob,Cat,Dad")
	s.waitFor("Who went out")
	s.burst("Dad\r" + "r7\r" + "9\r" + "w\r" + "\r" + // Dad out, typed whole
		"bOB" + "gs\r" + "1\r" + "2\r" + "\r" + // Bob, in any case, no Enter
		"(\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	rows := boardJSON(t, db)["rows"].([]any)
	if len(rows) != 2 {
		t.Fatalf("%d hands saved, want 2; the screen:\n%s", len(rows), s.text())
	}
	for i, want := range []string{"Dad:66", "Bob:23"} {
		r := rows[i].(map[string]any)
		if got := fmt.Sprintf("%v:%v", r["out"], r["points"]); got != want {
			t.Errorf("hand %d: %s, want %s", i+1, got, want)
		}
	}
	s.hasLine("Saved. Hand 2: Bob went out and scores 23 (Cat 20, Dad 1, Ann 2).")
	s.noLine(`unknown card`)
}

// Issue 22, item 7: the line editing keys of a shell at a text prompt:
// Ctrl-U, Ctrl-W, Ctrl-A, Ctrl-E, Ctrl-K, and Home and End as terminals
// send them (ESC [ H and ESC [ F; ESC [ 1 ~ and ESC [ 4 ~ from tmux and the
// Linux console).
func TestScreenLineEditing(t *testing.T) {
	t.Parallel()
	s, _ := handAt(t, screenCols, screenRows, "--players", "Ann,Bob")
	s.waitFor("Who went out")
	s.burst("a")
	s.waitFor("? Bob's cards")
	s.burst("gX" + "\x15" + // Ctrl-U: erased
		"r7 b9 g5" + "\x17" + // Ctrl-W: "g5" erased
		"y1" +
		"\x01" + "w " + // Ctrl-A: to the start
		"\x05" + " 2" + // Ctrl-E: to the end
		"\x1b[1~" + "3 " + // Home (tmux)
		"\x1b[4~" + " 4" + // End (tmux)
		"\x1b[H" + "5 " + // Home (xterm)
		"\x1b[F" + " 6 rs" + // End (xterm)
		"\x1b[D\x1b[D\x1b[D" + "\x0b") // three to the left, Ctrl-K: " rs" erased
	s.waitFor("✔ Bob's cards: 5 3 w r7 b9 y1 2 4 6█")
	s.burst("\r" + "\r" + "(\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Saved. Hand 1: Ann went out and scores 87 (Bob 87).")
}

// "Whose cards?" picks a player as "Who went out?" does, as soon as the
// letters typed start one item, and the cards typed straight after go to
// that player's prompt: "d" then "r7 wd4" Enter are Dan's cards (the
// game-night page's walk-through). A letter only moved the cursor there, and the
// cards typed after were taken as more letters and lost. Letters pick
// only players: "(" dropped the hand entered, with no question, and "s"
// and "w" saved it or asked who went out, when no name started so; now
// they do nothing, and the drop is chosen with the arrows and Enter.
func TestScreenWhoseCardsPicksByLetter(t *testing.T) {
	t.Parallel()
	s, db := handAt(t, screenCols, screenRows, "--players", "Ann,Bob,Cat,Dan")
	s.waitFor("Who went out")
	s.burst("a\r" + "\r" + "(sw" + "d" + "r7 wd4\r")
	s.showsLines("Dan's cards: r7 wd4", "  Dan: r7 wd4 = 57 points", "? Bob's cards: █")
	s.noLine(`Whose cards|Dan's cards: $|Who went out: Ann`)
	s.burst("\r")
	s.waitFor("(drop this hand and stop for now)")
	// Bob, Cat, Dan, who went out, the drop: four down from Bob. Dan's
	// cards are typed, so the drop is asked first.
	s.burst("\x1b[B\x1b[B\x1b[B\x1b[B" + "\r")
	s.waitFor("Drop this hand? Dan's cards are entered.")
	s.burst("y\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	if rows := boardJSON(t, db)["rows"]; rows != nil && len(rows.([]any)) != 0 {
		t.Errorf("a hand was saved: %v", rows)
	}
}

// Dropping the hand at "Whose cards?" once cards are typed asks first,
// naming whose cards would go (one key threw them all away): Enter (no)
// brings the chooser back with the cards kept; y drops the hand; Ctrl-C at
// the question leaves it on the screen and writes nothing, as at the other
// questions of a hand (exit 130).
func TestScreenDropAsksFirst(t *testing.T) {
	t.Parallel()
	const question = "Drop this hand? Bob's and Cat's cards are entered."
	s, db := handAt(t, screenCols, screenRows, "--players", "Ann,Bob,Cat,Dan")
	s.waitFor("Who went out")
	s.burst("a\r" + "r7\r" + "wd4\r" + "\r") // Ann; Bob's, Cat's cards; Dan's left: the chooser
	s.waitFor("(drop this hand and stop for now)")
	// The cursor is on Dan, not entered yet: two down to the drop.
	s.burst("\x1b[B\x1b[B" + "\r")
	s.waitFor(question + " [y/N]")
	s.burst("\r")
	s.waitFor("Whose cards?")
	s.hasLine(question + " no")
	s.waitFor("Bob: r7 = 7 points")
	s.waitFor("Cat: wd4 = 50 points")
	s.burst("\x1b[B\x1b[B" + "\r")
	s.waitFor(question + " [y/N]")
	s.burst("y\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine(question + " yes")
	s.waitFor("Every counted hand is saved.")
	if b := boardJSON(t, db); b["changes"] != float64(1) {
		t.Errorf("the game changed: %v changes", b["changes"])
	}

	s = startScreen(t, db, nil, "hand")
	s.waitFor("Who went out")
	s.burst("a\r" + "r7\r" + "\r") // Bob's cards, then the chooser
	s.waitFor("(drop this hand and stop for now)")
	s.burst("\x1b[B\x1b[B\x1b[B" + "\r") // from Cat: Dan, who went out, the drop
	s.waitFor("Drop this hand? Bob's cards are entered. [y/N]")
	s.burst("\x03")
	if code := s.exit(); code != 130 {
		t.Errorf("exit %d, want 130; the screen:\n%s", code, s.text())
	}
	s.hasLine("Drop this hand? Bob's cards are entered.")
	s.hasLine("unoscore: interrupted; the hand was not written; go on with: unoscore hand")
	if b := boardJSON(t, db); b["changes"] != float64(1) {
		t.Errorf("the game changed: %v changes", b["changes"])
	}
}

// cursorAt is where the terminal's cursor stands, and whether it is shown.
func (s *screen) cursorAt() (x, y int, shown bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.vt.Cursor()
	return c.X, c.Y, s.vt.CursorVisible()
}

// waitCursor waits until the terminal's cursor is shown on the row ending
// with tail, at the column where at begins in tail.
func (s *screen) waitCursor(tail, at string) {
	s.t.Helper()
	s.until(fmt.Sprintf("the cursor on %q of %q", at, tail), func() bool {
		x, y, shown := s.cursorAt()
		rows := s.lines()
		if !shown || y >= len(rows) || !strings.HasSuffix(rows[y], tail) {
			return false
		}
		row := rows[y]
		return x == utf8.RuneCountInString(row[:len(row)-len(tail)+strings.Index(tail, at)])
	})
}

// Moving the cursor back into a typed line keeps every character on the
// screen: the one under the cursor was replaced by the block ("r7 █d4"
// after three Lefts; "XX█7 wd4" after Ctrl-A and XX), so the card being
// corrected could not be seen. The terminal's own cursor stands on it now;
// at the end of the line the block is drawn as before.
func TestScreenCursorShowsCharacter(t *testing.T) {
	t.Parallel()
	s, _ := handAt(t, screenCols, screenRows, "--players", "Ann,Bob")
	s.waitFor("Who went out")
	s.burst("a")
	s.waitFor("? Bob's cards")
	s.burst("r7 wd4")
	s.waitFor("✔ Bob's cards: r7 wd4█")
	s.burst("\x1b[D\x1b[D\x1b[D")
	s.waitCursor("Bob's cards: r7 wd4", "wd4")
	s.noLine("█")
	s.burst("\x01" + "XX")
	s.waitCursor("Bob's cards: XXr7 wd4", "r7 wd4")
	s.noLine("█")
	// Back at the end: the block, and the terminal's cursor hidden.
	s.burst("\x05")
	s.waitFor("Bob's cards: XXr7 wd4█")
	s.until("the terminal's cursor hidden", func() bool { _, _, shown := s.cursorAt(); return !shown })
	s.burst("\x15" + "r7 b9 g5 y1 r1 r2 r3 r4 r5 r6 r8 r9 g1 g2 g3 g4 g6 g7 g8 g9 b1 b2 b3 b4")
	s.waitFor("b3 b4█")
	// A line the terminal wraps: the cursor on the second row, every
	// character kept.
	s.burst("\x1b[D\x1b[D")
	s.until("the cursor on the wrapped line's b4", func() bool {
		x, y, shown := s.cursorAt()
		rows := s.lines()
		return shown && y > 0 && y < len(rows) && strings.HasSuffix(rows[y], "b3 b4") && x == utf8.RuneCountInString(rows[y])-2
	})
	if !strings.Contains(strings.ReplaceAll(s.text(), "\n", ""), "✔ Bob's cards: r7 b9 g5 y1 r1 r2 r3 r4 r5 r6 r8 r9 g1 g2 g3 g4 g6 g7 g8 g9 b1 b2 b3 b4") {
		t.Fatalf("the wrapped line lost characters:\n%s", s.text())
	}
	s.noLine("█")
	s.burst("\x03")
	s.exit()
}

// A typed answer longer than the line: while typed, every character stays
// on the screen (the terminal wraps it); once entered, the answer left on
// the screen is broken between words, the lines it goes on on indented by
// two, as everything unoscore prints ("...or the first name: Annabelle
// Fitzgeral" then "d" on the next line, before).
func TestScreenAnswerWrapsBetweenWords(t *testing.T) {
	t.Parallel()
	s, _ := handAt(t, screenCols, screenRows, "--players", "Ann,Bob")
	s.waitFor("Who went out")
	s.burst("a")
	s.waitFor("? Bob's cards")
	cards := "r1 r2 r3 r4 r5 r6 r7 r8 r9 g1 g2 g3 g4 g5 g6 g7 g8 g9 b1 b2 b3 b4 b5 b6 b7 b8"
	s.burst(cards)
	s.until("the whole line typed", func() bool {
		return strings.Contains(strings.ReplaceAll(s.text(), "\n", ""), "✔ Bob's cards: "+cards+"█")
	})
	s.burst("\r")
	s.waitFor("Bob: r1")
	rows := s.lines()
	first := slices.IndexFunc(rows, func(l string) bool { return strings.HasPrefix(l, "Bob's cards: ") })
	if first < 0 || first+1 >= len(rows) {
		t.Fatalf("no answer left on the screen:\n%s", s.text())
	}
	head, next := rows[first], rows[first+1]
	if !strings.HasPrefix(next, "  ") || strings.HasPrefix(next, "   ") {
		t.Fatalf("the answer goes on unindented, or too far: %q; the screen:\n%s", next, s.text())
	}
	if got := head + " " + strings.TrimSpace(next); got != "Bob's cards: "+cards {
		t.Fatalf("the answer broken inside a word: %q / %q; the screen:\n%s", head, next, s.text())
	}
	for _, l := range rows {
		if utf8.RuneCountInString(l) > 80 {
			t.Errorf("a line wider than the screen: %q", l)
		}
	}
	s.burst("\x03")
	s.exit()
}
