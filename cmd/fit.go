package cmd

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode"

	"github.com/mattn/go-runewidth"
	"github.com/olekukonko/tablewriter/tw"
)

// What is printed in a terminal never runs wider than the terminal: a line
// the terminal wrapped would break a table apart. Tables choose a layout
// that fits (see writeBoard, runGames); lines of prose are broken between
// words by writeFitted. Into a pipe or a file (width 0), or with --wide,
// nothing is changed.

var escapes = regexp.MustCompile("\x1b\\[[0-9;]*m")

// displayWidth is how many columns s takes on a screen, colour codes left
// out.
func displayWidth(s string) int {
	return runewidth.StringWidth(escapes.ReplaceAllString(s, ""))
}

// widest is the width of text's widest line.
func widest(text string) int {
	n := 0
	for line := range strings.SplitSeq(text, "\n") {
		n = max(n, displayWidth(line))
	}
	return n
}

// fitsWidth reports whether every line of text fits width (0: any width fits).
func fitsWidth(text string, width int) bool { return width <= 0 || widest(text) <= width }

// truncate shortens plain text to width columns, ending it with "…".
func truncate(s string, width int) string {
	if runewidth.StringWidth(s) <= width {
		return s
	}
	return runewidth.Truncate(s, max(width, 1), "…")
}

// writeFitted writes text, breaking each line wider than width between
// words; the lines it continues on are indented two more than the line's
// own indent. A word wider than the whole width is cut.
func writeFitted(w io.Writer, text string, width int) error {
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(fitLine(line, width))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func fitLine(line string, width int) string {
	if width <= 0 || displayWidth(line) <= width {
		return line
	}
	indent := len(line) - len(strings.TrimLeftFunc(line, unicode.IsSpace))
	if indent > width/2 {
		indent = 0
	}
	rest := strings.Repeat(" ", min(indent+2, width/2))
	var out []string
	cur, curW := line[:indent], indent
	empty := true
	for _, word := range strings.Fields(line) {
		ww := displayWidth(word)
		if !empty && curW+1+ww > width {
			out = append(out, cur)
			cur, curW, empty = rest, len(rest), true
		}
		if ww > width-curW {
			word = truncate(escapes.ReplaceAllString(word, ""), width-curW)
			ww = displayWidth(word)
		}
		if !empty {
			cur += " "
			curW++
		}
		cur += word
		curW += ww
		empty = false
	}
	return strings.Join(append(out, cur), "\n")
}

// joinFitted joins items with sep, starting a new line where the next item
// would pass width, so that no item is broken (unless it is wider than
// width by itself: writeFitted breaks that one).
func joinFitted(items []string, sep string, width int) string {
	var b strings.Builder
	lineW := 0
	for i, it := range items {
		w := displayWidth(it)
		if i > 0 {
			if width > 0 && lineW+len(sep)+w > width {
				b.WriteByte('\n')
				lineW = 0
			} else {
				b.WriteString(sep)
				lineW += len(sep)
			}
		}
		b.WriteString(it)
		lineW += w
	}
	return b.String()
}

// grid is a table without borders, for the narrow layouts: columns two
// spaces apart, a rule under the header and above the footer.
type grid struct {
	align []tw.Align
	rows  [][]string // a nil row is a rule
}

func (g *grid) add(row ...string) { g.rows = append(g.rows, row) }
func (g *grid) rule()             { g.rows = append(g.rows, nil) }

func (g *grid) widths() []int {
	ws := make([]int, len(g.align))
	for _, r := range g.rows {
		for i, c := range r {
			ws[i] = max(ws[i], displayWidth(c))
		}
	}
	return ws
}

// width is the width of the grid's lines.
func (g *grid) width() int {
	n := 0
	for i, w := range g.widths() {
		if i > 0 {
			n += 2
		}
		n += w
	}
	return n
}

func (g *grid) write(w io.Writer, st style) {
	ws := g.widths()
	total := g.width()
	rule := "-"
	if st.unicode {
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
			pad := strings.Repeat(" ", ws[i]-displayWidth(c))
			if g.align[i] == tw.AlignRight {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	w.Write(b.Bytes())
}

// shortNames gives each name a short form of at most four letters, all
// different: the first word's start ("Anna" for "Annabelle Fitzgerald"),
// else the initials ("AF"), else the seat ("P3"). Names already that short
// are kept.
func shortNames(names []string) []string {
	schemes := []func(i int, n string) string{
		func(_ int, n string) string {
			f := strings.Fields(n)
			if len(f) == 0 {
				return n
			}
			return string([]rune(f[0])[:min(4, len([]rune(f[0])))])
		},
		func(_ int, n string) string {
			var in []rune
			for _, f := range strings.Fields(n) {
				in = append(in, []rune(f)[0])
			}
			return string(in[:min(4, len(in))])
		},
		func(i int, _ string) string { return fmt.Sprintf("P%d", i+1) },
	}
	for si, scheme := range schemes {
		out := make([]string, len(names))
		seen := map[string]bool{}
		unique := true
		last := si == len(schemes)-1
		for i, n := range names {
			s := n
			if last || runewidth.StringWidth(n) > 4 {
				s = scheme(i, n)
			}
			out[i] = s
			if seen[strings.ToLower(s)] {
				unique = false
			}
			seen[strings.ToLower(s)] = true
		}
		if unique {
			return out
		}
	}
	return nil // not reached: the last scheme numbers the seats
}
