package flock

import (
	"os"
	"path/filepath"
	"testing"
)

// opener returns a function that opens one more handle on one file in a
// temporary folder, closed when the test ends: locks are taken between
// handles, as between processes.
func opener(t *testing.T) func() *os.File {
	path := filepath.Join(t.TempDir(), "db")
	return func() *os.File {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
}
