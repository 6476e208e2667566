package store

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
)

// fill makes a database of a few games with hands, and closes it.
func fill(t *testing.T, path string, games int) {
	t.Helper()
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for range games {
		if _, err := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 10000}); err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if _, _, err := db.AddHand("", hand(t, "Ann", "Bob=r7 wd4 g2", "Cat=9 b+2")); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestMigrateSchema1 upgrades a file of the first layout: a backup copy is
// written beside it first, then the upgrade happens in one transaction.
func TestMigrateSchema1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	fill(t, path, 3)
	db, _ := Open(path, Options{})
	want, _ := listAll(t, db)
	db.Close()
	// Turn it into a schema 1 file: no order index.
	old, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	old.Update(func(tx *bolt.Tx) error {
		tx.DeleteBucket(bucketOrder)
		return tx.Bucket(bucketMeta).Put(keySchema, []byte("1"))
	})
	old.Close()
	before, _ := os.ReadFile(path)

	// A read-only command upgrades it too.
	db, err = Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := listAll(t, db)
	db.Close()
	if len(got) != len(want) || got[0].ID != want[0].ID || got[2].ID != want[2].ID {
		t.Fatalf("after the upgrade the list is %v, want %v", got, want)
	}
	backup, err := os.ReadFile(BackupPath(path, 1))
	if err != nil {
		t.Fatalf("no backup: %v", err)
	}
	if len(backup) == 0 || len(backup) > len(before) {
		t.Fatalf("backup of %d bytes, file was %d", len(backup), len(before))
	}
	b, _ := bolt.Open(BackupPath(path, 1), 0o600, &bolt.Options{ReadOnly: true})
	b.View(func(tx *bolt.Tx) error {
		if v := string(tx.Bucket(bucketMeta).Get(keySchema)); v != "1" || tx.Bucket(bucketOrder) != nil {
			t.Errorf("the backup is not the old file: schema %s", v)
		}
		return nil
	})
	b.Close()
	db, _ = Open(path, Options{})
	r, err := db.Doctor()
	db.Close()
	if err != nil || len(r.Problems) > 0 || r.Schema != SchemaVersion || r.Games != 3 || r.Hands != 15 {
		t.Fatalf("doctor after the upgrade: %+v %v", r, err)
	}
}

func TestDoctorAndBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "u.db")
	fill(t, path, 2)
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := db.Doctor()
	if err != nil || len(r.Problems) != 0 || r.Games != 2 || r.Hands != 10 || r.Events != 12 {
		t.Fatalf("healthy file: %+v %v", r, err)
	}
	if err := db.Backup(filepath.Join(dir, "copy.db")); err != nil {
		t.Fatal(err)
	}
	// A summary that disagrees with its log is reported.
	list, _ := listAll(t, db)
	db.bolt.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSummaries).Put([]byte(list[0].ID), []byte(`{"id":"x","seq":1}`))
	})
	r, _ = db.Doctor()
	if len(r.Problems) == 0 || !strings.Contains(strings.Join(r.Problems, "\n"), "summary does not match") {
		t.Fatalf("tampered summary: %+v", r.Problems)
	}
	db.Close()
	cp, err := Open(filepath.Join(dir, "copy.db"), Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if r, _ := cp.Doctor(); len(r.Problems) != 0 || r.Games != 2 {
		t.Fatalf("backup copy: %+v", r)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "copy.db")); fi.Mode().Perm() != 0o600 {
		t.Fatalf("backup mode %v", fi.Mode().Perm())
	}
}

// TestDamagedPagesNeverCrash overwrites pages past the two meta pages with
// random bytes, many times over: every operation returns (an error or an
// answer) and nothing panics or faults.
func TestDamagedPagesNeverCrash(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	fill(t, good, 20)
	data, _ := os.ReadFile(good)
	const page = 4096
	pages := len(data) / page
	r := rand.New(rand.NewPCG(7, 11))
	damaged := 0
	for i := range 60 {
		bad := bytes.Clone(data)
		for range 1 + r.IntN(3) {
			p := 2 + r.IntN(pages-2)
			off := p*page + r.IntN(page-64)
			n := 16 + r.IntN(page/2)
			for k := off; k < min(off+n, len(bad)); k++ {
				bad[k] = byte(r.IntN(256))
			}
		}
		path := filepath.Join(dir, "bad.db")
		os.WriteFile(path, bad, 0o600)
		func() {
			db, err := Open(path, Options{ReadOnly: true})
			if err != nil {
				damaged++
				return
			}
			defer db.Close()
			failed := false
			if _, err := db.Game(""); err != nil {
				failed = true
			}
			if _, _, err := db.List(0, func(Summary) error { return nil }); err != nil {
				failed = true
			}
			rep, err := db.Doctor()
			if err != nil || len(rep.Problems) > 0 {
				failed = true
			}
			if failed {
				damaged++
			}
			var ce *CorruptError
			if err != nil && !errors.As(err, &ce) {
				t.Errorf("round %d: doctor: %T %v", i, err, err)
			}
		}()
	}
	if damaged == 0 {
		t.Fatal("no damage was ever noticed")
	}
}
