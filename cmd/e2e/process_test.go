package e2e

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

type board struct {
	Hands int `json:"hands"`
	Rows  []struct {
		Held map[string]int `json:"held"`
	} `json:"rows"`
}

func readBoard(t *testing.T, db string) board {
	t.Helper()
	code, out, errs := harness.Unoscore(t, db, "board", "--json")
	if code != 0 {
		t.Fatalf("board: exit %d: %s", code, errs)
	}
	var b board
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEightAtOnce records hands from 8 processes at the same moment: each
// waits its turn for the file, and every hand is counted.
func TestEightAtOnce(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := harness.Unoscore(t, db, "new", "--players", "Ann,Bob,Cat", "--target", "100000"); code != 0 {
		t.Fatal(errs)
	}
	var wg sync.WaitGroup
	codes := make([]int, 8)
	stderr := make([]string, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _, stderr[i] = harness.Unoscore(t, db, "--wait", "60s", "hand", "--out", "Ann",
				"--left", fmt.Sprintf("Bob=%dpts", 10+i), "--left", "Cat=r1")
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != 0 {
			t.Errorf("process %d: exit %d: %s", i, c, stderr[i])
		}
	}
	b := readBoard(t, db)
	if b.Hands != 8 {
		t.Fatalf("%d hands counted, want 8", b.Hands)
	}
	seen := map[int]bool{}
	for _, r := range b.Rows {
		seen[r.Held["Bob"]] = true
	}
	for i := range 8 {
		if !seen[10+i] {
			t.Errorf("the hand with Bob=%dpts is missing", 10+i)
		}
	}
}

// TestSixteenAtOnceAtTheDefaultWait: 16 processes record a hand at the same
// moment with the default wait (2 s): a waiter queues for the lock (a
// blocking lock with a deadline, not polling), so none is refused as "in
// use" while the others take their turns.
func TestSixteenAtOnceAtTheDefaultWait(t *testing.T) {
	harness.Slow(t, "starts 16 processes at once")
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := harness.Unoscore(t, db, "new", "--players", "Ann,Bob,Cat", "--target", "100000"); code != 0 {
		t.Fatal(errs)
	}
	var wg sync.WaitGroup
	codes := make([]int, 16)
	stderr := make([]string, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _, stderr[i] = harness.Unoscore(t, db, "hand", "--out", "Ann",
				"--left", fmt.Sprintf("Bob=%dpts", 10+i), "--left", "Cat=r1")
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != 0 {
			t.Errorf("process %d: exit %d: %s", i, c, stderr[i])
		}
	}
	if b := readBoard(t, db); b.Hands != 16 {
		t.Fatalf("%d hands counted, want 16", b.Hands)
	}
}
