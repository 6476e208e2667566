package ui

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/unoscore/unoscore/scoring"
)

// The chart of the score race is drawn here rather than by a plotting
// library: a line plotter joins each player's points with a line, so that
// after one hand the picture is a diagonal ramp, and players with the same
// score draw over each other (at the start of a standard game, everyone but
// the winner of the hand). Here each hand is a group of columns, one per
// player (per team), always in the same order: a player's mark sits at their
// total after the hand, with a stem down to where they were just before it
// (also when the hands before are left out for want of room), so
// that no mark ever hides another's and a hand's winner stands out.

const chartRows = 12

// chartMarks tell the players apart without colour when their initials do
// not; chartColors do in colour.
var (
	chartMarks  = []string{"*", "o", "+", "x", "#", "@", "%", "=", "&", "$", "?", "<", ">", "^", "~", "!"}
	chartColors = []string{"31", "34", "32", "33", "35", "36", "91", "94", "92", "93", "95", "96", "37", "90", "38;5;208", "38;5;141"}
)

// WriteChart draws the score race: each column's (player's or team's)
// running total after each hand, the hand numbers along the bottom and the
// target as a dotted line. When every hand does not fit st.Width, hands
// evenly spread over the game are shown, the last always among them.
func WriteChart(w io.Writer, g *scoring.Game, st Style) error {
	b := g.Board
	cols := columns(b)
	n := len(b.Rows)
	if n == 0 {
		fmt.Fprintln(w, "No hands yet: nothing to chart.")
		return nil
	}
	hasTarget := b.Settings.Mode.HasTarget()
	lo, hi := 0, 1
	for _, r := range b.Rows {
		for _, t := range r.Totals {
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	if hasTarget {
		hi = max(hi, b.Settings.Target)
	}
	// At most chartRows rows a round step apart, so that the axis reads 0,
	// 50, 100, ...; the target's row is labelled with the target itself.
	step := niceStep(float64(hi-lo) / float64(chartRows-1))
	rows := int(math.Ceil(float64(hi-lo)/step)) + 1
	row := func(v int) int {
		return min(rows-1, int(math.Round(float64(v-lo)/step)))
	}
	labels := make([]string, rows)
	labelW := 0
	for r := range labels {
		labels[r] = strconv.FormatFloat(float64(lo)+float64(r)*step, 'f', -1, 64)
	}
	targetRow := -1
	if hasTarget {
		targetRow = row(b.Settings.Target)
		labels[targetRow] = strconv.Itoa(b.Settings.Target)
	}
	for _, l := range labels {
		labelW = max(labelW, len(l))
	}

	// Which hands fit: a group of one column per player and a gap each,
	// beside the axis's labels and the word "target" (or "hand").
	slot := max(len(cols)+1, 3)
	shown := n
	if st.Width > 0 {
		shown = max(1, min(n, (st.Width-labelW-2-len(" target"))/slot))
	}
	hands := make([]int, shown) // hand numbers, from 1
	for j := range hands {
		hands[j] = ((j+1)*n + shown - 1) / shown
	}

	marks := chartMarksFor(cols)
	paint := func(i int, s string) string {
		if i < 0 {
			return st.Paint("2", s)
		}
		return st.Paint(chartColors[i%len(chartColors)], s)
	}
	stem, dots, axis, corner, tick, across := "|", "-", "|", "+", "+", "-"
	if st.Unicode {
		stem, dots, axis, corner, tick, across = "│", "┈", "┤", "┼", "┬", "─"
	}
	// The picture: a cell per row and column, each with whose it is (-1:
	// the target line's).
	type cell struct {
		text  string
		owner int
	}
	width := shown * slot
	pic := make([][]cell, rows)
	for r := range pic {
		pic[r] = make([]cell, width)
		for x := range pic[r] {
			pic[r][x] = cell{" ", -2}
			if r == targetRow {
				pic[r][x] = cell{dots, -1}
			}
		}
	}
	for j, h := range hands {
		totals := b.Rows[h-1].Totals
		// The stem starts where the column stood just before this hand,
		// not at the last hand shown: with hands left out, a stem from
		// there would credit this hand with theirs.
		before := make([]int, len(cols))
		if h > 1 {
			before = b.Rows[h-2].Totals
		}
		for i := range cols {
			x := j*slot + 1 + i
			from, to := row(before[i]), row(totals[i])
			for r := min(from, to) + 1; r < max(from, to); r++ {
				pic[r][x] = cell{stem, i}
			}
			pic[to][x] = cell{marks[i], i}
		}
	}

	var out strings.Builder
	fmt.Fprintln(&out, chartCaption(b.Settings))
	fmt.Fprintln(&out)
	for r := rows - 1; r >= 0; r-- {
		a := axis
		if r == 0 {
			a = corner
		}
		line := fmt.Sprintf("%*s %s", labelW, labels[r], a)
		for _, c := range pic[r] {
			if c.owner == -2 {
				line += c.text
			} else {
				line += paint(c.owner, c.text)
			}
		}
		if r == targetRow {
			line += " " + paint(-1, "target")
		}
		fmt.Fprintln(&out, strings.TrimRight(line, " "))
	}
	// The x-axis: a tick and the hand's number under each group.
	ticks := []rune(strings.Repeat(across, width))
	var nums strings.Builder
	end := 0
	for j, h := range hands {
		x := j*slot + 1
		ticks[x] = []rune(tick)[0]
		label := strconv.Itoa(h)
		if x < end+1 && j > 0 {
			continue
		}
		nums.WriteString(strings.Repeat(" ", x-end) + label)
		end = x + len(label)
	}
	fmt.Fprintf(&out, "%*s └%s\n", labelW, "", string(ticks))
	fmt.Fprintf(&out, "%*s  %s  hand\n", labelW, "", nums.String())
	if !st.Unicode {
		// Plain ASCII all through.
		s := strings.Replace(out.String(), "└", "+", 1)
		out.Reset()
		out.WriteString(s)
	}
	if shown < n {
		fmt.Fprintf(&out, "%d of the %d hands shown; unoscore board --chart --wide shows every one.\n", shown, n)
	}
	// The key: each mark, whose it is and their total now.
	var key []string
	for i, c := range cols {
		key = append(key, fmt.Sprintf("%s %s %d", paint(i, marks[i]), c.title, b.ColumnScore(i)))
	}
	fmt.Fprintln(&out)
	fmt.Fprintln(&out, JoinWrapped(key, "   ", st.Width))
	return WriteWrapped(w, out.String(), st.Width)
}

// niceStep is the smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8
// times a power of ten) that is at least x.
func niceStep(x float64) float64 {
	if x <= 1 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

// chartMarksFor gives each column its mark: the initial of its title when
// the initials all differ, else a symbol.
func chartMarksFor(cols []column) []string {
	marks := make([]string, len(cols))
	seen := map[rune]bool{}
	for i, c := range cols {
		r := []rune(c.title)
		if len(r) == 0 || seen[unicode.ToUpper(r[0])] || !unicode.IsLetter(r[0]) {
			for i := range marks {
				marks[i] = chartMarks[i%len(chartMarks)]
			}
			return marks
		}
		seen[unicode.ToUpper(r[0])] = true
		marks[i] = string(unicode.ToUpper(r[0]))
	}
	return marks
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
