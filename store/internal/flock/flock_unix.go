//go:build unix

package flock

import (
	"os"
	"syscall"
)

// try takes the lock bbolt would take on f's file, without waiting; false
// when another process holds it.
func try(f *os.File, exclusive bool) (bool, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	switch err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err {
	case nil:
		return true, nil
	case syscall.EWOULDBLOCK:
		return false, nil
	default:
		return false, err
	}
}

// Opener hands bbolt, the first time it opens a file, a second
// descriptor of the database already open and locked: bbolt's own lock on it
// then holds at once, with no moment between the check and bbolt's open in
// which another process could write. Any later file bbolt opens (a copy's
// destination) is opened as asked.
func Opener(f *os.File) func(string, int, os.FileMode) (*os.File, error) {
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

// PreLocked: the lock is taken before bbolt opens the file.
const PreLocked = true

// Unlock lets go of the lock on f's open file, whatever else still refers
// to it: bbolt's memory map of the file does, when bbolt's open fails in a
// way that leaves its map behind (a fault reading a file another program
// cut short meanwhile), and closing the descriptors alone would then keep
// the lock for as long as the process lives.
func Unlock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
