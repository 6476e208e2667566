package ui

import (
	"bytes"
	"io"
	"slices"
	"strings"
)

// The one table renderer, in two forms: Table draws borders (what a pipe,
// a file or a wide terminal gets); Grid draws none, for narrow layouts.
// Both measure cells with Width, so wide letters (李小龙) align.
//
// Table draws what tablewriter v1 drew with its Blueprint renderer, ASCII
// or light box symbols, header centred, no auto-format, spaces kept (a test
// compares the two, byte for byte). It is our own because tablewriter,
// linked in, cost every command at start (a 650 KB width cache made at
// init, its error and log packages), whether it drew a table or not.

// Align is how a column's cells sit in it.
type Align int

const (
	AlignLeft Align = iota
	AlignRight
	AlignCenter
)

// Table is a table with borders: a header, rows and a footer. A cell
// holding newlines takes as many lines, the row as tall as its tallest
// cell.
type Table struct {
	w       io.Writer
	align   []Align
	unicode bool
	header  []string
	rows    [][]string
	footer  []string
}

// NewTable is a table written to w, its rows and footer aligned by align
// (header cells are centred), in light box symbols when unicode is set,
// else ASCII.
func NewTable(w io.Writer, align []Align, unicode bool) *Table {
	return &Table{w: w, align: align, unicode: unicode}
}

// Header sets the header.
func (t *Table) Header(cells []string) { t.header = slices.Clone(cells) }

// Append adds a row. It returns an error only for tablewriter's sake.
func (t *Table) Append(cells []string) error {
	t.rows = append(t.rows, slices.Clone(cells))
	return nil
}

// Footer sets the footer.
func (t *Table) Footer(cells []string) { t.footer = slices.Clone(cells) }

// box is one set of border symbols.
type box struct {
	h, v                                                 string
	topL, topM, topR, midL, midM, midR, botL, botM, botR string
}

var (
	asciiBox = box{h: "-", v: "|", topL: "+", topM: "+", topR: "+", midL: "+", midM: "+", midR: "+", botL: "+", botM: "+", botR: "+"}
	lightBox = box{h: "─", v: "│", topL: "┌", topM: "┬", topR: "┐", midL: "├", midM: "┼", midR: "┤", botL: "└", botM: "┴", botR: "┘"}
)

// Render writes the table.
func (t *Table) Render() error {
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
				b.WriteString(pad(c, w, a))
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

// pad fits s into width columns as a says (centred: the odd space on the
// right).
func pad(s string, width int, a Align) string {
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

// Grid is a table without borders, for the narrow layouts: columns two
// spaces apart, a rule under the header and above the footer.
type Grid struct {
	Align []Align
	rows  [][]string // a nil row is a rule
}

func (g *Grid) Add(row ...string) { g.rows = append(g.rows, slices.Clone(row)) }
func (g *Grid) Rule()             { g.rows = append(g.rows, nil) }

func (g *Grid) widths() []int {
	ws := make([]int, len(g.Align))
	for _, r := range g.rows {
		for i, c := range r {
			ws[i] = max(ws[i], Width(c))
		}
	}
	return ws
}

// width is the width of the Grid's lines.
func (g *Grid) width() int {
	n := 0
	for i, w := range g.widths() {
		if i > 0 {
			n += 2
		}
		n += w
	}
	return n
}

// Render writes the grid to w, each line without trailing spaces.
func (g *Grid) Render(w io.Writer, st Style) error {
	ws := g.widths()
	total := g.width()
	rule := "-"
	if st.Unicode {
		rule = "─"
	}
	var b bytes.Buffer
	for _, r := range g.rows {
		if r == nil {
			b.WriteString(strings.Repeat(rule, total) + "\n")
			continue
		}
		var line strings.Builder
		for i, c := range r {
			if i > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", ws[i]-Width(c))
			if g.Align[i] == AlignRight {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	_, err := w.Write(b.Bytes())
	return err
}
