package cmd

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
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

// deckPhrase names a game's deck for the board's first line; a deck in
// other colours than the classic four lists them, each in its colour.
func deckPhrase(d *rules.Deck, st style) string {
	if slices.Equal(d.Colors, rules.Colors) {
		return d.ID + " deck"
	}
	names := make([]string, len(d.Colors))
	for i, c := range d.Colors {
		names[i] = st.wrap(colorCodes[c], c.String())
	}
	return d.ID + " deck (" + strings.Join(names, ", ") + ")"
}

// twoLeft reports whether a game that began with more than two players is
// down to two by eliminations (Challenge UNO), and not yet over.
func twoLeft(b *scoring.Board) bool {
	return b.Players() > 2 && len(b.Active()) == 2 && !b.Over()
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

// acrossWarning is a warning for partners who would not sit across from
// each other, as the rulebook seats them: two partners at an even table
// whose seats are not half the table apart. It suggests a seating order
// when every team is a pair. "" when all is well.
func acrossWarning(s scoring.Settings) string {
	n := len(s.Players)
	if !s.Mode.NamedTeams() || n%2 != 0 {
		return ""
	}
	seat := map[string]int{}
	for i, p := range s.Players {
		seat[p] = i
	}
	var bad []string
	pairs := true
	for _, t := range s.Teams {
		if len(t) != 2 {
			pairs = false
			continue
		}
		if d := (seat[t[1]] - seat[t[0]] + n) % n; d != n/2 {
			bad = append(bad, t[0]+" & "+t[1])
		}
	}
	if len(bad) == 0 {
		return ""
	}
	msg := fmt.Sprintf("warning: partners %s do not sit across from each other, as the rulebook seats partners (--players gives the seating order, clockwise)", words.Join(bad))
	if pairs && len(s.Teams) == n/2 {
		order := make([]string, n)
		for i, t := range s.Teams {
			order[i], order[i+n/2] = t[0], t[1]
		}
		msg += "; to seat them across: --players " + strings.Join(order, ",")
	}
	return msg
}

// promptCustom asks, for a deck with Wild Customizable cards, how many the
// table put in and what is written on each (Enter when there is no more).
// For any other deck it asks nothing.
func promptCustom(app *App, deckID string) (int, []string, error) {
	d, err := rules.LookupDeck(deckID)
	if err != nil || d.Customizable() == 0 {
		return 0, nil, nil
	}
	var items []string
	for n := d.Customizable(); n >= 1; n-- {
		items = append(items, strconv.Itoa(n))
	}
	items[0] += " (all of them)"
	i, err := app.Prompt.Select("How many Wild Customizable cards are in the deck?", items, 0)
	if err != nil {
		return 0, nil, err
	}
	n := d.Customizable() - i
	var written []string
	for k := 1; k <= n; k++ {
		v, err := app.Prompt.Input(fmt.Sprintf("Rule written on card %d (Enter: none)", k), "", func(v string) error {
			s := scoring.Settings{Players: []string{"A", "B"}, Deck: d.ID, Custom: n, CustomRules: []string{v}}
			if strings.TrimSpace(v) == "" {
				return nil
			}
			return s.Normalize()
		})
		if err != nil {
			return 0, nil, err
		}
		if strings.TrimSpace(v) == "" {
			break
		}
		written = append(written, strings.TrimSpace(v))
	}
	return n, written, nil
}
