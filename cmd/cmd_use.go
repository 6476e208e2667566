package cmd

import (
	"errors"
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
		id, err := gameID(db, o.Game)
		if err != nil {
			return err
		}
		g, err = db.Use(id)
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

// gameID finds the game a person named, for "use ID|NAME" and every
// --game: an exact id, else a game's name in any case, else a unique start
// of an id. One that names nothing, or several games by name, is refused
// echoing what was typed; the start of several ids is the store's
// AmbiguousError, when the game is read.
func gameID(db *store.DB, typed string) (string, error) {
	t := strings.TrimSpace(typed)
	lower := strings.ToLower(t)
	var found []store.Summary
	exactID, prefix := false, false
	_, err := db.List(0, func(s store.Summary) error {
		exactID = exactID || s.ID == lower
		prefix = prefix || strings.HasPrefix(s.ID, lower)
		if s.Name != "" && strings.EqualFold(s.Name, t) {
			found = append(found, s)
		}
		return nil
	})
	switch {
	case err != nil:
		return "", err
	case exactID:
		return lower, nil
	case len(found) == 1:
		return found[0].ID, nil
	case len(found) == 0 && prefix:
		return t, nil
	case len(found) == 0:
		return "", usagef("no game has the id or name %q; \"unoscore games\" lists them", words.Clip(t))
	}
	var ids []string
	for _, s := range found {
		ids = append(ids, s.ID+" (started "+s.Created.Local().Format("2006-01-02 15:04")+")")
	}
	return "", usagef("%d games are called %q: %s; use the id", len(found), found[0].Name, strings.Join(ids, ", "))
}

// resolveGameFlag reads the --game given to c as "use" reads its word
// (gameID), and gives the command the game's id. Without a database there
// is nothing to resolve: the command says so in its own words.
func resolveGameFlag(app *App, c *cobra.Command) error {
	f := c.Flags().Lookup("game")
	if f == nil || !f.Changed || strings.TrimSpace(f.Value.String()) == "" {
		return nil
	}
	var id string
	err := app.withDB(readDB, func(db *store.DB) error {
		var err error
		id, err = gameID(db, f.Value.String())
		return err
	})
	if errors.Is(err, store.ErrNoGame) {
		return nil
	}
	if err != nil {
		return err
	}
	v := f.Value
	if o, ok := v.(*onceValue); ok {
		v = o.Value // the flag was given once; this is not a second time
	}
	return v.Set(id)
}
