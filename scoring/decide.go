package scoring

// The events a change to a game appends, as the game's rules decide them
// (the store appends them, in the change's own transaction, to the game as
// it is then). Each first calls seen with the table the change is about
// (0: every table): what the writer saw is held to the game there (the
// store's Seen), and a stale write refused before anything else.

// HandEvent counts hand h; given, at the table h names (hand's --table),
// held to Board.GivenTable.
func (g *Game) HandEvent(h Hand, given bool, seen func(table int) error) (Event, error) {
	if given {
		if err := g.Board.GivenTable(h.Table); err != nil {
			return Event{}, err
		}
	}
	if err := seen(max(h.Table, 1)); err != nil {
		return Event{}, err
	}
	checked, err := g.Board.Check(h)
	if err != nil {
		return Event{}, err
	}
	return Event{Type: EventHand, Hand: &checked}, nil
}

// UndoEvent voids the last target or end set, or else the last hand
// counted at table (0: at any table), and returns the row of the hand it
// voids (the zero Row for a target or end).
func (g *Game) UndoEvent(table int, seen func(table int) error) (Event, Row, error) {
	if err := seen(table); err != nil {
		return Event{}, Row{}, err
	}
	if _, ok := g.LastChange(); ok {
		return Event{Type: EventUnchange}, Row{}, nil
	}
	n, err := g.UndoHand(table)
	if err != nil {
		return Event{}, Row{}, err
	}
	return Event{Type: EventVoid, Number: n}, g.Board.Rows[n-1], nil
}

// TargetEvent changes the target between hands (Board.SetTarget says
// when it may).
func (g *Game) TargetEvent(target int, seen func(table int) error) (Event, error) {
	if err := seen(0); err != nil {
		return Event{}, err
	}
	if _, err := g.Board.SetTarget(target); err != nil {
		return Event{}, err
	}
	return Event{Type: EventTarget, Target: target}, nil
}

// EndEvent ends the game where it stands (Board.End), naming winner, or
// nobody when "".
func (g *Game) EndEvent(winner string, seen func(table int) error) (Event, error) {
	if err := seen(0); err != nil {
		return Event{}, err
	}
	c, err := g.Board.End(winner)
	if err != nil {
		return Event{}, err
	}
	return Event{Type: EventEnd, Winner: c.Winner}, nil
}

// RedoEvent brings back the hand RedoHand names at table (0: none named),
// or with no table the target or end the last undo voided.
func (g *Game) RedoEvent(table int, seen func(table int) error) (Event, error) {
	if table != 0 {
		if err := g.Board.GivenTable(table); err != nil {
			return Event{}, err
		}
	}
	if c, ok := g.RedoableChange(); ok && table == 0 {
		if err := seen(0); err != nil {
			return Event{}, err
		}
		if err := g.Board.Apply(c); err != nil {
			return Event{}, err
		}
		if c.End {
			return Event{Type: EventEnd, Winner: c.Winner, Redo: true}, nil
		}
		return Event{Type: EventTarget, Target: c.Target, Redo: true}, nil
	}
	h, err := g.RedoHand(table)
	at := h.Table
	if at == 0 {
		at = table
	}
	if err := seen(max(at, 1)); err != nil {
		return Event{}, err
	}
	if err != nil {
		return Event{}, err
	}
	checked, err := g.Board.Check(h)
	if err != nil {
		return Event{}, err
	}
	return Event{Type: EventRedo, Number: g.Board.Hands() + 1, Hand: &checked}, nil
}

// CorrectEvent replaces counted hand n (from 1) with h (Correct); given,
// moving it to the table h names, held to Board.GivenTable.
func (g *Game) CorrectEvent(n int, h Hand, given bool, seen func(table int) error) (Event, error) {
	if given {
		if err := g.Board.GivenTable(h.Table); err != nil {
			return Event{}, err
		}
	}
	hands := g.Hands()
	if n < 1 || n > len(hands) {
		return Event{}, NoHandError(n, len(hands))
	}
	if err := seen(max(hands[n-1].Table, 1)); err != nil {
		return Event{}, err
	}
	fixed, err := g.Correct(n, h)
	if err != nil {
		return Event{}, err
	}
	return Event{Type: EventCorrect, Number: n, Hand: &fixed}, nil
}
