package cmd

import (
	"fmt"
	"io"

	"github.com/unoscore/unoscore/scoring"
)

// writeNotes prints what the table should keep in mind under the board: the
// Wild Customizable cards in the deck and the rules written on them, and,
// in Challenge UNO, that the two-player rules apply once two are left.
func writeNotes(w io.Writer, b *scoring.Board, st style) {
	for _, l := range customLines(b.Settings) {
		fmt.Fprintln(w, l)
	}
	if twoLeft(b) {
		fmt.Fprintln(w, st.bold("Two players left: the two-player rules apply (unoscore rules two-player)."))
		fmt.Fprintln(w, "  Reverse acts like a Skip, and after a Skip or Reverse you play again.")
		fmt.Fprintln(w, "  After a Draw Two or Wild Draw Four is picked up, play comes back to whoever laid it.")
	}
}

// twoLeft reports whether a Challenge UNO game that began with more than two
// players is down to two, and not yet over.
func twoLeft(b *scoring.Board) bool {
	return b.Settings.Mode == scoring.Challenge && b.Players() > 2 && len(b.Active()) == 2 && !b.Over()
}

// customLines describes the Wild Customizable cards the table put in the
// deck, one line for the count and one for each rule written; none for a
// deck without them.
func customLines(s scoring.Settings) []string {
	if s.Custom == 0 {
		return nil
	}
	lines := []string{fmt.Sprintf("Wild Customizable cards in the deck: %d.", s.Custom)}
	if len(s.CustomRules) == 0 {
		lines[0] = fmt.Sprintf("Wild Customizable cards in the deck: %d (no rules recorded).", s.Custom)
	}
	for i, r := range s.CustomRules {
		lines = append(lines, fmt.Sprintf("  Card %d: %s", i+1, r))
	}
	return lines
}
