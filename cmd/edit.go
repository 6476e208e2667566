package cmd

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/store"
)

type editOptions struct {
	app    *App
	Number int
	outcomeFlags
}

func newEditCmd(app *App) *cobra.Command {
	o := &editOptions{app: app}
	c := &cobra.Command{
		Use:   "edit N --out NAME --left NAME=CARDS...",
		Short: "Correct hand N; the old record stays in the history",
		Long: `Correct hand N (numbered from 1 in the order played, as the board shows)
with a new outcome. The old record stays in the game's history, and every
later hand is counted again on top of the correction. A correction that would
make a later hand impossible (say, a player eliminated earlier) is refused.`,
		Example: `  unoscore edit 2 --out Bob --left Ann="r7 g2" --left Cat=wd4`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("edit takes the number of the hand to correct, as in \"unoscore edit 2 --out Bob --left Ann=r7\"")
			}
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 1 {
				return usagef("%q is not a hand number: hands are numbered from 1, as the board shows", args[0])
			}
			o.Number = n
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error { return runEdit(o) },
	}
	o.register(c, app)
	return c
}

func runEdit(o *editOptions) error {
	if o.Out == "" {
		return usagef("missing --out: name the player who went out in hand %d", o.Number)
	}
	h, err := o.hand()
	if err != nil {
		return err
	}
	var g *store.Game
	err = o.app.withDB(changeDB, func(db *store.DB) error {
		g, err = db.Edit(o.Game, o.Number, h)
		return err
	})
	if err != nil {
		return err
	}
	if o.JSON {
		return writeJSON(o.app.IO.Out, newBoardJSON(g))
	}
	fmt.Fprintf(o.app.IO.Out, "Corrected. %s The old record stays in the history.\n\n", handLine(g.Board, g.Board.Rows[o.Number-1]))
	return writeBoard(o.app.IO.Out, g, o.app.style())
}
