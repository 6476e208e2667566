package flow

import (
	"testing"

	"github.com/unoscore/unoscore/rules"
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
