package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/unoscore/unoscore/store/internal/boltfile"
	bolt "go.etcd.io/bbolt"
)

// TestBackwardIsTheCursorBackward: boltfile's backward walk gives each
// entry of a bucket, key and value, in the order bbolt's cursor gives them
// from Last to First: for buckets of one leaf, of many, of values that
// span several pages, and a bucket holding a bucket of pages of its own
// (walked from the leaf that holds it); and it stops where it is told to.
func TestBackwardIsTheCursorBackward(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[string]int{"one": 20, "many": 3000, "big": 40, "nested": 500}
	err = db.Update(func(tx *bolt.Tx) error {
		for name, n := range sizes {
			b, err := tx.CreateBucket([]byte(name))
			if err != nil {
				return err
			}
			for i := range n {
				v := bytes.Repeat([]byte{byte(i)}, 100+i%300)
				if name == "big" {
					v = bytes.Repeat([]byte{byte(i)}, 5000+i*97) // over pages
				}
				if err := b.Put(binary.BigEndian.AppendUint64(nil, uint64(i*3)), v); err != nil {
					return err
				}
			}
			if name == "nested" {
				inner, err := b.CreateBucket([]byte("\xffinner"))
				if err != nil {
					return err
				}
				for i := range 300 { // pages of its own, walked from the leaf
					if err := inner.Put(binary.BigEndian.AppendUint64(nil, uint64(i)), bytes.Repeat([]byte{7}, 100)); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	err = db.View(func(tx *bolt.Tx) error {
		for name := range sizes {
			b := tx.Bucket([]byte(name))
			var want []string
			c := b.Cursor()
			for k, v := c.Last(); k != nil; k, v = c.Prev() {
				want = append(want, fmt.Sprintf("%x=%x", k, v))
			}
			root := uint64(b.Root())
			if root == 0 {
				t.Errorf("%s: inline, not a walk's", name)
				continue
			}
			for _, stop := range []int{-1, 1, len(want) / 2} {
				w := boltfile.NewWalker(boltfile.NewReadAhead(f), db.Info().PageSize, uint64(fi.Size())/uint64(db.Info().PageSize), true)
				var got []string
				w.Backward(root, 1, boltfile.From{What: name}, func(k, v []byte, flags uint32) bool {
					if flags != 0 {
						v = nil // as bbolt's cursor gives a bucket
					}
					got = append(got, fmt.Sprintf("%x=%x", k, v))
					return len(got) != stop
				})
				if w.Err() != nil {
					t.Fatalf("%s: %v", name, w.Err())
				}
				wantHere := want
				if stop > 0 {
					wantHere = want[:stop]
				}
				if len(got) != len(wantHere) {
					t.Fatalf("%s, stop at %d: %d entries, the cursor %d", name, stop, len(got), len(wantHere))
				}
				for i := range got {
					if got[i] != wantHere[i] {
						t.Fatalf("%s: entry %d differs from the cursor's", name, i)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
}
