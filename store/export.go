package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
)

// ExportFormat is the version of the export file this unoscore writes.
const ExportFormat = 1

// Export is a whole database as JSON: every game with its whole log.
type Export struct {
	Format   int          `json:"unoscore_export"`
	Exported time.Time    `json:"exported"`
	Current  string       `json:"current,omitempty"`
	Games    []ExportGame `json:"games"`
}

// ExportGame is one game in an export, newest first.
type ExportGame struct {
	ID     string  `json:"id"`
	Events []Event `json:"events"`
}

// Export writes every game, newest first, with its whole history. It writes
// one game at a time, so a database of years of game nights exports in
// little memory.
func (db *DB) Export(w io.Writer) error {
	return db.lightly(func() error { return db.export(w) })
}

func (db *DB) export(w io.Writer) error {
	return db.view(func(tx *bolt.Tx) error {
		current := string(tx.Bucket(bucketMeta).Get(keyCurrent))
		head, err := json.Marshal(struct {
			Format   int       `json:"unoscore_export"`
			Exported time.Time `json:"exported"`
			Current  string    `json:"current,omitempty"`
		}{ExportFormat, db.now(), current})
		if err != nil {
			return err
		}
		// The head object without its closing brace, then the games.
		if _, err := fmt.Fprintf(w, "%s,\n\"games\": [", head[:len(head)-1]); err != nil {
			return err
		}
		c := tx.Bucket(bucketOrder).Cursor()
		first := true
		for k, id := c.Last(); k != nil; k, id = c.Prev() {
			g, err := readGame(tx, string(id))
			if err != nil {
				return err
			}
			data, err := json.Marshal(ExportGame{ID: g.ID, Events: g.Events})
			if err != nil {
				return err
			}
			sep := ",\n"
			if first {
				sep, first = "\n", false
			}
			if _, err := fmt.Fprintf(w, "%s%s", sep, data); err != nil {
				return err
			}
		}
		_, err = io.WriteString(w, "\n]}\n")
		return err
	})
}

// ImportError is an export file that cannot be imported.
type ImportError struct{ Msg string }

func (e *ImportError) Error() string { return e.Msg }

// Invalid marks the error as bad input.
func (e *ImportError) Invalid() bool { return true }

// MaxImport bounds the size of an export file read by Import.
const MaxImport = 1 << 30

// importLimit is MaxImport, smaller in tests.
var importLimit int64 = MaxImport

// Import reads an export and adds its games, all or nothing (see
// ReadExport and AddGames).
func (db *DB) Import(r io.Reader) (int, error) {
	b, err := ReadExport(r)
	if err != nil {
		return 0, err
	}
	return db.AddGames(b)
}

// Batch is an export read and checked, ready to add to a database.
type Batch struct {
	games   []batchGame // as in the export: newest first
	current string
}

// batchGame is one game of a batch, as it will be stored: its events
// encoded, its summary made.
type batchGame struct {
	id     string
	events [][]byte
	sum    Summary
}

// ReadExport reads and checks an export without touching any database. It
// reads the file once, as a stream of JSON tokens, and checks each game as
// it arrives: every game's log must replay, its names follow the rules of
// the command line, and no id may be malformed or appear twice. The export
// must be exactly one JSON object with an "unoscore_export" version and a
// "games" list, no key twice at any depth, and nothing after it.
func ReadExport(r io.Reader) (*Batch, error) {
	lr := &limitedReader{r: r, left: importLimit}
	dec := json.NewDecoder(lr)
	b, err := readExport(dec)
	if lr.over {
		return nil, &ImportError{Msg: fmt.Sprintf("the export is larger than %s, the most unoscore imports at once; split it and import the parts", sizeText(importLimit))}
	}
	return b, err
}

func readExport(dec *json.Decoder) (*Batch, error) {
	bad := func(format string, args ...any) error {
		return &ImportError{Msg: "not a unoscore export: " + fmt.Sprintf(format, args...)}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, bad("it does not begin with a JSON object (%s)", tokenProblem(tok, err))
	}
	b := &Batch{}
	seen := map[string]bool{}
	keys := map[string]bool{}
	format := 0
	var current string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, bad("%s", tokenProblem(nil, err))
		}
		key, _ := tok.(string)
		if keys[key] {
			return nil, bad("it has the key %q twice", clip(key))
		}
		keys[key] = true
		switch key {
		case "unoscore_export":
			var n json.RawMessage
			if err := dec.Decode(&n); err != nil {
				return nil, bad("%s", tokenProblem(nil, err))
			}
			v, err := strconv.Atoi(string(n))
			if err != nil || v < 1 {
				return nil, bad("its \"unoscore_export\" is %s; it should be a format number from 1", clip(string(n)))
			}
			if v > ExportFormat {
				return nil, &ImportError{Msg: fmt.Sprintf("the export is of format %d, newer than this unoscore reads (%d): upgrade unoscore", v, ExportFormat)}
			}
			format = v
		case "exported":
			var t time.Time
			if err := dec.Decode(&t); err != nil {
				return nil, bad("its \"exported\" is not a time: %v", err)
			}
		case "current":
			if err := dec.Decode(&current); err != nil {
				return nil, bad("its \"current\" is not a game id")
			}
		case "games":
			if err := b.readGames(dec, seen); err != nil {
				return nil, err
			}
		default:
			return nil, bad("it has a key %q that unoscore does not know", clip(key))
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, bad("%s", tokenProblem(nil, err))
	}
	if tok, err := dec.Token(); err != io.EOF {
		return nil, bad("there is more after the end of the export (%s); give one export per file", tokenProblem(tok, err))
	}
	switch {
	case format == 0:
		return nil, bad("it has no \"unoscore_export\" format number")
	case !keys["games"]:
		return nil, bad("it has no \"games\" list")
	}
	if current != "" && seen[current] {
		b.current = current
	} else if len(b.games) > 0 {
		b.current = b.games[0].id
	}
	return b, nil
}

// readGames reads the "games" list one game at a time.
func (b *Batch) readGames(dec *json.Decoder, seen map[string]bool) error {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return &ImportError{Msg: fmt.Sprintf("not a unoscore export: its \"games\" is not a list (%s)", tokenProblem(tok, err))}
	}
	for i := 1; dec.More(); i++ {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return &ImportError{Msg: fmt.Sprintf("not a unoscore export: game %d: %s", i, tokenProblem(nil, err))}
		}
		if err := noDuplicateKeys(raw); err != nil {
			return &ImportError{Msg: fmt.Sprintf("not a unoscore export: game %d: %v", i, err)}
		}
		var eg ExportGame
		if err := json.Unmarshal(raw, &eg); err != nil {
			return &ImportError{Msg: fmt.Sprintf("not a unoscore export: game %d: %v", i, err)}
		}
		if !ValidID(eg.ID) {
			return &ImportError{Msg: fmt.Sprintf("game %d in the export has the id %q; an id is 1 to 32 lowercase letters, digits or dashes", i, clip(eg.ID))}
		}
		if seen[eg.ID] {
			return &ImportError{Msg: fmt.Sprintf("the export holds game %s twice", eg.ID)}
		}
		seen[eg.ID] = true
		g, err := fold(eg.ID, eg.Events)
		if err != nil {
			return &ImportError{Msg: "cannot import: " + err.Error()}
		}
		// Names come in by the same rules as from the command line.
		if err := scoring.ValidateGameName(g.Name); err != nil {
			return &ImportError{Msg: fmt.Sprintf("cannot import game %s: %v", eg.ID, err)}
		}
		// The stored settings are the normalized ones, as the game started
		// (before any rename).
		start, err := scoring.New(*g.Events[0].Settings)
		if err != nil {
			return &ImportError{Msg: fmt.Sprintf("cannot import: game %s: %v", eg.ID, err)}
		}
		g.Events[0].Settings = &start.Settings
		bg := batchGame{id: g.ID, sum: g.summary(0), events: make([][]byte, len(g.Events))}
		for k, e := range g.Events {
			if bg.events[k], err = json.Marshal(e); err != nil {
				return err
			}
		}
		b.games = append(b.games, bg)
	}
	if _, err := dec.Token(); err != nil {
		return &ImportError{Msg: fmt.Sprintf("not a unoscore export: %s", tokenProblem(nil, err))}
	}
	return nil
}

// tokenProblem says what was found instead of what was expected.
func tokenProblem(tok json.Token, err error) string {
	switch {
	case err == io.EOF, errors.Is(err, io.ErrUnexpectedEOF):
		return "the file ends before the export does: was it cut short?"
	case err != nil:
		return err.Error()
	}
	return fmt.Sprintf("found %s", clip(fmt.Sprint(tok)))
}

// noDuplicateKeys checks that no object in a JSON value (already known to
// be valid JSON) has a key twice: encoding/json would quietly keep the
// last. It reads the bytes once, without decoding them.
func noDuplicateKeys(raw []byte) error {
	type object struct {
		keys  []string        // the keys so far, while few
		many  map[string]bool // then a map
		isObj bool
	}
	var stack []object
	expectKey := false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '{':
			stack = append(stack, object{isObj: true})
			expectKey = true
		case '[':
			stack = append(stack, object{})
			expectKey = false
		case '}', ']':
			stack = stack[:len(stack)-1]
			expectKey = false
		case ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].isObj
		case '"':
			j := i + 1
			for ; j < len(raw) && raw[j] != '"'; j++ {
				if raw[j] == '\\' {
					j++
				}
			}
			if expectKey {
				k := string(raw[i+1 : j])
				if bytes.IndexByte(raw[i:j], '\\') >= 0 {
					if err := json.Unmarshal(raw[i:j+1], &k); err != nil {
						return err
					}
				}
				top := &stack[len(stack)-1]
				switch {
				case top.many != nil:
					if top.many[k] {
						return fmt.Errorf("the key %q appears twice in one object", clip(k))
					}
					top.many[k] = true
				default:
					if slices.Contains(top.keys, k) {
						return fmt.Errorf("the key %q appears twice in one object", clip(k))
					}
					top.keys = append(top.keys, k)
					if len(top.keys) > 16 {
						top.many = map[string]bool{}
						for _, k := range top.keys {
							top.many[k] = true
						}
					}
				}
				expectKey = false
			}
			i = j
		}
	}
	return nil
}

// limitedReader reads at most left bytes, then fails, remembering that it
// did, so that the refusal can say the limit.
type limitedReader struct {
	r    io.Reader
	left int64
	over bool
}

var errTooBig = errors.New("the export is too big")

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more tells a file of exactly the limit from a bigger one.
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			l.over = true
			return 0, errTooBig
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// AddGames adds a checked export's games, all or nothing: an id already in
// the database stops it and nothing is written. The current game is left as
// it was, unless there was none. The games, their summaries and the order
// index are each written in the order of their keys, so bbolt fills its
// pages from one end and the time grows with the size of the import, not
// its square.
func (db *DB) AddGames(b *Batch) (int, error) {
	games := b.games
	err := db.update(func(tx *bolt.Tx) error {
		gb := tx.Bucket(bucketGames)
		for _, g := range games {
			if gb.Bucket([]byte(g.id)) != nil {
				return &ImportError{Msg: fmt.Sprintf("game %s is already in the database; nothing was imported", g.id)}
			}
		}
		// Oldest first in the creation order, so the newest ends up newest
		// in the list too: the export lists the newest first.
		order := tx.Bucket(bucketOrder)
		base, n := order.Sequence(), uint64(len(games))
		for i := range games {
			games[i].sum.Seq = base + n - uint64(i)
		}
		byID := make([]int, len(games))
		for i := range byID {
			byID[i] = i
		}
		slices.SortFunc(byID, func(x, y int) int { return strings.Compare(games[x].id, games[y].id) })
		for _, i := range byID {
			g := &games[i]
			eb, err := gb.CreateBucket([]byte(g.id))
			if err != nil {
				return err
			}
			for k, e := range g.events {
				if err := eb.Put(key(uint64(k+1)), e); err != nil {
					return err
				}
			}
			if err := eb.SetSequence(uint64(len(g.events))); err != nil {
				return err
			}
		}
		sums := tx.Bucket(bucketSummaries)
		for _, i := range byID {
			if err := jsonPut(sums, []byte(games[i].id), games[i].sum); err != nil {
				return err
			}
		}
		for i := len(games) - 1; i >= 0; i-- {
			if err := order.Put(key(games[i].sum.Seq), []byte(games[i].id)); err != nil {
				return err
			}
		}
		if err := order.SetSequence(base + n); err != nil {
			return err
		}
		meta := tx.Bucket(bucketMeta)
		if meta.Get(keyCurrent) == nil && b.current != "" {
			return meta.Put(keyCurrent, []byte(b.current))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(games), nil
}

// sizeText writes a number of bytes for a person: "1 GiB", "512 KiB".
func sizeText(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
