package store

import (
	"bytes"
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
// the current game, there is no current game after it. It returns the
// game's full id and the copy's path.
func (db *DB) Delete(id string) (string, string, error) {
	if strings.TrimSpace(id) == "" {
		return "", "", &NotFoundError{ID: id}
	}
	var full, copyPath string
	// The copy first, from a read of the file as it is (a copy made in the
	// writing transaction would name that transaction, which is not the
	// one that wrote the state copied: see lastchange.go). This process
	// holds the file's exclusive lock throughout, so nothing comes between.
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		if full, _, err = resolve(tx, id); err != nil {
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
		return "", "", err
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
		events := tx.Bucket(bucketEvents)
		var doomed [][]byte
		c := events.Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			doomed = append(doomed, slices.Clone(k))
		}
		for _, k := range doomed {
			if err := events.Delete(k); err != nil {
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
		if string(meta.Get(keyCurrent)) == full {
			return meta.Delete(keyCurrent)
		}
		return nil
	})
	if err != nil {
		return "", "", err
	}
	return full, copyPath, nil
}
