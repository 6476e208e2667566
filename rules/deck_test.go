package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestDecks(t *testing.T) {
	tests := []struct {
		id                      string
		size, wild, wd4, ws, wc int
	}{
		{"classic", 108, 4, 4, 0, 0},
		{"deluxe", 112, 8, 4, 0, 0},
		{"shuffle", 112, 4, 4, 1, 3},
	}
	for _, tt := range tests {
		d, err := LookupDeck(strings.ToUpper(tt.id))
		if err != nil {
			t.Fatal(err)
		}
		if d.Size() != tt.size || d.Copies(Wild) != tt.wild || d.Copies(WildDrawFour) != tt.wd4 ||
			d.Copies(WildShuffle) != tt.ws || d.Copies(WildCustom) != tt.wc {
			t.Errorf("%s: size %d, wilds %d/%d/%d/%d", tt.id, d.Size(), d.Copies(Wild), d.Copies(WildDrawFour), d.Copies(WildShuffle), d.Copies(WildCustom))
		}
		// Every deck: 19 number cards and 6 action cards per colour.
		perColor := 0
		for _, f := range Faces {
			perColor += PerColor(f)
		}
		if perColor != 25 {
			t.Errorf("per colour %d cards, want 25", perColor)
		}
	}
	if _, err := LookupDeck("clasic"); err == nil || !strings.Contains(err.Error(), `did you mean "classic"`) {
		t.Errorf("LookupDeck(clasic) = %v", err)
	}
}

func TestDeckCheck(t *testing.T) {
	classic, _ := LookupDeck("classic")
	shuffle, _ := LookupDeck("shuffle")
	deluxe, _ := LookupDeck("deluxe")
	tests := []struct {
		name  string
		deck  *Deck
		hands []string
		bad   string // part of the error, "" when the hands are possible
	}{
		{"ordinary", classic, []string{"r7 wd4", "g2 b+2"}, ""},
		{"four wd4 in two hands", classic, []string{"2xwd4", "2xwd4"}, ""},
		{"five wd4", classic, []string{"3xwd4", "2xwd4"}, "only 4 Wild Draw Fours, but these hands name 5"},
		{"second red 0", classic, []string{"r0", "r0"}, "only 1 red 0, but these hands name 2"},
		{"red 0 and a colourless 0", classic, []string{"r0", "0"}, ""},
		{"five 0s", classic, []string{"4x0", "0"}, "only 4 0s"},
		{"three red 7s", classic, []string{"2xr7", "r7"}, "only 2 red 7s"},
		{"eight 7s any colour", classic, []string{"4x7", "2xr7 2xg7"}, ""},
		{"nine 7s", classic, []string{"4x7", "2xr7 2xg7", "b7"}, "only 8 7s"},
		{"shuffle card in classic", classic, []string{"ws"}, "has no Wild Shuffle Hands card"},
		{"shuffle card in shuffle", shuffle, []string{"ws", "3xwc"}, ""},
		{"two shuffle cards", shuffle, []string{"ws", "ws"}, "only 1 Wild Shuffle Hands"},
		{"eight wilds deluxe", deluxe, []string{"8xw"}, ""},
		{"eight wilds classic", classic, []string{"8xw"}, "only 4 Wilds"},
		{"counted too much", classic, []string{"5000pts"}, "more than the whole"},
	}
	for _, tt := range tests {
		hands := parseHands(t, tt.name, tt.hands)
		err := tt.deck.Check(hands...)
		switch {
		case tt.bad == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.bad != "" && (err == nil || !strings.Contains(err.Error(), tt.bad)):
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.bad)
		case tt.bad != "":
			var de *DeckError
			if !errors.As(err, &de) {
				t.Errorf("%s: %T is not a DeckError", tt.name, err)
			}
		}
	}
}

// parseHands reads each of words as a hand; a test named name fails on one
// that does not read.
func parseHands(t *testing.T, name string, words []string) []Hand {
	t.Helper()
	var hands []Hand
	for _, s := range words {
		h, err := ParseHand(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		hands = append(hands, h)
	}
	return hands
}

// TestCheckAllocatesNothing: a game's replay checks every hand against the
// deck, so a check of hands that fit allocates nothing (it made a table of
// every face and colour, 3 KB, each time: a third of what doctor and
// export allocated on 10,000 games).
func TestCheckAllocatesNothing(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector's instrumentation allocates")
	}
	for _, id := range []string{"classic", "flip", "nomercy"} {
		d, err := LookupDeck(id)
		if err != nil {
			t.Fatal(err)
		}
		hands := parseHands(t, id, []string{"r7 b2", "y5"})
		if err := d.Check(hands...); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if n := testing.AllocsPerRun(100, func() { _ = d.Check(hands...) }); n != 0 {
			t.Errorf("%s: Check allocates %v times", id, n)
		}
	}
}
