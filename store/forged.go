package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/store/internal/boltfile"
)

// A meta page forged to name the next transaction while pointing at the
// state before the last change (see lastchange.go) is refused by every
// open. The file's newest state is then still there, on the other meta
// page: bbolt syncs a state's pages before the meta page naming it, and a
// change frees the pages of the state it replaces only for the changes
// after it. doctor --accept-older goes back to it when it is sound: the
// other meta page is valid, holds the transaction just before the one the
// forged page names, the pages of its state pass the walk a write's open
// makes, and its state records that very transaction. Then, after the file
// is copied aside, the forged page is marked damaged (an older record, so
// that a crash at this point leaves a file every command opens at the
// sound state, "nothing is lost"), bbolt opens the sound state, and one
// empty commit writes a fresh meta page over the forged one.

// Recovery says what doctor --accept-older did with a forged meta page.
type Recovery struct {
	Copy string `json:"copy"` // the file as it was, copied aside first
	// KeptTx is the transaction whose state the file holds now, named by
	// meta page KeptPage and recorded by the state itself.
	KeptTx   uint64 `json:"kept_tx"`
	KeptPage int    `json:"kept_page"`
	// The forged page: it named transaction DroppedTx, but its state was
	// written by transaction DroppedWrittenBy.
	DroppedPage      int    `json:"dropped_page"`
	DroppedTx        uint64 `json:"dropped_tx"`
	DroppedWrittenBy uint64 `json:"dropped_written_by"`
	// Games are the games that differ between the state kept and the one
	// dropped (nil when they could not be compared: Compared false).
	Games    []GameDiff `json:"games"`
	Compared bool       `json:"compared"`
}

// GameDiff is one game as the state kept and the state dropped hold it.
type GameDiff struct {
	ID      string   `json:"id"`
	Players []string `json:"players"`
	// Hands counted in each state; -1 where the state does not hold the game.
	KeptHands    int `json:"kept_hands"`
	DroppedHands int `json:"dropped_hands"`
}

// String says it in a clause: "game k3x9qa (Ann, Bob and Cat): 7 hands
// kept, 6 in the state dropped".
func (d GameDiff) String() string {
	s := fmt.Sprintf("game %s (%s): ", d.ID, words.Join(d.Players))
	switch {
	case d.DroppedHands < 0:
		return s + fmt.Sprintf("kept, %s; not in the state dropped", words.Count(d.KeptHands, "hand"))
	case d.KeptHands < 0:
		return s + fmt.Sprintf("lost, %s; only in the state dropped", words.Count(d.DroppedHands, "hand"))
	case d.KeptHands == d.DroppedHands:
		return s + fmt.Sprintf("%s in both, changed since the state dropped (a correction, an undo or a redo)", words.Count(d.KeptHands, "hand"))
	}
	return s + fmt.Sprintf("%s kept, %d in the state dropped", words.Count(d.KeptHands, "hand"), d.DroppedHands)
}

// ForgedError is the meta page in use naming another transaction than the
// one its state records: the page was forged, or written by another
// program. It comes inside a *CorruptError.
type ForgedError struct {
	Named, Recorded uint64
	// Back, when not 0, is the transaction whose state the other meta page
	// holds, sound and recording it: the state doctor --accept-older
	// (Options.AcceptOlder) goes back to.
	Back uint64
}

func (e *ForgedError) Error() string {
	s := fmt.Sprintf("its record of its last change does not match its data: the meta page in use names transaction %d, but the data it points at was written by transaction %d; that meta page was forged, or the file was written by another program", e.Named, e.Recorded)
	if e.Back != 0 {
		s += fmt.Sprintf("; the other meta page holds the state transaction %d wrote, which records it", e.Back)
	}
	return s
}

// shrunkError is the meta page in use naming the transaction after the
// other's while holding fewer pages than it: no crash leaves that. When
// the state it points at records another transaction (forged), it is an
// older state relabelled as the next after a change that grew the file,
// and the newest state may be sound on the other page.
type shrunkError struct {
	disagree error
	Newer    boltfile.Meta
	forged   *ForgedError // nil unless the state under Newer records another transaction
}

func (e *shrunkError) Error() string {
	if e.forged == nil {
		return e.disagree.Error()
	}
	return e.disagree.Error() + "; " + e.forged.Error()
}

func (e *shrunkError) Unwrap() error {
	if e.forged == nil {
		return nil
	}
	return e.forged
}

// stateRecord reads the transaction the state under meta page m records
// as its last change, from the file itself (not through bbolt, which
// opens only the state of the newer meta page). found is false when the
// state holds no such record.
func stateRecord(f *os.File, m boltfile.Meta) (tx uint64, found bool, err error) {
	kept, found, err := boltfile.Value(boltfile.NewReader(f), int(m.PageSize), m.PGID, m.Root, bucketMeta, keyLastTx)
	if err != nil || !found {
		return 0, false, err
	}
	v, ok := unseal(bucketMeta, keyLastTx, kept)
	if !ok || len(v) != 8 {
		return 0, false, fmt.Errorf("its record of its last change %v", errChecksum)
	}
	return binary.BigEndian.Uint64(v), true, nil
}

// soundOther looks at the meta page other than m (the one in use, whose
// state was written by transaction rec, not the one it names): the state
// to go back to, or why there is none. page is m's page.
func soundOther(f *os.File, size int64, m boltfile.Meta) (o boltfile.Meta, page int, err error) {
	m0, ok0 := boltfile.ReadMeta(f, 0)
	m1, ok1 := boltfile.ReadMeta(f, int64(m.PageSize))
	page, o, ok := 0, m1, ok1
	if !ok0 || m0.TxID != m.TxID {
		page, o, ok = 1, m0, ok0
	}
	switch {
	case !ok:
		return o, page, errors.New("is damaged")
	case o.PageSize != m.PageSize || o.TxID+1 != m.TxID || uint64(page) != m.TxID%2 || o.TxID == 0:
		return o, page, fmt.Errorf("names transaction %d, not the one before %d", o.TxID, m.TxID)
	case o.PGID < 2 || size < int64(o.PGID)*int64(o.PageSize):
		return o, page, fmt.Errorf("names transaction %d, whose state lies past the end of the file", o.TxID)
	}
	w := newWalker(boltfile.NewReader(f), int(o.PageSize), o.PGID, false)
	w.Tree(o.Root, 0, boltfile.From{What: "the root bucket"})
	w.Freelist(o.Freelist)
	if err := w.Err(); err != nil {
		return o, page, fmt.Errorf("names transaction %d, whose state is damaged (%v)", o.TxID, err)
	}
	rec, found, err := stateRecord(f, o)
	switch {
	case err != nil:
		return o, page, fmt.Errorf("names transaction %d, whose state is damaged (%v)", o.TxID, err)
	case !found:
		return o, page, fmt.Errorf("names transaction %d, whose state has no record of its last change", o.TxID)
	case rec != o.TxID:
		return o, page, fmt.Errorf("names transaction %d, but its state was written by transaction %d", o.TxID, rec)
	}
	return o, page, nil
}

// forgedBack is, for a file refused as forged (the meta page in use m),
// the transaction whose state the other meta page holds if doctor
// --accept-older can go back to it, or 0.
func forgedBack(f *os.File, m boltfile.Meta) uint64 {
	fi, err := f.Stat()
	if err != nil {
		return 0
	}
	if o, _, err := soundOther(f, fi.Size(), m); err == nil {
		return o.TxID
	}
	return 0
}

// recoverForged, in an open with AcceptOlder of a file whose meta page in
// use (m) names another transaction than its state records, goes back to
// the other meta page's state if it is sound (see the top of this file):
// the file is copied aside, then the forged page marked damaged. With no
// sound state to go back to, it is an error and nothing is written. A file
// whose meta page in use is not forged is left to the open (nil, nil).
func recoverForged(f *os.File, path string, size int64, m boltfile.Meta) (*Recovery, error) {
	rec, found, err := stateRecord(f, m)
	if err != nil || !found || rec == m.TxID {
		return nil, nil // the open says what is wrong, if anything
	}
	o, page, err := soundOther(f, size, m)
	if err != nil {
		return nil, &CorruptError{Path: path, Err: fmt.Errorf("%w; the other meta page %v, so there is no sound state to go back to; nothing was written",
			&ForgedError{Named: m.TxID, Recorded: rec}, err)}
	}
	r := &Recovery{KeptTx: o.TxID, KeptPage: 1 - page, DroppedPage: page, DroppedTx: m.TxID, DroppedWrittenBy: rec}
	if r.Copy, err = copyAside(f, path); err != nil {
		return nil, err
	}
	// The forged page becomes an older record, damaged: its transaction
	// the one before the state kept, its checksum broken.
	off := int64(page)*int64(m.PageSize) + 16
	b := make([]byte, 64)
	if _, err = f.ReadAt(b, off); err == nil {
		binary.LittleEndian.PutUint64(b[48:], o.TxID-1)
		h := fnv.New64a()
		h.Write(b[:56])
		binary.LittleEndian.PutUint64(b[56:], ^h.Sum64())
		if _, err = f.WriteAt(b[48:], off+48); err == nil {
			err = f.Sync()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cannot set the forged meta page aside (%s); the file was copied to %s first", ioProblem(err), r.Copy)
	}
	return r, nil
}

// compareRecovered fills r.Games: the games that differ between the state
// kept (db's) and the one dropped, read from the copy made first.
func (db *DB) compareRecovered(r *Recovery) {
	read := func(d *DB) (map[string]Summary, error) {
		all := map[string]Summary{}
		_, err := d.List(0, func(s Summary) error {
			s.Current = false
			all[s.ID] = s
			return nil
		})
		return all, err
	}
	kept, err := read(db)
	if err != nil {
		return
	}
	cp, err := Open(r.Copy, Options{ReadOnly: true, forged: true})
	if err != nil {
		return
	}
	defer cp.Close()
	dropped, err := read(cp)
	if err != nil {
		return
	}
	ids := map[string]bool{}
	for id := range kept {
		ids[id] = true
	}
	for id := range dropped {
		ids[id] = true
	}
	r.Games, r.Compared = []GameDiff{}, true
	for id := range ids {
		k, inKept := kept[id]
		d, inDropped := dropped[id]
		if inKept && inDropped && reflect.DeepEqual(k, d) {
			continue
		}
		g := GameDiff{ID: id, KeptHands: -1, DroppedHands: -1}
		if inKept {
			g.KeptHands, g.Players = k.Hands, k.Players
		}
		if inDropped {
			g.DroppedHands = d.Hands
			if !inKept {
				g.Players = d.Players
			}
		}
		r.Games = append(r.Games, g)
	}
	slices.SortFunc(r.Games, func(a, b GameDiff) int { return strings.Compare(a.ID, b.ID) })
}
