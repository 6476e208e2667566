package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLeftoversRemovedAtTheNextWrite: the temporary files a killed
// unoscore left beside the database (an unfinished copy, an import's
// spool, a backup's or an export's) are removed by the next open to write,
// which says so; a read removes nothing, and a file still being written
// (changed within the hour) is kept.
func TestLeftoversRemovedAtTheNextWrite(t *testing.T) {
	db := openTemp(t)
	path := db.Path()
	ok(t, db.Close())
	dir := filepath.Dir(path)
	base := filepath.Base(path)
	old := []string{"." + base + ".unfinished-copy-123", "." + base + ".import-456", ".unoscore-backup-789", ".unoscore-export-12"}
	fresh := ".unoscore-export-new"
	other := "notes.txt"
	long := time.Now().Add(-2 * time.Hour)
	for _, name := range append(old, fresh, other) {
		p := filepath.Join(dir, name)
		ok(t, os.WriteFile(p, []byte("part of a file"), 0o600))
		if name != fresh {
			ok(t, os.Chtimes(p, long, long))
		}
	}
	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}

	ro := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	ok(t, ro.Close())
	for _, name := range old {
		if !exists(name) {
			t.Fatalf("a read removed %s", name)
		}
	}

	w := must[*DB](t)(Open(path, Options{}))
	defer w.Close()
	for _, name := range old {
		if exists(name) {
			t.Errorf("%s is still there after an open to write", name)
		}
		if !strings.Contains(w.Notice, name) {
			t.Errorf("the notice does not name %s: %q", name, w.Notice)
		}
	}
	if !strings.Contains(w.Notice, "removed 4 unfinished temporary files that an unoscore stopped in the middle left in "+dir) {
		t.Errorf("notice: %q", w.Notice)
	}
	if !exists(fresh) || !exists(other) {
		t.Error("a file being written, or not unoscore's, was removed")
	}
}
