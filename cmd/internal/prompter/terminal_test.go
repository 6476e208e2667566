package prompter

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
)

// onKeys is a Terminal reading typed, as keys, and writing to screen.
func onKeys(typed string, screen *bytes.Buffer) *Terminal {
	return NewTerminal(&iostreams.IOStreams{In: strings.NewReader(typed), Out: screen, Width: 80}, nil)
}

// TestConfirmReadsYesAndNo: every yes/no question takes y, yes, n and no
// in any case, and Enter alone for its default; anything else is not an
// answer: it is said so and the question is asked again. On the old code
// (promptui's confirm) "yes" typed in full was a no.
func TestConfirmReadsYesAndNo(t *testing.T) {
	for _, c := range []struct {
		typed string
		def   bool
		want  bool
		said  string // on the screen, when an answer was refused
	}{
		{"y\r", false, true, ""},
		{"yes\r", false, true, ""},
		{"YES\r", false, true, ""},
		{"Yes\r", false, true, ""},
		{" yes \r", false, true, ""},
		{"Y\r", false, true, ""},
		{"n\r", true, false, ""},
		{"no\r", true, false, ""},
		{"NO\r", true, false, ""},
		{"No\r", true, false, ""},
		{"\r", true, true, ""},
		{"\r", false, false, ""},
		{"maybe\r\x7f\x7f\x7f\x7f\x7fyes\r", false, true, `"maybe" is not an answer: type y (yes) or n (no)`},
		{"yess\r\x7f\x7f\x7f\x7fno\r", true, false, `"yess" is not an answer`},
		{"yep\r\x7f\x7f\x7f\r", false, false, `"yep" is not an answer`},
	} {
		var screen bytes.Buffer
		term := onKeys(c.typed, &screen)
		got, err := term.Confirm("Save this hand?", c.def)
		if err != nil || got != c.want {
			t.Errorf("%q (default %v): %v, %v; want %v", c.typed, c.def, got, err, c.want)
		}
		if c.said != "" && !strings.Contains(screen.String(), c.said) {
			t.Errorf("%q: the screen does not say %q:\n%q", c.typed, c.said, screen.String())
		}
	}
}

// TestFakeConfirmAsTheTerminal: the scripted prompter reads answers as
// the terminal does, so the flows' tests answer as a person types.
func TestFakeConfirmAsTheTerminal(t *testing.T) {
	f := &Fake{T: t, Answers: []string{"YES", "No", "maybe", "yes", ""}}
	for _, want := range []bool{true, false, true, true} {
		if got, err := f.Confirm("Save this hand?", true); err != nil || got != want {
			t.Fatalf("Confirm = %v, %v; want %v (answers left %q)", got, err, want, f.Answers)
		}
	}
	if len(f.Rejected) != 1 || !strings.HasPrefix(f.Rejected[0], "maybe: ") {
		t.Errorf("rejected %q; want maybe refused", f.Rejected)
	}
}

// TestInputDefault: issue 29, item 2. A default is shown as one, in
// brackets after the label, not as text in the line: what is typed
// replaces it, and Enter alone takes it. On the old code the default was
// text to edit, so "50" typed after "500" was 50050.
func TestInputDefault(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"50\r", "50"},
		{"200\r", "200"},
		{"\r", "500"},
		{"1\x7f\r", "500"}, // typed, then rubbed out: the default again
	} {
		var screen bytes.Buffer
		got, err := onKeys(c.typed, &screen).Input("Play to how many points", "500", nil)
		if err != nil || got != c.want {
			t.Errorf("%q typed: %q, %v; want %q", c.typed, got, err, c.want)
		}
		if !strings.Contains(screen.String(), "? Play to how many points [500]: ") {
			t.Errorf("%q typed: the default is not shown as one:\n%q", c.typed, screen.String())
		}
		if !strings.Contains(screen.String(), "Play to how many points: "+c.want) {
			t.Errorf("%q typed: the answer taken is not left on the screen:\n%q", c.typed, screen.String())
		}
	}
	// The answer checked is the one taken: the default when nothing is typed.
	var screen bytes.Buffer
	checked := ""
	onKeys("\r", &screen).Input("Hands in each round at each table", "4", func(v string) error { checked = v; return nil })
	if checked != "4" {
		t.Errorf("validate saw %q; want the default 4", checked)
	}
	// Edit starts with text to edit: the cards typed before, corrected.
	got, err := onKeys("\x7f8\r", &screen).Edit("Ann's cards", "r7 b9", nil)
	if err != nil || got != "r7 b8" {
		t.Errorf("Edit: %q, %v; want r7 b8", got, err)
	}
}

// paced gives its chunks of keys one Read at a time, each after its pause:
// a person typing, then stopping to read the screen.
type paced struct {
	chunks []string
	pauses []time.Duration
}

func (p *paced) Read(b []byte) (int, error) {
	if len(p.chunks) == 0 {
		return 0, io.EOF
	}
	time.Sleep(p.pauses[0])
	n := copy(b, p.chunks[0])
	p.chunks, p.pauses = p.chunks[1:], p.pauses[1:]
	return n, nil
}

// TestEnterAfterAPauseAnswers: an Enter typed straight on after the
// letters that picked a name ("cat⏎") is part of the pick; one typed after
// a pause answers the question on the screen then. On the old code the
// later Enter was swallowed whatever the pause (the newcomer's defect 20),
// and the question here read to the end of the keys.
func TestEnterAfterAPauseAnswers(t *testing.T) {
	names := []string{"Ann", "Bob", "Cat"}
	for _, c := range []struct {
		name   string
		keys   *paced
		answer bool
	}{
		{"typed straight on", &paced{[]string{"cat\ry\r"}, []time.Duration{0}}, true},
		{"after a pause", &paced{[]string{"c", "\r", "y\r"}, []time.Duration{0, 3 * pickBurst, 0}}, false},
	} {
		var screen bytes.Buffer
		term := NewTerminal(&iostreams.IOStreams{In: c.keys, Out: &screen, Width: 80}, nil)
		i, err := term.Pick("Who went out?", names, 0)
		if err != nil || i != 2 {
			t.Fatalf("%s: picked %d, %v; want Cat", c.name, i, err)
		}
		got, err := term.Confirm("Save this hand?", false)
		if err != nil || got != c.answer {
			t.Errorf("%s: Save this hand? %v, %v; want %v", c.name, got, err, c.answer)
		}
	}
}
