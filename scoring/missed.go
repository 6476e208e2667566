package scoring

import (
	"fmt"
	"strings"

	"github.com/unoscore/unoscore/rules/words"
)

// Missed names the changes made to g after its first n events that touch
// table (0: every table; outside a rotating game, every change touches
// every table), oldest first, each as another device is told of it: "Hand
// 8 was just recorded from another device: Dan went out, 10 points."
func (g *Game) Missed(n, table int) ([]string, error) {
	news, err := g.News(n, table)
	var out []string
	for _, c := range news {
		out = append(out, c.Text)
	}
	return out, err
}

// MissedChange is one change to a game as another device is told of it: its
// number in the game's count of changes (Changes, 1 the first) and its
// sentence.
type MissedChange struct {
	Number int    `json:"change"`
	Text   string `json:"text"`
}

// News is what Missed names, with each change's number, so that a device can leave
// out the changes it made itself.
func (g *Game) News(n, table int) ([]MissedChange, error) {
	if g.Board.Schedule() == nil {
		table = 0
	}
	var out []MissedChange
	for i := n; i < len(g.Events); i++ {
		at, text, err := g.describe(i)
		if err != nil {
			return nil, err
		}
		if table == 0 || at == 0 || at == table {
			out = append(out, MissedChange{Number: i + 1, Text: text})
		}
	}
	return out, nil
}

// describe names event i of g's log, and the table it was at (0: every
// table).
func (g *Game) describe(i int) (table int, text string, err error) {
	e := g.Events[i]
	upto := i + 1 // the board the event is named on: after it, or before a void
	switch e.Type {
	case EventHand, EventRedo, EventCorrect:
	case EventVoid:
		upto = i
	case EventRename:
		return 0, fmt.Sprintf("%s was just renamed %s from another device.", e.From, e.To), nil
	case EventTarget, EventEnd:
		gg, err := Fold(g.ID, g.Events[:i+1])
		if err != nil {
			return 0, "", err
		}
		c, _ := gg.LastChange()
		return 0, fmt.Sprintf("The game was just changed from another device: %s.", c.Sentence()), nil
	default:
		return 0, "The game was just changed from another device.", nil
	}
	gg, err := Fold(g.ID, g.Events[:upto])
	if err != nil {
		return 0, "", err
	}
	rows, number := gg.Board.Rows, e.Number
	if e.Type == EventHand {
		number = len(rows)
	}
	if number < 1 || number > len(rows) {
		return 0, "", fmt.Errorf("game %s: event %d names hand %d of %d", g.ID, i+1, number, len(rows))
	}
	r := rows[number-1]
	hand := fmt.Sprintf("Hand %d", r.Number)
	if r.Table > 0 {
		hand += fmt.Sprintf(" at table %d", r.Table)
	}
	what := gg.Board.HandBrief(r.Hand)
	if e.Type == EventVoid {
		return r.Table, fmt.Sprintf("%s (%s) was just voided from another device.", hand, what), nil
	}
	verb := map[string]string{EventHand: "recorded", EventRedo: "brought back", EventCorrect: "corrected"}[e.Type]
	return r.Table, fmt.Sprintf("%s was just %s from another device: %s.", hand, verb, what), nil
}

// HandBrief says in a few words what hand h of b did, for a question about
// it, a device told of it or the line a screen reader says: "Ann went
// out, 57 points" (in No Mercy, with the knock-outs the winner receives).
// In lowest and challenge no one wins a hand's points: the cards count
// against their holders, said as the board's hand line says it ("Ann went
// out; caught with cards: Bob 5, Cat 12"), and a knock-out is charged to
// the player knocked out, said apart: "Ann went out; caught with cards:
// Bob 5; Cat knocked out, charged 250", "Ann was last standing; Bob and
// Cat knocked out, charged 250 each"; in such a game started before
// unoscore charged it (Settings.MercyCharge), "...; Cat knocked out, not
// charged".
func (b *Board) HandBrief(h Hand) string {
	held := 0
	var caught []string
	for _, l := range h.Left {
		p := b.Deck.HandPoints(l.Cards)
		held += p
		caught = append(caught, fmt.Sprintf("%s %d", l.Player, p))
	}
	bonus := 0
	if b.Deck.Decl != nil {
		bonus = b.Deck.Decl.Rules.KnockOutBonus
	}
	s := h.Out + " went out"
	if len(h.KnockedOut) > 0 && len(h.Left) == 0 {
		s = h.Out + " was last standing"
	}
	if !b.Settings.Mode.LowWins() {
		if len(h.KnockedBy) == 0 { // the hand's winner receives the knock-outs
			held += len(h.KnockedOut) * bonus
		}
		return s + ", " + words.Count(held, "point")
	}
	if len(caught) > 0 {
		s += "; caught with cards: " + strings.Join(caught, ", ")
	}
	if len(h.KnockedOut) == 0 {
		return s
	}
	if !b.Charges() { // a game started before the charge: as it was played
		return fmt.Sprintf("%s; %s knocked out, not charged", s, words.Join(h.KnockedOut))
	}
	each := ""
	if len(h.KnockedOut) > 1 {
		each = " each"
	}
	return fmt.Sprintf("%s; %s knocked out, charged %d%s", s, words.Join(h.KnockedOut), bonus, each)
}
