package web

import "testing"

// TestDigits: a total's class counts its characters, a minus sign
// included (a lowest-wins or corrected total can be negative), so that the
// card sizes the number to fit.
func TestDigits(t *testing.T) {
	for score, want := range map[int]int{0: 1, 7: 1, 42: 2, 1368: 4, 12340: 5, -85: 3, -1240: 5} {
		if got := (colView{Score: score}).Digits(); got != want {
			t.Errorf("Digits of %d = %d, want %d", score, got, want)
		}
	}
}
