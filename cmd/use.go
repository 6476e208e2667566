package cmd

import (
	"fmt"
	"github.com/unoscore/unoscore/rules/words"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/store"
)

func newUseCmd(app *App) *cobra.Command {
	return &cobra.Command{
		Use:               "use ID",
		Short:             "Make a game the current one (a unique start of its id will do)",
		Args:              exactArgs(1, "one game id (\"unoscore games\" lists them)"),
		ValidArgsFunction: gameCompletion(app),
		RunE: func(c *cobra.Command, args []string) error {
			if strings.TrimSpace(args[0]) == "" {
				return usagef("use needs a game's id; \"unoscore games\" lists them")
			}
			var g *store.Game
			err := app.withDB(changeDB, func(db *store.DB) error {
				var err error
				g, err = db.Use(args[0])
				return err
			})
			if err != nil {
				return err
			}
			name := ""
			if g.Name() != "" {
				name = " (" + g.Name() + ")"
			}
			fmt.Fprintf(app.IO.Out, "Current game: %s%s, %s counted.\n", g.ID, name, words.Count(g.Board.Hands(), "hand"))
			return nil
		},
	}
}
