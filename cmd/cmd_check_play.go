package cmd

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
)

func newCheckPlayCmd(app *App, runF func(*checkOptions) error) *cobra.Command {
	o := &checkOptions{app: app}
	c := &cobra.Command{
		Use:   "play CARD --on CARD [--color C] [--hand CARDS]",
		Short: "May CARD be played on the top card?",
		Example: `  unoscore check play g7 --on r8
  unoscore check play r2 --on w --color red
  unoscore check play wd4 --on r7 --hand "r2 g5"`,
		Args:              exactArgs(1, "the card to play, as in \"check play g7 --on r8\""),
		ValidArgsFunction: cardCompletion,
		RunE: func(c *cobra.Command, args []string) error {
			o.Card = args[0]
			o.DeckGiven = c.Flags().Changed("deck")
			if runF != nil {
				return runF(o)
			}
			return runCheckPlay(o)
		},
	}
	o.addTop(c)
	_ = c.RegisterFlagCompletionFunc("hand", cardCompletion)
	return c
}

func runCheckPlay(o *checkOptions) error {
	app := o.app
	d, err := o.deck()
	if err != nil {
		return err
	}
	card, err := d.ParseCard(strings.TrimSpace(o.Card))
	if err != nil {
		return usagef("%v", err)
	}
	top, called, err := o.top(d)
	if err != nil {
		return err
	}
	hand, err := o.hand(d)
	if err != nil {
		return err
	}
	if _, err := d.SameSide(called, append([]rules.Card{card, top}, hand...)...); err != nil {
		return usagef("%v", err)
	}
	if err := fits(d, hand, card, top); err != nil {
		return err
	}
	v, err := rules.CanPlayIn(d, card, top, called, hand)
	if errors.Is(err, rules.ErrCardColor) && !card.Face.IsNumber() {
		// The example is the card played, given a colour ("rd4", not "r7").
		return usagef("the colour of the card played decides the answer: give it, as in %s%s", d.Colors[0].Letter(), card.Face.Token())
	}
	if err != nil {
		return refereeError(err, top, d)
	}
	house := o.house()
	if v.Legal && v.Note != "" && v.See == "house-rules" && slices.Contains(house, "stacking") {
		// The table's house rule; an edition's own stacking rule (No
		// Mercy) is said by CanPlayIn.
		v.Note, v.See = stackingAtTable, ""
	}
	if o.JSON {
		return writeJSON(app.IO.Out, tableVerdict{Verdict: v, House: house})
	}
	word := app.style().Win("Legal")
	if !v.Legal {
		word = app.style().Warn("Not legal")
	}
	fmt.Fprint(app.IO.Out, wrap(fmt.Sprintf("%s: %s.", word, v.Reason), app.IO.TermWidth(), "", ""))
	if v.Note != "" {
		note := v.Note
		if !strings.HasPrefix(note, "At this table") {
			note = words.Capitalize(note)
		}
		if v.See != "" {
			note += ": see unoscore rules " + v.See
		}
		fmt.Fprint(app.IO.Out, wrap(note+".", app.IO.TermWidth(), "", ""))
	}
	return nil
}
