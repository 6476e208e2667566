package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/internal/outfile"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store/internal/boltfile"
)

// Report is what Doctor found in a database.
type Report struct {
	Path     string   `json:"path"`
	Size     int64    `json:"size"`
	Schema   int      `json:"schema"`
	Games    int      `json:"games"`
	Hands    int      `json:"hands"`  // counted hands, in all games
	Events   int      `json:"events"` // entries in all the logs
	Problems []string `json:"problems"`
	// Notes are states a kill can leave that the next change tidies up.
	Notes []string `json:"notes,omitempty"`
	older int      // games whose summaries older rules worked out (see rederive)
}

// Doctor checks the whole file: every page (see store/internal/boltfile),
// the schema version, that every game's log replays, that its summary and
// its id agree with it, and that no id or event lies outside a game. It
// reads only; problems are reported, not repaired.
func (db *DB) Doctor() (Report, error) {
	r := Report{Path: db.path, Problems: []string{}}
	if db.Warning != "" {
		// What to do about it is the command line's to say.
		r.Problems = append(r.Problems, db.Warning)
	}
	if db.staleMeta != "" {
		r.Notes = append(r.Notes, db.staleMeta)
	}
	pages := db.checkAllPages()
	for _, p := range pages {
		r.Problems = append(r.Problems, "page check: "+p)
	}
	err := db.view(func(tx *bolt.Tx) error {
		// The file's size on disk: tx.Size() is only the part of it
		// bbolt's meta page says is in use.
		r.Size = tx.Size()
		if fi, err := os.Stat(db.path); err == nil {
			r.Size = fi.Size()
		}
		var err error
		if r.Schema, err = schemaOf(tx, db.path); err != nil || len(pages) > 0 {
			return err // bbolt would follow the damaged pages: stop here
		}
		if err := checkBuckets(tx, db.path); err != nil {
			return err
		}
		p := pendingOf(tx)
		err = eachVisible(tx, bucketSummaries, p, false, func(k, v []byte) error {
			db.checkGame(tx, k, v, &r)
			return nil
		})
		if err != nil {
			return err
		}
		if r.older > 0 {
			what := "the summary of 1 game was"
			if r.older > 1 {
				what = fmt.Sprintf("the summaries of %d games were", r.older)
			}
			r.Notes = append(r.Notes, fmt.Sprintf("%s worked out by the rules of an older unoscore (schema %d), which scores No Mercy's knock-outs otherwise; every command reads them from their logs, and the next change to the file writes them afresh", what, r.Schema))
		}
		return checkOutsideGames(tx, p, &r)
	})
	return r, err
}

// checkOutsideGames checks that every id and every event belongs to a
// game (or to an unfinished import, which the next change removes), that
// the counter of games is at least every number in use (or the next game
// overwrites a saved one), and that the current game is one.
func checkOutsideGames(tx *bolt.Tx, p pending, r *Report) error {
	// The ids and events are counted from the pages (see eachInRange), not
	// by bbolt's Stats, which would read them all through the memory map;
	// an unfinished import's are left out.
	ids, events, imported := 0, 0, 0
	err := eachInRange(tx, bucketEvents, nil, nil, false, func(k, _ []byte) error {
		if len(k) < 8 || !p.has(binary.BigEndian.Uint64(k)) {
			events++
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = eachInRange(tx, bucketIDs, nil, nil, false, func(k, v []byte) error {
		n, err := idValue(tx, k, v)
		if err != nil {
			r.Problems = append(r.Problems, err.(*CorruptError).Err.Error())
		}
		if p.has(n) {
			imported++
		} else {
			ids++
		}
		return nil
	})
	if err != nil {
		return err
	}
	if tx.Bucket(bucketMeta).Get(keyImport) != nil {
		if imported == 0 {
			r.Notes = append(r.Notes, "the file carries the mark of an unfinished import that covers no game in it; the next command that changes the file removes the mark, and nothing else")
		} else {
			r.Notes = append(r.Notes, fmt.Sprintf("an import was cut short and left %s; they are not shown, and the next command that changes the file removes them (and the import's mark)", words.Count(imported, "game")))
		}
	}
	if ids != r.Games {
		r.Problems = append(r.Problems, fmt.Sprintf("%d game ids are in the file but %d games", ids, r.Games))
	}
	if events != r.Events {
		r.Problems = append(r.Problems, fmt.Sprintf("%d events are in the file but the games' logs hold %d", events, r.Events))
	}
	var ce *CorruptError
	if err := checkCounter(tx); errors.As(err, &ce) {
		r.Problems = append(r.Problems, ce.Err.Error())
	} else if err != nil {
		return err
	}
	cur, err := readCurrent(tx)
	if err != nil {
		return err
	}
	if cur != nil {
		if n, err := idNum(tx, cur); err == nil && (n == 0 || p.has(n)) {
			r.Problems = append(r.Problems, fmt.Sprintf("the current game is %q, but no game has that id", words.Clip(string(cur))))
		}
	}
	return nil
}

// checkGame checks that one game's log replays, that its summary agrees
// with it and that its id leads to it.
func (db *DB) checkGame(tx *bolt.Tx, k, v []byte, r *Report) {
	r.Games++
	v, sealed := unseal(bucketSummaries, k, v)
	unreadable := false
	var s Summary
	if err := json.Unmarshal(v, &s); err != nil || len(k) != 8 || !ValidID(s.ID) {
		// Its id from the index, and its log checked all the same.
		s.ID = gameName(tx, k)
		if !ValidID(s.ID) {
			r.Problems = append(r.Problems, fmt.Sprintf("game %s has no readable summary", s.ID))
			return
		}
		if sealed {
			r.Problems = append(r.Problems, fmt.Sprintf("game %s: its summary is unreadable", s.ID))
		}
		unreadable = true
	}
	num := binary.BigEndian.Uint64(k)
	id := s.ID
	if !sealed {
		r.Problems = append(r.Problems, fmt.Sprintf("game %s: its summary %v", words.Clip(id), errChecksum))
	}
	// (A damaged entry of the index is reported with the whole index.)
	if got, err := idNum(tx, []byte(id)); err == nil && got != num {
		r.Problems = append(r.Problems, fmt.Sprintf("game %s: its id does not lead to it", words.Clip(id)))
	}
	g, err := readGame(tx, id, num)
	if err != nil {
		// The damage itself, which names the game, not the advice around it.
		var ce *CorruptError
		if errors.As(err, &ce) {
			err = ce.Err
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "game "+id+":") {
			msg = fmt.Sprintf("game %s: %s", words.Clip(id), msg)
		}
		r.Problems = append(r.Problems, msg)
		// Its events are there, even if they do not read or replay.
		prefix := gameKey(num)
		c := tx.Bucket(bucketEvents).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			r.Events++
		}
		return
	}
	r.Hands += g.Board.Hands()
	r.Events += len(g.Events)
	want, _ := json.Marshal(g.summary())
	if s.Deck == "" && !bytes.Contains(v, []byte(`"deck":`)) {
		// Written before summaries kept the deck: no damage (the listing
		// reads the deck as classic), and the rest must match all the same.
		want = withoutDeck(want)
	}
	if sealed && !unreadable && !bytes.Equal(v, want) {
		if db.older != 0 && scoring.KnockOuts(g.Board.Deck) && scoring.DerivedOnly(s, g.summary()) {
			r.older++ // older rules worked it out: not damage
			return
		}
		what := "its summary does not match its log"
		s.Stats = g.summary().Stats
		if same, _ := json.Marshal(s); bytes.Equal(same, want) {
			what = "the player statistics in its summary do not match its log"
		}
		r.Problems = append(r.Problems, fmt.Sprintf("game %s: %s", id, what))
	}
}

// Backup writes a consistent copy of the database to path (file mode 0600),
// whole or not at all, while other readers carry on.
func (db *DB) Backup(path string) error {
	path, err := outfile.Target(path, db.path, "--backup")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), BackupTemp+"*") // mode 0600
	if err == nil {
		defer os.Remove(tmp.Name())
		err = db.view(func(tx *bolt.Tx) error {
			_, err := tx.WriteTo(tmp)
			return err
		})
		if err == nil {
			err = tmp.Sync()
		}
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("cannot write the backup (%s); the database was not changed", ioProblem(err))
	}
	return os.Rename(tmp.Name(), path)
}

// checkAllPages walks every page of the file: every bucket's tree, the
// free-page list, and that every page is either in use or free.
func (db *DB) checkAllPages() []string {
	fi, err := db.file.Stat()
	if err != nil {
		return []string{err.Error()}
	}
	m, err := checkFile(db.file, db.path, fi.Size(), true)
	var older *OlderError
	if err != nil && !errors.As(err, &older) {
		var ce *CorruptError
		if errors.As(err, &ce) {
			return []string{ce.Err.Error()}
		}
		return []string{err.Error()}
	}
	w := newWalker(boltfile.NewReader(db.file), int(m.PageSize), m.PGID, true)
	w.Tree(m.Root, 0, boltfile.From{What: "the root bucket"})
	w.Freelist(m.Freelist)
	if len(w.Problems) == 0 {
		w.Unaccounted()
	}
	if w.Overflow {
		w.Problems = append(w.Problems, "and more")
	}
	return w.Problems
}
