//go:build unix

package flock

import (
	"testing"
	"time"
)

// TestLockWaitsItsTurn: a lock held past the wait is refused (false, no
// error), and a waiter gets the lock as soon as it is let go.
func TestLockWaitsItsTurn(t *testing.T) {
	open := opener(t)
	a, b := open(), open()
	if l, err := Lock(a, true, -1); !l || err != nil {
		t.Fatalf("first lock: %v %v", l, err)
	}
	if l, err := Lock(b, false, -1); l || err != nil {
		t.Fatalf("a shared lock beside an exclusive one, not waiting: %v %v", l, err)
	}
	if l, err := Lock(b, true, 20*time.Millisecond); l || err != nil {
		t.Fatalf("an exclusive lock past the wait: %v %v", l, err)
	}
	// A new descriptor, as every Open makes, waits its turn.
	c := open()
	got := make(chan bool)
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
	if !<-got {
		t.Fatal("the waiter did not get the lock once it was let go")
	}
	defer c.Close()
	if l, _ := Lock(open(), false, -1); l {
		t.Fatal("the waiter's lock does not hold")
	}
}
