package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestReleaseNeverPastTheMap: after this process grew the file (an
// import), the file runs past what its transactions see, and may run past
// bbolt's memory map: releasing the map's pages goes only as far as a
// transaction sees, never to the file's size, for a listing, statistics,
// an export and doctor alike. Releasing the file's size reached memory past
// the map (the Go heap's: "fatal error: span set block with unpopped
// elements" once in three runs of a listing).
func TestReleaseNeverPastTheMap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 1)
	db := must[*DB](t)(Open(path, Options{}))
	defer db.Close()
	must[int](t)(db.Import(strings.NewReader(smallExport(600, ""))))
	var seen int64
	ok(t, db.bolt.View(func(tx *bolt.Tx) error { seen = tx.Size(); return nil }))
	fi := must[os.FileInfo](t)(os.Stat(path))
	if fi.Size() <= seen {
		t.Skipf("the file (%d bytes) does not run past what a transaction sees (%d): nothing to show", fi.Size(), seen)
	}
	var most int64
	release = func(addr uintptr, size int64) { most = max(most, size) }
	defer func() { release = trimRelease }()
	must[int](t)(db.List(0, func(Summary) error { return nil }))
	must[Report](t)(db.Doctor())
	ok(t, db.Export(nopWriter{}))
	if most == 0 {
		t.Fatal("nothing was released: the test shows nothing")
	}
	if most > seen {
		t.Errorf("released %d bytes of the map; a transaction sees %d (the file is %d)", most, seen, fi.Size())
	}
}

type nopWriter struct{}

func (nopWriter) Write(b []byte) (int, error) { return len(b), nil }
