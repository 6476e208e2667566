package e2e

import (
	"regexp"
	"testing"
)

// new --help in an 80-column terminal keeps its modes in two columns: the
// reflow that breaks long lines at the width collapsed the padding after a
// mode's name ("  standard whoever goes out…"), which a pipe kept aligned.
// Every description starts at column 14, its continued lines too.
func TestScreenNewHelpKeepsItsColumns(t *testing.T) {
	t.Parallel()
	s, _ := newAt(t, 80, 200, "--help")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	lines := s.lines()
	start := -1
	for i, l := range lines {
		if l == "Modes:" {
			start = i + 1
		}
	}
	if start < 0 {
		t.Fatalf("no Modes: on the screen:\n%s", s.text())
	}
	mode := regexp.MustCompile(`^  (standard|lowest|partners|challenge|rotating) +\S`)
	more := regexp.MustCompile(`^ {13}\S`)
	modes := 0
	for _, l := range lines[start:] {
		if l == "" {
			break
		}
		switch {
		case mode.MatchString(l) && len(mode.FindString(l)) == 14:
			modes++
		case more.MatchString(l):
		default:
			t.Errorf("out of the columns: %q; the screen:\n%s", l, s.text())
		}
	}
	if modes != 5 {
		t.Errorf("%d modes in the list, want 5; the screen:\n%s", modes, s.text())
	}
	s.noLine(`^.{81,}`)
}
