//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package e2e

import "golang.org/x/sys/unix"

// tcgets is the ioctl that reads a terminal's settings (TIOCGETA on the
// BSDs and macOS, where Linux has TCGETS).
const tcgets = unix.TIOCGETA
