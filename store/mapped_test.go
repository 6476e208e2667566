//go:build linux

package store

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestLongReadsLeaveTheMapAlone: doctor, export and a read of every game
// (export --csv) read the games' pages with pread, each checked as it is
// read, not through bbolt's memory map, every page of which a process reads
// counts as its memory until it ends: they held the whole file (67 MiB at
// their peak on 10,000 games, 49 MB of them the file). On a file of 3,000
// games the pages of the map they bring in stay under 1 MiB, whatever the
// file's size.
func TestLongReadsLeaveTheMapAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	db, err := Open(path, Options{})
	ok(t, err)
	_, err = db.Import(bytes.NewReader(exportOf(t, 3000)))
	ok(t, err)
	ok(t, db.Close())
	fi, err := os.Stat(path)
	ok(t, err)
	if fi.Size() < 4<<20 {
		t.Fatalf("the file is %d bytes, too small to tell", fi.Size())
	}
	ino := fi.Sys().(*syscall.Stat_t).Ino
	for name, read := range map[string]func(db *DB) error{
		"doctor": func(db *DB) error {
			r, err := db.Doctor()
			if err == nil && len(r.Problems) > 0 {
				t.Errorf("doctor: %v", r.Problems)
			}
			return err
		},
		"export":     func(db *DB) error { return db.Export(io.Discard) },
		"every game": func(db *DB) error { return db.EachGame(func(*Game) error { return nil }) },
	} {
		db, err := Open(path, Options{ReadOnly: true})
		ok(t, err)
		ok(t, read(db))
		if kb := mappedKiB(t, ino); kb > 1024 {
			t.Errorf("%s: %d KiB of the memory map of a file of %d KiB are resident", name, kb, fi.Size()>>10)
		}
		ok(t, db.Close())
	}
}

// mappedKiB is how much of this process's maps of the file with inode ino
// is resident (/proc/self/smaps).
func mappedKiB(t *testing.T, ino uint64) int {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	kb, in := 0, false
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		switch {
		case len(fields) >= 5 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":"):
			n, _ := strconv.ParseUint(fields[4], 10, 64)
			in = n == ino
		case in && len(fields) >= 2 && fields[0] == "Rss:":
			n, _ := strconv.Atoi(fields[1])
			kb += n
		}
	}
	return kb
}
