package store

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// txOf is the transaction of the file's last change.
func txOf(t *testing.T, path string) uint64 {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	ok(t, err)
	defer b.Close()
	tx, err := b.Begin(false)
	ok(t, err)
	defer tx.Rollback()
	return uint64(tx.ID())
}

// fileAtParity is a file of one game whose last change is a transaction
// of the given parity (0 even, 1 odd).
func fileAtParity(t *testing.T, parity uint64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 1)
	for txOf(t, path)%2 != parity {
		db := must[*DB](t)(Open(path, Options{}))
		must[*Game](t)(db.AddHand("", hand(t, "Ann", "Bob=r7", "Cat=9")))
		ok(t, db.Close())
	}
	return path
}

// goesOn: the copy opens, takes two changes, and opens again sound.
func goesOn(t *testing.T, path string) {
	t.Helper()
	for range 2 {
		db, err := Open(path, Options{})
		if err != nil {
			t.Fatalf("open %s: %v", filepath.Base(path), err)
		}
		if _, err := db.AddHand("", hand(t, "Ann", "Bob=r7", "Cat=9")); err != nil {
			t.Fatalf("a hand in %s: %v", filepath.Base(path), err)
		}
		ok(t, db.Close())
	}
	if r := problems(t, path); len(r.Problems) != 0 {
		t.Errorf("%s after two changes: %v", filepath.Base(path), r.Problems)
	}
}

// TestCopiesGoOn: a copy unoscore makes (doctor --backup, the copy before a
// delete) is a file unoscore goes on writing, whichever the parity of the
// transaction copied. tx.WriteTo puts an odd transaction on the wrong meta
// page.
func TestCopiesGoOn(t *testing.T) {
	for _, parity := range []uint64{0, 1} {
		path := fileAtParity(t, parity)
		backup := filepath.Join(filepath.Dir(path), "backup.db")
		db := must[*DB](t)(Open(path, Options{}))
		ok(t, db.Backup(backup))
		ok(t, db.Close())
		goesOn(t, backup)

		path = fileAtParity(t, parity)
		db = must[*DB](t)(Open(path, Options{}))
		l, _ := listAll(t, db)
		d := must[Deleted](t)(db.Delete(l[0].ID))
		ok(t, db.Close())
		if d.Copy == "" {
			t.Fatalf("no copy before the delete: %+v", d)
		}
		goesOn(t, d.Copy)
	}
}

// TestOldCopyGoesOn: a copy made by tx.WriteTo as it is (an odd
// transaction on page 0), as unoscore made them before copyTo, and changed
// once since, opens and goes on.
func TestOldCopyGoesOn(t *testing.T) {
	path := fileAtParity(t, 1)
	old := filepath.Join(filepath.Dir(path), "old-copy.db")
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	ok(t, err)
	f, err := os.Create(old)
	ok(t, err)
	ok(t, b.View(func(tx *bolt.Tx) error { _, err := tx.WriteTo(f); return err }))
	ok(t, f.Close())
	ok(t, b.Close())
	// Its first change, as bbolt would make it (recorded as unoscore does).
	b, err = bolt.Open(old, 0o600, nil)
	ok(t, err)
	ok(t, b.Update(func(tx *bolt.Tx) error { return nil }))
	ok(t, b.Close())
	goesOn(t, old)
}

// TestUpgradeSealsNoDamagedEvent: the step to schema 5 seals every event
// anew, so an event leaf damaged before it (an entry said to reach past
// its page) is damage found first, never neighbouring bytes sealed as an
// event with a fresh checksum.
func TestUpgradeSealsNoDamagedEvent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 60)
	unsealToSchema4(t, path)
	// Compacted, so that every leaf page is one in use.
	compact := filepath.Join(filepath.Dir(path), "c.db")
	src := must[*bolt.DB](t)(bolt.Open(path, 0o600, nil))
	dst := must[*bolt.DB](t)(bolt.Open(compact, 0o600, nil))
	ok(t, bolt.Compact(dst, src, 0))
	ok(t, src.Close())
	ok(t, dst.Close())
	path = compact
	// An events leaf: a leaf page whose entries have the 12-byte keys of
	// events.
	data := must[[]byte](t)(os.ReadFile(path))
	const ps, header, elem = 4096, 16, 16
	at := -1
	for p := 2; (p+1)*ps <= len(data) && at < 0; p++ {
		pg := data[p*ps:]
		flags, count := binary.LittleEndian.Uint16(pg[8:]), binary.LittleEndian.Uint16(pg[10:])
		if flags != 0x02 || count < 4 || binary.LittleEndian.Uint32(pg[12:]) != 0 {
			continue
		}
		e := pg[header+elem:]                                     // the second entry
		if binary.LittleEndian.Uint32(e[8:]) == 12 && e[0] == 0 { // ksize 12, not a bucket
			at = p*ps + header + elem + 12 // its vsize
		}
	}
	if at < 0 {
		t.Fatal("no events leaf found")
	}
	binary.LittleEndian.PutUint32(data[at:], 3900)
	ok(t, os.WriteFile(path, data, 0o600))
	before := bytes.Clone(data)
	db, err := Open(path, Options{})
	if err == nil {
		err = db.Upgrade()
		db.Close()
	}
	after := must[[]byte](t)(os.ReadFile(path))
	if err == nil {
		t.Fatalf("the upgrade went ahead on a damaged event leaf; doctor now says %v", problems(t, path).Problems)
	}
	if !isDamage(err) {
		t.Errorf("upgrade: %v, want damage", err)
	}
	if !bytes.Equal(before, after) {
		t.Error("the damaged file was written")
	}
}
