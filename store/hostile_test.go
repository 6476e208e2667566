package store

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
)

// schema1 turns a database into one of the first layout: no order index.
func schema1(t *testing.T, path string) {
	t.Helper()
	old, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	err = old.Update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketOrder); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(keySchema, []byte("1"))
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestOlderSchemaBadInputWritesNothing: on a schema-1 file, a change that is
// refused leaves the file as it was, with no upgrade and no backup; the
// first change that goes ahead upgrades it, after the backup.
func TestOlderSchemaBadInputWritesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.db")
	fill(t, path, 2)
	schema1(t, path)
	before, _ := os.ReadFile(path)

	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = db.AddHand("", hand(t, "Nobody", "Bob=r7", "Cat=9"))
	var in *scoring.InputError
	if !errors.As(err, &in) {
		t.Fatalf("a hand by an unknown player: %v", err)
	}
	if _, err := db.Use("nosuchgame"); !errors.As(err, &in) {
		t.Fatalf("use of an unknown game: %v", err)
	}
	db.Close()
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("refused input changed the file")
	}
	if _, err := os.Lstat(BackupPath(path, 1)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("refused input wrote a backup: %v", err)
	}

	db, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.AddHand("", hand(t, "Ann", "Bob=r7", "Cat=9")); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if b, err := os.ReadFile(BackupPath(path, 1)); err != nil || !bytes.Equal(b[2*4096:], before[2*4096:len(b)]) {
		t.Fatalf("the backup is not the file as it was: %v", err)
	}
	db, _ = Open(path, Options{ReadOnly: true})
	defer db.Close()
	r, err := db.Doctor()
	if err != nil || len(r.Problems) > 0 || r.Schema != SchemaVersion || r.Hands != 11 {
		t.Fatalf("after the upgrade: %+v %v", r, err)
	}
}

// TestUpgradeBackupNeverFollowsLinks: a link already where the backup goes
// is left alone, and so is what it points at; the backup takes a new name.
func TestUpgradeBackupNeverFollowsLinks(t *testing.T) {
	for _, dangling := range []bool{false, true} {
		dir := t.TempDir()
		path := filepath.Join(dir, "old.db")
		fill(t, path, 1)
		schema1(t, path)
		outside := filepath.Join(t.TempDir(), "precious")
		if !dangling {
			os.WriteFile(outside, []byte("keep me"), 0o600)
		}
		if err := os.Symlink(outside, BackupPath(path, 1)); err != nil {
			t.Fatal(err)
		}
		db, err := Open(path, Options{ReadOnly: true}) // a read upgrades the file
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		got, err := os.ReadFile(outside)
		switch {
		case dangling && !errors.Is(err, os.ErrNotExist):
			t.Fatalf("a file was made through a dangling link: %v", err)
		case !dangling && string(got) != "keep me":
			t.Fatalf("the link's target was overwritten: %q", got)
		}
		if fi, err := os.Lstat(BackupPath(path, 1) + "-2"); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
			t.Fatalf("no backup beside the link: %v", err)
		}
	}
}

// TestDamagedEventIsDamage: an event whose text no longer reads (a card
// that does not exist, broken JSON) is damage, exit 1, not bad input.
func TestDamagedEventIsDamage(t *testing.T) {
	for _, text := range []string{
		`{"type":"hand","hand":{"out":"Ann","left":[{"player":"Bob","cards":"zz9"}]}}`,
		`{"type":"hand","hand":`,
		`{"type":"hand","hand":{"out":"Nobody","left":[{"player":"Bob","cards":"r7"}]}}`,
	} {
		path := filepath.Join(t.TempDir(), "u.db")
		fill(t, path, 1)
		b, err := bolt.Open(path, 0o600, nil)
		if err != nil {
			t.Fatal(err)
		}
		b.Update(func(tx *bolt.Tx) error {
			id, _ := tx.Bucket(bucketMeta).Get(keyCurrent), 0
			return tx.Bucket(bucketGames).Bucket(id).Put(key(2), []byte(text))
		})
		b.Close()
		db, err := Open(path, Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.Game("")
		db.Close()
		var ce *CorruptError
		var in interface{ Invalid() bool }
		if !errors.As(err, &ce) || errors.As(err, &in) {
			t.Errorf("%s: %T %v, want damage and not bad input", text, err, err)
		}
	}
}
