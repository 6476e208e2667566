package scoring

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/rules/words"
)

// ErrNothingToUndo: the game has no counted hand to void.
var ErrNothingToUndo = &InputError{Msg: "there is no hand to undo in this game"}

// UndoHand is the number of the hand an undo at table (a rotating game's;
// 0: at any table) voids, or why none.
func (g *Game) UndoHand(table int) (int, error) {
	rows := g.Board.Rows
	n := len(rows)
	if table != 0 {
		if err := g.Board.GivenTable(table); err != nil {
			return 0, err
		}
		for n > 0 && rows[n-1].Table != table {
			n--
		}
		if n == 0 {
			return 0, &InputError{Msg: fmt.Sprintf("there is no hand to undo at table %d", table)}
		}
	}
	if n == 0 {
		return 0, ErrNothingToUndo
	}
	return n, g.Voidable(n)
}

// ErrNothingToRedo: no undo is waiting to be taken back.
var ErrNothingToRedo = &InputError{Msg: "nothing to redo: redo only follows an undo, before any other change"}

// RedoWhichError refuses a redo that names no table when several tables
// of a rotating game have a voided hand to bring back; nothing is brought
// back. It carries those hands, in table order, so that each writer ends
// the sentence with how to name a table in its own terms (Which is the
// sentence without that end).
type RedoWhichError struct {
	Hands []RedoableHand
}

// Error is Which with a plain end: "...: say which table".
func (e *RedoWhichError) Error() string { return e.Which() + ": say which table" }

// Invalid marks the error as bad input.
func (e *RedoWhichError) Invalid() bool { return true }

// Which is the refusal without its end: "tables 1 and 2 each have a
// voided hand to bring back (Ann went out at table 1, Eve at table 2)".
func (e *RedoWhichError) Which() string {
	var tables, outs []string
	for i, r := range e.Hands {
		tables = append(tables, strconv.Itoa(r.Table))
		if i == 0 {
			outs = append(outs, fmt.Sprintf("%s went out at table %d", r.Hand.Out, r.Table))
		} else {
			outs = append(outs, fmt.Sprintf("%s at table %d", r.Hand.Out, r.Table))
		}
	}
	return fmt.Sprintf("tables %s each have a voided hand to bring back (%s)", words.Join(tables), strings.Join(outs, ", "))
}

// Tables are the tables named, in order.
func (e *RedoWhichError) Tables() []int {
	var tables []int
	for _, r := range e.Hands {
		tables = append(tables, r.Table)
	}
	return tables
}

// RedoHand is the hand a redo at table (0: none named) brings back, or
// why none: table 0 in a rotating game is the one table with a voided
// hand, and more than one is a *RedoWhichError.
func (g *Game) RedoHand(table int) (Hand, error) {
	if table == 0 {
		all := g.Redoables()
		switch len(all) {
		case 0:
			return Hand{}, ErrNothingToRedo
		case 1:
			return all[0].Hand, nil
		}
		return Hand{}, &RedoWhichError{Hands: all}
	}
	h, ok := g.RedoableAt(table)
	if !ok {
		msg := fmt.Sprintf("there is no voided hand to bring back at table %d", table)
		if h, ok := g.Redoable(); ok && h.Table != table {
			msg += fmt.Sprintf(": the last hand voided was at table %d", h.Table)
		}
		return Hand{}, &InputError{Msg: msg}
	}
	return h, nil
}
