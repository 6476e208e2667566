package store

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/scoring"
)

// TestSeenRefusesAStaleWrite: a write that says what it saw is refused,
// nothing written, when the game changed since; the sentence names the
// change. Without a Seen the write goes ahead, as before.
func TestSeenRefusesAStaleWrite(t *testing.T) {
	db := openTemp(t)
	g := must[*Game](t)(db.Create("", scoring.Settings{Players: []string{"Ann", "Bob", "Dan"}}))
	seen := Seen{Changes: g.Changes()}
	g = must[*Game](t)(db.AddHand(g.ID, hand(t, "Dan", "Ann=7", "Bob=3"), seen))
	if g.Changes() != 2 {
		t.Fatalf("changes after a hand: %d", g.Changes())
	}
	// A second phone saw the game before that hand.
	_, err := db.AddHand(g.ID, hand(t, "Dan", "Ann=7", "Bob=3"), seen)
	var changed *ChangedError
	if !errors.As(err, &changed) {
		t.Fatalf("a stale write: %v", err)
	}
	if want := "Hand 1 was just recorded from another device: Dan went out, 10 points."; changed.What != want {
		t.Fatalf("sentence %q, want %q", changed.What, want)
	}
	now := must[*Game](t)(db.Game(g.ID))
	if now.Changes() != 2 || changed.Game.Changes() != 2 {
		t.Fatalf("the refused write wrote: %d changes", now.Changes())
	}
	// Undo and redo: the same.
	if _, _, err := db.Undo(g.ID, seen); !errors.As(err, &changed) {
		t.Fatalf("a stale undo: %v", err)
	}
	_, _, err = db.Undo(g.ID, Seen{Changes: 2})
	ok(t, err)
	_, _, err = db.Redo(g.ID, Seen{Changes: 2})
	if !errors.As(err, &changed) || changed.What != "Hand 1 (Dan went out, 10 points) was just voided from another device." {
		t.Fatalf("a stale redo: %v", err)
	}
	_, _, err = db.Redo(g.ID, Seen{Changes: 3})
	ok(t, err)
	// Two changes missed: the newest is named, and how many more.
	_, err = db.AddHand(g.ID, hand(t, "Ann", "Bob=1", "Dan=2"), Seen{Changes: 2})
	if !errors.As(err, &changed) || changed.Count != 2 || !strings.Contains(changed.What, "brought back") || !strings.Contains(changed.What, "1 other change came before it") {
		t.Fatalf("two missed changes: %v", err)
	}
	// Without a Seen: as before.
	must[*Game](t)(db.AddHand(g.ID, hand(t, "Ann", "Bob=1", "Dan=2")))
	// A counter the game never had is bad input.
	_, err = db.AddHand(g.ID, hand(t, "Ann", "Bob=1", "Dan=2"), Seen{Changes: 99})
	var in *scoring.InputError
	if !errors.As(err, &in) {
		t.Fatalf("a future counter: %v", err)
	}
}

// TestUndoAtTable: in a rotating game, undo at a table voids that table's
// last hand, and a change at the other table does not stop a write.
func TestUndoAtTable(t *testing.T) {
	db := openTemp(t)
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	g := must[*Game](t)(db.Create("", scoring.Settings{Players: players, Mode: scoring.Rotating}))
	b := g.Board
	at := func(table int) scoring.Hand {
		for _, tb := range b.Tables() {
			if tb.Number == table {
				out := b.Name(tb.Teams[0][0])
				h := hand(t, out, b.Name(tb.Teams[1][0])+"=7", b.Name(tb.Teams[1][1])+"=3")
				h.Table = table
				return h
			}
		}
		t.Fatalf("no table %d", table)
		return scoring.Hand{}
	}
	g = must[*Game](t)(db.AddHand(g.ID, at(1)))
	seen := Seen{Changes: g.Changes()}
	g = must[*Game](t)(db.AddHand(g.ID, at(2)))
	// Table 1's phone saw the game before table 2's hand: no conflict there.
	g = must[*Game](t)(db.AddHand(g.ID, at(1), seen))
	if g.Board.Hands() != 3 {
		t.Fatalf("hands %d", g.Board.Hands())
	}
	// But an undo at table 2 with that view is refused.
	var changed *ChangedError
	if _, _, err := db.UndoAt(g.ID, 2, seen); !errors.As(err, &changed) || !strings.Contains(changed.What, "Hand 2 at table 2 was just recorded") {
		t.Fatalf("stale undo at table 2: %v", err)
	}
	g, voided, err := db.UndoAt(g.ID, 2, Seen{Changes: g.Changes()})
	ok(t, err)
	if voided.Number != 2 || voided.Table != 2 || g.Board.Hands() != 2 {
		t.Fatalf("undo at table 2 voided hand %d at table %d; %d hands left", voided.Number, voided.Table, g.Board.Hands())
	}
	for _, r := range g.Board.Rows {
		if r.Table != 1 {
			t.Fatalf("a hand at table %d is still counted", r.Table)
		}
	}
	if _, _, err := db.UndoAt(g.ID, 2); err == nil || !strings.Contains(err.Error(), "no hand to undo at table 2") {
		t.Fatalf("undo at an empty table: %v", err)
	}
	if _, _, err := db.UndoAt(g.ID, 3); err == nil || !strings.Contains(err.Error(), "no table 3") {
		t.Fatalf("undo at table 3: %v", err)
	}
}

// TestTableGivenUnderTheLock: a hand or a correction at a table the writer
// named is held to the one rule for a table given (Board.GivenTable) in
// the change's own transaction: in a standard game any table is refused,
// 1 included, and nothing is written. AddHand with Table 1 in a standard
// game saves it (table 1 is the one table there), as it always did: the
// writer that names a table says so with AddHandAt.
func TestTableGivenUnderTheLock(t *testing.T) {
	db := openTemp(t)
	g := must[*Game](t)(db.Create("", scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}}))
	h := hand(t, "Ann", "Bob=5", "Cat=6")
	for _, table := range []int{1, 0, 2} {
		_, err := db.AddHandAt(g.ID, table, h)
		var in *scoring.InputError
		if !errors.As(err, &in) || !strings.Contains(err.Error(), "only a rotating game is played at tables") {
			t.Fatalf("AddHandAt table %d in a standard game: %v", table, err)
		}
	}
	if now := must[*Game](t)(db.Game(g.ID)); now.Changes() != g.Changes() {
		t.Fatalf("a refused hand was written: %d changes, %d before", now.Changes(), g.Changes())
	}
	g = must[*Game](t)(db.AddHand(g.ID, h))
	for _, table := range []int{1, 0} {
		_, err := db.EditAt(g.ID, 1, table, hand(t, "Ann", "Bob=7", "Cat=6"))
		if err == nil || !strings.Contains(err.Error(), "only a rotating game is played at tables") {
			t.Fatalf("EditAt table %d in a standard game: %v", table, err)
		}
	}
	if now := must[*Game](t)(db.Game(g.ID)); now.Changes() != g.Changes() {
		t.Fatalf("a refused correction was written: %d changes, %d before", now.Changes(), g.Changes())
	}

	// A rotating game: a table it has is taken, one it does not is not.
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	r := must[*Game](t)(db.Create("", scoring.Settings{Players: players, Mode: scoring.Rotating}))
	_, err := db.AddHandAt(r.ID, 0, hand(t, "Ann", "Bob=7", "Dan=3"))
	if err == nil || !strings.Contains(err.Error(), "there is no table 0: this game has tables 1 and 2") {
		t.Fatalf("AddHandAt table 0 in a rotating game: %v", err)
	}
	r = must[*Game](t)(db.AddHandAt(r.ID, 1, hand(t, "Ann", "Bob=7", "Dan=3")))
	if got := r.Board.Rows[0].Table; got != 1 {
		t.Fatalf("saved at table %d", got)
	}
	_, err = db.EditAt(r.ID, 1, 3, hand(t, "Ann", "Bob=7", "Dan=3"))
	if err == nil || !strings.Contains(err.Error(), "there is no table 3: this game has tables 1 and 2") {
		t.Fatalf("EditAt table 3 in a rotating game: %v", err)
	}
	r = must[*Game](t)(db.EditAt(r.ID, 1, 2, hand(t, "Eve", "Fay=7", "Hal=3")))
	if got := r.Board.Rows[0].Table; got != 2 {
		t.Fatalf("moved to table %d", got)
	}
}

// TestRedoWhichCarriesTheHands: a redo naming no table when both tables
// have a voided hand is a *RedoWhichError carrying them, in table order,
// so that each writer words the end of the refusal in its own terms
// without reading the game again; it is bad input, and nothing is written.
func TestRedoWhichCarriesTheHands(t *testing.T) {
	db := openTemp(t)
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	g := must[*Game](t)(db.Create("", scoring.Settings{Players: players, Mode: scoring.Rotating}))
	must[*Game](t)(db.AddHandAt(g.ID, 1, hand(t, "Ann", "Bob=7", "Dan=3")))
	must[*Game](t)(db.AddHandAt(g.ID, 2, hand(t, "Eve", "Fay=7", "Hal=3")))
	_, _, err := db.UndoAt(g.ID, 1)
	ok(t, err)
	_, _, err = db.UndoAt(g.ID, 2)
	ok(t, err)
	before := must[*Game](t)(db.Game(g.ID)).Changes()
	_, _, err = db.RedoAt(g.ID, 0)
	var which *scoring.RedoWhichError
	if !errors.As(err, &which) {
		t.Fatalf("redo naming no table: %v", err)
	}
	if len(which.Hands) != 2 || which.Hands[0].Table != 1 || which.Hands[0].Hand.Out != "Ann" || which.Hands[1].Table != 2 || which.Hands[1].Hand.Out != "Eve" {
		t.Fatalf("hands carried: %+v", which.Hands)
	}
	if got := fmt.Sprint(which.Tables()); got != "[1 2]" {
		t.Fatalf("tables %s", got)
	}
	if want := "tables 1 and 2 each have a voided hand to bring back (Ann went out at table 1, Eve at table 2)"; which.Which() != want {
		t.Fatalf("Which %q, want %q", which.Which(), want)
	}
	var invalid interface{ Invalid() bool }
	if !errors.As(err, &invalid) || !invalid.Invalid() {
		t.Fatalf("not bad input: %T", err)
	}
	if now := must[*Game](t)(db.Game(g.ID)).Changes(); now != before {
		t.Fatalf("the refusal wrote: %d changes, then %d", before, now)
	}
}
