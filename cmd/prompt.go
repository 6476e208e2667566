package cmd

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/manifoldco/promptui"
)

// Prompter asks the person at the table. It is the only place unoscore talks
// to a prompt library: tests use a fake, and a swap of library is this file.
type Prompter interface {
	// Input asks for a line of text. validate, when not nil, is called as the
	// person types and must accept the final answer.
	Input(label, def string, validate func(string) error) (string, error)
	// Select asks for one of items, starting at cursor; it returns the index.
	Select(label string, items []string, cursor int) (int, error)
	// Confirm asks a yes/no question.
	Confirm(label string, def bool) (bool, error)
}

// terminalPrompter asks with promptui on the terminal.
type terminalPrompter struct {
	in  io.ReadCloser
	out io.WriteCloser
}

func newTerminalPrompter(ios *IOStreams) Prompter {
	return &terminalPrompter{in: io.NopCloser(ios.In), out: &noBell{w: ios.Out}}
}

// noBell drops the lone BEL bytes promptui writes on arrow keys (its issue
// 49): a ringing terminal at every key press is no way to spend an evening.
type noBell struct{ w io.Writer }

func (n *noBell) Write(p []byte) (int, error) {
	if bytes.IndexByte(p, '\a') < 0 {
		return n.w.Write(p)
	}
	if len(p) == 1 {
		return 1, nil
	}
	if _, err := n.w.Write(bytes.ReplaceAll(p, []byte{'\a'}, nil)); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (n *noBell) Close() error { return nil }

// promptErr maps promptui's ways of giving up: Ctrl-C to errInterrupted,
// Ctrl-D (end of input) to errStopped.
func promptErr(err error) error {
	switch {
	case errors.Is(err, promptui.ErrInterrupt):
		return errInterrupted
	case errors.Is(err, promptui.ErrEOF):
		return errStopped
	}
	return err
}

func (t *terminalPrompter) Input(label, def string, validate func(string) error) (string, error) {
	p := promptui.Prompt{
		Label:     label,
		Default:   def,
		AllowEdit: true,
		Validate:  validate,
		Stdin:     t.in,
		Stdout:    t.out,
	}
	s, err := p.Run()
	return strings.TrimSpace(s), promptErr(err)
}

func (t *terminalPrompter) Select(label string, items []string, cursor int) (int, error) {
	s := promptui.Select{
		Label:     label,
		Items:     items,
		CursorPos: cursor,
		Size:      min(len(items), 10),
		HideHelp:  true,
		Stdin:     t.in,
		Stdout:    t.out,
	}
	i, _, err := s.Run()
	return i, promptErr(err)
}

func (t *terminalPrompter) Confirm(label string, def bool) (bool, error) {
	d := "n"
	if def {
		d = "y"
	}
	// The answer is said by what follows ("Saved." or "Not saved."), so the
	// question is cleared once answered rather than left half-drawn.
	p := promptui.Prompt{Label: label, IsConfirm: true, Default: d, HideEntered: true, Stdin: t.in, Stdout: t.out}
	_, err := p.Run()
	if errors.Is(err, promptui.ErrAbort) {
		return false, nil
	}
	if err != nil {
		return false, promptErr(err)
	}
	return true, nil
}
