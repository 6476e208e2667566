package store

import "github.com/unoscore/unoscore/scoring"

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

// check refuses a write at table (0: every table) when g has changed since
// the writer saw it.
func (s Seen) check(g *Game, table int) error {
	what, count, err := g.MissedSince(s.Changes, table)
	if err != nil || count == 0 {
		return err
	}
	return &ChangedError{Game: g, What: what, Count: count}
}

func seenOf(seen []Seen) Seen {
	if len(seen) == 0 {
		return Seen{}
	}
	return seen[len(seen)-1]
}
