package scoring

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/unoscore/unoscore/rules"
)

// TestMissedSaysTheCharge: another device is told of a No Mercy hand in
// lowest and challenge as the board and undo word it, the 250 charged to
// the player knocked out, not counted in the hand's points (it said "Ann
// went out, 255 points"); in standard the winner's 250 is in the points,
// as before.
func TestMissedSaysTheCharge(t *testing.T) {
	r5, err := rules.ParseAnyHand("r5")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	hand := Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: r5}}, KnockedOut: []string{"Cat"}}
	last := Hand{Out: "Ann", KnockedOut: []string{"Bob", "Cat"}}
	for _, c := range []struct {
		mode      Mode
		uncharged bool // a game begun before the charge: no mercy_charge in its settings
		want      []string
	}{
		{Lowest, false, []string{
			"Hand 1 was just recorded from another device: Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250.",
			"Hand 1 (Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250) was just voided from another device.",
			"Hand 1 was just recorded from another device: Ann was last standing; Bob and Cat knocked out, charged 250 each."}},
		{Challenge, false, []string{
			"Hand 1 was just recorded from another device: Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250.",
			"Hand 1 (Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250) was just voided from another device.",
			"Hand 1 was just recorded from another device: Ann was last standing; Bob and Cat knocked out, charged 250 each."}},
		{Lowest, true, []string{
			"Hand 1 was just recorded from another device: Ann went out; caught with cards: Bob 5; Cat knocked out, not charged.",
			"Hand 1 (Ann went out; caught with cards: Bob 5; Cat knocked out, not charged) was just voided from another device.",
			"Hand 1 was just recorded from another device: Ann was last standing; Bob and Cat knocked out, not charged."}},
		{Standard, false, []string{
			"Hand 1 was just recorded from another device: Ann went out, 255 points.",
			"Hand 1 (Ann went out, 255 points) was just voided from another device.",
			"Hand 1 was just recorded from another device: Ann was last standing, 500 points."}},
	} {
		t.Run(fmt.Sprintf("%s uncharged %v", c.mode, c.uncharged), func(t *testing.T) {
			s := &Settings{Deck: "no-mercy", Mode: c.mode, Players: []string{"Ann", "Bob", "Cat"}, MercyCharge: ptr(c.mode.LowWins() && !c.uncharged)}
			events := []Event{
				{Type: EventCreated, At: at, Settings: s},
				{Type: EventHand, At: at, Hand: &hand},
				{Type: EventVoid, At: at, Number: 1},
				{Type: EventHand, At: at, Hand: &last},
			}
			g, err := Fold("g1", events)
			if err != nil {
				t.Fatal(err)
			}
			got, err := g.Missed(1, 0)
			if err != nil || !slices.Equal(got, c.want) {
				t.Errorf("Missed: %v\n%q\nwant\n%q", err, got, c.want)
			}
		})
	}
}
