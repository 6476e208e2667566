package scoring

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/unoscore/unoscore/rules/words"
)

// Change is a change the table made to how its game ends, between hands:
// a new target (play on to 1000, or stop sooner), or the game ended where
// it stood.
type Change struct {
	After  int    // the hands counted when it was made
	Target int    // a new target; 0 for an end
	From   int    // a new target: the target before it
	End    bool   // the game was ended here
	Winner string // an end: the winner the table named, or ""
	// Leaders are, for an end, the players leading when it stopped
	// (partners: the leading team's players), as the game's mode ranks
	// them; empty before the first hand.
	Leaders []string
	Over    bool // a new target: the game is over after it
}

// Sentence says what the change did, for a game's history: "target raised
// to 1000 after hand 12", "ended after hand 12, Mom leading".
func (c Change) Sentence() string {
	after := "before the first hand"
	if c.After > 0 {
		after = "after hand " + strconv.Itoa(c.After)
	}
	if !c.End {
		how := "raised"
		if c.Target < c.From {
			how = "lowered"
		}
		s := fmt.Sprintf("target %s to %d %s", how, c.Target, after)
		if c.Over {
			s += ", which ends the game"
		}
		return s
	}
	s := "ended " + after
	switch {
	case c.Winner != "":
		s += ", won by " + c.Winner
	case len(c.Leaders) > 0:
		s += ", " + words.Join(c.Leaders) + " leading"
	}
	return s
}

// Changes lists the changes made to the game's end, in order.
func (b *Board) Changes() []Change { return b.changes }

// EndedEarly reports whether the table ended the game before anyone
// reached its target (unoscore end).
func (b *Board) EndedEarly() bool { return b.ended }

// Ended is the change that ended the game early, when it was.
func (b *Board) Ended() (Change, bool) {
	if !b.ended {
		return Change{}, false
	}
	return b.changes[len(b.changes)-1], true
}

// Apply makes a change again, as recorded: a new target, or an end.
func (b *Board) Apply(c Change) error {
	var err error
	if c.End {
		_, err = b.End(c.Winner)
	} else {
		_, err = b.SetTarget(c.Target)
	}
	return err
}

// SetTarget changes the game's target between hands. Raising it on a game
// that was over at the old target makes it go on, the next dealer the one
// after the last hand's. A target that a score has already reached is
// refused unless the game would have ended at the last hand under it, as
// the rules would have; then it ends there. In Challenge UNO a target that
// would bring an eliminated player back is refused, naming them. A
// rotating game has no target; a game ended early takes no new one.
func (b *Board) SetTarget(n int) (Change, error) {
	m := b.Settings.Mode
	if !m.HasTarget() {
		return Change{}, invalid("a %s game has no target to change: it ends when every table has played its rounds", m)
	}
	if b.ended {
		return Change{}, invalid("the game was ended %s; undo the end to play on", b.changes[len(b.changes)-1].afterText())
	}
	if n < 1 || n > MaxTarget {
		return Change{}, invalid("target %d is out of range: choose 1 to %d", n, MaxTarget)
	}
	old := b.Settings.Target
	if n == old {
		return Change{}, invalid("the target is already %d", n)
	}
	last := len(b.Rows)
	// reached is the first hand after which column c's score was n or
	// more, or 0.
	reached := func(c int) int {
		for _, r := range b.Rows {
			if r.Totals[c] >= n {
				return r.Number
			}
		}
		return 0
	}
	tooLate := func(c, k int) error {
		who := b.columnName(c)
		later := fmt.Sprintf("hand %d was", last)
		if k+1 < last {
			later = fmt.Sprintf("hands %d to %d were", k+1, last)
		}
		return invalid("a target of %d would have ended the game at hand %d, when %s reached %d, but %s played after it; the target stays %d",
			n, k, who, b.Rows[k-1].Totals[c], later, old)
	}
	wasOver := b.over
	var out []int // challenge: seats the new target puts out at the last hand
	if m == Challenge {
		var back []string
		for seat := range b.Settings.Players {
			if b.Eliminated(seat) && b.scores[seat] < n {
				back = append(back, fmt.Sprintf("%s (out in hand %d with %d)", b.Name(seat), b.eliminated[seat], b.scores[seat]))
			}
		}
		if len(back) > 0 {
			return Change{}, invalid("a target of %d would bring back %s, who went out of the game at %d; the target stays %d",
				n, words.Join(back), old, old)
		}
		for _, seat := range b.Active() {
			if k := reached(b.columnOf[seat]); k > 0 {
				if k < last {
					return Change{}, tooLate(b.columnOf[seat], k)
				}
				out = append(out, seat)
			}
		}
		if len(out) > 0 && len(out) == len(b.Active()) {
			return Change{}, invalid("a target of %d would put every player still in out of the game at once; the target stays %d", n, old)
		}
	} else {
		first, col := 0, -1
		for c := range b.columns {
			if k := reached(c); k > 0 && (first == 0 || k < first) {
				first, col = k, c
			}
		}
		if first > 0 && first < last {
			return Change{}, tooLate(col, first)
		}
		if first == 0 {
			b.over, b.winners = false, nil
		} else if !b.over {
			switch m {
			case Lowest:
				b.finish(b.best(b.Active()))
			default: // the side that went out in the last hand reached it
				b.finish(b.Rows[last-1].Side)
			}
		}
	}
	b.Settings.Target = n
	if len(out) > 0 {
		row := &b.Rows[last-1]
		for _, seat := range out {
			b.eliminated[seat] = last
			row.Eliminated = append(row.Eliminated, seat)
			row.Cells[b.columnOf[seat]].Eliminated = true
		}
		if a := b.Active(); len(a) == 1 {
			b.finish(a)
		} else if !b.over {
			b.dealer = b.nextActive(row.Dealer) // as Play would have, with them out
		}
	}
	switch {
	case wasOver && !b.over:
		b.dealer = b.nextActive(b.dealer) // the next hand is dealt as it would have been
	case !wasOver && b.over:
		b.dealer = b.Rows[last-1].Dealer // as Play leaves it at the end
	}
	c := Change{After: last, Target: n, From: old, Over: b.over}
	b.changes = append(b.changes, c)
	return c, nil
}

// End ends the game where it stands, before anyone reaches the target.
// The players leading then are named as leading; winner, when given, is
// the player the table names as the winner (partners: their team wins).
func (b *Board) End(winner string) (Change, error) {
	if b.ended {
		return Change{}, invalid("the game was already ended %s", b.changes[len(b.changes)-1].afterText())
	}
	if b.over {
		return Change{}, b.overError()
	}
	var winners []int
	if winner != "" {
		seat, err := b.Settings.Seat(winner)
		if err != nil {
			return Change{}, err
		}
		if b.Eliminated(seat) {
			return Change{}, invalid("%s went out of the game in hand %d and cannot win it", b.Name(seat), b.eliminated[seat])
		}
		winner = b.Name(seat)
		winners = b.columns[b.columnOf[seat]].Seats
	}
	c := Change{After: len(b.Rows), End: true, Winner: winner, Leaders: words.NonNil(b.Names(b.Leaders()))}
	b.endLeaders = b.Leaders()
	b.finish(winners)
	b.ended = true
	if n := len(b.Rows); n > 0 && b.schedule == nil {
		b.dealer = b.Rows[n-1].Dealer
	}
	b.changes = append(b.changes, c)
	return c, nil
}

// afterText is "after hand 12" or "before the first hand".
func (c Change) afterText() string {
	if c.After == 0 {
		return "before the first hand"
	}
	return "after hand " + strconv.Itoa(c.After)
}

// columnName names a column: a player, or a team's players.
func (b *Board) columnName(c int) string {
	return words.Join(b.Names(b.columns[c].Seats))
}

// Step is one thing a game's log counts, in order: a hand, or a change to
// how the game ends.
type Step struct {
	Hand   *Hand
	Change *Change
}

// ReplaySteps is ReplayRecorded for a log that changed its end between
// hands: the hands and changes are counted in order.
func ReplaySteps(s Settings, steps []Step) (*Board, error) {
	b, err := NewStored(s)
	if err != nil {
		return nil, err
	}
	if err := b.PlaySteps(steps); err != nil {
		return nil, err
	}
	return b, nil
}

// PlaySteps counts steps on the board, in order, as ReplaySteps does.
func (b *Board) PlaySteps(steps []Step) error {
	b.recorded = true
	defer func() { b.recorded = false }()
	hands := 0
	for _, st := range steps {
		if st.Hand != nil {
			hands++
		}
	}
	b.Rows = slices.Grow(b.Rows, hands) // a row each, made once
	for _, st := range steps {
		if st.Change != nil {
			if err := b.Apply(*st.Change); err != nil {
				return &InputError{Msg: st.Change.what() + ": " + err.Error()}
			}
			continue
		}
		if _, err := b.Play(*st.Hand); err != nil {
			return &InputError{Msg: "hand " + strconv.Itoa(len(b.Rows)+1) + ": " + err.Error()}
		}
	}
	return nil
}

// what names a change for an error: "the target of 1000 set after hand
// 12", "the end after hand 12".
func (c Change) what() string {
	if c.End {
		return "the end " + c.afterText()
	}
	return fmt.Sprintf("the target of %d set %s", c.Target, c.afterText())
}

// overError refuses a hand (or an end) for a game that is over.
func (b *Board) overError() error {
	e := &GameOverError{Winners: b.Names(b.winners)}
	if c, ok := b.Ended(); ok {
		e.Ended = &c
	} else if m := b.Settings.Mode; m != Challenge && m.HasTarget() {
		e.PlayOn = b.PlayOnTarget()
	}
	return e
}

// PlayOnTarget is the target a table playing on past its target is
// offered: the target doubled, within MaxTarget; 0 in a game that has none.
func (b *Board) PlayOnTarget() int {
	if !b.Settings.Mode.HasTarget() {
		return 0
	}
	return min(2*b.Settings.Target, MaxTarget)
}
