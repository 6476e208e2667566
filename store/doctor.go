package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
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
}

// maxPageProblems bounds the problems of bbolt's page check that Doctor lists.
const maxPageProblems = 100

// Doctor checks the whole file: bbolt's own consistency check of every page,
// the schema version, that every game's log replays, and that the summaries
// and the order index agree with the logs. It reads only; problems are
// reported, not repaired.
func (db *DB) Doctor() (Report, error) {
	r := Report{Path: db.path, Problems: []string{}}
	err := db.lightly(func() error {
		// bbolt's check of every page, in a transaction of its own.
		err := db.view(func(tx *bolt.Tx) error {
			r.Size = tx.Size()
			// A damaged page header claiming billions of overflow pages
			// would keep bbolt's check busy for hours: look first.
			if bad := overlongPages(db.path, db.bolt.Info().PageSize, tx.Size()); len(bad) > 0 {
				r.Problems = append(r.Problems, bad...)
				return nil
			}
			// A loop among damaged pages makes bbolt's check report without
			// end: stop listing after a hundred (its goroutine then waits,
			// harmlessly, until the process ends).
			n := 0
			for err := range tx.Check() {
				if n++; n > maxPageProblems {
					r.Problems = append(r.Problems, fmt.Sprintf("page check: stopped after %d problems", maxPageProblems))
					break
				}
				r.Problems = append(r.Problems, "page check: "+err.Error())
			}
			v, err := schemaOf(tx, db.path)
			r.Schema = v
			if err == nil {
				err = checkBuckets(tx, db.path)
			}
			return err
		})
		if err != nil {
			return err
		}
		// Then every game, a few hundred per transaction so that what one
		// transaction caches never grows with the file.
		indexed := map[string]uint64{}
		err = db.view(func(tx *bolt.Tx) error {
			return tx.Bucket(bucketOrder).ForEach(func(k, id []byte) error {
				if _, dup := indexed[string(id)]; dup {
					r.Problems = append(r.Problems, fmt.Sprintf("game %s is in the order index twice", id))
				}
				indexed[string(id)] = binary.BigEndian.Uint64(k)
				return nil
			})
		})
		if err != nil {
			return err
		}
		var after []byte
		for {
			n := 0
			err := db.view(func(tx *bolt.Tx) error {
				c := tx.Bucket(bucketGames).Cursor()
				k, v := c.First()
				if after != nil {
					if k, v = c.Seek(after); k != nil && bytes.Equal(k, after) {
						k, v = c.Next()
					}
				}
				for ; k != nil && n < 500; k, v = c.Next() {
					if v != nil {
						continue // not a game's bucket
					}
					n++
					after = append(after[:0], k...)
					db.checkGame(tx, string(k), indexed, &r)
				}
				return nil
			})
			if err != nil {
				return err
			}
			if n < 500 {
				break
			}
		}
		if len(indexed) > 0 {
			for id := range indexed {
				r.Problems = append(r.Problems, fmt.Sprintf("the order index names game %s, which has no log", id))
			}
		}
		return nil
	})
	return r, err
}

// overlongPages reads the header of every page of the file up to its
// high-water mark (size bytes) and names the pages whose overflow count runs
// past it: a damaged header.
func overlongPages(path string, pageSize int, size int64) []string {
	f, err := os.Open(path)
	if err != nil || pageSize <= 0 {
		return nil
	}
	defer f.Close()
	hwm := uint64(size) / uint64(pageSize)
	var bad []string
	var h [16]byte
	for id := uint64(2); id < hwm; id++ {
		if n, _ := f.ReadAt(h[:], int64(id)*int64(pageSize)); n < len(h) {
			break
		}
		if binary.LittleEndian.Uint64(h[0:]) != id {
			continue // not the start of a page
		}
		if overflow := uint64(binary.LittleEndian.Uint32(h[12:])); id+overflow >= hwm {
			bad = append(bad, fmt.Sprintf("page check: page %d says it runs %d pages on, past the end of the file", id, overflow))
		}
	}
	return bad
}

// checkGame checks that one game's log replays and that its summary and
// index entry agree with it. It removes the game from indexed.
func (db *DB) checkGame(tx *bolt.Tx, id string, indexed map[string]uint64, r *Report) {
	r.Games++
	seq, inIndex := indexed[id]
	delete(indexed, id)
	g, err := readGame(tx, id)
	if err != nil {
		r.Problems = append(r.Problems, fmt.Sprintf("game %s: %v", id, err))
		return
	}
	r.Hands += g.Board.Hands()
	r.Events += len(g.Events)
	var s Summary
	if err := json.Unmarshal(tx.Bucket(bucketSummaries).Get([]byte(id)), &s); err != nil {
		r.Problems = append(r.Problems, fmt.Sprintf("game %s has no readable summary", id))
		return
	}
	want, _ := json.Marshal(g.summary(s.Seq))
	got, _ := json.Marshal(s)
	if !bytes.Equal(got, want) {
		what := "its summary does not match its log"
		if s.Stats = g.summary(s.Seq).Stats; summaryJSON(s) == string(want) {
			what = "the player statistics in its summary do not match its log"
		}
		r.Problems = append(r.Problems, fmt.Sprintf("game %s: %s", id, what))
	}
	if !inIndex || seq != s.Seq {
		r.Problems = append(r.Problems, fmt.Sprintf("game %s is missing from the order index", id))
	}
}

func summaryJSON(s Summary) string {
	data, _ := json.Marshal(s)
	return string(data)
}

// Backup writes a consistent copy of the database to path (file mode 0600),
// whole or not at all, while other readers carry on.
func (db *DB) Backup(path string) error {
	path, err := OutputTarget(path, db.path, "--backup")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".unoscore-backup-*")
	if err != nil {
		return fmt.Errorf("cannot write the backup: %w", err)
	}
	name := tmp.Name()
	tmp.Close()
	defer os.Remove(name)
	if err := db.view(func(tx *bolt.Tx) error { return tx.CopyFile(name, 0o600) }); err != nil {
		return fmt.Errorf("cannot write the backup: %w", err)
	}
	if err := os.Chmod(name, 0o600); err != nil {
		return err
	}
	return os.Rename(name, path)
}
