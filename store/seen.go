package store

import (
	"fmt"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

// Seen is what a writer saw of a game before it wrote: the game's change
// counter (Changes, the board JSON's "changes"). A write given a Seen is
// refused, nothing written, with a *ChangedError when the game has changed
// since at the table the write is about (any table, outside rotating
// games). The check is made inside the write's own transaction, so no other
// writer can come between it and the write. Changes 0: no check.
type Seen struct {
	Changes int
}

// ChangedError refuses a write made on a stale view of the game: it names
// what was recorded meanwhile, and carries the game as it is now.
type ChangedError struct {
	Game *Game
	// What describes the newest change the writer did not see, in a
	// sentence: "Hand 8 was just recorded from another device: Dan went
	// out, 10 points."
	What string
	// Count is how many such changes there were.
	Count int
}

func (e *ChangedError) Error() string { return e.What }

// Is makes it scoring.ErrChanged to errors.Is.
func (e *ChangedError) Is(target error) bool { return target == scoring.ErrChanged }

// changeSeen is one event of a game's log as another writer would see it.
type changeSeen struct {
	table int    // the table it was at; 0 for every table
	text  string // the sentence naming it
}

// describe names event i of g's log.
func (g *Game) describe(i int) (changeSeen, error) {
	e := g.Events[i]
	upto := i + 1 // the board the event is named on: after it, or before a void
	switch e.Type {
	case EventHand, EventRedo, EventCorrect:
	case EventVoid:
		upto = i
	case EventRename:
		return changeSeen{text: fmt.Sprintf("%s was just renamed %s from another device.", e.From, e.To)}, nil
	case EventTarget, EventEnd:
		gg, err := fold(g.ID, g.Events[:i+1])
		if err != nil {
			return changeSeen{}, err
		}
		c, _ := gg.LastChange()
		return changeSeen{text: fmt.Sprintf("The game was just changed from another device: %s.", c.Sentence())}, nil
	default:
		return changeSeen{text: "The game was just changed from another device."}, nil
	}
	gg, err := fold(g.ID, g.Events[:upto])
	if err != nil {
		return changeSeen{}, err
	}
	rows, number := gg.Board.Rows, e.Number
	if e.Type == EventHand {
		number = len(rows)
	}
	if number < 1 || number > len(rows) {
		return changeSeen{}, fmt.Errorf("game %s: event %d names hand %d of %d", g.ID, i+1, number, len(rows))
	}
	r := rows[number-1]
	hand := fmt.Sprintf("Hand %d", r.Number)
	if r.Table > 0 {
		hand += fmt.Sprintf(" at table %d", r.Table)
	}
	what := fmt.Sprintf("%s went out, %s", gg.Board.Name(r.Out), words.Count(r.Won, "point"))
	if e.Type == EventVoid {
		return changeSeen{table: r.Table, text: fmt.Sprintf("%s (%s) was just voided from another device.", hand, what)}, nil
	}
	verb := map[string]string{EventHand: "recorded", EventRedo: "brought back", EventCorrect: "corrected"}[e.Type]
	return changeSeen{table: r.Table, text: fmt.Sprintf("%s was just %s from another device: %s.", hand, verb, what)}, nil
}

// check refuses a write at table (0: every table) when g has changed since
// the writer saw it.
func (s Seen) check(g *Game, table int) error {
	if s.Changes == 0 {
		return nil
	}
	if s.Changes < 0 || s.Changes > g.Changes() {
		return &scoring.InputError{Msg: fmt.Sprintf("\"changes\": %d is not a state this game has been in (it has had %d changes)", s.Changes, g.Changes())}
	}
	if g.Board.Schedule() == nil {
		table = 0
	}
	// The changes since, at table (0: every table), oldest first.
	var missed []changeSeen
	for i := s.Changes; i < len(g.Events); i++ {
		c, err := g.describe(i)
		if err != nil {
			return err
		}
		if table == 0 || c.table == 0 || c.table == table {
			missed = append(missed, c)
		}
	}
	if len(missed) == 0 {
		return nil
	}
	what := missed[len(missed)-1].text
	if n := len(missed) - 1; n > 0 {
		what += fmt.Sprintf(" %s came before it.", words.Capitalize(words.Count(n, "other change")))
	}
	return &ChangedError{Game: g, What: what, Count: len(missed)}
}

func seenOf(seen []Seen) Seen {
	if len(seen) == 0 {
		return Seen{}
	}
	return seen[len(seen)-1]
}
