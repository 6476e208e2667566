//go:build unix

package e2e

import (
	"os"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// ptyAttr makes unoscore the leader of a session of its own whose
// controlling terminal is the pseudo-terminal (as a shell's child is).
func ptyAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true, Setctty: true}
}

// expectSaneTerminal fails t unless the terminal f is in line mode, echo
// and line editing on, as a program that put it in raw mode must leave it.
func expectSaneTerminal(t *testing.T, f *os.File) {
	t.Helper()
	tio, err := unix.IoctlGetTermios(int(f.Fd()), tcgets)
	if err != nil {
		t.Fatal(err)
	}
	if tio.Lflag&unix.ECHO == 0 || tio.Lflag&unix.ICANON == 0 {
		t.Fatalf("terminal left raw: lflag %#x", tio.Lflag)
	}
}
