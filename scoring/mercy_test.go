package scoring

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// No Mercy's knock-outs (issue 30 §2), worked out by hand: a knocked-out
// player's cards are not scored, the winner scores 250 for each, a hand
// can be won by the last player not knocked out, and a hand of 25 cards
// or more for a player still in is refused.
func TestNoMercyKnockOuts(t *testing.T) {
	b := mustBoard(t, Settings{Deck: "no-mercy", Players: []string{"Ann", "Bob", "Cat", "Dan"}})
	if b.Settings.Target != 1000 {
		t.Fatalf("target %d, want No Mercy's 1000", b.Settings.Target)
	}
	anyHand := func(s string) rules.Hand {
		h, err := rules.ParseAnyHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	// Hand 1: Ann out; Bob rd4 wd10 = 20 + 50 = 70; Cat r7 = 7; Dan knocked
	// out: 250. Ann 327.
	h := Hand{Out: "ann", Left: []Left{{Player: "Bob", Cards: anyHand("rd4 wd10")}, {Player: "Cat", Cards: anyHand("r7")}}, KnockedOut: []string{"dan"}}
	row, err := b.Play(h)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Rows[0]; got.Won != 327 || got.Bonus != 250 || len(got.KnockedOut) != 1 || got.KnockedOut[0] != 3 || got.Held[3] != -1 {
		t.Errorf("hand 1: won %d, bonus %d, knocked %v, Dan held %d", got.Won, got.Bonus, got.KnockedOut, got.Held[3])
	}
	if len(row.KnockedOut) != 1 || row.KnockedOut[0] != "Dan" {
		t.Errorf("hand 1 as counted: knocked out %v, want [Dan]", row.KnockedOut)
	}
	// Hand 2: Bob is the last player standing: Ann, Cat and Dan knocked
	// out, 3 x 250 = 750.
	if _, err := b.Play(Hand{Out: "Bob", KnockedOut: []string{"Ann", "Cat", "Dan"}}); err != nil {
		t.Fatal(err)
	}
	if got := scores(b); got[0] != 327 || got[1] != 750 || got[2] != 0 || got[3] != 0 {
		t.Errorf("scores %v, want [327 750 0 0]", got)
	}
	refused := []struct {
		h    Hand
		want string
	}{
		{Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: anyHand("25x1")}, {Player: "Cat", Cards: anyHand("r1")}, {Player: "Dan", Cards: anyHand("r2")}}},
			"Bob holds 25 cards: with 25 or more a player is knocked out (mercy rule); record it with --knocked-out Bob"},
		{Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: anyHand("r1")}}, KnockedOut: []string{"Bob", "Cat", "Dan"}}, "Bob was knocked out"},
		{Hand{Out: "Ann", KnockedOut: []string{"Ann", "Cat"}}, "Ann went out, so was not knocked out"},
		{Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: anyHand("r1")}}, KnockedOut: []string{"Cat"}}, "Dan's cards are missing"},
	}
	for _, r := range refused {
		if _, err := b.Check(r.h); err == nil || !strings.Contains(err.Error(), r.want) {
			t.Errorf("%+v: %v, want %q", r.h, err, r.want)
		}
	}
	// No knock-outs outside No Mercy.
	c := mustBoard(t, Settings{Players: []string{"Ann", "Bob", "Cat"}})
	if _, err := c.Check(Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: anyHand("r1")}}, KnockedOut: []string{"Cat"}}); err == nil || !strings.Contains(err.Error(), "only a No Mercy game") {
		t.Errorf("knock-out in a classic game: %v", err)
	}
}
