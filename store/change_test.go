package store

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/scoring"
)

// TestPlayOnAndEnd: a game won at 100 plays on to 200 from where it stood,
// dealer and all; undo voids the target, redo brings it back; a hand after
// it, a correction of a hand before it, an end, its undo and redo; the log
// and the board come through export and import unchanged.
func TestPlayOnAndEnd(t *testing.T) {
	db := openTemp(t)
	must[*Game](t)(db.Create("Friday", scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 100}))
	must[*Game](t)(db.AddHand("", hand(t, "Ann", "Bob=w", "Cat=wd4")))
	g := must[*Game](t)(db.Game(""))
	if !g.Board.Over() {
		t.Fatal("not over at 100")
	}
	g = must[*Game](t)(db.SetTarget("", 200))
	if g.Board.Over() || g.Board.Settings.Target != 200 || g.Board.Dealer() != 1 {
		t.Fatalf("played on: over %v, target %d, dealer %d", g.Board.Over(), g.Board.Settings.Target, g.Board.Dealer())
	}
	// Undo voids the target: over again.
	g, row, err := db.Undo("")
	if err != nil || row.Number != 0 || !g.Board.Over() || g.Board.Settings.Target != 100 {
		t.Fatalf("undo of the target: %v %+v over %v", err, row, g.Board.Over())
	}
	if c, ok := g.UndoneChange(); !ok || c.Target != 200 || c.Sentence() != "target raised to 200 after hand 1" {
		t.Fatalf("undone change %+v %v", c, ok)
	}
	if _, ok := g.Redoable(); ok {
		t.Fatal("a hand to redo after undoing a target")
	}
	g, _, err = db.Redo("")
	if err != nil || g.Board.Over() || g.Board.Settings.Target != 200 {
		t.Fatalf("redo of the target: %v", err)
	}
	if _, ok := g.RedoableChange(); ok {
		t.Fatal("the target redoable twice")
	}
	g = must[*Game](t)(db.AddHand("", hand(t, "Bob", "Ann=r5", "Cat=r1")))
	if g.Board.Hands() != 2 || g.Board.Over() {
		t.Fatalf("a hand after playing on: %d hands, over %v", g.Board.Hands(), g.Board.Over())
	}
	// A correction before the target replays the target after it.
	g = must[*Game](t)(db.Edit("", 1, hand(t, "Ann", "Bob=w", "Cat=w")))
	if g.Board.Score(0) != 100 || g.Board.Settings.Target != 200 {
		t.Fatalf("after the correction: %d, target %d", g.Board.Score(0), g.Board.Settings.Target)
	}
	must[*Game](t)(db.Edit("", 2, hand(t, "Bob", "Ann=r5", "Cat=r2"))) // a correction that changes something: one that changes nothing is refused
	g = must[*Game](t)(db.End("", ""))
	if !g.Board.Over() || !g.Board.EndedEarly() || len(g.Board.Winners()) != 0 || g.Board.Names(g.Board.Leaders())[0] != "Ann" {
		t.Fatalf("ended: over %v ended %v winners %v leaders %v", g.Board.Over(), g.Board.EndedEarly(), g.Board.Winners(), g.Board.Leaders())
	}
	if _, err := db.AddHand("", hand(t, "Cat", "Ann=r5", "Bob=r1")); err == nil || !strings.Contains(err.Error(), "it was ended after hand 2, Ann leading") {
		t.Fatalf("a hand after the end: %v", err)
	}
	g, _, err = db.Undo("")
	if err != nil || g.Board.Over() || g.Board.Hands() != 2 {
		t.Fatalf("undo of the end: %v", err)
	}
	g, _, err = db.Redo("")
	if err != nil || !g.Board.EndedEarly() {
		t.Fatalf("redo of the end: %v", err)
	}
	// A rename reaches the winner named.
	if _, _, err := db.Undo(""); err != nil {
		t.Fatal(err)
	}
	g = must[*Game](t)(db.End("", "bob"))
	if w := g.Board.Names(g.Board.Winners()); !reflect.DeepEqual(w, []string{"Bob"}) {
		t.Fatalf("winner %v", w)
	}
	var kinds []string
	for _, e := range g.Events {
		kinds = append(kinds, e.Type)
	}
	want := []string{"created", "hand", "target", "unchange", "target", "hand", "correct", "correct", "end", "unchange", "end", "unchange", "end"}
	if !reflect.DeepEqual(kinds, want) {
		t.Fatalf("log %v", kinds)
	}
	var buf bytes.Buffer
	ok(t, db.Export(&buf))
	dst := openTemp(t)
	if _, err := dst.Import(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatal(err)
	}
	y := must[*Game](t)(dst.Game(g.ID))
	if !reflect.DeepEqual(g.Events, y.Events) || !reflect.DeepEqual(g.Board.Rows, y.Board.Rows) || !reflect.DeepEqual(g.Board.Changes(), y.Board.Changes()) {
		t.Fatal("the game differs after import")
	}
	if !strings.Contains(buf.String(), `"type":"end","at":`) || !strings.Contains(buf.String(), `"winner":"Bob"`) {
		t.Fatalf("the export: %s", buf.String())
	}
	l, _ := listAll(t, dst)
	if !l[0].Over || !reflect.DeepEqual(l[0].Winners, []string{"Bob"}) {
		t.Fatalf("summary %+v", l[0])
	}
}

// TestTargetRefusals: a refused target or end writes nothing.
func TestTargetRefusals(t *testing.T) {
	db := openTemp(t)
	must[*Game](t)(db.Create("", scoring.Settings{Mode: scoring.Challenge, Players: []string{"Ann", "Bob", "Cat"}, Target: 100}))
	must[*Game](t)(db.AddHand("", hand(t, "Ann", "Bob=w", "Cat=r9")))
	must[*Game](t)(db.AddHand("", hand(t, "Ann", "Bob=w", "Cat=r9")))
	for _, tc := range []struct {
		do   func() error
		want string
	}{
		{func() error { _, err := db.SetTarget("", 300); return err }, "would bring back Bob"},
		{func() error { _, err := db.SetTarget("", 5); return err }, "would have ended the game at hand 1, when Cat reached 9"},
		{func() error { _, err := db.End("", "bob"); return err }, "Bob went out of the game in hand 2"},
	} {
		if err := tc.do(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
	if g := must[*Game](t)(db.Game("")); len(g.Events) != 3 {
		t.Fatalf("refusals wrote %d events", len(g.Events)-3)
	}
}

// TestImportRefusesBadChanges: an export whose targets or ends do not fold
// (a target out of range, an undo of a change that is not the last thing
// counted, a hand after an end, a winner who is no player) is refused
// whole, naming the game and the event.
func TestImportRefusesBadChanges(t *testing.T) {
	created := `{"type":"created","settings":{"players":["A","B"],"target":100}}`
	hand := `{"type":"hand","hand":{"out":"A","left":[{"player":"B","cards":"r7"}]}}`
	for _, tc := range []struct{ events, want string }{
		{created + `,` + hand + `,{"type":"target","target":0}`, "target 0 is out of range"},
		{created + `,` + hand + `,{"type":"target","target":100001}`, "target 100001 is out of range"},
		{created + `,{"type":"target","target":200},` + hand + `,{"type":"unchange"}`, "voids a change of target or end, but a hand came after"},
		{created + `,{"type":"unchange"}`, "voids a change of target or end"},
		{created + `,` + hand + `,{"type":"end"},` + hand, "the game is over: it was ended after hand 1"},
		{created + `,{"type":"end","winner":"Zed"}`, "Zed"},
	} {
		db := openTemp(t)
		export := `{"unoscore_export": 1, "games": [{"id": "bad001", "events": [` + tc.events + `]}]}`
		if _, err := db.Import(strings.NewReader(export)); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "bad001") {
			t.Errorf("%s:\n got %v\nwant %q", tc.events, err, tc.want)
		}
		if l, _ := listAll(t, db); len(l) != 0 {
			t.Errorf("a refused import wrote %d games", len(l))
		}
	}
}
