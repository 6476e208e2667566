package store

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

// Event is one entry in a game's log (scoring.Event).
type Event = scoring.Event

// fileEvent is an event as the file keeps it: its JSON (Event's), but
// the time as seconds since 1970 (t), and nanoseconds (ns) only when there
// are any, where Event's JSON writes the time out (at, left zero here and
// so omitted): 12 bytes less on every event, 250 on a game of 20 hands.
// The time comes back in UTC.
type fileEvent struct {
	Event
	Unix  int64 `json:"t"`
	Nanos int   `json:"ns,omitempty"`
}

// encodeEvent is an event as the file keeps it.
func encodeEvent(e Event) ([]byte, error) {
	f := fileEvent{Event: e, Unix: e.At.Unix(), Nanos: e.At.Nanosecond()}
	f.At = time.Time{}
	return json.Marshal(f)
}

// decodeEvent reads an event as the file keeps it: a time that an export
// could not write (outside the years 0 to 9999 in UTC) is damage.
func decodeEvent(data []byte) (Event, error) {
	var f fileEvent
	if err := json.Unmarshal(data, &f); err != nil {
		return Event{}, err
	}
	if f.Unix < minUnix || f.Unix > maxUnix || f.Nanos < 0 || f.Nanos > 999999999 {
		return Event{}, fmt.Errorf("its time (%d s) is outside the years 0 to 9999", f.Unix)
	}
	f.At = time.Unix(f.Unix, int64(f.Nanos)).UTC()
	return f.Event, nil
}

// Game is a game as the file holds it: the game (scoring.Game: its log,
// replayed into its board) and its place in the file.
type Game struct {
	scoring.Game

	num uint64 // its number in this file: its place in the order of creation
}

// Summary is what the list of games shows of one game (scoring.Summary),
// kept beside its log as its JSON encoding.
type Summary = scoring.Summary

// fold reads a game's log into the game (scoring.Fold).
func fold(id string, events []Event) (*Game, error) {
	g, err := scoring.Fold(id, events)
	if err != nil {
		return nil, err
	}
	return &Game{Game: *g}, nil
}

func (g *Game) summary() Summary {
	s := g.Game.Summary()
	s.Seq = g.num
	return s
}

// withoutDeck is a summary's JSON as unoscore wrote it before summaries
// kept the deck: without the key "deck" (it follows "mode"). A quote
// inside a string is escaped, so the bytes cut can only be the key and its
// value.
func withoutDeck(summary []byte) []byte {
	i := bytes.Index(summary, []byte(`,"deck":"`))
	if i < 0 {
		return summary
	}
	n := bytes.IndexByte(summary[i+len(`,"deck":"`):], '"')
	if n < 0 {
		return summary
	}
	return append(summary[:i:i], summary[i+len(`,"deck":"`)+n+1:]...)
}

// statsKey begins the statistics in a summary's JSON. A quote inside a
// string is escaped, so these bytes can only be the key itself.
var statsKey = []byte(`,"stats":`)

// gameKey is a game's number as a key: 8 bytes big-endian, so games read
// back in the order they were created.
func gameKey(num uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], num)
	return k[:]
}

// eventKey is an event's key: its game's number, then its own, 4 bytes
// big-endian, so a game's log is one run of keys in the order written.
func eventKey(num uint64, seq int) []byte {
	var k [12]byte
	binary.BigEndian.PutUint64(k[:8], num)
	binary.BigEndian.PutUint32(k[8:], uint32(seq))
	return k[:]
}

// loadGame reads the game an id names (see resolve).
func loadGame(tx *bolt.Tx, id string) (*Game, error) {
	full, num, err := resolve(tx, id)
	if err != nil {
		return nil, err
	}
	return readGame(tx, full, num)
}

// readGame reads one game's log, and only its own keys, and folds it.
func readGame(tx *bolt.Tx, id string, num uint64) (*Game, error) {
	prefix := gameKey(num)
	var events []Event
	err := eachInRange(tx, bucketEvents, prefix, gameKey(num+1), false, func(k, v []byte) error {
		if !bytes.HasPrefix(k, prefix) {
			return errStop
		}
		if len(k) != 12 || int(binary.BigEndian.Uint32(k[8:])) != len(events)+1 {
			return &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game %s: its log has a gap or a stray key %x", id, k)}
		}
		v, ok := unseal(bucketEvents, k, v)
		if !ok {
			return &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game %s: event %d %v", id, len(events)+1, errChecksum)}
		}
		e, err := decodeEvent(v)
		if err != nil {
			// Damage, not bad input, whatever the decoder says: %v, not %w.
			return &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game %s: event %d is unreadable: %v", id, len(events)+1, err)}
		}
		events = append(events, e)
		return nil
	})
	if err != nil && err != errStop {
		return nil, err
	}
	if len(events) == 0 {
		return nil, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game %s has an id but no log", id)}
	}
	g, err := fold(id, events)
	if err != nil {
		// A log that does not replay was not written by this unoscore.
		return nil, &CorruptError{Path: tx.DB().Path(), Err: errors.New(err.Error())}
	}
	g.num = num
	return g, nil
}

// resolve finds the game a person named, as use and every --game read it:
// the current game for "", else an exact id (the ids index, one key), else
// a game's name in any case (the summaries walked only then), else the one
// game whose id starts with it. The games an unfinished import wrote are
// not there yet (see pendingOf). It runs in the caller's transaction: the
// game named is the game read or changed.
func resolve(tx *bolt.Tx, id string) (string, uint64, error) {
	return resolveIn(tx, id, true)
}

// resolveID is resolve without names: an exact id or the start of one
// (games delete).
func resolveID(tx *bolt.Tx, id string) (string, uint64, error) {
	return resolveIn(tx, id, false)
}

func resolveIn(tx *bolt.Tx, id string, names bool) (string, uint64, error) {
	ids := tx.Bucket(bucketIDs)
	p := pendingOf(tx)
	if id == "" {
		cur, err := readCurrent(tx)
		if err != nil {
			return "", 0, err
		}
		if cur == nil {
			return "", 0, ErrNoGame
		}
		// The current game is set only to a game in the file: naming no
		// game, it is damage, not a mistake of the person typing.
		if err := checkRange(tx, bucketIDs, cur, append(slices.Clip(cur), 0)); err != nil {
			return "", 0, err
		}
		num, err := idNum(tx, cur)
		if err != nil {
			return "", 0, err
		}
		if num == 0 || p.has(num) {
			return "", 0, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("the current game is %q, but no game has that id", words.Clip(string(cur)))}
		}
		return string(cur), num, nil
	}
	name := strings.TrimSpace(id)
	typed := words.Clip(name) // as the person typed it, for a refusal
	id = strings.ToLower(name)
	if err := checkRange(tx, bucketIDs, []byte(id), prefixEnd([]byte(id))); err != nil {
		return "", 0, err
	}
	if num, err := idNum(tx, []byte(id)); err != nil || num != 0 && !p.has(num) {
		return id, num, err
	}
	if names {
		full, num, err := byName(tx, name, p)
		if err != nil || num != 0 {
			return full, num, err
		}
	}
	var matches []string
	var num uint64
	more := false
	c := ids.Cursor()
	for k, v := c.Seek([]byte(id)); k != nil && bytes.HasPrefix(k, []byte(id)); k, v = c.Next() {
		n, err := idValue(tx, k, v)
		if err != nil {
			return "", 0, err
		}
		if p.has(n) {
			continue
		}
		if len(matches) == 10 {
			more = true
			break
		}
		matches = append(matches, string(k))
		num = n
	}
	switch len(matches) {
	case 1:
		return matches[0], num, nil
	case 0:
		return "", 0, &NotFoundError{ID: typed, Named: names}
	}
	return "", 0, &AmbiguousError{Prefix: typed, Matches: matches, More: more}
}

// byName finds the one game called name, in any case: number 0 when none
// is, a SameNameError when several are.
func byName(tx *bolt.Tx, name string, p pending) (string, uint64, error) {
	if name == "" {
		return "", 0, nil
	}
	var found []Summary
	err := eachVisible(tx, bucketSummaries, p, false, func(k, v []byte) error {
		v, err := summaryValue(tx, k, v)
		if err != nil {
			return err
		}
		var s Summary
		if err := decodeSummary(v, &s, true); err != nil {
			return &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("the summary of game %x is unreadable: %v", k, err)}
		}
		if s.Name != "" && strings.EqualFold(s.Name, name) {
			s.Seq = binary.BigEndian.Uint64(k)
			found = append(found, s)
		}
		return nil
	})
	if err != nil {
		return "", 0, err
	}
	switch len(found) {
	case 0:
		return "", 0, nil
	case 1:
		return found[0].ID, found[0].Seq, nil
	}
	// Newest first, as games lists them (by creation, then by number).
	slices.SortFunc(found, func(a, b Summary) int {
		if c := b.Created.Compare(a.Created); c != 0 {
			return c
		}
		return cmp.Compare(b.Seq, a.Seq)
	})
	e := &SameNameError{Name: found[0].Name}
	for _, s := range found {
		e.IDs = append(e.IDs, s.ID)
		e.Created = append(e.Created, s.Created)
	}
	return "", 0, e
}

func numOf(v []byte) uint64 {
	if len(v) != 8 {
		return 0 // no game has number 0: reading it finds no log
	}
	return binary.BigEndian.Uint64(v)
}

// putGame writes a new game, its whole log and its summary, under number
// num, in the caller's transaction. It never replaces a record: a number
// already in use is damage (see numberFree).
func putGame(tx *bolt.Tx, g *Game, num uint64) error {
	ids := tx.Bucket(bucketIDs)
	if taken, err := idTaken(tx, g.ID); err != nil || taken {
		return cmp.Or(err, fmt.Errorf("game %s is already in the database", g.ID))
	}
	if err := checkRangePages(tx, gameKey(num), gameKey(num+1)); err != nil {
		return err
	}
	if err := checkRange(tx, bucketSummaries, gameKey(num), gameKey(num+1)); err != nil {
		return err
	}
	if err := numberFree(tx, num); err != nil {
		return err
	}
	if err := putSealed(ids, bucketIDs, []byte(g.ID), gameKey(num)); err != nil {
		return err
	}
	events := tx.Bucket(bucketEvents)
	events.FillPercent = 1 // logs are written in order: fill each page
	for i, e := range g.Events {
		data, err := encodeEvent(e)
		if err != nil {
			return err
		}
		if err := putSealed(events, bucketEvents, eventKey(num, i+1), data); err != nil {
			return err
		}
	}
	g.num = num
	return putSummary(tx, g)
}

func putSummary(tx *bolt.Tx, g *Game) error {
	// The summaries' leaves are checked as they are written, not when the
	// file is opened to write (see checkFile).
	if err := checkRange(tx, bucketSummaries, gameKey(g.num), gameKey(g.num+1)); err != nil {
		return err
	}
	sums := tx.Bucket(bucketSummaries)
	sums.FillPercent = 0.9
	data, err := json.Marshal(g.summary())
	if err != nil {
		return err
	}
	return putSealed(sums, bucketSummaries, gameKey(g.num), data)
}

// Create starts a game and makes it the current one.
func (db *DB) Create(name string, s scoring.Settings) (*Game, error) {
	if err := scoring.ValidateGameName(name); err != nil {
		return nil, err
	}
	var g *Game
	err := db.update(func(tx *bolt.Tx) error {
		var damaged error
		id, err := newID(func(id string) bool {
			taken, err := idTaken(tx, id)
			damaged = cmp.Or(damaged, err)
			return taken || err != nil
		})
		if err := cmp.Or(damaged, err); err != nil {
			return err
		}
		b, err := scoring.New(s)
		if err != nil {
			return err
		}
		g = &Game{Game: scoring.Game{ID: id, Events: []Event{{Type: scoring.EventCreated, At: db.now(), Name: name, Settings: &b.Settings}}, Board: b}}
		if err := checkCounter(tx); err != nil {
			return err
		}
		num, err := counter(tx)
		if err != nil {
			return err
		}
		if err := setCounter(tx, num+1); err != nil {
			return err
		}
		if err := putGame(tx, g, num+1); err != nil {
			return err
		}
		return putCurrent(tx, id)
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Game reads one game; id "" is the current game, and a unique start of an
// id will do.
func (db *DB) Game(id string) (*Game, error) {
	var g *Game
	err := db.view(func(tx *bolt.Tx) error {
		var err error
		g, err = loadGame(tx, id)
		return err
	})
	return g, err
}

// change is the one way a game changes. In one write transaction it loads
// the game, asks decide for the event to append (or an error, and nothing
// is written), appends it, folds the log again and writes the summary. It
// returns the game after the change. decide is given saw, which holds what
// the writer saw (seen) to the game at a table (see Seen).
func (db *DB) change(id string, seen []Seen, decide func(g *Game, saw func(table int) error) (Event, error)) (*Game, error) {
	var after *Game
	err := db.update(func(tx *bolt.Tx) error {
		g, err := loadGame(tx, id)
		if err != nil {
			return err
		}
		e, err := decide(g, func(table int) error { return seenOf(seen).check(g, table) })
		if err != nil {
			return err
		}
		e.At = db.now()
		after, err = appendEvent(tx, g, e)
		return err
	})
	if err != nil {
		return nil, err
	}
	return after, nil
}

// appendEvent appends e to g's log, folds the log again and writes the
// summary, in the caller's transaction, and returns the game after it. An
// event the log does not fold with is refused as bad input.
//
// A hand is played on g's board, which fold made by replaying g's hands
// the same way, so the game after it is what fold makes of the longer log
// without replaying the rest again (TestAppendHandIsFold); g is not to be
// used after.
func appendEvent(tx *bolt.Tx, g *Game, e Event) (*Game, error) {
	events := append(slices.Clip(g.Events), e)
	var after *Game
	if e.Type == scoring.EventHand && e.Hand != nil {
		if _, err := g.Board.PlayRecorded(*e.Hand); err != nil {
			// fold's words for it.
			return nil, &scoring.InputError{Msg: fmt.Sprintf("game %s: hand %d: %v", g.ID, len(g.Board.Rows)+1, err)}
		}
		after = &Game{Game: scoring.Game{ID: g.ID, Events: events, Board: g.Board}, num: g.num}
	} else {
		var err error
		if after, err = fold(g.ID, events); err != nil {
			return nil, &scoring.InputError{Msg: err.Error()}
		}
	}
	after.num = g.num
	log := tx.Bucket(bucketEvents)
	log.FillPercent = 1 // mostly appended: the newest game is the one played
	data, err := encodeEvent(e)
	if err != nil {
		return nil, err
	}
	if err := putSealed(log, bucketEvents, eventKey(g.num, len(events)), data); err != nil {
		return nil, err
	}
	return after, putSummary(tx, after)
}

// AddHand counts one hand and returns the game after it; the hand as counted
// (names spelled as in the game, entries in seating order) is its last row.
// Given what the writer saw (seen), a game changed since at the hand's table
// is a *ChangedError, and nothing is written.
func (db *DB) AddHand(id string, h scoring.Hand, seen ...Seen) (*Game, error) {
	return db.addHand(id, h, false, seen)
}

// AddHandAt is AddHand at the table the writer named (hand's --table),
// held to scoring.Board.GivenTable in the change's own transaction, on the
// game as it is then: it may have changed since the writer looked.
func (db *DB) AddHandAt(id string, table int, h scoring.Hand, seen ...Seen) (*Game, error) {
	h.Table = table
	return db.addHand(id, h, true, seen)
}

func (db *DB) addHand(id string, h scoring.Hand, given bool, seen []Seen) (*Game, error) {
	return db.change(id, seen, func(g *Game, saw func(int) error) (Event, error) {
		return g.HandEvent(h, given, saw)
	})
}

// Undo voids the last counted hand, or the target or end set after it
// (then the row returned is the zero Row, and the game's UndoneChange
// names it); it stays in the log. It returns the game after it and the
// row of the hand voided.
func (db *DB) Undo(id string, seen ...Seen) (*Game, scoring.Row, error) {
	return db.UndoAt(id, 0, seen...)
}

// UndoAt voids the last counted hand played at table (a rotating game's;
// 0: at any table). Given what the writer saw (seen), a game changed since
// at that table is a *ChangedError, and nothing is written.
func (db *DB) UndoAt(id string, table int, seen ...Seen) (*Game, scoring.Row, error) {
	var voided scoring.Row
	g, err := db.change(id, seen, func(g *Game, saw func(int) error) (e Event, err error) {
		e, voided, err = g.UndoEvent(table, saw)
		return e, err
	})
	return g, voided, err
}

// SetTarget changes the game's target between hands (scoring.Board.
// SetTarget says when it may), and returns the game after it.
func (db *DB) SetTarget(id string, target int, seen ...Seen) (*Game, error) {
	return db.change(id, seen, func(g *Game, saw func(int) error) (Event, error) {
		return g.TargetEvent(target, saw)
	})
}

// End ends the game where it stands (scoring.Board.End), naming winner as
// its winner, or nobody when "", and returns the game after it.
func (db *DB) End(id, winner string, seen ...Seen) (*Game, error) {
	return db.change(id, seen, func(g *Game, saw func(int) error) (Event, error) {
		return g.EndEvent(winner, saw)
	})
}

// Redo is RedoAt at no table.
func (db *DB) Redo(id string, seen ...Seen) (*Game, scoring.Row, error) {
	return db.RedoAt(id, 0, seen...)
}

// RedoAt brings back, as one more event, the hand scoring.Game.RedoHand
// names at table (0: none named), or with no table the target or end the
// last undo voided (then the row returned is the zero Row). It returns the
// game after it and the hand's row. Given what the writer saw (seen), a
// game changed since at that hand's table is a *ChangedError, and nothing
// is written.
func (db *DB) RedoAt(id string, table int, seen ...Seen) (*Game, scoring.Row, error) {
	var row scoring.Row
	hand := false
	g, err := db.change(id, seen, func(g *Game, saw func(int) error) (Event, error) {
		e, err := g.RedoEvent(table, saw)
		hand = e.Type == scoring.EventRedo
		return e, err
	})
	if err == nil && hand {
		row = g.Board.Rows[len(g.Board.Rows)-1]
	}
	return g, row, err
}

// Edit replaces counted hand n (from 1) with a new outcome; the old one
// stays in the log, and every later hand is counted again on top of it. A
// correction that would make a later hand impossible is refused. The hand as
// corrected is row n-1 of the game returned.
// Given what the writer saw (seen), a game changed since at that hand's
// table is a *ChangedError, and nothing is written.
func (db *DB) Edit(id string, n int, h scoring.Hand, seen ...Seen) (*Game, error) {
	return db.edit(id, n, h, false, seen)
}

// EditAt is Edit moving hand n to the table the writer named (edit's
// --table), held to the rule for a table given in the change's own
// transaction, as AddHandAt is.
func (db *DB) EditAt(id string, n, table int, h scoring.Hand, seen ...Seen) (*Game, error) {
	h.Table = table
	return db.edit(id, n, h, true, seen)
}

func (db *DB) edit(id string, n int, h scoring.Hand, given bool, seen []Seen) (*Game, error) {
	return db.change(id, seen, func(g *Game, saw func(int) error) (Event, error) {
		return g.CorrectEvent(n, h, given, saw)
	})
}

// List calls fn with the summaries of the games, newest first, at most
// limit of them (0: all), and returns how many games there are in all. It
// reads every summary's time of creation, and decodes only the summaries
// it hands out.
func (db *DB) List(limit int, fn func(Summary) error) (total int, err error) {
	return db.summaries(limit, false, fn)
}

// ListBrief is List without the player statistics (Stats is nil): what a
// list of games shows, for a fraction of the cost of a long list, since
// the statistics are most of a kept summary.
func (db *DB) ListBrief(limit int, fn func(Summary) error) (total int, err error) {
	return db.summaries(limit, true, fn)
}

func (db *DB) summaries(limit int, brief bool, fn func(Summary) error) (total int, err error) {
	err = db.view(func(tx *bolt.Tx) error {
		current, err := readCurrent(tx)
		if err != nil {
			return err
		}
		var currentNum uint64 // 0, no game's number, when there is none
		if current != nil {
			if currentNum, err = idNum(tx, current); err != nil {
				return err
			}
		}
		sumMuch() // every summary is read: about 0.5 KB each
		total, err = listSorted(tx, pendingOf(tx), limit, func(k, kept []byte) error {
			// Its checksum was checked by listSorted's first pass, in
			// this transaction: the bytes are the same.
			var s Summary
			if err := decodeSummary(kept[:len(kept)-sealSize], &s, brief); err != nil {
				return &CorruptError{Path: db.path, Err: fmt.Errorf("the summary of game %x is unreadable: %v", k, err)}
			}
			s.Seq = binary.BigEndian.Uint64(k)
			s.Current = s.Seq == currentNum
			return fn(db.rederive(tx, s, brief))
		})
		return err
	})
	return total, err
}

// listSorted hands visit the kept summaries of the first limit (0: all)
// games, newest first: by the time each was created, then by number. An
// import of older games, or a clock set back, takes the numbers out of
// that order, so every summary's time is read (from its bytes: cheap),
// its page and checksum checked first, and the games sorted. It returns how many games there
// are, leaving out an unfinished import's.
func listSorted(tx *bolt.Tx, p pending, limit int, visit func(k, v []byte) error) (total int, err error) {
	if err := checkRange(tx, bucketSummaries, nil, nil); err != nil {
		return 0, err
	}
	b := tx.Bucket(bucketSummaries)
	var games []created
	c := b.Cursor()
	for k, kept := c.First(); k != nil; k, kept = c.Next() {
		if len(k) >= 8 && p.has(binary.BigEndian.Uint64(k)) {
			continue
		}
		v, err := summaryValue(tx, k, kept)
		if err != nil {
			return 0, err
		}
		at, err := summaryCreated(v)
		if err != nil {
			return 0, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("the summary of game %x is unreadable: %v", k, err)}
		}
		games = append(games, created{at, binary.BigEndian.Uint64(k)})
	}
	// Keys in the order of creation (as they mostly are) come out of the
	// sort reversed as they went in, in linear time (pdqsort).
	slices.SortFunc(games, func(a, b created) int {
		if c := b.at.Compare(a.at); c != 0 {
			return c
		}
		return cmp.Compare(b.num, a.num)
	})
	for i, g := range games {
		if limit > 0 && i == limit {
			break
		}
		k := gameKey(g.num)
		_, v := c.Seek(k) // a key read above, found with no new cursor
		if err := visit(k, v); err != nil {
			return 0, err
		}
	}
	return len(games), nil
}

// created is a game's time of creation and number.
type created struct {
	at  time.Time
	num uint64
}

// createdKey begins the time of creation in a summary's JSON (it comes
// after the id and the name; a quote inside them is escaped, so these bytes
// are the key itself).
var createdKey = []byte(`,"created":"`)

// summaryCreated reads the time of creation from a summary's JSON: from
// its own bytes when they are plain, else by decoding it.
func summaryCreated(v []byte) (time.Time, error) {
	var t time.Time
	if i := bytes.Index(v, createdKey); i >= 0 {
		rest := v[i+len(createdKey):]
		if j := bytes.IndexByte(rest, '"'); j > 0 && t.UnmarshalText(rest[:j]) == nil {
			return t, nil // as json.Unmarshal reads it
		}
	}
	var s Summary
	if err := decodeSummary(v, &s, true); err != nil {
		return time.Time{}, err
	}
	return s.Created, nil
}

// Use makes a game the current one.
func (db *DB) Use(id string) (*Game, error) {
	if strings.TrimSpace(id) == "" {
		return nil, &scoring.InputError{Msg: "use needs a game's id"}
	}
	var g *Game
	err := db.update(func(tx *bolt.Tx) error {
		var err error
		if g, err = loadGame(tx, id); err != nil {
			return err
		}
		return putCurrent(tx, g.ID)
	})
	return g, err
}

// pending is the range of game numbers an unfinished import may have
// written, lo to hi; lo is 0 when no import is unfinished.
type pending struct{ lo, hi uint64 }

func (p pending) has(num uint64) bool { return p.lo != 0 && num >= p.lo && num <= p.hi }

// pendingOf is what an unfinished import may have written: it numbers its
// games from the mark it left (the counter when it began) + 2^32 down, and
// leaves the counter as it was until its last transaction. So only numbers
// above both the mark and the counter, and at most the mark + 2^32, can be
// its games. Reads leave them out; the next write removes them (see
// discardImport). A mark that names a number below the last game (a stray
// or damaged one) covers no game in use.
func pendingOf(tx *bolt.Tx) pending {
	mark := tx.Bucket(bucketMeta).Get(keyImport)
	if mark == nil {
		return pending{}
	}
	from := numOf(mark)
	hi := from + 1<<32
	if hi < from {
		hi = ^uint64(0)
	}
	seq, _ := counter(tx) // damaged, it is reported where it is used
	lo := max(from, seq) + 1
	if lo == 0 || lo > hi {
		return pending{} // nothing an import can have written
	}
	return pending{lo, hi}
}

// checkCounter refuses to go on when the counter of games is below a game
// number in use (but for an unfinished import's): the next game would take
// the number of a saved one.
func checkCounter(tx *bolt.Tx) error {
	p := pendingOf(tx)
	seq, err := counter(tx)
	if err != nil {
		return err
	}
	var high uint64
	for _, name := range [][]byte{bucketSummaries, bucketEvents} {
		// The pages on the way to the last keys, checked before bbolt
		// follows them.
		if err := checkRange(tx, name, gameKey(seq+1), nil); err != nil {
			return err
		}
		// The last key but an unfinished import's.
		c := tx.Bucket(name).Cursor()
		k, _ := c.Last()
		if len(k) >= 8 && p.has(binary.BigEndian.Uint64(k)) {
			c.Seek(gameKey(p.lo))
			k, _ = c.Prev()
		}
		if len(k) >= 8 {
			high = max(high, binary.BigEndian.Uint64(k))
		}
	}
	if high > seq {
		return &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("its counter of games says the last game is number %d, but game number %d is in the file: the counter is damaged, and a new game would overwrite a saved one", seq, high)}
	}
	return nil
}

// numberFree refuses a game number that already has a summary or events:
// a write never replaces a record it did not read.
func numberFree(tx *bolt.Tx, num uint64) error {
	key := gameKey(num)
	used := tx.Bucket(bucketSummaries).Get(key) != nil
	if !used {
		k, _ := tx.Bucket(bucketEvents).Cursor().Seek(key)
		used = k != nil && bytes.HasPrefix(k, key)
	}
	if used {
		return &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game number %d is already in use, though the file's counter gave it out as new: the counter is damaged", num)}
	}
	return nil
}

// eachVisible calls fn with every game number of a bucket keyed by them
// (summaries, events) and its value, oldest first (backward: newest first),
// stepping over what an unfinished import wrote, and reading the pages as
// eachInRange does; errStop from fn ends it.
func eachVisible(tx *bolt.Tx, bucket []byte, p pending, backward bool, fn func(k, v []byte) error) error {
	// From an unfinished import's first key met, a cursor steps to the
	// first key after its numbers, or back to the last before them.
	first, after := gameKey(p.lo), []byte(nil)
	if p.hi != ^uint64(0) {
		after = gameKey(p.hi + 1)
	}
	skipping := false
	err := eachInRange(tx, bucket, nil, nil, backward, func(k, v []byte) error {
		if skipping {
			switch {
			case backward && bytes.Compare(k, first) >= 0, !backward && (after == nil || bytes.Compare(k, after) < 0):
				return nil
			}
			skipping = false
		}
		if len(k) >= 8 && p.has(binary.BigEndian.Uint64(k)) {
			skipping = true
			if !backward && after == nil {
				return errStop
			}
			return nil
		}
		return fn(k, v)
	})
	if err == errStop {
		return nil
	}
	return err
}

// prefixEnd is the first key after every key that starts with prefix (nil:
// there is none).
func prefixEnd(prefix []byte) []byte {
	end := bytes.Clone(prefix)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return nil
}

// The times an export can write (encoding/json writes a time's year with
// four digits), as seconds since 1970.
var (
	minUnix = time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	maxUnix = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC).Unix()
)

// timeWritable: t, in UTC, is a time an export can write.
func timeWritable(t time.Time) bool {
	y := t.UTC().Year()
	return y >= 0 && y <= 9999
}
