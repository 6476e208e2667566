//go:build linux

package store

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestFaultInBoltOpenLetsTheLockGo: a file cut short by another program
// between unoscore's check and bbolt's open makes bbolt fault reading its
// map: the open is refused as damage, and the lock on the file is let go,
// though bbolt's map stays behind holding the file. Before, the lock stayed
// for as long as the process lived, and serve found its own file in use
// for good.
func TestFaultInBoltOpenLetsTheLockGo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 3)
	afterCheck = func(p string) { _ = os.Truncate(p, 8192) } // both meta pages, nothing else
	defer func() { afterCheck = nil }()
	_, err := Open(path, Options{}) // a writer: bbolt reads the list of free pages as it opens
	afterCheck = nil
	t.Logf("open: %v", err)
	if !isDamage(err) {
		t.Fatalf("open of a file cut short under bbolt: %v", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatalf("the file is still locked after the refused open: %v", err)
	}
}
