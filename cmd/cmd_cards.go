package cmd

import "github.com/spf13/cobra"

// newCardsCmd is "unoscore cards": the card notation, as help text.
func newCardsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "cards",
		Short: "The card notation: how to type the cards left in a hand",
		Long:  notationHelp,
	}
}

const notationHelp = `Cards: an optional colour (r g b y, or red green blue yellow; the themed
  deck: pu g pk y, or purple green pink yellow), then a face:
  0-9, d2 or +2 (Draw Two), s (Skip), rev (Reverse), w (Wild),
  wd4 or +4 (Wild Draw Four), ws (Wild Shuffle Hands), wc (Wild Customizable).
  3x7 is three 7s; 37pts is points already counted. Spaces or commas between.
  Examples: r7 wd4 gs b+2 yrev 3x7 37pts`
