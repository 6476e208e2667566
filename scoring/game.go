package scoring

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/unoscore/unoscore/rules"
)

// The kinds of event in a game's log.
const (
	EventCreated = "created" // the game starts: Name, Settings
	EventHand    = "hand"    // a hand is counted: Hand
	EventVoid    = "void"    // counted hand Number is voided (undo)
	EventCorrect = "correct" // counted hand Number is replaced by Hand
	EventRename  = "rename"  // player From is called To from now on, in every record of the game
	EventRedo    = "redo"    // the hand the last undo voided counts again as hand Number: Hand
	EventTarget  = "target"  // the game's target is Target from now on (Redo: brought back by redo)
	EventEnd     = "end"     // the table ends the game here, naming Winner or nobody (Redo: brought back)
	// EventUnchange voids the last target or end (undo); it must be the
	// last thing the log counts.
	EventUnchange = "unchange"
)

// Event is one entry in a game's log.
type Event struct {
	Type     string    `json:"type"`
	At       time.Time `json:"at,omitzero"` // omitzero: the store keeps it as seconds
	Name     string    `json:"name,omitempty"`
	Settings *Settings `json:"settings,omitempty"`
	Number   int       `json:"number,omitempty"`
	Hand     *Hand     `json:"hand,omitempty"`
	From     string    `json:"from,omitempty"`   // rename: the name as it was
	To       string    `json:"to,omitempty"`     // rename: the name from now on
	Target   int       `json:"target,omitempty"` // target: the new target
	Winner   string    `json:"winner,omitempty"` // end: the winner the table named
	Redo     bool      `json:"redo,omitempty"`   // target, end: brought back by redo after an undo
}

// Game is one game: its log (every hand, undo, correction, rename and
// change to its end, as recorded) and the board folded from it. Which
// hand may be voided or brought back is the game's to say (Voidable,
// Redoable); the store only keeps the log.
type Game struct {
	ID     string
	Events []Event
	Board  *Board
}

// Name is the game's name, from its creation.
func (g *Game) Name() string { return g.Events[0].Name }

// Created is when the game was started.
func (g *Game) Created() time.Time { return g.Events[0].At }

// Settings are the game's settings, normalized, as they stand: the target
// is the one last set (unoscore target).
func (g *Game) Settings() Settings { return g.Board.Settings }

// StartSettings are the settings the game started with (the players as
// renamed since): a rematch starts at the target the game started at,
// not the one it was played on to.
func (g *Game) StartSettings() Settings {
	s := g.Board.Settings
	if cs := g.Board.Changes(); len(cs) > 0 {
		for _, c := range cs {
			if !c.End {
				s.Target = c.From
				break
			}
		}
	}
	return s
}

// Hands are the hands that count, in order: undos and corrections applied.
func (g *Game) Hands() []Hand {
	hands := make([]Hand, len(g.Board.Rows))
	for i, r := range g.Board.Rows {
		hands[i] = r.Hand
	}
	return hands
}

// Fold reads a game's log into its counted hands and the changes made to
// its end between them, and replays them into the board.
func Fold(id string, events []Event) (*Game, error) {
	settings, steps, err := StepsOf(id, events)
	if err != nil {
		return nil, err
	}
	// A hand a table played while it should have waited for players still
	// at another table was accepted before unoscore knew the rule: such a
	// game stays readable (the row says so), and Import refuses it.
	b, err := ReplaySteps(settings, steps)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	return &Game{ID: id, Events: events, Board: b}, nil
}

// StepsOf reads a game's log into the settings it started with (players
// as renamed since) and what counts, in order: the hands, and the targets
// and end set between them.
func StepsOf(id string, events []Event) (Settings, []Step, error) {
	if len(events) == 0 || events[0].Type != EventCreated || events[0].Settings == nil {
		return Settings{}, nil, fmt.Errorf("game %s: its log does not begin with the game's creation", id)
	}
	settings := *events[0].Settings
	var steps []Step
	hands := 0
	// nth is the index in steps of counted hand n (from 1).
	nth := func(n int) int {
		for k, st := range steps {
			if st.Hand != nil {
				if n--; n == 0 {
					return k
				}
			}
		}
		return -1
	}
	for i, e := range events[1:] {
		switch e.Type {
		case EventHand:
			if e.Hand == nil {
				return settings, nil, fmt.Errorf("game %s: event %d is a hand without its outcome", id, i+2)
			}
			h := *e.Hand
			steps = append(steps, Step{Hand: &h})
			hands++
		case EventVoid:
			if e.Number < 1 || e.Number > hands {
				return settings, nil, fmt.Errorf("game %s: event %d voids hand %d of %d", id, i+2, e.Number, hands)
			}
			steps = slices.Delete(steps, nth(e.Number), nth(e.Number)+1)
			hands--
		case EventCorrect:
			if e.Number < 1 || e.Number > hands || e.Hand == nil {
				return settings, nil, fmt.Errorf("game %s: event %d corrects hand %d of %d", id, i+2, e.Number, hands)
			}
			h := *e.Hand
			steps[nth(e.Number)] = Step{Hand: &h}
		case EventRename:
			s, err := settings.RenameStored(e.From, e.To)
			if err != nil {
				return settings, nil, fmt.Errorf("game %s: event %d renames %q: %w", id, i+2, e.From, err)
			}
			settings = s
			for k, st := range steps {
				if st.Hand != nil {
					h := st.Hand.RenamePlayer(e.From, e.To)
					steps[k] = Step{Hand: &h}
				} else {
					c := st.Change.RenamePlayer(e.From, e.To)
					steps[k] = Step{Change: &c}
				}
			}
		case EventRedo:
			if e.Number != hands+1 || e.Hand == nil {
				return settings, nil, fmt.Errorf("game %s: event %d brings back hand %d after %d", id, i+2, e.Number, hands)
			}
			h := *e.Hand
			steps = append(steps, Step{Hand: &h})
			hands++
		case EventTarget:
			steps = append(steps, Step{Change: &Change{Target: e.Target}})
		case EventEnd:
			steps = append(steps, Step{Change: &Change{End: true, Winner: e.Winner}})
		case EventUnchange:
			if len(steps) == 0 || steps[len(steps)-1].Change == nil {
				return settings, nil, fmt.Errorf("game %s: event %d voids a change of target or end, but a hand came after the last one", id, i+2)
			}
			steps = steps[:len(steps)-1]
		default:
			return settings, nil, fmt.Errorf("game %s: event %d is of an unknown kind %q", id, i+2, e.Type)
		}
	}
	return settings, steps, nil
}

// LastChange is the change to the game's end that undo would void: a
// target or end set after the last counted hand.
func (g *Game) LastChange() (Change, bool) {
	cs := g.Board.Changes()
	if len(cs) == 0 || cs[len(cs)-1].After != g.Board.Hands() {
		return Change{}, false
	}
	return cs[len(cs)-1], true
}

// Voidable says why counted hand n cannot be voided, as undo would refuse
// it (nil when it can be): in a rotating game, a hand at another table
// recorded after it may need it. A page asks before offering an undo.
func (g *Game) Voidable(n int) error { return stillNeeded(g, n) }

// stillNeeded refuses to void hand n of a rotating game when a hand
// recorded after it, at another table, could only be played because hand
// n finished its round: without it, that table would have had to wait.
func stillNeeded(g *Game, n int) error {
	hands := g.Hands()
	if g.Board.Schedule() == nil || n >= len(hands) {
		return nil
	}
	without := slices.Delete(slices.Clone(hands), n-1, n)
	b, err := ReplayRecorded(g.Settings(), without)
	if err != nil {
		return &InputError{Msg: fmt.Sprintf("hand %d cannot be voided: without it, %v", n, err)}
	}
	for k := n - 1; k < len(b.Rows); k++ {
		if row := b.Rows[k]; row.Waited != "" && g.Board.Rows[k+1].Waited == "" {
			return &InputError{Msg: fmt.Sprintf("hand %d cannot be voided: hand %d at table %d was played in a round that needed it (without it, %s); void hand %d first",
				n, k+2, row.Table, strings.ToLower(row.Waited[:1])+row.Waited[1:], k+2)}
		}
	}
	return nil
}

// Redoable returns the hand the last undo voided, if it can count again:
// only undos (and redos of them) came after it.
func (g *Game) Redoable() (Hand, bool) {
	return g.redoable(func(Hand) bool { return true })
}

// RedoableAt returns the hand last voided at table (a rotating game's),
// if it can count again: only undos and redos, and hands recorded at other
// tables, came after it at that table. Table 0 is Redoable.
func (g *Game) RedoableAt(table int) (Hand, bool) {
	if table == 0 || g.Board.Schedule() == nil {
		return g.Redoable()
	}
	return g.redoable(func(h Hand) bool { return h.Table == table })
}

// voidedStep is a hand or a change to the game's end voided by undo.
type voidedStep struct {
	hand   *Hand
	change *Change
}

// redoable replays the log for the hand last voided among the hands in
// view (at says which: every hand, or one table's): a hand recorded or
// corrected in view ends what can be redone; a rename ends it everywhere.
// A change to the game's end voided last is not a hand: see
// RedoableChange.
func (g *Game) redoable(at func(Hand) bool) (Hand, bool) {
	voided := g.voided(at)
	if len(voided) == 0 || voided[len(voided)-1].hand == nil {
		return Hand{}, false
	}
	return *voided[len(voided)-1].hand, true
}

// RedoableChange returns the target or end the last undo voided, if it
// can count again: only undos (and redos of them) came after it.
func (g *Game) RedoableChange() (Change, bool) {
	voided := g.voided(func(Hand) bool { return true })
	if len(voided) == 0 || voided[len(voided)-1].change == nil {
		return Change{}, false
	}
	return *voided[len(voided)-1].change, true
}

// voided replays the log for what undo voided that redo could bring back,
// newest last (see redoable). A target or end set anew ends it all, and a
// hand anywhere ends what was voided of the game's end.
func (g *Game) voided(at func(Hand) bool) []voidedStep {
	var hands []Hand        // replayed as the log goes
	var changes []Change    // the changes that count, as the log goes
	var voided []voidedStep // in view, newest last
	noChanges := func() {
		voided = slices.DeleteFunc(voided, func(v voidedStep) bool { return v.change != nil })
	}
	pop := func(change bool) {
		if n := len(voided); n > 0 && (voided[n-1].change != nil) == change {
			voided = voided[:n-1]
		}
	}
	for k, e := range g.Events[1:] {
		switch e.Type {
		case EventHand:
			hands = append(hands, *e.Hand)
			if at(*e.Hand) {
				voided = nil
			}
			noChanges()
		case EventCorrect:
			if at(hands[e.Number-1]) || at(*e.Hand) {
				voided = nil
			}
			noChanges()
			hands[e.Number-1] = *e.Hand
		case EventVoid:
			if h := hands[e.Number-1]; at(h) {
				voided = append(voided, voidedStep{hand: &h})
			}
			hands = slices.Delete(hands, e.Number-1, e.Number)
		case EventRedo:
			hands = append(hands, *e.Hand)
			if at(*e.Hand) {
				pop(false)
			}
		case EventTarget, EventEnd:
			changes = append(changes, Change{Target: e.Target, End: e.Type == EventEnd, Winner: e.Winner})
			if e.Redo {
				pop(true)
			} else {
				voided = nil
			}
		case EventUnchange:
			if n := len(changes); n > 0 {
				c := changes[n-1]
				changes = changes[:n-1]
				// As it was made: after which hand, from which target.
				if full, ok := g.EventChange(k + 1); ok {
					c = full
				}
				voided = append(voided, voidedStep{change: &c})
			}
		default: // a rename: what was voided named the players as they were
			voided = nil
		}
	}
	return voided
}

// EventChange is the change to the game's end that event i made (a
// target or an end, or one brought back), or voided (an undo of one).
func (g *Game) EventChange(i int) (Change, bool) {
	end := i + 1
	if g.Events[i].Type == EventUnchange {
		end = i
	}
	before, err := Fold(g.ID, g.Events[:end])
	if err != nil {
		return Change{}, false
	}
	return before.LastChange()
}

// UndoneChange is the target or end the game's last event voided (an
// undo of it), if it was one.
func (g *Game) UndoneChange() (Change, bool) {
	n := len(g.Events)
	if n < 2 || g.Events[n-1].Type != EventUnchange {
		return Change{}, false
	}
	before, err := Fold(g.ID, g.Events[:n-1])
	if err != nil {
		return Change{}, false
	}
	return before.LastChange()
}

// RedoableHand is a voided hand that can count again, at its table.
type RedoableHand struct {
	Table int
	Hand  Hand
}

// Redoables returns, in a rotating game, each table's voided hand that
// could be brought back there (RedoableAt), in table order; in any other
// game, the one Redoable returns, if any.
func (g *Game) Redoables() []RedoableHand {
	if g.Board.Schedule() == nil {
		if h, ok := g.Redoable(); ok {
			return []RedoableHand{{Hand: h}}
		}
		return nil
	}
	var all []RedoableHand
	for _, t := range g.Board.Tables() {
		if h, ok := g.RedoableAt(t.Number); ok {
			all = append(all, RedoableHand{Table: t.Number, Hand: h})
		}
	}
	return all
}

// Summary is what the list of games shows of one game: what a listing
// needs without replaying its log. The store keeps it beside the log as
// its JSON encoding, and sets Current and Seq.
type Summary struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Mode    string    `json:"mode"`
	// The deck's id, left out for the classic deck (the summary is then
	// what an older unoscore wrote, and a summary it wrote names no deck):
	// read it with DeckID.
	Deck    string   `json:"deck,omitempty"`
	Players []string `json:"players"`
	Hands   int      `json:"hands"`
	Over    bool     `json:"over"`
	Winners []string `json:"winners"`
	Leaders []string `json:"leaders"`
	Current bool     `json:"-"` // set by List: the current game
	Seq     uint64   `json:"-"` // its number: the order of creation in this file
	// What player statistics need of the game, so that they never replay
	// a log. It stays the last field: ListBrief reads only what comes before.
	Stats *GameStats `json:"stats,omitempty"`
}

// DeckID is the game's deck: the classic deck when the summary names none
// (one written before summaries kept the deck).
func (s Summary) DeckID() string {
	if s.Deck == "" {
		return rules.DefaultDeck
	}
	return s.Deck
}

// Record is the summary as player statistics read it.
func (s Summary) Record() GameRecord {
	r := GameRecord{ID: s.ID, Name: s.Name, Created: s.Created, Seq: s.Seq, Mode: Mode(s.Mode), Over: s.Over}
	if s.Stats != nil {
		r.Players = s.Stats.Players
	} else {
		for _, p := range s.Players {
			r.Players = append(r.Players, PlayerGame{Player: p})
		}
	}
	return r
}

// Changes is a game's change counter: the number of events in its log,
// raised by every hand, undo and correction.
func (g *Game) Changes() int { return len(g.Events) }
