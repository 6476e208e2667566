package rules

import (
	"fmt"
	"strings"
	"testing"
)

// The referee's draw counts are the faces' declarations (rules/decks:
// Face.Draws), not numbers written in its sentences: a Draw Two that made
// a player draw 3 would be said so in every ruling and verdict that
// counts it.
func TestDrawCountsFromTheDeclarations(t *testing.T) {
	rulings := func() []string {
		next, _ := nextRuling(Situation{Cards: []Card{{Color: Red, Face: DrawTwo}}})
		two, _ := twoPlayerRuling(Situation{Cards: []Card{{Color: Red, Face: DrawTwo}}, Players: 2})
		wd4, _ := nextRuling(Situation{Cards: []Card{{Face: WildDrawFour}}})
		ch, _ := challengeRuling(Situation{Held: -1})
		v, err := Challenge(Card{Face: WildDrawFour}, Red, []Card{{Color: Green, Face: 5}})
		if err != nil {
			t.Fatal(err)
		}
		return []string{next.Text, two.Text, wd4.Text, ch.Text, v.Reason, fmt.Sprint(v.Cards)}
	}
	check := func(d2, wd4 int) {
		t.Helper()
		got := rulings()
		for i, want := range []string{fmt.Sprintf("draws %d", d2), fmt.Sprintf("draws %d", d2), fmt.Sprintf("draws %d", wd4),
			fmt.Sprintf("draws %d", wd4+challengeCost), fmt.Sprintf("draws %d", wd4+challengeCost), fmt.Sprint(wd4 + challengeCost)} {
			if !strings.Contains(got[i], want) {
				t.Errorf("%q does not say %q", got[i], want)
			}
		}
	}
	if DrawTwo.Draws() != 2 || WildDrawFour.Draws() != 4 || DrawFive.Draws() != 5 || WildDrawColor.Draws() != 0 {
		t.Fatalf("draws: d2 %d, wd4 %d, d5 %d, wdc %d", DrawTwo.Draws(), WildDrawFour.Draws(), DrawFive.Draws(), WildDrawColor.Draws())
	}
	check(2, 4)
	d2, wd4 := faceInfos[DrawTwo].draws, faceInfos[WildDrawFour].draws
	faceInfos[DrawTwo].draws, faceInfos[WildDrawFour].draws = 3, 5
	defer func() { faceInfos[DrawTwo].draws, faceInfos[WildDrawFour].draws = d2, wd4 }()
	check(3, 5)
}

// No Mercy stacks a draw card of equal or higher value: its own draw
// cards (read by their declared counts) are noted, and a lower one is
// said not to pass the total on.
func TestNoMercyStackingByDrawCounts(t *testing.T) {
	d, err := LookupDeck("no-mercy")
	if err != nil {
		t.Fatal(err)
	}
	card := func(s string) Card {
		h, err := d.ParseHand(s)
		if err != nil || len(h.Cards) != 1 {
			t.Fatalf("%s: %v", s, err)
		}
		return h.Cards[0]
	}
	for _, c := range []struct{ play, on, says string }{
		{"wd6", "rd4", "passes the total on"},
		{"rd4", "rd2", "passes the total on"},
		{"rd2", "rd4", "a Draw Two (2) on a Draw Four (4) does not pass the total on, so the player hit draws the 4"},
		{"rd2", "wd10", "a Draw Two (2) on a Wild Draw Ten (10) does not pass the total on"},
	} {
		called := NoColor
		if card(c.on).Face.IsWild() {
			called = Red
		}
		v, err := CanPlayIn(d, card(c.play), card(c.on), called, nil)
		if err != nil || !v.Legal || !strings.Contains(v.Note, c.says) {
			t.Errorf("%s on %s: %+v, %v; want a note saying %q", c.play, c.on, v, err, c.says)
		}
	}
}
