package store

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/store/internal/boltfile"
)

// Listings are newest first: by the time each game was created (its first
// event), the later first, and between games created at the same instant
// the later number first.
//
// A game's number (its key in the summaries bucket) is handed out in the
// order games arrive in this file, which is the order of creation for the
// games made here, and for the games of one import (importer numbers them
// by their creation). Only an import can bring games older than some
// already here: then the order of the keys is no longer the order of
// creation, and a listing sorts (listSorted) instead of walking the keys.
//
// keyOrdered, in the meta bucket, is the counter of games as it was when
// the keys were last known to be in the order of creation. An import
// raises the counter by 2^32 (see importer), a new game by one; so while
// the counter is less than 2^32 above it, no import has come since, and
// the keys are still in order. A file without it counts from 0: a file
// that never had an import is in order. Every import that leaves the keys
// in order records its counter, so an unoscore that knows nothing of this
// key (its imports leave it as it was) can only make a file be sorted at
// every listing, never listed out of order.
var keyOrdered = []byte("ordered")

// learnOrder, at the start of a change, records whether the keys are in
// order in a file that had an import but no record of their order: every
// file an unoscore from before keyOrdered imported into (its imports too
// raised the counter by importStride), which a listing would otherwise
// sort every time, at twice the cost, until an import recorded the order.
// The first change reads every summary's time of creation once (about as
// long as one sorted listing) and records what it finds; a file that never
// had an import, or has its record, costs nothing.
func learnOrder(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil || tx.Bucket(bucketSummaries) == nil || meta.Get(keyOrdered) != nil {
		return nil // a file being made, or one that knows its order
	}
	n, err := counter(tx)
	if err != nil || n < importStride {
		return err
	}
	in, err := inOrder(tx, pendingOf(tx))
	if err != nil {
		return err
	}
	if !in {
		return setUnordered(tx)
	}
	return setOrdered(tx, n)
}

// importStride is how far an import raises the counter of games.
const importStride = 1 << 32

// ordered says whether the summaries' keys are in the order of creation
// (see keyOrdered).
func ordered(tx *bolt.Tx) (bool, error) {
	n, err := counter(tx)
	if err != nil {
		return false, err
	}
	var at uint64
	if kept := tx.Bucket(bucketMeta).Get(keyOrdered); kept != nil {
		v, ok := unseal(bucketMeta, keyOrdered, kept)
		if !ok || len(v) != 8 {
			return false, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("its record of the order of its games %v", errChecksum)}
		}
		at = binary.BigEndian.Uint64(v)
	}
	return n >= at && n-at < importStride, nil
}

// setOrdered records that the keys are in the order of creation, at the
// counter n.
func setOrdered(tx *bolt.Tx, n uint64) error {
	return putSealed(tx.Bucket(bucketMeta), bucketMeta, keyOrdered, gameKey(n))
}

// setUnordered records that the keys are not in the order of creation:
// until an import finds them in order again (see keepsOrder), every
// listing sorts.
func setUnordered(tx *bolt.Tx) error {
	return putSealed(tx.Bucket(bucketMeta), bucketMeta, keyOrdered, gameKey(math.MaxUint64))
}

// createdBehind says whether a game created at made, numbered above every
// other, would be older than the newest game of a file whose keys are in
// order (a clock set back since). It reads the file: call it before the
// transaction writes.
func createdBehind(tx *bolt.Tx, made time.Time) (bool, error) {
	in, err := ordered(tx)
	if err != nil || !in {
		return false, err
	}
	newest, any, err := newestBelow(tx, pendingOf(tx))
	if err != nil || !any {
		return false, err
	}
	return made.Before(newest), nil
}

// createdKey begins the time of creation in a summary's JSON (it comes
// after the id and the name; a quote inside them is escaped, so these bytes
// are the key itself).
var createdKey = []byte(`,"created":"`)

// summaryCreated reads the time of creation from a summary's JSON: from
// its own bytes when they are plain, else by decoding it.
func summaryCreated(v []byte) (time.Time, error) {
	if i := bytes.Index(v, createdKey); i >= 0 {
		rest := v[i+len(createdKey):]
		if j := bytes.IndexByte(rest, '"'); j > 0 {
			if t, err := time.Parse(time.RFC3339Nano, string(rest[:j])); err == nil {
				return t, nil
			}
		}
	}
	var s Summary
	if err := decodeSummary(v, &s); err != nil {
		return time.Time{}, err
	}
	return s.Created, nil
}

// byCreation orders games newest first: the later creation first, then
// the higher number.
type created struct {
	at  time.Time
	num uint64
}

func newestFirst(a, b created) int {
	if c := b.at.Compare(a.at); c != 0 {
		return c
	}
	return cmp.Compare(b.num, a.num)
}

// inOrder says whether the summaries' keys, every game but an unfinished
// import's, are in the order of creation (the oldest lowest): what an
// import checks of a file whose order it does not know.
func inOrder(tx *bolt.Tx, p pending) (bool, error) {
	if err := checkRange(tx, bucketSummaries, nil, nil); err != nil {
		return false, err
	}
	var last created
	first := true
	c := tx.Bucket(bucketSummaries).Cursor()
	for k, kept := c.First(); k != nil; k, kept = c.Next() {
		if len(k) >= 8 && p.has(binary.BigEndian.Uint64(k)) {
			continue
		}
		v, err := summaryValue(tx, k, kept)
		if err != nil {
			return false, err
		}
		at, err := summaryCreated(v)
		if err != nil {
			return false, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("the summary of game %x is unreadable: %v", k, err)}
		}
		g := created{at, binary.BigEndian.Uint64(k)}
		if !first && newestFirst(g, last) > 0 {
			return false, nil // older than the game numbered before it
		}
		last, first = g, false
	}
	return true, nil
}

// newestBelow is the time of creation of the game numbered highest,
// leaving out an unfinished import's (zero, false when there is none). It
// reads the file: in a transaction that writes, only before it writes
// (an upgrade's rewriting of the file in the same transaction aside).
func newestBelow(tx *bolt.Tx, p pending) (time.Time, bool, error) {
	var last []byte
	root := uint64(tx.Bucket(bucketSummaries).Root())
	w, db, err := walkerOver(tx, root, false)
	if err != nil {
		return time.Time{}, false, err
	}
	if w != nil && db.pending > 0 {
		// An older file upgraded by this transaction, which has already
		// rewritten its values (sealed them): the file's pages still hold
		// them as they were, so the values are read through bbolt, the
		// pages checked first.
		w = nil
	}
	if w == nil {
		// A bucket inside its parent's page: bbolt's cursor, checked.
		if err := checkRange(tx, bucketSummaries, nil, nil); err != nil {
			return time.Time{}, false, err
		}
		c := tx.Bucket(bucketSummaries).Cursor()
		k, kept := lastVisible(c, p)
		if k == nil {
			return time.Time{}, false, nil
		}
		if last, err = summaryValue(tx, k, kept); err != nil {
			return time.Time{}, false, err
		}
	} else {
		w.Backward(root, 1, boltfile.From{What: "the summaries bucket"}, func(k, v []byte, flags uint32) bool {
			if len(k) >= 8 && p.has(binary.BigEndian.Uint64(k)) {
				return true
			}
			if flags != 0 {
				v = nil
			}
			if v, err = summaryValue(tx, k, v); err == nil {
				last = bytes.Clone(v)
			}
			return false
		})
		if err == nil && w.Err() != nil {
			err = &CorruptError{Path: db.path, Err: w.Err()}
		}
		if err != nil {
			return time.Time{}, false, err
		}
		if last == nil {
			return time.Time{}, false, nil
		}
	}
	at, err := summaryCreated(last)
	if err != nil {
		return time.Time{}, false, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("the newest game's summary is unreadable: %v", err)}
	}
	return at, true, nil
}

// listSorted is list's reading of a file whose keys are not in the order
// of creation: every summary's time of creation is read (by the walk that
// checks the pages, as list reads them: each page read once, the memory
// map untouched), the games sorted newest first, and then the summaries
// of the first limit (0: all) handed to visit, each read again by its key
// through bbolt, whose pages the walk has checked. It returns the games of
// an unfinished import it left out.
func listSorted(tx *bolt.Tx, p pending, limit int, visit func(k, v []byte) error) (unfinished int, err error) {
	b := tx.Bucket(bucketSummaries)
	var games []created
	add := func(k, kept []byte) error {
		if len(k) >= 8 && p.has(binary.BigEndian.Uint64(k)) {
			unfinished++
			return nil
		}
		v, err := summaryValue(tx, k, kept)
		if err != nil {
			return err
		}
		at, err := summaryCreated(v)
		if err != nil {
			return &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("the summary of game %x is unreadable: %v", k, err)}
		}
		games = append(games, created{at, binary.BigEndian.Uint64(k)})
		return nil
	}
	root := uint64(b.Root())
	w, db, err := walkerOver(tx, root, true)
	if err != nil {
		return 0, err
	}
	if w == nil {
		// A bucket inside its parent's page: bbolt's cursor, checked.
		if err := checkRange(tx, bucketSummaries, nil, nil); err != nil {
			return 0, err
		}
		c := b.Cursor()
		for k, kept := c.First(); k != nil; k, kept = c.Next() {
			if err := add(k, kept); err != nil {
				return 0, err
			}
		}
	} else {
		w.Backward(root, 1, boltfile.From{What: "the summaries bucket"}, func(k, v []byte, flags uint32) bool {
			if flags != 0 {
				v = nil // a bucket, as bbolt gives it: no summary
			}
			err = add(k, v)
			return err == nil
		})
		if err == nil && w.Err() != nil {
			err = &CorruptError{Path: db.path, Err: w.Err()}
		}
		if err != nil {
			return 0, err
		}
	}
	slices.SortFunc(games, newestFirst)
	if limit > 0 && len(games) > limit {
		games = games[:limit]
	}
	for _, g := range games {
		k := gameKey(g.num)
		if err := visit(k, b.Get(k)); err != nil {
			return 0, err
		}
	}
	return unfinished, nil
}
