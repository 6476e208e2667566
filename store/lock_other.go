//go:build !unix

package store

import (
	"os"
	"time"
)

// Where unoscore does not take the lock itself, bbolt does, and the file is
// checked just before.
func lockFile(*os.File, bool, time.Duration) (bool, error) { return true, nil }

func boltFile(*os.File) func(string, int, os.FileMode) (*os.File, error) { return nil }

const preLocked = false

func mapFile(*os.File, int64) ([]byte, func()) { return nil, nil }
