package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/rules"
)

func newCheckChallengeCmd(app *App, runF func(*checkOptions) error) *cobra.Command {
	o := &checkOptions{app: app}
	c := &cobra.Command{
		Use:   "challenge --on CARD [--color C] --hand CARDS",
		Short: "Was a Wild Draw Four played illegally? Who draws, and how many",
		Long: `Judge a challenge of a Wild Draw Four: --on is the card it was played on
(with --color for a wild there), --hand the cards its player still held.`,
		Example: `  unoscore check challenge --on r7 --hand "r2 g5"
  unoscore check challenge --on w --color blue --hand "g1 y3 wd4"`,
		Args: exactArgs(0, "no arguments (use --on and --hand)"),
		RunE: func(c *cobra.Command, args []string) error {
			o.DeckGiven = c.Flags().Changed("deck")
			if runF != nil {
				return runF(o)
			}
			return runCheckChallenge(o)
		},
	}
	o.addTop(c)
	_ = c.RegisterFlagCompletionFunc("hand", cardCompletion)
	return c
}

func runCheckChallenge(o *checkOptions) error {
	app := o.app
	o.Challenge = true
	d, err := o.deck()
	if err != nil {
		return err
	}
	top, called, err := o.top(d)
	if err != nil {
		return err
	}
	if err := d.CanChallenge(); err != nil {
		return usagef("%v", err) // an edition with no challenge
	}
	if !canBeChallenged(d) {
		return usagef("the %s has no Wild Draw Four, and check challenge judges a Wild Draw Four (--deck picks another deck)", d.Name)
	}
	if o.Hand == "" {
		return usagef("missing --hand: the cards the Wild Draw Four's player still held, as in --hand \"r2 g5\"")
	}
	hand, err := o.hand(d)
	if err != nil {
		return err
	}
	challenge, played := rules.Challenge, rules.Card{Face: rules.WildDrawFour}
	if d.Sides != nil {
		side, err := d.SameSide(called, append([]rules.Card{top}, hand...)...)
		if err != nil {
			return usagef("%v", err)
		}
		challenge, played = rules.ChallengeFlip, rules.Card{Face: rules.WildDrawTwo}
		if side == rules.Dark {
			played.Face = rules.WildDrawColor
		}
	}
	if err := fits(d, hand, top, played); err != nil {
		return err
	}
	v, err := challenge(top, called, hand)
	if err != nil {
		return refereeError(err, top, d)
	}
	if o.JSON {
		return writeJSON(app.IO.Out, struct {
			rules.ChallengeVerdict
			House []string `json:"house"`
		}{v, o.house()})
	}
	word := app.style().Warn("Guilty")
	if !v.Guilty {
		word = app.style().Win("Not guilty")
	}
	fmt.Fprintf(app.IO.Out, "%s: %s.\n", word, strings.TrimPrefix(strings.TrimPrefix(v.Reason, "guilty: "), "not guilty: "))
	return nil
}
