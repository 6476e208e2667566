//go:build unix

package flock

import (
	"os"
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
	// A new descriptor, as every Open makes, waits its turn.
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
