package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// unoscore runs this test binary as unoscore and returns its exit code,
// stdout and stderr.
func unoscore(t *testing.T, db string, args ...string) (int, string, string) {
	t.Helper()
	c := exec.Command(os.Args[0], append([]string{"--db", db}, args...)...)
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errb.String()
}

type board struct {
	Hands int `json:"hands"`
	Rows  []struct {
		Held map[string]int `json:"held"`
	} `json:"rows"`
}

func readBoard(t *testing.T, db string) board {
	t.Helper()
	code, out, errs := unoscore(t, db, "board", "--json")
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
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := unoscore(t, db, "new", "--players", "Ann,Bob,Cat", "--target", "100000"); code != 0 {
		t.Fatal(errs)
	}
	var wg sync.WaitGroup
	codes := make([]int, 8)
	stderr := make([]string, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _, stderr[i] = unoscore(t, db, "--wait", "10s", "hand", "--out", "Ann",
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

// TestKilledMidWrite starts unoscore recording hands and kills it with
// SIGKILL at random moments, many times. Every hand whose command reported
// success is still there, and the file passes bbolt's consistency check.
func TestKilledMidWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills 60 processes")
	}
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := unoscore(t, db, "new", "--players", "Ann,Bob", "--target", "100000"); code != 0 {
		t.Fatal(errs)
	}
	r := rand.New(rand.NewPCG(3, 5))
	succeeded := map[int]bool{}
	killed := 0
	for i := range 60 {
		pts := 100 + i
		c := exec.Command(os.Args[0], "--db", db, "--wait", "5s", "hand", "--out", "Ann", "--left", "Bob="+strconv.Itoa(pts)+"pts")
		c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- c.Wait() }()
		select {
		case err := <-done:
			if err == nil {
				succeeded[pts] = true
			}
		case <-time.After(time.Duration(100+r.IntN(2500)) * time.Microsecond):
			_ = c.Process.Signal(syscall.SIGKILL)
			if err := <-done; err == nil {
				succeeded[pts] = true // it finished first
			} else {
				killed++
			}
		}
	}
	t.Logf("%d of 60 killed, %d reported success", killed, len(succeeded))
	if killed == 0 {
		t.Log("no process was killed before it finished: this run proved little")
	}

	// bbolt's own check of every page.
	bdb, err := bolt.Open(db, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	err = bdb.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			t.Errorf("consistency: %v", err)
		}
		return nil
	})
	bdb.Close()
	if err != nil {
		t.Fatal(err)
	}
	b := readBoard(t, db)
	there := map[int]bool{}
	for _, row := range b.Rows {
		there[row.Held["Bob"]] = true
	}
	for pts := range succeeded {
		if !there[pts] {
			t.Errorf("the hand with Bob=%dpts reported success but is gone", pts)
		}
	}
	if code, out, _ := unoscore(t, db, "doctor"); code != 0 || !strings.Contains(out, "All checks passed") {
		t.Errorf("doctor after the kills: exit %d\n%s", code, out)
	}
}
