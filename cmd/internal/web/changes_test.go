package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// TestChangedMeanwhile: two scorers save the same hand, each saying what
// it saw; the second is refused with 409, the sentence naming the hand
// recorded meanwhile, the board as it is now, and nothing written. Saved
// again with the new counter ("save anyway") it is recorded. A write that
// says nothing of what it saw behaves as before.
func TestChangedMeanwhile(t *testing.T) {
	s := newSite(t, web.Config{}, "Ann", "Bob", "Cat", "Dan")
	path := "/api/games/" + s.id
	_, board := s.do("GET", path+"/board", "", nil)
	var b struct{ Changes int }
	if err := json.Unmarshal([]byte(board), &b); err != nil || b.Changes != 1 {
		t.Fatalf("the board's changes: %v %s", err, board)
	}
	hand := func(changes int) string {
		return fmt.Sprintf(`{"out": "Dan", "left": {"Ann": "7", "Bob": "3", "Cat": "0"}, "changes": %d}`, changes)
	}
	if code, body := s.do("POST", path+"/hands", hand(1), scorer); code != 200 || !strings.Contains(body, `"changes":2`) {
		t.Fatalf("the first phone's save: %d %s", code, body)
	}
	code, body := s.do("POST", path+"/hands", hand(1), scorer)
	var c struct {
		Error string
		Board struct{ Hands, Changes int }
	}
	if err := json.Unmarshal([]byte(body), &c); code != 409 || err != nil {
		t.Fatalf("the second phone's save: %d %s", code, body)
	}
	if want := "Hand 1 was just recorded from another device: Dan went out, 10 points. Save this one as well?"; c.Error != want || c.Board.Hands != 1 || c.Board.Changes != 2 {
		t.Fatalf("409 says %q with %+v; want %q", c.Error, c.Board, want)
	}
	if s.changes() != 2 {
		t.Fatal("the refused hand was written")
	}
	// Save anyway: the counter the 409 gave.
	if code, body := s.do("POST", path+"/hands", hand(c.Board.Changes), scorer); code != 200 || !strings.Contains(body, `"hands":2`) {
		t.Fatalf("save anyway: %d %s", code, body)
	}
	// The command line records a hand; a phone's undo that saw the game
	// before it is refused, and so is its redo.
	if code, _, e := s.cli("hand", "--out", "Ann", "--left", "Bob=5", "--left", "Cat=5", "--left", "Dan=5"); code != 0 {
		t.Fatal(e)
	}
	if code, body := s.do("POST", path+"/undo", `{"changes": 3}`, scorer); code != 409 || !strings.Contains(body, "Hand 3 was just recorded from another device: Ann went out, 15 points. Nothing was voided") {
		t.Fatalf("a stale undo: %d %s", code, body)
	}
	code, body = s.do("POST", path+"/undo", `{"changes": 4}`, scorer)
	if code != 200 || !strings.Contains(body, `"voided":{"hand":3,"out":"Ann"}`) {
		t.Fatalf("undo: %d %s", code, body)
	}
	if code, body := s.do("POST", path+"/redo", `{"changes": 4}`, scorer); code != 409 || !strings.Contains(body, "Hand 3 (Ann went out, 15 points) was just voided from another device.") {
		t.Fatalf("a stale redo: %d %s", code, body)
	}
	if code, body := s.do("POST", path+"/redo", `{"changes": 5}`, scorer); code != 200 || !strings.Contains(body, `"hands":3`) {
		t.Fatalf("redo: %d %s", code, body)
	}
	// Without changes, as before; a counter the game never had is bad input.
	if code, body := s.do("POST", path+"/hands", `{"out": "Dan", "left": {"Ann": "1", "Bob": "1", "Cat": "1"}}`, scorer); code != 200 {
		t.Fatalf("a hand without changes: %d %s", code, body)
	}
	if code, body := s.do("POST", path+"/hands", hand(99), scorer); code != 400 || !strings.Contains(body, `\"changes\": 99 is not a state this game has been in`) {
		t.Fatalf("changes 99: %d %s", code, body)
	}
	if code, body := s.do("POST", path+"/undo", `{"changes": "x"}`, scorer); code != 400 {
		t.Fatalf("changes as a string: %d %s", code, body)
	}
}

// TestUndoPerTable: in a rotating game, undo with a table voids that
// table's last hand, not the other table's newer one, and names it; the
// command line's undo --table does the same; a hand at the other table
// meanwhile does not refuse a write that says what it saw.
func TestUndoPerTable(t *testing.T) {
	s := newSite(t, web.Config{})
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	path := "/api/games/" + id
	if code, body := s.do("POST", path+"/hands", `{"out": "Ann", "left": {"Bob": "r7", "Dan": "g3"}, "table": 1}`, scorer); code != 200 {
		t.Fatalf("table 1: %d %s", code, body)
	}
	// Table 2's phone saw the game at 2 changes; table 1 records again
	// meanwhile: table 2's hand still goes in.
	if code, body := s.do("POST", path+"/hands", `{"out": "Ann", "left": {"Bob": "r1", "Dan": "g1"}, "table": 1}`, scorer); code != 200 {
		t.Fatalf("table 1 again: %d %s", code, body)
	}
	if code, body := s.do("POST", path+"/hands", `{"out": "Eve", "left": {"Fay": "r7", "Hal": "wd4"}, "table": 2, "changes": 2}`, scorer); code != 200 {
		t.Fatalf("table 2 after a change at table 1: %d %s", code, body)
	}
	// Table 1's undo voids hand 2, at table 1, not hand 3 at table 2.
	code, body := s.do("POST", path+"/undo", `{"table": 1, "changes": 4}`, scorer)
	if code != 200 || !strings.Contains(body, `"voided":{"hand":2,"table":1,"out":"Ann"}`) || !strings.Contains(body, `"hands":2`) {
		t.Fatalf("undo at table 1: %d %s", code, body)
	}
	// The command line: undo --table 2 voids table 2's hand.
	code, out, errs := s.cli("undo", "--table", "2", "--game", id)
	if code != 0 || !strings.Contains(out, "Voided hand 2 at table 2 (Eve went out, 57 points)") {
		t.Fatalf("undo --table 2: %d %s %s", code, out, errs)
	}
	code, _, errs = s.cli("undo", "--table", "2", "--game", id)
	if code != 2 || !strings.Contains(errs, "there is no hand to undo at table 2") {
		t.Fatalf("undo --table 2 again: %d %s", code, errs)
	}
	if code, body := s.do("POST", path+"/undo", `{"table": 3}`, scorer); code != 400 || !strings.Contains(body, "there is no table 3") {
		t.Fatalf("undo at table 3: %d %s", code, body)
	}
	// The keypad names each table's last hand, for the phone's question.
	code, body = s.do("GET", path+"/keypad", "", nil)
	if code != 200 || !strings.Contains(body, `"last":{"hand":1,"table":1,"out":"Ann","points":10,"said":"Ann went out, 10 points"}`) {
		t.Fatalf("keypad: %d %s", code, body)
	}
}

// TestCurrentInPaths: "current" stands for the current game's id in every
// /api/games/ID/... path.
func TestCurrentInPaths(t *testing.T) {
	s := newSite(t, web.Config{})
	for _, p := range []string{"board", "keypad"} {
		if code, body := s.do("GET", "/api/games/current/"+p, "", nil); code != 200 || !strings.Contains(body, s.id) {
			t.Errorf("GET current/%s: %d %s", p, code, body)
		}
	}
	if code, body := s.do("POST", "/api/games/current/hands", `{"out": "Ann", "left": {"Bob": "1", "Cat": "2"}}`, scorer); code != 200 || !strings.Contains(body, `"hands":1`) {
		t.Fatalf("POST current/hands: %d %s", code, body)
	}
	st := s.streamOf("current", "")
	if e := st.next("", 5*time.Second); !strings.Contains(e.data, `"hands":1`) {
		t.Fatalf("current/events: %+v", e)
	}
}

// TestEditHand: POST /api/games/ID/hands/N corrects hand N as "unoscore
// edit N" does, refused with 409 when the game changed since the page saw
// it, and 400 for a hand that is not there.
func TestEditHand(t *testing.T) {
	s := newSite(t, web.Config{})
	path := "/api/games/" + s.id
	s.do("POST", path+"/hands", `{"out": "Ann", "left": {"Bob": "7", "Cat": "3"}}`, scorer)
	s.do("POST", path+"/hands", `{"out": "Bob", "left": {"Ann": "1", "Cat": "1"}}`, scorer)
	code, body := s.do("POST", path+"/hands/1", `{"out": "Ann", "left": {"Bob": "9", "Cat": "3"}, "changes": 3}`, scorer)
	if code != 200 || !strings.Contains(body, `"cards":{"Bob":"9","Cat":"3"}`) {
		t.Fatalf("correct hand 1: %d %s", code, body)
	}
	// The same hand again, cards in another order: nothing to correct,
	// refused with the command line's sentence, nothing written.
	if code, body := s.do("POST", path+"/hands/1", `{"out": "ann", "left": {"Cat": "3", "Bob": "9"}, "changes": 4}`, scorer); code != 400 || !strings.Contains(body, `"error":"hand 1 already reads so; nothing was changed"`) {
		t.Fatalf("an unchanged correction: %d %s", code, body)
	}
	if _, out, _ := s.cli("history"); strings.Count(out, "corrected") != 1 {
		t.Fatalf("the unchanged correction was written:\n%s", out)
	}
	_, _, _ = s.cli("undo")
	if code, body := s.do("POST", path+"/hands/1", `{"out": "Ann", "left": {"Bob": "8", "Cat": "3"}, "changes": 4}`, scorer); code != 409 || !strings.Contains(body, "Hand 2 (Bob went out, 2 points) was just voided from another device. Nothing was corrected") {
		t.Fatalf("a stale correction: %d %s", code, body)
	}
	if code, body := s.do("POST", path+"/hands/7", `{"out": "Ann", "left": {"Bob": "8", "Cat": "3"}}`, scorer); code != 400 || !strings.Contains(body, "there is no hand 7") {
		t.Fatalf("hand 7: %d %s", code, body)
	}
	if code, body := s.do("POST", path+"/hands/x", `{"out": "Ann", "left": {"Bob": "8", "Cat": "3"}}`, scorer); code != 400 || !strings.Contains(body, "is not a hand's number") {
		t.Fatalf("hand x: %d %s", code, body)
	}
	if code, _ := s.do("POST", path+"/hands/1", `{"out": "Ann", "left": {"Bob": "8", "Cat": "3"}}`, with(scorer, "Authorization", "")); code != 401 {
		t.Fatalf("without the token: %d", code)
	}
}

// TestRedoPerTable: in a rotating game, redo with a table brings back only
// the hand voided at that table; another table's redo is refused, and the
// keypad names the table and the number the hand will have again.
func TestRedoPerTable(t *testing.T) {
	s := newSite(t, web.Config{})
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	path := "/api/games/" + id
	for _, h := range []string{
		`{"out": "Ann", "left": {"Bob": "r7", "Dan": "g3"}, "table": 1}`,
		`{"out": "Eve", "left": {"Fay": "r7", "Hal": "wd4"}, "table": 2}`,
	} {
		if code, body := s.do("POST", path+"/hands", h, scorer); code != 200 {
			t.Fatalf("%s: %d %s", h, code, body)
		}
	}
	if code, body := s.do("POST", path+"/undo", `{"table": 1}`, scorer); code != 200 {
		t.Fatalf("undo at table 1: %d %s", code, body)
	}
	// Table 2's hand is hand 1 now, and table 2 plays on (hand 2): table
	// 1's comes back as hand 3, offered on table 1's keypad only.
	if code, body := s.do("POST", path+"/hands", `{"out": "Fay", "left": {"Eve": "r1", "Gus": "g2"}, "table": 2}`, scorer); code != 200 {
		t.Fatalf("table 2 plays on: %d %s", code, body)
	}
	code, body := s.do("GET", path+"/keypad", "", nil)
	var k struct {
		Tables []struct {
			Redo *struct{ Hand, Table, Points int }
		}
	}
	if err := json.Unmarshal([]byte(body), &k); code != 200 || err != nil || len(k.Tables) != 2 || k.Tables[0].Redo == nil || *k.Tables[0].Redo != (struct{ Hand, Table, Points int }{3, 1, 10}) || k.Tables[1].Redo != nil {
		t.Fatalf("keypad: %d %s", code, body)
	}
	for _, c := range []struct {
		body string
		code int
		want string
	}{
		{`{"table": 2}`, 400, "there is no voided hand to bring back at table 2"},
		{`{"table": 3}`, 400, "there is no table 3: this game has tables 1 and 2"},
		{`{"table": 1}`, 200, `"rows":[{"hand":1,"table":2`},
		{`{"table": 1}`, 400, "there is no voided hand to bring back at table 1"},
	} {
		if code, body := s.do("POST", path+"/redo", c.body, scorer); code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("redo %s: %d %s, want %d %q", c.body, code, body, c.code, c.want)
		}
	}
	code, body = s.do("GET", path+"/board", "", nil)
	if code != 200 || !strings.Contains(body, `{"hand":3,"table":1,"round":1,"dealer":"Ann","out":"Ann"`) {
		t.Fatalf("board after the redo: %d %s", code, body)
	}
}

// TestRedoNoTableTwoTables: in a rotating game, a redo that names no table
// while both tables have a voided hand to bring back brings back neither
// (400, naming both); with one table left, it brings that one back.
func TestRedoNoTableTwoTables(t *testing.T) {
	s := newSite(t, web.Config{})
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	path := "/api/games/" + id
	for _, c := range []struct{ path, body string }{
		{"/hands", `{"out": "Ann", "left": {"Bob": "r7", "Dan": "g3"}, "table": 1}`},
		{"/hands", `{"out": "Eve", "left": {"Fay": "r7", "Hal": "wd4"}, "table": 2}`},
		{"/undo", `{"table": 1}`},
		{"/undo", `{"table": 2}`},
	} {
		if code, body := s.do("POST", path+c.path, c.body, scorer); code != 200 {
			t.Fatalf("%s %s: %d %s", c.path, c.body, code, body)
		}
	}
	before := s.changes()
	if code, body := s.do("POST", path+"/redo", `{}`, scorer); code != 400 || !strings.Contains(body, "tables 1 and 2 each have a voided hand to bring back (Ann went out at table 1, Eve at table 2): say which with \\\"table\\\": 1 or \\\"table\\\": 2; nothing was written") {
		t.Fatalf("redo naming no table: %d %s", code, body)
	}
	if after := s.changes(); after != before {
		t.Fatalf("the refusal wrote: %d changes, then %d", before, after)
	}
	if code, body := s.do("POST", path+"/redo", `{"table": 2}`, scorer); code != 200 {
		t.Fatalf("redo at table 2: %d %s", code, body)
	}
	if code, body := s.do("POST", path+"/redo", `{}`, scorer); code != 200 || !strings.Contains(body, `"hand":2,"table":1`) {
		t.Fatalf("redo of the one left: %d %s", code, body)
	}
}
