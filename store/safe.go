package store

import (
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	bolt "go.etcd.io/bbolt"
)

// view and update run a transaction so that a damaged file can never crash
// unoscore: bbolt panics on a page it cannot make sense of (and a read past
// the end of a cut-short file faults, which the command line turns into a
// panic), and either becomes a CorruptError here. bbolt rolls the
// transaction back first, so nothing half-written stays.
//
// An older file opened to write is upgraded by its first change; a read
// before that (a command that looks a game up by name, say) reads it as
// upgraded, in a transaction that is then rolled back.
func (db *DB) view(fn func(tx *bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer recoverDamage(db.path, &err)
	if from := db.pending; from > 0 {
		err := db.bolt.Update(func(tx *bolt.Tx) error {
			if err := db.migrateSteps(tx, from); err != nil {
				return err
			}
			if err := fn(tx); err != nil {
				return err
			}
			return errRollback
		})
		if err == errRollback {
			err = nil
		}
		return err
	}
	return db.bolt.View(fn)
}

// errRollback ends a transaction that must write nothing.
var errRollback = errors.New("rolled back")

// update also upgrades an older file, in the same transaction as the first
// change that goes ahead: input it refuses leaves the file, and no backup,
// behind. The backup is written inside that transaction just before it
// commits, when nothing has yet been written to the file: it is the file as
// it was.
func (db *DB) update(fn func(tx *bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer recoverDamage(db.path, &err)
	if from := db.pending; from > 0 {
		err := db.bolt.Update(func(tx *bolt.Tx) error {
			if err := db.migrateSteps(tx, from); err != nil {
				return err
			}
			if err := fn(tx); err != nil {
				return err
			}
			return db.backup(tx, from)
		})
		if err == nil {
			db.pending = 0
		}
		return err
	}
	return db.bolt.Update(fn)
}

// openBolt is bolt.Open, with a damaged file's panic or fault turned into a
// CorruptError.
func openBolt(path string, o *bolt.Options) (b *bolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer recoverDamage(path, &err)
	return bolt.Open(path, 0o600, o)
}

func recoverDamage(path string, err *error) {
	if r := recover(); r != nil {
		*err = &CorruptError{Path: path, Err: fmt.Errorf("reading it failed: %v", r)}
	}
}

// lightly runs a long read (an export, a check of every page) while
// releasing the pages of the memory map it has read every few milliseconds,
// so its memory stays small however big the file is.
func (db *DB) lightly(fn func() error) error {
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				db.releaseMapped()
			}
		}
	}()
	err := fn()
	close(stop)
	<-done
	return err
}
