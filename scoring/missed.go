package scoring

import (
	"fmt"

	"github.com/unoscore/unoscore/rules/words"
)

// Missed names the changes made to g after its first n events that touch
// table (0: every table; outside a rotating game, every change touches
// every table), oldest first, each as another device is told of it: "Hand
// 8 was just recorded from another device: Dan went out, 10 points."
func (g *Game) Missed(n, table int) ([]string, error) {
	if g.Board.Schedule() == nil {
		table = 0
	}
	var out []string
	for i := n; i < len(g.Events); i++ {
		at, text, err := g.describe(i)
		if err != nil {
			return nil, err
		}
		if table == 0 || at == 0 || at == table {
			out = append(out, text)
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
	what := fmt.Sprintf("%s went out, %s", gg.Board.Name(r.Out), words.Count(r.Won, "point"))
	if e.Type == EventVoid {
		return r.Table, fmt.Sprintf("%s (%s) was just voided from another device.", hand, what), nil
	}
	verb := map[string]string{EventHand: "recorded", EventRedo: "brought back", EventCorrect: "corrected"}[e.Type]
	return r.Table, fmt.Sprintf("%s was just %s from another device: %s.", hand, verb, what), nil
}
