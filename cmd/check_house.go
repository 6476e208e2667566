package cmd

import (
	"errors"
	"fmt"
	"os"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/store"
)

// gameTable is the game a question is answered for: the game id given,
// else the current game, else none (no database or no game yet: the
// rulebooks alone, and a nil game). A database that cannot be read is said
// on stderr and the answer given for no game; a game id given that cannot
// be read is an error.
func gameTable(app *App, id string) (rules.Table, *store.Game, error) {
	g, err := loadGame(app, id)
	switch {
	case err == nil:
	case id != "":
		return rules.Table{}, nil, err
	case errors.Is(err, store.ErrNoGame), errors.Is(err, store.ErrNoDatabase):
		return rules.Table{}, nil, nil
	default:
		fmt.Fprintf(app.IO.Err, "(answering from the rulebooks alone: %v)\n", err)
		return rules.Table{}, nil, nil
	}
	d, err := g.Board.Settings.GameDeck()
	if err != nil {
		return rules.Table{}, nil, err
	}
	s := g.Board.Settings
	return rules.Table{Deck: d, House: s.House, MercyBonus: s.MercyBonus, Mode: string(s.Mode), Charged: s.Charged()}, g, nil
}

// noteNamedDB is gameTable's word on a database the person named (--db,
// UNOSCORE_DB) for an answer that needs no game, a rules topic: one that
// cannot be read is said on stderr, as a question's answer says it, and the
// answer given all the same. It only opens the file, so a topic stays as
// quick as it was; the default place is not opened at all.
func noteNamedDB(app *App) {
	if app.DBPath == "" && os.Getenv("UNOSCORE_DB") == "" {
		return
	}
	db, err := app.openWith(store.Options{ReadOnly: true})
	switch {
	case err == nil:
		db.Close()
	case errors.Is(err, store.ErrNoDatabase):
	default:
		fmt.Fprintf(app.IO.Err, "(answering from the rulebooks alone: %v)\n", err)
	}
}

// tableVerdict is check play's answer with the table's house rules.
type tableVerdict struct {
	rules.Verdict
	House []string `json:"house"`
}

// stackingAtTable is the note on a draw card laid on a draw card at a
// table that stacks.
const stackingAtTable = "At this table (house rule: stacking): the draw passes on, and the next player draws the total unless they stack again; the rulebooks say no"
