package scoring

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
)

// Summary is the game's summary as its log gives it (Current and Seq are
// the store's to set).
func (g *Game) Summary() Summary {
	b := g.Board
	stats := Summarize(b)
	return Summary{
		ID: g.ID, Name: g.Name(), Created: g.Created(), Mode: string(b.Settings.Mode),
		Deck: deckOf(b.Settings), Players: b.Settings.Players, Hands: b.Hands(), Over: b.Over(),
		Winners: words.NonNil(b.Names(b.Winners())), Leaders: words.NonNil(b.Names(b.Leaders())),
		Stats: &stats,
	}
}

// deckOf is the deck a summary names: none for the classic deck, so that
// a classic game's summary is, byte for byte, what unoscore wrote before
// summaries kept the deck (older versions' doctor finds it sound, and a
// listing reads no more).
func deckOf(s Settings) string {
	if s.Deck == rules.DefaultDeck {
		return ""
	}
	return s.Deck
}

// KnockOuts reports whether deck d scores knock-outs (No Mercy): the deck
// of the games whose summaries the store's schema 7 and before worked out
// otherwise (the best hand out did not count a knocker's own 250).
func KnockOuts(d *rules.Deck) bool {
	return d != nil && d.Decl != nil && d.Decl.Rules.KnockOutBonus > 0
}

// DerivedOnly reports whether kept, a game's summary as a file keeps it,
// differs from fresh, the one its log gives now, only in what the rules
// work out from the log: the result (over, winners, leaders) and the
// player statistics, and the deck, which summaries did not keep before.
func DerivedOnly(kept, fresh Summary) bool {
	kept.Over, kept.Winners, kept.Leaders, kept.Stats = fresh.Over, fresh.Winners, fresh.Leaders, fresh.Stats
	if kept.Deck == "" {
		kept.Deck = fresh.Deck
	}
	a, err1 := json.Marshal(kept)
	b, err2 := json.Marshal(fresh)
	return err1 == nil && err2 == nil && bytes.Equal(a, b)
}

// WithCharge is a game's log as exported: a No Mercy game of lowest or
// challenge stored without mercy_charge (by a release that did not write
// it) exports with it, true or false as the game is read
// (Settings.MercyCharge). An import normalizes the settings, and fills in
// a mercy_bonus, which would read a game of the release before the charge
// as charged: the explicit false keeps it as it was played.
func WithCharge(events []Event) []Event {
	if len(events) == 0 || events[0].Settings == nil || events[0].Settings.MercyCharge != nil {
		return events
	}
	start, err := NewStored(*events[0].Settings)
	if err != nil || start.Settings.MercyCharge == nil {
		return events // not such a game, or one doctor names
	}
	s := *events[0].Settings
	s.MercyCharge = start.Settings.MercyCharge
	out := slices.Clone(events)
	out[0].Settings = &s
	return out
}

// RenameEvent is the event, at at, that calls the game's player whose
// PlayerKey is key by the name to, both names as the game spells them
// (to normalized).
func (g *Game) RenameEvent(key, to string, at time.Time) (Event, error) {
	players := g.Settings().Players
	seat := slices.IndexFunc(players, func(p string) bool { return PlayerKey(p) == key })
	renamed, err := g.Settings().RenamePlayer(players[seat], to)
	if err != nil {
		return Event{}, err
	}
	return Event{Type: EventRename, At: at, From: players[seat], To: renamed.Players[seat]}, nil
}

// UnknownPlayer is the error for a name no game has, known the players
// of the games by their PlayerKey.
func UnknownPlayer(name string, known map[string]string) error {
	if len(known) == 0 {
		return &InputError{Msg: fmt.Sprintf("no player is called %q: there are no games yet", name)}
	}
	names := slices.Sorted(maps.Values(known))
	if best, near := Closest(name, names); near {
		return &InputError{Msg: fmt.Sprintf("no game has a player called %q: did you mean %q?", name, best)}
	}
	return &UnknownPlayerError{InputError: InputError{Msg: fmt.Sprintf("no game has a player called %q", name)}}
}

// MissedSince is what a writer who saw the game at change counter seen
// (Changes; 0: no check) missed at table (0: every table): the newest
// change in a sentence, with how many others came before it, and the
// count of them all (0: nothing missed).
func (g *Game) MissedSince(seen, table int) (what string, count int, err error) {
	if seen == 0 {
		return "", 0, nil
	}
	if seen < 0 || seen > g.Changes() {
		return "", 0, &InputError{Msg: fmt.Sprintf("\"changes\": %d is not a state this game has been in (it has had %d changes)", seen, g.Changes())}
	}
	missed, err := g.Missed(seen, table)
	if err != nil || len(missed) == 0 {
		return "", 0, err
	}
	what = missed[len(missed)-1]
	if n := len(missed) - 1; n > 0 {
		what += fmt.Sprintf(" %s came before it.", words.Capitalize(words.Count(n, "other change")))
	}
	return what, len(missed), nil
}
