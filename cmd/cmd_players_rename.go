package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/store"
)

type renameOptions struct {
	app  *App
	From string
	To   string
	JSON bool
}

func newRenameCmd(app *App, runF func(*renameOptions) error) *cobra.Command {
	o := &renameOptions{app: app}
	c := &cobra.Command{
		Use:   "rename OLD NEW",
		Short: "Call a player by a new name in every game (one more event in each game's history)",
		Long: `Mend a misspelled or changed name in every game the player played. OLD is
matched ignoring case. Each game gets one more event in its history saying
who was renamed; the records before it keep the name they were written with,
and nothing is overwritten. A game in which another player already has the
new name stops the rename, and nothing is written.`,
		Example: `  unoscore players rename Bbo Bob
  unoscore players rename "ann marie" Anne-Marie`,
		Args:              exactArgs(2, "the old name and the new one"),
		ValidArgsFunction: knownPlayerCompletion(app),
		RunE: func(c *cobra.Command, args []string) error {
			o.From = args[0]
			o.To = args[1]
			if runF != nil {
				return runF(o)
			}
			return runRename(o)
		},
	}
	jsonFlag(c, &o.JSON, "print the games renamed as JSON")
	return c
}

func runRename(o *renameOptions) error {
	app := o.app
	var renamed []string
	err := app.withDB(changeDB, func(db *store.DB) error {
		var err error
		renamed, err = db.Rename(o.From, o.To)
		return err
	})
	if err != nil {
		return err
	}
	to := strings.TrimSpace(o.To)
	if o.JSON {
		return writeJSON(app.IO.Out, map[string]any{"from": o.From, "to": to, "games": renamed})
	}
	ids := strings.Join(renamed, ", ")
	if len(renamed) > 8 {
		ids = strings.Join(renamed[:8], ", ") + ", ..."
	}
	fmt.Fprintf(app.IO.Out, "Renamed %s to %s in %s (%s). Each game's history keeps the old records and notes the rename.\n",
		o.From, to, words.Count(len(renamed), "game"), ids)
	return nil
}
