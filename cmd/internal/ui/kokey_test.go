package ui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// TestBoardSaysWhatKOIs: the board's "KO" (No Mercy's knock-out) has a key
// under the score pad, as its "(7)" and names have theirs and as the web
// page explains it, broken between words at 80 and 60 columns and whole
// into a pipe; a game with no knock-out has none.
func TestBoardSaysWhatKOIs(t *testing.T) {
	hand := func(cards string) rules.Hand {
		h, err := rules.ParseHand(cards)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	game := func(mode scoring.Mode, charge bool, knocked ...string) *scoring.Game {
		t.Helper()
		s := scoring.Settings{Players: []string{"Mom", "Dad", "Zoe", "Max", "Grandma Rosalind"}, Deck: "no-mercy", Mode: mode, MercyCharge: &charge}
		h := scoring.Hand{Out: "Dad", KnockedOut: knocked}
		for i, p := range []string{"Mom", "Zoe", "Max", "Grandma Rosalind"} {
			if len(knocked) == 0 || p != knocked[0] {
				h.Left = append(h.Left, scoring.Left{Player: p, Cards: hand([]string{"r7", "g9 b2", "yrev", "5"}[i])})
			}
		}
		g, err := scoring.Fold("abc123", []scoring.Event{{Type: scoring.EventCreated, Settings: &s}, {Type: scoring.EventHand, Hand: &h}})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, tt := range []struct {
		mode   scoring.Mode
		charge bool // new games in lowest and challenge charge a knock-out
		key    string
	}{
		{scoring.Standard, false, "KO: knocked out by the mercy rule (25 cards or more); the hand's winner scores 250 for each."},
		{scoring.Lowest, true, "KO: knocked out by the mercy rule (25 cards or more); the player knocked out is charged 250 onto their tally (+250 beside KO)."},
		// A game begun before unoscore charged a knock-out, as it was played.
		{scoring.Lowest, false, "KO: knocked out by the mercy rule (25 cards or more); this game began before unoscore charged a knock-out in lowest mode, so it costs the player knocked out nothing."},
	} {
		for _, width := range []int{0, 80, 60} {
			var out bytes.Buffer
			if err := WriteBoard(&out, game(tt.mode, tt.charge, "Zoe"), Style{Width: width}); err != nil {
				t.Fatal(err)
			}
			text := out.String()
			if !strings.Contains(text, " KO") {
				t.Fatalf("%s at %d: no KO on the board:\n%s", tt.mode, width, text)
			}
			// The key, whole once its lines are joined again.
			if !strings.Contains(strings.Join(strings.Fields(text), " "), tt.key) {
				t.Errorf("%s at %d: no key to KO:\n%s", tt.mode, width, text)
			}
			for _, line := range strings.Split(text, "\n") {
				if width > 0 && Width(line) > width {
					t.Errorf("%s at %d: a line of %d columns: %q", tt.mode, width, Width(line), line)
				}
			}
		}
	}
	var out bytes.Buffer
	if err := WriteBoard(&out, game(scoring.Standard, false), Style{Width: 80}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "KO") {
		t.Errorf("no knock-out, yet:\n%s", out.String())
	}
}
