//go:build unix

// Package flock takes the lock bbolt takes on its file (flock(2): shared
// to read, exclusive to write) before bbolt opens it, waiting in the
// kernel's queue with a deadline, and hands bbolt the locked descriptor.
package flock

import (
	"os"
	"sync"
	"syscall"
	"time"
)

// Lock takes the lock bbolt would take (shared to read, exclusive to
// write) on f, waiting at most wait (a negative wait: not at all), so that
// the file is checked under the same lock bbolt then holds. ok is false
// when another process held it past the wait.
//
// The wait is a blocking flock, not polling: the kernel wakes a waiter the
// moment the lock is let go, so on a busy evening (many writers and serve)
// a waiter gets its turn instead of losing it, poll after poll, to
// whoever comes at the right moment. The blocking call runs on a duplicate
// of the descriptor (the same open file, so the lock it takes is f's); if
// the wait runs out first, the lock, when it comes, is let go at once.
func Lock(f *os.File, exclusive bool, wait time.Duration) (ok bool, err error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	err = syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
	if err == nil {
		return true, nil
	}
	if err != syscall.EWOULDBLOCK {
		return false, err
	}
	if wait < 0 {
		return false, nil
	}
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return false, err
	}
	var (
		mu        sync.Mutex
		got, gave bool // the lock came; the waiter gave up
		done      = make(chan error, 1)
	)
	go func() {
		defer syscall.Close(fd)
		var err error
		for {
			if err = syscall.Flock(fd, how); err != syscall.EINTR {
				break
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if gave {
			if err == nil {
				syscall.Flock(fd, syscall.LOCK_UN)
			}
			return
		}
		got = err == nil
		done <- err
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case err := <-done:
		return err == nil, err
	case <-timer.C:
		mu.Lock()
		defer mu.Unlock()
		if got {
			return true, nil // it came just as the wait ran out
		}
		gave = true
		return false, nil
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
