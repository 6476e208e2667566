// Package promptui is unoscore's changed copy of the parts of
// github.com/manifoldco/promptui v0.9.0 that it fixes: Prompt and Select
// (prompt.go, select.go), the cursor that edits a prompt's input
// (cursor.go, with a shell's line editing keys, keys.go), how a prompt
// opens and closes readline (session.go, new) and the screen buffer they
// draw with (screenbuf). Everything else is upstream's, imported, not
// copied: the colours and templates' functions, the icons, the keys of
// upstream, the errors and the list that Select scrolls
// (github.com/manifoldco/promptui/list). This file names what is
// taken from upstream, so a caller needs only this package. Why each change
// was made is in FORK.md and unoscore's README (Design).
//
// The icons (IconInitial, IconGood, IconWarn, IconBad, IconSelect) and the
// keys (KeyEnter, KeyPrev, ...) are upstream's variables, read when a prompt
// runs: set them in github.com/manifoldco/promptui to change them.
package promptui

import (
	"strconv"

	upstream "github.com/manifoldco/promptui"
)

// Taken from upstream unchanged.
type (
	// ValidateFunc checks a prompt's input.
	ValidateFunc = upstream.ValidateFunc
)

// Taken from upstream unchanged: the same values, so errors.Is and == hold
// across both packages.
var (
	// ErrEOF is returned when the input ends (Ctrl-D on an empty line).
	ErrEOF = upstream.ErrEOF
	// ErrInterrupt is returned on Ctrl-C.
	ErrInterrupt = upstream.ErrInterrupt
	// ErrAbort is returned when a confirmation is answered no.
	ErrAbort = upstream.ErrAbort

	// FuncMap is upstream's map of colour functions for templates (the same
	// map, not a copy).
	FuncMap = upstream.FuncMap
	// Styler returns a function that wraps a value in ANSI attributes.
	Styler = upstream.Styler
)

// The escape sequences prompt.go and select.go write; upstream keeps them
// unexported (its codes.go).
const (
	esc        = "\033["
	hideCursor = esc + "?25l"
	showCursor = esc + "?25h"
	clearLine  = esc + "2K"
)

func upLine(n uint) string {
	return esc + strconv.FormatUint(uint64(n), 10) + "A"
}

// The attributes Styler takes, upstream's.
const (
	FGBold      = upstream.FGBold
	FGFaint     = upstream.FGFaint
	FGItalic    = upstream.FGItalic
	FGUnderline = upstream.FGUnderline

	FGBlack   = upstream.FGBlack
	FGRed     = upstream.FGRed
	FGGreen   = upstream.FGGreen
	FGYellow  = upstream.FGYellow
	FGBlue    = upstream.FGBlue
	FGMagenta = upstream.FGMagenta
	FGCyan    = upstream.FGCyan
	FGWhite   = upstream.FGWhite

	BGBlack   = upstream.BGBlack
	BGRed     = upstream.BGRed
	BGGreen   = upstream.BGGreen
	BGYellow  = upstream.BGYellow
	BGBlue    = upstream.BGBlue
	BGMagenta = upstream.BGMagenta
	BGCyan    = upstream.BGCyan
	BGWhite   = upstream.BGWhite
)
