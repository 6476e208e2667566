package cmd

import (
	"bytes"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
)

type boardOptions struct {
	app      *App
	Game     string
	JSON     bool
	Chart    bool
	Schedule bool
	Wide     bool
}

func newBoardCmd(app *App, runF func(*boardOptions) error) *cobra.Command {
	o := &boardOptions{app: app}
	c := &cobra.Command{
		Use:   "board",
		Short: "Show the score pad: every hand, the totals, who deals next",
		Long: `Show the score pad: every hand, the totals, the leaders and who deals next.
In a rotating game it also shows each table's round, pairs and dealer, and
the rounds still to play; --schedule prints every round's tables instead.`,
		Args: exactArgs(0, "no arguments"),
		RunE: seam(o, runF, runBoard),
	}
	gameFlag(c, app, &o.Game, gameUsage)
	jsonFlag(c, &o.JSON, jsonBoardUsage)
	c.Flags().BoolVar(&o.Chart, "chart", false, "draw the score race as a line chart")
	c.Flags().BoolVar(&o.Schedule, "schedule", false, "rotating: print who sits where, with whom, in every round")
	wideFlag(c, &o.Wide, wideUsage)
	c.MarkFlagsMutuallyExclusive("json", "chart", "schedule")
	flagRole(c, "json", "prints the board for programs")
	flagRole(c, "chart", "draws the score race")
	flagRole(c, "schedule", "prints every round's tables")
	return c
}

func runBoard(o *boardOptions) error {
	g, err := loadGame(o.app, o.Game)
	if err != nil {
		return err
	}
	if o.JSON {
		return writeJSON(o.app.IO.Out, present.NewBoard(&g.Game))
	}
	st := o.app.style()
	if o.Wide {
		st.Width = 0
	}
	if o.Schedule {
		var b bytes.Buffer
		if err := writeSchedule(&b, g, st); err != nil {
			return err
		}
		return ui.WriteWrapped(o.app.IO.Out, b.String(), st.Width)
	}
	if o.Chart {
		return ui.WriteChart(o.app.IO.Out, &g.Game, st)
	}
	return ui.WriteBoard(o.app.IO.Out, &g.Game, st)
}
