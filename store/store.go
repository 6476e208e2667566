// Package store keeps unoscore's games in one bbolt file. Each game is an
// append-only log of events (created, hand, void, correct, rename); the
// logs of all games share one bucket, keyed by the game's number and the
// event's, so a game's events lie side by side and a game costs what its
// events weigh. A small summary per game, written in the same transaction
// as each event, lets the list of games be read without replaying every
// log. Nothing is ever overwritten: an undo or a correction is one more
// event.
package store

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store/internal/boltfile"
	"github.com/unoscore/unoscore/store/internal/flock"
)

// SchemaVersion is the layout of the file this unoscore writes. A change
// to how a summary is worked out from its log (the rules of scoring, the
// player statistics, what a summary holds) bumps it too, with the step that
// writes every summary afresh (rewriteSummaries): a summary is written only
// when its game changes, and doctor holds a kept summary to its log.
const SchemaVersion = 8

// DefaultTimeout is how long a command waits for another unoscore to let go
// of the file.
const DefaultTimeout = 2 * time.Second

// allocSize is how much the file grows by at a time, once past it.
const allocSize = 1 << 20

// The layout of schemas 4 and 5. A game's number is its place in the
// order of creation in this file, 8 bytes big-endian; an event's number is
// its place in its game's log, from 1, 4 bytes big-endian. Schema 5 ends
// every value of the ids, summaries and events buckets with a checksum,
// and keeps the counter of games in the meta bucket (see seal.go).
var (
	bucketMeta      = []byte("meta")
	bucketIDs       = []byte("ids")       // game id -> game number
	bucketSummaries = []byte("summaries") // game number -> summary (JSON)
	bucketEvents    = []byte("events")    // game number + event number -> event (JSON)
	keySchema       = []byte("schema")
	keyCurrent      = []byte("current") // the current game's id
	keyImport       = []byte("import")  // an unfinished import: the highest game number before it
)

// The layout of schemas 1 to 3: a bucket per game inside "games", summaries
// keyed by id, and (from schema 2) an index of the order of creation.
var (
	bucketGames = []byte("games")
	bucketOrder = []byte("order") // creation sequence -> game id
)

// layout is the buckets every schema 4 file has.
var layout = [][]byte{bucketIDs, bucketSummaries, bucketEvents}

// ErrNoDatabase: a read found no database file.
var ErrNoDatabase = errors.New("no database yet")

// ErrNoGame: there is no game to show or change (no id was given and there
// is no current game).
var ErrNoGame = &NotFoundError{}

// NotFoundError is a game id that names no game; an empty ID means no game
// was named and there is none yet.
type NotFoundError struct {
	ID    string
	Named bool // names were looked for too
}

func (e *NotFoundError) Error() string {
	switch {
	case e.ID == "":
		return "there is no game yet"
	case e.Named:
		return fmt.Sprintf("no game has the id or name %q", e.ID)
	}
	return fmt.Sprintf("no game has the id %q", e.ID)
}

// Is makes it scoring.ErrNotFound to errors.Is.
func (e *NotFoundError) Is(target error) bool { return target == scoring.ErrNotFound }

// SameNameError is a name that several games share.
type SameNameError struct {
	Name    string
	IDs     []string    // newest first
	Created []time.Time // of each
}

func (e *SameNameError) Error() string {
	var ids []string
	for i, id := range e.IDs {
		ids = append(ids, id+" (started "+e.Created[i].Local().Format("2006-01-02 15:04")+")")
	}
	return fmt.Sprintf("%d games are called %q: %s", len(e.IDs), e.Name, strings.Join(ids, ", "))
}

// Invalid marks the error as bad input.
func (e *SameNameError) Invalid() bool { return true }

// Invalid marks the error as bad input.
func (e *NotFoundError) Invalid() bool { return true }

// AmbiguousError is the start of an id shared by several games.
type AmbiguousError struct {
	Prefix  string
	Matches []string // the ids it could be, in order, at most 10
	More    bool     // there are more than Matches
}

func (e *AmbiguousError) Error() string {
	more := ""
	if e.More {
		more = " and more"
	}
	return fmt.Sprintf("%q could be any of %s%s", e.Prefix, strings.Join(e.Matches, ", "), more)
}

// Invalid marks the error as bad input.
func (e *AmbiguousError) Invalid() bool { return true }

// LockedError is a database held by another process past the wait.
type LockedError struct {
	Path string
	Wait time.Duration
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("the database %s is in use by another unoscore (waited %s)", e.Path, e.Wait)
}

// Is makes it scoring.ErrLocked to errors.Is.
func (e *LockedError) Is(target error) bool { return target == scoring.ErrLocked }

// CorruptError is a file that is not a readable unoscore database.
type CorruptError struct {
	Path string
	Err  error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("the database %s is damaged or not a unoscore database (%v); it was left untouched", e.Path, e.Err)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// NewerError is a database written by a newer unoscore.
type NewerError struct {
	Path    string
	Version int
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("the database %s was written by a newer unoscore (schema %d; this one knows %d); it was left untouched", e.Path, e.Version, SchemaVersion)
}

// Options say how to open the database.
type Options struct {
	ReadOnly bool // a shared lock; the file must exist
	// Timeout is how long to wait for another process: 0 means
	// DefaultTimeout, a negative one not to wait at all.
	Timeout time.Duration
	// NoCreate: a missing or empty file is not made into a database
	// (ErrNoDatabase), so a command with nothing to change writes nothing.
	NoCreate bool
	// AcceptOlder opens a file whose newest meta page is damaged at the
	// state before it, after copying the file aside (see OlderError).
	AcceptOlder bool

	retried bool // the path was opened again after its file was replaced
	scratch bool // a private copy (see readOlder): upgraded without a backup
}

// errReplaced: the file at the path changed while its lock was waited for.
var errReplaced = errors.New("the database file was replaced while it was being opened; try again")

// DB is an open unoscore database.
type DB struct {
	bolt *bolt.DB
	path string
	now  func() time.Time
	file *os.File // the same file, read directly to check pages before bbolt follows them
	page int      // its page size
	// pending is the schema of an older file opened to write: it is
	// upgraded by the first change, so input refused writes nothing.
	pending int
	// Warning is set when a read sees the older of two states (see
	// OlderError); the caller should show it.
	Warning string
	// Accepted is the copy of the damaged file that AcceptOlder made.
	Accepted  string
	staleMeta string // the older meta page is damaged (OlderError.Stale)
	scratch   bool   // Options.scratch
	temp      string // the private copy read instead of the file, removed by Close
	// older is the schema of a file of schemas 5 to 7 read as it is (opened
	// to read, or to write before its first change), whose summaries older
	// rules worked out (0: this unoscore's): they are worked out afresh
	// where those rules differ (rederive).
	older int
	// Notice is set when opening the file tidied it up (what an import
	// cut short had written was removed); the caller should show it.
	Notice string
}

// OlderError is a file whose newest meta page is damaged: bbolt would
// silently fall back to the state before the last change, and the next
// write would make that loss final.
type OlderError struct {
	Path string
	Page int // the damaged meta page, 0 or 1
	// Stale: the damaged page still says it held the state just before
	// the one in force (its transaction id is one less): only the older
	// record is damaged, nothing is lost, and the next change mends it.
	// Not an error to stop at; said, and the file used as it is.
	Stale bool
}

func (e *OlderError) Error() string {
	if e.Stale {
		return fmt.Sprintf("meta page %d of %s, the older of its two records of what the file holds, is damaged; nothing is lost (the newer record is sound), and the next change writes it afresh", e.Page, e.Path)
	}
	return fmt.Sprintf("the database %s is damaged: meta page %d, the newer of its two records of what the file holds, is unreadable, so the last change to it may be lost; nothing was written", e.Path, e.Page)
}

// open files, for the checks of a game's pages inside a transaction.
var open sync.Map // *bolt.DB -> *DB

// Open opens the database at path, creating it (file 0600, folder 0700)
// unless opts.ReadOnly or opts.NoCreate. A read-only open of a missing or
// empty file returns ErrNoDatabase.
//
// Before bbolt maps the file, and under the lock bbolt then keeps (on
// Windows, under a lock of unoscore's own taken first: see flock), the file
// is checked (checkFile).
func Open(path string, opts Options) (*DB, error) {
	if opts.Timeout == 0 {
		opts.Timeout = DefaultTimeout
	}
	info, err := os.Stat(path)
	created := false
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if opts.ReadOnly || opts.NoCreate {
			return nil, ErrNoDatabase
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, fmt.Errorf("cannot create the folder for the database: %w", err)
		}
		created = true
	case err != nil:
		return nil, fmt.Errorf("cannot read the database: %w", err)
	case info.IsDir():
		return nil, &CorruptError{Path: path, Err: errors.New("it is a folder, not a file")}
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("the database %s is not a regular file (it is a device, a pipe or a socket); give a file with --db or UNOSCORE_DB", path)
	}
	flag := os.O_RDONLY
	switch {
	case created:
		flag = os.O_RDWR | os.O_CREATE | os.O_EXCL
	case !opts.ReadOnly:
		flag = os.O_RDWR
	}
	f, err := os.OpenFile(path, flag, 0o600)
	if created && errors.Is(err, fs.ErrExist) {
		// Another unoscore made it just now.
		created = false
		f, err = os.OpenFile(path, os.O_RDWR, 0o600)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot open the database: %w", err)
	}
	db, err := openChecked(f, path, opts)
	if errors.Is(err, errReplaced) && !opts.retried {
		f.Close()
		opts.retried = true
		return Open(path, opts)
	}
	if err != nil {
		if created {
			// Never leave a file this open made but could not finish (on a
			// full disk, say) for the next command to stumble on.
			os.Remove(path)
		}
		f.Close()
		return nil, err
	}
	return db, nil
}

// afterCheck, when set (by tests), runs after the file is checked and
// before bbolt opens it.
var afterCheck func(path string)

// openChecked locks f and checks its file.
func openChecked(f *os.File, path string, opts Options) (*DB, error) {
	locked, err := flock.Lock(f, !opts.ReadOnly, opts.Timeout)
	if err != nil {
		return nil, fmt.Errorf("cannot lock the database: %w", err)
	}
	if !locked {
		return nil, &LockedError{Path: path, Wait: max(opts.Timeout, 0)}
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cannot read the database: %w", err)
	}
	// The file waited on may have been replaced or removed meanwhile (an
	// import that fails removes the file it created): then this lock guards
	// nothing, and the path is opened again.
	if now, err := os.Stat(path); err != nil || !os.SameFile(fi, now) {
		return nil, errReplaced
	}
	db := &DB{path: path, now: func() time.Time { return time.Now().UTC().Truncate(time.Second) }}
	if fi.Size() == 0 && (opts.ReadOnly || opts.NoCreate) {
		return nil, ErrNoDatabase
	}
	var m boltfile.Meta // the meta page in use
	if fi.Size() > 0 {
		var err error
		m, err = checkFile(f, path, fi.Size(), !opts.ReadOnly)
		var older *OlderError
		switch {
		case errors.As(err, &older) && older.Stale:
			// Only the older record is damaged: nothing is lost, and the
			// next change writes it afresh.
			db.Notice, db.staleMeta = older.Error(), older.Error()
		case errors.As(err, &older) && opts.ReadOnly:
			db.Warning = err.Error()
		case errors.As(err, &older) && opts.AcceptOlder:
			if db.Accepted, err = copyAside(f, path); err != nil {
				return nil, err
			}
		case err != nil:
			return nil, err
		}
		db.page = int(m.PageSize)
	}
	if afterCheck != nil {
		afterCheck(path)
	}
	bo := &bolt.Options{ReadOnly: opts.ReadOnly, Timeout: max(opts.Timeout, time.Millisecond), OpenFile: flock.Opener(f)}
	if flock.PreLocked {
		bo.Timeout = time.Second // the lock is already held by this process
	}
	b, err := openBolt(path, bo)
	if err != nil {
		// A fault inside bbolt's open (a file cut short by another program
		// since it was checked) leaves bbolt's map of it behind, which
		// holds the lock on the file as long as the process lives: serve
		// would find its own file in use for good. The lock is let go
		// here; the map stays.
		_ = flock.Unlock(f)
		switch {
		case errors.Is(err, berrors.ErrTimeout):
			return nil, &LockedError{Path: path, Wait: max(opts.Timeout, 0)}
		case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrChecksum):
			return nil, &CorruptError{Path: path, Err: err}
		}
		var ce *CorruptError
		if errors.As(err, &ce) {
			return nil, err
		}
		return nil, fmt.Errorf("cannot open the database %s: %w", path, err)
	}
	// bbolt grows a file past 16 MiB by 16 MiB at a time, a third of what
	// years of games weigh; 1 MiB steps keep the file near its contents.
	b.AllocSize = allocSize
	db.bolt, db.file = b, f
	if db.page == 0 {
		db.page = b.Info().PageSize
	}
	open.Store(b, db)
	if db.Accepted != "" {
		// One empty commit writes a sound meta page over the damaged one.
		if err := db.update(func(*bolt.Tx) error { return nil }); err != nil {
			db.Close()
			return nil, err
		}
	}
	db.scratch = opts.scratch
	if err := db.init(opts.ReadOnly); err != nil {
		if errors.Is(err, errNeedsMigration) {
			return db.readOlder(opts)
		}
		db.Close()
		return nil, err
	}
	if !opts.ReadOnly && !opts.scratch {
		// Under the exclusive lock: what a killed unoscore left beside
		// the file goes before the next write, and the person is told.
		if swept := sweepBeside(path); swept != "" {
			db.Notice = strings.TrimPrefix(db.Notice+"; "+swept, "; ")
		}
	}
	return db, nil
}

// readOlder reads a file of schema 4 or before, opened to read, through a
// private copy upgraded in the temporary folder: a command that only reads
// never writes the file (a flipped bit in the schema version upgraded a
// newer file once), and a file on a read-only medium can still be read.
// db is closed.
func (db *DB) readOlder(opts Options) (*DB, error) {
	tmp, err := os.CreateTemp("", ".unoscore-read-*.db")
	if err == nil {
		err = db.view(func(tx *bolt.Tx) error {
			_, err := tx.WriteTo(tmp)
			return err
		})
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
	}
	db.Close()
	path := db.path
	older := func(err error) error {
		if tmp != nil {
			os.Remove(tmp.Name())
		}
		var ce *CorruptError
		if errors.As(err, &ce) {
			ce.Path = path
			return err
		}
		return fmt.Errorf("the database %s is of an older schema, which a command that only reads does not upgrade, and it could not be read through a copy (%s): a command that changes it upgrades it, or copy it somewhere writable first", path, ioProblem(err))
	}
	if err != nil {
		return nil, older(err)
	}
	w, err := Open(tmp.Name(), Options{Timeout: opts.Timeout, scratch: true})
	if err != nil {
		return nil, older(err)
	}
	err = w.Upgrade()
	w.Close()
	if err != nil {
		return nil, older(err)
	}
	r, err := Open(tmp.Name(), Options{ReadOnly: true, Timeout: opts.Timeout})
	if err != nil {
		return nil, older(err)
	}
	r.path, r.temp = path, tmp.Name()
	return r, nil
}

// copyAside copies a damaged file byte for byte beside it, before anything
// is written to it.
func copyAside(f *os.File, path string) (string, error) {
	name, err := writeBeside(path, fmt.Sprintf("%s.damaged-%s", path, time.Now().UTC().Format("20060102-150405")), func(out *os.File) error {
		_, err := io.Copy(out, io.NewSectionReader(f, 0, 1<<62))
		return err
	})
	if err != nil {
		return "", fmt.Errorf("cannot copy the damaged file aside (%s); nothing was changed", ioProblem(err))
	}
	return name, nil
}

// writeBeside writes a new file (mode 0600) beside the database at path,
// named base, or base-2, base-3... if that is taken, whole or not at all:
// write fills a temporary file, which is synced and only then given its
// name, so a kill in the middle never leaves a cut-short file under the
// name of a copy. The name is given with a hard link, which never
// replaces a file or follows a link; a file system without hard links gets
// a rename to a name found free. The caller holds the database's exclusive
// lock, so a temporary file of an earlier copy (a kill left it) is
// removed first.
func writeBeside(path, base string, write func(*os.File) error) (string, error) {
	dir := filepath.Dir(path)
	prefix := "." + filepath.Base(path) + ".unfinished-copy-"
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), prefix) && e.Type().IsRegular() {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
	tmp, err := os.CreateTemp(dir, prefix+"*")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	err = write(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	name := base
	for i := 2; ; i++ {
		err := os.Link(tmp.Name(), name)
		if err != nil && !errors.Is(err, fs.ErrExist) {
			// No hard links here: rename, to a name nothing holds.
			if _, lerr := os.Lstat(name); errors.Is(lerr, fs.ErrNotExist) {
				err = os.Rename(tmp.Name(), name)
			}
		}
		if err == nil {
			syncDir(dir)
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) || i > 100 {
			return "", err
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

// syncDir makes a new name in dir durable.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// Close lets go of the file.
func (db *DB) Close() error {
	open.Delete(db.bolt)
	err := db.bolt.Close()
	db.file.Close()
	if db.temp != "" {
		os.Remove(db.temp)
	}
	return err
}

// Path is the file's path.
func (db *DB) Path() string { return db.path }

// init checks the file's layout, creating it in a new file and migrating an
// older one.
func (db *DB) init(readOnly bool) error {
	var version int
	var staged bool
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		version, err = schemaOf(tx, db.path)
		if err != nil || version == 0 {
			return err
		}
		staged = version == SchemaVersion && tx.Bucket(bucketMeta).Get(keyImport) != nil
		return checkMeta(tx, db.path)
	})
	switch {
	case err != nil:
		return err
	case version == 0 && readOnly:
		return ErrNoDatabase
	case version == 0:
		return db.update(create)
	case version < 5 && readOnly:
		// Another layout: read through an upgraded copy (see readOlder).
		return errNeedsMigration
	case readOnly:
		// Schemas 5 to 7 are read as they are: the same layout, the
		// schema version and the current game not yet sealed (5, 6), the
		// summaries worked out by older rules (see rederive).
		if version < SchemaVersion {
			db.older = version
		}
	case version < SchemaVersion:
		db.pending = version // upgraded by the first change
		if version >= 5 {
			db.older = version // and read as it is before it (see run)
		}
		return nil
	case staged && !readOnly:
		// What an import killed in the middle left goes first. A read
		// writes nothing: it leaves those games out (see pendingOf).
		n, err := db.discardImport()
		if err != nil {
			return err
		}
		if n > 0 {
			db.Notice = fmt.Sprintf("an import was cut short before it finished; what it had written so far (%s) was removed, and every game reads as it did before it (the file keeps the space it took)", words.Count(n, "game"))
		}
	}
	return db.view(func(tx *bolt.Tx) error { return checkBuckets(tx, db.path) })
}

// errNeedsMigration: an older file, or one an unfinished import left, was
// opened read-only.
var errNeedsMigration = errors.New("the database needs migrating")

// schemaOf reads the file's schema version: 0 for a new, empty file.
func schemaOf(tx *bolt.Tx, path string) (int, error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		if k, _ := tx.Cursor().First(); k != nil {
			return 0, &CorruptError{Path: path, Err: errors.New("a bbolt file without unoscore's meta bucket")}
		}
		return 0, nil
	}
	// From schema 7 the value is sealed (see seal.go); before, plain.
	kept := meta.Get(keySchema)
	v, err := strconv.Atoi(string(kept))
	if err != nil && len(kept) > sealSize {
		if plain, ok := unseal(bucketMeta, keySchema, kept); ok {
			if v, err = strconv.Atoi(string(plain)); err == nil && v < 7 {
				err = errors.New("sealed below 7")
			}
		} else {
			return 0, &CorruptError{Path: path, Err: fmt.Errorf("its schema version %v", errChecksum)}
		}
	} else if err == nil && v >= 7 && v <= SchemaVersion {
		err = errors.New("not sealed")
	}
	if err != nil || v < 1 {
		return 0, &CorruptError{Path: path, Err: errors.New("no schema version")}
	}
	if v > SchemaVersion {
		return 0, &NewerError{Path: path, Version: v}
	}
	// A plain value (schemas 1 to 6) must agree with what the file holds,
	// so that one flipped bit (6 read as 4 or 2) upgrades nothing.
	switch {
	case v < 5 && meta.Get(keyCounter) != nil, v >= 4 && tx.Bucket(bucketGames) != nil, v < 4 && tx.Bucket(bucketGames) == nil:
		return 0, &CorruptError{Path: path, Err: fmt.Errorf("its schema version (%d) does not match what it holds: the version is damaged", v)}
	}
	return v, nil
}

// metaKeys are the keys of the meta bucket; any other is a damaged one
// (a flipped bit in "current" leaves no current game, and games behind).
var metaKeys = map[string]bool{"schema": true, "current": true, "import": true, "games": true,
	"ordered": true, "serve-token": true, "serve-token-replaced": true, "last-tx": true}

// checkMeta refuses a meta bucket holding a key unoscore never writes.
func checkMeta(tx *bolt.Tx, path string) error {
	return tx.Bucket(bucketMeta).ForEach(func(k, _ []byte) error {
		if metaKeys[string(k)] {
			return nil
		}
		return &CorruptError{Path: path, Err: fmt.Errorf("its meta bucket holds %q, a key unoscore never writes: a key there is damaged", words.Clip(string(k)))}
	})
}

// schemaValue is the schema version as this unoscore keeps it: sealed.
func schemaValue() []byte {
	return seal(bucketMeta, keySchema, []byte(strconv.Itoa(SchemaVersion)))
}

func checkBuckets(tx *bolt.Tx, path string) error {
	for _, name := range layout {
		if tx.Bucket(name) == nil {
			return &CorruptError{Path: path, Err: fmt.Errorf("its %s bucket is missing", name)}
		}
	}
	return nil
}

// create lays out a new file.
func create(tx *bolt.Tx) error {
	meta, err := tx.CreateBucketIfNotExists(bucketMeta)
	if err != nil {
		return err
	}
	if err := meta.Put(keySchema, schemaValue()); err != nil {
		return err
	}
	for _, name := range layout {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

// migrations[v] turns schema v into v+1 (none: nothing to do), in the
// caller's transaction; the step from 3 writes schema 5.
var migrations = map[int]func(tx *bolt.Tx) error{
	// Schema 1 kept the creation order only inside each summary; schema 2
	// adds the order index, so listing reads only the games it shows.
	1: func(tx *bolt.Tx) error {
		sums := tx.Bucket(bucketSummaries)
		if sums == nil {
			return errors.New("no summaries bucket")
		}
		order, err := tx.CreateBucketIfNotExists(bucketOrder)
		if err != nil {
			return err
		}
		var last uint64
		err = sums.ForEach(func(id, v []byte) error {
			var s struct {
				Seq uint64 `json:"seq"`
			}
			if err := json.Unmarshal(v, &s); err != nil || s.Seq == 0 {
				return fmt.Errorf("the summary of game %s is unreadable", id)
			}
			last = max(last, s.Seq)
			return order.Put(gameKey(s.Seq), id)
		})
		if err != nil {
			return err
		}
		return order.SetSequence(last)
	},
	// Schema 3 adds each game's player statistics to its summary: nothing
	// to do from 2, as the step from 3 writes every summary again.
	//
	// Schema 3 kept each game's log in a bucket of its own, which owns whole
	// pages however short the log; schema 4 keeps all logs in one bucket,
	// keyed by the game's number, and the summaries by number too, so the
	// order index goes. Every log is checked and replayed on the way.
	// It writes what putGame writes: schema 5.
	3: migrateToOneLog,
	// Schema 5 seals every value with its checksum (see seal.go).
	4: sealAll,
	// Schema 6 recorded, in every change, the transaction that committed
	// it (a record no longer written or read): nothing to do from 5.
	//
	// Schema 7 seals the schema version (migrateSteps writes it) and the
	// current game.
	6: func(tx *bolt.Tx) error {
		if cur := tx.Bucket(bucketMeta).Get(keyCurrent); cur != nil {
			return putCurrent(tx, string(bytes.Clone(cur)))
		}
		return nil
	},
	// Schema 8 works out every summary afresh from its log, by the game's
	// own rules (a No Mercy knock-out charged in lowest and challenge only
	// in a game begun with the charge): the best hand out counts a
	// knocker's own 250, and summaries keep the deck.
	7: rewriteSummaries,
}

// migrateToOneLog is the step from schema 3 to 4, in the caller's
// transaction.
func migrateToOneLog(tx *bolt.Tx) error {
	games, order := tx.Bucket(bucketGames), tx.Bucket(bucketOrder)
	if games == nil || order == nil || tx.Bucket(bucketSummaries) == nil {
		return errors.New("a bucket of schema 3 is missing")
	}
	if err := tx.DeleteBucket(bucketSummaries); err != nil {
		return err
	}
	if err := create(tx); err != nil {
		return err
	}
	var num uint64
	c := order.Cursor()
	for k, id := c.First(); k != nil; k, id = c.Next() {
		gb := games.Bucket(id)
		if gb == nil {
			return fmt.Errorf("game %s is in the order index but has no log", id)
		}
		if _, err := checkTree(tx, uint64(gb.Root()), nil, nil, "the game's log"); err != nil {
			return fmt.Errorf("game %s: %w", id, err)
		}
		var events []Event
		err := gb.ForEach(func(_, v []byte) error {
			var e Event
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("game %s: an event is unreadable: %w", id, err)
			}
			events = append(events, e)
			return nil
		})
		if err != nil {
			return err
		}
		g, err := fold(string(id), events)
		if err != nil {
			return err
		}
		num++
		if err := putGame(tx, g, num); err != nil {
			return err
		}
	}
	logs := 0
	err := games.ForEach(func(_, v []byte) error {
		if v == nil {
			logs++
		}
		return nil
	})
	if err != nil {
		return err
	}
	if logs != int(num) {
		return fmt.Errorf("%d games have a log but %d are in the order index", logs, num)
	}
	if err := setCounter(tx, num); err != nil {
		return err
	}
	if err := tx.DeleteBucket(bucketGames); err != nil {
		return err
	}
	return tx.DeleteBucket(bucketOrder)
}

// BackupPath is where a migration keeps a copy of the file as it was (or
// that name with -2, -3... if it is taken).
func BackupPath(path string, version int) string {
	return fmt.Sprintf("%s.schema%d-backup", path, version)
}

// Upgrade upgrades an older file opened to write (after its backup, as the
// first change would); a file of this schema is left alone.
func (db *DB) Upgrade() error {
	if db.pending == 0 {
		return nil
	}
	return db.update(func(*bolt.Tx) error { return nil })
}

// backup writes a copy of the file as its last commit left it, under a new
// name beside it (never through a link, never over a file, never cut
// short: see writeBeside), before an upgrade. tx may be the upgrade's own
// transaction: bbolt writes nothing to the file before it commits, and the
// copy is read from the file. The steps from schema 5 rewrite nothing kept
// (the step from 7 writes summaries afresh from the logs, which stay as
// they were), so they need no copy and take none: a kill leaves the file as
// it was or upgraded, as bbolt commits whole.
func (db *DB) backup(tx *bolt.Tx, from int) error {
	if from >= 5 || db.scratch {
		return nil
	}
	_, err := writeBeside(db.path, BackupPath(db.path, from), func(f *os.File) error {
		_, err := tx.WriteTo(f)
		return err
	})
	if err != nil {
		return fmt.Errorf("cannot write a backup before upgrading the database (%s); nothing was changed", ioProblem(err))
	}
	return nil
}

// migrateSteps upgrades the file from schema from, in the caller's
// transaction.
func (db *DB) migrateSteps(tx *bolt.Tx, from int) error {
	// A step reads or rewrites every summary, id and event (schema 5
	// seals them all): their pages are checked first (opening to write
	// leaves those leaves to the writes, see checkFile), so that nothing
	// damaged is sealed as sound.
	for _, name := range [][]byte{bucketSummaries, bucketIDs, bucketEvents} {
		if tx.Bucket(name) == nil {
			continue
		}
		if err := checkRange(tx, name, nil, nil); err != nil {
			return err
		}
	}
	for v := from; v < SchemaVersion; v++ {
		if v == 7 && from <= 3 {
			continue // migrateToOneLog wrote every summary under these rules
		}
		if step := migrations[v]; step != nil {
			if err := step(tx); err != nil {
				return &CorruptError{Path: db.path, Err: fmt.Errorf("upgrading schema %d: %w", v, err)}
			}
		}
		if v == 3 {
			v++ // migrateToOneLog wrote schema 5: the step from 4 is done
		}
	}
	if err := tx.Bucket(bucketMeta).Put(keySchema, schemaValue()); err != nil {
		return err
	}
	return checkBuckets(tx, db.path)
}

// checkFile checks a file before bbolt maps it and returns the meta page
// in force: both meta pages (a damaged newer one is an OlderError: bbolt
// would quietly use the older), the file's size against them (reading past
// the end would fault), the root bucket's page and the meta bucket. A read
// checks nothing more now: the pages on the way to a key are checked when
// it is read (checkRange). A write also checks the free-page list, and that
// it names no page in use: every page the branch pages of the games' logs,
// summaries and ids point at (their leaves are checked, keys and all, as
// the write reaches them), and the pages after the leaf just below each
// free page. So no loop lies anywhere, no page bbolt copies or changes is
// unchecked, and no page it reuses is in use: damage never spreads through
// a write.
func checkFile(f *os.File, path string, size int64, write bool) (boltfile.Meta, error) {
	// The first meta page is at 0; its page size tells where the second
	// is. If the first is unreadable, the second is looked for at every
	// page size, as bbolt does.
	m0, ok0 := boltfile.ReadMeta(f, 0)
	var m1 boltfile.Meta
	ok1 := false
	if m0.PageSize != 0 {
		m1, ok1 = boltfile.ReadMeta(f, int64(m0.PageSize))
	} else {
		for ps := int64(512); ps <= 1<<16 && ps < size; ps *= 2 {
			if m, ok := boltfile.ReadMeta(f, ps); ok && int64(m.PageSize) == ps {
				m1, ok1 = m, true
				break
			}
		}
	}
	var m boltfile.Meta
	var older error
	switch {
	case ok0 && ok1:
		// bbolt uses the sound meta page of the later transaction.
		m = m0
		if m1.TxID > m0.TxID {
			m = m1
		}
	case ok0:
		m, older = m0, olderOrStale(path, 1, m1, m0)
	case ok1:
		m, older = m1, olderOrStale(path, 0, m0, m1)
	case m0.PageSize == 0 && m1.PageSize == 0:
		return boltfile.Meta{}, &CorruptError{Path: path, Err: errors.New("not a bbolt file")}
	default:
		return boltfile.Meta{}, &CorruptError{Path: path, Err: errors.New("both of its meta pages are damaged")}
	}
	if need := int64(m.PGID) * int64(m.PageSize); m.PGID < 2 || size < need {
		return boltfile.Meta{}, &CorruptError{Path: path, Err: fmt.Errorf("it is %d bytes but says it holds %d: it was cut short", size, need)}
	}
	// About 100 pages are read to write to a file of 10,000 games: a pread
	// each costs less than mapping the file.
	w := newWalker(boltfile.NewReader(f), int(m.PageSize), m.PGID, false)
	w.Lazy = !write
	w.Tree(m.Root, 0, boltfile.From{What: "the root bucket"})
	if write {
		// bbolt reads the list of free pages only to write.
		w.Freelist(m.Freelist)
	}
	if err := w.Err(); err != nil {
		return boltfile.Meta{}, &CorruptError{Path: path, Err: err}
	}
	return m, older
}

// newWalker walks the pages of a file of hw pages (see
// store/internal/boltfile): a lazy walk still checks the meta bucket, and
// the events bucket holds the games' logs.
func newWalker(r *boltfile.Reader, pageSize int, hw uint64, all bool) *boltfile.Walker {
	w := boltfile.NewWalker(r, pageSize, hw, all)
	w.Keep, w.Deferred = bucketMeta, [][]byte{bucketEvents, bucketSummaries, bucketIDs}
	return w
}

// checkRangePages walks the pages of the events bucket that hold, or would
// hold, the keys from lo up to hi (nil: to the end) before bbolt reads or
// changes them: one game's log, or where new games go.
func checkRangePages(tx *bolt.Tx, lo, hi []byte) error {
	return checkRange(tx, bucketEvents, lo, hi)
}

// checkRange walks the pages of a top-level bucket that hold, or would
// hold, the keys from lo (nil: the first) up to hi (nil: to the end),
// before bbolt follows them: what a command costs does not grow with the
// number of games it does not read (see checkFile).
func checkRange(tx *bolt.Tx, bucket, lo, hi []byte) error {
	db, err := checkTree(tx, uint64(tx.Bucket(bucket).Root()), lo, hi, "the "+string(bucket)+" bucket")
	if err != nil {
		return &CorruptError{Path: db.path, Err: err}
	}
	return nil
}

// eachInRange calls fn with every key of a top-level bucket from lo (nil:
// the first) up to hi (nil: to the end) and its value, in the order of the
// keys (backward: last first), after the pages that hold them are checked
// (checkRange); an error from fn stops the calls, but not the check, whose
// problem comes first.
//
// In a transaction that only reads, the entries are those of the pages the
// check reads, with pread: bbolt's memory map is not touched. Every page of
// the map a process reads counts as its memory until it ends, so a read of
// every game (doctor, export) through the map held the whole file, 41 MB
// of logs on 10,000 games; read this way it holds a page at a time. A
// transaction that writes reads through bbolt's cursor, as what it wrote
// is not in the file yet.
func eachInRange(tx *bolt.Tx, bucket, lo, hi []byte, backward bool, fn func(k, v []byte) error) error {
	b := tx.Bucket(bucket)
	in := func(k []byte) bool { return bytes.Compare(k, lo) >= 0 && (hi == nil || bytes.Compare(k, hi) < 0) }
	d, ok := open.Load(tx.DB())
	if tx.Writable() || !ok || b.Root() == 0 {
		if err := checkRange(tx, bucket, lo, hi); err != nil {
			return err
		}
		c := b.Cursor()
		k, v := c.First()
		switch {
		case backward && hi == nil:
			k, v = c.Last()
		case backward:
			if k, v = c.Seek(hi); k == nil {
				k, v = c.Last()
			}
			if k != nil && !in(k) {
				k, v = c.Prev()
			}
		case lo != nil:
			k, v = c.Seek(lo)
		}
		for ; k != nil && in(k); k, v = step(c, backward) {
			if err := fn(k, v); err != nil {
				return err
			}
		}
		return nil
	}
	db := d.(*DB)
	w := newWalker(boltfile.NewReader(db.file), db.page, uint64(tx.Size())/uint64(db.page), true)
	w.Lo, w.Hi, w.Ranged, w.Backward = lo, hi, lo != nil || hi != nil, backward
	var err error
	w.Visit = func(k, v []byte) {
		if err == nil && in(k) {
			err = fn(k, v)
		}
	}
	w.Tree(uint64(b.Root()), 1, boltfile.From{What: "the " + string(bucket) + " bucket"})
	if werr := w.Err(); werr != nil {
		return &CorruptError{Path: db.path, Err: werr}
	}
	return err
}

// step moves a cursor on, or back.
func step(c *bolt.Cursor, backward bool) ([]byte, []byte) {
	if backward {
		return c.Prev()
	}
	return c.Next()
}

// errStop ends a walk of eachInRange early; it is no error.
var errStop = errors.New("stop")

// checkTree walks the pages of the bucket whose root is page root, from lo
// up to hi (both nil: all of it), in the file Open opened behind tx;
// nothing when the bucket is inline in its parent's page (checked with it).
func checkTree(tx *bolt.Tx, root uint64, lo, hi []byte, what string) (*DB, error) {
	v, ok := open.Load(tx.DB())
	if root == 0 || !ok {
		return nil, nil
	}
	db := v.(*DB)
	w := newWalker(boltfile.NewReader(db.file), db.page, uint64(tx.Size())/uint64(db.page), true)
	w.Lo, w.Hi, w.Ranged = lo, hi, lo != nil || hi != nil
	w.Tree(root, 1, boltfile.From{What: what})
	return db, w.Err()
}

const idAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

func newID(exists func(string) bool) (string, error) {
	for range 100 {
		var b [6]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", err
		}
		for i := range b {
			b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
		}
		if id := string(b[:]); !exists(id) {
			return id, nil
		}
	}
	return "", errors.New("cannot find a free game id")
}

// ValidID reports whether s may be a game id: 1 to 32 lowercase letters,
// digits or dashes.
func ValidID(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// olderOrStale is the error for meta page page damaged, bad as read, when
// good is the other, sound one: Stale when bad still holds its magic and a
// transaction id one below good's (the state before it: nothing is lost).
// A page zeroed or overwritten says nothing, and may have been the newer.
func olderOrStale(path string, page int, bad, good boltfile.Meta) *OlderError {
	return &OlderError{Path: path, Page: page, Stale: bad.PageSize == good.PageSize && bad.TxID+1 == good.TxID}
}
