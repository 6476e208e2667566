package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type undoOptions struct {
	app  *App
	Game string
	JSON bool
}

func newUndoCmd(app *App) *cobra.Command {
	o := &undoOptions{app: app}
	c := &cobra.Command{
		Use:   "undo",
		Short: "Void the last counted hand (it stays in the game's history)",
		Args:  exactArgs(0, "no arguments"),
		RunE:  func(c *cobra.Command, args []string) error { return runUndo(o) },
	}
	c.Flags().StringVar(&o.Game, "game", "", "the game's id (default the current game)")
	c.Flags().BoolVar(&o.JSON, "json", false, "print the board as JSON")
	_ = c.RegisterFlagCompletionFunc("game", gameCompletion(o.app))
	return c
}

func runUndo(o *undoOptions) error {
	var g *store.Game
	var voided scoring.Row
	err := o.app.withDB(changeDB, func(db *store.DB) error {
		var err error
		g, voided, err = db.Undo(o.Game)
		return err
	})
	if err != nil {
		return err
	}
	if o.JSON {
		return writeJSON(o.app.IO.Out, newBoardJSON(g))
	}
	fmt.Fprintf(o.app.IO.Out, "Voided hand %d (%s went out, %d points); it stays in the history.\n\n",
		voided.Number, g.Board.Name(voided.Out), voided.Won)
	return writeBoard(o.app.IO.Out, g, o.app.style())
}
