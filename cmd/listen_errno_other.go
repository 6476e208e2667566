//go:build !windows

package cmd

import "syscall"

// What listen says when its port is taken, and when its address is not
// this machine's.
var errAddrInUse, errAddrNotAvail error = syscall.EADDRINUSE, syscall.EADDRNOTAVAIL
