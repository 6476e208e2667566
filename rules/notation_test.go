package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want Card
	}{
		{"7", Card{Face: 7}},
		{"0", Card{Face: 0}},
		{"r7", Card{Red, 7}},
		{"RED7", Card{Red, 7}},
		{"Green3", Card{Green, 3}},
		{"gs", Card{Green, Skip}},
		{"gskip", Card{Green, Skip}},
		{"b+2", Card{Blue, DrawTwo}},
		{"bd2", Card{Blue, DrawTwo}},
		{"bluedraw2", Card{Blue, DrawTwo}},
		{"yrev", Card{Yellow, Reverse}},
		{"yreverse", Card{Yellow, Reverse}},
		{"rrev", Card{Red, Reverse}},
		{"rev", Card{Face: Reverse}},
		{"s", Card{Face: Skip}},
		{"rs", Card{Red, Skip}},
		{"ys", Card{Yellow, Skip}},
		{"d2", Card{Face: DrawTwo}},
		{"+2", Card{Face: DrawTwo}},
		{"w", Card{Face: Wild}},
		{"WILD", Card{Face: Wild}},
		{"wd4", Card{Face: WildDrawFour}},
		{"+4", Card{Face: WildDrawFour}},
		{"w4", Card{Face: WildDrawFour}},
		{"ws", Card{Face: WildShuffle}},
		{"shuffle", Card{Face: WildShuffle}},
		{"wc", Card{Face: WildCustom}},
		{"custom", Card{Face: WildCustom}},
		{"pu7", Card{Purple, 7}},
		{"purple7", Card{Purple, 7}},
		{"PK+2", Card{Pink, DrawTwo}},
		{"pinkrev", Card{Pink, Reverse}},
		{"pus", Card{Purple, Skip}},
	}
	for _, tt := range tests {
		got, err := ParseCard(tt.in)
		if err != nil {
			t.Errorf("ParseCard(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseCard(%q) = %v, want %v", tt.in, got, tt.want)
		}
		// The canonical token reads back as the same card.
		again, err := ParseCard(got.Token())
		if err != nil || again != got {
			t.Errorf("ParseCard(%q.Token() = %q) = %v, %v", tt.in, got.Token(), again, err)
		}
	}
}

func TestParseCardErrors(t *testing.T) {
	tests := []struct {
		in      string
		suggest string
		problem string
	}{
		{"r77", "r7", "unknown card"},
		{"skp", "skip", "unknown card"},
		{"rwd4", "wd4", "has no colour"},
		{"gw", "w", "has no colour"},
		{"red", "", "needs a face"},
		{"y", "", "needs a face"},
		{"brown7", "", "unknown card"},
		{"p7", "", "unknown card"},
		{"", "", "unknown card"},
		{"10", "", "unknown card"},
	}
	for _, tt := range tests {
		_, err := ParseCard(tt.in)
		var te *TokenError
		if !errors.As(err, &te) {
			t.Errorf("ParseCard(%q) error = %v, want a TokenError", tt.in, err)
			continue
		}
		if te.Suggest != tt.suggest {
			t.Errorf("ParseCard(%q) suggests %q, want %q", tt.in, te.Suggest, tt.suggest)
		}
		if !strings.Contains(te.Error(), tt.problem) || !strings.Contains(te.Error(), `"`+tt.in+`"`) {
			t.Errorf("ParseCard(%q) error %q does not say %q and name the token", tt.in, te.Error(), tt.problem)
		}
	}
}

func TestParseHand(t *testing.T) {
	tests := []struct {
		in     string
		points int
		cards  int
		canon  string
	}{
		{"r7 wd4", 57, 2, "r7 wd4"},
		{"r7,wd4", 57, 2, "r7 wd4"},
		{"r7, wd4 ,  g2", 59, 3, "r7 wd4 g2"},
		{"3x7", 21, 3, "3x7"},
		{"2xskip", 40, 2, "2xs"},
		{"2xr+2 b9", 49, 3, "2xrd2 b9"},
		{"37pts", 37, 0, "37pts"},
		{"0pts", 0, 0, "0pts"},
		{"r1 12pts 3PTS", 16, 1, "r1 12pts 3pts"},
		{"w ws wc", 130, 3, "w ws wc"},
		{"7 7", 14, 2, "2x7"},
		{"wild4 wild+4 W+4", 150, 3, "3xwd4"},
		{"", 0, 0, ""},
	}
	for _, tt := range tests {
		h, err := ParseHand(tt.in)
		if err != nil {
			t.Errorf("ParseHand(%q): %v", tt.in, err)
			continue
		}
		if h.Points() != tt.points || len(h.Cards) != tt.cards || h.String() != tt.canon {
			t.Errorf("ParseHand(%q) = %d points, %d cards, %q; want %d, %d, %q",
				tt.in, h.Points(), len(h.Cards), h.String(), tt.points, tt.cards, tt.canon)
		}
		back, err := ParseHand(h.String())
		if err != nil || back.String() != h.String() || back.Points() != h.Points() {
			t.Errorf("ParseHand(%q) does not read back: %v, %v", h.String(), back, err)
		}
	}
}

func TestParseHandErrors(t *testing.T) {
	tests := []struct{ in, token, suggest string }{
		{"r7 r77", "r77", "r7"},
		{"0x7", "0x7", ""},
		{"113x7", "113x7", ""},
		{"3x", "3x", ""},
		{"2x37pts", "2x37pts", ""},
		{"3xr77", "3xr77", "3xr7"},
		{"100000pts", "100000pts", ""},
		{"60x1 60x2", "60x2", ""},
		{"r7 37", "37", "37pts"},
		{"10", "10", "10pts"},
		{"007", "007", "7pts"},
	}
	for _, tt := range tests {
		_, err := ParseHand(tt.in)
		var te *TokenError
		if !errors.As(err, &te) {
			t.Errorf("ParseHand(%q) error = %v, want a TokenError", tt.in, err)
			continue
		}
		if te.Token != tt.token || te.Suggest != tt.suggest {
			t.Errorf("ParseHand(%q): token %q suggest %q, want %q %q", tt.in, te.Token, te.Suggest, tt.token, tt.suggest)
		}
	}
}

func TestPoints(t *testing.T) {
	want := map[Face]int{0: 0, 5: 5, 9: 9, DrawTwo: 20, Skip: 20, Reverse: 20, Wild: 50, WildDrawFour: 50, WildShuffle: 40, WildCustom: 40}
	for f, p := range want {
		if f.Points() != p {
			t.Errorf("%v.Points() = %d, want %d", f, f.Points(), p)
		}
	}
}

func FuzzParseHand(f *testing.F) {
	for _, s := range []string{"r7 wd4", "3x7,2xskip", "37pts", "red7 b+2 yrev", "rwd4", "113x7", "ws wc w4 +4", "pkd5 tse wdc", "rd1 w+2 yf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHand(s)
		if err != nil {
			var te *TokenError
			if !errors.As(err, &te) {
				t.Fatalf("ParseHand(%q) error %v is not a TokenError", s, err)
			}
			if te.Error() == "" {
				t.Fatalf("empty error message")
			}
			return
		}
		if len(h.Cards) > MaxCards {
			t.Fatalf("ParseHand(%q) gave %d cards", s, len(h.Cards))
		}
		back, err := ParseHand(h.String())
		if err != nil {
			t.Fatalf("canonical form %q of %q does not parse: %v", h.String(), s, err)
		}
		if back.String() != h.String() || back.Points() != h.Points() {
			t.Fatalf("round trip of %q: %q (%d) vs %q (%d)", s, h.String(), h.Points(), back.String(), back.Points())
		}
	})
}

// TestCountedPointsOutOfRange: any number of points too big says the range,
// never "unknown card".
func TestCountedPointsOutOfRange(t *testing.T) {
	for _, in := range []string{"100000pts", "1000000pts", "99999999999999999999pts", "1234567890123p"} {
		_, err := ParseHand(in)
		if err == nil || !strings.Contains(err.Error(), "counted points must be 0 to") {
			t.Errorf("ParseHand(%q): %v", in, err)
		}
	}
}

// TestSuggestionsOfTheDeck: a token that is no card suggests a card of the
// game's deck (never a Flip-only card in a classic game, nor a classic one
// in Flip), keeps the colour typed, reads a count written after the card
// and a Draw Four typed d4 as the deck has it.
func TestSuggestionsOfTheDeck(t *testing.T) {
	deck := func(id string) *Deck {
		d, err := LookupDeck(id)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tt := range []struct {
		deck    string // "" for ParseHand, of any deck
		in      string
		suggest string
	}{
		{"classic", "wd4x2", "2xwd4"},
		{"classic", "r7x3", "3xr7"},
		{"classic", "wd3", "wd4"},
		{"flip", "wd3", "wd2"},
		{"classic", "yrevers", "yrev"},
		{"classic", "3xyrevers", "3xyrev"},
		{"classic", "yellowrevers", "yrev"},
		{"classic", "revers", "reverse"},
		{"classic", "rr3", "r3"},
		{"classic", "d4", "wd4"},
		{"classic", "rd4", "rd2"},
		{"themed", "pud4", "pud2"},
		{"flip", "d4", "wd2"},
		{"flip", "rd4", "rd1"},
		{"flip", "pkd4", "pkd5"},
		{"flip", "pkd1", "pkd5"},
		{"flip", "rse", "rs"},
		{"flip", "rwd4", ""},
		{"flip", "rwd2", "wd2"},
		{"flip", "rr", "r1"},
		{"classic", "rr", "r0"},
		{"", "d4", "wd4"},
		{"", "rd4", "rd2"},
		{"", "wd4x2", "2xwd4"},
		{"", "yrevers", "yrev"},
		// Issue 29, item 9: a number above 9 after a card is likely its
		// points counted by hand (the old code suggested "0" for w10).
		{"classic", "w10", "w 10pts"},
		{"classic", "2xwd412", "2xwd4 12pts"},
		{"flip", "wdc25", "wdc 25pts"},
		{"classic", "r77", "r7"},
		{"", "w10", "w 10pts"},
	} {
		var err error
		if tt.deck == "" {
			_, err = ParseHand(tt.in)
		} else {
			_, err = deck(tt.deck).ParseHand(tt.in)
		}
		var te *TokenError
		if !errors.As(err, &te) || te.Suggest != tt.suggest {
			t.Errorf("%s: %q: %v, want the suggestion %q", tt.deck, tt.in, err, tt.suggest)
		}
	}
	// One card asked for (check play w10): the points are no answer, but
	// what is wrong is said.
	for _, in := range []string{"w10", "wd412"} {
		_, err := deck("classic").ParseCard(in)
		var te *TokenError
		if !errors.As(err, &te) || te.Suggest != "" || te.Detail != "no card is a number above 9" {
			t.Errorf("ParseCard(%q): %v; want no card above 9 said, nothing suggested", in, err)
		}
	}
}

// FuzzSuggestionIsTheDecks: whatever is typed, what a deck suggests
// instead is read by that deck as cards it has.
func FuzzSuggestionIsTheDecks(f *testing.F) {
	for _, s := range []string{"wd4x2", "yrevers", "d4", "rd4", "pkd1", "rse", "pks", "r77", "3xrr", "37", "rwd4", "pu7", "r7", "w10", "2xr10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range Decks() {
			_, err := d.ParseHand(s)
			var te *TokenError
			if err == nil || !errors.As(err, &te) || te.Suggest == "" {
				continue
			}
			h, err := d.ParseHand(te.Suggest)
			if err == nil {
				err = d.Lacking(h)
			}
			if err != nil {
				t.Fatalf("%s: %q suggests %q, which it refuses: %v", d.ID, s, te.Suggest, err)
			}
		}
	})
}

// TestCardOfAnotherDeck: a card another deck holds, typed in a game of a
// deck without it, is named with its deck ("wd10": No Mercy's), not taken
// for a misspelling of this deck's nearest card (the newcomer's "did you
// mean wd4?"); a Draw Four written d4 or +4 is still the deck's own.
func TestCardOfAnotherDeck(t *testing.T) {
	for _, c := range []struct{ deck, tok, want string }{
		{"classic", "wd10", `unknown card "wd10" (a Wild Draw Ten is a card of the UNO Show 'Em No Mercy deck, not of the classic 108-card deck)`},
		{"classic", "wrd4", `(a Wild Reverse Draw Four is a card of the UNO Show 'Em No Mercy deck`},
		{"classic", "d4", `did you mean "wd4"?`},
		{"classic", "wd5", `did you mean "wd4"?`},
	} {
		d, err := LookupDeck(c.deck)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.ParseCard(c.tok); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want %q", c.deck, c.tok, err, c.want)
		}
	}
}
