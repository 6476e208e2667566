package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// A summary is written when its game changes, so one written before the
// way of working it out changed keeps what the older unoscore worked out.
// Those of schema 7 and before may differ from their logs replayed now in a
// game of a deck with knock-outs (No Mercy): the best hand out counts a
// knocker's own 250. A rule of scoring is not such a change: a game keeps
// the rules it began under (the knock-out charged in lowest and challenge
// only where its settings say so, scoring.Settings.MercyCharge), so a game
// begun before comes out as it was played. The step to schema 8
// writes every summary afresh (rewriteSummaries); a command that only reads
// a file of schema 5 to 7 never writes it, and works those games'
// summaries out afresh as it reads them (rederive); doctor notes such a
// summary, and does not call it damage.

// rewriteSummaries is the step from schema 7 to 8, in the caller's
// transaction: every game's summary worked out again from its log, by the
// game's own rules, and written where it differs. A game whose log does not replay (damage, or a
// log these rules refuse) keeps its summary: doctor names it, and the rest
// of the file is upgraded all the same. An unfinished import's games are
// left as they are: the next change removes them.
func rewriteSummaries(tx *bolt.Tx) error {
	type game struct {
		num uint64
		id  string
	}
	var games []game
	err := eachVisible(tx, bucketSummaries, pendingOf(tx), false, func(k, kept []byte) error {
		v, ok := unseal(bucketSummaries, k, kept)
		var s Summary
		if ok && len(k) == 8 && decodeSummary(v, &s, true) == nil && ValidID(s.ID) {
			games = append(games, game{binary.BigEndian.Uint64(k), s.ID})
		} // else damage, which doctor names
		return nil
	})
	if err != nil {
		return err
	}
	sums := tx.Bucket(bucketSummaries)
	for _, gm := range games {
		g, err := readGame(tx, gm.id, gm.num)
		var ce *CorruptError
		if errors.As(err, &ce) {
			continue
		} else if err != nil {
			return err
		}
		data, err := json.Marshal(g.summary())
		if err != nil {
			return err
		}
		if v, _ := unseal(bucketSummaries, gameKey(gm.num), sums.Get(gameKey(gm.num))); bytes.Equal(v, data) {
			continue // already as these rules work it out
		}
		if err := putSummary(tx, g); err != nil {
			return err
		}
	}
	return nil
}

// rederive is s as this unoscore works it out, in a file of an older
// schema read as it is (db.older). Its deck, which summaries did not keep
// before (a summary without one reads as classic), is read from the
// game's first event; a game of a deck with knock-outs, whose summary
// older rules may have worked out otherwise, is worked out from its log:
// in a brief one (brief: without statistics), only in lowest or challenge,
// where the knock-outs can change who leads and who won (a game recorded
// by a unoscore that charged a knock-out before the games recorded it:
// scoring.Settings.MercyCharge). Where the log does
// not read, s as kept (the command reading the log, or doctor, says so).
func (db *DB) rederive(tx *bolt.Tx, s Summary, brief bool) Summary {
	if db.older == 0 {
		return s
	}
	d := deckOfLog(tx, s.Seq)
	if d != nil && s.Deck == "" && d.ID != rules.DefaultDeck {
		s.Deck = d.ID
	}
	if d != nil && !scoring.KnockOuts(d) || brief && !scoring.Mode(s.Mode).LowWins() {
		return s
	}
	g, err := readGame(tx, s.ID, s.Seq)
	if err != nil {
		return s
	}
	fresh := g.summary()
	fresh.Current = s.Current
	if brief {
		fresh.Stats = nil
	}
	return fresh
}

// deckOfLog is the deck game num is played with, from the first event of
// its log alone; nil when that does not read (the log is read whole then,
// and its damage said as ever).
func deckOfLog(tx *bolt.Tx, num uint64) *rules.Deck {
	k := eventKey(num, 1)
	if checkRangePages(tx, k, eventKey(num, 2)) != nil {
		return nil
	}
	v, ok := unseal(bucketEvents, k, tx.Bucket(bucketEvents).Get(k))
	if !ok {
		return nil
	}
	e, err := decodeEvent(v)
	if err != nil || e.Type != scoring.EventCreated || e.Settings == nil {
		return nil
	}
	deck := e.Settings.Deck
	if deck == "" {
		deck = rules.DefaultDeck
	}
	d, err := rules.LookupDeck(deck)
	if err != nil {
		return nil
	}
	return d
}
