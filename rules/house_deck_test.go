package rules

import "testing"

// A deck's own rules are not offered again as house rules: No Mercy
// stacks, draws until a card fits and swaps on 7 and 0 (its declaration's
// Rules); no other deck plays a house rule of its own.
func TestPlaysHouse(t *testing.T) {
	for _, d := range Decks() {
		for _, h := range HouseRules {
			want := d.ID == "no-mercy" && h.ID != "jump-in"
			if got := d.PlaysHouse(h.ID); got != want {
				t.Errorf("%s plays %s: %v, want %v", d.ID, h.ID, got, want)
			}
		}
	}
}
