package scoring

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
)

func TestCustomCards(t *testing.T) {
	long := strings.Repeat("x", MaxCustomRuleLen+1)
	tests := []struct {
		name   string
		deck   string
		custom int
		rules  []string
		bad    string // part of the error; "" when accepted
		want   int    // Custom after normalizing
	}{
		{"default all three", "shuffle", 0, nil, "", 3},
		{"one card", "shuffle", 1, []string{" Take an extra turn "}, "", 1},
		{"two cards, two rules", "shuffle", 2, []string{"Swap hands with anyone", "Everyone draws 1"}, "", 2},
		{"four cards", "shuffle", 4, nil, "1 to 3 Wild Customizable cards", 0},
		{"negative", "shuffle", -1, nil, "1 to 3", 0},
		{"more rules than cards", "shuffle", 1, []string{"a", "b"}, "2 custom rules for 1 Wild Customizable card:", 0},
		{"rules without --custom: up to 3", "shuffle", 0, []string{"a", "b", "c"}, "", 3},
		{"empty rule", "shuffle", 2, []string{"a", "  "}, "custom rule 2 is empty", 0},
		{"long rule", "shuffle", 1, []string{long}, "the most is 120", 0},
		{"control character", "shuffle", 1, []string{"a\x1b[2Jb"}, "control character", 0},
		{"classic deck", "classic", 2, nil, "has no Wild Customizable cards", 0},
		{"classic deck, rules", "classic", 0, []string{"a"}, "has no Wild Customizable cards", 0},
		{"classic deck, nothing", "classic", 0, nil, "", 0},
	}
	for _, tt := range tests {
		s := Settings{Players: []string{"Ann", "Bob"}, Deck: tt.deck, Custom: tt.custom, CustomRules: tt.rules}
		b, err := New(s)
		if tt.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tt.bad) {
				t.Errorf("%s: %v, want %q", tt.name, err, tt.bad)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if b.Settings.Custom != tt.want || b.Deck.Copies(rules.WildCustom) != tt.want {
			t.Errorf("%s: custom %d, deck holds %d; want %d", tt.name, b.Settings.Custom, b.Deck.Copies(rules.WildCustom), tt.want)
		}
		for _, r := range b.Settings.CustomRules {
			if r != strings.TrimSpace(r) {
				t.Errorf("%s: rule %q not trimmed", tt.name, r)
			}
		}
	}
}

// TestCustomCardsInHands: every hand is checked against the number of Wild
// Customizable cards the table put in the deck.
func TestCustomCardsInHands(t *testing.T) {
	b, err := New(Settings{Players: []string{"Ann", "Bob", "Cat"}, Deck: "shuffle", Custom: 1})
	if err != nil {
		t.Fatal(err)
	}
	hand := func(bob, cat string) Hand {
		l := func(s string) rules.Hand { h, _ := rules.ParseHand(s); return h }
		return Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: l(bob)}, {Player: "Cat", Cards: l(cat)}}}
	}
	if _, err := b.Play(hand("wc", "r7")); err != nil {
		t.Errorf("one custom card: %v", err)
	}
	if _, err := b.Play(hand("wc", "wc")); err == nil || !strings.Contains(err.Error(), "the table put 1 of the 3 Wild Customizable cards in the deck, but these hands name 2") {
		t.Errorf("two custom cards in a deck with one: %v", err)
	}
}
