//go:build unix

package flock

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestLockWaitsItsTurn: a lock held past the wait is refused (nil, no
// error), and a waiter gets the lock as soon as it is let go.
func TestLockWaitsItsTurn(t *testing.T) {
	open := opener(t)
	a, b := open(), open()
	if l, err := Lock(a, true, -1); l != a || err != nil {
		t.Fatalf("first lock: %v %v", l, err)
	}
	if l, err := Lock(b, false, -1); l != nil || err != nil {
		t.Fatalf("a shared lock beside an exclusive one, not waiting: %v %v", l, err)
	}
	if l, err := Lock(b, true, 20*time.Millisecond); l != nil || err != nil {
		t.Fatalf("an exclusive lock past the wait: %v %v", l, err)
	}
	// A new descriptor, as every Open makes: it joins the wait b gave up.
	c := open()
	got := make(chan *os.File)
	go func() {
		l, err := Lock(c, true, time.Minute)
		if err != nil {
			t.Error(err)
		}
		got <- l
	}()
	if err := a.Close(); err != nil { // closing lets the lock go
		t.Fatal(err)
	}
	l := <-got
	if l == nil {
		t.Fatal("the waiter did not get the lock once it was let go")
	}
	defer l.Close()
	if l, _ := Lock(open(), false, -1); l != nil {
		t.Fatal("the waiter's lock does not hold")
	}
}

// counts reads this process's OS threads and open descriptors.
func counts(t *testing.T) (threads, fds int) {
	t.Helper()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc here")
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "Threads:"); ok {
			threads, _ = strconv.Atoi(strings.TrimSpace(v))
		}
	}
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		if runtime.GOOS == "linux" {
			t.Fatal(err) // Linux has it: the leak check must not go quiet
		}
		t.Skip("no /proc/self/fd here (a FreeBSD procfs, say)")
	}
	return threads, len(ents)
}

// TestLockTimedOutWaitsLeaveNothing: serve polls a held lock four times a
// second, giving up each time. The waits it gave up must not each leave
// an OS thread and a descriptor blocked in flock (200 of them left 204
// threads and 211 descriptors): they share one wait, and when the lock
// comes with nobody waiting any more, it is let go and its descriptor
// closed. A caller that still waits gets the lock.
func TestLockTimedOutWaitsLeaveNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "db")
	open := func() *os.File {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	holder := open()
	defer holder.Close()
	if l, err := Lock(holder, true, -1); l != holder || err != nil {
		t.Fatalf("first lock: %v %v", l, err)
	}
	threads0, fds0 := counts(t)
	for i := range 200 {
		f := open()
		if l, err := Lock(f, i%2 == 0, time.Millisecond); l != nil || err != nil {
			t.Fatalf("a lock held by another: %v %v", l, err)
		}
		f.Close()
	}
	threads, fds := counts(t)
	t.Logf("before: %d threads, %d descriptors; after 200 waits given up: %d, %d", threads0, fds0, threads, fds)
	if threads > threads0+8 || fds > fds0+4 {
		t.Fatalf("200 waits given up left %d threads and %d descriptors (were %d and %d)", threads, fds, threads0, fds0)
	}

	// One more caller waits on: it gets the lock when the holder lets go.
	c := open()
	defer c.Close()
	got := make(chan *os.File)
	go func() {
		l, err := Lock(c, true, time.Minute)
		if err != nil {
			t.Error(err)
		}
		got <- l
	}()
	for { // c is queued
		mu.Lock()
		n := 0
		for _, q := range queues {
			n += len(q.waiters)
		}
		mu.Unlock()
		if n == 1 {
			break
		}
		runtime.Gosched()
	}
	holder.Close()
	l := <-got
	if l == nil {
		t.Fatal("the caller still waiting did not get the lock")
	}
	l.Close()
	c.Close()
	// Nobody waits any more: every wait ends and closes its descriptor.
	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		n := len(queues)
		mu.Unlock()
		_, fds := counts(t)
		if n == 0 && fds <= fds0-1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("with nobody waiting, %d waits remain and %d descriptors are open (were %d with the holder's)", n, fds, fds0)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestLockTurnAmongBusyHolders: two holders pass the lock between them
// (each waits for it blocked in the kernel, holds it 30 ms, lets it go), so
// it is free only for the moment between one letting go and the other
// taking it: a busy evening of writers and serve. A waiter that polls
// (tries every 50 ms, the lock of before) almost never finds it free and
// gives up after its wait; a waiter queued in the kernel is woken at each
// hand-over and gets its turn within a few. The holders count their turns
// and stop after 40 (their lock then free): the waiter must have had its
// turn before that, however slow the machine.
func TestLockTurnAmongBusyHolders(t *testing.T) {
	if testing.Short() {
		t.Skip("holds a lock for a second or two")
	}
	open := opener(t)
	const limit = 40
	var (
		turns   atomic.Int64
		done    atomic.Bool // the waiter had its turn
		started = make(chan struct{})
		once    sync.Once
		wg      sync.WaitGroup
	)
	for range 2 {
		f := open()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
					t.Error(err)
					return
				}
				n := turns.Add(1)
				once.Do(func() { close(started) })
				if done.Load() || n > limit {
					syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
					return
				}
				time.Sleep(30 * time.Millisecond)
				syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				time.Sleep(200 * time.Microsecond) // the next command starting
			}
		}()
	}
	<-started
	from := turns.Load()
	w := open()
	l, err := Lock(w, true, time.Minute)
	at := turns.Load()
	done.Store(true)
	if l != nil {
		l.Close() // the holders wait for it no more
	}
	wg.Wait()
	if err != nil || l == nil || at > limit {
		t.Fatalf("the waiter did not get its turn among two busy holders: after %d of their turns (of %d) (%v, %v)", at-from, limit, l, err)
	}
	t.Logf("the waiter got its turn after %d of the holders' turns", at-from)
}
