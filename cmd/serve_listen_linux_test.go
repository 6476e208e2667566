package cmd

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestServeListenFailures: an --addr that is not HOST:PORT, or whose port
// is not one, is a wrong flag (exit 2); a well-formed address the machine
// cannot use now (a name that does not resolve, no descriptors left) is
// the machine's state (exit 1), and nothing is written either way.
func TestServeListenFailures(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	for _, c := range []struct {
		addr string
		code int
		want string
	}{
		{"nonsense", 2, `--addr "nonsense" is not HOST:PORT`},
		{"127.0.0.1:99999", 2, `"99999" is not a port`},
		{"127.0.0.1:nosuchport", 2, `"nosuchport" is not a port`},
		{"nosuchhost.invalid:1", 1, "cannot listen on nosuchhost.invalid:1 ("},
	} {
		code, _, errs := run(t, db, false, "serve", "--addr", c.addr)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("serve --addr %s: exit %d, %q; want exit %d, %q", c.addr, code, errs, c.code, c.want)
		}
	}

	// No descriptor left for the socket: EMFILE.
	ln, err := net.Listen("tcp", "127.0.0.1:0") // the poller is set up before
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc here")
	}
	low := lim
	low.Cur = uint64(len(ents) + 16)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Fatal(err)
	}
	for { // take every descriptor left
		f, err := os.Open(os.DevNull)
		if err != nil {
			break
		}
		defer f.Close()
	}
	code, _, errs := run(t, db, false, "serve", "--addr", "127.0.0.1:0")
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	if code != 1 || !strings.Contains(errs, "cannot listen on 127.0.0.1:0 (") || !strings.Contains(errs, "too many open files") {
		t.Errorf("serve with no descriptor left: exit %d, %q; want exit 1, cannot listen ... too many open files", code, errs)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a serve that could not listen made the database")
	}
}
