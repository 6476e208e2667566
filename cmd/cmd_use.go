package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/store"
)

type useOptions struct {
	app  *App
	Game string
}

func newUseCmd(app *App, runF func(*useOptions) error) *cobra.Command {
	o := &useOptions{app: app}
	return &cobra.Command{
		Use:               "use ID|NAME",
		Short:             "Make a game the current one, by its id (a unique start will do) or its name",
		Args:              exactArgs(1, "one game id or name (\"unoscore games\" lists them)"),
		ValidArgsFunction: gameCompletion(app),
		RunE: func(c *cobra.Command, args []string) error {
			o.Game = args[0]
			if runF != nil {
				return runF(o)
			}
			return runUse(o)
		},
	}
}

func runUse(o *useOptions) error {
	app := o.app
	if strings.TrimSpace(o.Game) == "" {
		return usagef("use needs a game's id; \"unoscore games\" lists them")
	}
	var g *store.Game
	err := app.withDB(changeDB, func(db *store.DB) error {
		var err error
		g, err = db.Use(o.Game) // an id, a name or the start of an id: see store's resolve
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
}
