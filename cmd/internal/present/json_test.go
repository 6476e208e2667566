package present

import (
	"errors"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/scoring"
)

// TestLeft: a player's cards as typed become one entry of a hand; a bad
// name or card is bad input, named in the sentence.
func TestLeft(t *testing.T) {
	l, err := Left("Bob", "r7 2xwd4 37pts")
	if err != nil || l.Player != "Bob" || l.Cards.Points() != 144 || l.Cards.String() != "r7 2xwd4 37pts" {
		t.Fatalf("Bob=r7 2xwd4 37pts: %+v, %v", l, err)
	}
	for _, c := range []struct{ name, cards, says string }{
		{"Bob", "r7 zz", `Bob's cards: unknown card "zz"`},
		{"Bob", "37", `Bob's cards: `},
		{"", "r7", "name cannot be empty"},
		{"B=b", "r7", "="},
	} {
		_, err := Left(c.name, c.cards)
		var invalid *scoring.InputError
		if err == nil || !errors.As(err, &invalid) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q=%q: %v, want bad input saying %q", c.name, c.cards, err, c.says)
		}
	}
}
