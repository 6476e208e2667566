package store

import (
	"os"

	"golang.org/x/sys/unix"
)

// releaseMapped tells the kernel this process no longer needs the pages of
// the database's memory map that it has read. bbolt maps the file read-only
// and shared, so the pages stay in the page cache and the next read of one
// simply maps it again: nothing is lost, but a long read of years of games
// no longer counts the whole file as this process's memory.
func (db *DB) releaseMapped() {
	info := db.bolt.Info()
	if info == nil || info.Data == 0 {
		return
	}
	fi, err := os.Stat(db.path)
	if err != nil {
		return
	}
	size := uintptr(fi.Size()) &^ uintptr(unix.Getpagesize()-1)
	if size == 0 {
		return
	}
	// A plain system call on the map's address: no pointer is made from it.
	_, _, _ = unix.Syscall(unix.SYS_MADVISE, info.Data, size, unix.MADV_DONTNEED)
}

// dropPages tells the kernel this process no longer needs the pages of a
// read-only map of the file that it has looked at (see releaseMapped).
func dropPages(data []byte) {
	if len(data) > 0 {
		_ = unix.Madvise(data, unix.MADV_DONTNEED)
	}
}
