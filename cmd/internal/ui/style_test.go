package ui

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// TestStyleCardsThemed: every colour of every deck has its own escape code,
// and the themed deck's purple and pink differ from the wilds' magenta.
func TestStyleCardsThemed(t *testing.T) {
	h, err := rules.ParseHand("pu7 pk2 g1 y0 r3 b4 w")
	if err != nil {
		t.Fatal(err)
	}
	got := Style{Color: true}.Cards(h)
	for _, want := range []string{"\x1b[38;5;93mpu7\x1b[0m", "\x1b[38;5;212mpk2\x1b[0m", "\x1b[32mg1\x1b[0m",
		"\x1b[33my0\x1b[0m", "\x1b[31mr3\x1b[0m", "\x1b[34mb4\x1b[0m", "\x1b[35mw\x1b[0m"} {
		if !strings.Contains(got, want) {
			t.Errorf("Cards(%q) = %q, want %q in it", h, got, want)
		}
	}
	for _, c := range rules.AllColors {
		if colorCodes[c] == "" {
			t.Errorf("no escape code for %s", c)
		}
	}
	if plain := (Style{}).Cards(h); plain != h.String() {
		t.Errorf("without colour: %q", plain)
	}
}
