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
		id, err := gameByName(db, o.Game)
		if err != nil {
			return err
		}
		g, err = db.Use(id)
		if err != nil && id == o.Game && strings.HasPrefix(err.Error(), "no game has the id") {
			return usagef("no game has the id or name %q; \"unoscore games\" lists them", o.Game)
		}
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

// gameByName finds the id of the game called name, any case; a word that
// names no game is returned as it is, to be read as an id. An exact id wins
// over a name.
func gameByName(db *store.DB, name string) (string, error) {
	t := strings.TrimSpace(name)
	var found []store.Summary
	exactID := false
	_, err := db.List(0, func(s store.Summary) error {
		if s.ID == strings.ToLower(t) {
			exactID = true
		}
		if s.Name != "" && strings.EqualFold(s.Name, t) {
			found = append(found, s)
		}
		return nil
	})
	switch {
	case err != nil:
		return "", err
	case exactID || len(found) == 0:
		return name, nil
	case len(found) == 1:
		return found[0].ID, nil
	}
	var ids []string
	for _, s := range found {
		ids = append(ids, s.ID+" (started "+s.Created.Local().Format("2006-01-02 15:04")+")")
	}
	return "", usagef("%d games are called %q: %s; use the id", len(found), found[0].Name, strings.Join(ids, ", "))
}
