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
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
// ~/.local/share/unoscore/unoscore.db.
func DefaultPath() (string, error) {
	if p := os.Getenv("UNOSCORE_DB"); p != "" {
		return p, nil
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "unoscore", "unoscore.db"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find a place for the database (%w); give one with --db or UNOSCORE_DB", err)
	}
	return filepath.Join(home, ".local", "share", "unoscore", "unoscore.db"), nil
}

// Options say how to open the database.
type Options struct {
	ReadOnly bool          // a shared lock; the file must exist
	Timeout  time.Duration // how long to wait for another process; 0 means DefaultTimeout
}

// DB is an open unoscore database.
type DB struct {
	bolt *bolt.DB
	path string
	now  func() time.Time
}

// Open opens the database at path, creating it (file 0600, folder 0700)
// unless opts.ReadOnly. A read-only open of a missing file returns
// ErrNoDatabase.
func Open(path string, opts Options) (*DB, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if opts.ReadOnly {
			return nil, ErrNoDatabase
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, fmt.Errorf("cannot create the folder for the database: %w", err)
		}
	case err != nil:
		return nil, fmt.Errorf("cannot read the database: %w", err)
	case info.IsDir():
		return nil, &CorruptError{Path: path, Err: errors.New("it is a folder, not a file")}
	}
	if err == nil {
		if err := checkFile(path, info.Size()); err != nil {
			return nil, err
		}
	}
	b, err := openBolt(path, &bolt.Options{Timeout: opts.Timeout, ReadOnly: opts.ReadOnly})
	if err != nil {
		switch {
		case errors.Is(err, berrors.ErrTimeout):
			return nil, &LockedError{Path: path, Wait: opts.Timeout}
		case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrChecksum):
			return nil, &CorruptError{Path: path, Err: err}
		}
		return nil, fmt.Errorf("cannot open the database %s: %w", path, err)
	}
	db := &DB{bolt: b, path: path, now: func() time.Time { return time.Now().UTC().Truncate(time.Second) }}
	if err := db.init(opts.ReadOnly); err != nil {
		b.Close()
		if errors.Is(err, errNeedsMigration) {
			// An older file opened to read: upgrade it once, then read.
			w, err := Open(path, Options{Timeout: opts.Timeout})
			if err != nil {
				return nil, err
			}
			w.Close()
			return Open(path, opts)
		}
		return nil, err
	}
	return db, nil
}

// Close lets go of the file.
func (db *DB) Close() error { return db.bolt.Close() }

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
		return db.migrate(version)
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

// BackupPath is where a migration keeps a copy of the file as it was.
func BackupPath(path string, version int) string {
	return fmt.Sprintf("%s.schema%d-backup", path, version)
}

// migrate brings an older file up to SchemaVersion in one transaction, after
// writing a copy of it as it was beside it.
func (db *DB) migrate(from int) error {
	backup := BackupPath(db.path, from)
	if _, err := os.Stat(backup); err == nil {
		backup = fmt.Sprintf("%s-%d", backup, time.Now().Unix())
	}
	err := db.view(func(tx *bolt.Tx) error { return tx.CopyFile(backup, 0o600) })
	if err != nil {
		return fmt.Errorf("cannot write a backup before upgrading the database (%w); nothing was changed", err)
	}
	return db.update(func(tx *bolt.Tx) error {
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
	})
}

func hasBuckets(tx *bolt.Tx) bool {
	found := false
	_ = tx.ForEach(func([]byte, *bolt.Bucket) error { found = true; return nil })
	return found
}

// checkFile refuses a file that is not a bbolt file, or that is shorter than
// its own meta page says, before bbolt maps it into memory, where reading
// past the end of a cut-short file would fault.
func checkFile(path string, size int64) error {
	if size == 0 {
		return nil // a new, empty file: bbolt initializes it
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("cannot read the database: %w", err)
	}
	defer f.Close()
	// The first meta page is at 0; its page size tells where the second is.
	m0, ok0 := readMeta(f, 0)
	if m0.pageSize == 0 {
		return &CorruptError{Path: path, Err: errors.New("not a bbolt file")}
	}
	m1, ok1 := readMeta(f, int64(m0.pageSize))
	var m meta
	switch {
	case ok0 && ok1:
		m = m0
		if m1.txid > m0.txid {
			m = m1
		}
	case ok0:
		m = m0
	case ok1:
		m = m1
	default:
		return &CorruptError{Path: path, Err: errors.New("both of its meta pages are damaged")}
	}
	if need := int64(m.pgid) * int64(m.pageSize); size < need {
		return &CorruptError{Path: path, Err: fmt.Errorf("it is %d bytes but says it holds %d: it was cut short", size, need)}
	}
	return nil
}

type meta struct {
	pageSize uint32
	pgid     uint64
	txid     uint64
}

// readMeta reads a bbolt meta page at off: a 16-byte page header, then magic,
// version, page size, flags (4 bytes each), the root bucket (16), the
// freelist page (8), the high-water mark (8), the transaction id (8) and an
// FNV-64a checksum of everything before it. ok is false unless the magic and
// checksum are right; the page size is returned whenever the magic is.
func readMeta(f *os.File, off int64) (meta, bool) {
	const metaOff, metaLen = 16, 64
	buf := make([]byte, metaOff+metaLen)
	if n, _ := f.ReadAt(buf, off); n < len(buf) {
		return meta{}, false
	}
	b := buf[metaOff:]
	if binary.LittleEndian.Uint32(b[0:]) != 0xED0CDAED {
		return meta{}, false
	}
	m := meta{pageSize: binary.LittleEndian.Uint32(b[8:]), pgid: binary.LittleEndian.Uint64(b[40:]), txid: binary.LittleEndian.Uint64(b[48:])}
	if m.pageSize < 512 || m.pageSize > 1<<16 || m.pageSize&(m.pageSize-1) != 0 {
		return meta{}, false
	}
	h := fnv.New64a()
	h.Write(b[:56])
	return m, h.Sum64() == binary.LittleEndian.Uint64(b[56:])
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
