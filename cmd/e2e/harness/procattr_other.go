//go:build !linux && !freebsd

package harness

import "syscall"

// serveAttr: this system has no parent-death signal, so a test binary
// killed by a timeout may leave its server running; t.Cleanup still stops
// it on every ordinary end of a test.
func serveAttr() *syscall.SysProcAttr { return nil }
