package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/rules/words"
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

// Rename calls a player by a new name in every game they played, as one
// more event in each game's log; the records before it keep the name they
// were written with. The old name is matched ignoring case; games that
// already spell the player the new way are left alone. All the games are
// renamed in one transaction, or none. It returns the games renamed.
func (db *DB) Rename(from, to string) ([]string, error) {
	var renamed []string
	err := db.update(func(tx *bolt.Tx) error {
		renamed = nil
		to := strings.TrimSpace(to)
		key := scoring.PlayerKey(from)
		known := map[string]string{}
		found := false
		nums := map[string]uint64{}
		err := db.eachSummary(tx, func(s Summary) error {
			for _, p := range s.Players {
				known[scoring.PlayerKey(p)] = p
				if scoring.PlayerKey(p) == key {
					found = true
					if p != to {
						renamed = append(renamed, s.ID)
						nums[s.ID] = s.Seq
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
			g, err := readGame(tx, id, nums[id])
			if err != nil {
				return err
			}
			players := g.Settings().Players
			seat := slices.IndexFunc(players, func(p string) bool { return scoring.PlayerKey(p) == key })
			// The new name as the game will spell it, normalized.
			renamedTo, err := g.Settings().RenamePlayer(players[seat], to)
			if err != nil {
				return &scoring.InputError{Msg: fmt.Sprintf("game %s: %v; nothing was renamed", id, err)}
			}
			e := Event{Type: EventRename, At: db.now(), From: players[seat], To: renamedTo.Players[seat]}
			if _, err := appendEvent(tx, g, e); err != nil {
				var ie *scoring.InputError
				if errors.As(err, &ie) {
					// The replay's sentence names the game already.
					return &scoring.InputError{Msg: ie.Msg + "; nothing was renamed"}
				}
				return fmt.Errorf("game %s: %w; nothing was renamed", id, err)
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
		if d := words.Distance(scoring.PlayerKey(name), k); d < bestD || d == bestD && p < best {
			best, bestD = p, d
		}
	}
	if bestD <= max(1, len(best)/3) {
		return &scoring.InputError{Msg: fmt.Sprintf("no game has a player called %q: did you mean %q?", name, best)}
	}
	return &scoring.UnknownPlayerError{InputError: scoring.InputError{Msg: fmt.Sprintf("no game has a player called %q", name)}}
}

// EachGame calls fn with every game, oldest first, reading one game at a
// time so that years of games take little memory.
func (db *DB) EachGame(fn func(*Game) error) error {
	return db.lightly(func() error {
		return db.view(func(tx *bolt.Tx) error {
			return db.eachSummary(tx, func(s Summary) error {
				g, err := readGame(tx, s.ID, s.Seq)
				if err != nil {
					return err
				}
				return fn(g)
			})
		})
	})
}

// EachSummary calls fn with the summary of every game, oldest first: all
// that player statistics read. Summaries are a small part of the
// file; the pages of the memory map read are handed back every few
// thousand games, so years of games are read in little memory.
func (db *DB) EachSummary(fn func(Summary) error) error {
	return db.view(func(tx *bolt.Tx) error {
		n := 0
		return db.eachSummary(tx, func(s Summary) error {
			if err := fn(s); err != nil {
				return err
			}
			if n++; n%500 == 0 {
				db.releaseMapped()
			}
			return nil
		})
	})
}

// eachSummary reads the summaries of tx in order, oldest first, each
// checked as it is read and numbered (Seq), and calls fn with each.
func (db *DB) eachSummary(tx *bolt.Tx, fn func(Summary) error) error {
	if err := checkRange(tx, bucketSummaries, nil, nil); err != nil {
		return err
	}
	c := tx.Bucket(bucketSummaries).Cursor()
	p := pendingOf(tx)
	for k, v := firstVisible(c, p); k != nil; k, v = nextVisible(c, p) {
		v, err := summaryValue(tx, k, v)
		if err != nil {
			return err
		}
		var s Summary
		if err := json.Unmarshal(v, &s); err != nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("the summary of game %x is unreadable: %v", k, err)}
		}
		s.Seq = binary.BigEndian.Uint64(k)
		if err := fn(s); err != nil {
			return err
		}
	}
	return nil
}
