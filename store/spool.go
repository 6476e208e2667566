package store

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// A spool holds the games of an import that were checked but not yet
// written, each as it will be stored (its events and summary encoded), so
// that writing them decodes and replays nothing. An import reads and
// checks the whole export before it opens the database: a stalled input
// never holds the lock, and nothing it refuses is found after a batch was
// written (bbolt never gives back the space a batch took). The games go to
// a temporary file, not memory, so that an import of any size stays within
// a few MiB (TestImportMemoryAnyOrder); they are read back by their place
// in the export. An import of keptInMemory games or fewer keeps them in
// memory and makes no file.
type spool struct {
	dbPath  string
	mem     []stagedGame // the games, while there are no more than keptInMemory
	f       *os.File
	removed bool
	w       *bufio.Writer
	at      []int64 // where each game begins, then where the last ends
}

type stagedGame struct {
	events  [][]byte
	summary []byte
}

// put adds one checked game, the next in the export's order. The first
// makes the temporary file beside the database (where the database fits,
// its import does), or in the system's temporary folder if that is not
// writable; it is removed at once where an open file can be, so a kill
// leaves nothing behind.
func (s *spool) put(g stagedGame) error {
	if s.f == nil && len(s.mem) < keptInMemory {
		s.mem = append(s.mem, g)
		return nil
	}
	if s.f == nil {
		f, err := os.CreateTemp(filepath.Dir(s.dbPath), "."+filepath.Base(s.dbPath)+".import-*")
		if err != nil {
			if f, err = os.CreateTemp("", "unoscore-import-*"); err != nil {
				return fmt.Errorf("cannot make a temporary file to check the export in (%s); nothing was imported", ioProblem(err))
			}
		}
		s.f, s.w, s.at = f, bufio.NewWriterSize(f, 64<<10), []int64{0}
		s.removed = os.Remove(f.Name()) == nil
		for _, h := range s.mem {
			if err := s.write(h); err != nil {
				return err
			}
		}
		s.mem = nil
	}
	return s.write(g)
}

func (s *spool) write(g stagedGame) error {
	b := binary.AppendUvarint(nil, uint64(len(g.events)))
	for _, v := range append(slices.Clip(g.events), g.summary) {
		b = append(binary.AppendUvarint(b, uint64(len(v))), v...)
	}
	if _, err := s.w.Write(b); err != nil {
		return keepProblem(err)
	}
	s.at = append(s.at, s.at[len(s.at)-1]+int64(len(b)))
	return nil
}

// done ends the writing.
func (s *spool) done() error {
	if s.f == nil {
		return nil
	}
	return keepProblem(s.w.Flush())
}

// close closes and removes the temporary file, if there is one.
func (s *spool) close() {
	if s.f != nil {
		s.f.Close()
		if !s.removed {
			os.Remove(s.f.Name())
		}
	}
}

// keepProblem says that a game could not be kept in the temporary file.
func keepProblem(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("cannot keep the checked games of the import in a temporary file (%s); nothing was imported", ioProblem(err))
}

// errSpool: the temporary file does not read back what was written to it.
var errSpool = errors.New("the temporary file of the import does not read back what was written to it")

// get reads back the game at index of the export.
func (s *spool) get(index int) (stagedGame, error) {
	if s.f == nil {
		return s.mem[index], nil
	}
	b := make([]byte, s.at[index+1]-s.at[index])
	if _, err := s.f.ReadAt(b, s.at[index]); err != nil {
		return stagedGame{}, errSpool
	}
	r := bytes.NewReader(b)
	next := func() ([]byte, error) {
		n, err := binary.ReadUvarint(r)
		if err != nil || n > uint64(r.Len()) {
			return nil, errSpool
		}
		v := make([]byte, n)
		_, err = io.ReadFull(r, v)
		return v, err
	}
	count, err := binary.ReadUvarint(r)
	if err != nil || count > uint64(r.Len()) {
		return stagedGame{}, errSpool
	}
	g := stagedGame{events: make([][]byte, count)}
	for i := range g.events {
		if g.events[i], err = next(); err != nil {
			return g, err
		}
	}
	g.summary, err = next()
	return g, err
}

// importBatch is how many games an import writes per transaction: a
// transaction holds bbolt's pages for all of them until it commits.
const importBatch = 100

// keptInMemory is how many checked games an import keeps in memory
// before it puts them all in a temporary file (see spool).
const keptInMemory = 500

// ImportChecked adds the games of a checked export, all or nothing: an id
// already in the database stops it before anything is written.
//
// It writes them in batches, each in a transaction of its own, oldest
// first so that every key is appended (memory and the pages touched stay
// small whatever the export's order). All or nothing still holds if the
// process is killed in the middle: the first batch's transaction marks the
// import unfinished, the last one removes the mark, and opening a file
// that still has the mark removes every game the unfinished import wrote
// (see discardImport). An import of one batch or less is one transaction.
func (db *DB) ImportChecked(c *CheckedImport) (int, error) {
	if len(c.ids) == 0 {
		return 0, nil // nothing to add, nothing to change
	}
	if err := db.noneTaken(c.ids); err != nil {
		return 0, err
	}
	im := &importer{db: db, c: c}
	for end := len(c.made); end > 0; end -= importBatch {
		if err := im.write(max(0, end-importBatch), end); err != nil {
			if im.begun {
				if _, derr := db.discardImport(); derr != nil {
					return 0, fmt.Errorf("%w; and then: %w", err, derr)
				}
			}
			return 0, err
		}
	}
	return len(c.ids), nil
}

// noneTaken refuses an import whose games' ids are already in the
// database. (A file of an older schema is read upgraded, in a transaction
// then rolled back: see view.)
func (db *DB) noneTaken(ids []string) error {
	return db.view(func(tx *bolt.Tx) error {
		for _, id := range ids {
			if taken, err := idTaken(tx, id); err != nil || taken {
				return cmp.Or(err, takenError(id))
			}
		}
		return nil
	})
}

func takenError(id string) error {
	return &ImportError{Msg: fmt.Sprintf("game %s is already in the database; nothing was imported", id)}
}

// importer writes the games of a checked import in batches. The game at
// place pos of made (newest first) is numbered from+2^32-pos, from the
// counter before the import: the keys are the order of creation (see
// listSorted) whatever the export's order, and every number is above
// every game already in the file.
type importer struct {
	db    *DB
	c     *CheckedImport
	begun bool // a batch was written, and with it the mark
	from  uint64
}

// write writes the games at places lo to hi-1 of made in one transaction,
// oldest first, so every key is appended. The first batch that is not also
// the last marks the import unfinished; until the last, what is written is
// hidden from every read (see pendingOf), and removed if the import never
// ends (discardImport). The last makes the import whole: the game numbers
// carry on above it, the current game is set if there was none, and the
// mark goes.
func (im *importer) write(lo, hi int) error {
	last := lo == 0
	err := im.db.update(func(tx *bolt.Tx) (err error) {
		meta, ids, events, sums := tx.Bucket(bucketMeta), tx.Bucket(bucketIDs), tx.Bucket(bucketEvents), tx.Bucket(bucketSummaries)
		if !im.begun {
			if err := checkCounter(tx); err != nil {
				return err
			}
			if im.from, err = counter(tx); err != nil {
				return err
			}
			if !last {
				if err := meta.Put(keyImport, gameKey(im.from)); err != nil {
					return err
				}
			}
		}
		base := im.from + 1<<32
		first, end := gameKey(base-uint64(hi-1)), gameKey(base-uint64(lo)+1)
		if err := checkRangePages(tx, first, end); err != nil {
			return err
		}
		if err := checkRange(tx, bucketSummaries, first, end); err != nil {
			return err
		}
		events.FillPercent, sums.FillPercent = 1, 1
		for pos := hi - 1; pos >= lo; pos-- {
			index, num := im.c.made[pos].index, base-uint64(pos)
			g, err := im.c.games.get(index)
			if err != nil {
				return err
			}
			id := []byte(im.c.ids[index])
			if taken, err := idTaken(tx, string(id)); err != nil || taken {
				return cmp.Or(err, takenError(string(id)))
			}
			if err := numberFree(tx, num); err != nil {
				return err
			}
			if err := putSealed(ids, bucketIDs, id, gameKey(num)); err != nil {
				return err
			}
			for i, e := range g.events {
				if err := putSealed(events, bucketEvents, eventKey(num, i+1), e); err != nil {
					return err
				}
			}
			if err := putSealed(sums, bucketSummaries, gameKey(num), g.summary); err != nil {
				return err
			}
		}
		if !last {
			return nil
		}
		if err := setCounter(tx, max(im.from, base)); err != nil {
			return err
		}
		if meta.Get(keyCurrent) == nil && im.c.current != "" {
			if err := putCurrent(tx, im.c.current); err != nil {
				return err
			}
		}
		return meta.Delete(keyImport)
	})
	if err == nil && !last {
		im.begun = true
	}
	return err
}

// discardImport removes what an unfinished import wrote (see pendingOf:
// only numbers from the mark it left + 2^32 down to just above the
// counter), a batch of keys per transaction, and then the mark; it returns
// how many games it removed. Killed in the middle, it carries on at the
// next write. A mark that covers no game in use removes nothing but
// itself.
func (db *DB) discardImport() (int, error) {
	const budget = 20000
	removed := 0
	for {
		done := false
		err := db.update(func(tx *bolt.Tx) error {
			meta := tx.Bucket(bucketMeta)
			if meta.Get(keyImport) == nil {
				done = true
				return nil
			}
			p := pendingOf(tx)
			if p.lo == 0 {
				done = true
				return meta.Delete(keyImport)
			}
			if err := checkRangePages(tx, gameKey(p.lo), nil); err != nil {
				return err
			}
			// Deleting may merge a leaf with the one before it: every page
			// of the summaries is checked (see checkFile).
			if err := checkRange(tx, bucketSummaries, nil, nil); err != nil {
				return err
			}
			left := budget
			for _, name := range [][]byte{bucketEvents, bucketSummaries} {
				c := tx.Bucket(name).Cursor()
				from := gameKey(p.lo)
				for k, _ := c.Seek(from); len(k) >= 8 && p.has(binary.BigEndian.Uint64(k)); k, _ = c.Seek(from) {
					if left == 0 {
						return nil // more next time
					}
					if err := c.Delete(); err != nil {
						return err
					}
					left--
				}
			}
			// Every id is read, and deleting may merge leaves.
			if err := checkRange(tx, bucketIDs, nil, nil); err != nil {
				return err
			}
			ids := tx.Bucket(bucketIDs)
			var doomed [][]byte
			err := ids.ForEach(func(k, v []byte) error {
				if n, err := idValue(tx, k, v); err != nil || p.has(n) {
					// A damaged entry is left for doctor to report.
					if err == nil {
						doomed = append(doomed, slices.Clone(k))
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			for _, k := range doomed {
				if err := ids.Delete(k); err != nil {
					return err
				}
			}
			removed = len(doomed)
			done = true
			return meta.Delete(keyImport)
		})
		if err != nil || done {
			return removed, err
		}
	}
}
