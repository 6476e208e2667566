package prompter

import "testing"

// Issue 22, item 9: an item too long for the list is cut between words.
func TestClipWords(t *testing.T) {
	for _, c := range []struct {
		in    string
		width int
		want  string
	}{
		{"lowest     everyone tallies what they're caught with; lowest wins", 56, "lowest     everyone tallies what they're caught with…"},
		{"short", 56, "short"},
		{"themed   112 cards: 8 Wild, 4 Wild Draw Four, in purple, green, pink and yellow", 76, "themed   112 cards: 8 Wild, 4 Wild Draw Four, in purple, green, pink and…"},
		{"Annabelle-Fitzgerald-Okonkwo", 10, "Annabelle…"},
	} {
		if got := clipWords(c.in, c.width); got != c.want {
			t.Errorf("clipWords(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
	}
}
