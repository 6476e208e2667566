package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

func newRedoCmd(app *App, runF func(*undoOptions) error) *cobra.Command {
	o := &undoOptions{app: app}
	c := &cobra.Command{
		Use:   "redo",
		Short: "Bring back the hand the last undo voided",
		Long: `Bring back the hand the last undo voided, as one more record in the
game's history (nothing is overwritten). Only right after undo: once another
hand is entered or corrected, there is nothing to redo.

In a rotating game, --table T brings back the hand last voided at table T
(hands played at the other table since do not stand in its way). Without
--table, redo brings back a voided hand only when one table alone has one;
when both tables do, it names them and asks for --table.

In a terminal, redo says which hand it would bring back (the number it
counts again as, its table in a rotating game, who went out and its
points) and asks first, the default no, as undo does; --yes skips the
question. Without a terminal (or with --no-input or --json) it asks
nothing.`,
		Args: exactArgs(0, "no arguments"),
		RunE: withTable(o, seam(o, runF, runRedo)),
	}
	gameFlag(c, o.app, &o.Game, gameUsage)
	jsonFlag(c, &o.JSON, jsonBoardUsage)
	c.Flags().BoolVarP(&o.Yes, "yes", "y", false, "do not ask first")
	c.Flags().IntVar(&o.Table, "table", 0, "a rotating game: bring back the hand last voided at this table")
	once(c, "table", "say one table")
	_ = c.RegisterFlagCompletionFunc("table", tableCompletion(app, &o.Game))
	return c
}

func runRedo(o *undoOptions) error {
	if err := checkTable(o.app, o.Game, o.Table, o.TableGiven); err != nil {
		return err
	}
	asked := 0 // the game's changes when the question was asked
	if !o.Yes && !o.JSON && o.app.canPrompt() {
		g, err := loadGame(o.app, o.Game)
		if err != nil {
			return err
		}
		// With nothing (or no one thing) to bring back, nothing is asked:
		// the write below refuses it, in the one sentence it always says.
		if c, ok := g.RedoableChange(); ok && o.Table == 0 {
			question := fmt.Sprintf("Bring back %q?", c.Sentence())
			if ok, err := o.app.askFirst(question, "interrupted; nothing was brought back", "Nothing brought back."); !ok {
				return err
			}
			o.Game, asked = g.ID, g.Changes()
		} else if h, ok := redoOne(g, o.Table); ok {
			question := fmt.Sprintf("Bring back %s (%s)?", handAt(h.Row), h.brief)
			if ok, err := o.app.askFirst(question, "interrupted; nothing was brought back", "Nothing brought back."); !ok {
				return err
			}
			o.Game, asked = g.ID, g.Changes()
		}
	}
	var g *store.Game
	var row scoring.Row
	err := o.app.withDB(changeDB, func(db *store.DB) error {
		// After a question, the hand brought back is the one it named, or
		// nothing is: the store checks, in its write, that the game (at
		// that hand's table) has not changed since.
		var err error
		g, row, err = db.RedoAt(o.Game, o.Table, store.Seen{Changes: asked})
		return err
	})
	var changed *store.ChangedError
	if errors.As(err, &changed) {
		return &scoring.InputError{Msg: "the game changed while you answered: " + strings.TrimSuffix(lowerFirst(changed.What), ".") + "; nothing brought back"}
	}
	// A rotating game's tables: a hand is brought back at no table that
	// did not ask, while another could have; said in --table's terms.
	var which *scoring.RedoWhichError
	if errors.As(err, &which) {
		var with []string
		for _, t := range which.Tables() {
			with = append(with, fmt.Sprintf("--table %d", t))
		}
		return &scoring.InputError{Msg: which.Which() + ": say which with " + words.JoinOr(with) + "; nothing brought back"}
	}
	if err != nil {
		return err
	}
	if c, ok := g.LastChange(); ok && row.Number == 0 {
		o.app.saved = "What redo brought back was saved"
		if o.JSON {
			return writeJSON(o.app.IO.Out, present.NewBoard(&g.Game))
		}
		fmt.Fprintf(o.app.IO.Out, "Brought back: %s.\n\n", c.Sentence())
		return ui.WriteBoard(o.app.IO.Out, &g.Game, o.app.style())
	}
	o.app.saved = fmt.Sprintf("%s was brought back and saved", words.Capitalize(handAt(row)))
	if o.JSON {
		return writeJSON(o.app.IO.Out, present.NewBoard(&g.Game))
	}
	fmt.Fprintf(o.app.IO.Out, "Brought back. %s\n\n", present.HandLine(g.Board, row))
	return ui.WriteBoard(o.app.IO.Out, &g.Game, o.app.style())
}

// redoHand is the hand a redo would bring back, as the question names it.
type redoHand struct {
	scoring.Row        // Number: the hand it counts again as; Table
	brief       string // who went out and what the hand brings (present.HandBrief)
}

// redoOne is the one hand RedoAt(table) would bring back in g, if there is
// exactly one: a rotating game's tables that both have a voided hand, with
// no table named, have none (the write refuses that, naming them). The
// hand counts again as the game's next hand.
func redoOne(g *store.Game, table int) (redoHand, bool) {
	h, err := g.RedoHand(table)
	if err != nil {
		return redoHand{}, false
	}
	return redoHand{Row: scoring.Row{Number: g.Board.Hands() + 1, Table: h.Table}, brief: present.HandBrief(g.Board, h)}, true
}
