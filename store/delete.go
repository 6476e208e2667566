package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Delete removes one game whole (its log, its summary, its id), in one
// transaction, after writing a copy of the file as it was beside it (whole
// or not at all, see writeBeside): so that one game that cannot be read
// (damaged, or holding what an export cannot write) never holds the rest
// hostage, and nothing is lost for good. Its log is not read: a damaged
// game can go. The id must be given (a unique start will do); when it was
// the current game, the remaining game played most recently (its last
// event the latest) becomes current, in the same transaction, or none
// when no game remains, so that board and hand go on with a game.
func (db *DB) Delete(id string) (Deleted, error) {
	if strings.TrimSpace(id) == "" {
		return Deleted{}, &NotFoundError{ID: id}
	}
	var full, copyPath string
	var d Deleted
	// The copy first, from a read of the file as it is. In a file of an
	// older schema not yet upgraded, view reads in an upgrade it rolls
	// back, and the copy is of the file as it was before it (bbolt writes
	// nothing before a commit). This process holds the file's exclusive
	// lock throughout, so nothing comes between.
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		if full, _, err = resolveID(tx, id); err != nil {
			return err
		}
		copyPath, err = writeBeside(db.path, fmt.Sprintf("%s.before-delete-%s-%s", db.path, full, time.Now().UTC().Format("20060102-150405")), func(f *os.File) error {
			_, err := tx.WriteTo(f)
			return err
		})
		if err != nil {
			return fmt.Errorf("cannot keep a copy of the file before deleting (%s); nothing was deleted", ioProblem(err))
		}
		return nil
	})
	if err != nil {
		return Deleted{}, err
	}
	err = db.update(func(tx *bolt.Tx) error {
		_, num, err := resolve(tx, full)
		if err != nil {
			return err
		}
		prefix := gameKey(num)
		if err := checkRangePages(tx, prefix, gameKey(num+1)); err != nil {
			return err
		}
		// Deleting may merge a leaf with its neighbour: every page of the
		// summaries and the index of ids is checked (see checkFile).
		for _, name := range [][]byte{bucketSummaries, bucketIDs} {
			if err := checkRange(tx, name, nil, nil); err != nil {
				return err
			}
		}
		// Seek again after each delete: a cursor's Next skips the key after
		// one it deleted.
		c := tx.Bucket(bucketEvents).Cursor()
		for k, _ := c.Seek(prefix); bytes.HasPrefix(k, prefix); k, _ = c.Seek(prefix) {
			if err := c.Delete(); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketSummaries).Delete(prefix); err != nil {
			return err
		}
		if err := tx.Bucket(bucketIDs).Delete([]byte(full)); err != nil {
			return err
		}
		meta := tx.Bucket(bucketMeta)
		if cur, err := readCurrent(tx); err != nil || string(cur) != full {
			return err
		}
		d.WasCurrent = true
		next, err := playedLast(tx)
		if err != nil {
			return err
		}
		if next == nil {
			return meta.Delete(keyCurrent)
		}
		d.Current = *next
		return putCurrent(tx, next.ID)
	})
	if err != nil {
		return Deleted{}, err
	}
	d.ID, d.Copy = full, copyPath
	return d, nil
}

// Deleted is what Delete did.
type Deleted struct {
	ID   string // the game's full id
	Copy string // the copy of the file as it was before
	// WasCurrent: it was the current game; Current is the one that is now
	// (its ID empty when no game remains).
	WasCurrent bool
	Current    Summary
}

// playedLast is the summary of the game (among those a read sees) whose
// last event is the latest, the later created on a tie; nil when there is
// none. A game whose log or summary cannot be read is passed over: doctor
// reports it. Damage to the summaries' pages is an error.
func playedLast(tx *bolt.Tx) (*Summary, error) {
	var best []byte
	var bestAt time.Time
	err := eachVisible(tx, bucketSummaries, pendingOf(tx), false, func(k, _ []byte) error {
		if len(k) != 8 {
			return nil
		}
		if at, ok := lastChange(tx, numOf(k)); ok && (best == nil || !at.Before(bestAt)) {
			best, bestAt = slices.Clone(k), at
		}
		return nil
	})
	if err != nil || best == nil {
		return nil, err
	}
	v, err := summaryValue(tx, best, tx.Bucket(bucketSummaries).Get(best))
	if err != nil {
		return nil, nil
	}
	var s Summary
	if err := json.Unmarshal(v, &s); err != nil || s.ID == "" {
		return nil, nil
	}
	s.Seq = numOf(best)
	return &s, nil
}

// lastChange is the time of game num's last event; ok is false when it
// cannot be read.
func lastChange(tx *bolt.Tx, num uint64) (at time.Time, ok bool) {
	err := eachInRange(tx, bucketEvents, gameKey(num), gameKey(num+1), true, func(k, v []byte) error {
		if raw, sound := unseal(bucketEvents, k, v); sound && len(k) == 12 {
			e, err := decodeEvent(raw)
			at, ok = e.At, err == nil
		}
		return errStop
	})
	return at, ok && err == errStop
}
