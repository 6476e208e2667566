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

func (m *memGames) End(id string, seen int) (*scoring.Game, error) {
	return m.write(scoring.Event{Type: scoring.EventEnd})
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
		"(end", "y", "y", // end the game here; the file is held: try again
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
