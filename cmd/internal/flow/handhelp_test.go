package flow

import (
	"slices"
	"testing"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// The help before the cards names the deck's own draw cards: in a No Mercy
// game it said "After a Draw Two or Wild Draw Four", a card No Mercy does
// not have (the old code printed handHelp for every one-sided deck).
func TestDeckHandHelp(t *testing.T) {
	for _, tc := range []struct{ deck, draws string }{
		{"classic", "After a Draw Two or Wild Draw Four, count"},
		{"no-mercy", "After a Draw Two, Draw Four, Wild Reverse Draw Four, Wild Draw Six or Wild Draw Ten, count"},
	} {
		d, err := rules.LookupDeck(tc.deck)
		if err != nil {
			t.Fatal(err)
		}
		want := handHelpStart + ". " + tc.draws + " the cards the next player drew."
		if got := deckHandHelp(d); got != want {
			t.Errorf("%s:\n got %q\nwant %q", tc.deck, got, want)
		}
	}
	if got := deckHandHelp(nil); got != handHelp {
		t.Errorf("no deck: got %q, want handHelp", got)
	}
}

// Newcomer 2, item 11: a card typed as two words at the card prompt, a
// colour then its face ("R 7", "yellow skip"), is refused with the card
// suggested as one word, as "check play --on" suggests it; the old code
// said only "a colour needs a face after it, as in "r7"; no face in "R"".
func TestCardsTypedAsTwoWords(t *testing.T) {
	b, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}})
	if err != nil {
		t.Fatal(err)
	}
	env, f, _ := testEnv(t, "Bob", "R 7", "red w", "r7", "yellow skip g5", "ys g5", "y")
	h, ok, err := Hand(env, b, 0, nil, "Save this hand?")
	if err != nil || !ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	want := []string{
		`R 7: a card is one word, colour and face together, not "R 7": did you mean "r7"?`,
		// The words as one are no card (a Wild has no colour): as before.
		`red w: a colour needs a face after it, as in "red7"; no face in "red"`,
		`yellow skip g5: a card is one word, colour and face together, not "yellow skip": did you mean "ys"?`,
	}
	if !slices.Equal(f.Rejected, want) {
		t.Errorf("refused:\n%q\nwant\n%q", f.Rejected, want)
	}
	if len(h.Left) != 2 || h.Left[0].Cards.String() != "r7" || h.Left[1].Cards.String() != "ys g5" {
		t.Errorf("the hand: %+v", h.Left)
	}
}
