//go:build windows

package flock

import (
	"os"

	"golang.org/x/sys/windows"
)

// lockRange is the one byte locked: the byte before the one bbolt locks
// (the last possible byte, 2^64-1; see bbolt's bolt_windows.go), so the
// two locks never meet, and both lie far past the data, which stays
// readable by everyone.
func lockRange() *windows.Overlapped {
	return &windows.Overlapped{Offset: 1<<32 - 2, OffsetHigh: 1<<32 - 1}
}

// try takes unoscore's lock on f's file, without waiting; false when
// another process holds it.
func try(f *os.File, exclusive bool) (bool, error) {
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if exclusive {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	switch err := windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, lockRange()); err {
	case nil:
		return true, nil
	case windows.ERROR_LOCK_VIOLATION:
		return false, nil
	default:
		return false, err
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
