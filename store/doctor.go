package store

import (
	"bytes"
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

// Doctor checks the whole file: bbolt's own consistency check of every page,
// the schema version, that every game's log replays, and that the summaries
// and the order index agree with the logs. It reads only; problems are
// reported, not repaired.
func (db *DB) Doctor() (Report, error) {
	r := Report{Path: db.path, Problems: []string{}}
	err := db.view(func(tx *bolt.Tx) error {
		r.Size = tx.Size()
		for err := range tx.Check() {
			r.Problems = append(r.Problems, "page check: "+err.Error())
		}
		v, err := schemaOf(tx, db.path)
		if err != nil {
			return err
		}
		r.Schema = v
		if err := checkBuckets(tx, db.path); err != nil {
			r.Problems = append(r.Problems, err.Error())
			return nil
		}
		sums, order := tx.Bucket(bucketSummaries), tx.Bucket(bucketOrder)
		indexed := map[string]bool{}
		_ = order.ForEach(func(k, id []byte) error {
			if indexed[string(id)] {
				r.Problems = append(r.Problems, fmt.Sprintf("game %s is in the order index twice", id))
			}
			indexed[string(id)] = true
			return nil
		})
		return tx.Bucket(bucketGames).ForEachBucket(func(id []byte) error {
			r.Games++
			g, err := readGame(tx, string(id))
			if err != nil {
				r.Problems = append(r.Problems, fmt.Sprintf("game %s: %v", id, err))
				return nil
			}
			r.Hands += g.Board.Hands()
			r.Events += len(g.Events)
			want, _ := json.Marshal(g.summary(0))
			var s Summary
			if err := json.Unmarshal(sums.Get(id), &s); err != nil {
				r.Problems = append(r.Problems, fmt.Sprintf("game %s has no readable summary", id))
				return nil
			}
			seq := s.Seq
			s.Seq = 0
			got, _ := json.Marshal(s)
			if !bytes.Equal(got, want) {
				r.Problems = append(r.Problems, fmt.Sprintf("game %s: its summary does not match its log", id))
			}
			if !indexed[string(id)] || !bytes.Equal(order.Get(key(seq)), id) {
				r.Problems = append(r.Problems, fmt.Sprintf("game %s is missing from the order index", id))
			}
			return nil
		})
	})
	return r, err
}

// Backup writes a consistent copy of the database to path (file mode 0600),
// whole or not at all, while other readers carry on.
func (db *DB) Backup(path string) error {
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
