package web_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
	"github.com/unoscore/unoscore/store"
)

// TestRotatingTables: the scorer's POST names the table of a rotating
// game, and the board answered says where each table stands.
func TestRotatingTables(t *testing.T) {
	s := newSite(t, web.Config{Token: token}, "Ann", "Bob", "Cat")
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	hands := "/api/games/" + id + "/hands"
	code, body := s.do("POST", hands, `{"out": "Eve", "left": {"Fay": "r7", "Hal": "wd4"}, "table": 2}`, scorer)
	if code != 200 || !regexp.MustCompile(`"table":2,"round":1,"hands":1,"teams":\[\["Eve","Gus"\],\["Fay","Hal"\]\],"done":false,"dealer":"Fay"`).MatchString(body) {
		t.Fatalf("hand at table 2: %d %s", code, body)
	}
	// The page shows each table's round, pairs and dealer, and each
	// player's own total.
	code, body = s.do("GET", "/?game="+id, "", nil)
	for _, want := range []string{
		"Rotating · 7 rounds of 4 hands at 2 tables · classic deck",
		"Table 1, round 1 of 7, hand 1 of 4: Ann &amp; Cat against Bob &amp; Dan; Ann deals.",
		"Table 2, round 1 of 7, hand 2 of 4: Eve &amp; Gus against Fay &amp; Hal; Fay deals.",
		"Tied for the lead: Eve and Gus",
		`<td class="won">&#43;57</td><td>(7)</td><td class="won">&#43;57</td><td>(50)</td>`,
	} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("page lacks %q:\n%s", want, body[strings.Index(body, "<tbody"):])
		}
	}
	if strings.Contains(body, "Next to deal") {
		t.Error("a rotating game's page names one dealer for every table")
	}
	for _, c := range []struct{ body, want string }{
		{`{"out": "Eve", "left": {"Fay": "r7", "Hal": "wd4"}, "table": 1}`, "Eve is not at table 1 in round 1"},
		{`{"out": "Ann", "left": {"Bob": "r7", "Dan": "wd4"}, "table": 3}`, "there is no table 3: this game has tables 1"},
		{`{"out": "Eve", "left": {"Fay": "r7", "Gus": "wd4"}, "table": 2}`, "Gus is Eve's partner"},
	} {
		if code, body := s.do("POST", hands, c.body, scorer); code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s", c.body, code, body)
		}
	}
}

// keypadTables reads the keypad's tables of a rotating game.
type keypadTable struct {
	Table      int
	Round      int
	Rounds     int
	Hand       int
	Hands      int
	Teams      [][]string
	Dealer     string
	Players    []string
	Scorers    map[string][]string
	Refusal    string
	WaitingFor []string `json:"waiting_for"`
}

func (s *site) keypadTables(id string) []keypadTable {
	s.t.Helper()
	if id == "" {
		id = s.currentID()
	}
	code, body := s.do("GET", "/api/games/"+id+"/keypad", "", nil)
	var k struct{ Tables []keypadTable }
	if err := json.Unmarshal([]byte(body), &k); code != 200 || err != nil {
		s.t.Fatalf("keypad: %d %s %v", code, body, err)
	}
	return k.Tables
}

// currentID is the current game's id, read from the file.
func (s *site) currentID() string {
	s.t.Helper()
	db, err := store.Open(s.path, store.Options{ReadOnly: true})
	if err != nil {
		s.t.Fatal(err)
	}
	defer db.Close()
	id, err := db.Current()
	if err != nil {
		s.t.Fatal(err)
	}
	return id
}

// cliSays is the sentence the command line prints for an error.
func cliSays(stderr string) string {
	return strings.TrimSuffix(strings.TrimPrefix(stderr, "unoscore: "), "\n")
}

// TestRotatingKeypad: the keypad offers each table's four players and,
// for each, the opposing pair whose cards are entered; two scorers at two
// tables record hands in turn; a table whose rounds are done is refused
// with the command line's sentence, and nothing is written.
func TestRotatingKeypad(t *testing.T) {
	s := newSite(t, web.Config{})
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1")
	tables := s.keypadTables(id)
	if len(tables) != 2 {
		t.Fatalf("%d tables on the keypad, want 2", len(tables))
	}
	t2 := tables[1]
	if t2.Round != 1 || t2.Rounds != 7 || t2.Hand != 1 || t2.Hands != 1 || t2.Dealer != "Eve" ||
		strings.Join(t2.Players, ",") != "Eve,Fay,Gus,Hal" || fmt.Sprint(t2.Teams) != "[[Eve Gus] [Fay Hal]]" ||
		strings.Join(t2.Scorers["Gus"], ",") != "Hal,Fay" || strings.Join(t2.Scorers["Fay"], ",") != "Gus,Eve" {
		t.Fatalf("table 2 on the keypad: %+v", t2)
	}
	// Two scorers, one at each table, take turns: each posts what its
	// keypad offered, with its table.
	hands := "/api/games/" + id + "/hands"
	play := func(table int) {
		t.Helper()
		tb := s.keypadTables(id)[table-1]
		outP := tb.Players[0]
		opp := tb.Scorers[outP]
		body := fmt.Sprintf(`{"out": %q, "left": {%q: "r5", %q: "g2"}, "table": %d}`, outP, opp[0], opp[1], table)
		if code, resp := s.do("POST", hands, body, scorer); code != 200 {
			t.Fatalf("hand at table %d: %d %s", table, code, resp)
		}
	}
	for range 6 {
		play(1)
		play(2)
	}
	play(2) // table 2's last round
	tables = s.keypadTables(id)
	_, _, cliErr := s.cli("hand", "--game", id, "--table", "2", "--out", "Ann", "--left", "Bob=r1", "--left", "Cat=r2")
	want := cliSays(cliErr)
	if !strings.Contains(want, "table 2 has played all 7 rounds") || tables[1].Refusal != want || tables[0].Refusal != "" {
		t.Fatalf("table 2 done: the keypad says %q, the command line %q", tables[1].Refusal, want)
	}
	before := s.changes()
	body := fmt.Sprintf(`{"out": %q, "left": {%q: "r1", %q: "r2"}, "table": 2}`, tables[1].Players[0], tables[1].Players[1], tables[1].Players[3])
	if code, resp := s.do("POST", hands, body, scorer); code != 400 || !strings.Contains(resp, jsonString(want)) {
		t.Fatalf("a hand at a finished table: %d %s, want 400 %q", code, resp, want)
	}
	if s.changes() != before {
		t.Fatal("a refused hand was written")
	}
	// Table 1 still plays its last round.
	play(1)
	if code, resp := s.do("GET", "/api/games/"+id+"/board", "", nil); code != 200 || !strings.Contains(resp, `"over":true`) {
		t.Fatalf("after the last hand: %s", resp)
	}
}

// TestRotatingWaiting: a hand at a table whose round seats players still
// playing the round before at another table is refused with the command
// line's sentence (400, nothing written); the board and the keypad say
// whom the table waits for.
func TestRotatingWaiting(t *testing.T) {
	s := newSite(t, web.Config{Token: token}, "Ann", "Bob", "Cat")
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1")
	hands := "/api/games/" + id + "/hands"
	if code, body := s.do("POST", hands, `{"out": "Gus", "left": {"Hal": "9", "Fay": "2xs"}, "table": 2}`, scorer); code != 200 ||
		!strings.Contains(body, `"table":2,"round":2,"hands":0,"teams":[["Bob","Cat"],["Eve","Fay"]],"done":false,"dealer":"Bob","waiting_for":["Bob","Cat"]`) ||
		!strings.Contains(body, `"table":1,"round":1,"hands":0,"teams":[["Ann","Cat"],["Bob","Dan"]],"done":false,"dealer":"Ann","waiting_for":[]`) {
		t.Fatalf("round 1 at table 2: %d %s", code, body)
	}
	const want = "Table 2 waits for round 2: Bob and Cat are still playing round 1 at table 1"
	_, _, cliErr := s.cli("hand", "--game", id, "--table", "2", "--out", "Eve", "--left", "Cat=5", "--left", "Bob=5")
	if cliSays(cliErr) != want {
		t.Fatalf("the command line says %q", cliErr)
	}
	_, before := s.do("GET", "/api/games/"+id+"/board", "", nil)
	if code, body := s.do("POST", hands, `{"out": "Eve", "left": {"Cat": "5", "Bob": "5"}, "table": 2}`, scorer); code != 400 || body != `{"error":"`+want+`"}`+"\n" {
		t.Fatalf("round 2 at table 2: %d %q", code, body)
	}
	if _, after := s.do("GET", "/api/games/"+id+"/board", "", nil); after != before {
		t.Fatal("a refused hand was written")
	}
	tables := s.keypadTables(id)
	if tables[1].Refusal != want || strings.Join(tables[1].WaitingFor, ",") != "Bob,Cat" || tables[1].Round != 2 || tables[1].Hand != 1 ||
		tables[0].Refusal != "" || len(tables[0].WaitingFor) != 0 {
		t.Fatalf("the keypad's tables: %+v", tables)
	}
	// Table 1 plays its round 1: table 2 may go on.
	if code, body := s.do("POST", hands, `{"out": "Ann", "left": {"Bob": "1", "Dan": "2"}, "table": 1}`, scorer); code != 200 || strings.Contains(body, `"waiting_for":["`) {
		t.Fatalf("round 1 at table 1: %d %s", code, body)
	}
	if code, body := s.do("POST", hands, `{"out": "Eve", "left": {"Cat": "5", "Bob": "5"}, "table": 2}`, scorer); code != 200 {
		t.Fatalf("round 2 at table 2: %d %s", code, body)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return strings.Trim(string(b), `"`)
}

// TestRotatingViewer: the viewer's page of a rotating game has a card for
// each table (round, pairs in their colours, dealer), the rounds still to
// play, and every player's own total, grouped by table and pair.
func TestRotatingViewer(t *testing.T) {
	s := newSite(t, web.Config{})
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	if code, _, errs := s.cli("hand", "--table", "2", "--out", "Eve", "--left", "Fay=r7", "--left", "Hal=wd4"); code != 0 {
		t.Fatal(errs)
	}
	_, body := s.do("GET", "/?game="+id, "", nil)
	for _, want := range []string{
		`<h2>Table 2 <span>round 1 of 7 · hand 2 of 4</span></h2>`,
		`<span class="pair hue-red">Ann &amp; Cat</span> <i>v</i> <span class="pair hue-blue">Bob &amp; Dan</span>`,
		`<span class="pair hue-green">Eve &amp; Gus</span> <i>v</i> <span class="pair hue-yellow">Fay &amp; Hal</span>`,
		`<p class="deal"><b>Fay</b> deals</p>`,
		`Rounds still to play: 7 at table 1, 7 at table 2, counting the round under way.`,
		`<th scope="col" class="t w5"><span class="full">Table</span><abbr class="brief" title="Table">T</abbr></th>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// The totals: table 1's pairs, then table 2's, each player once.
	names := regexp.MustCompile(`<li class="total hue-(\w+)[^"]*">\s*<span class="name">(\w+)</span>\s*<span class="score d\d">(\d+)</span>`).FindAllStringSubmatch(body, -1)
	var got []string
	for _, n := range names {
		got = append(got, n[2]+":"+n[1]+":"+n[3])
	}
	if want := "Ann:red:0 Cat:red:0 Bob:blue:0 Dan:blue:0 Eve:green:57 Gus:green:57 Fay:yellow:0 Hal:yellow:0"; strings.Join(got, " ") != want {
		t.Errorf("totals %s, want %s", strings.Join(got, " "), want)
	}
}

// TestRotatingOver: once every table has played every round, the page
// shows the final standings, highest first, and no table cards.
func TestRotatingOver(t *testing.T) {
	s := newSite(t, web.Config{})
	if code, _, errs := s.cli("new", "--players", "Ann,Bob,Cat,Dan", "--mode", "rotating", "--hands", "1"); code != 0 {
		t.Fatal(errs)
	}
	for range 3 {
		tb := s.keypadTables("")[0]
		opp := tb.Scorers[tb.Dealer]
		if code, _, errs := s.cli("hand", "--out", tb.Dealer, "--left", opp[0]+"=r5", "--left", opp[1]+"=wd4"); code != 0 {
			t.Fatal(errs)
		}
	}
	_, body := s.do("GET", "/", "", nil)
	if strings.Contains(body, `class="table`) || strings.Contains(body, "Rounds still to play") || !regexp.MustCompile(`<p class="head win">\w+( and \w+)* wins?!</p>`).MatchString(body) {
		t.Fatalf("the page of a finished rotating game:\n%s", body)
	}
	scores := regexp.MustCompile(`<span class="score d\d">(\d+)</span>`).FindAllStringSubmatch(body, -1)
	for i := 1; i < len(scores); i++ {
		a, _ := strconv.Atoi(scores[i-1][1])
		b, _ := strconv.Atoi(scores[i][1])
		if a < b {
			t.Fatalf("the final totals are not highest first: %v", scores)
		}
	}
	if len(scores) != 4 {
		t.Fatalf("%d totals, want 4", len(scores))
	}
}

// TestSchedulePage: /schedule shows a rotating game's whole evening: each
// round's pairs at each table, who sits out, and the rounds played, under
// way and to come.
func TestSchedulePage(t *testing.T) {
	s := newSite(t, web.Config{Token: token}, "Ann", "Bob", "Cat")
	code, body := s.do("GET", "/schedule", "", nil)
	if code != 200 || !strings.Contains(body, "played in standard mode, which has no schedule") {
		t.Fatalf("a standard game: %d %s", code, body)
	}
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy", "--mode", "rotating", "--hands", "1", "--name", "Nine")
	for _, h := range [][]string{
		{"--table", "1", "--out", "Ann", "--left", "Bob=1", "--left", "Dan=2"},
		{"--table", "2", "--out", "Eve", "--left", "Fay=1", "--left", "Hal=2"},
		{"--table", "1", "-o", "Bob", "Dan=3", "Fay=4"},
	} {
		if code, _, errs := s.cli(append([]string{"hand", "--game", id}, h...)...); code != 0 {
			t.Fatal(errs)
		}
	}
	code, body = s.do("GET", "/schedule?game="+id, "", nil)
	if code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	text := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(body, "")
	for _, want := range []string{
		"Schedule · Nine",
		"each round one player sits out",
		"Round 1 played",
		"Table 1 Ann &amp; Cat v Bob &amp; Dan ✓ played",
		"Ivy sits out.",
		"Round 2 under way",
		"Table 1 Bob &amp; Gus v Dan &amp; Fay ✓ played",
		"Table 2 Cat &amp; Ivy v Eve &amp; Hal hand 1 of 1",
		"Ann sits out.",
		"Round 3 under way",
		"Round 9 to come",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the page lacks %q:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "sits out."); n != 9 {
		t.Errorf("%d sit-outs, want 9", n)
	}
	// It follows the game live (its script, on the game's event stream);
	// only without JavaScript does it reload now and then.
	if !strings.Contains(body, `<noscript><meta http-equiv="refresh" content="15"></noscript>`) ||
		!strings.Contains(body, `<script src="/assets/schedule.js" defer></script>`) || !strings.Contains(body, `data-game="`+id+`"`) {
		t.Error("the schedule of a game under way does not follow it live, with a reload only without JavaScript")
	}
	if code, part := s.do("GET", "/schedule?part=1&game="+id, "", nil); code != 200 || strings.Contains(part, "<html") || !strings.Contains(part, "Round 9") {
		t.Errorf("the schedule's body alone: %d %s", code, part)
	}
	if code, _ := s.do("GET", "/schedule?game=NOPE!", "", nil); code != 404 {
		t.Errorf("a bad id: %d", code)
	}
}

// TestNoTableZero: in a rotating game "table": 0 is refused as a table the
// game does not have, as a table out of range is, in the same words for a
// hand, a correction, an undo and a redo; nothing is written. Outside
// rotating games, 0 stays "no table".
func TestNoTableZero(t *testing.T) {
	s := newSite(t, web.Config{Token: token})
	if code, body := s.do("POST", "/api/games/"+s.id+"/hands", `{"out": "Ann", "left": {"Bob": "r7", "Cat": "g3"}, "table": 0}`, scorer); code != 200 {
		t.Fatalf("table 0 in a game at one table: %d %s", code, body)
	}
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	path := "/api/games/" + id
	if code, body := s.do("POST", path+"/hands", `{"out": "Ann", "left": {"Bob": "r7", "Dan": "g3"}, "table": 1}`, scorer); code != 200 {
		t.Fatalf("table 1: %d %s", code, body)
	}
	before := s.changes()
	for _, c := range []struct{ path, body, want string }{
		{"/hands", `{"out": "Ann", "left": {"Bob": "r7", "Dan": "g3"}, "table": 0}`, "there is no table 0: this game has tables 1 and 2"},
		{"/hands", `{"out": "Ann", "left": {"Bob": "r7", "Dan": "g3"}, "table": -1}`, "there is no table -1: this game has tables 1 and 2"},
		{"/hands", `{"out": "Ann", "left": {"Bob": "r7", "Dan": "g3"}, "table": 3}`, "there is no table 3: this game has tables 1 and 2"},
		{"/hands/1", `{"out": "Ann", "left": {"Bob": "r7", "Dan": "g3"}, "table": 0}`, "there is no table 0: this game has tables 1 and 2"},
		{"/undo", `{"table": 0}`, "there is no table 0: this game has tables 1 and 2"},
		{"/undo", `{"table": -2}`, "there is no table -2: this game has tables 1 and 2"},
		{"/undo", `{"table": 3}`, "there is no table 3: this game has tables 1 and 2"},
		{"/redo", `{"table": 0}`, "there is no table 0: this game has tables 1 and 2"},
	} {
		if code, body := s.do("POST", path+c.path, c.body, scorer); code != 400 || !strings.Contains(body, jsonString(c.want)[1:len(jsonString(c.want))-1]) {
			t.Errorf("%s %s: %d %s, want 400 %q", c.path, c.body, code, body, c.want)
		}
	}
	if after := s.changes(); after != before {
		t.Errorf("the refusals wrote: %d changes, then %d", before, after)
	}
	code, _, errs := s.cli("undo", "--table", "3", "--game", id)
	if code != 2 || !strings.Contains(errs, "there is no table 3: this game has tables 1 and 2") {
		t.Errorf("undo --table 3: %d %s", code, errs)
	}
}
