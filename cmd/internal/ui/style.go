package ui

import (
	"strings"

	"github.com/unoscore/unoscore/rules"
)

// Style colours output for a terminal; without colour each method returns
// its text unchanged.
type Style struct {
	Color   bool // colour codes are written
	Unicode bool // box-drawing and other non-ASCII symbols are drawn
	// Width is the terminal's width, which tables and lines must not pass
	// (80 when a terminal does not say); 0 into a pipe or a file, and with
	// --wide: no limit.
	Width int
}

// Paint wraps text in the escape code code (such as "1;32"), when colour
// is on.
func (s Style) Paint(code, text string) string {
	if !s.Color {
		return text
	}
	return "\x1b[" + code + "m" + text + "\x1b[0m"
}

func (s Style) Bold(t string) string { return s.Paint("1", t) }
func (s Style) Win(t string) string  { return s.Paint("1;32", t) }
func (s Style) Warn(t string) string { return s.Paint("33", t) }

// colorCodes are the escape codes of each card colour; the themed deck's
// purple and pink take 256-colour codes so they differ from the wilds'
// magenta.
var colorCodes = map[rules.Color]string{rules.Red: "31", rules.Green: "32", rules.Blue: "34", rules.Yellow: "33",
	rules.Purple: "38;5;93", rules.Pink: "38;5;212", rules.Teal: "38;5;30", rules.Orange: "38;5;208"}

// cards writes a hand in its notation, each card in its colour (wilds in
// magenta).
func (s Style) Cards(h rules.Hand) string {
	if !s.Color {
		return h.String()
	}
	var parts []string
	for _, tok := range strings.Fields(h.String()) {
		c, err := rules.ParseCard(tok[strings.IndexByte(tok, 'x')+1:])
		switch {
		case err != nil:
			parts = append(parts, tok)
		case c.Face.IsWild():
			parts = append(parts, s.Paint("35", tok))
		case colorCodes[c.Color] != "":
			parts = append(parts, s.Paint(colorCodes[c.Color], tok))
		default:
			parts = append(parts, tok)
		}
	}
	return strings.Join(parts, " ")
}
