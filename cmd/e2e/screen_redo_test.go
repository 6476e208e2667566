package e2e

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// redo in a terminal names the hand it would bring back and asks first,
// the default no, as undo does; the question stays on the screen with its
// answer. From a pipe it asks nothing.
func TestScreenRedoAsks(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Ann,Bob")
	for _, args := range [][]string{{"hand", "-o", "ann", "bob=r7 w"}, {"undo", "--yes"}} {
		if code, _, errs := harness.Unoscore(t, db, args...); code != 0 {
			t.Fatal(errs)
		}
	}
	// Enter alone is no.
	s := startScreen(t, db, nil, "redo")
	s.waitFor("Bring back hand 1 (Ann went out, 57 points)? [y/N]")
	s.burst("\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Bring back hand 1 (Ann went out, 57 points)? no")
	s.hasLine("Nothing brought back.")
	s.noLine(`Brought back\.`)
	if b := boardJSON(t, db); b["hands"] != float64(0) {
		t.Fatalf("a no brought the hand back: %v hands", b["hands"])
	}
	// y brings it back, and the board follows.
	s = startScreen(t, db, nil, "redo")
	s.waitFor("Bring back hand 1 (Ann went out, 57 points)? [y/N]")
	s.burst("y\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Bring back hand 1 (Ann went out, 57 points)? yes")
	if !strings.Contains(s.text(), "Brought back. Hand 1: Ann went out") {
		t.Errorf("no hand brought back on the screen:\n%s", s.text())
	}
	if b := boardJSON(t, db); b["hands"] != float64(1) {
		t.Fatalf("a yes brought nothing back: %v hands", b["hands"])
	}
	// A script: no terminal, no question.
	if code, _, errs := harness.Unoscore(t, db, "undo"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := harness.Unoscore(t, db, "redo")
	if code != 0 || strings.Contains(out, "Bring back") || !strings.Contains(out, "Brought back. Hand 1") {
		t.Fatalf("redo from a pipe: exit %d:\n%s%s", code, out, errs)
	}
}

// In a rotating game the question names the table.
func TestScreenRedoAsksAtATable(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	for _, args := range [][]string{
		{"hand", "--table", "2", "--out", "Eve", "--left", "Fay=9", "--left", "Hal=r7"},
		{"undo", "--yes", "--table", "2"},
	} {
		if code, _, errs := harness.Unoscore(t, db, args...); code != 0 {
			t.Fatal(errs)
		}
	}
	s := startScreen(t, db, nil, "redo", "--table", "2")
	s.waitFor("Bring back hand 1 at table 2 (Eve went out, 16 points)? [y/N]")
	s.burst("y\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Bring back hand 1 at table 2 (Eve went out, 16 points)? yes")
	if !strings.Contains(s.text(), "Brought back. Hand 1: Eve went out at table 2") {
		t.Errorf("no hand brought back on the screen:\n%s", s.text())
	}
}
