package scoring

import (
	"errors"
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// TestFlipEveryMode: in every mode an UNO Flip hand is counted on the side
// its cards tell (a Wild 40, a Wild Draw Color 60), the side is kept with
// the hand, and a hand whose leftovers mix sides is refused, counting
// nothing.
func TestFlipEveryMode(t *testing.T) {
	four := []string{"Ann", "Bob", "Cat", "Dan"}
	for _, s := range []Settings{
		{Mode: Standard, Players: four[:3]},
		{Mode: Lowest, Players: four[:3]},
		{Mode: Partners, Players: four, Teams: [][]string{{"Ann", "Cat"}, {"Bob", "Dan"}}},
		{Mode: Challenge, Players: four[:3]},
		{Mode: Rotating, Players: four},
	} {
		s.Deck = "flip"
		b := mustBoard(t, s)
		left := func(cards ...string) Hand {
			h := Hand{Out: "Ann"}
			for i, seat := range b.ScorersAt(1, 0) {
				c, err := rules.ParseHand(cards[min(i, len(cards)-1)])
				if err != nil {
					t.Fatal(err)
				}
				h.Left = append(h.Left, Left{Player: b.Name(seat), Cards: c})
			}
			return h
		}
		// Mixed: a red 7 (light) beside a teal 3 (dark).
		_, err := b.Play(left("r7", "t3"))
		var se *rules.SideError
		if !errors.As(err, &se) || b.Hands() != 0 {
			t.Fatalf("%s: mixed sides: %v, %d hands", s.Mode, err, b.Hands())
		}
		if se.Error() != "the hands name a red 7, a light-side card, and a teal 3, a dark-side card: every hand's cards are counted on the side in play when it ended" {
			t.Errorf("%s: %v", s.Mode, se)
		}
		// Dark: pink 3 + Wild = 3 + 40 = 43; Skip Everyone + Wild Draw
		// Color = 30 + 60 = 90.
		if _, err := b.Play(left("pk3 w", "tse wdc")); err != nil {
			t.Fatalf("%s: %v", s.Mode, err)
		}
		// Light: Draw One + Wild Draw Two = 10 + 50 = 60; a Wild 40.
		if _, err := b.Play(left("rd1 wd2", "w")); err != nil {
			t.Fatalf("%s: %v", s.Mode, err)
		}
		// No card tells: a Flip and a Reverse, 20 each.
		if _, err := b.Play(left("f", "rev")); err != nil {
			t.Fatalf("%s: %v", s.Mode, err)
		}
		n := len(b.ScorersAt(1, 0))
		for i, want := range []struct {
			side rules.Side
			won  int
		}{{rules.Dark, 43 + 90*(n-1)}, {rules.Light, 60 + 40*(n-1)}, {rules.NoSide, 20 * n}} {
			r := b.Rows[i]
			if r.FlipSide != want.side || r.Won != want.won {
				t.Errorf("%s hand %d: side %q, %d points; want %q, %d", s.Mode, i+1, r.FlipSide, r.Won, want.side, want.won)
			}
		}
		// Replayed from the hands as stored, the sides come back.
		again, err := Replay(b.Settings, []Hand{b.Rows[0].Hand, b.Rows[1].Hand})
		if err != nil || again.Rows[0].FlipSide != rules.Dark || again.Rows[1].FlipSide != rules.Light {
			t.Errorf("%s: replay %v", s.Mode, err)
		}
	}
	// Another deck's hands have no side.
	b := mustBoard(t, Settings{Players: four[:2]})
	if _, err := b.Play(hand(t, "Ann", "Bob=r7 w")); err != nil || b.Rows[0].FlipSide != rules.NoSide || b.Rows[0].Won != 57 {
		t.Errorf("classic: %v, %+v", err, b.Rows[0])
	}
}
