// Package store keeps unoscore's games in one bbolt file. Each game is an
// append-only log of events (created, hand, void, correct) in its own bucket;
// a small summary per game, written in the same transaction as each event,
// lets the list of games be read without replaying every log. Nothing is
// ever overwritten: an undo or a correction is one more event.
package store

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
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

	"github.com/unoscore/unoscore/scoring"
)

// SchemaVersion is the layout of the file this unoscore writes.
const SchemaVersion = 3

// DefaultTimeout is how long a command waits for another unoscore to let go
// of the file.
const DefaultTimeout = 2 * time.Second

var (
	bucketMeta      = []byte("meta")
	bucketGames     = []byte("games")
	bucketSummaries = []byte("summaries")
	bucketOrder     = []byte("order") // creation sequence -> game id
	keySchema       = []byte("schema")
	keyCurrent      = []byte("current")
)

// Errors a caller tells apart.
var (
	// ErrNoDatabase: a read found no database file.
	ErrNoDatabase = errors.New("no database yet")
	// ErrNoGame: there is no game to show or change.
	ErrNoGame = &scoring.InputError{Msg: "there is no game yet: start one with \"unoscore new --players Ann,Bob,Cat\""}
)

// LockedError is a database held by another process past the wait.
type LockedError struct {
	Path string
	Wait time.Duration
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("the database %s is in use by another unoscore (waited %s); try again when it has finished", e.Path, e.Wait)
}

// CorruptError is a file that is not a readable unoscore database.
type CorruptError struct {
	Path string
	Err  error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("the database %s is damaged or not a unoscore database (%v); it was left untouched: move it aside and import your last export, or use another file with --db", e.Path, e.Err)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// NewerError is a database written by a newer unoscore.
type NewerError struct {
	Path    string
	Version int
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("the database %s was written by a newer unoscore (schema %d; this one knows %d); it was left untouched: upgrade unoscore", e.Path, e.Version, SchemaVersion)
}

// DefaultPath is where the database lives unless told otherwise:
// $UNOSCORE_DB, else $XDG_DATA_HOME/unoscore/unoscore.db, else
// ~/.local/share/unoscore/unoscore.db. A leading ~/ in UNOSCORE_DB is the
// home folder (a quoted value reaches unoscore unexpanded); a relative
// XDG_DATA_HOME is ignored, as the XDG specification says.
func DefaultPath() (string, error) {
	if p := os.Getenv("UNOSCORE_DB"); p != "" {
		return ExpandHome(p)
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "unoscore", "unoscore.db"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find a place for the database (%w); give one with --db or UNOSCORE_DB", err)
	}
	return filepath.Join(home, ".local", "share", "unoscore", "unoscore.db"), nil
}

// ExpandHome turns a leading ~ or ~/ into the home folder.
func ExpandHome(p string) (string, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot expand %s (%w); give the whole path", clip(p), err)
	}
	return filepath.Join(home, p[1:]), nil
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
}

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
	Accepted string
}

// OlderError is a file whose newest meta page is damaged: bbolt would
// silently fall back to the state before the last change, and the next
// write would make that loss final.
type OlderError struct {
	Path string
	Page int // the damaged meta page, 0 or 1
}

func (e *OlderError) Error() string {
	return fmt.Sprintf("the database %s is damaged: meta page %d, the newer of its two records of what the file holds, is unreadable, so the last change to it may be lost; nothing was written", e.Path, e.Page)
}

// open files, for the checks of a game's pages inside a transaction.
var open sync.Map // *bolt.DB -> *DB

// Open opens the database at path, creating it (file 0600, folder 0700)
// unless opts.ReadOnly or opts.NoCreate. A read-only open of a missing or
// empty file returns ErrNoDatabase.
//
// Before bbolt maps the file, and under the lock bbolt then keeps, the file
// is checked: both meta pages, its size against them, the list of free
// pages, and the page trees of the top-level buckets (see pages.go).
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

func openChecked(f *os.File, path string, opts Options) (*DB, error) {
	ok, err := lockFile(f, !opts.ReadOnly, opts.Timeout)
	if err != nil {
		return nil, fmt.Errorf("cannot lock the database: %w", err)
	}
	if !ok {
		return nil, &LockedError{Path: path, Wait: max(opts.Timeout, 0)}
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cannot read the database: %w", err)
	}
	db := &DB{path: path, now: func() time.Time { return time.Now().UTC().Truncate(time.Second) }}
	if fi.Size() == 0 && (opts.ReadOnly || opts.NoCreate) {
		return nil, ErrNoDatabase
	}
	if fi.Size() > 0 {
		m, err := checkFile(f, path, fi.Size())
		var older *OlderError
		switch {
		case errors.As(err, &older) && opts.ReadOnly:
			db.Warning = err.Error()
		case errors.As(err, &older) && opts.AcceptOlder:
			if db.Accepted, err = copyAside(f, path); err != nil {
				return nil, err
			}
		case err != nil:
			return nil, err
		}
		db.page = int(m.pageSize)
	}
	bo := &bolt.Options{ReadOnly: opts.ReadOnly, Timeout: max(opts.Timeout, time.Millisecond), OpenFile: boltFile(f)}
	if preLocked {
		bo.Timeout = time.Second // the lock is already held by this process
	}
	b, err := openBolt(path, bo)
	if err != nil {
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
	if err := db.init(opts.ReadOnly); err != nil {
		db.Close()
		if errors.Is(err, errNeedsMigration) {
			// An older file opened to read: upgrade it once, then read.
			w, err := Open(path, Options{Timeout: opts.Timeout})
			if err != nil {
				return nil, err
			}
			err = w.upgrade()
			w.Close()
			if err != nil {
				return nil, err
			}
			return Open(path, opts)
		}
		return nil, err
	}
	return db, nil
}

// copyAside copies a damaged file byte for byte beside it, before anything
// is written to it.
func copyAside(f *os.File, path string) (string, error) {
	out, name, err := createBeside(fmt.Sprintf("%s.damaged-%s", path, time.Now().UTC().Format("20060102-150405")))
	if err != nil {
		return "", fmt.Errorf("cannot copy the damaged file aside (%w); nothing was changed", err)
	}
	_, err = io.Copy(out, io.NewSectionReader(f, 0, 1<<62))
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return "", fmt.Errorf("cannot copy the damaged file aside (%w); nothing was changed", err)
	}
	return name, nil
}

// createBeside creates a new file (mode 0600) named base, or base-2,
// base-3... if that exists. It never opens an existing file or follows a
// link: O_EXCL.
func createBeside(base string) (*os.File, string, error) {
	name := base
	for i := 2; ; i++ {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return f, name, nil
		}
		if !errors.Is(err, fs.ErrExist) || i > 100 {
			return nil, "", err
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

// Close lets go of the file.
func (db *DB) Close() error {
	open.Delete(db.bolt)
	err := db.bolt.Close()
	db.file.Close()
	return err
}

// Path is the file's path.
func (db *DB) Path() string { return db.path }

// init checks the file's layout, creating it in a new file and migrating an
// older one.
func (db *DB) init(readOnly bool) error {
	var version int
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		version, err = schemaOf(tx, db.path)
		return err
	})
	switch {
	case err != nil:
		return err
	case version == 0 && readOnly:
		return ErrNoDatabase
	case version == 0:
		return db.update(create)
	case version < SchemaVersion && readOnly:
		return errNeedsMigration
	case version < SchemaVersion:
		db.pending = version // upgraded by the first change
		return nil
	}
	return db.view(func(tx *bolt.Tx) error { return checkBuckets(tx, db.path) })
}

// errNeedsMigration: an older file was opened read-only.
var errNeedsMigration = errors.New("the database needs migrating")

// schemaOf reads the file's schema version: 0 for a new, empty file.
func schemaOf(tx *bolt.Tx, path string) (int, error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		if hasBuckets(tx) {
			return 0, &CorruptError{Path: path, Err: errors.New("a bbolt file without unoscore's meta bucket")}
		}
		return 0, nil
	}
	v, err := strconv.Atoi(string(meta.Get(keySchema)))
	if err != nil || v < 1 {
		return 0, &CorruptError{Path: path, Err: errors.New("no schema version")}
	}
	if v > SchemaVersion {
		return 0, &NewerError{Path: path, Version: v}
	}
	return v, nil
}

func checkBuckets(tx *bolt.Tx, path string) error {
	for _, name := range [][]byte{bucketGames, bucketSummaries, bucketOrder} {
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
	if err := meta.Put(keySchema, []byte(strconv.Itoa(SchemaVersion))); err != nil {
		return err
	}
	for _, name := range [][]byte{bucketGames, bucketSummaries, bucketOrder} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

// migrations[v] turns schema v into schema v+1, in the caller's transaction.
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
			var s Summary
			if err := json.Unmarshal(v, &s); err != nil || s.Seq == 0 {
				return fmt.Errorf("the summary of game %s is unreadable", id)
			}
			last = max(last, s.Seq)
			return order.Put(key(s.Seq), id)
		})
		if err != nil {
			return err
		}
		return order.SetSequence(last)
	},
	// Schema 3 keeps each game's player statistics in its summary.
	2: refreshSummaries,
}

// BackupPath is where a migration keeps a copy of the file as it was (or
// that name with -2, -3... if it is taken).
func BackupPath(path string, version int) string {
	return fmt.Sprintf("%s.schema%d-backup", path, version)
}

// upgrade brings an older file up to SchemaVersion in one transaction,
// after writing a copy of it as it was beside it.
func (db *DB) upgrade() error {
	return db.update(func(*bolt.Tx) error { return nil })
}

// backup writes a copy of the file as its last commit left it, under a new
// name beside it (never through a link, never over a file), before an
// upgrade. tx may be the upgrade's own transaction: bbolt writes nothing to
// the file before it commits, and the copy is read from the file.
func (db *DB) backup(tx *bolt.Tx, from int) error {
	f, name, err := createBeside(BackupPath(db.path, from))
	if err == nil {
		_, err = tx.WriteTo(f)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(name)
		}
	}
	if err != nil {
		return fmt.Errorf("cannot write a backup before upgrading the database (%w); nothing was changed", err)
	}
	return nil
}

// migrateSteps upgrades the file from schema from, in the caller's
// transaction.
func (db *DB) migrateSteps(tx *bolt.Tx, from int) error {
	for v := from; v < SchemaVersion; v++ {
		step := migrations[v]
		if step == nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("no way to upgrade schema %d", v)}
		}
		if err := step(tx); err != nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("upgrading schema %d: %w", v, err)}
		}
	}
	if err := tx.Bucket(bucketMeta).Put(keySchema, []byte(strconv.Itoa(SchemaVersion))); err != nil {
		return err
	}
	return checkBuckets(tx, db.path)
}

func hasBuckets(tx *bolt.Tx) bool {
	found := false
	_ = tx.ForEach(func([]byte, *bolt.Bucket) error { found = true; return nil })
	return found
}

// checkFile checks a file before bbolt maps it: both meta pages (a
// damaged newer one is an OlderError, since bbolt would quietly use the
// older), its size against them (reading past the end of a cut-short file
// would fault), and the pages of the root bucket, the top-level buckets and
// the free-page list (see pages.go). It returns the meta page in force.
func checkFile(f *os.File, path string, size int64) (meta, error) {
	// The first meta page is at 0; its page size tells where the second
	// is. If the first is unreadable, the second is looked for at every
	// page size, as bbolt does.
	m0, ok0 := readMeta(f, 0)
	var m1 meta
	ok1 := false
	if m0.pageSize != 0 {
		m1, ok1 = readMeta(f, int64(m0.pageSize))
	} else {
		for ps := int64(512); ps <= 1<<16 && ps < size; ps *= 2 {
			if m, ok := readMeta(f, ps); ok && int64(m.pageSize) == ps {
				m1, ok1 = m, true
				break
			}
		}
	}
	var m meta
	var older error
	switch {
	case ok0 && ok1:
		m = m0
		if m1.txid > m0.txid {
			m = m1
		}
	case ok0:
		m, older = m0, &OlderError{Path: path, Page: 1}
	case ok1:
		m, older = m1, &OlderError{Path: path, Page: 0}
	case m0.pageSize == 0 && m1.pageSize == 0:
		return meta{}, &CorruptError{Path: path, Err: errors.New("not a bbolt file")}
	default:
		return meta{}, &CorruptError{Path: path, Err: errors.New("both of its meta pages are damaged")}
	}
	if need := int64(m.pgid) * int64(m.pageSize); m.pgid < 2 || size < need {
		return meta{}, &CorruptError{Path: path, Err: fmt.Errorf("it is %d bytes but says it holds %d: it was cut short", size, need)}
	}
	// Mapped, the pages are looked at without a copy or a system call each.
	var src pageSource = newReader(f)
	if data, unmap := mapFile(f, int64(m.pgid)*int64(m.pageSize)); data != nil {
		defer unmap()
		src = &mapped{data: data}
	}
	w := newWalker(src, int(m.pageSize), m.pgid, false)
	w.tree(m.root, 0, 0, from{"the root bucket", 0})
	w.freelist(m.freelist)
	if err := w.err(); err != nil {
		return meta{}, &CorruptError{Path: path, Err: err}
	}
	return m, older
}

// checkBucketPages walks the pages of one bucket (a game's log) before
// bbolt reads them.
func checkBucketPages(tx *bolt.Tx, b *bolt.Bucket) error {
	root := uint64(b.Root())
	v, ok := open.Load(tx.DB())
	if root == 0 || !ok {
		return nil // inline in its parent's page, checked when the file was opened
	}
	db := v.(*DB)
	fi, err := db.file.Stat()
	if err != nil {
		return err
	}
	w := newWalker(newReader(db.file), db.page, uint64(fi.Size())/uint64(db.page), true)
	w.tree(root, 0, 1, from{"the game's log", 0})
	return w.err()
}

// key is an event's key: its sequence number, 8 bytes big-endian, so the log
// reads back in the order written.
func key(seq uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], seq)
	return k[:]
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

// resolve finds the game an id names: the current game for "", else the id
// itself or the one game whose id starts with it.
func resolve(tx *bolt.Tx, id string) (string, error) {
	sums := tx.Bucket(bucketSummaries)
	if sums == nil {
		return "", ErrNoGame
	}
	if id == "" {
		cur := tx.Bucket(bucketMeta).Get(keyCurrent)
		if cur == nil {
			return "", ErrNoGame
		}
		return string(cur), nil
	}
	id = strings.ToLower(strings.TrimSpace(id))
	if sums.Get([]byte(id)) != nil {
		return id, nil
	}
	var matches []string
	c := sums.Cursor()
	for k, _ := c.Seek([]byte(id)); k != nil && bytes.HasPrefix(k, []byte(id)); k, _ = c.Next() {
		matches = append(matches, string(k))
	}
	switch len(matches) {
	case 1:
		return matches[0], nil
	case 0:
		return "", &scoring.InputError{Msg: fmt.Sprintf("no game has the id %q; \"unoscore games\" lists them", id)}
	}
	return "", &scoring.InputError{Msg: fmt.Sprintf("%q could be any of %s; type more of the id", id, strings.Join(matches, ", "))}
}

func jsonPut(b *bolt.Bucket, k []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(k, data)
}
