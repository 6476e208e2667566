//go:build unix

package flock

import (
	"os"
	"path/filepath"
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
