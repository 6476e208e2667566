package store

import (
	"cmp"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"syscall"

	bolt "go.etcd.io/bbolt"
)

// view and update run a transaction so that a damaged file can never crash
// unoscore: bbolt panics on a page it cannot make sense of (and a read past
// the end of a cut-short file faults, which the command line turns into a
// panic), and either becomes a CorruptError here. bbolt rolls the
// transaction back first, so nothing half-written stays.
//
// An older file opened to write is upgraded by its first change that goes
// ahead, in the same transaction: input it refuses leaves the file, and no
// backup, behind. The backup is written inside that transaction just
// before it commits, when nothing has yet been written to the file: it is
// the file as it was. A read before that (a command that looks a game up
// by name, say) reads it as upgraded, in a transaction then rolled back.
//
// A change that went ahead but could not be written (a full disk) is a
// WriteError: one sentence saying that nothing of it was saved.
func (db *DB) view(fn func(tx *bolt.Tx) error) error { return db.run(false, fn) }

func (db *DB) update(fn func(tx *bolt.Tx) error) error { return db.run(true, fn) }

// errRollback ends a transaction that must write nothing.
var errRollback = errors.New("rolled back")

func (db *DB) run(write bool, fn func(tx *bolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer recoverDamage(db.path, &err)
	from := db.pending
	if !write && from == 0 {
		return db.bolt.View(fn)
	}
	if !write && from >= 5 {
		// An older file opened to write, read before its first change:
		// as a read-only open reads it (db.older), not upgraded and rolled
		// back, which would work out every summary afresh for each read.
		return db.bolt.View(fn)
	}
	decided := false
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		if from > 0 {
			if err := db.migrateSteps(tx, from); err != nil {
				return err
			}
		}
		if err := fn(tx); err != nil || !write {
			return cmp.Or(err, errRollback)
		}
		decided = true
		if from == 0 {
			return nil
		}
		return db.backup(tx, from)
	})
	switch {
	case err == errRollback:
		return nil
	case err != nil && decided:
		return &WriteError{Path: db.path, Err: err}
	case err == nil:
		db.pending, db.older = 0, 0
	}
	return err
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

// WriteError is a change that was decided but could not be written to the
// file (a full disk, a failing one): bbolt rolled it back, so every game
// reads as before it; but not every byte is as it was: the change's pages
// may have gone into the file's free space, or grown the file.
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string {
	return fmt.Sprintf("the change could not be written to %s (%s), so nothing of it was saved: every game reads as before it (only space the file does not use may have been written, or added)", e.Path, ioProblem(e.Err))
}

func (e *WriteError) Unwrap() error { return e.Err }

// ioProblem is what the system said of a failed read or write ("no space
// left on device"), without the layers of names around it ("meta 0 copy:
// write /path:"), or the error itself when it is not the system's.
func ioProblem(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	// bbolt writes some with %s ("file resize error: truncate PATH: file
	// too large"): the system's words come last.
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		return msg[i+2:]
	}
	return msg
}
