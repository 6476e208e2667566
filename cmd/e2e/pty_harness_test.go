package e2e

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// patience is how long a terminal test waits for what it expects before it
// fails: a hang guard far above what a loaded machine takes, never a
// promise of speed.
const patience = 60 * time.Second

// ptyRun is this test binary running as unoscore in a pseudo-terminal of
// its own: the one way the pseudo-terminal tests (pty_*, screen_*) start
// it.
type ptyRun struct {
	cmd    *exec.Cmd
	master *os.File   // what the person's side reads and types into
	slave  *os.File   // the terminal unoscore has; nil once closed
	done   chan error // unoscore's exit
	ended  chan struct{}
}

// startPty starts unoscore --db db args in a cols x rows terminal, with env
// added to its environment (UNOSCORE_SCREEN_PRE=TEXT: TEXT printed before
// it starts, as a shell's lines would be). Everything it prints is handed
// to sink as it comes; ended closes when the terminal has nothing more to
// read. keepSlave keeps this side's copy of the terminal open (to read its
// settings); the test's end kills unoscore and closes both sides.
func startPty(t *testing.T, cols, rows int, env []string, keepSlave bool, sink func([]byte), db string, args ...string) *ptyRun {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal here (%v); the terminal tests need one (Linux, macOS, the BSDs)", err)
	}
	if err := pty.Setsize(master, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)}); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(os.Args[0], append([]string{"--db", db}, args...)...)
	for _, e := range env {
		if pre, ok := strings.CutPrefix(e, "UNOSCORE_SCREEN_PRE="); ok {
			c = exec.Command("sh", append([]string{"-c", `printf '%s' "$0"; exec "$@"`, pre, os.Args[0], "--db", db}, args...)...)
		}
	}
	c.Env = append(append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1", "TERM=xterm", "NO_COLOR=1"), env...)
	c.Stdin, c.Stdout, c.Stderr = slave, slave, slave
	c.SysProcAttr = ptyAttr()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	r := &ptyRun{cmd: c, master: master, slave: slave, done: make(chan error, 1), ended: make(chan struct{})}
	if !keepSlave {
		slave.Close()
		r.slave = nil
	}
	go func() {
		defer close(r.ended)
		b := make([]byte, 4096)
		for {
			n, err := master.Read(b)
			sink(b[:n])
			if err != nil {
				return
			}
		}
	}()
	go func() { r.done <- c.Wait() }()
	t.Cleanup(func() {
		_ = c.Process.Kill()
		master.Close()
		if r.slave != nil {
			r.slave.Close()
		}
	})
	return r
}
