package ui

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// Package ui draws for the terminal: one measure of display width (Width),
// one wrapping of prose (Wrap), one table renderer (NewTable with borders,
// Grid without), the board's layouts and the chart.
//
// What is printed in a terminal never runs wider than the terminal: a line
// the terminal wrapped would break a table apart. Tables choose a layout
// that fits (see WriteBoard, and the games command); lines of prose are
// broken between words by Wrap. Into a pipe or a file (width 0), or with
// --wide, nothing is changed.

// stripColour leaves out the colour codes (ESC [ digits and semicolons m)
// of s: what takes no columns on a screen. (A hand-written scan rather than
// a regular expression compiled when the program starts.)
func stripColour(s string) string {
	if !strings.Contains(s, "\x1b[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';') {
				j++
			}
			if j < len(s) && s[j] == 'm' {
				i = j + 1
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// Width is how many columns s takes on a screen, colour codes left
// out.
func Width(s string) int {
	return runewidth.StringWidth(stripColour(s))
}

// Widest is the width of text's widest line.
func Widest(text string) int {
	n := 0
	for line := range strings.SplitSeq(text, "\n") {
		n = max(n, Width(line))
	}
	return n
}

// Fits reports whether every line of text fits width (0: any width fits).
func Fits(text string, width int) bool { return width <= 0 || Widest(text) <= width }

// Truncate shortens plain text to width columns, ending it with "…".
func Truncate(s string, width int) string {
	if runewidth.StringWidth(s) <= width {
		return s
	}
	return runewidth.Truncate(s, max(width, 1), "…")
}

// Wrap breaks each line of text wider than width (in display columns, see
// Width) between words; the lines it continues on are indented two more
// than the line's own indent. A word is never broken, unless it is wider
// than the whole line by itself: that one is broken where the line ends
// and goes on on the next. Width 0 or less: text is returned unchanged.
// Everything prose a command prints in a terminal goes through Wrap.
func Wrap(text string, width int) string {
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(wrapLine(line, width))
	}
	return b.String()
}

// WriteWrapped writes Wrap(text, width) to w.
func WriteWrapped(w io.Writer, text string, width int) error {
	_, err := io.WriteString(w, Wrap(text, width))
	return err
}

func wrapLine(line string, width int) string {
	if width <= 0 || Width(line) <= width {
		return line
	}
	indent := len(line) - len(strings.TrimLeftFunc(line, unicode.IsSpace))
	if indent > width/2 {
		indent = 0
	}
	if col := hangColumn(line, indent); col > 0 && Width(line[:col]) <= width/2 {
		// A term and its description ("  standard   whoever goes out…"):
		// the term keeps its padding, and the description goes on under
		// itself.
		head := line[:col]
		rest := strings.Repeat(" ", Width(head))
		return strings.Join(fill(strings.Fields(line[col:]), " ", width, head, rest, true), "\n")
	}
	rest := strings.Repeat(" ", min(indent+2, width/2))
	return strings.Join(fill(strings.Fields(line), " ", width, line[:indent], rest, true), "\n")
}

// hangColumn is where the description starts in a line laid out as a term
// and its description, in columns: the indent, the term (no sentence), two
// or more spaces, then the description. 0 for any other line.
func hangColumn(line string, indent int) int {
	gap := strings.Index(line[indent:], "  ")
	if gap <= 0 {
		return 0
	}
	term := line[indent : indent+gap]
	if strings.Contains(term, ". ") || strings.HasSuffix(term, ".") {
		return 0
	}
	col := indent + gap
	for col < len(line) && line[col] == ' ' {
		col++
	}
	if col == len(line) {
		return 0
	}
	return col
}

// Fill lays items out in lines of at most width columns (0: one line),
// joined by sep, the first line starting with first and the others with
// rest. A line is broken only between items, and keeps the part of sep
// before its spaces (the comma of ", "). An item wider than a line by
// itself runs over: Wrap breaks it.
func Fill(items []string, sep string, width int, first, rest string) []string {
	return fill(items, sep, width, first, rest, false)
}

// JoinWrapped joins items with sep, starting a new line where the next item
// would pass width, so that no item is broken (unless it is wider than
// width by itself: Wrap breaks that one).
func JoinWrapped(items []string, sep string, width int) string {
	return strings.Join(Fill(items, sep, width, "", ""), "\n")
}

// fill is Fill, and with breakLong an item wider than the room left on a
// new line is broken at the line's end.
func fill(items []string, sep string, width int, first, rest string, breakLong bool) []string {
	var out []string
	tail := strings.TrimRight(sep, " ")
	sepW, tailW := Width(sep), Width(tail)
	cur, curW, empty := first, Width(first), true
	newLine := func() {
		out = append(out, cur)
		cur, curW, empty = rest, Width(rest), true
	}
	for i, it := range items {
		w := Width(it)
		end := tailW // the line's last item keeps the sep's comma
		if i == len(items)-1 {
			end = 0
		}
		if !empty && width > 0 && curW+sepW+w+end > width {
			cur += tail
			newLine()
		}
		if !empty {
			cur += sep
			curW += sepW
		}
		for breakLong && width > 0 && w > width-curW {
			// A word wider than the line: as much as fits, and the rest
			// on the next line.
			plain := stripColour(it)
			head := runewidth.Truncate(plain, width-curW, "")
			if head == "" {
				_, n := utf8.DecodeRuneInString(plain)
				head = plain[:n]
			}
			cur += head
			curW += Width(head)
			newLine()
			it = plain[len(head):]
			w = Width(it)
		}
		cur += it
		curW += w
		empty = false
	}
	return append(out, cur)
}

// ShortNames gives each name a short form of at most four letters, all
// different: the first word's start ("Anna" for "Annabelle Fitzgerald"),
// else the initials ("AF"), else the seat ("P3"). Names already that short
// are kept.
func ShortNames(names []string) []string {
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
