// Package screenbuf redraws a block of lines in place on a terminal.
//
// unoscore's fork: upstream counted one terminal row per line written and
// moved between rows with cursor-down, so a line longer than the terminal
// (wrapped by the terminal onto two rows) left its first row behind on every
// redraw, and a block drawn on the last row of the window could not grow
// (cursor-down does not scroll). Here every Flush goes back up exactly the
// rows the last one drew, counted from the terminal's width, clears from
// there to the end of the screen and draws the block again with newlines.
package screenbuf

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/chzyer/readline/runes"
)

// ScreenBuf is a block of lines drawn in place on a terminal.
type ScreenBuf struct {
	w     io.Writer
	width func() int // the terminal's width in columns; 0 or less: unknown
	lines [][]byte   // the block being built
	drawn int        // terminal rows from the top of the block drawn last to the cursor
	// mark is where Flush leaves the terminal's cursor, when marked: line
	// (of the block) and column; else below the block.
	marked            bool
	markLine, markCol int
}

// New creates a ScreenBuf writing to w. width, when not nil, gives the
// terminal's width, so that lines the terminal wraps are counted right.
func New(w io.Writer, width func() int) *ScreenBuf {
	return &ScreenBuf{w: w, width: width}
}

// Reset starts a new block: the next Flush replaces what was drawn.
func (s *ScreenBuf) Reset() {
	s.lines = s.lines[:0]
	s.marked = false
}

// Mark has the next Flush leave the terminal's cursor at column col (in
// columns of the terminal, from 0) of the block's line line (from 0),
// instead of below the block: the place being edited, shown by the
// terminal's own cursor (unoscore's fork). Reset forgets it.
func (s *ScreenBuf) Mark(line, col int) {
	s.marked, s.markLine, s.markCol = true, line, col
}

// Clear empties the block: the next Flush erases what was drawn.
func (s *ScreenBuf) Clear() error {
	s.lines = s.lines[:0]
	return nil
}

// Write adds one line to the block; a \n in it starts another (unoscore's
// fork: a label or a message broken between words to the terminal's
// width). A line holding \r is refused: it would move the cursor where the
// block cannot follow it.
func (s *ScreenBuf) Write(b []byte) (int, error) {
	if bytes.ContainsRune(b, '\r') {
		return 0, fmt.Errorf("%q should not contain \\r", b)
	}
	for _, line := range bytes.Split(b, []byte{'\n'}) {
		s.lines = append(s.lines, append([]byte(nil), line...))
	}
	return len(b), nil
}

// WriteString is Write for a string.
func (s *ScreenBuf) WriteString(str string) (int, error) {
	return s.Write([]byte(str))
}

// Flush replaces what the last Flush drew with the block.
func (s *ScreenBuf) Flush() error {
	var out bytes.Buffer
	out.WriteByte('\r')
	if s.drawn > 0 {
		out.WriteString("\x1b[" + strconv.Itoa(s.drawn) + "A")
	}
	out.WriteString("\x1b[J")
	w := 0
	if s.width != nil {
		w = s.width()
	}
	rows := 0
	for _, l := range s.lines {
		out.Write(l)
		out.WriteByte('\n')
		rows += Rows(l, w)
	}
	s.drawn = rows
	if s.marked && s.markLine >= 0 && s.markLine < len(s.lines) {
		// Up from below the block to the marked row, then to its column.
		at := 0
		for _, l := range s.lines[:s.markLine] {
			at += Rows(l, w)
		}
		col := s.markCol
		if w > 0 {
			at += col / w
			col %= w
		}
		if up := rows - at; up > 0 {
			out.WriteString("\x1b[" + strconv.Itoa(up) + "A")
		}
		out.WriteByte('\r')
		if col > 0 {
			out.WriteString("\x1b[" + strconv.Itoa(col) + "C")
		}
		s.drawn = at
	}
	s.marked = false
	// The next lines written make a new block, drawn over this one.
	s.lines = s.lines[:0]
	_, err := out.WriteTo(s.w)
	return err
}

// Rows is how many terminal rows line takes on a terminal width columns
// wide: escape sequences take none, wide characters two columns, and a line
// that exactly fills a row takes one (the terminal wraps only at the next
// character). width 0 or less means unknown: one row.
func Rows(line []byte, width int) int {
	n := Width(line)
	if width <= 0 || n <= width {
		return 1
	}
	return (n + width - 1) / width
}

// Width is the number of columns line takes, escape sequences left out.
func Width(line []byte) int {
	n := 0
	s := string(line)
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			i = skipEscape(s, i)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n += runes.Width(r)
	}
	return n
}

// skipEscape returns the index after the escape sequence at s[i].
func skipEscape(s string, i int) int {
	i++
	if i < len(s) && s[i] == '[' {
		i++
		for i < len(s) && (s[i] < 0x40 || s[i] > 0x7e) {
			i++
		}
		return i + 1
	}
	return i + 1
}
