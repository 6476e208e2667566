//go:build linux || solaris || illumos || aix

package e2e

import "golang.org/x/sys/unix"

// tcgets is the ioctl that reads a terminal's settings.
const tcgets = unix.TCGETS
