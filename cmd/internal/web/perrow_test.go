package web

import "testing"

// TestPerRow: a television's rows of totals are as even as they go, at
// most six a row up to twelve players and eight past twelve (a Party deck
// seats sixteen: two rows, not three, so that the score pad has room).
func TestPerRow(t *testing.T) {
	for _, c := range []struct{ n, per int }{
		{2, 2}, {4, 4}, {6, 6}, {7, 4}, {10, 5}, {11, 6}, {12, 6},
		{13, 7}, {14, 7}, {15, 8}, {16, 8},
	} {
		if got := perRow(c.n); got != c.per {
			t.Errorf("perRow(%d) = %d, want %d", c.n, got, c.per)
		}
	}
}
