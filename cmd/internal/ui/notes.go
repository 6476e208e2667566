package ui

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// writeNotes prints what the table should keep in mind under the board: the
// Wild Customizable cards in the deck and the rules written on them, and,
// in Challenge UNO, that the two-player rules apply once two are left.
func writeNotes(w io.Writer, b *scoring.Board, st Style) {
	for _, l := range CustomLines(b.Settings) {
		fmt.Fprintln(w, l)
	}
	if twoLeft(b) {
		fmt.Fprintln(w, st.Bold("Two players left: the two-player rules apply (unoscore rules two-player)."))
		WriteTwoPlayerRules(w)
	}
}

// WriteTwoPlayerRules prints, indented under a heading, what changes when
// two are left: the board's notes and the hand loop both say it.
func WriteTwoPlayerRules(w io.Writer) {
	fmt.Fprintln(w, "  Reverse acts like a Skip, and after a Skip or Reverse you play again.")
	fmt.Fprintln(w, "  After a Draw Two or Wild Draw Four is picked up, play comes back to whoever laid it.")
}

// deckPhrase names a game's deck for the board's first line; a deck in
// other colours than the classic four lists them, each in its colour.
func deckPhrase(d *rules.Deck, st Style) string {
	if slices.Equal(d.Colors, rules.Colors) || d.Sides != nil {
		return d.ID + " deck"
	}
	names := make([]string, len(d.Colors))
	for i, c := range d.Colors {
		names[i] = st.Paint(colorCodes[c], c.String())
	}
	return d.ID + " deck (" + strings.Join(names, ", ") + ")"
}

// housePhrase names the table's house rules after the deck: ", house
// rules: stacking, jump-in"; "" with none.
func housePhrase(house []string) string {
	if len(house) == 0 {
		return ""
	}
	if len(house) == 1 {
		return ", house rule: " + house[0]
	}
	return ", house rules: " + strings.Join(house, ", ")
}

// twoLeft reports whether a game that began with more than two players is
// down to two by eliminations (Challenge UNO), and not yet over.
func twoLeft(b *scoring.Board) bool {
	return b.Players() > 2 && len(b.Active()) == 2 && !b.Over()
}

// CustomLines describes the Wild Customizable cards the table put in the
// deck, one line for the count and one for each rule written; none for a
// deck without them.
func CustomLines(s scoring.Settings) []string {
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
