package flow

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/scoring"
)

// memGames is one game kept in memory, as Games: a write appends its event
// to the log and folds it again, unless an error is queued for it.
type memGames struct {
	t      *testing.T
	events []scoring.Event
	fail   []error // the errors of the next writes, in order
}

func (m *memGames) Game(id string) (*scoring.Game, error) {
	g, err := scoring.Fold("g1", slices.Clone(m.events))
	if err != nil {
		m.t.Fatal(err)
	}
	return g, nil
}

func (m *memGames) write(e scoring.Event) (*scoring.Game, error) {
	if len(m.fail) > 0 {
		err := m.fail[0]
		m.fail = m.fail[1:]
		return nil, err
	}
	m.events = append(m.events, e)
	return m.Game("g1")
}

func (m *memGames) AddHand(id string, h scoring.Hand) (*scoring.Game, error) {
	return m.write(scoring.Event{Type: scoring.EventHand, Hand: &h})
}

func (m *memGames) End(id, winner string, seen int) (*scoring.Game, error) {
	return m.write(scoring.Event{Type: scoring.EventEnd, Winner: winner})
}

func (m *memGames) SetTarget(id string, target, seen int) (*scoring.Game, error) {
	return m.write(scoring.Event{Type: scoring.EventTarget, Target: target})
}

// TestHandLoopTellsRefusalsApart: the hand loop tells the refusals of the
// games apart as scoring's errors, whatever keeps the games (issue 32 §2:
// flow never imports store): a file held elsewhere asks to try again, a
// game changed since is not ended and the loop goes on, and a game gone
// ends the loop with a sentence; nothing is written by any of them.
func TestHandLoopTellsRefusalsApart(t *testing.T) {
	s := scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}}
	b, err := scoring.New(s)
	if err != nil {
		t.Fatal(err)
	}
	r5, _ := b.Deck.ParseHand("r5")
	g2, _ := b.Deck.ParseHand("g2")
	first := scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: r5}, {Player: "Cat", Cards: g2}}}
	if first, err = b.Check(first); err != nil {
		t.Fatal(err)
	}
	m := &memGames{t: t, events: []scoring.Event{
		{Type: scoring.EventCreated, Name: "night", Settings: &s},
		{Type: scoring.EventHand, Hand: &first},
	}, fail: []error{
		fmt.Errorf("the database x.db is in use by another unoscore: %w", scoring.ErrLocked),
		fmt.Errorf("Hand 2 was just recorded from another device: %w", scoring.ErrChanged),
		fmt.Errorf("no game has the id %q: %w", "g1", scoring.ErrNotFound),
	}}
	env, f, out := testEnv(t,
		"(end", "y", "", "y", // end the game here, Ann not named the winner; the file is held: try again
		"Bob", "r7", "b2", "y", // the game changed: a hand instead, and save it
	)
	env.Load = m.Game
	env.Change = func(fn func(Games) error) error { return fn(m) }
	err = HandLoop(env, "g1", 0)
	if err == nil || !strings.Contains(err.Error(), "game g1 was deleted in another terminal meanwhile") {
		t.Errorf("the game gone: err %v", err)
	}
	for _, want := range []string{
		"Not saved: the database x.db is in use by another unoscore: the games are in use by another program. What you entered is kept.",
		"Not ended: Hand 2 was just recorded from another device: the game changed since it was read",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if !slices.Contains(f.Labels, "Try to save this end again?") {
		t.Errorf("not asked to try again: %q", f.Labels)
	}
	if len(m.events) != 2 || len(f.Answers) != 0 {
		t.Errorf("%d events written, answers left %q", len(m.events)-2, f.Answers)
	}
}

// Newcomer 2, item 9: a game ended at the prompts ("(end the game
// here)") asks whether the table counts the leader as the winner (a game
// won at its target and played on: the table says Dad won), the default
// no; players tied in the lead are offered in a list that starts on "(no
// winner)". On the old code there was no way to name a winner at the
// prompts: "ended, led by Dad", and no win in the statistics.
func TestEndHereAsksForAWinner(t *testing.T) {
	s := scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 100}
	for _, tc := range []struct {
		name     string
		hands    [][2]string // who went out, the others' cards
		answers  []string
		asked    string
		list     []string
		winners  []string
		sentence string
	}{{
		name:     "the leader counted",
		hands:    [][2]string{{"Bob", "r5"}},
		answers:  []string{"(end", "y", "y"},
		asked:    "Count Bob as the winner?",
		winners:  []string{"Bob"},
		sentence: "Saved. Ended after hand 1, won by Bob.",
	}, {
		name:     "Enter alone: no winner",
		hands:    [][2]string{{"Bob", "r5"}},
		answers:  []string{"(end", "y", ""},
		asked:    "Count Bob as the winner?",
		sentence: "Saved. Ended after hand 1, Bob leading.",
	}, {
		name:     "a tie",
		hands:    [][2]string{{"Bob", "r5"}, {"Cat", "r5"}},
		answers:  []string{"(end", "y", "Cat"},
		asked:    "Who won the game?",
		list:     []string{"(no winner)", "Bob", "Cat"},
		winners:  []string{"Cat"},
		sentence: "Saved. Ended after hand 2, won by Cat.",
	}, {
		name:     "a tie, Enter alone",
		hands:    [][2]string{{"Bob", "r5"}, {"Cat", "r5"}},
		answers:  []string{"(end", "y", ""},
		asked:    "Who won the game?",
		sentence: "Saved. Ended after hand 2, Bob and Cat leading.",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			events := []scoring.Event{{Type: scoring.EventCreated, Name: "night", Settings: &s}}
			b, err := scoring.New(s)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range tc.hands {
				var left []scoring.Left
				for _, p := range s.Players {
					if p != h[0] {
						cards, _ := b.Deck.ParseHand(h[1])
						left = append(left, scoring.Left{Player: p, Cards: cards})
					}
				}
				hand, err := b.Check(scoring.Hand{Out: h[0], Left: left})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := b.Play(hand); err != nil {
					t.Fatal(err)
				}
				events = append(events, scoring.Event{Type: scoring.EventHand, Hand: &hand})
			}
			m := &memGames{t: t, events: events}
			env, f, out := testEnv(t, tc.answers...)
			env.Load = m.Game
			env.Change = func(fn func(Games) error) error { return fn(m) }
			// The loop ends after the board, not offered to play on.
			if err := HandLoop(env, "g1", 0); err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(f.Labels, tc.asked) {
				t.Errorf("not asked %q: %q", tc.asked, f.Labels)
			}
			if tc.list != nil && !slices.Equal(f.Lists[tc.asked], tc.list) {
				t.Errorf("offered %q, want %q", f.Lists[tc.asked], tc.list)
			}
			g, _ := m.Game("g1")
			if !g.Board.EndedEarly() || !slices.Equal(g.Board.Names(g.Board.Winners()), tc.winners) {
				t.Errorf("ended %v, winners %q, want %q", g.Board.EndedEarly(), g.Board.Names(g.Board.Winners()), tc.winners)
			}
			if !strings.Contains(out.String(), tc.sentence) {
				t.Errorf("no %q:\n%s", tc.sentence, out)
			}
		})
	}
}
