package store

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// asSchema5 turns a file into the schema 5 that an unoscore before the
// record of the last change wrote: the same records, no record.
func asSchema5(t *testing.T, path string) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, nil)
	ok(t, err)
	ok(t, b.Update(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if err := meta.Delete(keyLastTx); err != nil {
			return err
		}
		return meta.Put(keySchema, []byte("5"))
	}))
	ok(t, b.Close())
}

func schemaAndRecord(t *testing.T, path string) (int, bool) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	ok(t, err)
	defer b.Close()
	var v int
	var rec bool
	ok(t, b.View(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		v, _ = strconv.Atoi(string(meta.Get(keySchema)))
		rec = meta.Get(keyLastTx) != nil
		return nil
	}))
	return v, rec
}

// TestSchema5Upgraded: a file of schema 5 (written before the record of the
// last change) is read as it was and upgraded to 6 by its first open, which
// writes the record and no backup: the step rewrites nothing. Afterwards an
// unoscore that knows only schema 5 would refuse it (NewerError), so no
// change without the record can follow one with it.
func TestSchema5Upgraded(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "u.db")
	fill(t, path, 3)
	asSchema5(t, path)
	if v, rec := schemaAndRecord(t, path); v != 5 || rec {
		t.Fatalf("made: schema %d, record %v", v, rec)
	}
	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	l, _ := listAll(t, db)
	ok(t, db.Close())
	if len(l) != 3 {
		t.Fatalf("read %d games of 3", len(l))
	}
	if v, rec := schemaAndRecord(t, path); v != 6 || !rec {
		t.Errorf("after the first open: schema %d, record %v", v, rec)
	}
	entries, err := os.ReadDir(dir)
	ok(t, err)
	if len(entries) != 1 {
		t.Errorf("the upgrade from 5 left files beside the database: %v", entries)
	}
	if r := problems(t, path); len(r.Problems) != 0 || r.Schema != 6 || r.Games != 3 {
		t.Errorf("doctor after the upgrade: %+v", r)
	}
}

// TestMissingRecordIsDamage: every change to a schema 6 file writes the
// record, so one without it was changed by another program.
func TestMissingRecordIsDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 2)
	b, err := bolt.Open(path, 0o600, nil)
	ok(t, err)
	ok(t, b.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Delete(keyLastTx) }))
	ok(t, b.Close())
	before := must[[]byte](t)(os.ReadFile(path))
	for _, o := range []Options{{ReadOnly: true}, {}} {
		db, err := Open(path, o)
		if err == nil {
			db.Close()
		}
		if !isDamage(err) || !strings.Contains(err.Error(), "record of its last change is missing") {
			t.Errorf("open %+v: %v", o, err)
		}
	}
	if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(before, after) {
		t.Error("the file was written")
	}
}
