//go:build unix

package flock

import (
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestLockWaitsItsTurn: a lock held past the wait is refused (false, no
// error), and a waiter gets the lock as soon as it is let go.
func TestLockWaitsItsTurn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "db")
	open := func() *os.File {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	a, b := open(), open()
	if ok, err := Lock(a, true, -1); !ok || err != nil {
		t.Fatalf("first lock: %v %v", ok, err)
	}
	if ok, err := Lock(b, false, -1); ok || err != nil {
		t.Fatalf("a shared lock beside an exclusive one, not waiting: %v %v", ok, err)
	}
	if ok, err := Lock(b, true, 20*time.Millisecond); ok || err != nil {
		t.Fatalf("an exclusive lock past the wait: %v %v", ok, err)
	}
	// A new descriptor, as every Open makes: the waiter that gave up on b
	// lets b's lock go whenever it comes.
	c := open()
	got := make(chan bool)
	go func() {
		ok, err := Lock(c, true, time.Minute)
		if err != nil {
			t.Error(err)
		}
		got <- ok
	}()
	if err := a.Close(); err != nil { // closing lets the lock go
		t.Fatal(err)
	}
	if !<-got {
		t.Fatal("the waiter did not get the lock once it was let go")
	}
	if ok, _ := Lock(open(), false, -1); ok {
		t.Fatal("the waiter's lock does not hold")
	}
}

// TestLockTurnAmongBusyHolders: two holders pass the lock between them
// (each waits for it blocked in the kernel, holds it 30 ms, lets it go), so
// it is free only for the moment between one letting go and the other
// taking it: a busy evening of writers and serve. A waiter that polls
// (tries every 50 ms, the lock of before) almost never finds it free and
// gives up after its wait; a waiter queued in the kernel is woken at each
// hand-over and gets its turn well within the wait.
func TestLockTurnAmongBusyHolders(t *testing.T) {
	if testing.Short() {
		t.Skip("holds a lock for a second or two")
	}
	path := filepath.Join(t.TempDir(), "db")
	open := func() *os.File {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 2 {
		f := open()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
					t.Error(err)
					return
				}
				time.Sleep(30 * time.Millisecond)
				syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				time.Sleep(200 * time.Microsecond) // the next command starting
			}
		}()
	}
	time.Sleep(100 * time.Millisecond) // the holders under way
	start := time.Now()
	w := open()
	ok, err := Lock(w, true, time.Second)
	took := time.Since(start)
	close(stop)
	w.Close() // the holders wait for it no more
	wg.Wait()
	if err != nil || !ok {
		t.Fatalf("the waiter did not get its turn in %v among two busy holders (ok %v, %v)", took, ok, err)
	}
	t.Logf("the waiter got its turn after %v", took)
}
