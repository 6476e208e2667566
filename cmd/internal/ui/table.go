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

// The one table renderer, in two forms: NewTable draws borders (what a
// pipe, a file or a wide terminal gets); Grid draws none, for narrow
// layouts. Both measure cells with Width, so wide letters (李小龙) align.

// NewTable is a table with stable, plain output: no header auto-format, ASCII
// symbols when colour is off.
func NewTable(w io.Writer, align []tw.Align, unicode bool) *tablewriter.Table {
	symbols := tw.StyleASCII
	if unicode {
		symbols = tw.StyleLight
	}
	return tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(symbols)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithFooterAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignCenter),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithFooterAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithTrimSpace(tw.Off),
	)
}

// Grid is a table without borders, for the narrow layouts: columns two
// spaces apart, a rule under the header and above the footer.
type Grid struct {
	Align []tw.Align
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
			if g.Align[i] == tw.AlignRight {
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
