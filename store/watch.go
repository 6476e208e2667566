package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/store/internal/boltfile"
)

// Stamp tells one state of the database file from another without opening
// it: every committed write transaction raises bbolt's transaction id, and
// a file replaced by another has another size, time or transaction id.
type Stamp struct {
	TxID    uint64
	Size    int64
	ModTime time.Time
}

// ReadStamp reads the file's stamp from its two meta pages, without taking
// its lock: a watcher that polls it never makes another unoscore wait. A
// meta page being written at that moment fails its checksum and the other
// one is read; ErrNoDatabase means there is no file yet.
func ReadStamp(path string) (Stamp, error) {
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Stamp{}, ErrNoDatabase
	}
	if err != nil {
		return Stamp{}, fmt.Errorf("cannot read the database: %w", err)
	}
	st := Stamp{Size: info.Size(), ModTime: info.ModTime()}
	if info.Size() == 0 {
		return st, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return Stamp{}, fmt.Errorf("cannot read the database: %w", err)
	}
	defer f.Close()
	m0, ok0 := boltfile.ReadMeta(f, 0)
	if m0.PageSize == 0 {
		return Stamp{}, &CorruptError{Path: path, Err: errors.New("not a bbolt file")}
	}
	if ok0 {
		st.TxID = m0.TxID
	}
	if m1, ok1 := boltfile.ReadMeta(f, int64(m0.PageSize)); ok1 {
		st.TxID = max(st.TxID, m1.TxID)
	}
	return st, nil
}

// Current is the current game's id, or "" before the first game.
func (db *DB) Current() (string, error) {
	var id string
	err := db.view(func(tx *bolt.Tx) error {
		cur, err := readCurrent(tx)
		id = string(cur)
		return err
	})
	return id, err
}
