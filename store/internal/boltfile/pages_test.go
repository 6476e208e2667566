package boltfile

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strings"
	"testing"
)

// testFile lays out a small bbolt file of 4 KiB pages: the root bucket's
// leaf (page 2) holds one bucket, "sums", whose branch page (3) points at
// two leaves, 4 (with over pages after it) and 7; page 8 lists the free
// pages given. Pages 0 and 1 (the meta pages) are not looked at.
func testFile(over uint32, free ...uint64) []byte {
	const ps = 4096
	data := make([]byte, 10*ps)
	header := func(id uint64, flags uint16, count uint16, over uint32) []byte {
		p := data[id*ps:]
		binary.LittleEndian.PutUint64(p, id)
		binary.LittleEndian.PutUint16(p[8:], flags)
		binary.LittleEndian.PutUint16(p[10:], count)
		binary.LittleEndian.PutUint32(p[12:], over)
		return p
	}
	root := header(2, leafFlag, 1, 0)
	binary.LittleEndian.PutUint32(root[16:], bucketElem)
	binary.LittleEndian.PutUint32(root[20:], elemSize) // pos, from the element
	binary.LittleEndian.PutUint32(root[24:], 4)        // ksize
	binary.LittleEndian.PutUint32(root[28:], 16)       // vsize
	copy(root[32:], "sums")
	binary.LittleEndian.PutUint64(root[36:], 3) // the bucket's root page
	branch := header(3, branchFlag, 2, 0)
	for i, c := range []struct {
		key   string
		child uint64
	}{{"a", 4}, {"m", 7}} {
		e := branch[16+i*elemSize:]
		binary.LittleEndian.PutUint32(e, uint32(2*elemSize-i*elemSize+i)) // keys after both elements
		binary.LittleEndian.PutUint32(e[4:], 1)
		binary.LittleEndian.PutUint64(e[8:], c.child)
		copy(branch[16+2*elemSize+i:], c.key)
	}
	header(4, leafFlag, 0, over)
	header(7, leafFlag, 0, 0)
	list := header(8, freelistFlag, uint16(len(free)), 0)
	for i, f := range free {
		binary.LittleEndian.PutUint64(list[16+8*i:], f)
	}
	return data
}

func walkForWrite(data []byte) *Walker {
	w := NewWalker(NewReader(bytes.NewReader(data)), 4096, uint64(len(data)/4096), false)
	w.Deferred = [][]byte{[]byte("sums")}
	w.Tree(2, 0, From{What: "the root bucket"})
	w.Freelist(8)
	return w
}

// TestFreePageInsideAnUnreadLeaf: a walk to write reads no leaf of a
// deferred bucket, yet a free-page list naming a page that such a leaf
// runs on over is damage, as it is when every page is read.
func TestFreePageInsideAnUnreadLeaf(t *testing.T) {
	for _, c := range []struct {
		name string
		over uint32
		free []uint64
		want string // "" for sound
	}{
		{"sound", 2, []uint64{9}, ""},
		{"the leaf's second page listed as free", 2, []uint64{9, 6}, "page 6 is in use but also listed as free"},
		{"the leaf's first page listed as free", 2, []uint64{4}, "page 4 is in use but also listed as free"},
		{"pages after a one-page leaf", 0, []uint64{5, 6, 9}, ""},
		// The leaf below a free page is read, and what it claims checked.
		{"a leaf running over the next leaf", 3, []uint64{5}, "page 7 is reached twice"},
		{"a leaf running past the file", 9, []uint64{5}, "past what the file holds"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := walkForWrite(testFile(c.over, c.free...))
			err := w.Err()
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("a sound file: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("got %v, want a problem saying %q", err, c.want)
			}
			// Walking every page finds the same.
			all := NewWalker(NewReader(bytes.NewReader(testFile(c.over, c.free...))), 4096, 10, true)
			all.Tree(2, 0, From{What: "the root bucket"})
			all.Freelist(8)
			if (all.Err() == nil) != (c.want == "") {
				t.Errorf("walking every page: %v; walking to write: %v", all.Err(), err)
			}
		})
	}
}

// TestRangedWalkReadsIntoOneBuffer: a ranged walk, which every command
// that reads a game makes to read its log, gives a branch page back once
// it has taken the children in range, so that the pages on its way down
// are all read into one buffer (it held one for each level of the tree).
func TestRangedWalkReadsIntoOneBuffer(t *testing.T) {
	for _, c := range []struct {
		name   string
		lo, hi string
		back   bool
		leaves []uint64 // the leaves read
	}{
		{"both leaves", "a", "", false, []uint64{4, 7}},
		{"the second leaf", "n", "", false, []uint64{7}},
		{"the first leaf", "a", "b", false, []uint64{4}},
		{"both leaves, last first", "a", "", true, []uint64{4, 7}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewReader(bytes.NewReader(testFile(0)))
			w := NewWalker(r, 4096, 10, true)
			w.Ranged, w.Lo, w.Backward = true, []byte(c.lo), c.back
			if c.hi != "" {
				w.Hi = []byte(c.hi)
			}
			w.Tree(3, 1, From{What: "the sums bucket"})
			if err := w.Err(); err != nil {
				t.Fatal(err)
			}
			for _, leaf := range []uint64{4, 7} {
				if bit(w.seen, leaf) != slices.Contains(c.leaves, leaf) {
					t.Errorf("leaf %d read: %v, want %v", leaf, bit(w.seen, leaf), !bit(w.seen, leaf))
				}
			}
			// Every buffer is given back at the end of the walk.
			if len(r.free) != 1 {
				t.Errorf("the walk read its pages into %d buffers, want 1", len(r.free))
			}
		})
	}
}

// TestOnlyAWalkThatDefersMarksLeavesUnread: the list of leaves marked but
// not read, a bit for every page of the file, is made only by a walk that
// defers a bucket (to write); the walks that read a game (every page of
// the tree they walk is read) do without it.
func TestOnlyAWalkThatDefersMarksLeavesUnread(t *testing.T) {
	data := testFile(2, 9)
	ranged := NewWalker(NewReader(bytes.NewReader(data)), 4096, 10, true)
	ranged.Ranged, ranged.Lo = true, []byte("a")
	ranged.Tree(3, 1, From{What: "the sums bucket"})
	all := NewWalker(NewReader(bytes.NewReader(data)), 4096, 10, true)
	all.Tree(2, 0, From{What: "the root bucket"})
	all.Freelist(8)
	deferring := walkForWrite(data)
	for _, w := range []*Walker{ranged, all, deferring} {
		if err := w.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if ranged.unread != nil || all.unread != nil {
		t.Errorf("a walk that defers nothing made the list of unread leaves")
	}
	if deferring.unread == nil || !bit(deferring.unread, 4) {
		t.Errorf("the walk to write did not mark leaf 4 unread")
	}
}
