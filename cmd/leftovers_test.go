package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestExportRemovesLeftovers: an export to a file, and a backup, remove
// the unfinished temporary files a killed export or backup left in that
// folder, and say so; the next write to the database does the same beside
// it.
func TestExportRemovesLeftovers(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "u.db")
	if code, _, stderr := run(t, db, false, "new", "--players", "Ann,Bob"); code != 0 {
		t.Fatal(stderr)
	}
	out := t.TempDir()
	long := time.Now().Add(-2 * time.Hour)
	for _, name := range []string{".unoscore-export-1", ".unoscore-backup-2"} {
		p := filepath.Join(out, name)
		if err := os.WriteFile(p, []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, long, long)
	}
	code, _, stderr := run(t, db, false, "export", "-o", filepath.Join(out, "backup.json"))
	if code != 0 || !strings.Contains(stderr, "removed 1 unfinished temporary file that an unoscore stopped in the middle left in "+out+" (.unoscore-export-1)") {
		t.Fatalf("export: exit %d, %q", code, stderr)
	}
	code, _, stderr = run(t, db, false, "doctor", "--backup", filepath.Join(out, "copy.db"))
	if code != 0 || !strings.Contains(stderr, "(.unoscore-backup-2)") {
		t.Fatalf("doctor --backup: exit %d, %q", code, stderr)
	}
	left := filepath.Join(dir, ".u.db.unfinished-copy-3")
	if err := os.WriteFile(left, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(left, long, long)
	code, _, stderr = run(t, db, false, "hand", "-o", "ann", "bob=r7")
	if _, err := os.Stat(left); code != 0 || err == nil || !strings.Contains(stderr, "(.u.db.unfinished-copy-3)") {
		t.Fatalf("hand: exit %d, %q", code, stderr)
	}
}
