package rules

import "testing"

// TestTotalPointsIsEveryFace: TotalPoints, summed over the faces a deck
// holds, is the sum over every face of its copies times its value, for
// every deck, each side of UNO Flip, and a deck with fewer customizable
// wilds than printed.
func TestTotalPointsIsEveryFace(t *testing.T) {
	every := func(d *Deck) int {
		n := 0
		for _, f := range Faces {
			n += d.Copies(f) * d.Points(Card{Face: f})
		}
		return n
	}
	var ds []*Deck
	for _, d := range Decks() {
		ds = append(ds, d)
		ds = append(ds, d.Sides...)
		if d.Customizable() > 1 {
			c, err := d.WithCustom(1)
			if err != nil {
				t.Fatal(err)
			}
			ds = append(ds, c)
		}
	}
	for _, d := range ds {
		if d.Sides != nil {
			continue // the larger side's, checked as each side
		}
		if got, want := d.TotalPoints(), every(d); got != want || got == 0 {
			t.Errorf("%s: TotalPoints %d, every face %d", d.ID, got, want)
		}
	}
}
