package boltfile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestValue reads values of a real bbolt file without bbolt: from a bucket
// inline in its parent's page and from one with pages of its own; a bucket
// or key that is not there is not found, and a root outside the file is an
// error.
func TestValue(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = b.Update(func(tx *bolt.Tx) error {
		small, err := tx.CreateBucket([]byte("small"))
		if err != nil {
			return err
		}
		if err := small.Put([]byte("k"), []byte("inline value")); err != nil {
			return err
		}
		big, err := tx.CreateBucket([]byte("big"))
		if err != nil {
			return err
		}
		for i := range 500 {
			if err := big.Put(fmt.Appendf(nil, "key%04d", i), bytes.Repeat([]byte{byte(i)}, 100)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, ok := ReadMeta(f, 0)
	if m1, ok1 := ReadMeta(f, int64(m.PageSize)); ok1 && (!ok || m1.TxID > m.TxID) {
		m = m1
	}
	get := func(root uint64, bucket, key string) ([]byte, bool, error) {
		return Value(NewReader(f), int(m.PageSize), m.PGID, root, []byte(bucket), []byte(key))
	}
	if v, found, err := get(m.Root, "small", "k"); err != nil || !found || string(v) != "inline value" {
		t.Errorf("inline: %q %v %v", v, found, err)
	}
	if v, found, err := get(m.Root, "big", "key0250"); err != nil || !found || !bytes.Equal(v, bytes.Repeat([]byte{250}, 100)) {
		t.Errorf("own pages: %q %v %v", v, found, err)
	}
	for _, c := range [][2]string{{"big", "key9999"}, {"small", "x"}, {"none", "k"}} {
		if v, found, err := get(m.Root, c[0], c[1]); err != nil || found || v != nil {
			t.Errorf("%q in %q: %q %v %v", c[1], c[0], v, found, err)
		}
	}
	if _, found, err := get(m.PGID+5, "big", "key0250"); err == nil || found {
		t.Errorf("a root outside the file: %v %v", found, err)
	}
}
