package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

// Rename calls a player by a new name in every game they played, as one
// more event in each game's log; the records before it keep the name they
// were written with. The old name is matched ignoring case; games that
// already spell the player the new way are left alone. All the games are
// renamed in one transaction, or none. It returns the games renamed.
func (db *DB) Rename(from, to string) ([]string, error) {
	done, err := db.RenameIn(from, to, RenameScope{})
	var ids []string
	for _, r := range done {
		ids = append(ids, r.ID)
	}
	return ids, err
}

// RenameScope says where a rename goes: every game that calls the player
// by the old name, or one game (Game, its id or a unique start of it), or
// only the games a question named (Only, ids: a game started since is
// left alone). Plan says which games, and writes nothing.
type RenameScope struct {
	Game string
	Only []string
	Plan bool
}

// Renamed is a game a rename changes: its id, name and start, whether it
// is over, and the player's name in it before (as the game spells it).
type Renamed struct {
	ID      string    `json:"id"`
	Name    string    `json:"name,omitempty"`
	Created time.Time `json:"created"`
	Over    bool      `json:"over"`
	From    string    `json:"from"`
	To      string    `json:"to"` // the new name as the game spells it
	num     uint64
}

// RenameIn is Rename within a scope: the games (oldest first) it renamed,
// or would rename (Plan).
func (db *DB) RenameIn(from, to string, in RenameScope) ([]Renamed, error) {
	var renamed []Renamed
	work := func(tx *bolt.Tx) error {
		renamed = nil
		to := strings.TrimSpace(to)
		key := scoring.PlayerKey(from)
		one := ""
		if in.Game != "" {
			id, _, err := resolve(tx, in.Game)
			if err != nil {
				return err
			}
			one = id
		}
		known := map[string]string{}
		found := false
		err := db.eachSummary(tx, func(s Summary) error {
			if one != "" && s.ID != one || in.Only != nil && !slices.Contains(in.Only, s.ID) {
				return nil
			}
			for _, p := range s.Players {
				known[scoring.PlayerKey(p)] = p
				if scoring.PlayerKey(p) == key {
					found = true
					if p != to {
						renamed = append(renamed, Renamed{ID: s.ID, Name: s.Name, Created: s.Created, Over: s.Over, From: p, num: s.Seq})
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if !found && one != "" {
			return &scoring.InputError{Msg: fmt.Sprintf("game %s has no player called %q (its players are %s)", one, from, words.Join(slices.Sorted(maps.Values(known))))}
		}
		if !found {
			return scoring.UnknownPlayer(from, known)
		}
		if len(renamed) == 0 {
			if one != "" {
				return &scoring.InputError{Msg: fmt.Sprintf("game %s already calls %s %s; nothing to rename", one, from, to)}
			}
			return &scoring.InputError{Msg: fmt.Sprintf("every game already calls %s %s; nothing to rename", from, to)}
		}
		for i := range renamed {
			r := &renamed[i]
			id := r.ID
			g, err := readGame(tx, id, r.num)
			if err != nil {
				return err
			}
			e, err := g.RenameEvent(key, to, db.now())
			if err != nil {
				return &scoring.InputError{Msg: fmt.Sprintf("game %s: %v; nothing was renamed", id, err)}
			}
			r.To = e.To // the new name as the game will spell it, normalized
			if in.Plan {
				continue
			}
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
	}
	var err error
	if in.Plan {
		err = db.view(work)
	} else {
		err = db.update(work)
	}
	if err != nil {
		return nil, err
	}
	return renamed, nil
}

// EachGame calls fn with every game, oldest first, reading one game at a
// time so that years of games take little memory.
func (db *DB) EachGame(fn func(*Game) error) error {
	return db.view(func(tx *bolt.Tx) error {
		return db.eachSummary(tx, func(s Summary) error {
			g, err := readGame(tx, s.ID, s.Seq)
			if err != nil {
				return err
			}
			return fn(g)
		})
	})
}

// EachSummary calls fn with the summary of every game, oldest first: all
// that player statistics read.
func (db *DB) EachSummary(fn func(Summary) error) error {
	return db.view(func(tx *bolt.Tx) error {
		return db.eachSummary(tx, fn)
	})
}

// eachSummary reads the summaries of tx in order, oldest first, each
// checked as it is read and numbered (Seq), and calls fn with each.
func (db *DB) eachSummary(tx *bolt.Tx, fn func(Summary) error) error {
	return eachVisible(tx, bucketSummaries, pendingOf(tx), false, func(k, v []byte) error {
		v, err := summaryValue(tx, k, v)
		if err != nil {
			return err
		}
		var s Summary
		if err := json.Unmarshal(v, &s); err != nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("the summary of game %x is unreadable: %v", k, err)}
		}
		s.Seq = binary.BigEndian.Uint64(k)
		return fn(db.rederive(tx, s, false))
	})
}
