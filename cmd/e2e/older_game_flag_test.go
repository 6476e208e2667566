//go:build unix

package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
	"github.com/unoscore/unoscore/store"
)

// TestOlderFileGameFlagNamingNothing: on a schema 4 file, a --game that
// names nothing is refused (exit 2) by a write command and by a read
// command alike, and the file is left byte for byte as it was, with no
// backup written; a read that finds its game reads it and writes nothing
// either (issue 33: a read never upgrades); the first change upgrades the
// file, after the backup.
func TestOlderFileGameFlagNamingNothing(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "u.db")
	schema4File(t, path, 3)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	backup := store.BackupPath(path, 4)
	for _, args := range [][]string{
		{"--no-input", "hand", "--game", "zzz", "--out", "Zed", "--left", "Bob=r7"},
		{"--no-input", "hand", "--game", "zzz", "--out", "Ann", "--left", "Bob=r7", "--left", "Cat=2"},
		{"undo", "--game", "zzz", "--yes"},
		{"use", "zzz"},
		{"board", "--game", "zzz"},
		{"board", "--json", "--game", "zzz"},
		{"history", "--game", "zzz"},
	} {
		code, _, errs := harness.Unoscore(t, path, args...)
		if code != 2 || !strings.Contains(errs, `no game has the id or name "zzz"`) {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
			t.Fatalf("%v changed the file", args)
		}
		if _, err := os.Lstat(backup); err == nil {
			t.Fatalf("%v wrote a backup", args)
		}
	}
	if code, out, errs := harness.Unoscore(t, path, "board", "--json", "--game", "k00001"); code != 0 || !strings.Contains(out, `"id": "k00001"`) {
		t.Fatalf("board of a game there: exit %d, %s %s", code, out, errs)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("a read changed the file")
	}
	if _, err := os.Lstat(backup); err == nil {
		t.Fatal("a read wrote a backup")
	}
	if code, _, errs := harness.Unoscore(t, path, "--no-input", "hand", "--game", "k00001", "--out", "Ann", "--left", "Bob=r7", "--left", "Cat=2"); code != 0 {
		t.Fatalf("hand: exit %d, %s", code, errs)
	}
	if _, err := os.Lstat(backup); err != nil {
		t.Fatalf("the first change wrote no backup: %v", err)
	}
	if code, out, errs := harness.Unoscore(t, path, "doctor"); code != 0 {
		t.Fatalf("doctor after the upgrade: exit %d, %s %s", code, out, errs)
	}
}
