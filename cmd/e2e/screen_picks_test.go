package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// showsRun waits until want are lines of the screen, one under the other.
func (s *screen) showsRun(want ...string) {
	s.t.Helper()
	s.until(fmt.Sprintf("the lines %q, one under the other", want), func() bool {
		lines := s.lines()
		for i := range lines {
			if len(lines)-i >= len(want) && slices.Equal(lines[i:i+len(want)], want) {
				return true
			}
		}
		return false
	})
}

// noRowContinued fails if the terminal went on to the next row by itself:
// a line unoscore drew wider than the window, that the next redraw would
// leave half-drawn.
func (s *screen) noRowContinued(what string) {
	s.t.Helper()
	s.mu.Lock()
	cols, rows := s.vt.Size()
	var over []int
	for y := range rows {
		if s.vt.Cell(cols-1, y).Mode&attrWrap != 0 {
			over = append(over, y)
		}
	}
	s.mu.Unlock()
	if len(over) > 0 {
		s.t.Errorf("%s: rows %v run on into the next; the screen:\n%s", what, over, s.text())
	}
}

// A finished pick reads as its question with its answer ("✔ Who went
// out? Max"), so that a family scrolling back can tell what a name
// answered, broken between words to the window's width after "✔ " at 80
// and 60 columns: a long question, a long name, a long item. On the old
// code the screen kept the item alone ("✔ Bartholomew Okonkwo-Ray").
func TestScreenPickKeepsItsQuestion(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cols  int
		bonus []string // "Who receives the 250…?" answered
		deals []string // "Who deals first?"
		won   []string // "Who won (went out, or last not knocked out)?"
		out   []string // "Who was knocked out?"
		by    []string // "Who knocked Catherine Delacroix out?"
	}{
		{
			cols: 80,
			bonus: []string{
				"✔ Who receives the 250 for each player knocked out? Whoever knocked the player",
				"    out",
			},
			deals: []string{"✔ Who deals first? Bartholomew Okonkwo-Ray"},
			won:   []string{"✔ Who won (went out, or last not knocked out)? Bartholomew Okonkwo-Ray"},
			out:   []string{"✔ Who was knocked out? Catherine Delacroix"},
			by:    []string{"✔ Who knocked Catherine Delacroix out? Bartholomew Okonkwo-Ray"},
		},
		{
			cols: 60,
			bonus: []string{
				"✔ Who receives the 250 for each player knocked out? Whoever",
				"    knocked the player out",
			},
			deals: []string{"✔ Who deals first? Bartholomew Okonkwo-Ray"},
			won: []string{
				"✔ Who won (went out, or last not knocked out)? Bartholomew",
				"    Okonkwo-Ray",
			},
			out: []string{"✔ Who was knocked out? Catherine Delacroix"},
			by: []string{
				"✔ Who knocked Catherine Delacroix out? Bartholomew",
				"    Okonkwo-Ray",
			},
		},
	} {
		t.Run(fmt.Sprint(c.cols), func(t *testing.T) {
			t.Parallel()
			s, _ := newAt(t, c.cols, screenRows,
				"--players", "Ann,Bartholomew Okonkwo-Ray,Catherine Delacroix",
				"--mode", "standard", "--deck", "no-mercy", "--target", "1000")
			s.waitFor("Who receives the 250")
			s.burst("\x1b[B")
			s.showsLines("  ▸ Whoever knocked the player out")
			s.burst("\r")
			s.waitFor("Who deals first?")
			s.showsRun(c.bonus...)
			s.burst("b") // Bartholomew, by his first letter
			s.waitFor("Bartholomew Okonkwo-Ray deals first.")
			s.showsRun(c.deals...)
			s.waitFor("Who won (went out")
			s.noRowContinued("after who deals")
			s.noSplitWords("after who deals")

			s.burst("b")
			s.waitFor("Was anyone knocked out")
			s.showsRun(c.won...)
			s.burst("y\r")
			s.waitFor("Who was knocked out?")
			s.burst("c")
			s.waitFor("Who knocked Catherine Delacroix out?")
			s.showsRun(c.out...)
			s.burst("b") // not a: it goes on spelling Catherine
			s.waitFor("Who else was knocked out?")
			s.showsRun(c.by...)
			s.showsRun(c.won...) // the picks above stay as they were
			s.noRowContinued("after who knocked whom out")
			s.noSplitWords("after who knocked whom out")
			for _, l := range s.lines() {
				if l == "✔ Ann" || strings.HasPrefix(l, "✔ Bartholomew") || strings.HasPrefix(l, "✔ Catherine") {
					t.Errorf("a pick without its question: %q; the screen:\n%s", l, s.text())
				}
			}
			s.burst("\x03")
			s.exit()
		})
	}
}
