package cmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/guptarohit/asciigraph"

	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// seriesColors and seriesMarks tell the lines apart: by colour in a
// terminal, by the character each line is drawn with otherwise.
var (
	seriesColors = []asciigraph.AnsiColor{asciigraph.Red, asciigraph.Blue, asciigraph.Green, asciigraph.Yellow,
		asciigraph.Magenta, asciigraph.Cyan, asciigraph.Orange, asciigraph.White, asciigraph.Pink, asciigraph.Lime}
	seriesMarks = []string{"*", "o", "+", "x", "#", "@", "%", "=", "~", "^"}
)

// writeChart draws the score race: one line per player (per team in
// partners), the running score after each hand, and the target.
func writeChart(w io.Writer, g *store.Game, st style, width int) error {
	b := g.Board
	cols := columns(b)
	if len(b.Rows) == 0 {
		fmt.Fprintln(w, "No hands yet: nothing to chart.")
		return nil
	}
	data := make([][]float64, len(cols))
	running := make([]int, len(cols))
	for i := range cols {
		data[i] = []float64{0}
	}
	for _, r := range b.Rows {
		for i, total := range r.Totals {
			data[i] = append(data[i], float64(total))
			running[i] = total
		}
	}
	legends := make([]string, len(cols))
	opts := []asciigraph.Option{
		asciigraph.Height(12), asciigraph.Precision(0),
		asciigraph.Caption(chartCaption(b.Settings)),
	}
	if width <= 20 {
		width = 80
	}
	opts = append(opts, asciigraph.Width(min(width-12, max(len(b.Rows)*6, 40))))
	if st.color {
		opts = append(opts, asciigraph.SeriesColors(seriesColors[:len(cols)]...))
		for i, c := range cols {
			legends[i] = fmt.Sprintf("%s %d", c.title, running[i])
		}
		opts = append(opts, asciigraph.SeriesLegends(legends...))
	} else {
		var sets []asciigraph.CharSet
		for i := range cols {
			sets = append(sets, asciigraph.CreateCharSet(seriesMarks[i%len(seriesMarks)]))
		}
		opts = append(opts, asciigraph.SeriesChars(sets...))
	}
	fmt.Fprintln(w, asciigraph.PlotMany(data, opts...))
	if !st.color {
		var parts []string
		for i, c := range cols {
			parts = append(parts, fmt.Sprintf("%s %s %d", seriesMarks[i%len(seriesMarks)], c.title, running[i]))
		}
		fmt.Fprintln(w, "\n"+strings.Join(parts, "   "))
	}
	return nil
}

// chartCaption names what the chart shows: "standard: score after each hand
// (target 500)".
func chartCaption(s scoring.Settings) string {
	c := fmt.Sprintf("%s: score after each hand", s.Mode)
	if s.Mode.HasTarget() {
		c += fmt.Sprintf(" (target %d)", s.Target)
	}
	return c
}
