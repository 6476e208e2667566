package store

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
)

// flipMeta flips one bit of the value under key in the meta bucket, with
// bbolt, as damage would.
func flipMeta(key []byte, bit uint) func(tx *bolt.Tx) error {
	return func(tx *bolt.Tx) error {
		v := bytes.Clone(tx.Bucket(bucketMeta).Get(key))
		v[bit/8] ^= 1 << (bit % 8)
		return tx.Bucket(bucketMeta).Put(key, v)
	}
}

// asSchema6 makes a file as schema 6 left it: the schema version and the
// current game plain.
func asSchema6(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if c := meta.Get(keyCurrent); c != nil {
		if err := meta.Put(keyCurrent, bytes.Clone(c[:len(c)-sealSize])); err != nil {
			return err
		}
	}
	return meta.Put(keySchema, []byte("6"))
}

// refusedUntouched: every open, to read and to write, and what it reads,
// is damage naming want, and the file and its folder are as they were.
func refusedUntouched(t *testing.T, path string, before []byte, want string) {
	t.Helper()
	for _, o := range []Options{{ReadOnly: true}, {}} {
		db, err := Open(path, o)
		if err == nil {
			_, err = db.List(0, func(Summary) error { return nil })
			if err == nil {
				_, err = db.Game("")
			}
			db.Close()
		}
		if !isDamage(err) || !strings.Contains(err.Error(), want) {
			t.Errorf("open %+v: %v, want damage saying %q", o, err, want)
		}
	}
	if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(before, after) {
		t.Error("the file was written")
	}
	if entries := must[[]os.DirEntry](t)(os.ReadDir(filepath.Dir(path))); len(entries) != 1 {
		t.Errorf("files beside the database: %v", entries)
	}
}

// TestFlippedSchemaIsDamage (issue 33, 1): one flipped bit in the schema
// version turned 6 into 4, and a read upgraded a schema 6 file as schema 4
// (a backup, the file doubled, the counter gone). The version is sealed
// from schema 7; a plain one (schemas 1 to 6) must agree with what the file
// holds. Either way it is damage, and nothing is written.
func TestFlippedSchemaIsDamage(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(tx *bolt.Tx) error
		bit  uint
		want string
	}{
		{"sealed 7 to 5", nil, 1, "schema version does not match its checksum"},
		{"plain 6 to 4", asSchema6, 1, "schema version (4) does not match what it holds"},
		{"plain 6 to 2", asSchema6, 2, "schema version (2) does not match what it holds"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "u.db")
			fill(t, path, 3)
			if c.make != nil {
				tamper(t, path, c.make)
			}
			before := tamper(t, path, flipMeta(keySchema, c.bit))
			refusedUntouched(t, path, before, c.want)
		})
	}
}

// TestReadNeverUpgrades (issue 33, 1 and 7): a command that only reads
// never writes: a file of schema 6 is read as it is, one of schema 4
// through an upgraded copy of its own (so a file on a read-only medium
// can be read too); the file stays byte for byte as it was, no backup.
func TestReadNeverUpgrades(t *testing.T) {
	for _, schema := range []int{4, 6} {
		dir := t.TempDir()
		path := filepath.Join(dir, "u.db")
		fill(t, path, 3)
		if schema == 6 {
			tamper(t, path, asSchema6)
		} else {
			unsealToSchema4(t, path)
		}
		before := must[[]byte](t)(os.ReadFile(path))
		db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
		l, current := listAll(t, db)
		g, err := db.Game("")
		ok(t, err)
		ok(t, db.Close())
		if len(l) != 3 || current == "" || g.ID != current {
			t.Errorf("schema %d read: %d games, current %q, game %q", schema, len(l), current, g.ID)
		}
		if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(before, after) {
			t.Errorf("schema %d: a read wrote the file", schema)
		}
		if entries := must[[]os.DirEntry](t)(os.ReadDir(dir)); len(entries) != 1 {
			t.Errorf("schema %d: files beside the database after a read: %v", schema, entries)
		}
		// The first change upgrades it (after a backup, from schema 4).
		db = must[*DB](t)(Open(path, Options{}))
		must[*Game](t)(db.AddHand("", hand(t, "Ann", "Bob=r7", "Cat=9")))
		ok(t, db.Close())
		if r := problems(t, path); len(r.Problems) != 0 || r.Schema != SchemaVersion || r.Games != 3 {
			t.Errorf("schema %d after a change: %+v", schema, r)
		}
	}
}

// TestDamagedCurrentKeyIsDamage (issue 33, 2): one flipped bit in the key
// "current" left a file of games with no current game: board said "there
// is no game yet" (exit 2) and doctor passed. A key unoscore never writes
// in the meta bucket is damage, and so is a current game whose checksum
// does not match.
func TestDamagedCurrentKeyIsDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 3)
	before := tamper(t, path, func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		v := bytes.Clone(meta.Get(keyCurrent))
		if err := meta.Delete(keyCurrent); err != nil {
			return err
		}
		return meta.Put([]byte("cusrent"), v)
	})
	refusedUntouched(t, path, before, `holds "cusrent", a key unoscore never writes`)

	path = filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 3)
	before = tamper(t, path, flipMeta(keyCurrent, 3))
	refusedUntouched(t, path, before, "record of the current game does not match its checksum")
}

// TestCounterAtItsLargestIsDamage (issue 33, 6): a sealed counter of games
// at its largest value passed doctor, and the next new game was taken for
// saved. It is damage: doctor names it, new writes nothing.
func TestCounterAtItsLargestIsDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 2)
	before := tamper(t, path, func(tx *bolt.Tx) error { return setCounter(tx, math.MaxUint64) })
	db := must[*DB](t)(Open(path, Options{}))
	_, err := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}})
	ok(t, db.Close())
	if !isDamage(err) || !strings.Contains(err.Error(), "counter of games (18446744073709551615) is past any number") {
		t.Errorf("new: %v", err)
	}
	if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(before, after) {
		t.Error("the file was written")
	}
	if r := problems(t, path); len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "counter of games") {
		t.Errorf("doctor: %q", r.Problems)
	}
}

// TestReadOlderWithoutACopySays (issue 33, 7): where no private copy can
// be made (no writable temporary folder), a read of a schema 4 file says
// so in one sentence, and what to do, and writes nothing.
func TestReadOlderWithoutACopySays(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "u.db")
	fill(t, path, 2)
	unsealToSchema4(t, path)
	before := must[[]byte](t)(os.ReadFile(path))
	t.Setenv("TMPDIR", filepath.Join(dir, "no-such-folder"))
	db, err := Open(path, Options{ReadOnly: true})
	if err == nil {
		db.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "is of an older schema, which a command that only reads does not upgrade") || !strings.Contains(err.Error(), "copy it somewhere writable") {
		t.Errorf("read without a copy: %v", err)
	}
	if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(before, after) {
		t.Error("the file was written")
	}
}
