package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/creack/pty"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// attrWrap is vt10x's mark on the last cell of a row that the terminal
// itself continued on the next row (its attrWrap, unexported).
const attrWrap = 1 << 6

// splitWords lists the words the terminal broke across two rows: a row it
// continued by itself (nothing unoscore wrote ended the line) whose last
// character and the next row's first are both part of a word.
func (s *screen) splitWords() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	cols, rows := s.vt.Size()
	var split []string
	for y := 0; y+1 < rows; y++ {
		last := s.vt.Cell(cols-1, y)
		if last.Mode&attrWrap == 0 {
			continue
		}
		next := s.vt.Cell(0, y+1)
		if last.Char != ' ' && last.Char != 0 && next.Char != ' ' && next.Char != 0 {
			var a, b strings.Builder
			for x := 0; x < cols; x++ {
				a.WriteRune(s.vt.Cell(x, y).Char)
				b.WriteRune(s.vt.Cell(x, y+1).Char)
			}
			split = append(split, fmt.Sprintf("%q / %q", a.String(), b.String()))
		}
	}
	return split
}

// noSplitWords fails if the terminal broke a word across rows.
func (s *screen) noSplitWords(what string) {
	s.t.Helper()
	if split := s.splitWords(); len(split) > 0 {
		s.t.Errorf("%s: words broken across rows by the terminal:\n%s\nthe screen:\n%s", what, strings.Join(split, "\n"), s.text())
	}
}

// resize changes the window's size, as a person dragging its corner: the
// terminal sends unoscore SIGWINCH.
func (s *screen) resize(cols, rows int) {
	s.t.Helper()
	s.mu.Lock()
	s.vt.Resize(cols, rows)
	s.mu.Unlock()
	if err := pty.Setsize(s.master, &pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)}); err != nil {
		s.t.Fatal(err)
	}
}

// unwrapped is the screen's text with the lines unoscore broke joined back.
func (s *screen) flat() string { return strings.Join(strings.Fields(s.text()), " ") }

// Issue 22, item 1: every sentence printed in a terminal is broken between
// words at the terminal's width: at 80 and 60 columns, no word is split
// across rows by the terminal, for the sentences that were.
func TestScreenSentencesFitTheWidth(t *testing.T) {
	t.Parallel()
	long := "Ann,Bartholomew Okonkwo-Ray,Catherine Delacroix"
	for _, cols := range []int{80, 60} {
		t.Run(fmt.Sprint(cols), func(t *testing.T) {
			run := func(what, db string, want []string, args ...string) *screen {
				t.Helper()
				s := startScreenSize(t, db, cols, screenRows, nil, args...)
				if code := s.exit(); code != 0 {
					t.Fatalf("%s: exit %d; the screen:\n%s", what, code, s.text())
				}
				s.noSplitWords(what)
				for _, w := range want {
					if !strings.Contains(s.flat(), w) {
						t.Errorf("%s: no %q on the screen:\n%s", what, w, s.text())
					}
				}
				return s
			}

			// A lowest game's start line.
			db := newScreenGame(t, "--players", "Ann,Bob")
			run("a lowest game's start", db, []string{"lowest, lowest tally wins when anyone reaches 500, classic deck."},
				"new", "--no-input", "--players", "Annabelle,Bartholomew,Catherine,Dominic", "--mode", "lowest", "--name", "Friday at the Okonkwo-Rays")

			// A Challenge elimination of a long name, from flags and at the
			// prompts; the hand loop's explanation; the 37 hint under the
			// prompt.
			db = newScreenGame(t, "--players", long, "--mode", "challenge", "--target", "50")
			run("an elimination from flags", db, []string{"Bartholomew Okonkwo-Ray is eliminated."},
				"hand", "--out", "Ann", "--left", "Bartholomew Okonkwo-Ray=w", "--left", "Catherine Delacroix=9")
			db = newScreenGame(t, "--players", long, "--mode", "challenge", "--target", "50")
			s := startScreenSize(t, db, cols, screenRows, nil, "hand")
			s.waitFor("Who went out")
			s.burst("a")
			s.waitFor("Okonkwo-Ray's cards")
			s.until("the explanation and the prompt", func() bool {
				return strings.Contains(s.flat(), "After a Draw Two or Wild Draw Four, count the cards the next player drew.") &&
					strings.Contains(s.text(), "cards: █")
			})
			s.noSplitWords("the hand loop's explanation")
			if !strings.Contains(s.flat(), "After a Draw Two or Wild Draw Four, count the cards the next player drew.") {
				t.Errorf("no explanation:\n%s", s.text())
			}
			s.burst("37\r")
			s.waitFor(`"37pts"?`)
			s.until("the hint under the prompt", func() bool {
				return strings.Contains(s.text(), `"37pts"?`) && slices.ContainsFunc(s.lines(), func(l string) bool { return strings.HasSuffix(l, ": 37█") })
			})
			s.noSplitWords("the 37 hint")
			s.burst("\x7f\x7fw\r" + "r5\r" + "\r")
			s.waitFor("Who went out")
			s.until("the elimination and the list of who went out", func() bool {
				return strings.Contains(s.flat(), "Bartholomew Okonkwo-Ray is eliminated.") && strings.Contains(s.text(), "(stop for now)")
			})
			s.noSplitWords("an elimination at the prompts")
			if !strings.Contains(s.flat(), "Bartholomew Okonkwo-Ray is eliminated.") {
				t.Errorf("no elimination:\n%s", s.text())
			}
			s.burst("(\r")
			if code := s.exit(); code != 0 {
				t.Fatalf("exit %d", code)
			}

			// An edit's result.
			db = newScreenGame(t, "--players", long)
			if code, _, errs := harness.Unoscore(t, db, "hand", "-o", "Ann", "Bartholomew Okonkwo-Ray=9", "Catherine Delacroix=w"); code != 0 {
				t.Fatal(errs)
			}
			run("an edit", db, []string{"The old record stays in the history."},
				"edit", "1", "Bartholomew Okonkwo-Ray=r7", "Catherine Delacroix=wd4")
			// Into a pipe, the same sentence stays one line.
			if code, out, errs := harness.Unoscore(t, db, "edit", "1", "Bartholomew Okonkwo-Ray=r8"); code != 0 ||
				!strings.HasPrefix(out, "Corrected. Hand 1: Ann went out and scores 58 (Bartholomew Okonkwo-Ray 8, Catherine Delacroix 50). The old record stays in the history.\n") {
				t.Errorf("into a pipe: exit %d:\n%s%s", code, out, errs)
			}

			// --help: the long help and the flags' descriptions (a window
			// tall enough to hold it all).
			h := startScreenSize(t, db, cols, 150, nil, "new", "--help")
			if code := h.exit(); code != 0 {
				t.Fatalf("new --help: exit %d", code)
			}
			h.noSplitWords("new --help")
			for _, w := range []string{"a rematch of the current game (or --game): same name, players", "take a new partner each round until everyone has partnered everyone"} {
				if !strings.Contains(h.flat(), w) {
					t.Errorf("new --help: no %q:\n%s", w, h.text())
				}
			}
		})
	}
}

// Issue 22, item 1: the width is read as it is when printing: after the
// window is widened from 60 to 80 columns, the totals line is laid out for
// 80.
func TestScreenFollowsAResize(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Annabelle,Bartholomew,Catherine,Dom")
	for range 2 {
		if code, _, errs := harness.Unoscore(t, db, "hand", "-o", "Annabelle", "Bartholomew=9", "Catherine=5", "Dom=7"); code != 0 {
			t.Fatal(errs)
		}
	}
	const totals = "Totals after 3 hands, to 500: Annabelle 63, Bartholomew 0, Catherine 0, Dom 0."
	s := startScreenSize(t, db, 60, screenRows, nil, "hand")
	s.waitFor("Who went out")
	s.hasLine("Totals after 2 hands, to 500: Annabelle 42, Bartholomew 0,")
	s.noSplitWords("at 60 columns")
	s.resize(80, screenRows)
	s.burst("a" + "9\r" + "5\r" + "7\r" + "\r")
	s.waitFor("Hand 4.")
	s.until("the list of who went out", func() bool { return strings.Contains(s.text(), "(stop for now)") })
	s.showsLines(totals)
	s.hasLine(totals)
	s.hasLine("Saved. Hand 3: Annabelle went out and scores 21 (Bartholomew 9, Catherine 5, Dom")
	s.noSplitWords("after the resize")
	s.burst("(\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
}
