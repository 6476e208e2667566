//go:build unix

// Package flock takes the lock bbolt takes on its file (flock(2): shared
// to read, exclusive to write) before bbolt opens it, waiting in the
// kernel's queue with a deadline, and hands bbolt the locked descriptor.
package flock

import (
	"fmt"
	"os"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Lock takes the lock bbolt would take (shared to read, exclusive to
// write) on f's file, waiting at most wait (a negative wait: not at all),
// so that the file is checked under the same lock bbolt then holds. It
// returns the locked file: f itself, or, when the lock came after a wait,
// another descriptor of the same file (the caller then uses it and closes
// f); nil when another process held the lock past the wait.
//
// The wait is a blocking flock, not polling: the kernel wakes a waiter the
// moment the lock is let go, so on a busy evening (many writers and serve)
// a waiter gets its turn instead of losing it, poll after poll, to
// whoever comes at the right moment. A blocked flock cannot be called off,
// so this process keeps at most one of them per file and kind of lock (one
// OS thread, one descriptor of its own): a later Lock of the same file
// joins the wait under way instead of starting another. When the lock
// comes it goes to the longest-waiting caller still waiting; when none is,
// it is let go and the descriptor closed at once. So a caller that gives
// up (serve's poll does, four times a second, while a command writes)
// leaves nothing behind but that one wait.
func Lock(f *os.File, exclusive bool, wait time.Duration) (*os.File, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
	if err == nil {
		return f, nil
	}
	if err != syscall.EWOULDBLOCK {
		return nil, err
	}
	if wait < 0 {
		return nil, nil
	}
	w, err := join(f, exclusive)
	if err != nil {
		return nil, err
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case r := <-w.got:
		return r.f, r.err
	case <-timer.C:
		mu.Lock()
		defer mu.Unlock()
		select {
		case r := <-w.got: // it came just as the wait ran out
			return r.f, r.err
		default:
		}
		w.q.leave(w)
		return nil, nil
	}
}

type key struct {
	dev, ino  uint64
	exclusive bool
}

type result struct {
	f   *os.File
	err error
}

// A waiter is one caller of Lock waiting for the queue's lock.
type waiter struct {
	q   *queue
	got chan result // buffered: the queue never blocks handing over
}

// A queue is the one blocked flock of this process on one file for one
// kind of lock, and the callers waiting for it, longest waiting first.
type queue struct {
	key     key
	waiters []*waiter
}

var (
	mu     sync.Mutex // guards queues and every queue's waiters
	queues = map[key]*queue{}
)

func keyOf(f *os.File, exclusive bool) (key, error) {
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		return key{}, err
	}
	return key{uint64(st.Dev), uint64(st.Ino), exclusive}, nil // the types differ between systems
}

// join adds a waiter to the queue for f's file, starting the queue's
// blocked flock (on a descriptor of its own) if none is under way.
func join(f *os.File, exclusive bool) (*waiter, error) {
	k, err := keyOf(f, exclusive)
	if err != nil {
		return nil, err
	}
	mu.Lock()
	q := queues[k]
	if q == nil {
		mu.Unlock()
		own, err := reopen(f)
		if err != nil {
			return nil, err
		}
		if k, err = keyOf(own, exclusive); err != nil {
			own.Close()
			return nil, err
		}
		mu.Lock()
		if q = queues[k]; q == nil {
			q = &queue{key: k}
			queues[k] = q
			go q.wait(own, exclusive)
		} else {
			own.Close() // another caller started it meanwhile
		}
	}
	defer mu.Unlock()
	w := &waiter{q: q, got: make(chan result, 1)}
	q.waiters = append(q.waiters, w)
	return w, nil
}

// reopen opens f's file afresh, for reading or for reading and writing as
// f is: a new open file, whose lock is its own, not f's.
func reopen(f *os.File) (*os.File, error) {
	fl, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
	if err != nil {
		return nil, err
	}
	name := f.Name()
	if _, err := os.Stat("/proc/self/fd"); err == nil {
		name = fmt.Sprintf("/proc/self/fd/%d", f.Fd()) // the same file, even if renamed
	}
	own, err := os.OpenFile(name, fl&unix.O_ACCMODE, 0)
	if err != nil {
		return nil, err
	}
	return own, nil
}

// wait blocks in flock until the lock comes, then hands it to the
// longest-waiting caller, or lets it go if nobody waits any more.
func (q *queue) wait(own *os.File, exclusive bool) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	var err error
	for {
		if err = syscall.Flock(int(own.Fd()), how); err != syscall.EINTR {
			break
		}
	}
	mu.Lock()
	defer mu.Unlock()
	delete(queues, q.key)
	switch {
	case err != nil:
		for _, w := range q.waiters {
			w.got <- result{err: err}
		}
		own.Close()
	case len(q.waiters) > 0:
		// The others wait on, in a new blocked flock of the same file.
		if rest := q.waiters[1:]; len(rest) > 0 {
			next, err := reopen(own)
			if err != nil {
				for _, w := range rest {
					w.got <- result{err: err}
				}
			} else {
				q2 := &queue{key: q.key, waiters: rest}
				for _, w := range rest {
					w.q = q2
				}
				queues[q.key] = q2
				go q2.wait(next, exclusive)
			}
		}
		q.waiters[0].got <- result{f: own}
	default:
		own.Close() // closing lets the lock go
	}
	q.waiters = nil
}

// leave takes a waiter that gave up out of the queue (mu held).
func (q *queue) leave(w *waiter) {
	for i, x := range q.waiters {
		if x == w {
			q.waiters = append(q.waiters[:i], q.waiters[i+1:]...)
			return
		}
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
