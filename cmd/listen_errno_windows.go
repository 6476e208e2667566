//go:build windows

package cmd

import "golang.org/x/sys/windows"

// What listen says when its port is taken, and when its address is not
// this machine's: Winsock's own numbers, which syscall.EADDRINUSE and
// EADDRNOTAVAIL (invented on Windows) never equal.
var errAddrInUse, errAddrNotAvail error = windows.WSAEADDRINUSE, windows.WSAEADDRNOTAVAIL
