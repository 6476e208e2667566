package promptui

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/chzyer/readline"
)

// keys hands out its input one byte per Read, as unoscore's key queue does,
// and counts what was read, so a test sees whether a prompt read past the
// key that ended it.
type keys struct {
	mu     sync.Mutex
	input  string
	read   int
	closed bool
	wait   chan struct{} // closed by Close: a Read at the end blocks until then
}

func newKeys(input string) *keys { return &keys{input: input, wait: make(chan struct{})} }

func (k *keys) Read(p []byte) (int, error) {
	k.mu.Lock()
	if k.closed {
		k.mu.Unlock()
		return 0, io.EOF
	}
	if k.read < len(k.input) && len(p) > 0 {
		p[0] = k.input[k.read]
		k.read++
		k.mu.Unlock()
		return 1, nil
	}
	k.mu.Unlock()
	// Nothing more typed: wait, as a terminal does, until the prompt closes
	// its view of the keys.
	<-k.wait
	return 0, io.EOF
}

func (k *keys) Close() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.closed {
		k.closed = true
		close(k.wait)
	}
	return nil
}

func (k *keys) state() (read int, closed bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.read, k.closed
}

// screen records what a prompt writes, and whether anything was written
// after the prompt returned (the test marks that moment with done).
type screen struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	ended bool
	late  int
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended {
		s.late += len(p)
	}
	return s.buf.Write(p)
}

func (s *screen) Close() error { return nil }

func (s *screen) done() {
	s.mu.Lock()
	s.ended = true
	s.mu.Unlock()
}

func (s *screen) lateBytes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.late
}

func TestGateDropsWritesOnceShut(t *testing.T) {
	var out bytes.Buffer
	g := &gate{w: &out}
	if n, err := g.Write([]byte("before")); n != 6 || err != nil {
		t.Fatalf("Write before Close = %d, %v; want 6, nil", n, err)
	}
	g.Close()
	if n, err := g.Write([]byte("after")); n != 5 || err != nil {
		t.Fatalf("Write after Close = %d, %v; want 5, nil (dropped quietly)", n, err)
	}
	if out.String() != "before" {
		t.Errorf("the writer got %q; want only %q", out.String(), "before")
	}
}

func TestEnds(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  rune
		line string
		want bool
	}{
		{"Enter", readline.CharEnter, "ann", true},
		{"Ctrl-J", readline.CharCtrlJ, "ann", true},
		{"Ctrl-C", readline.CharInterrupt, "ann", true},
		{"Ctrl-D on an empty line", readline.CharDelete, "", true},
		{"Ctrl-D inside a line deletes", readline.CharDelete, "ann", false},
		{"a letter", 'a', "ann", false},
		{"an arrow", readline.CharNext, "", false},
		{"the start (no key yet)", 0, "", false},
	} {
		if got := ends(tc.key, []rune(tc.line)); got != tc.want {
			t.Errorf("%s: ends = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// runPrompt runs a prompt on typed and reports what it returned, how much
// of typed it read, and whether it closed its keys.
func runPrompt(t *testing.T, p Prompt, typed string) (string, int, *screen, error) {
	t.Helper()
	k := newKeys(typed)
	out := &screen{}
	p.Stdin, p.Stdout, p.KeepRaw = k, out, true
	got, err := p.Run()
	out.done()
	read, closed := k.state()
	if !closed {
		t.Errorf("the prompt returned without closing its keys")
	}
	return got, read, out, err
}

func TestPromptReadsUpToTheEndingKeyOnly(t *testing.T) {
	got, read, out, err := runPrompt(t, Prompt{Label: "Name"}, "ann\rbob\r")
	if err != nil || got != "ann" {
		t.Fatalf("Run = %q, %v; want %q, nil", got, err, "ann")
	}
	if read != len("ann\r") {
		t.Errorf("the prompt read %d keys; want %d (the keys after Enter belong to the next prompt)", read, len("ann\r"))
	}
	if late := out.lateBytes(); late != 0 {
		t.Errorf("%d bytes were written after the prompt returned", late)
	}
	if s := out.buf.String(); !strings.HasSuffix(s, showCursor) || !strings.Contains(s, "ann") {
		t.Errorf("the screen ends %q; want the answer, then the cursor shown again", tail(s))
	}
}

func TestPromptEndsOnControlKeys(t *testing.T) {
	for _, tc := range []struct {
		name  string
		typed string
		want  error
	}{
		{"Ctrl-D on an empty line", "\x04", ErrEOF},
		{"Ctrl-C", "an\x03", ErrInterrupt},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, read, out, err := runPrompt(t, Prompt{Label: "Name"}, tc.typed+"more")
			if !errors.Is(err, tc.want) || got != "" {
				t.Fatalf("Run = %q, %v; want \"\", %v", got, err, tc.want)
			}
			if read != len(tc.typed) {
				t.Errorf("read %d keys, want %d", read, len(tc.typed))
			}
			if late := out.lateBytes(); late != 0 {
				t.Errorf("%d bytes were written after the prompt returned", late)
			}
		})
	}
}

func TestPromptRetriesUntilValid(t *testing.T) {
	p := Prompt{Label: "Target", Validate: func(s string) error {
		if s != "500" {
			return errors.New("a number, please")
		}
		return nil
	}}
	got, read, out, err := runPrompt(t, p, "x\r\x08500\r")
	if err != nil || got != "500" {
		t.Fatalf("Run = %q, %v; want %q, nil", got, err, "500")
	}
	if read != len("x\r\x08500\r") {
		t.Errorf("read %d keys", read)
	}
	if !strings.Contains(out.buf.String(), "a number, please") {
		t.Errorf("the refusal was never shown: %q", tail(out.buf.String()))
	}
}

func TestPromptHideEmpty(t *testing.T) {
	got, _, out, err := runPrompt(t, Prompt{Label: "Name", HideEmpty: true}, "\r")
	if err != nil || got != "" {
		t.Fatalf("Run = %q, %v", got, err)
	}
	// The last draw before the cursor comes back is an empty block: the
	// prompt erased itself.
	want := "\x1b[J" + showCursor
	if s := out.buf.String(); !strings.HasSuffix(s, want) {
		t.Errorf("the screen ends %q; want %q (the prompt cleared)", tail(s), want)
	}
}

func TestSelectJumpAndArrows(t *testing.T) {
	items := []string{"classic", "deluxe", "shuffle", "themed"}
	jump := func(typed string) int {
		for i, it := range items {
			if strings.HasPrefix(it, typed) {
				return i
			}
		}
		return -1
	}
	for _, tc := range []struct {
		name  string
		typed string
		jump  bool
		want  int
	}{
		{"Enter takes the first", "\r", false, 0},
		{"down twice", "\x1b[B\x1b[B\r", false, 2},
		{"j moves down without Jump (vi keys)", "jj\r", false, 2},
		{"letters jump", "t\r", true, 3},
		{"letters after a miss start again", "tzd\r", true, 1},
		{"j jumps with Jump instead of moving", "j\r", true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := newKeys(tc.typed + "next")
			out := &screen{}
			s := Select{Label: "Deck", Items: items, Stdin: k, Stdout: out, KeepRaw: true}
			if tc.jump {
				s.Jump = jump
			}
			i, v, err := s.Run()
			out.done()
			if err != nil || i != tc.want || v != items[tc.want] {
				t.Fatalf("Run = %d, %q, %v; want %d, %q", i, v, err, tc.want, items[tc.want])
			}
			if read, closed := k.state(); read != len(tc.typed) || !closed {
				t.Errorf("read %d keys (want %d), closed %v", read, len(tc.typed), closed)
			}
			if late := out.lateBytes(); late != 0 {
				t.Errorf("%d bytes were written after Select returned", late)
			}
		})
	}
}

// A session's goroutines are gone when close returns, and close may be
// called again (Run's deferred close after its own).
func TestLineCloseWaitsAndIsIdempotent(t *testing.T) {
	k := newKeys("ann\r")
	out := &screen{}
	l, err := openLine(k, out, true, false, &readline.Config{}, func(line []rune, pos int, key rune) ([]rune, int, bool) {
		return nil, 0, false
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := l.rl.Readline(); got != "ann" || err != nil {
		t.Fatalf("Readline = %q, %v", got, err)
	}
	done := make(chan struct{})
	go func() {
		l.close()
		l.close()
		close(done)
	}()
	<-done
	if _, closed := k.state(); !closed {
		t.Error("close left the keys open")
	}
	out.done()
	l.out.Write([]byte("late"))
	if late := out.lateBytes(); late != 0 {
		t.Errorf("a write through the shut gate reached the screen (%d bytes)", late)
	}
}

func tail(s string) string {
	if len(s) > 60 {
		return "…" + s[len(s)-60:]
	}
	return s
}
