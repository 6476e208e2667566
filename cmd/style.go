package cmd

import (
	"strings"

	"github.com/unoscore/unoscore/rules"
)

// style colours output for a terminal; without colour each method returns
// its text unchanged.
type style struct {
	color   bool
	unicode bool
	// width is the terminal's width, which tables and lines must not pass
	// (80 when a terminal does not say); 0 into a pipe or a file, and with
	// --wide: no limit.
	width int
}

func (a *App) style() style {
	width := a.IO.Width
	if a.IO.OutTTY && width <= 0 {
		width = 80
	}
	if !a.IO.OutTTY {
		width = 0
	}
	return style{color: a.IO.Color, unicode: a.IO.OutTTY, width: width}
}

func (s style) wrap(code, text string) string {
	if !s.color {
		return text
	}
	return "\x1b[" + code + "m" + text + "\x1b[0m"
}

func (s style) bold(t string) string { return s.wrap("1", t) }
func (s style) win(t string) string  { return s.wrap("1;32", t) }
func (s style) warn(t string) string { return s.wrap("33", t) }

// colorCodes are the escape codes of each card colour; the themed deck's
// purple and pink take 256-colour codes so they differ from the wilds'
// magenta.
var colorCodes = map[rules.Color]string{rules.Red: "31", rules.Green: "32", rules.Blue: "34", rules.Yellow: "33",
	rules.Purple: "38;5;93", rules.Pink: "38;5;212"}

// cards writes a hand in its notation, each card in its colour (wilds in
// magenta).
func (s style) cards(h rules.Hand) string {
	if !s.color {
		return h.String()
	}
	var parts []string
	for _, tok := range strings.Fields(h.String()) {
		c, err := rules.ParseCard(tok[strings.IndexByte(tok, 'x')+1:])
		switch {
		case err != nil:
			parts = append(parts, tok)
		case c.Face.IsWild():
			parts = append(parts, s.wrap("35", tok))
		case colorCodes[c.Color] != "":
			parts = append(parts, s.wrap(colorCodes[c.Color], tok))
		default:
			parts = append(parts, tok)
		}
	}
	return strings.Join(parts, " ")
}
