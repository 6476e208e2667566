// Package harness runs unoscore as a person or a script runs it, for the
// end-to-end tests (cmd/e2e) and the browser tests (cmd/e2e/browser): the
// test binary starts itself again as unoscore.
package harness

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd"
)

// AsUnoscore makes a test binary started with UNOSCORE_TEST_AS_MAIN=1 run
// as unoscore; call it first in TestMain.
func AsUnoscore() {
	if os.Getenv("UNOSCORE_TEST_AS_MAIN") == "1" {
		os.Exit(cmd.Execute())
	}
}

// Unoscore runs this test binary as unoscore and returns its exit code,
// stdout and stderr.
func Unoscore(t *testing.T, db string, args ...string) (int, string, string) {
	t.Helper()
	c := exec.Command(os.Args[0], append([]string{"--db", db}, args...)...)
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errb.String()
}

// Server is `unoscore serve` running in its own process.
type Server struct {
	View, Score, Token string
	Cmd                *exec.Cmd
	once               sync.Once
}

// StartServe starts this test binary as `unoscore serve` on a free port
// and reads the addresses it prints; the test's end stops it.
func StartServe(t *testing.T, db string) *Server { return StartServeAt(t, db, "127.0.0.1:0") }

// StartServeAt is StartServe at addr, with more flags.
func StartServeAt(t *testing.T, db, addr string, extra ...string) *Server {
	t.Helper()
	c := exec.Command(os.Args[0], append([]string{"--db", db, "serve", "--addr", addr, "--json"}, extra...)...)
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
	// A test binary killed by a timeout takes its server with it (where the
	// system can: see serveAttr).
	c.SysProcAttr = serveAttr()
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c.Stderr = os.Stderr
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	s := &Server{Cmd: c}
	t.Cleanup(func() { s.Stop(t) })
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(out).ReadString('\n')
		line <- l
		io.Copy(io.Discard, out)
	}()
	select {
	case l := <-line:
		if err := json.Unmarshal([]byte(l), s); err != nil || s.View == "" || s.Token == "" {
			t.Fatalf("serve --json printed %q first (%v)", l, err)
		}
	case <-time.After(time.Minute): // a hang, not a slow machine
		t.Fatal("serve printed nothing within a minute")
	}
	return s
}

// Stop stops the server as Ctrl-C would; it must be gone within 30s (a
// hang, not a loaded machine), and exit 0. On Windows, which cannot send Ctrl-C to one other process, the
// server is killed instead and how it stops is not checked.
func (s *Server) Stop(t *testing.T) {
	s.once.Do(func() {
		if runtime.GOOS == "windows" {
			_ = s.Cmd.Process.Kill()
			_ = s.Cmd.Wait()
			return
		}
		_ = s.Cmd.Process.Signal(syscall.SIGINT)
		done := make(chan error, 1)
		go func() { done <- s.Cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve after Ctrl-C: %v", err)
			}
		case <-time.After(30 * time.Second):
			s.Cmd.Process.Kill()
			t.Error("serve did not stop within 30s of Ctrl-C")
		}
	})
}

// NewGame starts a game with new --json and returns its id.
func NewGame(t *testing.T, db string, args ...string) string {
	t.Helper()
	code, out, errs := Unoscore(t, db, append([]string{"new", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("new: %s", errs)
	}
	var g struct{ ID string }
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// SlowVar is the environment variable that runs the slow suites: processes
// killed mid-write, damaged files, many processes or viewers at once.
// Without it go test ./... leaves them out and runs in minutes; .ci/run
// sets it, so CI runs every one.
const SlowVar = "UNOSCORE_SLOW"

// Slow skips a test of the slow suites unless UNOSCORE_SLOW=1 is set, and
// in a -short run (CI's pass under the race detector, which ran them
// already without it). what says what makes it slow.
func Slow(t *testing.T, what string) {
	t.Helper()
	if testing.Short() {
		t.Skip(what + ": left to the full pass")
	}
	if os.Getenv(SlowVar) != "1" {
		t.Skip("SKIPPED: " + what + "; set " + SlowVar + "=1 to run it (CI does)")
	}
}
