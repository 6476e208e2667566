package cmd

// style colours output for a terminal; without colour each method returns
// its text unchanged.
type style struct {
	color   bool
	unicode bool
}

func (a *App) style() style { return style{color: a.IO.Color, unicode: a.IO.OutTTY} }

func (s style) wrap(code, text string) string {
	if !s.color {
		return text
	}
	return "\x1b[" + code + "m" + text + "\x1b[0m"
}

func (s style) bold(t string) string { return s.wrap("1", t) }
func (s style) win(t string) string  { return s.wrap("1;32", t) }
func (s style) warn(t string) string { return s.wrap("33", t) }
