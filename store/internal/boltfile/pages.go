// Package boltfile reads bbolt's file without bbolt: its meta pages, and
// its buckets' page trees, checked before bbolt is let near them.
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

// bbolt trusts its file: a branch page that points at itself sends it round
// until the stack runs out, a free-page count of 2^40 makes it allocate that
// much, and its own check (tx.Check) runs in a goroutine of its own, where a
// fault ends the process. None of that can be caught once it starts, so the
// pages are walked here first, read from the file (not the memory map), each
// id, count, offset and overflow checked against the file's size, each page
// visited once (a loop is damage) and the depth bounded.
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
	freelistFlag = 0x10
	bucketElem   = 0x01
	noFreelist   = ^uint64(0)
	maxDepth     = 64   // far deeper than any tree of a real file: a loop
	maxOverflow  = 1024 // extra pages of one page: unoscore's values are a few KB
	maxProblems  = 20
)

// Meta is what a bbolt meta page says.
type Meta struct {
	PageSize uint32
	Root     uint64 // the root bucket's page
	Freelist uint64 // the free-page list's page
	PGID     uint64 // the high-water mark: pages 0 to PGID-1 are in use
	TxID     uint64 // the transaction that wrote it
}

// ReadMeta reads a bbolt meta page at off: after the page header, magic,
// version, page size, flags (4 bytes each), root bucket (16), free-page list
// (8), high-water mark (8), transaction (8), FNV-64a of all that. ok: magic,
// version and checksum are right; the page size is there if the magic is.
func ReadMeta(f io.ReaderAt, off int64) (Meta, bool) {
	buf := make([]byte, pageHeader+64)
	if n, _ := f.ReadAt(buf, off); n < len(buf) {
		return Meta{}, false
	}
	b := buf[pageHeader:]
	m := Meta{
		PageSize: binary.LittleEndian.Uint32(b[8:]),
		Root:     binary.LittleEndian.Uint64(b[16:]),
		Freelist: binary.LittleEndian.Uint64(b[32:]),
		PGID:     binary.LittleEndian.Uint64(b[40:]),
		TxID:     binary.LittleEndian.Uint64(b[48:]),
	}
	if binary.LittleEndian.Uint32(b) != 0xED0CDAED || m.PageSize < 512 || m.PageSize > 1<<16 || m.PageSize&(m.PageSize-1) != 0 {
		return Meta{}, false
	}
	h := fnv.New64a()
	h.Write(b[:56])
	return m, binary.LittleEndian.Uint32(b[4:]) == 2 && h.Sum64() == binary.LittleEndian.Uint64(b[56:])
}

// Reader reads the file with pread, holding only the pages looked at; done
// takes a page's buffer back for the next.
type Reader struct {
	r    io.ReaderAt
	hdr  []byte
	free [][]byte
}

// NewReader reads the file with pread, a page at a time.
func NewReader(r io.ReaderAt) *Reader { return &Reader{r: r, hdr: make([]byte, pageHeader)} }

func (r *Reader) done(b []byte) {
	if b != nil && len(b) != pageHeader {
		r.free = append(r.free, b)
	}
}

func (r *Reader) read(off int64, n int) ([]byte, error) {
	b := r.hdr
	if n != pageHeader {
		if i := slices.IndexFunc(r.free, func(f []byte) bool { return cap(f) >= n }); i >= 0 {
			b = r.free[i][:n]
			r.free = slices.Delete(r.free, i, i+1)
		} else {
			b = make([]byte, n)
		}
	}
	if _, err := r.r.ReadAt(b, off); err != nil {
		return nil, err
	}
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

// Walker walks a file's pages; all: into every bucket, however deep.
type Walker struct {
	r        *Reader
	pageSize int
	hw       uint64   // pages 0 to hw-1 exist
	seen     []uint64 // pages in use
	unread   []uint64 // leaves marked in use but not read: made by the first mark
	free     []uint64
	all      bool // into every bucket, not only the top-level ones
	// Ranged: only the pages holding keys from Lo up to Hi (nil: no end).
	Ranged bool
	Lo, Hi []byte
	// Lazy leaves out every top-level bucket with pages of its own but Keep
	// (a read checks the pages on its way as it reads: a ranged walk).
	Lazy bool
	Keep []byte
	// Deferred are the top-level buckets of which a walk reads only the
	// branch pages, to know which pages are in use (see mark).
	Deferred [][]byte
	// Visit, when set, is handed the key and value of every entry of the
	// leaves walked in the bucket the walk starts in (not in the buckets
	// inside it), in the order of the keys, each leaf checked whole before
	// its first entry is handed; a bucket's value is nil, as bbolt's
	// cursor gives it. The bytes are the reader's, good only until Visit
	// returns.
	Visit func(k, v []byte)
	// Backward walks the pages, and hands the entries to Visit, last first.
	Backward bool
	top      int // the nest of the bucket the walk starts in
	// Problems are what the walk found, at most 20; Overflow: more.
	Problems []string
	Overflow bool
}

// NewWalker walks a file of hw pages of pageSize bytes read from r.
func NewWalker(r *Reader, pageSize int, hw uint64, all bool) *Walker {
	return &Walker{r: r, pageSize: pageSize, hw: hw, all: all, seen: make([]uint64, hw/64+1)}
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

// use marks pages id to id+over in use, unless one already is: a loop, or
// a page used twice.
func (w *Walker) use(id, over uint64, by From) bool {
	switch {
	case id < 2 || id >= w.hw:
		w.problem("%s points at page %d, outside the file's %d pages", by, id, w.hw)
		return false
	case over >= w.hw-id:
		w.problem("page %d claims %d more pages after it, past what the file holds", id, over)
		return false
	}
	for p := id; p <= id+over; p++ {
		if bit(w.seen, p) {
			w.problem("page %d is reached twice (%s): a loop or a page used twice", p, by)
			return false
		}
	}
	for p := id; p <= id+over; p++ {
		setBit(w.seen, p)
	}
	return true
}

// header reads page id's header: its flags and how many pages follow it.
func (w *Walker) header(id uint64, by From) (flags uint16, over uint64, ok bool) {
	h := w.read(id, pageHeader, by)
	if h == nil {
		return 0, 0, false
	}
	return binary.LittleEndian.Uint16(h[8:]), w.over(h), true
}

// read reads n bytes of page id, checking that it says it is page id; nil
// when it cannot (a problem, reported).
func (w *Walker) read(id uint64, n int, by From) []byte {
	if id < 2 || id >= w.hw {
		w.problem("%s points at page %d, outside the file's %d pages", by, id, w.hw)
		return nil
	}
	p, err := w.r.read(int64(id)*int64(w.pageSize), n)
	switch {
	case err != nil:
		w.problem("page %d cannot be read: %v", id, err)
	case binary.LittleEndian.Uint64(p) != id:
		w.problem("page %d (%s) says it is page %d", id, by, binary.LittleEndian.Uint64(p))
	default:
		return p
	}
	return nil
}

// over is how many pages follow a page, from its header h: more than any
// page of unoscore's takes is as bad as past the end of the file.
func (w *Walker) over(h []byte) uint64 {
	over := uint64(binary.LittleEndian.Uint32(h[12:]))
	if binary.LittleEndian.Uint16(h[8:]) != freelistFlag && over > maxOverflow {
		return w.hw
	}
	return over
}

// page reads page id with the pages after it and marks them in use; nil
// when the page cannot be used (a problem, reported). Its first page is read
// whole (for nearly every page, all of it), then the rest if any.
func (w *Walker) page(id uint64, by From) []byte {
	p := w.read(id, w.pageSize, by)
	if p == nil || !w.use(id, w.over(p), by) {
		w.r.done(p)
		return nil
	}
	if over := w.over(p); over > 0 {
		w.r.done(p)
		return w.read(id, int(over+1)*w.pageSize, by)
	}
	return p
}

// Tree walks the bucket tree whose root is page id. nest is how deep the
// bucket is (0: the root bucket).
func (w *Walker) Tree(id uint64, nest int, by From) {
	w.top = nest
	w.tree(id, 0, nest, by)
}

func (w *Walker) tree(id uint64, depth, nest int, by From) {
	if w.Overflow {
		return
	}
	if depth > maxDepth {
		w.problem("the tree under %s is more than %d pages deep: a loop", by, maxDepth)
		return
	}
	// Every entry is checked: one claiming 2 GB would be allocated by
	// whatever copies it (bbolt's copy of a leaf it changes).
	p := w.page(id, by)
	if p == nil {
		return
	}
	if binary.LittleEndian.Uint16(p[8:]) == branchFlag && w.Ranged {
		// A ranged walk (one game's log) takes the children in range,
		// most often one, and gives the page back before it walks them:
		// every page on its way down is read into the same buffer.
		var room [8]uint64
		kids := w.inRange(p, room[:0], From{"branch page", id})
		w.r.done(p)
		for _, kid := range kids {
			w.tree(kid, depth+1, nest, From{"branch page", id})
		}
		return
	}
	defer w.r.done(p)
	switch flags := binary.LittleEndian.Uint16(p[8:]); flags {
	case branchFlag:
		count := w.entries(p, false, From{"branch page", id})
		for j := range count {
			i := w.nth(j, count)
			w.tree(binary.LittleEndian.Uint64(p[pageHeader+i*elemSize+8:]), depth+1, nest, From{"branch page", id})
		}
	case leafFlag:
		w.leaf(p, From{"leaf page", id}, nest)
	default:
		w.problem("page %d (%s) is of kind %#x, not a branch or a leaf", id, by, flags)
	}
}

// inRange appends to kids, in the order the walk reads them, the children
// of branch page p that hold keys from Lo up to Hi.
func (w *Walker) inRange(p []byte, kids []uint64, by From) []uint64 {
	count := w.entries(p, false, by)
	for j := range count {
		i := w.nth(j, count)
		// Child i holds the keys from its key up to the next child's (the
		// first child also those below its key).
		if k, _ := elem(p, i, false); i > 0 && w.Hi != nil && bytes.Compare(k, w.Hi) >= 0 {
			continue
		}
		if i+1 < count {
			if k, _ := elem(p, i+1, false); bytes.Compare(k, w.Lo) <= 0 {
				continue
			}
		}
		kids = append(kids, binary.LittleEndian.Uint64(p[pageHeader+i*elemSize+8:]))
	}
	return kids
}

// nth is the place of the jth entry of count that a walk reads.
func (w *Walker) nth(j, count int) int {
	if w.Backward {
		return count - 1 - j
	}
	return j
}

// elem is element i of page p: its key, and a leaf's value (unchecked:
// see entries).
func elem(p []byte, i int, leaf bool) (k, v []byte) {
	off := uint64(pageHeader + i*elemSize)
	o := off
	if leaf {
		o += 4 // past the flags
	}
	pos := off + uint64(binary.LittleEndian.Uint32(p[o:]))
	end := pos + uint64(binary.LittleEndian.Uint32(p[o+4:]))
	if !leaf {
		return p[pos:end], nil
	}
	return p[pos:end], p[end : end+uint64(binary.LittleEndian.Uint32(p[o+8:]))]
}

// entries checks that page p's elements, keys and a leaf's values lie
// inside it, the keys in order; it returns how many, or 0 (a problem).
func (w *Walker) entries(p []byte, leaf bool, by From) int {
	count := int(binary.LittleEndian.Uint16(p[10:]))
	if (!leaf && count == 0) || pageHeader+count*elemSize > len(p) {
		w.problem("%s holds %d entries, which do not fit", by, count)
		return 0
	}
	var prev []byte
	for i := range count {
		o := uint64(pageHeader + i*elemSize)
		end := o + uint64(binary.LittleEndian.Uint32(p[o:])) + uint64(binary.LittleEndian.Uint32(p[o+4:]))
		if leaf {
			end = o + uint64(binary.LittleEndian.Uint32(p[o+4:])) + uint64(binary.LittleEndian.Uint32(p[o+8:])) + uint64(binary.LittleEndian.Uint32(p[o+12:]))
		}
		if end > uint64(len(p)) {
			w.problem("%s: entry %d lies outside the page", by, i)
			return 0
		}
		k, _ := elem(p, i, leaf)
		if i > 0 && bytes.Compare(prev, k) >= 0 {
			w.problem("%s: its keys are out of order", by)
			return 0
		}
		prev = k
	}
	return count
}

// leaf checks a leaf page's entries and walks the buckets it holds.
func (w *Walker) leaf(p []byte, by From, nest int) {
	count := w.entries(p, true, by)
	for j := range count {
		i := w.nth(j, count)
		k, v := elem(p, i, true)
		switch flags := binary.LittleEndian.Uint32(p[pageHeader+i*elemSize:]); {
		case flags == 0:
			if w.Visit != nil && nest == w.top {
				w.Visit(k, v)
			}
			continue
		case flags != bucketElem:
			w.problem("%s: entry %d has unknown flags %#x", by, i, flags)
			return
		case len(v) < 16:
			w.problem("%s: bucket %q has a value too short to be a bucket", by, clip(k))
			return
		}
		if w.Visit != nil && nest == w.top {
			w.Visit(k, nil)
		}
		name, root := From{What: fmt.Sprintf("bucket %q", clip(k))}, binary.LittleEndian.Uint64(v)
		switch {
		case nest >= 8:
			w.problem("%s is nested %d buckets deep", name, nest+1)
			return
		case root == 0:
			inline := v[16:]
			if len(inline) < pageHeader || binary.LittleEndian.Uint16(inline[8:]) != leafFlag {
				w.problem("%s: its inline page is damaged", name)
				return
			}
			w.leaf(inline, name, nest+1)
		case w.all:
			w.tree(root, 0, nest+1, name)
		case nest > 0:
			// a game's log in pages of its own: checked when the game is read
		case w.Lazy && !bytes.Equal(k, w.Keep):
		case slices.ContainsFunc(w.Deferred, func(d []byte) bool { return bytes.Equal(d, k) }):
			w.mark(root, 0, -1, name)
		default:
			w.tree(root, 0, nest+1, name)
		}
	}
}

// mark walks the branch pages of a deferred bucket from page id and marks
// every page they point at in use. Its leaves are not read, only marked
// unread (how many pages one runs over is read when a free page lies just
// above it, see Freelist); leafAt is the depth of the bucket's leaves (all
// at one depth in bbolt's balanced trees), -1 until it is known. Keys are
// not looked at: the pages on the way to a key are checked, keys and all,
// before bbolt follows them (a ranged walk).
func (w *Walker) mark(id uint64, depth, leafAt int, by From) int {
	if depth > maxDepth {
		w.problem("the tree under %s is more than %d pages deep: a loop", by, maxDepth)
		return leafAt
	}
	if w.unread == nil { // only a walk that defers a bucket marks leaves unread
		w.unread = make([]uint64, len(w.seen))
	}
	p := w.page(id, by)
	if p == nil || binary.LittleEndian.Uint16(p[8:]) == leafFlag {
		w.r.done(p)
		return depth
	}
	defer w.r.done(p)
	count := int(binary.LittleEndian.Uint16(p[10:]))
	if binary.LittleEndian.Uint16(p[8:]) != branchFlag || count == 0 || pageHeader+count*elemSize > len(p) {
		w.problem("page %d (%s) is not a branch page of %d entries", id, by, count)
		return leafAt
	}
	from := From{"branch page", id}
	if leafAt < 0 {
		if flags, _, ok := w.header(binary.LittleEndian.Uint64(p[pageHeader+8:]), from); ok && flags == leafFlag {
			leafAt = depth + 1
		}
	}
	for i := 0; i < count && w.Problems == nil; i++ {
		child := binary.LittleEndian.Uint64(p[pageHeader+i*elemSize+8:])
		switch {
		case leafAt != depth+1:
			leafAt = w.mark(child, depth+1, leafAt, from)
		case child < 2 || child >= w.hw || bit(w.seen, child):
			w.use(child, 0, from) // says what is wrong
		default: // the loop of every write: kept to a few instructions
			w.seen[child/64] |= 1 << (child % 64)
			w.unread[child/64] |= 1 << (child % 64)
		}
	}
	return leafAt
}

// Freelist checks the list of free pages: it fits its page, and names pages
// of the file, once each, that no tree walked uses (a write would
// overwrite them).
func (w *Walker) Freelist(id uint64) {
	if id == noFreelist {
		w.problem("it has no list of free pages")
		return
	}
	p := w.page(id, From{What: "the meta page's free-page list"})
	if p == nil {
		return
	}
	if flags := binary.LittleEndian.Uint16(p[8:]); flags != freelistFlag {
		w.problem("page %d should list the free pages but is of kind %#x", id, flags)
		return
	}
	start, count := uint64(pageHeader), uint64(binary.LittleEndian.Uint16(p[10:]))
	if count == 0xFFFF {
		count, start = binary.LittleEndian.Uint64(p[pageHeader:]), start+8
	}
	if count > (uint64(len(p))-start)/8 {
		w.problem("the free-page list (page %d) claims %d entries, more than its page holds", id, count)
		return
	}
	w.free = make([]uint64, w.hw/64+1)
	for i := range count {
		f := binary.LittleEndian.Uint64(p[start+8*i:])
		if f < 2 || f >= w.hw || bit(w.free, f) {
			w.problem("the free-page list names page %d twice, or outside the file's %d pages", f, w.hw)
			return
		}
		// A leaf left unread could run on over f: the one nearest below
		// it is read (any farther one reaching f would overlap it too).
		if b := w.below(f); !bit(w.seen, f) && b != 0 && w.unread != nil && bit(w.unread, b) {
			w.unread[b/64] &^= 1 << (b % 64)
			w.seen[b/64] &^= 1 << (b % 64)
			if flags, over, ok := w.header(b, From{What: "a branch page"}); ok && flags != leafFlag {
				w.problem("page %d should be a leaf but is of kind %#x", b, flags)
			} else if ok {
				w.use(b, over, From{"leaf page", b})
			}
			if w.Problems != nil {
				return
			}
		}
		if bit(w.seen, f) {
			w.problem("page %d is in use but also listed as free", f)
			return
		}
		setBit(w.free, f)
	}
}

// below is the highest page under id marked in use, or 0.
func (w *Walker) below(id uint64) uint64 {
	for p := id - 1; p >= 2; p = p/64*64 - 1 {
		word := w.seen[p/64] & (1<<(p%64) | (1<<(p%64) - 1)) // bits 0 to p%64
		if word != 0 {
			return p/64*64 + uint64(63-bits.LeadingZeros64(word))
		}
		if p < 64 {
			break
		}
	}
	return 0
}

// Unaccounted reports pages neither in use nor free (after a walk of all).
func (w *Walker) Unaccounted() {
	n, first := 0, uint64(0)
	for p := w.hw - 1; p >= 2; p-- {
		if !bit(w.seen, p) && !bit(w.free, p) {
			n, first = n+1, p
		}
	}
	if n > 0 {
		w.problem("%d pages are neither in use nor free (the first is page %d)", n, first)
	}
}

// clip shortens a key a message repeats to 40 characters and "…".
func clip(k []byte) string {
	if r := []rune(string(k)); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return string(k)
}
