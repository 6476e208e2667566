// Package trim gives back to the kernel the pages of a read-only map of
// the database that this process has looked at. bbolt maps the file
// read-only and shared, so the pages stay in the page cache and the next
// read of one simply maps it again: nothing is lost, but a long read of
// years of games no longer counts the whole file as this process's memory.
package trim

import (
	"golang.org/x/sys/unix"
)

// Release tells the kernel this process no longer needs the pages of the
// map at addr (bbolt's, of a file of size bytes) that it has read.
func Release(addr uintptr, size int64) {
	if addr == 0 || size <= 0 {
		return
	}
	n := uintptr(size) &^ uintptr(unix.Getpagesize()-1)
	if n == 0 {
		return
	}
	// A plain system call on the map's address: no pointer is made from it.
	_, _, _ = unix.Syscall(unix.SYS_MADVISE, addr, n, unix.MADV_DONTNEED)
}
