package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestThemedDeck(t *testing.T) {
	d, err := LookupDeck("themed")
	if err != nil {
		t.Fatal(err)
	}
	if d.Size() != 112 || d.Copies(Wild) != 8 || d.Copies(WildDrawFour) != 4 || d.Copies(WildShuffle) != 0 {
		t.Errorf("themed: %d cards, %d Wild, %d Wild Draw Four", d.Size(), d.Copies(Wild), d.Copies(WildDrawFour))
	}
	if got := strings.Join(d.ColorNames(), ","); got != "purple,green,pink,yellow" {
		t.Errorf("themed colours %s", got)
	}
	if d.Copies(7) != 8 || d.Copies(0) != 4 {
		t.Errorf("themed: %d 7s, %d 0s", d.Copies(7), d.Copies(0))
	}
	e, _ := LookupEdition("themed-2020")
	if e.Deck != "themed" {
		t.Errorf("the Themed 2020 rulebook's deck is %q", e.Deck)
	}
}

func TestDeckParse(t *testing.T) {
	classic, _ := LookupDeck("classic")
	themed, _ := LookupDeck("themed")
	tests := []struct {
		deck    *Deck
		in      string
		canon   string // "" when refused
		suggest string
		problem string
	}{
		{themed, "pu7 pk+2 g3 y0 wd4", "pu7 pkd2 g3 y0 wd4", "", ""},
		{themed, "purple7, pink9", "pu7 pk9", "", ""},
		{themed, "2xpu7", "2xpu7", "", ""},
		{themed, "r7", "", "pk7", "no red; its colours are purple (pu), green (g), pink (pk) and yellow (y)"},
		{themed, "2xb+2", "", "2xpud2", "no blue"},
		{themed, "g1 blue5", "", "pu5", "no blue"},
		{classic, "pu7", "", "b7", "no purple; its colours are red (r), green (g), blue (b) and yellow (y)"},
		{classic, "pink2", "", "r2", "no pink"},
		{classic, "r7 g2", "r7 g2", "", ""},
	}
	for _, tt := range tests {
		h, err := tt.deck.ParseHand(tt.in)
		if tt.canon != "" {
			if err != nil || h.String() != tt.canon {
				t.Errorf("%s.ParseHand(%q) = %q, %v; want %q", tt.deck.ID, tt.in, h.String(), err, tt.canon)
			}
			if err := tt.deck.Check(h); err != nil {
				t.Errorf("%s.Check(%q): %v", tt.deck.ID, tt.in, err)
			}
			continue
		}
		var te *TokenError
		if !errors.As(err, &te) {
			t.Errorf("%s.ParseHand(%q) = %v, want a TokenError", tt.deck.ID, tt.in, err)
			continue
		}
		if te.Suggest != tt.suggest || !strings.Contains(te.Error(), tt.problem) {
			t.Errorf("%s.ParseHand(%q): %v (suggest %q); want %q suggesting %q", tt.deck.ID, tt.in, err, te.Suggest, tt.problem, tt.suggest)
		}
		// The notation without a deck reads it, and the deck check refuses it.
		g, err := ParseHand(tt.in)
		if err != nil {
			t.Fatalf("ParseHand(%q): %v", tt.in, err)
		}
		if err := tt.deck.Check(g); err == nil || !strings.Contains(err.Error(), "has no") {
			t.Errorf("%s.Check(%q) = %v, want the colour refused", tt.deck.ID, tt.in, err)
		}
	}
}

func TestDeckParseColor(t *testing.T) {
	themed, _ := LookupDeck("themed")
	classic, _ := LookupDeck("classic")
	for _, tt := range []struct {
		deck          *Deck
		in            string
		want          Color
		suggest, says string
	}{
		{themed, "PU", Purple, "", ""},
		{themed, "pink", Pink, "", ""},
		{themed, "g", Green, "", ""},
		{themed, "r", NoColor, "pink", "has no red"},
		{themed, "b", NoColor, "purple", "has no blue"},
		{themed, "purpel", NoColor, "purple", "colours are purple (pu)"},
		{classic, "purple", NoColor, "blue", "has no purple"},
		{classic, "bleu", NoColor, "blue", "unknown colour"},
	} {
		c, err := tt.deck.ParseColor(tt.in)
		if tt.want != NoColor {
			if err != nil || c != tt.want {
				t.Errorf("%s.ParseColor(%q) = %v, %v", tt.deck.ID, tt.in, c, err)
			}
			continue
		}
		var te *TokenError
		if !errors.As(err, &te) || te.Suggest != tt.suggest || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%s.ParseColor(%q) = %v; want %q suggesting %q", tt.deck.ID, tt.in, err, tt.says, tt.suggest)
		}
	}
}

func TestWithCustom(t *testing.T) {
	shuffle, _ := LookupDeck("shuffle")
	classic, _ := LookupDeck("classic")
	one, err := shuffle.WithCustom(1)
	if err != nil || one.Copies(WildCustom) != 1 || one.Size() != 110 || shuffle.Copies(WildCustom) != 3 {
		t.Fatalf("WithCustom(1) = %v, %v", one, err)
	}
	if err := one.Check(Hand{Cards: []Card{{Face: WildCustom}}}); err != nil {
		t.Error(err)
	}
	if err := one.Check(Hand{Cards: []Card{{Face: WildCustom}}}, Hand{Cards: []Card{{Face: WildCustom}}}); err == nil ||
		!strings.Contains(err.Error(), "the table put 1 of the 3 Wild Customizable cards in the deck, but these hands name 2") {
		t.Errorf("two custom cards in a deck with one: %v", err)
	}
	for _, n := range []int{0, 4, -1} {
		if _, err := shuffle.WithCustom(n); err == nil || !strings.Contains(err.Error(), "1 to 3") {
			t.Errorf("WithCustom(%d) = %v", n, err)
		}
	}
	if _, err := classic.WithCustom(1); err == nil || !strings.Contains(err.Error(), "no Wild Customizable") {
		t.Errorf("classic.WithCustom(1) = %v", err)
	}
}

// FuzzDeckParseHand: a hand the deck reads is in its colours, reads back the
// same from its canonical form, and agrees with the deck check; one it
// refuses is refused with a TokenError.
func FuzzDeckParseHand(f *testing.F) {
	for _, s := range []string{"pu7 pk+2", "r7 wd4", "3xpurple7", "2xb+2", "pink", "pu", "g1,y0 wc", "pkwd4"} {
		f.Add(s, uint8(0))
	}
	// The newer editions' tokens, each in every deck (which: the deck's index).
	for i, s := range []string{"gh2 bda yth wah whf", "w wsk2 wtd2 wfs", "rd4 +4 yse wd10 wcr", "rdt wcl wga", "rpt wdt wpu", "dt d4"} {
		f.Add(s, uint8(5+i))
	}
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		d := decks[int(which)%len(decks)]
		h, err := d.ParseHand(s)
		if err != nil {
			var te *TokenError
			if !errors.As(err, &te) || te.Error() == "" {
				t.Fatalf("%s.ParseHand(%q): %v", d.ID, s, err)
			}
			return
		}
		for _, c := range h.Cards {
			if c.Color != NoColor && !d.HasColor(c.Color) {
				t.Fatalf("%s.ParseHand(%q) gave a %s card", d.ID, s, c.Color)
			}
		}
		back, err := d.ParseHand(h.String())
		if err != nil || back.String() != h.String() {
			t.Fatalf("%s: canonical %q of %q reads as %q, %v", d.ID, h.String(), s, back.String(), err)
		}
		// As stored: read back whatever the deck. Only a hand the deck's
		// check lets through is ever stored (a pink Draw One, which the
		// themed deck's notation reads but the deck does not hold, is
		// refused before it could be).
		if d.Check(h) == nil { // never panics
			var stored Hand
			if err := stored.UnmarshalText([]byte(h.String())); err != nil || stored.String() != h.String() {
				t.Fatalf("%s: %q stored as %q reads back as %q, %v", d.ID, s, h.String(), stored.String(), err)
			}
		}
		if _, err := d.ParseColor(s); err != nil {
			var te *TokenError
			if !errors.As(err, &te) {
				t.Fatalf("%s.ParseColor(%q): %v", d.ID, s, err)
			}
		}
	})
}
