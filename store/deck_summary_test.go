package store

import (
	"bytes"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// A game's summary names its deck, so that the list of games can show a
// No Mercy game as one: a classic game's summary names none (its bytes are
// what an older unoscore wrote), and a summary an older unoscore wrote of
// any game (no deck) reads as classic, in a listing and in doctor's eyes.
func TestSummaryKeepsTheDeck(t *testing.T) {
	db := openTemp(t)
	mercy := must[*Game](t)(db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}, Deck: "no-mercy"}))
	classic := must[*Game](t)(db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}, Deck: "minimalista"}))
	decks := func() map[string]string {
		t.Helper()
		got := map[string]string{}
		for _, brief := range []bool{false, true} {
			list := db.List
			if brief {
				list = db.ListBrief
			}
			if _, err := list(0, func(s Summary) error {
				if d, ok := got[s.ID]; ok && d != s.DeckID() {
					t.Errorf("game %s: List reads %s, ListBrief %s", s.ID, d, s.DeckID())
				}
				got[s.ID] = s.DeckID()
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		return got
	}
	if got := decks(); got[mercy.ID] != "no-mercy" || got[classic.ID] != "classic" {
		t.Errorf("decks listed: %v", got)
	}
	kept := func(g *Game) []byte {
		var v []byte
		if err := db.view(func(tx *bolt.Tx) error {
			v, _ = unseal(bucketSummaries, gameKey(g.num), tx.Bucket(bucketSummaries).Get(gameKey(g.num)))
			v = bytes.Clone(v)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if v := kept(classic); bytes.Contains(v, []byte(`"deck"`)) {
		t.Errorf("a classic game's summary names its deck: %s", v)
	}
	v := kept(mercy)
	if !bytes.Contains(v, []byte(`"mode":"standard","deck":"no-mercy","players":`)) {
		t.Errorf("a No Mercy game's summary: %s", v)
	}
	// The summary as an older unoscore wrote it: no deck.
	older := withoutDeck(v)
	if bytes.Contains(older, []byte("deck")) || len(older) >= len(v) {
		t.Fatalf("without its deck: %s", older)
	}
	if err := db.update(func(tx *bolt.Tx) error {
		return putSealed(tx.Bucket(bucketSummaries), bucketSummaries, gameKey(mercy.num), older)
	}); err != nil {
		t.Fatal(err)
	}
	if got := decks(); got[mercy.ID] != "classic" {
		t.Errorf("an older summary, decks listed: %v", got)
	}
	if r := must[Report](t)(db.Doctor()); len(r.Problems) > 0 {
		t.Errorf("doctor on a summary an older unoscore wrote: %q", r.Problems)
	}
	// Its next change writes the deck again.
	cards := must[rules.Hand](t)(rules.ParseHand("r7"))
	if _, err := db.AddHand(mercy.ID, scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: cards}}}); err != nil {
		t.Fatal(err)
	}
	if got := decks(); got[mercy.ID] != "no-mercy" {
		t.Errorf("after a hand, decks listed: %v", got)
	}
}
