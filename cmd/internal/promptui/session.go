package promptui

import (
	"io"
	"sync"

	"github.com/chzyer/readline"
)

// unoscore's fork: how a prompt opens and closes readline.
//
// Upstream promptui let readline's goroutines outlive the prompt and race
// with it, which garbled the screen and lost typed keys:
//   - readline calls the listener for the key that ends a line (Enter,
//     Ctrl-C, Ctrl-D) after it has already handed the line to Run, so the
//     listener redrew the prompt while Run drew its answer, or after Run had
//     cleared it (the lingering "Save this hand?"), and read the Cursor while
//     Run wrote it (the data race in Cursor.Get and Cursor.Update);
//   - readline's goroutine went on writing cleanup sequences to the screen
//     after the prompt had returned;
//   - the terminal was put in raw mode for each Readline and back in cooked
//     mode between prompts and between tries, so keys typed ahead were
//     echoed by the terminal and held back until a newline;
//   - Select wrapped its input in a reader that reads ahead, so keys typed
//     ahead were swallowed with it.
// Here the keys that end a line are left to Run, every screen write goes
// through a writer that is shut when the prompt ends, the prompt waits until
// both of readline's goroutines have seen the end before it returns, and the
// caller can hold the terminal in raw mode for a whole session (KeepRaw).

// gate passes writes on until it is shut, then drops them.
type gate struct {
	mu   sync.Mutex
	w    io.Writer
	shut bool
}

func (g *gate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.shut {
		return len(p), nil
	}
	return g.w.Write(p)
}

func (g *gate) Close() error {
	g.mu.Lock()
	g.shut = true
	g.mu.Unlock()
	return nil
}

// line is one readline instance and what closes it fully.
type line struct {
	rl     *readline.Instance
	cfg    *readline.Config
	out    *gate
	stdin  io.ReadCloser
	opDone chan struct{}
	once   sync.Once
}

// openLine starts readline on stdin and stdout with listener. quiet keeps
// readline's own drawing of the line off the screen (unoscore's fork: the
// listener draws everything; readline drew the line again where the
// terminal's cursor stood, which Prompt puts inside its block).
func openLine(stdin io.ReadCloser, stdout io.Writer, keepRaw, quiet bool, cfg *readline.Config, listener func([]rune, int, rune) ([]rune, int, bool)) (*line, error) {
	if stdout == nil {
		stdout = readline.Stdout
	}
	l := &line{cfg: cfg, out: &gate{w: stdout}, stdin: stdin, opDone: make(chan struct{})}
	cfg.Stdin = stdin
	cfg.Stdout = l.out
	if quiet {
		cfg.Stdout = io.Discard
	}
	cfg.HistoryLimit = -1
	cfg.UniqueEditLine = true
	if keepRaw {
		noop := func() error { return nil }
		cfg.FuncMakeRaw, cfg.FuncExitRaw = noop, noop
	}
	// readline's line goroutine reads a 0 rune once the terminal goroutine
	// has stopped: from then on it only ends.
	var seen sync.Once
	cfg.FuncFilterInputRune = func(r rune) (rune, bool) {
		if r == 0 {
			seen.Do(func() { close(l.opDone) })
		}
		return r, true
	}
	cfg.SetListener(listener)
	cfg.FuncOnWidthChanged = onWidthChanged
	if err := cfg.Init(); err != nil {
		return nil, err
	}
	rl, err := readline.NewEx(cfg)
	if err != nil {
		return nil, err
	}
	l.rl = rl
	return l, nil
}

// ends reports whether readline ends the line on key (the listener is then
// called after Run already has the line, and must leave the screen and the
// cursor alone).
func ends(key rune, line []rune) bool {
	switch key {
	case readline.CharEnter, readline.CharCtrlJ, readline.CharInterrupt:
		return true
	case readline.CharDelete:
		return len(line) == 0
	}
	return false
}

// close shuts the screen to readline, stops its goroutines and waits for
// them: nothing of this prompt runs or draws after close returns, and no key
// after the one that ended the line has been read.
func (l *line) close() {
	l.once.Do(func() {
		l.out.Close()
		if l.stdin != nil {
			l.stdin.Close()
		}
		l.rl.Close()
		<-l.opDone
		onWidthChanged(nil)
	})
}

// onWidthChanged takes the place of readline's DefaultOnWidthChanged, which
// keeps the last line's callback in a variable that its signal goroutine
// reads unguarded, and goes on calling it after that line has closed, while
// the next prompt rewrites the configuration it reads: a data race on every
// resize between prompts. Here the callback is set, called and cleared under
// one lock, and a closed line clears it (f nil), so nothing of a prompt runs
// on a resize after close returns.
func onWidthChanged(f func()) {
	winch.Lock()
	winch.f = f
	winch.Unlock()
	if f != nil {
		winch.start.Do(watchWidth)
	}
}

var winch struct {
	sync.Mutex
	f     func()
	start sync.Once
}
