package outfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTarget: what a copy may be written over, and the one sentence for
// what it may not.
func TestTarget(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "uno.db")
	old := filepath.Join(dir, "old.json")
	for _, f := range []string{db, old} {
		if err := os.WriteFile(f, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(old, filepath.Join(dir, "link.json")); err != nil {
		t.Skipf("no symbolic links here: %v", err) // Windows without the privilege
	}
	must(os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "dangling.json")))
	must(os.Symlink(db, filepath.Join(dir, "db-link")))
	must(os.Link(db, filepath.Join(dir, "db-hard")))
	for _, c := range []struct {
		target, want, refused string
	}{
		{"new.json", "new.json", ""},
		{"old.json", "old.json", ""},
		{"link.json", "old.json", ""}, // the link stays; its file gets the copy
		{"", "", "-o needs a file name"},
		{"dangling.json", "", "is a link to nothing"},
		{".", "", "is not a regular file"},
		{"uno.db", "", "is the database itself"},
		{"db-link", "", "is the database itself"},
		{"db-hard", "", "is the database itself"},
	} {
		target := c.target
		if target != "" {
			target = filepath.Join(dir, target)
		}
		got, err := Target(target, db, "-o")
		switch {
		case c.refused != "" && (err == nil || !strings.Contains(err.Error(), c.refused)):
			t.Errorf("%q: err %v, want one saying %q", c.target, err, c.refused)
		case c.refused == "" && err != nil:
			t.Errorf("%q: %v", c.target, err)
		case c.refused == "" && got != filepath.Join(dir, c.want):
			t.Errorf("%q: writes %s, want %s", c.target, got, filepath.Join(dir, c.want))
		}
	}
}
