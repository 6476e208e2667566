package scoring

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/unoscore/unoscore/rules/words"
)

// RedosAsVoided checks that every redo in the game's log brings back the
// hand an undo voided just before, as it was: unoscore writes no other,
// and a redo that brought back another hand would rewrite the game's
// history unseen (an import refuses it).
func (g *Game) RedosAsVoided() error {
	for i, e := range g.Events {
		if e.Type != EventRedo || e.Hand == nil {
			continue
		}
		table := e.Hand.Table
		voided, ok := (&Game{Events: g.Events[:i]}).redoable(func(h Hand) bool { return h.Table == table })
		if !ok {
			return fmt.Errorf("game %s: event %d brings back a hand, but nothing before it was undone; redo only follows an undo", g.ID, i+1)
		}
		a, err1 := json.Marshal(voided)
		b, err2 := json.Marshal(e.Hand)
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			return fmt.Errorf("game %s: event %d brings back hand %d as another hand (%s) than the one the undo voided (%s); redo only brings back the voided hand as it was", g.ID, i+1, e.Number, handWords(*e.Hand), handWords(voided))
		}
	}
	return nil
}

// handWords says a hand in a few words: "Ann out, 7 points left".
func handWords(h Hand) string {
	points := 0
	for _, l := range h.Left {
		points += l.Cards.Points()
	}
	return fmt.Sprintf("%s out, %s left", words.Clip(h.Out), words.Count(points, "point"))
}
