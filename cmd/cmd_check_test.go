package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// TestCheckHelpNamesEveryDeck: check's help lists the decks --deck takes
// from the decks' declarations, so a deck added there is named here too.
func TestCheckHelpNamesEveryDeck(t *testing.T) {
	code, out, errs := run(t, filepath.Join(t.TempDir(), "u.db"), false, "check", "--help")
	if code != 0 {
		t.Fatalf("check --help: exit %d: %s", code, errs)
	}
	_, line, ok := strings.Cut(strings.Join(strings.Fields(out), " "), "--deck names the deck")
	if !ok {
		t.Fatalf("check --help says nothing of --deck:\n%s", out)
	}
	line, _, _ = strings.Cut(line, "Without it")
	for _, id := range rules.DeckIDs() {
		if !strings.Contains(line, id) {
			t.Errorf("check --help's list of decks leaves out %q: %s", id, line)
		}
	}
}

// TestCheckHelpReadsTheDecks: check's --color help names every colour of
// every deck (each UNO Flip side) with its letter, and its long help the
// tokens of UNO Flip's own cards and its challenged wilds, read from the
// declarations: none of it is written as prose that could go stale.
func TestCheckHelpReadsTheDecks(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	_, out, _ := run(t, db, false, "check", "play", "--help")
	_, color, ok := strings.Cut(strings.Join(strings.Fields(out), " "), "--color string")
	if !ok {
		t.Fatalf("no --color in check play --help:\n%s", out)
	}
	color, _, _ = strings.Cut(color, "--deck")
	for _, d := range rules.Decks() {
		sides := d.Sides
		if sides == nil {
			sides = []*rules.Deck{d}
		}
		for _, s := range sides {
			for _, c := range s.Colors {
				if !strings.Contains(color, c.String()) || !strings.Contains(color, " "+c.Letter()) {
					t.Errorf("--color help lacks %s's %s (%s): %s", d.ID, c, c.Letter(), color)
				}
			}
		}
	}
	_, out, _ = run(t, db, false, "check", "--help")
	long := strings.Join(strings.Fields(out), " ")
	classic, _ := rules.LookupDeck(rules.DefaultDeck)
	flip, _ := rules.LookupDeck("flip")
	for _, s := range flip.Sides {
		for _, f := range s.Faces() {
			if !f.IsNumber() && classic.Copies(f) == 0 && !strings.Contains(long, f.Token()) {
				t.Errorf("check --help lacks UNO Flip's %s (%s)", f, f.Token())
			}
			if f.IsWild() && f != rules.Wild && !strings.Contains(long, f.String()+" ("+s.Side.String()+")") {
				t.Errorf("check --help does not say a challenge is of %s on the %s side", f, s.Side)
			}
		}
	}
	if !strings.Contains(long, "the shuffle deck for ws or wc, the themed deck for purple (pu) or pink (pk)") {
		t.Errorf("check --help: %s", long)
	}
}
