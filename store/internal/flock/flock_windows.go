//go:build windows

// Package flock takes a lock of unoscore's own on the database file
// (shared to read, exclusive to write) before bbolt opens it, so that the
// file is checked under a lock every other unoscore respects; bbolt then
// takes its own as usual.
package flock

import (
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// retry is how often a lock held by another process is asked for again:
// Windows cannot wait for a byte-range lock with a deadline.
const retry = 10 * time.Millisecond

// lockRange is the one byte locked: the byte before the one bbolt locks
// (the last possible byte, 2^64-1; see bbolt's bolt_windows.go), so the
// two locks never meet, and both lie far past the data, which stays
// readable by everyone.
func lockRange() *windows.Overlapped {
	return &windows.Overlapped{Offset: 1<<32 - 2, OffsetHigh: 1<<32 - 1}
}

// Lock takes unoscore's lock (shared to read, exclusive to write) on f's
// file, asking again every 10 ms for at most wait (a negative wait: not at
// all), so that the file is checked under it. It returns f, locked until it
// is closed; nil when another process held the lock past the wait. Every
// unoscore takes this lock before bbolt takes its own, so a file being
// written is never checked halfway through a transaction.
func Lock(f *os.File, exclusive bool, wait time.Duration) (*os.File, error) {
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if exclusive {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	deadline := time.Now().Add(wait)
	for {
		err := windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, lockRange())
		if err == nil {
			return f, nil
		}
		if err != windows.ERROR_LOCK_VIOLATION {
			return nil, err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, nil
		}
		time.Sleep(min(retry, left))
	}
}

// Opener leaves bbolt to open the file (and take its own lock).
func Opener(*os.File) func(string, int, os.FileMode) (*os.File, error) { return nil }

// PreLocked: bbolt takes its own lock after this one, on a handle of its
// own, and may wait for it (another program that opened the file with
// bbolt).
const PreLocked = false

// Unlock lets go of the lock Lock took on f.
func Unlock(f *os.File) error {
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, lockRange())
}
