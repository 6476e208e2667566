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
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type handOptions struct {
	app *App
	outcomeFlags
}

// tableCompletion completes the tables still playing in the game named by
// *game (or the current one), each with its pairs as the hint. A game
// that is not rotating is not played at tables, and --table is refused
// there whatever the number (scoring.Board.GivenTable): nothing offered.
func tableCompletion(app *App, game *string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		var tables []string
		_ = app.withDB(readDB, func(db *store.DB) error {
			g, err := db.Game(*game)
			if err != nil {
				return err
			}
			b := g.Board
			if b.Schedule() == nil {
				return nil
			}
			for _, t := range b.Tables() {
				if t.Done || !strings.HasPrefix(strconv.Itoa(t.Number), toComplete) {
					continue
				}
				hint := ""
				if t.Round > 0 {
					hint = fmt.Sprintf("\tround %d: %s against %s", t.Round, present.PairName(b, t.Teams[0]), present.PairName(b, t.Teams[1]))
				}
				tables = append(tables, strconv.Itoa(t.Number)+hint)
			}
			return nil
		})
		return tables, cobra.ShellCompDirectiveNoFileComp
	}
}

func newHandCmd(app *App, runF func(*handOptions) error) *cobra.Command {
	o := &handOptions{app: app}
	c := &cobra.Command{
		Use:   "hand [--table T] -o NAME [NAME=CARDS]... [-l NAME=CARDS]...",
		Short: "Record a hand: who went out and the cards left in the other hands",
		Long: `Record one hand: who went out, and the cards left in every hand that
scores. That is every other player; in partners mode every player outside
the winner's team; in challenge mode every player not yet eliminated; in
rotating mode the two players of the opposing pair at the hand's table
(--table, in that table's current round).

Cards are tokens separated by spaces or commas: r7 red7 g+2 yrev bs w wd4,
3x7 for three 7s, 37pts for points already counted ("unoscore help cards").
A player may be named by a unique start of the name, in any case (-o c for
Cat), and NAME=CARDS may be given without -l.
When the last card played was a Draw Two or Wild Draw Four, the cards the
next player drew count too.`,
		Example: `  unoscore hand --out Ann --left Bob="r7 wd4" --left Cat=37pts
  unoscore hand -o c dan="r7 wd4" ann=b+2 bob=w
  unoscore hand --table 2 --out Eve --left Fay=r7 --left Hal=wd4`,
		Args:              func(c *cobra.Command, args []string) error { return o.takeArgs(c, args) },
		ValidArgsFunction: leftCompletion(app, &o.Game),
		RunE:              seam(o, runF, runHand),
	}
	o.register(c, app)
	return c
}

// parseLeft reads --left values: NAME=CARDS each.
func parseLeft(values []string) ([]scoring.Left, error) {
	var left []scoring.Left
	for _, v := range values {
		name, cards, ok := strings.Cut(v, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, usagef("--left %q needs NAME=CARDS, as in --left \"Bob=r7 wd4\"", v)
		}
		// A player's name as the game calls them (one from before ':'
		// was refused included); the game refuses one it does not have.
		if err := scoring.ValidateStoredName(name); err != nil {
			return nil, usagef("--left %q: %v", v, err)
		}
		l, err := present.Left(name, cards)
		if err != nil {
			return nil, err
		}
		left = append(left, l)
	}
	return left, nil
}

// deckDependent reports whether some --left value's cards are read by
// some deck otherwise than parseLeft reads them, for every deck at once:
// No Mercy's "+4" and "r+4" are its Draw Four, where any other deck's
// "+4" is the Wild Draw Four (and "r+4" no card). Such cards are read
// again by the game's deck (leftIn), as the prompts read them.
func deckDependent(values []string) bool {
	for _, v := range values {
		_, cards, ok := strings.Cut(v, "=")
		if !ok {
			continue
		}
		anyHand, anyErr := rules.ParseAnyHand(cards)
		for _, d := range rules.Decks() {
			h, err := d.ParseHand(cards)
			if err == nil && (anyErr != nil || !slices.Equal(h.Cards, anyHand.Cards) || !slices.Equal(h.Counted, anyHand.Counted)) {
				return true
			}
		}
	}
	return false
}

// leftIn reads the --left values with the deck of game b, naming each
// player as the game does where their cards cannot be read.
func leftIn(b *scoring.Board, values []string) ([]scoring.Left, error) {
	left, err := parseLeft(values)
	var ce *present.CardsError
	if err != nil && !errors.As(err, &ce) {
		return nil, err
	}
	left = left[:0]
	for _, v := range values {
		name, cards, _ := strings.Cut(v, "=")
		name = strings.TrimSpace(name)
		h, err := b.Deck.ParseHand(cards)
		if err != nil {
			if seat, serr := b.Settings.Seat(name); serr == nil {
				name = b.Name(seat)
			}
			return nil, &scoring.InputError{Msg: name + "'s cards: " + err.Error()}
		}
		left = append(left, scoring.Left{Player: name, Cards: h})
	}
	return left, nil
}

func runHand(o *handOptions) error {
	app := o.app
	if o.Out == "" && len(o.Left) == 0 && app.canPrompt() && !o.JSON {
		// Refused before anything is asked.
		if err := checkTable(app, o.Game, o.Table, o.TableGiven); err != nil {
			return err
		}
		return flow.HandLoop(app.flowEnv(), o.Game, o.Table)
	}
	if o.Out == "" {
		return usagef("missing --out: name the player who went out")
	}
	h, err := o.hand()
	reread := deckDependent(o.Left)
	var ce *present.CardsError
	if err != nil && !(reread && errors.As(err, &ce)) {
		return present.CardsIn(err, func() (*scoring.Game, error) { return played(loadGame(app, o.Game)) })
	}
	var g *store.Game
	err = app.withDB(changeDB, func(db *store.DB) error {
		if reread {
			cur, err := db.Game(o.Game)
			if err != nil {
				return err
			}
			if h.Left, err = leftIn(cur.Board, o.Left); err != nil {
				return err
			}
		}
		if o.TableGiven {
			// The table rule is kept under the lock, on the game the
			// hand goes to (the current one may have changed since).
			g, err = db.AddHandAt(o.Game, o.Table, h)
		} else {
			g, err = db.AddHand(o.Game, h)
		}
		return err
	})
	if err != nil {
		return err
	}
	app.saved = fmt.Sprintf("Hand %d was saved", g.Board.Rows[len(g.Board.Rows)-1].Number)
	if o.JSON {
		return writeJSON(app.IO.Out, present.NewBoard(&g.Game))
	}
	fmt.Fprintln(app.IO.Out, present.HandLine(g.Board, g.Board.Rows[len(g.Board.Rows)-1]))
	fmt.Fprintln(app.IO.Out)
	return ui.WriteBoard(app.IO.Out, &g.Game, app.style())
}
