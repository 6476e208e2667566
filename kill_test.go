//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// lockedByAnother reports whether another process holds the database's
// lock: unoscore holds it, exclusively, only while it changes the file.
func lockedByAnother(t *testing.T, path string) bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	if err == nil {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		return false
	}
	if err != syscall.EWOULDBLOCK {
		t.Fatal(err)
	}
	return true
}

// startUnoscore starts this test binary as unoscore.
func startUnoscore(t *testing.T, args ...string) (*exec.Cmd, chan error) {
	t.Helper()
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	return c, done
}

// TestKilledMidWrite starts unoscore recording hands and kills it with
// SIGKILL at random moments, many times. Every hand whose command reported
// success is still there, and the file passes bbolt's consistency check and
// doctor. A kill counts as mid-write when, just before it, the process held
// the database's exclusive lock; the test fails unless some were.
func TestKilledMidWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills 60 processes")
	}
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := unoscore(t, db, "new", "--players", "Ann,Bob", "--target", "100000"); code != 0 {
		t.Fatal(errs)
	}
	handArgs := func(pts int) []string {
		return []string{"--db", db, "--wait", "5s", "hand", "--out", "Ann", "--left", "Bob=" + strconv.Itoa(pts) + "pts"}
	}
	// How long one hand takes from start to finish here: the kills are
	// spread over that, so some land while the file is being written.
	var took []time.Duration
	succeeded := map[int]bool{}
	for i := range 3 {
		start := time.Now()
		if code, _, errs := unoscore(t, db, handArgs(i + 1)[2:]...); code != 0 {
			t.Fatal(errs)
		}
		took = append(took, time.Since(start))
		succeeded[i+1] = true
	}
	slices.Sort(took)
	full := took[1]

	r := rand.New(rand.NewPCG(3, 5))
	killed, midWrite := 0, 0
	for i := range 60 {
		pts := 100 + i
		c, done := startUnoscore(t, handArgs(pts)...)
		select {
		case err := <-done:
			if err == nil {
				succeeded[pts] = true
			}
		case <-time.After(full/3 + time.Duration(r.Int64N(int64(full)))):
			held := lockedByAnother(t, db)
			_ = c.Process.Signal(syscall.SIGKILL)
			if err := <-done; err == nil {
				succeeded[pts] = true // it finished first
			} else {
				killed++
				if held {
					midWrite++
				}
			}
		}
	}
	t.Logf("a hand takes %v; %d of 60 killed, %d of them mid-write; %d reported success", full, killed, midWrite, len(succeeded))
	if midWrite == 0 {
		t.Fatal("no process was killed while it was writing: this run proved nothing")
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

// exportOf is an export of n games of 20 hands each, ids k00000 on.
func exportOf(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"unoscore_export": 1, "games": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id": "k%05d", "events": [{"type": "created", "at": "2024-01-01T19:00:00Z", "settings": {"players": ["Ann", "Bob", "Cat"], "target": 100000}}`, i)
		for h := range 20 {
			fmt.Fprintf(&b, `, {"type": "hand", "at": "2024-01-01T19:00:00Z", "hand": {"out": "Ann", "left": [{"player": "Bob", "cards": "r%d wd4"}, {"player": "Cat", "cards": "g2"}]}}`, h%10)
		}
		b.WriteString("]}")
	}
	b.WriteString("]}\n")
	return b.Bytes()
}

// rawImportState reads, without unoscore (which would tidy up), whether the
// file holds the mark of an unfinished import and how many game ids it has.
func rawImportState(t *testing.T, path string) (marked bool, ids int) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	err = b.View(func(tx *bolt.Tx) error {
		marked = tx.Bucket([]byte("meta")).Get([]byte("import")) != nil
		ids = tx.Bucket([]byte("ids")).Stats().KeyN
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return marked, ids
}

// TestImportKilled kills an import of 2,000 games with SIGKILL at random
// moments. Whenever it dies, the next unoscore finds either every imported
// game or none of them, and the game that was there before, still current.
// The test fails unless some kill landed after the import had already
// written games (the file still marked as importing, holding them).
func TestImportKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("imports and kills many times")
	}
	dir := t.TempDir()
	export := filepath.Join(dir, "export.json")
	if err := os.WriteFile(export, exportOf(2000), 0o600); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "base.db")
	code, out, errs := unoscore(t, base, "new", "--players", "Xia,Yan")
	if code != 0 {
		t.Fatal(errs)
	}
	before := strings.Fields(out)[2]
	before = strings.TrimSuffix(before, ":")
	data, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "u.db")
	start := time.Now()
	if code, _, errs := unoscore(t, db, "import", export); code != 0 {
		t.Fatal(errs)
	}
	full := time.Since(start)

	r := rand.New(rand.NewPCG(8, 13))
	staged, whole, none := 0, 0, 0
	for i := 0; i < 40 && (staged < 3 || whole < 1 || i < 10); i++ {
		if err := os.WriteFile(db, data, 0o600); err != nil {
			t.Fatal(err)
		}
		c, done := startUnoscore(t, "--db", db, "import", export)
		select {
		case <-done:
		case <-time.After(time.Duration(r.Int64N(int64(full) * 13 / 10))):
			_ = c.Process.Signal(syscall.SIGKILL)
			<-done
		}
		if marked, ids := rawImportState(t, db); marked && ids > 1 {
			staged++
		}
		code, out, errs := unoscore(t, db, "games", "--json")
		if code != 0 {
			t.Fatalf("games after the kill: exit %d: %s", code, errs)
		}
		var list struct {
			Games []struct {
				ID      string `json:"id"`
				Current bool   `json:"current"`
			} `json:"games"`
		}
		if err := json.Unmarshal([]byte(out), &list); err != nil {
			t.Fatal(err)
		}
		switch n := len(list.Games); n {
		case 2001:
			whole++
		case 1:
			none++
		default:
			t.Fatalf("after a kill, %d games: an import is all or nothing", n)
		}
		last := list.Games[len(list.Games)-1]
		if last.ID != before || !last.Current {
			t.Fatalf("the game that was there before is %+v", last)
		}
		if marked, _ := rawImportState(t, db); marked {
			t.Fatal("the mark of the unfinished import is still there")
		}
	}
	t.Logf("an import takes %v; %d kills left games written, %d runs ended whole, %d with none", full, staged, whole, none)
	if staged == 0 {
		t.Fatal("no kill landed after the import had written games: this run proved nothing")
	}
	if code, out, _ := unoscore(t, db, "doctor"); code != 0 || !strings.Contains(out, "All checks passed") {
		t.Errorf("doctor after the kills: exit %d\n%s", code, out)
	}
}
