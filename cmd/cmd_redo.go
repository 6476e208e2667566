package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
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
hand is entered or corrected, there is nothing to redo.`,
		Args: exactArgs(0, "no arguments"),
		RunE: seam(o, runF, runRedo),
	}
	gameFlag(c, o.app, &o.Game, gameUsage)
	jsonFlag(c, &o.JSON, jsonBoardUsage)
	return c
}

func runRedo(o *undoOptions) error {
	var g *store.Game
	var row scoring.Row
	err := o.app.withDB(changeDB, func(db *store.DB) error {
		var err error
		g, row, err = db.Redo(o.Game)
		return err
	})
	if err != nil {
		return err
	}
	o.app.saved = fmt.Sprintf("Hand %d was brought back and saved", row.Number)
	if o.JSON {
		return writeJSON(o.app.IO.Out, present.NewBoard(g))
	}
	fmt.Fprintf(o.app.IO.Out, "Brought back. %s\n\n", present.HandLine(g.Board, row))
	return ui.WriteBoard(o.app.IO.Out, g, o.app.style())
}
