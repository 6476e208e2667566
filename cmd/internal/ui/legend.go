package ui

import (
	"strings"

	"github.com/unoscore/unoscore/rules"
)

// Legend is the deck's card notation as a table of what to type and what
// it means, every face with the points the scorer counts (rules.Deck's
// Legend, read from the deck's declaration): the one notation help the
// prompts' "?" and "unoscore cards" both print. Wrap it to the screen.
func Legend(d *rules.Deck) string {
	rows := d.Legend()
	w := 0
	for _, r := range rows {
		w = max(w, Width(r.Code))
	}
	var b strings.Builder
	if len(d.Colors) > 0 {
		b.WriteString("Cards in the " + d.Name + ": an optional colour, then a face.\n")
	} else {
		b.WriteString("Cards in the " + d.Name + ": a face, no colour.\n")
	}
	for _, r := range rows {
		switch {
		case r.Code == "":
			b.WriteString(r.Meaning + "\n")
		default:
			b.WriteString("  " + r.Code + strings.Repeat(" ", w-Width(r.Code)) + "  " + r.Meaning + "\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}
