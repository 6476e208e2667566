// Package e2e runs unoscore as a person or a script runs it: testscript
// files (../../testdata/script), real processes killed and files damaged,
// and the real prompts in a pseudo-terminal. The browser tests are a test
// binary of their own, in browser/.
package e2e

import (
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/cmd"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestMain lets the test binary run as unoscore, so the scripts exercise the
// real command line: arguments, streams and exit codes.
func TestMain(m *testing.M) {
	// The pseudo-terminal tests start this binary as unoscore.
	harness.AsUnoscore()
	testscript.Main(m, map[string]func(){
		"unoscore": func() { os.Exit(cmd.Execute()) },
	})
}

// TestScripts runs the module's testdata/script/*.txtar: unoscore as a person or a script
// runs it.
func TestScripts(t *testing.T) {
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("..", "..", "testdata", "script"),
		RequireExplicitExec: true,
		Setup: func(e *testscript.Env) error {
			e.Setenv("UNOSCORE_DB", filepath.Join(e.WorkDir, "u.db"))
			e.Setenv("NO_COLOR", "")
			e.Setenv("TZ", "UTC")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"capture":    capture,
			"perm":       perm,
			"hold":       hold,
			"release":    release,
			"damage":     damage,
			"closedpipe": closedpipe,
			"exits":      exits,
		},
	})
}

// capture VAR REGEXP sets VAR to the first group of REGEXP in the last
// command's stdout.
func capture(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: capture VAR REGEXP")
	}
	m := regexp.MustCompile(args[1]).FindStringSubmatch(ts.ReadFile("stdout"))
	if len(m) < 2 {
		ts.Fatalf("capture: %q not found in stdout", args[1])
	}
	ts.Setenv(args[0], m[1])
}

// exits CODE PROGRAM ARGS... runs PROGRAM as exec does and checks that it
// exits with CODE (exec and ! exec tell only zero from not).
func exits(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 || neg {
		ts.Fatalf("usage: exits CODE PROGRAM ARGS...")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("%s: %v", args[1], err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d", args[1], got, want)
	}
}

// perm FILE MODE checks a file's permission bits, in octal.
func perm(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: perm FILE MODE")
	}
	fi, err := os.Stat(ts.MkAbs(args[0]))
	ts.Check(err)
	want, err := strconv.ParseUint(args[1], 8, 32)
	ts.Check(err)
	if got := fi.Mode().Perm(); (uint64(got) == want) == neg {
		ts.Fatalf("%s has mode %#o, want %#o", args[0], got, want)
	}
}

// held are the databases hold keeps open, by absolute path (each script
// has a folder of its own).
var held sync.Map // string -> *bolt.DB

// hold FILE opens the database in this process and keeps it open (locked)
// as another unoscore would, until "release FILE" or the end of the script:
// the lock lasts as long as the script needs it, however slow the machine.
func hold(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: hold FILE")
	}
	path := ts.MkAbs(args[0])
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		ts.Fatalf("hold: %v", err)
	}
	if _, dup := held.LoadOrStore(path, db); dup {
		db.Close()
		ts.Fatalf("hold: %s is held already", args[0])
	}
	ts.Defer(func() { release(ts, false, args) })
}

// release FILE closes what hold opened (nothing when it is closed already).
func release(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: release FILE")
	}
	if db, ok := held.LoadAndDelete(ts.MkAbs(args[0])); ok {
		ts.Check(db.(*bolt.DB).Close())
	}
}

// damage FILE newest-meta zeroes the meta page with the higher transaction
// id, as a failing disk might.
func damage(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 || args[1] != "newest-meta" {
		ts.Fatalf("usage: damage FILE newest-meta")
	}
	path := ts.MkAbs(args[0])
	data, err := os.ReadFile(path)
	ts.Check(err)
	const page = 4096
	txid := func(p int) uint64 { return binary.LittleEndian.Uint64(data[p*page+16+48:]) }
	p := 0
	if txid(1) > txid(0) {
		p = 1
	}
	clear(data[p*page : (p+1)*page])
	ts.Check(os.WriteFile(path, data, 0o600))
}

// closedpipe CODE ARGS... runs unoscore ARGS with its stdout a pipe whose
// reading end is closed already (as "unoscore board | head -0" ends up),
// checks that it exits CODE (not killed by SIGPIPE), and keeps its stderr
// for the next "stderr" check.
func closedpipe(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 || neg {
		ts.Fatalf("usage: closedpipe CODE ARGS...")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	r, w, err := os.Pipe()
	ts.Check(err)
	r.Close()
	defer w.Close()
	c := exec.Command(os.Args[0], args[1:]...)
	c.Dir = ts.MkAbs(".")
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
	for _, k := range []string{"UNOSCORE_DB", "NO_COLOR", "TZ", "HOME"} {
		c.Env = append(c.Env, k+"="+ts.Getenv(k))
	}
	c.Stdout, c.Stderr = w, ts.Stderr()
	err = c.Run()
	var ee *exec.ExitError
	switch {
	case err == nil && want == 0:
	case errors.As(err, &ee) && ee.ExitCode() == want:
	case errors.As(err, &ee):
		ts.Fatalf("exit %d (%v), want %d", ee.ExitCode(), err, want)
	default:
		ts.Fatalf("%v, want exit %d", err, want)
	}
}
