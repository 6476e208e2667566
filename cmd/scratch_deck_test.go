//go:build scratchdeck

package cmd

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestScratchDeck (built with -tags scratchdeck, which adds the scratch
// edition's one declaration, rules/decks/scratch.go): every command reads
// the new deck and its new face with no other file naming them: --deck's
// help and completion, the notation help, new (its target), a hand scored
// (75 for a Wild Scratch), a refusal of a card it lacks, the board, the
// referee, `rules scoring` and its own topic (`rules scratch`, `rules
// wsx`), declared with it. The phone's keypad: TestScratchDeck in
// cmd/e2e/browser.
func TestScratchDeck(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	for _, c := range []struct {
		args []string
		code int
		says []string
	}{
		{[]string{"new", "--help"}, 0, []string{"party, scratch"}},
		{[]string{"__complete", "new", "--deck", ""}, 0, []string{"scratch"}},
		{[]string{"cards", "--deck", "scratch"}, 0, []string{"Wild Scratch, 75 points, no colour", "1-9"}},
		{[]string{"new", "--players", "Ann,Bob", "--deck", "uno-scratch"}, 0, []string{"first to 300, scratch deck"}},
		// Bob: r7 wsx = 7 + 75.
		{[]string{"hand", "-o", "Ann", "Bob=r7 wsx"}, 0, []string{"Ann went out and scores 82 (Bob 82)"}},
		{[]string{"hand", "-o", "Ann", "Bob=wd4"}, 2, []string{"Wild Draw Four"}},
		{[]string{"board"}, 0, []string{"scratch deck"}},
		{[]string{"check", "play", "wsx", "--on", "r7", "--deck", "scratch"}, 0, []string{"Wild Scratch"}},
		{[]string{"rules", "scoring"}, 0, []string{"UNO Scratch (scratch): numbers their face value; Skip 20; Wild Scratch 75; to 300"}},
		// Its topic, declared with it, by its id and by its card.
		{[]string{"rules", "scratch"}, 0, []string{"UNO Scratch (scratch)", "Values: numbers their face value; Skip 20; Wild Scratch 75. First to 300 wins.", "For 2 to 6 players. From a test's own sheet"}},
		{[]string{"rules", "wsx"}, 0, []string{"UNO Scratch (scratch)", "Wild Scratch 75"}},
		{[]string{"rules", "--json", "wild", "scratch"}, 0, []string{`"topic": "scratch"`}},
	} {
		code, out, errs := run(t, db, false, c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d: %s%s", strings.Join(c.args, " "), code, c.code, out, errs)
		}
		for _, s := range c.says {
			if !strings.Contains(out+errs, s) {
				t.Errorf("%s: no %q in:\n%s%s", strings.Join(c.args, " "), s, out, errs)
			}
		}
	}
}
