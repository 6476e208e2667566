//go:build windows

package flock

import (
	"testing"
	"time"
)

// TestLockHoldsOnWindows: an exclusive lock refuses another handle's
// lock, shared or exclusive, past the wait (nil, no error), after waiting
// that long; closing the holder lets it go; shared locks go together.
// (flock_test.go, on Unix, tests the queue of waiters Unix has and this
// has not.)
func TestLockHoldsOnWindows(t *testing.T) {
	open := opener(t)
	a, b, c := open(), open(), open()
	if l, err := Lock(a, true, -1); !l || err != nil {
		t.Fatalf("first lock: %v %v", l, err)
	}
	if l, err := Lock(b, false, -1); l || err != nil {
		t.Fatalf("a shared lock beside an exclusive one, not waiting: %v %v", l, err)
	}
	start := time.Now()
	if l, err := Lock(b, true, 50*time.Millisecond); l || err != nil {
		t.Fatalf("an exclusive lock past the wait: %v %v", l, err)
	}
	if d := time.Since(start); d < 50*time.Millisecond {
		t.Fatalf("gave up after %v, before the wait of 50ms", d)
	}
	if _, err := a.Write([]byte("data")); err != nil {
		t.Fatalf("the locked byte is far past the data, which stays writable: %v", err)
	}
	if err := a.Close(); err != nil { // closing lets the lock go
		t.Fatal(err)
	}
	if l, err := Lock(b, false, time.Second); !l || err != nil {
		t.Fatalf("a shared lock once the exclusive one is let go: %v %v", l, err)
	}
	if l, err := Lock(c, false, -1); !l || err != nil {
		t.Fatalf("a second shared lock: %v %v", l, err)
	}
	if l, err := Lock(open(), true, -1); l || err != nil {
		t.Fatalf("an exclusive lock beside two shared ones: %v %v", l, err)
	}
}
