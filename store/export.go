package store

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
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
	games   []*Game
	current string
}

// ReadExport reads and checks an export without touching any database: every
// game's log must replay, and no id may be malformed or appear twice.
func ReadExport(r io.Reader) (*Batch, error) {
	dec := json.NewDecoder(io.LimitReader(r, MaxImport))
	var in Export
	if err := dec.Decode(&in); err != nil {
		return nil, &ImportError{Msg: fmt.Sprintf("not a unoscore export: %v", err)}
	}
	if in.Format > ExportFormat {
		return nil, &ImportError{Msg: fmt.Sprintf("the export is of format %d, newer than this unoscore reads (%d): upgrade unoscore", in.Format, ExportFormat)}
	}
	if in.Games == nil {
		return nil, &ImportError{Msg: "not a unoscore export: it has no \"games\" list"}
	}
	b := &Batch{games: make([]*Game, 0, len(in.Games))}
	seen := map[string]bool{}
	for i, eg := range in.Games {
		if !ValidID(eg.ID) {
			return nil, &ImportError{Msg: fmt.Sprintf("game %d in the export has the id %q; an id is 1 to 32 lowercase letters, digits or dashes", i+1, eg.ID)}
		}
		if seen[eg.ID] {
			return nil, &ImportError{Msg: fmt.Sprintf("the export holds game %s twice", eg.ID)}
		}
		seen[eg.ID] = true
		g, err := fold(eg.ID, eg.Events)
		if err != nil {
			return nil, &ImportError{Msg: "cannot import: " + err.Error()}
		}
		// Names come in by the same rules as from the command line.
		if err := scoring.ValidateGameName(g.Name); err != nil {
			return nil, &ImportError{Msg: fmt.Sprintf("cannot import game %s: %v", eg.ID, err)}
		}
		// The stored settings are the normalized ones, as the game started
		// (before any rename).
		start, err := scoring.New(*g.Events[0].Settings)
		if err != nil {
			return nil, &ImportError{Msg: fmt.Sprintf("cannot import: game %s: %v", eg.ID, err)}
		}
		g.Events[0].Settings = &start.Settings
		b.games = append(b.games, g)
	}
	if in.Current != "" && seen[in.Current] {
		b.current = in.Current
	} else if len(b.games) > 0 {
		b.current = b.games[0].ID
	}
	return b, nil
}

// AddGames adds a checked export's games, all or nothing: an id already in
// the database stops it and nothing is written. The current game is left as
// it was, unless there was none.
func (db *DB) AddGames(b *Batch) (int, error) {
	games := b.games
	err := db.update(func(tx *bolt.Tx) error {
		gb := tx.Bucket(bucketGames)
		for _, g := range games {
			if gb.Bucket([]byte(g.ID)) != nil {
				return &ImportError{Msg: fmt.Sprintf("game %s is already in the database; nothing was imported", g.ID)}
			}
		}
		// Oldest first, so the newest ends up newest in the list too.
		for _, g := range slices.Backward(games) {
			if err := putGame(tx, g); err != nil {
				return err
			}
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

// putGame writes a whole game, log and summary, in the caller's transaction.
func putGame(tx *bolt.Tx, g *Game) error {
	b, err := tx.Bucket(bucketGames).CreateBucket([]byte(g.ID))
	if err != nil {
		return err
	}
	for _, e := range g.Events {
		seq, err := b.NextSequence()
		if err != nil {
			return err
		}
		if err := jsonPut(b, key(seq), e); err != nil {
			return err
		}
	}
	return putSummary(tx, g)
}
