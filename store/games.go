package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
)

// The kinds of event in a game's log.
const (
	EventCreated = "created" // the game starts: Name, Settings
	EventHand    = "hand"    // a hand is counted: Hand
	EventVoid    = "void"    // counted hand Number is voided (undo)
	EventCorrect = "correct" // counted hand Number is replaced by Hand
	EventRename  = "rename"  // player From is called To from now on, in every record of the game
)

// Event is one entry in a game's log.
type Event struct {
	Type     string            `json:"type"`
	At       time.Time         `json:"at"`
	Name     string            `json:"name,omitempty"`
	Settings *scoring.Settings `json:"settings,omitempty"`
	Number   int               `json:"number,omitempty"`
	Hand     *scoring.Hand     `json:"hand,omitempty"`
	From     string            `json:"from,omitempty"` // rename: the name as it was
	To       string            `json:"to,omitempty"`   // rename: the name from now on
}

// Game is one game read from the database: its log, the hands that count
// (undos and corrections applied) and the board folded from them.
type Game struct {
	ID       string
	Name     string
	Created  time.Time
	Settings scoring.Settings
	Events   []Event
	Hands    []scoring.Hand
	Board    *scoring.Board
}

// Summary is what the list of games shows of one game, kept beside its log.
type Summary struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Mode    string    `json:"mode"`
	Players []string  `json:"players"`
	Hands   int       `json:"hands"`
	Over    bool      `json:"over"`
	Winners []string  `json:"winners"`
	Leaders []string  `json:"leaders"`
	Seq     uint64    `json:"seq"` // creation order in this database
	Current bool      `json:"-"`   // set by List: the current game
	// What player statistics need of the game, so that they never replay
	// a log.
	Stats *scoring.GameStats `json:"stats,omitempty"`
}

// fold reads a game's log into its settings and counted hands, and replays
// them into the board.
func fold(id string, events []Event) (*Game, error) {
	g := &Game{ID: id, Events: events}
	if len(events) == 0 || events[0].Type != EventCreated || events[0].Settings == nil {
		return nil, fmt.Errorf("game %s: its log does not begin with the game's creation", id)
	}
	g.Name, g.Created, g.Settings = events[0].Name, events[0].At, *events[0].Settings
	for i, e := range events[1:] {
		switch e.Type {
		case EventHand:
			if e.Hand == nil {
				return nil, fmt.Errorf("game %s: event %d is a hand without its outcome", id, i+2)
			}
			g.Hands = append(g.Hands, *e.Hand)
		case EventVoid:
			if e.Number < 1 || e.Number > len(g.Hands) {
				return nil, fmt.Errorf("game %s: event %d voids hand %d of %d", id, i+2, e.Number, len(g.Hands))
			}
			g.Hands = slices.Delete(g.Hands, e.Number-1, e.Number)
		case EventCorrect:
			if e.Number < 1 || e.Number > len(g.Hands) || e.Hand == nil {
				return nil, fmt.Errorf("game %s: event %d corrects hand %d of %d", id, i+2, e.Number, len(g.Hands))
			}
			g.Hands[e.Number-1] = *e.Hand
		case EventRename:
			if err := g.rename(e.From, e.To); err != nil {
				return nil, fmt.Errorf("game %s: event %d renames %q: %w", id, i+2, e.From, err)
			}
		default:
			return nil, fmt.Errorf("game %s: event %d is of an unknown kind %q", id, i+2, e.Type)
		}
	}
	b, err := scoring.Replay(g.Settings, g.Hands)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	g.Board = b
	g.Settings = b.Settings
	return g, nil
}

func (g *Game) summary(seq uint64) Summary {
	b := g.Board
	stats := scoring.Summarize(b)
	return Summary{
		ID: g.ID, Name: g.Name, Created: g.Created, Mode: string(g.Settings.Mode),
		Players: g.Settings.Players, Hands: b.Hands(), Over: b.Over(),
		Winners: b.Names(b.Winners()), Leaders: b.Names(b.Leaders()), Seq: seq,
		Stats: &stats,
	}
}

// loadGame reads the game an id names (see resolve).
func loadGame(tx *bolt.Tx, id string) (*Game, error) {
	full, err := resolve(tx, id)
	if err != nil {
		return nil, err
	}
	return readGame(tx, full)
}

// readGame loads one game's log from its bucket.
func readGame(tx *bolt.Tx, id string) (*Game, error) {
	gb := tx.Bucket(bucketGames).Bucket([]byte(id))
	if gb == nil {
		return nil, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game %s has a summary but no log", id)}
	}
	if err := checkBucketPages(tx, gb); err != nil {
		return nil, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game %s: %w", id, err)}
	}
	var events []Event
	err := gb.ForEach(func(k, v []byte) error {
		var e Event
		if err := json.Unmarshal(v, &e); err != nil {
			// Damage, not bad input, whatever the decoder says.
			return &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game %s: event %x is unreadable: %v", id, k, err)}
		}
		events = append(events, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	g, err := fold(id, events)
	if err != nil {
		// A log that does not replay was not written by this unoscore.
		return nil, &CorruptError{Path: tx.DB().Path(), Err: errors.New(err.Error())}
	}
	return g, nil
}

// appendEvent writes one event to a game's log and refreshes its summary,
// in the caller's transaction.
func appendEvent(tx *bolt.Tx, g *Game, e Event) error {
	gb := tx.Bucket(bucketGames).Bucket([]byte(g.ID))
	seq, err := gb.NextSequence()
	if err != nil {
		return err
	}
	if err := jsonPut(gb, key(seq), e); err != nil {
		return err
	}
	g.Events = append(g.Events, e)
	return putSummary(tx, g)
}

func putSummary(tx *bolt.Tx, g *Game) error {
	sums := tx.Bucket(bucketSummaries)
	var seq uint64
	if old := sums.Get([]byte(g.ID)); old != nil {
		var s Summary
		if err := json.Unmarshal(old, &s); err == nil {
			seq = s.Seq
		}
	}
	if seq == 0 {
		order := tx.Bucket(bucketOrder)
		var err error
		if seq, err = order.NextSequence(); err != nil {
			return err
		}
		if err := order.Put(key(seq), []byte(g.ID)); err != nil {
			return err
		}
	}
	return jsonPut(sums, []byte(g.ID), g.summary(seq))
}

// Create starts a game and makes it the current one.
func (db *DB) Create(name string, s scoring.Settings) (*Game, error) {
	if err := scoring.ValidateGameName(name); err != nil {
		return nil, err
	}
	var g *Game
	err := db.update(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		id, err := newID(func(id string) bool { return games.Bucket([]byte(id)) != nil })
		if err != nil {
			return err
		}
		b, err := scoring.New(s)
		if err != nil {
			return err
		}
		created := Event{Type: EventCreated, At: db.now(), Name: name, Settings: &b.Settings}
		g = &Game{ID: id, Name: name, Created: created.At, Settings: b.Settings, Board: b}
		if _, err := games.CreateBucket([]byte(id)); err != nil {
			return err
		}
		if err := appendEvent(tx, g, created); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(keyCurrent, []byte(id))
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Game reads one game; id "" is the current game, and a unique prefix of an
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

// change reads a game in a write transaction and hands it to fn, which
// returns the event to append, or an error to write nothing.
func (db *DB) change(id string, fn func(g *Game) (Event, error)) (*Game, error) {
	var g *Game
	err := db.update(func(tx *bolt.Tx) error {
		var err error
		if g, err = loadGame(tx, id); err != nil {
			return err
		}
		e, err := fn(g)
		if err != nil {
			return err
		}
		e.At = db.now()
		return appendEvent(tx, g, e)
	})
	return g, err
}

// AddHand counts one hand. It returns the game after it, and the hand as
// counted (names spelled as in the game, entries in seating order).
func (db *DB) AddHand(id string, h scoring.Hand) (*Game, scoring.Hand, error) {
	var played scoring.Hand
	g, err := db.change(id, func(g *Game) (Event, error) {
		var err error
		if played, err = g.Board.Play(h); err != nil {
			return Event{}, err
		}
		g.Hands = append(g.Hands, played)
		return Event{Type: EventHand, Hand: &played}, nil
	})
	return g, played, err
}

// Undo voids the last counted hand; it stays in the log. It returns the game
// after it and the number of the hand voided.
func (db *DB) Undo(id string) (*Game, scoring.Row, error) {
	var voided scoring.Row
	g, err := db.change(id, func(g *Game) (Event, error) {
		n := len(g.Hands)
		if n == 0 {
			return Event{}, &scoring.InputError{Msg: "there is no hand to undo in this game"}
		}
		voided = g.Board.Rows[n-1]
		b, err := scoring.Replay(g.Settings, g.Hands[:n-1])
		if err != nil {
			return Event{}, err
		}
		g.Hands, g.Board = g.Hands[:n-1], b
		return Event{Type: EventVoid, Number: n}, nil
	})
	return g, voided, err
}

// Edit replaces counted hand n (from 1) with a new outcome; the old one
// stays in the log, and every later hand is counted again on top of it. A
// correction that would make a later hand impossible is refused.
func (db *DB) Edit(id string, n int, h scoring.Hand) (*Game, scoring.Hand, error) {
	var fixed scoring.Hand
	g, err := db.change(id, func(g *Game) (Event, error) {
		if n < 1 || n > len(g.Hands) {
			if len(g.Hands) == 0 {
				return Event{}, &scoring.InputError{Msg: fmt.Sprintf("there is no hand %d: no hand has been counted yet", n)}
			}
			return Event{}, &scoring.InputError{Msg: fmt.Sprintf("there is no hand %d: hands 1 to %d have been counted", n, len(g.Hands))}
		}
		before, err := scoring.Replay(g.Settings, g.Hands[:n-1])
		if err != nil {
			return Event{}, err
		}
		if h.Table == 0 {
			h.Table = g.Hands[n-1].Table // a correction stays at its table unless told
		}
		if fixed, err = before.Play(h); err != nil {
			return Event{}, err
		}
		hands := slices.Clone(g.Hands)
		hands[n-1] = fixed
		b, err := scoring.Replay(g.Settings, hands)
		if err != nil {
			return Event{}, &scoring.InputError{Msg: "with that correction, " + err.Error()}
		}
		g.Hands, g.Board = hands, b
		return Event{Type: EventCorrect, Number: n, Hand: &fixed}, nil
	})
	return g, fixed, err
}

// List calls fn with the summaries of the games, newest first, at most
// limit of them (0: all). It returns how many games there are in all and
// the current game's id. It reads only the summaries it hands out.
func (db *DB) List(limit int, fn func(Summary) error) (total int, current string, err error) {
	read := func() error {
		return db.view(func(tx *bolt.Tx) error {
			current = string(tx.Bucket(bucketMeta).Get(keyCurrent))
			order, sums := tx.Bucket(bucketOrder), tx.Bucket(bucketSummaries)
			total = order.Stats().KeyN
			c := order.Cursor()
			n := 0
			for k, id := c.Last(); k != nil && (limit <= 0 || n < limit); k, id = c.Prev() {
				var s Summary
				if err := json.Unmarshal(sums.Get(id), &s); err != nil {
					return &CorruptError{Path: db.path, Err: fmt.Errorf("the summary of game %s is unreadable: %w", id, err)}
				}
				s.Current = s.ID == current
				if err := fn(s); err != nil {
					return err
				}
				n++
			}
			return nil
		})
	}
	// Only a long listing needs the memory map given back as it goes.
	if limit <= 0 {
		err = db.lightly(read)
	} else {
		err = read()
	}
	return total, current, err
}

// Use makes a game the current one.
func (db *DB) Use(id string) (*Game, error) {
	if strings.TrimSpace(id) == "" {
		return nil, &scoring.InputError{Msg: "use needs a game's id; \"unoscore games\" lists them"}
	}
	var g *Game
	err := db.update(func(tx *bolt.Tx) error {
		var err error
		if g, err = loadGame(tx, id); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(keyCurrent, []byte(g.ID))
	})
	return g, err
}
