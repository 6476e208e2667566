package cmd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type playersOptions struct {
	app  *App
	JSON bool
}

func newPlayersCmd(app *App) *cobra.Command {
	o := &playersOptions{app: app}
	c := &cobra.Command{
		Use:   "players",
		Short: "List everyone who has played, across every game; rename a player",
		Long: `List everyone who has played in any game, by name (a player is their name,
ignoring case), with how many games they played, when they first and last
played, and every spelling of their name seen.

"unoscore players rename OLD NEW" mends a misspelled name in every game.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, args []string) error { return runPlayers(o) },
	}
	c.Flags().BoolVar(&o.JSON, "json", false, "print the list as JSON")
	c.AddCommand(newRenameCmd(app))
	return c
}

func runPlayers(o *playersOptions) error {
	st, err := loadStats(o.app, scoring.StatsFilter{})
	if err != nil {
		return err
	}
	// Alphabetical, ignoring case.
	list := make([]*scoring.PlayerStats, len(st.Players))
	copy(list, st.Players)
	sortByName(list)
	out := o.app.IO.Out
	if o.JSON {
		j := present.PlayerList{Players: []present.KnownPlayer{}}
		for _, p := range list {
			j.Players = append(j.Players, present.KnownPlayer{Player: p.Player, Games: p.Games, Finished: p.Finished,
				First: p.First, Last: p.Last, Spellings: p.Spellings})
		}
		return writeJSON(out, j)
	}
	if len(list) == 0 {
		fmt.Fprintln(out, "No players yet. Start a game with: unoscore new --players Ann,Bob,Cat")
		return nil
	}
	g := &ui.Grid{Align: []ui.Align{ui.AlignLeft, ui.AlignLeft, ui.AlignLeft, ui.AlignLeft, ui.AlignLeft}}
	g.Add("Player", "Games", "First played", "Last played", "Also spelled")
	for _, p := range list {
		g.Add(p.Player, strconv.Itoa(p.Games), p.First.Local().Format("2006-01-02"),
			p.Last.Local().Format("2006-01-02"), strings.Join(p.Spellings[1:], ", "))
	}
	return g.Render(out, ui.Style{})
}

func sortByName(list []*scoring.PlayerStats) {
	slices.SortFunc(list, func(a, b *scoring.PlayerStats) int {
		return strings.Compare(scoring.PlayerKey(a.Player), scoring.PlayerKey(b.Player))
	})
}

func newRenameCmd(app *App) *cobra.Command {
	var asJSON bool
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
			var renamed []string
			err := app.withDB(changeDB, func(db *store.DB) error {
				var err error
				renamed, err = db.Rename(args[0], args[1])
				return err
			})
			if err != nil {
				return err
			}
			to := strings.TrimSpace(args[1])
			if asJSON {
				return writeJSON(app.IO.Out, map[string]any{"from": args[0], "to": to, "games": renamed})
			}
			ids := strings.Join(renamed, ", ")
			if len(renamed) > 8 {
				ids = strings.Join(renamed[:8], ", ") + ", ..."
			}
			fmt.Fprintf(app.IO.Out, "Renamed %s to %s in %s (%s). Each game's history keeps the old records and notes the rename.\n",
				args[0], to, words.Count(len(renamed), "game"), ids)
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the games renamed as JSON")
	return c
}

// knownPlayerCompletion completes the name of anyone who has played.
func knownPlayerCompletion(app *App) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 && c.Name() == "rename" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var names []string
		if st, err := loadStats(app, scoring.StatsFilter{}); err == nil {
			for _, p := range st.Players {
				if strings.HasPrefix(scoring.PlayerKey(p.Player), scoring.PlayerKey(toComplete)) {
					names = append(names, p.Player)
				}
			}
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	}
}
