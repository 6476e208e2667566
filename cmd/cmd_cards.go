package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
)

type cardsOptions struct {
	app  *App
	Deck string
}

// newCardsCmd is "unoscore cards [--deck D]": the card notation of a deck
// (the classic deck unless told), every face with its tokens and points,
// read from the deck's declaration. "unoscore help cards" prints the same
// for the classic deck.
func newCardsCmd(app *App, runF func(*cardsOptions) error) *cobra.Command {
	o := &cardsOptions{app: app}
	c := &cobra.Command{
		Use:   "cards",
		Short: "The card notation: how to type the cards left in a hand",
		Long:  cardsLong(),
		Args:  exactArgs(0, "no arguments"),
		RunE:  seam(o, runF, cardsRun),
	}
	c.Flags().StringVar(&o.Deck, "deck", rules.DefaultDeck, "the deck whose cards to list: "+strings.Join(rules.DeckIDs(), ", "))
	_ = c.RegisterFlagCompletionFunc("deck", fixedCompletion(rules.DeckIDs()...))
	return c
}

// cardsLong is the help: the classic deck's notation, and how to see
// another deck's.
func cardsLong() string {
	d, _ := rules.LookupDeck(rules.DefaultDeck)
	return ui.Legend(d) + "\n\n" +
		"Another deck's cards: unoscore cards --deck D, D one of " + strings.Join(rules.DeckIDs(), ", ") + "."
}

func cardsRun(o *cardsOptions) error {
	d, err := rules.LookupDeck(o.Deck)
	if err != nil {
		return usagef("--deck: %v", err)
	}
	_, err = fmt.Fprintln(o.app.IO.Out, ui.Wrap(ui.Legend(d), o.app.IO.TermWidth()))
	return err
}
