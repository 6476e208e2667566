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
  Examples: r7 wd4 gs b+2 yrev 3x7 37pts`
