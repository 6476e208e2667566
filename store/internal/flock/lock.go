//go:build unix || windows

// Package flock takes a lock on the database file (shared to read,
// exclusive to write) before bbolt opens it, so that the file is checked
// under a lock every other unoscore respects. On Unix it is the lock bbolt
// itself takes (flock(2)), and bbolt is handed the locked descriptor; on
// Windows it is a byte-range lock of unoscore's own beside bbolt's.
package flock

import (
	"os"
	"time"
)

// retry is how often a lock held by another process is asked for again.
const retry = 10 * time.Millisecond

// Lock takes the lock on f's file, asking again every 10 ms for at most
// wait (a negative wait: once), held until f is closed (or Unlock); false
// when another process held the lock past the wait.
func Lock(f *os.File, exclusive bool, wait time.Duration) (bool, error) {
	deadline := time.Now().Add(wait)
	for {
		if got, err := try(f, exclusive); got || err != nil {
			return got, err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return false, nil
		}
		time.Sleep(min(retry, left))
	}
}
