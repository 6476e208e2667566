package cmd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type targetOptions struct {
	app    *App
	Game   string
	JSON   bool
	Yes    bool
	Target int
}

func newTargetCmd(app *App, runF func(*targetOptions) error) *cobra.Command {
	o := &targetOptions{app: app}
	c := &cobra.Command{
		Use:   "target N",
		Short: "Change the game's target: play on past it, or stop sooner",
		Long: `Change the target of a game, between hands. Raised on a game that is over
at the old target, the game goes on from where it stood, dealt by the
player after the last dealer ("let's go to 1000"). A target a score has
already reached is refused, unless the game would have ended at the last
hand under it; then it ends there. In Challenge UNO a target that would
bring an eliminated player back is refused, naming them. A rotating game
has no target.

In a terminal, a target that ends the game says so and asks first, as undo
does; --yes skips the question.

The change is kept in the game's history; undo voids it and redo brings it
back.`,
		Example: `  unoscore target 1000
  unoscore target 300 --game friday`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("target takes the new target, as in \"unoscore target 1000\"")
			}
			n, err := strconv.Atoi(strings.TrimSpace(args[0]))
			if err != nil {
				return usagef("%q is not a target: give a whole number of points, such as 1000", words.Clip(args[0]))
			}
			o.Target = n
			return nil
		},
		ValidArgsFunction: fixedCompletion("1000"),
		RunE:              seam(o, runF, runTarget),
	}
	gameFlag(c, app, &o.Game, gameUsage)
	jsonFlag(c, &o.JSON, jsonBoardUsage)
	c.Flags().BoolVarP(&o.Yes, "yes", "y", false, "do not ask first")
	return c
}

func runTarget(o *targetOptions) error {
	asked := 0 // the game as the question saw it
	if !o.Yes && !o.JSON && o.app.canPrompt() {
		// A target that ends the game is asked first, as undo asks
		// (typing 150 for 1500 ends the evening's game): the write is
		// tried on the game as read, and what it would do is said.
		g, err := loadGame(o.app, o.Game)
		if err != nil {
			return err
		}
		seen, over := g.Changes(), g.Board.Over()
		if _, err := g.Board.SetTarget(o.Target); err != nil {
			return err
		}
		if b := g.Board; !over && b.Over() {
			question := fmt.Sprintf("Lower the target to %d? That ends the game, %s winning.", o.Target, words.Join(b.Names(b.Winners())))
			if ok, err := o.app.askFirst(question, "interrupted; the target was not changed", "Target unchanged."); !ok {
				return err
			}
			o.Game, asked = g.ID, seen
		}
	}
	var g *store.Game
	wasOver := false
	err := o.app.withDB(changeDB, func(db *store.DB) error {
		before, err := db.Game(o.Game)
		if err != nil {
			return err
		}
		wasOver = before.Board.Over()
		g, err = db.SetTarget(before.ID, o.Target, store.Seen{Changes: asked})
		return err
	})
	var changed *store.ChangedError
	if errors.As(err, &changed) {
		return &scoring.InputError{Msg: "the game changed while you answered: " + strings.TrimSuffix(lowerFirst(changed.What), ".") + "; the target was not changed"}
	}
	if err != nil {
		return err
	}
	o.app.saved = fmt.Sprintf("The target of %d was saved", o.Target)
	if o.JSON {
		return writeJSON(o.app.IO.Out, present.NewBoard(&g.Game))
	}
	c, _ := g.LastChange()
	line := words.Capitalize(c.Sentence())
	if wasOver && !g.Board.Over() {
		line += fmt.Sprintf(": the game goes on, %s deals", g.Board.Name(g.Board.Dealer()))
	}
	fmt.Fprintf(o.app.IO.Out, "%s.\n\n", line)
	return ui.WriteBoard(o.app.IO.Out, &g.Game, o.app.style())
}

type endOptions struct {
	app    *App
	Game   string
	JSON   bool
	Winner string
}

func newEndCmd(app *App, runF func(*endOptions) error) *cobra.Command {
	o := &endOptions{app: app}
	c := &cobra.Command{
		Use:   "end",
		Short: "End the game here, before anyone reaches the target",
		Long: `End a game where it stands ("we stop here, Mom was leading"). The game is
over: the players leading then are named as leading, not as winners, unless
the table names a winner with --winner. Statistics count the game as
played, and a win only where a winner was named.

The end is kept in the game's history; undo brings the game back as it was,
and redo ends it again.`,
		Example: `  unoscore end
  unoscore end --winner Mom`,
		Args: exactArgs(0, "no arguments"),
		RunE: seam(o, runF, runEnd),
	}
	gameFlag(c, app, &o.Game, gameUsage)
	jsonFlag(c, &o.JSON, jsonBoardUsage)
	c.Flags().StringVar(&o.Winner, "winner", "", "the player the table names as the winner (partners: their team)")
	once(c, "winner", "name one winner")
	_ = c.RegisterFlagCompletionFunc("winner", playerCompletion(app, &o.Game, ""))
	return c
}

func runEnd(o *endOptions) error {
	var g *store.Game
	err := o.app.withDB(changeDB, func(db *store.DB) error {
		var err error
		g, err = db.End(o.Game, o.Winner)
		return err
	})
	if err != nil {
		return err
	}
	o.app.saved = "The end of the game was saved"
	if o.JSON {
		return writeJSON(o.app.IO.Out, present.NewBoard(&g.Game))
	}
	c, _ := g.LastChange()
	fmt.Fprintf(o.app.IO.Out, "%s.\n\n", words.Capitalize(c.Sentence()))
	return ui.WriteBoard(o.app.IO.Out, &g.Game, o.app.style())
}
