package cmd

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/flow"
	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type editOptions struct {
	app    *App
	Number int
	outcomeFlags
}

func newEditCmd(app *App, runF func(*editOptions) error) *cobra.Command {
	o := &editOptions{app: app}
	c := &cobra.Command{
		Use:   "edit N [-o NAME] [NAME=CARDS]... [-l NAME=CARDS]...",
		Short: "Correct hand N; the old record stays in the history",
		Long: `Correct hand N (numbered from 1 in the order played, as the board shows).
Only what is named changes: --left Bob=r7 alone replaces Bob's cards and
keeps the rest of the hand; --out moves the win, and then every hand that
scores must be given, as in "unoscore hand". In a terminal, "edit N" with
nothing else asks for the hand again with its values filled in.

The old record stays in the game's history, and every later hand is counted
again on top of the correction. A correction that would make a later hand
impossible (say, a player eliminated earlier) is refused.`,
		Example: `  unoscore edit 2 --left Bob=r7
  unoscore edit 2 --out Bob --left Ann="r7 g2" --left Cat=wd4`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) < 1 {
				return usagef("edit takes the number of the hand to correct, as in \"unoscore edit 2 --out Bob --left Ann=r7\"")
			}
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 1 {
				return usagef("%q is not a hand number: hands are numbered from 1, as the board shows", args[0])
			}
			o.Number = n
			return o.takeArgs(c, args[1:])
		},
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return leftCompletion(app, &o.Game)(c, args, toComplete)
		},
		RunE: seam(o, runF, runEdit),
	}
	o.register(c, app)
	return c
}

func runEdit(o *editOptions) error {
	app := o.app
	n := o.Number
	if o.Out == "" && len(o.Left) == 0 && !o.knockedGiven {
		if app.canPrompt() && !o.JSON {
			return editPrompt(o)
		}
		return usagef("missing --out or --left: say what changes in hand %d, as in unoscore edit %d --left Bob=r7", n, n)
	}
	knocked, by, err := o.knocked()
	if err != nil {
		return err
	}
	left, err := parseLeft(o.Left)
	reread := deckDependent(o.Left) // No Mercy's "+4": read by the game's deck
	var ce *present.CardsError
	if err != nil && !(reread && errors.As(err, &ce)) {
		return present.CardsIn(err, func() (*scoring.Game, error) { return played(loadGame(app, o.Game)) })
	}
	var g *store.Game
	err = app.withDB(changeDB, func(db *store.DB) error {
		before, err := db.Game(o.Game)
		if err != nil {
			return err
		}
		if reread {
			if left, err = leftIn(before.Board, o.Left); err != nil {
				return err
			}
		}
		h := scoring.Hand{Out: o.Out, Left: left, Table: o.Table, KnockedOut: knocked, KnockedBy: by}
		if o.Out == "" && n >= 1 && n <= len(before.Hands()) {
			if h, err = changeCards(before, n, left); err != nil {
				return err
			}
			if o.knockedGiven {
				h.KnockedOut, h.KnockedBy = knocked, by
				h.Left = dropKnockedOut(before, h.Left, left, knocked)
			}
		}
		g, err = edit(db, o, before.ID, h)
		return err
	})
	if err != nil {
		return err
	}
	return editDone(o, g)
}

// edit saves the correction of hand o.Number, moved to the table given
// if --table was (held to the table rule under the lock, as store.EditAt
// says), else at its table.
func edit(db *store.DB, o *editOptions, id string, h scoring.Hand, seen ...store.Seen) (*store.Game, error) {
	if o.TableGiven {
		return db.EditAt(id, o.Number, o.Table, h, seen...)
	}
	return db.Edit(id, o.Number, h, seen...)
}

func editDone(o *editOptions, g *store.Game) error {
	o.app.saved = fmt.Sprintf("The correction of hand %d was saved", o.Number)
	if o.JSON {
		return writeJSON(o.app.IO.Out, present.NewBoard(&g.Game))
	}
	fmt.Fprintf(o.app.IO.Out, "Corrected. %s The old record stays in the history.\n\n", present.HandLine(g.Board, g.Board.Rows[o.Number-1]))
	return ui.WriteBoard(o.app.IO.Out, &g.Game, o.app.style())
}

// dropKnockedOut leaves out of a corrected hand's cards (kept, the
// stored ones) those of the players --knocked-out now names: "edit 1
// --knocked-out Zoe" was refused saying Zoe's cards are not scored, "so
// leave them out", of cards the edit never gave. Cards given in this
// edit (given) are kept, and refused as before.
func dropKnockedOut(g *store.Game, kept, given []scoring.Left, knocked []string) []scoring.Left {
	settings := g.Settings()
	isGiven := func(name string) bool {
		return slices.ContainsFunc(given, func(l scoring.Left) bool {
			seat, err := settings.Seat(l.Player)
			return err == nil && settings.Players[seat] == name
		})
	}
	out := kept[:0:0]
	for _, l := range kept {
		seat, err := settings.Seat(l.Player)
		drop := false
		if err == nil && !isGiven(settings.Players[seat]) {
			for _, k := range knocked {
				if ks, err := settings.Seat(k); err == nil && ks == seat {
					drop = true
				}
			}
		}
		if !drop {
			out = append(out, l)
		}
	}
	return out
}

// changeCards is hand n with only the players named in left given new cards.
func changeCards(g *store.Game, n int, left []scoring.Left) (scoring.Hand, error) {
	old := g.Hands()[n-1]
	settings := g.Settings()
	h := scoring.Hand{Out: old.Out, Left: append([]scoring.Left(nil), old.Left...), Table: old.Table,
		KnockedOut: old.KnockedOut, KnockedBy: old.KnockedBy} // No Mercy's knock-outs stand
	for _, l := range left {
		seat, err := settings.Seat(l.Player)
		if err != nil {
			return h, err
		}
		name := settings.Players[seat]
		i := slices.IndexFunc(h.Left, func(x scoring.Left) bool { return strings.EqualFold(x.Player, name) })
		if i < 0 {
			if strings.EqualFold(name, old.Out) {
				return h, usagef("%s went out in hand %d and held no cards; to move the win, give --out and every hand that scores", name, n)
			}
			if slices.ContainsFunc(old.KnockedOut, func(k string) bool { return strings.EqualFold(k, name) }) {
				// No longer knocked out (--knocked-out names the others):
				// their cards count now; if still knocked out, the
				// hand is refused saying so.
				h.Left = append(h.Left, scoring.Left{Player: name, Cards: l.Cards})
				continue
			}
			return h, usagef("%s's cards did not count in hand %d", name, n)
		}
		h.Left[i].Cards = l.Cards
	}
	return h, nil
}

// editPrompt asks for hand N again in the terminal, with its values filled
// in, and saves the correction.
func editPrompt(o *editOptions) error {
	app := o.app
	g, err := loadGame(app, o.Game)
	if err != nil {
		return err
	}
	if o.TableGiven { // refused before anything is asked
		if err := g.Board.GivenTable(o.Table); err != nil {
			return err
		}
	}
	n := o.Number
	if n < 1 || n > len(g.Hands()) {
		return scoring.NoHandError(n, len(g.Hands()))
	}
	before, err := scoring.ReplayRecorded(g.Settings(), g.Hands()[:n-1])
	if err != nil {
		return err
	}
	fmt.Fprintf(app.IO.Out, "%s %s\n", app.style().Bold(fmt.Sprintf("Correcting hand %d.", n)), present.HandLine(g.Board, g.Board.Rows[n-1]))
	old := g.Hands()[n-1]
	want := old.Table
	if o.TableGiven {
		// Asked at the table given, as --out and --left move it there.
		old.Table, want = o.Table, o.Table
	}
	h, ok, err := flow.Hand(app.flowEnv(), before, want, &old, "Save this correction?")
	if err != nil || !ok {
		if err == nil {
			fmt.Fprintln(app.IO.Out, "Nothing changed.")
		}
		return err
	}
	var after *store.Game
	saved, err := flow.SaveRetrying(app.flowEnv(), "correction", func() error {
		return app.withDB(changeDB, func(db *store.DB) error {
			// The correction is of the game as it was shown: the store
			// checks, in its write, that nothing changed since (another
			// terminal, while the questions or a retry waited).
			after, err = edit(db, o, g.ID, h, store.Seen{Changes: g.Changes()})
			return err
		})
	})
	if err == nil && !saved {
		fmt.Fprintln(app.IO.Out, "The correction was dropped; nothing changed.")
		return nil
	}
	var changed *store.ChangedError
	if errors.As(err, &changed) {
		return &scoring.InputError{Msg: "the game changed while you answered: " + strings.TrimSuffix(lowerFirst(changed.What), ".") + "; the correction was not saved"}
	}
	if err != nil {
		return err
	}
	return editDone(o, after)
}
