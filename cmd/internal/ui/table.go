package ui

import (
	"bytes"
	"io"
	"slices"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// The one table renderer, in two forms: Table draws borders (what a pipe,
// a file or a wide terminal gets); Grid draws none, for narrow layouts.
// Both measure cells with Width, so wide letters (李小龙) align.
//
// Table is drawn by tablewriter v1 (the table library this project was
// asked to use) with its Blueprint renderer: ASCII or light box symbols,
// header centred, no auto-format, spaces kept. A test holds its output to
// a layout drawn by hand, so an upgrade of tablewriter that moves a border
// or a space is seen.

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

// Append adds a row (drawn at Render, which returns tablewriter's errors).
func (t *Table) Append(cells []string) error {
	t.rows = append(t.rows, slices.Clone(cells))
	return nil
}

// Footer sets the footer.
func (t *Table) Footer(cells []string) { t.footer = slices.Clone(cells) }

// Render writes the table, drawn by tablewriter.
func (t *Table) Render() error {
	symbols := tw.StyleASCII
	if t.unicode {
		symbols = tw.StyleLight
	}
	align := make([]tw.Align, len(t.align))
	for i, a := range t.align {
		align[i] = [...]tw.Align{AlignLeft: tw.AlignLeft, AlignRight: tw.AlignRight, AlignCenter: tw.AlignCenter}[a]
	}
	tb := tablewriter.NewTable(t.w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(symbols)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithFooterAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignCenter),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithFooterAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithTrimSpace(tw.Off),
	)
	if t.header != nil {
		tb.Header(t.header)
	}
	for _, r := range t.rows {
		if err := tb.Append(r); err != nil {
			return err
		}
	}
	if t.footer != nil {
		tb.Footer(t.footer)
	}
	return tb.Render()
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
