package cmd

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
)

// TestImportStalledHoldsNoLock: while the input of import - stalls, every
// other command goes on using the database; the import then finishes.
func TestImportStalledHoldsNoLock(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, stderr := run(t, db, false, "new", "--players", "Ann,Bob"); code != 0 {
		t.Fatal(stderr)
	}
	r, w := io.Pipe()
	var out, errb bytes.Buffer
	done := make(chan ExitCode)
	go func() {
		ios := &iostreams.IOStreams{In: r, Out: &out, Err: &errb}
		done <- Run([]string{"--db", db, "import", "-"}, ios, nil)
	}()
	// Half an export, read by the import (a pipe's write returns once
	// it is read), then the input stalls.
	game := `{"id": "s1", "events": [{"type":"created","at":"2026-01-01T20:00:00Z","settings":{"players":["A","B"]}}]}`
	if _, err := io.WriteString(w, `{"unoscore_export": 1, "games": [`+game); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"board"}, {"hand", "-o", "ann", "bob=r7"}} {
		if code, _, stderr := run(t, db, false, append([]string{"--wait", "0"}, args...)...); code != 0 {
			t.Fatalf("%s while the import's input stalls: exit %d: %s", args[0], code, stderr)
		}
	}
	io.WriteString(w, "]}")
	w.Close()
	if code := <-done; code != 0 || !strings.Contains(out.String(), "Imported 1 game") {
		t.Fatalf("the import: exit %d, %q %q", code, out.String(), errb.String())
	}
}
