package e2e

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// Ctrl-C at a yes-or-no question says what was not done, not "nothing was
// written for the unfinished hand" (there is no hand), and the question
// stays on the screen (it was erased); exit 130, nothing changed.
func TestScreenCtrlCAtAYesNoQuestion(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Ann,Bob")
	if code, _, errs := harness.Unoscore(t, db, "hand", "-o", "ann", "bob=1"); code != 0 {
		t.Fatal(errs)
	}
	id := boardJSON(t, db)["id"].(string)
	for _, c := range []struct {
		args           []string
		question, said string
	}{
		{[]string{"undo"}, "Void hand 1 (Ann went out, 1 point)? [y/N]", "unoscore: interrupted; hand 1 was not voided"},
		{[]string{"games", "delete", id}, "Delete game " + id + ", 1 hand of Ann and Bob? A copy of the file is kept", "unoscore: interrupted; nothing was deleted"},
	} {
		s := startScreen(t, db, nil, c.args...)
		s.waitFor(c.question)
		s.burst("\x03")
		if code := s.exit(); code != 130 {
			t.Errorf("%q: exit %d, want 130; the screen:\n%s", c.args, code, s.text())
		}
		s.hasLine(c.said)
		s.noLine(`unfinished hand`)
		lines := s.lines()
		if len(lines) < 2 || lines[0] == "" || !strings.HasPrefix(lines[0], c.question[:20]) {
			t.Errorf("%q: the question is not on the screen:\n%s", c.args, s.text())
		}
	}
	if b := boardJSON(t, db); b["hands"] != float64(1) || b["changes"] != float64(2) {
		t.Errorf("the game changed: %v hands, %v changes", b["hands"], b["changes"])
	}
}

// A game deleted in another terminal while the hand loop asks is said in
// one sentence when the hand is saved, and the loop ends: it said "Not
// saved: no game has the id …" and then "unoscore: no game has the id …".
func TestScreenGameDeletedMeanwhile(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Ann,Bob")
	id := boardJSON(t, db)["id"].(string)
	s := startScreen(t, db, nil, "hand")
	s.waitFor("Who went out?")
	if code, _, errs := harness.Unoscore(t, db, "games", "delete", id, "--yes"); code != 0 {
		t.Fatal(errs)
	}
	s.burst("a" + "r7\r")
	s.waitFor("Save this hand?")
	s.burst("\r")
	if code := s.exit(); code != 2 {
		t.Errorf("exit %d, want 2; the screen:\n%s", code, s.text())
	}
	if want := "unoscore: game " + id + " was deleted in another terminal meanwhile; nothing was written"; !strings.Contains(s.flat(), want) {
		t.Errorf("no %q on the screen:\n%s", want, s.text())
	}
	s.noLine(`Not saved|no game has the id`)
}
