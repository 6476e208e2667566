package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type undoOptions struct {
	app        *App
	Game       string
	JSON       bool
	Yes        bool
	Table      int
	TableGiven bool // --table was given (0 included, which names no table)
}

func newUndoCmd(app *App, runF func(*undoOptions) error) *cobra.Command {
	o := &undoOptions{app: app}
	c := &cobra.Command{
		Use:   "undo",
		Short: "Void the last counted hand (it stays in the game's history; redo brings it back)",
		Long: `Void the last counted hand. It stays in the game's history, and
"unoscore redo" brings it back. In a terminal, undo says which hand it would
void and asks first; --yes skips the question.`,
		Args: exactArgs(0, "no arguments"),
		RunE: withTable(o, seam(o, runF, runUndo)),
	}
	gameFlag(c, o.app, &o.Game, gameUsage)
	jsonFlag(c, &o.JSON, jsonBoardUsage)
	c.Flags().BoolVarP(&o.Yes, "yes", "y", false, "do not ask first")
	c.Flags().IntVar(&o.Table, "table", 0, "a rotating game: void the last hand played at this table")
	once(c, "table", "say one table")
	_ = c.RegisterFlagCompletionFunc("table", tableCompletion(app, &o.Game))
	return c
}

// withTable notes whether --table was given before running.
func withTable(o *undoOptions, run func(*cobra.Command, []string) error) func(*cobra.Command, []string) error {
	return func(c *cobra.Command, args []string) error {
		o.TableGiven = c.Flags().Changed("table")
		return run(c, args)
	}
}

// checkTable refuses a --table the game is not played at, in the one
// rule every command with --table keeps (hand, edit, undo, redo; the
// phone's too: scoring.Board.GivenTable), before any question is asked or
// anything written. Not given, there is nothing to refuse.
func checkTable(app *App, game string, table int, given bool) error {
	if !given {
		return nil
	}
	g, err := loadGame(app, game)
	if err != nil {
		return err
	}
	return g.Board.GivenTable(table)
}

func runUndo(o *undoOptions) error {
	if err := checkTable(o.app, o.Game, o.Table, o.TableGiven); err != nil {
		return err
	}
	asked := 0 // the hand the question named
	if !o.Yes && !o.JSON && o.app.canPrompt() {
		g, err := loadGame(o.app, o.Game)
		if err != nil {
			return err
		}
		// A target or end set after the last hand is voided first.
		if c, ok := g.LastChange(); ok {
			question := fmt.Sprintf("Void %q?", c.Sentence())
			if ok, err := o.app.askFirst(question, "interrupted; nothing was voided", "Nothing voided."); !ok {
				return err
			}
			o.Game, asked = g.ID, g.Changes()
			return o.undo(asked)
		}
		// The hand the write would void, or its refusal, before the
		// question, in the write's sentence, not after a yes.
		n, err := g.UndoHand(o.Table)
		if err != nil {
			return err
		}
		last := g.Board.Rows[n-1]
		question := fmt.Sprintf("Void %s (%s)?", handAt(last), present.HandBrief(g.Board, last.Hand))
		if ok, err := o.app.askFirst(question, fmt.Sprintf("interrupted; %s was not voided", handAt(last)), "Nothing voided."); !ok {
			return err
		}
		o.Game, asked = g.ID, g.Changes()
	}
	return o.undo(asked)
}

// undo voids what the game's last change counted, given what the writer
// saw when asked (asked: its changes then; 0 when nothing was asked).
func (o *undoOptions) undo(asked int) error {
	var g *store.Game
	var voided scoring.Row
	err := o.app.withDB(changeDB, func(db *store.DB) error {
		// After a question, the hand voided is the one it named, or
		// nothing is: the store checks, in its write, that the game (at
		// that table) has not changed since.
		var err error
		g, voided, err = db.UndoAt(o.Game, o.Table, store.Seen{Changes: asked})
		return err
	})
	var changed *store.ChangedError
	if errors.As(err, &changed) {
		return &scoring.InputError{Msg: "the game changed while you answered: " + strings.TrimSuffix(lowerFirst(changed.What), ".") + "; nothing voided"}
	}
	if err != nil {
		return err
	}
	if c, ok := g.UndoneChange(); ok && voided.Number == 0 {
		o.app.saved = "The undo was saved"
		if o.JSON {
			return writeJSON(o.app.IO.Out, present.Undone{Board: present.NewBoard(&g.Game)})
		}
		fmt.Fprintf(o.app.IO.Out, "Voided %q; it stays in the history.\n\n", c.Sentence())
		return ui.WriteBoard(o.app.IO.Out, &g.Game, o.app.style())
	}
	o.app.saved = fmt.Sprintf("The undo of %s was saved", handAt(voided))
	if o.JSON {
		return writeJSON(o.app.IO.Out, present.Undone{Board: present.NewBoard(&g.Game), Voided: present.NewVoided(&g.Game, voided)})
	}
	fmt.Fprintf(o.app.IO.Out, "Voided %s (%s); it stays in the history.\n\n", handAt(voided), present.HandBrief(g.Board, voided.Hand))
	return ui.WriteBoard(o.app.IO.Out, &g.Game, o.app.style())
}

// askFirst asks question (see confirmKept) before a change: it says
// whether to go on. A no prints declined and is no error; Ctrl-C is the
// interrupted sentence (exit 130).
func (a *App) askFirst(question, interrupted, declined string) (bool, error) {
	ok, err := a.confirmKept(question)
	switch {
	case errors.Is(err, prompter.ErrInterrupted):
		return false, interruptedError(interrupted)
	case err != nil:
		return false, err
	case !ok:
		fmt.Fprintln(a.IO.Out, declined)
	}
	return ok, nil
}

// confirmKept asks a yes-or-no question (the default no) that stays on
// the screen with its answer: what was done, or not, reads on from it
// ("Void hand 3 (Ann went out, 57 points)? no"). At Ctrl-C the question
// stays, unanswered, for the sentence saying what was not done.
func (a *App) confirmKept(question string) (bool, error) {
	ok, err := a.Prompt.Confirm(question, false)
	if errors.Is(err, prompter.ErrInterrupted) {
		fmt.Fprintln(a.IO.Out, question)
		return false, err
	}
	if err != nil {
		return false, err
	}
	answer := "no"
	if ok {
		answer = "yes"
	}
	fmt.Fprintln(a.IO.Out, question, answer)
	return ok, nil
}

// handAt names a hand: "hand 5", or "hand 5 at table 1" in a rotating game.
func handAt(r scoring.Row) string {
	if r.Table > 0 {
		return fmt.Sprintf("hand %d at table %d", r.Number, r.Table)
	}
	return fmt.Sprintf("hand %d", r.Number)
}

// lowerFirst lowers a sentence's first letter, to go on after a colon.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
