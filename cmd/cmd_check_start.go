package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

func newCheckStartCmd(app *App, runF func(*checkOptions) error) *cobra.Command {
	o := &checkOptions{app: app}
	c := &cobra.Command{
		Use:   "start CARD [--players N]",
		Short: "What happens when CARD is turned up as the first discard, by rulebook",
		Example: `  unoscore check start rev
  unoscore check start d2 --players 2`,
		Args:              exactArgs(1, "the card turned up, as in \"check start rev\""),
		ValidArgsFunction: cardCompletion,
		RunE: func(c *cobra.Command, args []string) error {
			o.Card = args[0]
			o.DeckGiven = c.Flags().Changed("deck")
			o.PlayersGiven = c.Flags().Changed("players")
			if runF != nil {
				return runF(o)
			}
			return runCheckStart(o)
		},
	}
	c.Flags().IntVar(&o.Players, "players", 0, "how many players are at the table")
	o.addDeck(c)
	return c
}

func runCheckStart(o *checkOptions) error {
	app := o.app
	d, err := o.deck()
	if err != nil {
		return err
	}
	card, err := d.ParseCard(strings.TrimSpace(o.Card))
	if c, nd, ok := rules.NewerCard(d, strings.TrimSpace(o.Card)); err != nil && ok {
		// A newer edition's own card asked of a deck without it: name
		// the deck that has it, not the nearest token of this one.
		title := nd.Name
		if nd.Decl != nil && nd.Decl.Title != "" {
			title = nd.Decl.Title
		}
		return usagef("the %s has no %s (a %s card: --deck %s)", d.Name, c.Face, title, nd.ID)
	}
	if err != nil {
		return usagef("%v", err)
	}
	// The card must be one the deck holds, as for check play
	// (issue 18: "check start ws --deck classic" was answered).
	if err := d.Check(rules.Hand{Cards: []rules.Card{card}}); err != nil {
		return usagef("%v (--deck picks another deck)", err)
	}
	if o.PlayersGiven {
		if err := startPlayers(d, o.Players); err != nil {
			return err
		}
	}
	if d.Sides != nil {
		return flipStart(app, o, card)
	}
	rulings := rules.StartRulings(card.Face, o.Players)
	if !rules.RulebooksHave(card.Face) {
		// A newer edition's own card (No Mercy's Wild Draw Ten): none of
		// the five rulebooks speaks for it; its edition's sources do.
		rulings = []rules.StartRuling{{Editions: []string{d.ID}, Text: newerStart(d, card)}}
	}
	if o.JSON {
		return writeJSON(app.IO.Out, present.Start{Card: card.Token(), Players: o.Players, Agree: len(rulings) == 1, Rulings: rulings, House: o.house()})
	}
	out := app.IO.Out
	table := ""
	if o.Players > 0 {
		table = fmt.Sprintf(" with %d players", o.Players)
	}
	fmt.Fprintf(out, "%s turned up as the first discard%s:\n", words.Capitalize(rules.WithArticle(card.String())), table)
	if !rules.RulebooksHave(card.Face) {
		fmt.Fprint(out, wrap(rulings[0].Text, app.IO.TermWidth(), "", ""))
		return nil
	}
	if len(rulings) == 1 && len(rulings[0].Editions) == len(rules.Editions) {
		fmt.Fprint(out, wrap("All five rulebooks: "+rulings[0].Text, app.IO.TermWidth(), "", ""))
		return nil
	}
	for _, r := range rulings {
		fmt.Fprint(out, wrap(rules.RollCall(r.Editions)+": "+r.Text, app.IO.TermWidth(), "- ", "  "))
	}
	return nil
}

// flipStart answers "check start --deck flip": what the UNO Flip sheet
// says of the card turned up first, or why it cannot be.
func flipStart(app *App, o *checkOptions, card rules.Card) error {
	text, ok := rules.FlipStart(card, o.Players)
	if !ok {
		return usagef("%s", text)
	}
	if o.JSON {
		return writeJSON(app.IO.Out, present.Start{Card: card.Token(), Players: o.Players, Agree: true,
			Rulings: []rules.StartRuling{{Editions: []string{"uno-flip"}, Text: text}}, House: o.house()})
	}
	table := ""
	if o.Players > 0 {
		table = fmt.Sprintf(" with %d players", o.Players)
	}
	fmt.Fprintf(app.IO.Out, "%s turned up as the first discard%s:\n", words.Capitalize(rules.WithArticle(card.String())), table)
	fmt.Fprint(app.IO.Out, wrap("UNO Flip (its own sheet, not one of the five rulebooks): "+text, app.IO.TermWidth(), "", ""))
	return nil
}

// startPlayers refuses a --players the deck is not for: UNO's 2 to 10, or
// the deck's own range where it declares one (UNO Party: 6 to 16).
func startPlayers(d *rules.Deck, n int) error {
	lo, hi := scoring.MinPlayers, scoring.MaxPlayers
	if d.Decl.MinPlayers > 0 {
		lo = d.Decl.MinPlayers
	}
	if d.Decl.MaxPlayers > 0 {
		hi = d.Decl.MaxPlayers
	}
	if n >= lo && n <= hi {
		return nil
	}
	if lo == scoring.MinPlayers && hi == scoring.MaxPlayers {
		return usagef("--players must be %d to %d, not %d", lo, hi, n)
	}
	return usagef("--players must be %d to %d for the %s, not %d", lo, hi, d.Name, n)
}

// newerStart is what the sources of a newer edition say of its own card
// turned up first: UNO All Wild's sheet ignores the card's action; No
// Mercy's sources say nothing.
func newerStart(d *rules.Deck, card rules.Card) string {
	title := d.Name
	if d.Decl != nil && d.Decl.Title != "" {
		title = d.Decl.Title
	}
	if d.Decl != nil && d.Decl.Rules.UnrestrictedDraw {
		return fmt.Sprintf("%s (its own sheet; none of the five rulebooks has %s): the first card's action is ignored (unoscore rules %s).",
			title, rules.WithArticle(card.String()), d.ID)
	}
	return fmt.Sprintf("None of the five rulebooks has %s, and the sources found for %s do not say what happens when one is turned up first: agree on it before the first hand (unoscore rules %s).",
		rules.WithArticle(card.String()), title, d.ID)
}
