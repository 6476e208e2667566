package store

import (
	"encoding/json"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// Record is the summary as player statistics read it.
func (s Summary) Record() scoring.GameRecord {
	r := scoring.GameRecord{ID: s.ID, Name: s.Name, Created: s.Created, Seq: s.Seq, Mode: scoring.Mode(s.Mode), Over: s.Over}
	if s.Stats != nil {
		r.Players = s.Stats.Players
	} else {
		for _, p := range s.Players {
			r.Players = append(r.Players, scoring.PlayerGame{Player: p})
		}
	}
	return r
}

// rename calls the player from (any case) to in the game's settings and
// counted hands: what a rename event does when the log is folded.
func (g *Game) rename(from, to string) error {
	s, err := g.Settings.RenamePlayer(from, to)
	if err != nil {
		return err
	}
	g.Settings = s
	for i, h := range g.Hands {
		g.Hands[i] = h.RenamePlayer(from, to)
	}
	return nil
}

// Rename calls a player by a new name in every game they played, as one
// more event in each game's log; the records before it keep the name they
// were written with. The old name is matched ignoring case; games that
// already spell the player the new way are left alone. All the games are
// renamed in one transaction, or none. It returns the games renamed.
func (db *DB) Rename(from, to string) ([]string, error) {
	var renamed []string
	err := db.update(func(tx *bolt.Tx) error {
		renamed = nil
		key := scoring.PlayerKey(from)
		known := map[string]string{}
		found := false
		sums := tx.Bucket(bucketSummaries)
		err := sums.ForEach(func(id, v []byte) error {
			var s Summary
			if err := json.Unmarshal(v, &s); err != nil {
				return &CorruptError{Path: db.path, Err: fmt.Errorf("the summary of game %s is unreadable: %w", id, err)}
			}
			for _, p := range s.Players {
				known[scoring.PlayerKey(p)] = p
				if scoring.PlayerKey(p) == key {
					found = true
					if p != to {
						renamed = append(renamed, s.ID)
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if !found {
			return unknownPlayer(from, known)
		}
		if len(renamed) == 0 {
			return &scoring.InputError{Msg: fmt.Sprintf("every game already calls %s %s; nothing to rename", from, to)}
		}
		for _, id := range renamed {
			g, err := readGame(tx, id)
			if err != nil {
				return err
			}
			seat := slices.IndexFunc(g.Settings.Players, func(p string) bool { return scoring.PlayerKey(p) == key })
			e := Event{Type: EventRename, At: db.now(), From: g.Settings.Players[seat], To: to}
			if err := g.rename(e.From, e.To); err != nil {
				return &scoring.InputError{Msg: fmt.Sprintf("game %s: %v; nothing was renamed", id, err)}
			}
			if g.Board, err = scoring.Replay(g.Settings, g.Hands); err != nil {
				return fmt.Errorf("game %s: %w", id, err)
			}
			e.To = g.Settings.Players[seat]
			if err := appendEvent(tx, g, e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return renamed, nil
}

// unknownPlayer is the error for a name no game has.
func unknownPlayer(name string, known map[string]string) error {
	if len(known) == 0 {
		return &scoring.InputError{Msg: fmt.Sprintf("no player is called %q: there are no games yet", name)}
	}
	best, bestD := "", 1<<30
	for k, p := range known {
		if d := rules.Distance(scoring.PlayerKey(name), k); d < bestD || d == bestD && p < best {
			best, bestD = p, d
		}
	}
	if bestD <= max(1, len(best)/3) {
		return &scoring.InputError{Msg: fmt.Sprintf("no game has a player called %q: did you mean %q?", name, best)}
	}
	return &scoring.InputError{Msg: fmt.Sprintf("no game has a player called %q; \"unoscore players\" lists everyone", name)}
}

// EachGame calls fn with every game, oldest first, reading one game at a
// time so that years of games take little memory.
func (db *DB) EachGame(fn func(*Game) error) error {
	return db.lightly(func() error {
		return db.view(func(tx *bolt.Tx) error {
			c := tx.Bucket(bucketOrder).Cursor()
			for k, id := c.First(); k != nil; k, id = c.Next() {
				g, err := readGame(tx, string(id))
				if err != nil {
					return err
				}
				if err := fn(g); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// refreshSummaries writes every game's summary again from its log, in the
// caller's transaction: the upgrade to schema 3, whose summaries carry
// player statistics. A game whose log does not replay keeps its summary
// (doctor reports it).
func refreshSummaries(tx *bolt.Tx) error {
	var ids []string
	err := tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		if v == nil {
			ids = append(ids, string(k))
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		g, err := readGame(tx, id)
		if err != nil {
			continue
		}
		if err := putSummary(tx, g); err != nil {
			return err
		}
	}
	return nil
}

// EachSummary calls fn with the summary of every game, in no particular
// order: all that player statistics read. Summaries are a small part of the
// file; the pages of the memory map read are handed back every few
// thousand games, so years of games are read in little memory.
func (db *DB) EachSummary(fn func(Summary) error) error {
	return db.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketSummaries).Cursor()
		n := 0
		for k, v := c.First(); k != nil; k, v = c.Next() {
			var s Summary
			if err := json.Unmarshal(v, &s); err != nil {
				return &CorruptError{Path: db.path, Err: fmt.Errorf("the summary of game %s is unreadable: %w", k, err)}
			}
			if err := fn(s); err != nil {
				return err
			}
			if n++; n%500 == 0 {
				db.releaseMapped()
			}
		}
		return nil
	})
}
