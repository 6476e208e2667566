package ui

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// handTable is the layout unoscore's tables have, drawn by hand: the
// oracle Table (drawn by tablewriter) is held to, byte for byte.
func handTable(w *bytes.Buffer, align []Align, unicode bool, header []string, rows [][]string, footer []string) error {
	t := &handDrawn{Table: Table{w: w, align: align, unicode: unicode, header: header, rows: rows, footer: footer}}
	return t.Render()
}

type handDrawn struct{ Table }

// box is one set of border symbols.
type box struct {
	h, v                                                 string
	topL, topM, topR, midL, midM, midR, botL, botM, botR string
}

var (
	asciiBox = box{h: "-", v: "|", topL: "+", topM: "+", topR: "+", midL: "+", midM: "+", midR: "+", botL: "+", botM: "+", botR: "+"}
	lightBox = box{h: "─", v: "│", topL: "┌", topM: "┬", topR: "┐", midL: "├", midM: "┼", midR: "┤", botL: "└", botM: "┴", botR: "┘"}
)

// Render draws the table by hand.
func (t *handDrawn) Render() error {
	n := max(len(t.header), len(t.footer))
	for _, r := range t.rows {
		n = max(n, len(r))
	}
	if n == 0 {
		return nil
	}
	widths := make([]int, n)
	measure := func(cells []string) {
		for i, c := range cells {
			for line := range strings.SplitSeq(c, "\n") {
				widths[i] = max(widths[i], Width(line))
			}
		}
	}
	measure(t.header)
	for _, r := range t.rows {
		measure(r)
	}
	measure(t.footer)
	bx := asciiBox
	if t.unicode {
		bx = lightBox
	}
	var b bytes.Buffer
	rule := func(l, m, r string) {
		b.WriteString(l)
		for i, w := range widths {
			if i > 0 {
				b.WriteString(m)
			}
			b.WriteString(strings.Repeat(bx.h, w+2))
		}
		b.WriteString(r)
		b.WriteByte('\n')
	}
	row := func(cells []string, center bool) {
		lines := make([][]string, n)
		height := 1
		for i := range n {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			lines[i] = strings.Split(c, "\n")
			height = max(height, len(lines[i]))
		}
		for k := range height {
			b.WriteString(bx.v)
			for i, w := range widths {
				if i > 0 {
					b.WriteString(bx.v)
				}
				c := ""
				if k < len(lines[i]) {
					c = lines[i][k]
				}
				a := AlignLeft
				if center {
					a = AlignCenter
				} else if i < len(t.align) {
					a = t.align[i]
				}
				b.WriteByte(' ')
				b.WriteString(handPad(c, w, a))
				b.WriteByte(' ')
			}
			b.WriteString(bx.v)
			b.WriteByte('\n')
		}
	}
	rule(bx.topL, bx.topM, bx.topR)
	if len(t.header) > 0 {
		row(t.header, true)
		if len(t.rows) > 0 || len(t.footer) > 0 {
			rule(bx.midL, bx.midM, bx.midR)
		}
	}
	for _, r := range t.rows {
		row(r, false)
	}
	if len(t.footer) > 0 {
		// tablewriter ruled off the footer even right under the header's
		// rule (a board with no hands yet): kept, so nothing moves.
		if len(t.rows) > 0 || len(t.header) > 0 {
			rule(bx.midL, bx.midM, bx.midR)
		}
		row(t.footer, false)
	}
	rule(bx.botL, bx.botM, bx.botR)
	_, err := t.w.Write(b.Bytes())
	return err
}

// handPad fits s into width columns as a says (centred: the odd space on the
// right).
func handPad(s string, width int, a Align) string {
	gap := width - Width(s)
	if gap <= 0 {
		return s
	}
	switch a {
	case AlignRight:
		return strings.Repeat(" ", gap) + s
	case AlignCenter:
		return strings.Repeat(" ", gap/2) + s + strings.Repeat(" ", gap-gap/2)
	}
	return s + strings.Repeat(" ", gap)
}

func ourTable(w *bytes.Buffer, align []Align, unicode bool, header []string, rows [][]string, footer []string) error {
	t := NewTable(w, align, unicode)
	if header != nil {
		t.Header(header)
	}
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return err
		}
	}
	if footer != nil {
		t.Footer(footer)
	}
	return t.Render()
}

type tableCase struct {
	name   string
	align  []Align
	header []string
	rows   [][]string
	footer []string
}

func compareTables(t *testing.T, tc tableCase) {
	t.Helper()
	for _, unicode := range []bool{false, true} {
		var want, got bytes.Buffer
		if err := handTable(&want, tc.align, unicode, tc.header, tc.rows, tc.footer); err != nil {
			t.Fatalf("%s: drawn by hand: %v", tc.name, err)
		}
		if err := ourTable(&got, tc.align, unicode, tc.header, tc.rows, tc.footer); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got.String() != want.String() {
			t.Errorf("%s (unicode %v): Table drew\n%s\ndrawn by hand it is\n%s", tc.name, unicode, got.String(), want.String())
		}
	}
}

// Table (drawn by tablewriter) draws the layout drawn by hand, byte for
// byte, for the tables unoscore prints: a score pad (two-line footer cells, colour codes, wide names), the
// games list (no footer), and the edges (no rows, a header wider than every
// cell, odd gaps to centre, empty cells).
func TestTableDrawsTheLayout(t *testing.T) {
	R, L := AlignRight, AlignLeft
	for _, tc := range []tableCase{
		{
			name:   "score pad",
			align:  []Align{R, L, L, R, R, R},
			header: []string{"Hand", "Dealer", "Out", "Ann", "Bob", "李小龙"},
			rows: [][]string{
				{"1", "Ann", "Bob", "", "37", ""},
				{"2", "Bob", "李小龙", "", "", "120"},
				{"3", "李小龙", "Ann", "5", "", ""},
			},
			footer: []string{"Total\nTo 500", "", "", "5\n495", "37\n463", "120\n380"},
		},
		{
			name:   "colour codes",
			align:  []Align{R, L, R, R},
			header: []string{"Hand", "Out", "\x1b[1mAnn\x1b[0m", "\x1b[32mBob & Cat\x1b[0m"},
			rows:   [][]string{{"1", "Ann", "\x1b[32m12\x1b[0m", ""}, {"2", "Bob", "", "\x1b[33m150\x1b[0m"}},
			footer: []string{"Total", "", "\x1b[1m12\x1b[0m", "150"},
		},
		{
			name:   "games list",
			align:  []Align{L, L, L, L, L, R, L, L},
			header: []string{"", "Id", "Started", "Name", "Mode", "Hands", "Players", "Result"},
			rows: [][]string{
				{"*", "g00001", "2016-01-01 19:00", "Night 1", "standard", "20", "Ann, Bob, Cat, Dan", "Ann won"},
				{"", "8tgjqv", "2026-11-25 16:12", "", "partners", "0", "Ann, Bob", ""},
			},
		},
		{
			name:   "no rows",
			align:  []Align{R, L, R},
			header: []string{"Hand", "Out", "Ann"},
			footer: []string{"Total", "", "0"},
		},
		{
			name:   "header wider than every cell, odd gaps",
			align:  []Align{R, L, R},
			header: []string{"Hand", "Dealer", "Wonderful"},
			rows:   [][]string{{"1", "A", "7"}, {"10", "", "12345"}},
		},
		{
			name:   "cells wider than the header",
			align:  []Align{L, R},
			header: []string{"A", "B"},
			rows:   [][]string{{"a long name", "1234567"}},
			footer: []string{"", "x"},
		},
	} {
		compareTables(t, tc)
	}
}

// Random tables of words, numbers, wide letters, colour codes and
// two-line cells, against the layout drawn by hand.
func TestTableMatchesTheLayoutOnRandomTables(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 3))
	words := []string{"", "7", "37", "150", "Ann", "Bob & Cat", "李小龙", "Zoë", "\x1b[32m12\x1b[0m", "Total\nTo 500", "a\nbc\ndef", "g04242", "2016-01-01 19:00", "Über"}
	cell := func() string { return words[r.IntN(len(words))] }
	for i := range 300 {
		cols := 1 + r.IntN(7)
		tc := tableCase{name: "random " + strings.Repeat("·", i%3)}
		for range cols {
			tc.align = append(tc.align, Align(r.IntN(2)))
			tc.header = append(tc.header, strings.ReplaceAll(cell(), "\n", " "))
		}
		for range r.IntN(5) {
			var row []string
			for range cols {
				row = append(row, cell())
			}
			tc.rows = append(tc.rows, row)
		}
		if r.IntN(2) == 0 {
			for range cols {
				tc.footer = append(tc.footer, cell())
			}
		}
		compareTables(t, tc)
		if t.Failed() {
			t.Fatalf("case %d: header %q rows %q footer %q", i, tc.header, tc.rows, tc.footer)
		}
	}
}

// Edges unoscore's own cells never reach (its names hold no tabs or
// newlines), drawn as tablewriter's Table drew them before Table drove
// its renderer: tabs, empty lines in a row, no header.
func TestTableKeepsTablewritersEdges(t *testing.T) {
	L := AlignLeft
	for _, tc := range []struct {
		name           string
		header, footer []string
		rows           [][]string
		want           string
	}{
		{"tabs", []string{"H", "I"}, nil, [][]string{{"\ta", "x\ty"}},
			"+---+--------+\n| H |   I    |\n+---+--------+\n| a | x    y |\n+---+--------+\n"},
		{"a row's empty lines", []string{"H", "I"}, []string{"F\n", "G"}, [][]string{{"a\n\nb", "c\n"}, {"\n", ""}},
			"+---+---+\n| H | I |\n+---+---+\n| a | c |\n| b |   |\n|   |   |\n+---+---+\n| F | G |\n|   |   |\n+---+---+\n"},
		{"no header", nil, nil, [][]string{{"a", "b"}},
			"+---+---+\n| a | b |\n+---+---+\n"},
		{"no header, a footer", nil, []string{"F", "G"}, [][]string{{"a", "b"}},
			"| a | b |\n+---+---+\n| F | G |\n+---+---+\n"},
	} {
		var got bytes.Buffer
		if err := ourTable(&got, []Align{L, L}, false, tc.header, tc.rows, tc.footer); err != nil {
			t.Fatal(err)
		}
		if got.String() != tc.want {
			t.Errorf("%s: Table drew\n%s\ntablewriter's Table drew\n%s", tc.name, got.String(), tc.want)
		}
	}
}
