package ui

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/olekukonko/ll"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// The one table renderer, in two forms: Table draws borders (what a pipe,
// a file or a wide terminal gets); Grid draws none, for narrow layouts.
// Grid measures cells with Width, Table with tablewriter's twwidth (as its
// renderer pads them): in both, wide letters (李小龙) align.
//
// Table is drawn by tablewriter v1 (the table library this project was
// asked to use) with its Blueprint renderer, driven line by line (see
// Render): ASCII or light box symbols, header centred, spaces kept. A test
// holds its output to a layout drawn by hand, so an upgrade of tablewriter
// that moves a border or a space is seen.

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
func (t *Table) Header(cells []string) { t.header = tableCells(cells) }

// Append adds a row (drawn at Render, which returns the writer's error).
func (t *Table) Append(cells []string) error {
	t.rows = append(t.rows, tableCells(cells))
	return nil
}

// Footer sets the footer.
func (t *Table) Footer(cells []string) { t.footer = tableCells(cells) }

// tableCells is a copy of cells as tablewriter's Table read them: tabs at
// either end of a cell left out, the others made spaces (as many as
// twwidth's tab width).
func tableCells(cells []string) []string {
	out := slices.Clone(cells)
	for i, c := range out {
		if strings.ContainsRune(c, '\t') {
			c = strings.Trim(c, "\t")
			out[i] = strings.ReplaceAll(c, "\t", strings.Repeat(" ", twwidth.TabWidth()))
		}
	}
	return out
}

// Render writes the table, drawn by tablewriter's Blueprint renderer.
//
// The renderer is driven line by line here rather than through
// tablewriter.NewTable: a Table of tablewriter makes, for every table
// before any option applies, a 10,240-entry cache for its stringer (about
// 430 KB, 110 page faults at start: more than the rest of the drawing), and
// lays the table out through cell contexts built three times over (merges,
// wrapping, streaming: none of which unoscore uses). What the renderer is
// given is what NewTable gave it for these tables: the columns' widths (the
// widest line of each column, measured by tablewriter's own twwidth, and a
// space either side), each line's cells with their alignment, and the
// position of each rule (top, under the header, above the footer, bottom).
func (t *Table) Render() error {
	n := max(len(t.header), len(t.footer))
	for _, r := range t.rows {
		n = max(n, len(r))
	}
	if n == 0 {
		return nil
	}
	widthsOnce.Do(func() {
		// One table a command: the width cache (made at tablewriter's
		// init) would only be filled, never read twice.
		twwidth.SetCacheCapacity(0)
	})
	widths := tw.NewMapper[int, int]()
	for i := range n {
		widths[i] = 0
	}
	measure := func(cells []string) {
		for i, c := range cells {
			for line := range strings.SplitSeq(c, "\n") {
				widths[i] = max(widths[i], twwidth.Width(line))
			}
		}
	}
	measure(t.header)
	for _, r := range t.rows {
		measure(r)
	}
	measure(t.footer)
	pad := tw.Padding{Left: " ", Right: " "}
	for i := range n {
		widths[i] += twwidth.Width(pad.Left) + twwidth.Width(pad.Right)
	}
	symbols := tw.StyleASCII
	if t.unicode {
		symbols = tw.StyleLight
	}
	var out bytes.Buffer
	r := renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(symbols)})
	// Suspended, as tablewriter's Table leaves it: a logger only disabled
	// still formats every debug line it is given, then drops it.
	r.Logger(ll.New("table").Disable().Suspend())
	if err := r.Start(&out); err != nil {
		return err
	}
	rule := func(level tw.Level, pos tw.Position, loc tw.Location) {
		r.Line(tw.Formatting{Level: level, Row: tw.RowContext{Position: pos, Location: loc, Widths: widths}})
	}
	align := make([]tw.Align, n)
	for i := range align {
		align[i] = tw.AlignLeft
		if i < len(t.align) {
			align[i] = [...]tw.Align{AlignLeft: tw.AlignLeft, AlignRight: tw.AlignRight, AlignCenter: tw.AlignCenter}[t.align[i]]
		}
	}
	// One line's cells, given to the renderer line after line (it keeps
	// none of them).
	current := make(map[int]tw.CellContext, n)
	cell := func(i int, data string, pos tw.Position) {
		a := tw.AlignCenter
		if pos != tw.Header {
			a = align[i]
		}
		current[i] = tw.CellContext{Data: data, Align: a, Padding: pad, Width: widths[i]}
	}
	line := func(pos tw.Position, k int, draw func(tw.Formatting)) {
		draw(tw.Formatting{Row: tw.RowContext{Position: pos, Location: tw.LocationMiddle, Current: current, Widths: widths}, IsSubRow: k > 0})
	}
	// lines draws one row of cells, as tall as its tallest cell. As
	// tablewriter's Table did, a line of a row (not of the header or the
	// footer) with nothing in any cell is left out, unless it is the
	// row's only one.
	lines := func(cells []string, pos tw.Position, draw func(tw.Formatting)) {
		at := func(i int) string {
			if i < len(cells) {
				return cells[i]
			}
			return ""
		}
		if !slices.ContainsFunc(cells, func(c string) bool { return strings.Contains(c, "\n") }) {
			for i := range n {
				cell(i, at(i), pos)
			}
			line(pos, 0, draw)
			return
		}
		split := make([][]string, n)
		height := 0
		for i := range n {
			split[i] = strings.Split(at(i), "\n")
			height = max(height, len(split[i]))
		}
		empty := func(k int) bool {
			for i := range n {
				if k < len(split[i]) && split[i][k] != "" {
					return false
				}
			}
			return true
		}
		blank := true // every line of the row empty
		for k := range height {
			blank = blank && empty(k)
		}
		drawn := 0
		for k := range height {
			if pos == tw.Row && empty(k) && (!blank || k > 0) {
				continue
			}
			for i := range n {
				c := ""
				if k < len(split[i]) {
					c = split[i][k]
				}
				cell(i, c, pos)
			}
			line(pos, drawn, draw)
			drawn++
		}
	}
	// (tablewriter's Table drew no top rule over a table with a footer
	// and no header: kept, so nothing moves.)
	if len(t.header) > 0 || len(t.footer) == 0 {
		rule(tw.LevelHeader, tw.Header, tw.LocationFirst)
	}
	if len(t.header) > 0 {
		lines(t.header, tw.Header, func(f tw.Formatting) { r.Header(nil, f) })
		if len(t.rows) > 0 || len(t.footer) > 0 {
			rule(tw.LevelBody, tw.Header, tw.LocationMiddle)
		}
	}
	for _, row := range t.rows {
		lines(row, tw.Row, func(f tw.Formatting) { r.Row(nil, f) })
	}
	if len(t.footer) > 0 {
		// Ruled off even right under the header's rule (a board with no
		// hands yet), as tablewriter's Table drew it.
		if len(t.rows) > 0 || len(t.header) > 0 {
			rule(tw.LevelFooter, tw.Row, tw.LocationMiddle)
		}
		lines(t.footer, tw.Footer, func(f tw.Formatting) { r.Footer(nil, f) })
	}
	rule(tw.LevelFooter, tw.Footer, tw.LocationEnd)
	if err := r.Close(); err != nil {
		return err
	}
	_, err := t.w.Write(out.Bytes())
	return err
}

var widthsOnce sync.Once

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
