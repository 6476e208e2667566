//go:build !unix

package e2e

import (
	"os"
	"syscall"
	"testing"
)

// ptyAttr: there is no pseudo-terminal here (startPty skips first).
func ptyAttr() *syscall.SysProcAttr { return nil }

// expectSaneTerminal: there are no terminal settings to read here.
func expectSaneTerminal(t *testing.T, _ *os.File) {
	t.Helper()
	t.Skip("no terminal settings (termios) on this system to check")
}
