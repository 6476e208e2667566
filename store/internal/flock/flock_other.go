//go:build !unix && !windows

// Package flock takes the lock bbolt takes on its file before bbolt opens
// it; here bbolt takes it itself.
package flock

import (
	"os"
	"time"
)

// Lock takes no lock: where unoscore does not take the lock itself, bbolt
// does, and the file is checked just before.
func Lock(*os.File, bool, time.Duration) (bool, error) { return true, nil }

// Opener leaves bbolt to open the file.
func Opener(*os.File) func(string, int, os.FileMode) (*os.File, error) { return nil }

// PreLocked: bbolt takes the lock.
const PreLocked = false

// Unlock does nothing: no lock was taken here.
func Unlock(*os.File) error { return nil }
