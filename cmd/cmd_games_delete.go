package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/store"
)

type gamesDeleteOptions struct {
	app *App
	ID  string
	Yes bool
}

// newGamesDeleteCmd is "games delete ID": one game removed whole, after a
// copy of the file is kept beside it, so that a game that cannot be read
// or exported never holds the rest hostage.
func newGamesDeleteCmd(app *App, runF func(*gamesDeleteOptions) error) *cobra.Command {
	o := &gamesDeleteOptions{app: app}
	c := &cobra.Command{
		Use:   "delete ID",
		Short: "Delete one game whole, after keeping a copy of the file beside it",
		Long: `Delete one game: its whole history, its summary and its id, in one
change, after a copy of the database file as it was is written beside it
(DB.before-delete-ID-DATE). The game's history is not read, so a game that
is damaged, or that export cannot write, can go and let the rest be
exported again. Asks first; --yes (or --no-input with --yes) does not.`,
		Example:           "  unoscore games delete k3x9qp",
		Args:              exactArgs(1, "one game id (\"unoscore games\" lists them)"),
		ValidArgsFunction: gameCompletion(app),
		RunE: func(c *cobra.Command, args []string) error {
			o.ID = args[0]
			if runF != nil {
				return runF(o)
			}
			return runGamesDelete(o)
		},
	}
	c.Flags().BoolVarP(&o.Yes, "yes", "y", false, "delete without asking")
	return c
}

func runGamesDelete(o *gamesDeleteOptions) error {
	app := o.app
	if strings.TrimSpace(o.ID) == "" {
		return usagef("games delete needs a game's id; \"unoscore games\" lists them")
	}
	if !o.Yes {
		if !app.canPrompt() {
			return usagef("games delete asks first; give --yes to delete without asking")
		}
		what := "game " + o.ID
		// The question names the game when it can be read; a damaged one
		// is asked about by its id.
		if g, err := loadGame(app, o.ID); err == nil {
			what = fmt.Sprintf("game %s", g.ID)
			if g.Name() != "" {
				what += fmt.Sprintf(" (%s)", g.Name())
			}
			what += fmt.Sprintf(", %s of %s", words.Count(g.Board.Hands(), "hand"), words.Join(g.Settings().Players))
		}
		ok, err := app.confirmKept(fmt.Sprintf("Delete %s? A copy of the file is kept first.", what))
		if errors.Is(err, prompter.ErrInterrupted) {
			return interruptedError("interrupted; nothing was deleted")
		}
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintln(app.IO.Out, "Nothing deleted.")
			return nil
		}
	}
	var d store.Deleted
	err := app.withDB(changeDB, func(db *store.DB) error {
		var err error
		d, err = db.Delete(o.ID)
		return err
	})
	if err != nil {
		return err
	}
	app.saved = fmt.Sprintf("Game %s was deleted (a copy of the file as it was is %s)", d.ID, d.Copy)
	fmt.Fprintf(app.IO.Out, "Deleted game %s. The file as it was is kept as %s.\n", d.ID, d.Copy)
	switch {
	case !d.WasCurrent:
	case d.Current.ID == "":
		fmt.Fprintln(app.IO.Out, "It was the current game, and no game remains; \"unoscore new\" starts one.")
	default:
		name := d.Current.ID
		if d.Current.Name != "" {
			name += " (" + d.Current.Name + ")"
		}
		fmt.Fprintf(app.IO.Out, "It was the current game; the current game is now %s, the one played most recently.\n", name)
	}
	return nil
}
