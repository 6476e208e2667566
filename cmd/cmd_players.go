package cmd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/scoring"
)

type playersOptions struct {
	app  *App
	JSON bool
}

func newPlayersCmd(app *App, runF func(*playersOptions) error) *cobra.Command {
	o := &playersOptions{app: app}
	c := &cobra.Command{
		Use:   "players",
		Short: "List everyone who has played, across every game; rename a player",
		Long: `List everyone who has played in any game, by name (a player is their name,
ignoring case), with how many games they played, when they first and last
played, and every spelling of their name seen.

"unoscore players rename OLD NEW" mends a misspelled name in every game.`,
		Args: exactArgs(0, "no arguments"),
		RunE: seam(o, runF, runPlayers),
	}
	jsonFlag(c, &o.JSON, "print the list as JSON")
	c.AddCommand(newRenameCmd(app, nil))
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
