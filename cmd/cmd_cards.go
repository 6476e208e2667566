package cmd

import "github.com/spf13/cobra"

type cardsOptions struct {
	app *App
}

// newCardsCmd is "unoscore cards": the card notation, as help text. It is a
// help topic ("unoscore help cards"; --help lists it under "Additional help
// topics"), so it has nothing to run: cobra prints its text. A test's runF
// makes it runnable, to see what reaches it.
func newCardsCmd(app *App, runF func(*cardsOptions) error) *cobra.Command {
	c := &cobra.Command{
		Use:   "cards",
		Short: "The card notation: how to type the cards left in a hand",
		Long:  notationHelp,
	}
	if runF != nil {
		c.RunE = seam(&cardsOptions{app: app}, runF, nil)
	}
	return c
}

const notationHelp = `Cards: an optional colour (r g b y, or red green blue yellow; the themed
  deck: pu g pk y, or purple green pink yellow), then a face:
  0-9, d2 or +2 (Draw Two), s (Skip), rev (Reverse), w (Wild),
  wd4 or +4 (Wild Draw Four), ws (Wild Shuffle Hands), wc (Wild Customizable).
  3x7 is three 7s; 37pts is points already counted. Spaces or commas between.
  Examples: r7 wd4 gs b+2 yrev 3x7 37pts

UNO Flip (--deck flip): every card has a light side and a dark side, and
  the cards left in one hand are all on one side (a hand that mixes them is
  refused). Colours: light r y g b (red yellow green blue); dark pk t o pu
  (pink teal orange purple). Faces: 1-9 (no 0);
  light side: d1 or +1 (Draw One, 10 points), s (Skip, 20), rev (Reverse,
  20), f (Flip, 20), w (Wild, 40), wd2 or w+2 (Wild Draw Two, 50);
  dark side: d5 or +5 (Draw Five, 20), se or skipall (Skip Everyone, 30),
  rev (Reverse, 20), f (Flip, 20), w (Wild, 40), wdc or w+c (Wild Draw
  Color, 60).
  Examples: r7 wd2 gd1 yf on the light side; t7 wdc pkse o+5 on the dark side`
