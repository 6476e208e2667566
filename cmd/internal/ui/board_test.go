package ui

import (
	"testing"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// TestRotatingWinnerLines: the highest total wins; players tied at it
// share the win.
func TestRotatingWinnerLines(t *testing.T) {
	four := []string{"Ann", "Bob", "Cat", "Dan"}
	ten, _ := rules.ParseHand("10pts")
	play := func(outs ...string) *scoring.Board {
		t.Helper()
		b, err := scoring.New(scoring.Settings{Mode: scoring.Rotating, Players: four, Hands: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, out := range outs {
			seat, _ := b.Settings.Seat(out)
			var left []scoring.Left
			for _, s := range b.ScorersAt(1, seat) {
				left = append(left, scoring.Left{Player: b.Name(s), Cards: ten})
			}
			if _, err := b.Play(scoring.Hand{Table: 1, Out: out, Left: left}); err != nil {
				t.Fatal(err)
			}
		}
		return b
	}
	// Rounds: Ann & Cat, then Ann & Dan, then Ann & Bob partner.
	if got := WinnerLine(play("Ann", "Bob", "Dan")); got != "Cat wins with the highest total (60), after 3 hands." {
		t.Errorf("one winner: %q", got)
	}
	if got := WinnerLine(play("Ann", "Bob", "Ann")); got != "Ann, Bob and Cat win, tied at the highest total (40), after 3 hands." {
		t.Errorf("a tie: %q", got)
	}
}
