//go:build linux

package e2e

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestImportMemoryAnyOrder: an import of 10,000 games whose times of
// creation are in no order stays well within its memory bound (64 MiB
// for 100,000 games): it writes the games oldest first, every key
// appended, whatever the export's order. Before, it wrote them in the
// export's order, and its memory grew with the file: 82 MiB for these
// 10,000 games, 414 MiB for 100,000.
func TestImportMemoryAnyOrder(t *testing.T) {
	harness.Slow(t, "imports 10,000 games")
	const n = 10000
	r := rand.New(rand.NewPCG(4, 64))
	order := r.Perm(n)
	var b bytes.Buffer
	b.WriteString(`{"unoscore_export": 1, "games": [`)
	start := time.Date(2020, 1, 1, 19, 0, 0, 0, time.UTC)
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		at := start.Add(time.Duration(order[i]) * time.Hour).Format(time.RFC3339)
		fmt.Fprintf(&b, `{"id": "m%08x", "events": [{"type": "created", "at": %q, "settings": {"players": ["Ann", "Bob", "Cat", "Dan"], "target": 100000}}`, r.Uint32(), at)
		for range 5 {
			fmt.Fprintf(&b, `, {"type": "hand", "at": %q, "hand": {"out": "Ann", "left": [{"player": "Bob", "cards": "r7 wd4"}, {"player": "Cat", "cards": "9"}, {"player": "Dan", "cards": "3x9"}]}}`, at)
		}
		b.WriteString("]}")
	}
	b.WriteString("]}\n")
	dir := t.TempDir()
	export := filepath.Join(dir, "export.json")
	if err := os.WriteFile(export, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(os.Args[0], "--db", filepath.Join(dir, "u.db"), "import", export)
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("import: %v %s", err, out)
	}
	peak := c.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10 // KiB to MiB
	t.Logf("peak memory of the import: %d MiB", peak)
	if peak > 48 {
		t.Fatalf("the import of %d games in no order took %d MiB at its peak; the bound is 48 MiB here", n, peak)
	}
}
