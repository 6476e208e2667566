//go:build unix

package store

import (
	"os"
	"syscall"
	"time"
)

// lockFile takes the lock bbolt would take (shared to read, exclusive to
// write) on f, waiting at most wait (a negative wait: not at all), so that
// the file is checked under the same lock bbolt then holds. ok is false
// when another process held it past the wait.
func lockFile(f *os.File, exclusive bool, wait time.Duration) (ok bool, err error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	deadline := time.Now().Add(wait)
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if err == nil {
			return true, nil
		}
		if err != syscall.EWOULDBLOCK {
			return false, err
		}
		left := time.Until(deadline)
		if wait < 0 || left <= 0 {
			return false, nil
		}
		time.Sleep(min(left, 50*time.Millisecond))
	}
}

// boltFile hands bbolt, the first time it opens a file, a second
// descriptor of the database already open and locked: bbolt's own lock on it
// then holds at once, with no moment between the check and bbolt's open in
// which another process could write. Any later file bbolt opens (a copy's
// destination) is opened as asked.
func boltFile(f *os.File) func(string, int, os.FileMode) (*os.File, error) {
	first := true
	return func(name string, flag int, perm os.FileMode) (*os.File, error) {
		if !first {
			return os.OpenFile(name, flag, perm)
		}
		first = false
		fd, err := syscall.Dup(int(f.Fd()))
		if err != nil {
			return nil, err
		}
		return os.NewFile(uintptr(fd), name), nil
	}
}

// preLocked: the lock is taken before bbolt opens the file.
const preLocked = true

// mapFile maps the first size bytes of f to read, or returns nil.
func mapFile(f *os.File, size int64) ([]byte, func()) {
	if size <= 0 || size > 1<<40 {
		return nil, nil
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil
	}
	return data, func() { syscall.Munmap(data) }
}
