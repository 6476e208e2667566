package e2e

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// After a player is picked as knocked out, "Who else was knocked out?"
// starts on "(no one else)", the first line: Enter alone goes on, and
// knocks no one else out (it knocked out the next player, "Knocked out:
// Dan and Cat = 500 points to Bob").
func TestScreenWhoElseStartsOnNoOneElse(t *testing.T) {
	t.Parallel()
	s, _ := handAt(t, screenCols, screenRows, "--players", "Ann,Bob,Cat,Dan", "--deck", "no-mercy")
	s.waitFor("Who won (went out, or last not knocked out)?")
	s.burst("b") // Bob
	s.waitFor("Was anyone knocked out (25 cards or more)?")
	s.burst("y\r")
	s.waitFor("Who was knocked out?")
	s.burst("d\r") // Dan (the Enter typed on confirms the pick)
	s.waitFor("Who else was knocked out?")
	s.showsLines("  ▸ (no one else)", "    Cat", "    Ann")
	s.burst("\r")
	s.waitFor("Cat's cards")
	s.hasLine("  Knocked out: Dan = 250 points to Bob")
	s.burst("\x03")
	s.exit()
}

// In a terminal, a target that ends the game says so and asks first, the
// default no, as undo and redo do; the question stays with its answer.
// --yes and a script ask nothing. On the old code "target 150" ended the
// game at once (newcomer 2, item 10: 150 typed for 1500).
func TestScreenTargetThatEndsTheGameAsks(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Ann,Bob,Cat", "--target", "500")
	if code, _, errs := harness.Unoscore(t, db, "hand", "-o", "ann", "bob=w w w", "cat=r5"); code != 0 {
		t.Fatal(errs)
	}
	const question = "Lower the target to 150? That ends the game, Ann winning."
	// Enter alone is no.
	s := startScreen(t, db, nil, "target", "150")
	s.waitFor(question + " [y/N]")
	s.burst("\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine(question + " no")
	s.hasLine("Target unchanged.")
	if b := boardJSON(t, db); b["over"] != false || b["target"] != float64(500) {
		t.Fatalf("a no changed the target: %v", b)
	}
	// A raised target, or one that leaves the game going, is not asked.
	s = startScreen(t, db, nil, "target", "400")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Target lowered to 400 after hand 1.")
	// y lowers it, and the game ends.
	s = startScreen(t, db, nil, "target", "150")
	s.waitFor(question + " [y/N]")
	s.burst("y\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine(question + " yes")
	s.hasLine("Target lowered to 150 after hand 1, which ends the game.")
	if b := boardJSON(t, db); b["over"] != true || b["target"] != float64(150) {
		t.Fatalf("a yes did not end the game: %v", b)
	}
	// --yes asks nothing.
	if code, _, errs := harness.Unoscore(t, db, "undo", "--yes"); code != 0 {
		t.Fatal(errs)
	}
	s = startScreen(t, db, nil, "target", "150", "--yes")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.noLine(`Lower the target`)
	s.hasLine("Target lowered to 150 after hand 1, which ends the game.")
	// A script: no terminal, no question.
	if code, _, errs := harness.Unoscore(t, db, "undo", "--yes"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := harness.Unoscore(t, db, "target", "150")
	if code != 0 || strings.Contains(out, "Lower the target") || !strings.Contains(out, "Target lowered to 150 after hand 1, which ends the game.") {
		t.Fatalf("target from a pipe: exit %d:\n%s%s", code, out, errs)
	}
}

// "Save this correction?" stays on the screen with its answer, as the
// other yes/no questions do (newcomer 2, item 15: it vanished once
// answered).
func TestScreenSaveCorrectionStaysAnswered(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Ann,Bob,Cat")
	if code, _, errs := harness.Unoscore(t, db, "hand", "-o", "ann", "bob=r7", "cat=r5"); code != 0 {
		t.Fatal(errs)
	}
	s := startScreen(t, db, nil, "edit", "1")
	s.waitFor("Whose cards?")
	s.burst("b") // Bob's cards
	s.waitFor("Bob's cards")
	s.burst("\x7f\x7fr9\r")
	s.waitFor("Save this correction? [Y/n]")
	s.burst("y\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Save this correction? yes")
	if !strings.Contains(s.text(), "Corrected. Hand 1: Ann went out and scores 14") {
		t.Errorf("not corrected:\n%s", s.text())
	}
}

// Newcomer item 16: "?" at a card prompt asks for the notation, so it is
// shown as typed, without the ✔ of an accepted hand; a hand is ticked.
func TestScreenQuestionMarkIsNoHand(t *testing.T) {
	t.Parallel()
	s, _ := handAt(t, screenCols, screenRows, "--players", "Ann,Bob,Cat")
	s.waitFor("Who went out")
	s.burst("\r") // Ann
	s.waitFor("Bob's cards")
	s.burst("?")
	s.until(`"? Bob's cards: ?" on the screen`, func() bool { return strings.Contains(s.text(), "? Bob's cards: ?") })
	if strings.Contains(s.text(), "✔ Bob's cards: ?") {
		t.Fatalf("? is ticked as a hand:\n%s", s.text())
	}
	s.burst("\r") // the notation; the prompt again
	s.waitFor("r7")
	s.burst("r7")
	s.until(`"✔ Bob's cards: r7" on the screen`, func() bool { return strings.Contains(s.text(), "✔ Bob's cards: r7") })
	s.burst("\x03")
	if code := s.exit(); code != 130 {
		t.Fatalf("exit %d after Ctrl-C; the screen:\n%s", code, s.text())
	}
}
