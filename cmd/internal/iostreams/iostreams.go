// Package iostreams is the terminal a command runs in: its streams, whether
// they are terminals, colour and width, and whether prompts may appear.
package iostreams

import (
	"io"
	"os"

	"github.com/mattn/go-isatty"
	"golang.org/x/term"
)

// IOStreams is where a command reads and writes, and what it knows of them.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	InTTY  bool // standard input is a terminal
	OutTTY bool // standard output is a terminal
	Color  bool // colour the output: a terminal, and NO_COLOR unset
	Width  int  // the terminal's width in columns; 0 when output is not a terminal
	ErrTTY bool // standard error is a terminal
	// OutSize and ErrSize read the width of the terminal as it is now, for
	// each thing printed: a window widened or narrowed meanwhile is
	// followed. Nil: Width, as it was at the start.
	OutSize, ErrSize func() int
	// Height is the terminal's height in lines (0 when output is not a
	// terminal); OutHeight reads it as it is now (nil: Height).
	Height    int
	OutHeight func() int
}

// TermHeight is the height of the terminal standard output is, as it is
// now: 0 when output is not a terminal, 24 when its size cannot be read.
func (s *IOStreams) TermHeight() int {
	if !s.OutTTY {
		return 0
	}
	h := s.Height
	if s.OutHeight != nil {
		h = s.OutHeight()
	}
	if h <= 0 {
		return 24
	}
	return h
}

// TermWidth is the width of the terminal standard output is, as it is now:
// 0 when output is not a terminal, 80 when its size cannot be read.
func (s *IOStreams) TermWidth() int {
	if !s.OutTTY {
		return 0
	}
	return sizeNow(s.OutSize, s.Width)
}

// ErrWidth is TermWidth for standard error.
func (s *IOStreams) ErrWidth() int {
	if !s.ErrTTY {
		return 0
	}
	return sizeNow(s.ErrSize, s.Width)
}

func sizeNow(size func() int, width int) int {
	if size != nil {
		width = size()
	}
	if width <= 0 {
		return 80
	}
	return width
}

// System returns the process's own streams.
func System() *IOStreams {
	in := isTerminal(os.Stdin)
	out := isTerminal(os.Stdout)
	errTTY := isTerminal(os.Stderr)
	return &IOStreams{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
		InTTY: in, OutTTY: out, ErrTTY: errTTY,
		Color:     out && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb",
		Width:     terminalWidth(os.Stdout, out),
		OutSize:   func() int { return terminalWidth(os.Stdout, out) },
		ErrSize:   func() int { return terminalWidth(os.Stderr, errTTY) },
		Height:    terminalHeight(os.Stdout, out),
		OutHeight: func() int { return terminalHeight(os.Stdout, out) },
	}
}

// terminalHeight is the height of the terminal f, or 0.
func terminalHeight(f *os.File, tty bool) int {
	if !tty {
		return 0
	}
	_, h, err := term.GetSize(int(f.Fd()))
	if err != nil || h <= 0 {
		return 24
	}
	return h
}

// terminalWidth is the width of the terminal f, or 0.
func terminalWidth(f *os.File, tty bool) int {
	if !tty {
		return 0
	}
	w, _, err := term.GetSize(int(f.Fd()))
	if err != nil || w <= 0 {
		return 80
	}
	return w
}

func isTerminal(f *os.File) bool {
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// CanPrompt reports whether prompts may appear: both standard input and
// output are terminals.
func (s *IOStreams) CanPrompt() bool { return s.InTTY && s.OutTTY }
