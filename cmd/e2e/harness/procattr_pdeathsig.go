//go:build linux || freebsd

package harness

import "syscall"

// serveAttr makes a test binary killed by a timeout take its server with
// it (the kernel kills the child when its parent dies).
func serveAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
