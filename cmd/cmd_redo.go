package cmd

import (
	"errors"
	"fmt"

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
when both tables do, it names them and asks for --table.`,
		Args: exactArgs(0, "no arguments"),
		RunE: withTable(o, seam(o, runF, runRedo)),
	}
	gameFlag(c, o.app, &o.Game, gameUsage)
	jsonFlag(c, &o.JSON, jsonBoardUsage)
	c.Flags().IntVar(&o.Table, "table", 0, "a rotating game: bring back the hand last voided at this table")
	once(c, "table", "say one table")
	_ = c.RegisterFlagCompletionFunc("table", tableCompletion(app, &o.Game))
	return c
}

func runRedo(o *undoOptions) error {
	if err := checkTable(o.app, o.Game, o.Table, o.TableGiven); err != nil {
		return err
	}
	var g *store.Game
	var row scoring.Row
	err := o.app.withDB(changeDB, func(db *store.DB) error {
		var err error
		g, row, err = db.RedoAt(o.Game, o.Table)
		return err
	})
	// A rotating game's tables: a hand is brought back at no table that
	// did not ask, while another could have; said in --table's terms.
	var which *store.RedoWhichError
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
	o.app.saved = fmt.Sprintf("%s was brought back and saved", words.Capitalize(handAt(row)))
	if o.JSON {
		return writeJSON(o.app.IO.Out, present.NewBoard(g))
	}
	fmt.Fprintf(o.app.IO.Out, "Brought back. %s\n\n", present.HandLine(g.Board, row))
	return ui.WriteBoard(o.app.IO.Out, g, o.app.style())
}
