package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/unoscore/unoscore/rules/words"
)

// LegendRow is one line of a deck's notation help: what to type and what
// it means. A row with no Code is a heading (a side of UNO Flip's cards).
type LegendRow struct {
	Code    string
	Meaning string
}

// Legend is the deck's notation help, read from its declaration: its
// colours, its number cards and every other face with its tokens and the
// points the scorer counts, side by side for UNO Flip, then the tokens
// every deck shares. It never names a card the deck lacks, and never
// leaves a list empty (a deck without colours or numbers says so).
func (d *Deck) Legend() []LegendRow {
	var rows []LegendRow
	sides := d.Sides
	if sides == nil {
		sides = []*Deck{d}
	}
	for _, s := range sides {
		if s.Side != NoSide {
			rows = append(rows, LegendRow{Meaning: words.Capitalize(s.Side.String()) + " side:"})
		}
		rows = append(rows, s.sideLegend()...)
	}
	if len(sides) > 1 {
		rows = append(rows, LegendRow{"", "The cards left in one hand are all on one side."})
	}
	var count string
	if fs := d.Faces(); len(fs) > 0 {
		f := fs[0]
		if slices.Contains(fs, 7) {
			f = 7
		}
		count = fmt.Sprintf("3x%s is three %s; ", f.Token(), f.Plural())
	}
	rows = append(rows, LegendRow{"", count + "37pts is points already counted. Spaces or commas between cards. Examples: " + d.Examples()})
	return rows
}

// sideLegend is one side's rows: colours, numbers, faces.
func (d *Deck) sideLegend() []LegendRow {
	var rows []LegendRow
	if len(d.Colors) == 0 {
		rows = append(rows, LegendRow{"", "no colours: every card is a wild"})
	} else {
		letters := make([]string, len(d.Colors))
		for i, c := range d.Colors {
			letters[i] = c.Letter()
		}
		rows = append(rows, LegendRow{strings.Join(letters, " "), "colours (or their names: " + words.Join(d.ColorNames()) + "), before a face"})
	}
	lo, hi := -1, -1
	for _, f := range d.faces {
		if f.IsNumber() {
			if lo < 0 {
				lo = int(f)
			}
			hi = int(f)
		}
	}
	if lo >= 0 {
		code, what := fmt.Sprintf("%d-%d", lo, hi), "number cards: their face value"
		if lo == hi {
			code = fmt.Sprint(lo)
		}
		if lo > 0 {
			what += fmt.Sprintf(" (no %s)", words.Join(numberNames(0, lo-1)))
		}
		rows = append(rows, LegendRow{code, what})
	}
	for _, f := range d.faces {
		if f.IsNumber() {
			continue
		}
		toks := faceInfos[f].tokens
		code := toks[0]
		if len(toks) > 1 {
			code += " " + toks[1]
		}
		what := fmt.Sprintf("%s, %s", f, words.Count(d.Points(Card{Face: f}), "point"))
		if f.IsWild() && len(d.Colors) > 0 {
			what += ", no colour"
		}
		rows = append(rows, LegendRow{code, what})
	}
	return rows
}

func numberNames(lo, hi int) []string {
	var ns []string
	for i := lo; i <= hi; i++ {
		ns = append(ns, fmt.Sprint(i)+"s")
	}
	return ns
}

// Examples are a few tokens of the deck, each one it takes: a number in
// its first colour, a wild, a coloured action, a count.
func (d *Deck) Examples() string {
	var ex []string
	sides := d.Sides
	if sides == nil {
		sides = []*Deck{d}
	}
	for _, s := range sides {
		var num, act, wld Face = 255, 255, 255
		for _, f := range s.faces {
			switch {
			case f.IsNumber() && (num == 255 || f == 7):
				num = f
			case f.IsWild():
				wld = f
			case !f.IsNumber() && !f.IsWild() && act == 255:
				act = f
			}
		}
		var c Color
		if len(s.Colors) > 0 {
			c = s.Colors[0]
		}
		if num != 255 {
			ex = append(ex, Card{Color: c, Face: num}.Token())
		}
		if wld != 255 {
			ex = append(ex, wld.Token())
		}
		if act != 255 {
			var c2 Color
			if len(s.Colors) > 1 {
				c2 = s.Colors[1]
			}
			ex = append(ex, Card{Color: c2, Face: act}.Token())
		}
	}
	return strings.Join(ex, " ")
}
