package store

import (
	"errors"
	"testing"
	"time"

	"github.com/unoscore/unoscore/scoring"
)

// TestRefusalsAreScoringErrors: what the store refuses, as it refuses it
// (a game not there, a write on a stale view, a file held by another
// program), is scoring's error to errors.Is, so that the prompt flows,
// which never import store, tell them apart; and only that one.
func TestRefusalsAreScoringErrors(t *testing.T) {
	db := openTemp(t)
	g := must[*Game](t)(db.Create("", scoring.Settings{Players: []string{"Ann", "Bob", "Dan"}}))
	seen := Seen{Changes: g.Changes()}
	must[*Game](t)(db.AddHand(g.ID, hand(t, "Dan", "Ann=7", "Bob=3"), seen))
	_, missing := db.Game("nosuchgame")
	_, stale := db.End(g.ID, "", seen)
	_, stale2 := db.SetTarget(g.ID, 600, seen)
	_, locked := Open(db.Path(), Options{Timeout: 50 * time.Millisecond})
	all := []error{scoring.ErrNotFound, scoring.ErrChanged, scoring.ErrLocked}
	for _, c := range []struct {
		what string
		err  error
		is   error
	}{
		{"a game not there", missing, scoring.ErrNotFound},
		{"no game yet", ErrNoGame, scoring.ErrNotFound},
		{"a stale end", stale, scoring.ErrChanged},
		{"a stale target", stale2, scoring.ErrChanged},
		{"a file held", locked, scoring.ErrLocked},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.what)
			continue
		}
		for _, e := range all {
			if got := errors.Is(c.err, e); got != (e == c.is) {
				t.Errorf("%s (%v): errors.Is(%q) = %v", c.what, c.err, e, got)
			}
		}
	}
}
