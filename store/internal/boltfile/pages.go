// Package boltfile reads bbolt's file the way bbolt lays it out, without
// bbolt: its meta pages, and the page trees of its buckets, walked with
// every id, count, offset and overflow checked against the file's size
// before bbolt is let near them.
package boltfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/bits"
	"slices"
)

// unoscore checks the pages of its file itself before bbolt follows them.
// bbolt trusts the file: a branch page that points at itself sends it round
// in circles until memory or the stack runs out, a free-page count of 2^40
// makes it allocate that much, and its own check (tx.Check) runs in a
// goroutine of its own, where a fault ends the process. None of that can be
// caught once it starts, so the page graph is walked here first, by reading
// the file (not the memory map), with every page id, count, offset and
// overflow checked against the file's size, every page visited at most once
// (a loop is damage) and the depth bounded.
//
// Pages follow bbolt's layout (go.etcd.io/bbolt/internal/common): a 16-byte
// header (id 8, flags 2, count 2, overflow 4), then count elements of 16
// bytes: a branch element is pos, ksize (4 each) and the child's page id
// (8); a leaf element is flags, pos, ksize, vsize (4 each); pos counts from
// the element itself. A leaf element with flag 1 is a bucket: its value
// starts with the bucket's root page id and sequence (8 each), and a root of
// 0 means the bucket's one leaf page follows inline in the value.

const (
	pageHeader   = 16
	elemSize     = 16
	branchFlag   = 0x01
	leafFlag     = 0x02
	metaFlag     = 0x04
	freelistFlag = 0x10
	bucketElem   = 0x01
	noFreelist   = ^uint64(0)
	// maxDepth bounds a tree's depth: a real tree of a file this size is
	// far shallower, so anything deeper is a loop or damage.
	maxDepth = 64
	// maxOverflow bounds the extra pages of one branch or leaf page (4 MiB
	// of 4 KiB pages): unoscore's largest value is a few kilobytes.
	maxOverflow = 1024
	maxProblems = 20
)

// Meta is what a bbolt meta page says.
type Meta struct {
	PageSize uint32
	Root     uint64 // the root bucket's page
	Freelist uint64 // the free-page list's page
	PGID     uint64 // the high-water mark: pages 0 to PGID-1 are in use
	TxID     uint64 // the transaction that wrote it
}

// ReadMeta reads a bbolt meta page at off: a 16-byte page header, then magic,
// version, page size, flags (4 bytes each), the root bucket (16), the
// freelist page (8), the high-water mark (8), the transaction id (8) and an
// FNV-64a checksum of everything before it. ok is false unless the magic,
// version and checksum are right; the page size is returned whenever the
// magic is.
func ReadMeta(f io.ReaderAt, off int64) (Meta, bool) {
	const metaLen = 64
	buf := make([]byte, pageHeader+metaLen)
	if n, _ := f.ReadAt(buf, off); n < len(buf) {
		return Meta{}, false
	}
	b := buf[pageHeader:]
	if binary.LittleEndian.Uint32(b[0:]) != 0xED0CDAED {
		return Meta{}, false
	}
	m := Meta{
		PageSize: binary.LittleEndian.Uint32(b[8:]),
		Root:     binary.LittleEndian.Uint64(b[16:]),
		Freelist: binary.LittleEndian.Uint64(b[32:]),
		PGID:     binary.LittleEndian.Uint64(b[40:]),
		TxID:     binary.LittleEndian.Uint64(b[48:]),
	}
	if m.PageSize < 512 || m.PageSize > 1<<16 || m.PageSize&(m.PageSize-1) != 0 {
		return Meta{}, false
	}
	h := fnv.New64a()
	h.Write(b[:56])
	ok := binary.LittleEndian.Uint32(b[4:]) == 2 && h.Sum64() == binary.LittleEndian.Uint64(b[56:])
	return m, ok
}

// Source gives n bytes of the file at off.
type Source interface {
	read(off int64, n int) ([]byte, error)
}

// reader reads the file with pread: memory for the pages being looked at
// only, however big the file. A page header is read into one buffer, used
// again for the next.
type reader struct {
	r    io.ReaderAt
	hdr  []byte
	free [][]byte // buffers of pages the walk is done with
	// ahead, when not 0, is how much is read at a time: a walk of a whole
	// bucket reads its pages mostly in the order they lie in the file, so
	// one pread serves several. win holds what was read, from winOff.
	ahead  int
	win    []byte
	winOff int64
}

// done takes back the buffer of a page the walk no longer looks at.
func (r *reader) done(b []byte) {
	if len(b) != pageHeader {
		r.free = append(r.free, b)
	}
}

// NewReader reads the file with pread (see reader).
func NewReader(r io.ReaderAt) Source { return &reader{r: r, hdr: make([]byte, pageHeader)} }

// NewReadAhead reads the file with pread, 64 KiB at a time (each stretch of
// 64 KiB from its start), for a walk of a whole bucket.
func NewReadAhead(r io.ReaderAt) Source {
	return &reader{r: r, hdr: make([]byte, pageHeader), ahead: 64 << 10}
}

func (r *reader) read(off int64, n int) ([]byte, error) {
	b := r.hdr
	if n != pageHeader {
		b = nil
		for i, f := range r.free {
			if cap(f) >= n {
				b = f[:n]
				r.free = slices.Delete(r.free, i, i+1)
				break
			}
		}
		if b == nil {
			b = make([]byte, n)
		}
	}
	if r.ahead == 0 {
		if _, err := r.r.ReadAt(b, off); err != nil {
			return nil, err
		}
		return b, nil
	}
	if off < r.winOff || off+int64(n) > r.winOff+int64(len(r.win)) {
		size := max(n, r.ahead)
		if cap(r.win) < size {
			r.win = make([]byte, size)
		}
		// Windows lie at multiples of their size, so that a walk forward
		// and a walk backward (a page's header, then the page) each read
		// every stretch of the file once.
		start := off &^ int64(r.ahead-1)
		if off+int64(n) > start+int64(size) {
			start = off
		}
		m, err := r.r.ReadAt(r.win[:size], start)
		if start+int64(m) < off+int64(n) {
			r.win = r.win[:0]
			if err == nil {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		r.win, r.winOff = r.win[:m], start
	}
	copy(b, r.win[off-r.winOff:])
	return b, nil
}

// From says where a page was reached from, for a message.
type From struct {
	What string // "branch page", "leaf page", or a whole phrase
	ID   uint64
}

func (f From) String() string {
	if f.What == "branch page" || f.What == "leaf page" {
		return fmt.Sprintf("%s %d", f.What, f.ID)
	}
	return f.What
}

// Walker walks a file's pages.
type Walker struct {
	r        Source
	pageSize int
	hw       uint64 // pages 0 to hw-1 exist
	seen     []uint64
	free     []uint64
	all      bool // descend into every bucket, not only the top-level ones
	// Ranged: walk only the pages that hold keys from Lo up to Hi (nil: no
	// end), in the one bucket walked.
	Ranged bool
	Lo, Hi []byte
	// Lazy leaves out every top-level bucket with pages of its own but
	// Keep: a read checks the pages on the way to the keys it reads as it
	// reads them (a ranged walk).
	Lazy bool
	Keep []byte
	// Deferred are the top-level buckets (the games' logs and summaries)
	// whose leaves a walk that is not of everything leaves unread: their
	// branch pages are walked, and each leaf page they point at is only
	// marked as in use. A write checks the leaves it changes as it changes
	// them (a ranged walk), a read the leaves it reads. Only the free-page
	// list needs to know how many pages such a leaf spans, and only for the
	// leaf just below a free page (see Freelist).
	Deferred  [][]byte
	deferring bool
	deferred  []uint64 // leaf pages marked in use but not read
	leafDepth int      // in a deferred bucket, the depth of its leaves (-1: not known yet)
	// Problems are what the walk found, at most 20; Overflow says there
	// were more.
	Problems []string
	Overflow bool
}

// NewWalker walks the pages of a file of hw pages of pageSize bytes read
// from r; all: into every bucket, however deep (doctor).
func NewWalker(r Source, pageSize int, hw uint64, all bool) *Walker {
	return &Walker{r: r, pageSize: pageSize, hw: hw, all: all, seen: make([]uint64, hw/64+1), deferred: make([]uint64, hw/64+1)}
}

func (w *Walker) isDeferred(name []byte) bool {
	for _, d := range w.Deferred {
		if bytes.Equal(d, name) {
			return true
		}
	}
	return false
}

// below is the highest page under id marked in use, or 0.
func (w *Walker) below(id uint64) uint64 {
	for p := id - 1; p >= 2; {
		word := w.seen[p/64] & (1<<(p%64+1) - 1) // bits 0 to p%64
		if p%64 == 63 {
			word = w.seen[p/64]
		}
		if word != 0 {
			return p/64*64 + uint64(63-bits.LeadingZeros64(word))
		}
		if p < 64 {
			break
		}
		p = p/64*64 - 1
	}
	return 0
}

// resolve reads the header of a deferred leaf page and marks the overflow
// pages that follow it as in use.
func (w *Walker) resolve(id uint64) {
	clearBit(w.deferred, id)
	h, err := w.r.read(int64(id)*int64(w.pageSize), pageHeader)
	if err != nil {
		w.problem("page %d cannot be read: %v", id, err)
		return
	}
	if got := binary.LittleEndian.Uint64(h); got != id {
		w.problem("page %d (a leaf) says it is page %d", id, got)
		return
	}
	if flags := binary.LittleEndian.Uint16(h[8:]); flags != leafFlag {
		w.problem("page %d should be a leaf but is of kind %#x", id, flags)
		return
	}
	over := uint64(binary.LittleEndian.Uint32(h[12:]))
	if over > maxOverflow || id+over >= w.hw {
		w.problem("page %d claims %d more pages after it, past what the file holds", id, over)
		return
	}
	for q := id + 1; q <= id+over; q++ {
		if bit(w.seen, q) {
			w.problem("page %d is reached twice (the pages after leaf page %d): a page used twice", q, id)
			return
		}
		setBit(w.seen, q)
	}
}

func (w *Walker) problem(format string, args ...any) {
	if len(w.Problems) >= maxProblems {
		w.Overflow = true
		return
	}
	w.Problems = append(w.Problems, fmt.Sprintf(format, args...))
}

// Err is the first problem found, or nil.
func (w *Walker) Err() error {
	if len(w.Problems) == 0 {
		return nil
	}
	return errors.New(w.Problems[0])
}

func bit(set []uint64, id uint64) bool { return set[id/64]&(1<<(id%64)) != 0 }
func setBit(set []uint64, id uint64)   { set[id/64] |= 1 << (id % 64) }
func clearBit(set []uint64, id uint64) { set[id/64] &^= 1 << (id % 64) }

// page reads page id with its overflow pages and marks them seen; it
// reports a problem and returns nil when the page cannot be used.
func (w *Walker) page(id uint64, by From) []byte {
	if id < 2 || id >= w.hw {
		w.problem("%s points at page %d, outside the file's %d pages", by, id, w.hw)
		return nil
	}
	h, err := w.r.read(int64(id)*int64(w.pageSize), pageHeader)
	if err != nil {
		w.problem("page %d cannot be read: %v", id, err)
		return nil
	}
	if got := binary.LittleEndian.Uint64(h[0:]); got != id {
		w.problem("page %d (%s) says it is page %d", id, by, got)
		return nil
	}
	over := uint64(binary.LittleEndian.Uint32(h[12:]))
	limit := uint64(maxOverflow)
	if binary.LittleEndian.Uint16(h[8:]) == freelistFlag {
		limit = w.hw
	}
	if over > limit || id+over >= w.hw {
		w.problem("page %d claims %d more pages after it, past what the file holds", id, over)
		return nil
	}
	for p := id; p <= id+over; p++ {
		if bit(w.seen, p) {
			w.problem("page %d is reached twice (%s): a loop or a page used twice", p, by)
			return nil
		}
	}
	for p := id; p <= id+over; p++ {
		setBit(w.seen, p)
	}
	buf, err := w.r.read(int64(id)*int64(w.pageSize), int(over+1)*w.pageSize)
	if err != nil {
		w.problem("page %d cannot be read: %v", id, err)
		return nil
	}
	return buf
}

// Tree walks the bucket tree whose root is page id. nest is how deep the
// bucket is (0: the root bucket).
func (w *Walker) Tree(id uint64, nest int, by From) { w.tree(id, 0, nest, by) }

func (w *Walker) tree(id uint64, depth, nest int, by From) {
	if w.Overflow {
		return
	}
	if depth > maxDepth {
		w.problem("the tree under %s is more than %d pages deep: a loop", by, maxDepth)
		return
	}
	// Every entry is checked, not only the page headers: an entry claiming
	// 2 GB would be allocated by whatever copies it (a game's id, bbolt's
	// copy of a leaf it changes).
	p := w.page(id, by)
	if p == nil {
		return
	}
	if r, ok := w.r.(interface{ done([]byte) }); ok {
		defer r.done(p)
	}
	switch flags := binary.LittleEndian.Uint16(p[8:]); flags {
	case branchFlag:
		count, ok := w.branch(p, id)
		if !ok {
			return
		}
		// bbolt's trees are balanced: the children of a branch page are all
		// leaves or all branches, and all leaves lie at one depth, so a
		// deferring walk reads one header per bucket to know at which (a
		// leaf that is not one is found when it is read).
		if w.deferring && w.leafDepth < 0 {
			if _, leaf := w.leafHeader(binary.LittleEndian.Uint64(p[pageHeader+8:])); leaf {
				w.leafDepth = depth + 1
			}
		}
		leaves := w.deferring && w.leafDepth == depth+1
		for i := range count {
			off := pageHeader + i*elemSize
			if w.Ranged {
				// Child i holds the keys from its first key up to the next
				// child's (the first child also those below its key).
				if i > 0 && w.Hi != nil && bytes.Compare(branchKey(p, i), w.Hi) >= 0 {
					break
				}
				if i+1 < count && bytes.Compare(branchKey(p, i+1), w.Lo) <= 0 {
					continue
				}
			}
			child := binary.LittleEndian.Uint64(p[off+8:])
			if w.deferring && leaves {
				// A leaf of a deferred bucket: its entries are checked when
				// its keys are read or written; here only that it exists and
				// that nothing else points at it.
				if child < 2 || child >= w.hw {
					w.problem("branch page %d points at page %d, outside the file's %d pages", id, child, w.hw)
					return
				}
				if bit(w.seen, child) {
					w.problem("page %d is reached twice (branch page %d): a loop or a page used twice", child, id)
					return
				}
				setBit(w.seen, child)
				setBit(w.deferred, child)
				continue
			}
			w.tree(child, depth+1, nest, From{"branch page", id})
		}
	case leafFlag:
		w.leaf(p, From{"leaf page", id}, nest)
	default:
		w.problem("page %d (%s) is of kind %#x, not a branch or a leaf", id, by, flags)
	}
}

// leafHeader reads page id's header only, and says whether it is a leaf
// page (of its own id) and how many overflow pages follow it.
func (w *Walker) leafHeader(id uint64) (over uint64, leaf bool) {
	if id < 2 || id >= w.hw {
		return 0, false // the walk reports it
	}
	h, err := w.r.read(int64(id)*int64(w.pageSize), pageHeader)
	if err != nil || len(h) < pageHeader || binary.LittleEndian.Uint64(h) != id || binary.LittleEndian.Uint16(h[8:]) != leafFlag {
		return 0, false
	}
	return uint64(binary.LittleEndian.Uint32(h[12:])), true
}

// branch checks branch page id's entries (p, already read): that they fit
// in the page, each key inside it, the keys in order. It returns how many
// there are; false: a problem, reported.
func (w *Walker) branch(p []byte, id uint64) (count int, ok bool) {
	count = int(binary.LittleEndian.Uint16(p[10:]))
	if count == 0 || pageHeader+count*elemSize > len(p) {
		w.problem("branch page %d holds %d entries, which do not fit", id, count)
		return 0, false
	}
	var prev []byte
	for i := range count {
		off := pageHeader + i*elemSize
		pos := uint64(binary.LittleEndian.Uint32(p[off:]))
		ksize := uint64(binary.LittleEndian.Uint32(p[off+4:]))
		if uint64(off)+pos+ksize > uint64(len(p)) {
			w.problem("branch page %d: entry %d lies outside the page", id, i)
			return 0, false
		}
		k := p[uint64(off)+pos : uint64(off)+pos+ksize]
		if i > 0 && bytes.Compare(prev, k) >= 0 {
			w.problem("branch page %d: its keys are out of order", id)
			return 0, false
		}
		prev = k
	}
	return count, true
}

// branchKey is the key of entry i of branch page p (already checked to lie
// inside the page).
func branchKey(p []byte, i int) []byte {
	off := uint64(pageHeader + i*elemSize)
	pos := uint64(binary.LittleEndian.Uint32(p[off:]))
	ksize := uint64(binary.LittleEndian.Uint32(p[off+4:]))
	return p[off+pos : off+pos+ksize]
}

// leaf checks a leaf page's entries and walks the buckets it holds.
func (w *Walker) leaf(p []byte, name From, nest int) {
	count := int(binary.LittleEndian.Uint16(p[10:]))
	if pageHeader+count*elemSize > len(p) {
		w.problem("%s holds %d entries, which do not fit", name, count)
		return
	}
	var prev []byte
	for i := range count {
		off := uint64(pageHeader + i*elemSize)
		flags := binary.LittleEndian.Uint32(p[off:])
		pos := uint64(binary.LittleEndian.Uint32(p[off+4:]))
		ksize := uint64(binary.LittleEndian.Uint32(p[off+8:]))
		vsize := uint64(binary.LittleEndian.Uint32(p[off+12:]))
		if off+pos+ksize+vsize > uint64(len(p)) {
			w.problem("%s: entry %d lies outside the page", name, i)
			return
		}
		k := p[off+pos : off+pos+ksize]
		v := p[off+pos+ksize : off+pos+ksize+vsize]
		if i > 0 && bytes.Compare(prev, k) >= 0 {
			w.problem("%s: its keys are out of order", name)
			return
		}
		prev = k
		switch flags {
		case 0:
		case bucketElem:
			if len(v) < 16 {
				w.problem("%s: bucket %q has a value too short to be a bucket", name, clip(string(k)))
				return
			}
			if nest > 0 && !w.all && binary.LittleEndian.Uint64(v) != 0 {
				continue // a game's log in pages of its own: checked when the game is read
			}
			if nest == 0 && w.Lazy && !bytes.Equal(k, w.Keep) && binary.LittleEndian.Uint64(v) != 0 {
				continue
			}
			if nest == 0 && !w.all && w.isDeferred(k) && binary.LittleEndian.Uint64(v) != 0 {
				// The games' logs and summaries: their leaves are checked when
				// their keys are read or written (a ranged walk); a write
				// walks the branch pages here, so that no loop lies anywhere
				// in the tree and the free-page list can be held against
				// every page in use.
				w.deferring, w.leafDepth = true, -1
				w.bucket(v, From{fmt.Sprintf("bucket %q", clip(string(k))), 0}, nest+1)
				w.deferring = false
				continue
			}
			w.bucket(v, From{fmt.Sprintf("bucket %q", clip(string(k))), 0}, nest+1)
		default:
			w.problem("%s: entry %d has unknown flags %#x", name, i, flags)
			return
		}
	}
}

// bucket walks a bucket from its value: a root page, or an inline page.
func (w *Walker) bucket(v []byte, name From, nest int) {
	if nest > 8 {
		w.problem("%s is nested %d buckets deep", name, nest)
		return
	}
	root := binary.LittleEndian.Uint64(v)
	if root != 0 {
		w.tree(root, 0, nest, name)
		return
	}
	inline := v[16:]
	if len(inline) < pageHeader || binary.LittleEndian.Uint16(inline[8:]) != leafFlag {
		w.problem("%s: its inline page is damaged", name)
		return
	}
	w.leaf(inline, name, nest)
}

// Freelist checks the list of free pages: it fits its page, and names only
// pages that exist and that no tree walked so far uses (a write would
// otherwise overwrite them).
func (w *Walker) Freelist(id uint64) {
	if id == noFreelist {
		w.problem("it has no list of free pages")
		return
	}
	p := w.page(id, From{"the meta page's free-page list", 0})
	if p == nil {
		return
	}
	if flags := binary.LittleEndian.Uint16(p[8:]); flags != freelistFlag {
		w.problem("page %d should list the free pages but is of kind %#x", id, flags)
		return
	}
	start, count := uint64(pageHeader), uint64(binary.LittleEndian.Uint16(p[10:]))
	if count == 0xFFFF {
		count = binary.LittleEndian.Uint64(p[pageHeader:])
		start += 8
	}
	if count > (uint64(len(p))-start)/8 {
		w.problem("the free-page list (page %d) claims %d entries, more than its page holds", id, count)
		return
	}
	w.free = make([]uint64, w.hw/64+1)
	for i := range count {
		f := binary.LittleEndian.Uint64(p[start+8*i:])
		switch {
		case f < 2 || f >= w.hw:
			w.problem("the free-page list names page %d, outside the file's %d pages", f, w.hw)
			return
		case bit(w.free, f):
			w.problem("the free-page list names page %d twice", f)
			return
		}
		// A leaf left unread could run on over f: the leaf nearest below
		// it is read (any farther one reaching f would overlap it too).
		if !bit(w.seen, f) {
			if b := w.below(f); b != 0 && bit(w.deferred, b) {
				w.resolve(b)
				if w.Problems != nil {
					return
				}
			}
		}
		if bit(w.seen, f) {
			w.problem("page %d is in use but also listed as free", f)
			return
		}
		setBit(w.free, f)
	}
}

// Unaccounted reports pages that are neither in use nor free (only after a
// walk of every bucket and of the free-page list).
func (w *Walker) Unaccounted() {
	n, first := 0, uint64(0)
	for p := uint64(2); p < w.hw; p++ {
		if !bit(w.seen, p) && !bit(w.free, p) {
			if n == 0 {
				first = p
			}
			n++
		}
	}
	if n > 0 {
		w.problem("%d pages are neither in use nor free (the first is page %d)", n, first)
	}
}

// clip shortens a key a message repeats to 40 characters and "…".
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
