package web_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// TestNewGame: POST /api/games starts a game as "unoscore new" does: it
// needs the token, refuses bad input with the command line's sentence and
// writes nothing then, and makes the game it starts the current one, which
// the pages that follow the current game move to.
func TestNewGame(t *testing.T) {
	s := newSite(t, web.Config{})
	page := s.stream("?html=1")
	// On (re)connecting, a page is told the current game at once.
	if e := page.next("current", 2*time.Second); e.data != s.id {
		t.Fatalf("the page was first told the current game is %q, want %q", e.data, s.id)
	}
	// No wait for the watcher's first look at the file: the stream was
	// opened with the current game as read with its board (hub.subscribe),
	// so a game started from here on is news to the page whenever the
	// watcher first reads the file, before the start or after it.
	games := func() int {
		_, body := s.do("GET", "/api/games", "", nil)
		var l struct{ Games []json.RawMessage }
		if err := json.Unmarshal([]byte(body), &l); err != nil {
			t.Fatal(err)
		}
		return len(l.Games)
	}
	before := games()
	for _, c := range []struct {
		name, body string
		cli        []string // the same request on the command line; nil: none
		code       int
		says       string
	}{
		{"one player", `{"players": "Ann"}`, []string{"--players", "Ann"}, 400, "UNO is for 2 to 10 players, not 1"},
		{"names with spaces", `{"players": "Ann Bob Cat"}`, nil, 400, "UNO is for 2 to 10 players, not 1: separate names with commas, as in Ann, Bob, Cat"},
		{"rotating three", `{"players": "Ann,Bob,Cat", "mode": "rotating"}`, []string{"--players", "Ann,Bob,Cat", "--mode", "rotating"}, 400, "4, 5, 8, 9, 12, 13 or 16"},
		{"unknown mode", `{"players": "Ann,Bob", "mode": "speed"}`, []string{"--players", "Ann,Bob", "--mode", "speed"}, 400, `Unknown mode \"speed\"`},
		{"target 0", `{"players": "Ann,Bob", "target": 0}`, []string{"--players", "Ann,Bob", "--target", "0"}, 400, "The target must be a positive number of points, not 0"},
		{"hands -1", `{"players": "Ann,Bob,Cat,Dan", "mode": "rotating", "hands": -1}`, []string{"--players", "Ann,Bob,Cat,Dan", "--mode", "rotating", "--hands", "-1"}, 400, "Hands a round must be a positive number"},
		{"unknown deck", `{"players": "Ann,Bob", "deck": "classik"}`, []string{"--players", "Ann,Bob", "--deck", "classik"}, 400, "classik"},
		{"a name with a colon", `{"players": "Dr: Who,Amy"}`, []string{"--players", "Dr: Who,Amy"}, 400, `holds ':'`},
		{"same name twice", `{"players": "Ann,Bob,ann"}`, []string{"--players", "Ann,Bob,ann"}, 400, "Ann"},
		{"no players", `{"mode": "standard"}`, []string{"--mode", "standard"}, 400, "Name the players, in seating order, as in: Ann, Bob, Cat"},
		{"name of two lines", `{"players": "Ann,Bob", "name": "a\nb"}`, []string{"--players", "Ann,Bob", "--name", "a\nb"}, 400, "The name: "},
		{"name with DEL", `{"players": "Ann,Bob", "name": "a\u007fb"}`, []string{"--players", "Ann,Bob", "--name", "a\x7fb"}, 400, "The name: "},
		{"players as a list", `{"players": ["Ann", "Bob"]}`, nil, 400, `not a JSON object like {\"players\": \"Ann,Bob,Cat\"`},
		{"unknown field", `{"players": "Ann,Bob", "colour": "red"}`, nil, 400, `unknown field \"colour\"`},
		{"partners of five, no teams", `{"players": "Ann,Bob,Cat,Dan,Eve", "mode": "partners"}`, []string{"--players", "Ann,Bob,Cat,Dan,Eve", "--mode", "partners"}, 400, "5 players need their teams named"},
		{"a team of one", `{"players": "Ann,Bob,Cat,Dan,Eve", "mode": "partners", "teams": ["Ann,Bob,Cat", "Dan"]}`, []string{"--players", "Ann,Bob,Cat,Dan,Eve", "--mode", "partners", "--team", "Ann,Bob,Cat", "--team", "Dan"}, 400, "team of one"},
		{"teams in standard", `{"players": "Ann,Bob,Cat,Dan", "teams": ["Ann,Cat", "Bob,Dan"]}`, []string{"--players", "Ann,Bob,Cat,Dan", "--team", "Ann,Cat", "--team", "Bob,Dan"}, 400, "pick the partners mode, or leave the teams out"},
		{"unknown dealer", `{"players": "Ann,Bob", "dealer": "Zed"}`, []string{"--players", "Ann,Bob", "--dealer", "Zed"}, 400, "Zed"},
		{"custom 4", `{"players": "Ann,Bob", "deck": "shuffle", "custom": 4}`, []string{"--players", "Ann,Bob", "--deck", "shuffle", "--custom", "4"}, 400, "ustom cards must be 1 to 3"},
		{"unknown house rule", `{"players": "Ann,Bob", "house": ["stakcing"]}`, []string{"--players", "Ann,Bob", "--house", "stakcing"}, 400, `unknown house rule \"stakcing\"`},
		{"mercy bonus of a classic deck", `{"players": "Ann,Bob", "mercy_bonus": "knocker"}`, []string{"--players", "Ann,Bob", "--mercy-bonus", "knocker"}, 400, "has no knock-out bonus"},
		{"mercy bonus unknown", `{"players": "Ann,Bob", "deck": "no-mercy", "mercy_bonus": "loser"}`, []string{"--players", "Ann,Bob", "--deck", "no-mercy", "--mercy-bonus", "loser"}, 400, `is not a way to give the knock-out bonus`},
		{"empty", ``, nil, 400, "it is empty"},
	} {
		code, body := s.do("POST", "/api/games", c.body, scorer)
		if code != c.code || !strings.Contains(body, c.says) {
			t.Errorf("%s: %d %s, want %d saying %q", c.name, code, body, c.code, c.says)
		}
		if c.cli != nil {
			cliCode, _, cliErr := s.cli(append([]string{"new"}, c.cli...)...)
			var got struct{ Error string }
			json.Unmarshal([]byte(body), &got)
			if cliCode != 2 || got.Error != web.InWords(cliSays(cliErr)) || strings.Contains(got.Error, "--") {
				t.Errorf("%s: the page says %q, the command line (exit %d) %q", c.name, got.Error, cliCode, cliSays(cliErr))
			}
		}
	}
	good := `{"players": "Ann, Bob, Cat, Dan", "mode": "rotating", "hands": 2, "name": "Phone night"}`
	for _, hdr := range []map[string]string{with(scorer, "Authorization", ""), with(scorer, "Authorization", "Bearer nope-nope-nope-nope-nope")} {
		if code, body := s.do("POST", "/api/games", good, hdr); code != 401 || !strings.Contains(body, "needs the scorer's token") && !strings.Contains(body, "this link's token is not the scorer's") {
			t.Errorf("without the token: %d %s", code, body)
		}
	}
	if code, body := s.do("POST", "/api/games", good, with(scorer, "Origin", "http://evil.example")); code != 403 {
		t.Errorf("from another site: %d %s", code, body)
	}
	if n := games(); n != before {
		t.Fatalf("%d games after refusals, want %d: something was written", n, before)
	}

	code, body := s.do("POST", "/api/games", good, scorer)
	var b struct {
		ID, Name, Mode string
		HandsPerRound  int `json:"hands_per_round"`
		Players        []string
		Tables         []json.RawMessage
	}
	if err := json.Unmarshal([]byte(body), &b); code != 201 || err != nil {
		t.Fatalf("start a game: %d %s", code, body)
	}
	if b.Name != "Phone night" || b.Mode != "rotating" || b.HandsPerRound != 2 || strings.Join(b.Players, ",") != "Ann,Bob,Cat,Dan" || len(b.Tables) != 1 {
		t.Fatalf("the game started: %s", body)
	}
	_, body = s.do("GET", "/api/games", "", nil)
	var l struct {
		Games []struct {
			ID      string
			Current bool
		}
	}
	if err := json.Unmarshal([]byte(body), &l); err != nil || len(l.Games) != before+1 || l.Games[0].ID != b.ID || !l.Games[0].Current {
		t.Errorf("the new game is not the current one: %s", body)
	}
	if _, out, _ := s.cli("board", "--json"); !strings.Contains(out, `"id": "`+b.ID+`"`) {
		t.Errorf("the command line's current game is not the new one: %s", out)
	}
	if _, body := s.do("GET", "/", "", nil); !strings.Contains(body, "<h1>Phone night</h1>") {
		t.Errorf("the viewer's page does not show the new game")
	}
	// A page following the current game hears of it, and moves to it.
	if e := page.next("current", 2*time.Second); e.data != b.ID {
		t.Errorf("the page was told the current game is %q, want %q", e.data, b.ID)
	}
}

// TestNewGameNoDatabase: starting a game creates the database when there
// is none yet; bad input, or no token, leaves no file behind.
func TestNewGameNoDatabase(t *testing.T) {
	s := emptySite(t)
	path := s.path
	if code, body := s.do("GET", "/score", "", nil); code != 200 || !strings.Contains(body, `<details class="scorer newgame" id="newgame" open>`) || strings.Contains(body, `http-equiv="refresh"`) {
		t.Fatalf("the scorer's page with no game offers to start one: %d %s", code, body)
	}
	for _, c := range []struct {
		body string
		hdr  map[string]string
		code int
	}{
		{`{"players": "Ann"}`, scorer, 400},
		{`{"players": "Ann,Bob"}`, with(scorer, "Authorization", ""), 401},
	} {
		if code, body := s.do("POST", "/api/games", c.body, c.hdr); code != c.code {
			t.Fatalf("%s: %d %s, want %d", c.body, code, body, c.code)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Fatalf("%s: a refused request created the database file", c.body)
		}
	}
	if code, body := s.do("POST", "/api/games", `{"players": "Ann,Bob"}`, scorer); code != 201 {
		t.Fatalf("start the first game: %d %s", code, body)
	}
	if code, body := s.do("GET", "/", "", nil); code != 200 || !strings.Contains(body, "Ann") || strings.Contains(body, "No game yet") {
		t.Fatalf("the viewer's page after the first game: %d %s", code, body)
	}
}

// TestNewGameTeamsDealerAgain: the form names teams and the dealer, and
// "play again" starts a rematch as "new --again" does.
func TestNewGameTeamsDealerAgain(t *testing.T) {
	s := newSite(t, web.Config{})
	code, body := s.do("POST", "/api/games", `{"players": "Ann, Bob, Cat, Dan, Eve", "mode": "partners", "teams": ["Ann, Bob, Cat", "Dan, Eve"], "dealer": "cat", "target": 300, "name": "Ten"}`, scorer)
	if code != 201 || !strings.Contains(body, `"teams":[{"players":["Ann","Bob","Cat"]`) || !strings.Contains(body, `"dealer":"Cat"`) {
		t.Fatalf("partners with teams and a dealer: %d %s", code, body)
	}
	code, body = s.do("POST", "/api/games", `{"again": true}`, scorer)
	if code != 201 || !strings.Contains(body, `"teams":[{"players":["Ann","Bob","Cat"]`) || !strings.Contains(body, `"dealer":"Dan"`) || !strings.Contains(body, `"target":300`) || !strings.Contains(body, `"name":"Ten"`) {
		t.Fatalf("play again: %d %s", code, body)
	}
	_, out, _ := s.cli("new", "--again", "--json")
	if !strings.Contains(out, `"dealer": "Eve"`) || !strings.Contains(out, `"name": "Ten"`) {
		t.Fatalf("the command line's --again after the page's: %s", out)
	}
	if _, out, _ := s.cli("new", "--again", "--name", "Eleven", "--json"); !strings.Contains(out, `"name": "Eleven"`) {
		t.Fatalf("--again --name Eleven: %s", out)
	}
	code, body = s.do("POST", "/api/games", `{"players": "Ann,Bob", "deck": "shuffle", "custom": 2, "custom_rules": ["everyone swaps hands", ""]}`, scorer)
	if code != 201 || !strings.Contains(body, `"custom":2`) || !strings.Contains(body, `"custom_rules":["everyone swaps hands"]`) {
		t.Fatalf("custom cards: %d %s", code, body)
	}
	code, body = s.do("POST", "/api/games", `{"players": "Ann,Bob", "house": ["7-0", "stacking", ""]}`, scorer)
	if code != 201 || !strings.Contains(body, `"settings":{"house":["stacking","seven-o"]}`) {
		t.Fatalf("house rules: %d %s", code, body)
	}
	if code, body = s.do("POST", "/api/games", `{"again": true}`, scorer); code != 201 || !strings.Contains(body, `"house":["stacking","seven-o"]`) {
		t.Fatalf("play again keeps the house rules: %d %s", code, body)
	}
	code, body = s.do("POST", "/api/games", `{"players": "Ann,Bob", "deck": "no-mercy", "mercy_bonus": "knocker"}`, scorer)
	if code != 201 || !strings.Contains(body, `"mercy_bonus":"knocker"`) {
		t.Fatalf("mercy bonus: %d %s", code, body)
	}
	if code, body = s.do("POST", "/api/games", `{"again": true}`, scorer); code != 201 || !strings.Contains(body, `"mercy_bonus":"knocker"`) {
		t.Fatalf("play again keeps who receives the knock-out bonus: %d %s", code, body)
	}
}

// TestNewGameCheck: "check": true checks a new game as it would start,
// with the same sentences, and writes nothing; without a file it makes
// none.
func TestNewGameCheck(t *testing.T) {
	s := newSite(t, web.Config{})
	before := s.changes()
	for _, c := range []struct {
		body string
		code int
		want string
	}{
		{`{"players": "Ann", "check": true}`, 400, "UNO is for 2 to 10 players, not 1"},
		{`{"players": "Ann,Bob", "target": 0, "check": true}`, 400, "The target must be a positive number of points, not 0"},
		{`{"players": "Ann,Bob,Cat", "check": true}`, 200, `{"ok":true}`},
		{`{"again": true, "check": true}`, 200, `{"ok":true}`},
	} {
		if code, body := s.do("POST", "/api/games", c.body, scorer); code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s, want %d %q", c.body, code, body, c.code, c.want)
		}
	}
	if id := s.currentID(); id != s.id || s.changes() != before {
		t.Fatalf("a check started a game: current %s (was %s)", id, s.id)
	}
	e := emptySite(t)
	if code, body := e.do("POST", "/api/games", `{"players": "Ann,Bob", "check": true}`, scorer); code != 200 {
		t.Fatalf("check with no file: %d %s", code, body)
	}
	if _, err := os.Stat(e.path); !os.IsNotExist(err) {
		t.Fatal("a check created the database file")
	}
}

// TestHandNamesAPlayerFromBeforeTheColonRule: a game imported with a name
// given before ':' was refused ("Dr: Who") takes hands from the phone by
// that name, as the command line does.
func TestHandNamesAPlayerFromBeforeTheColonRule(t *testing.T) {
	s := newSite(t, web.Config{})
	export := filepath.Join(t.TempDir(), "dr.json")
	if err := os.WriteFile(export, []byte(`{"unoscore_export":1,"exported":"2026-11-25T22:07:43Z","current":"mwhi4k",
"games": [
{"id":"mwhi4k","events":[{"type":"created","at":"2026-11-25T22:06:53Z","settings":{"mode":"standard","target":500,"deck":"classic","players":["Dr: Who","Amy","Rory"],"dealer":"Dr: Who"}}]}
]}
`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := s.cli("import", export); code != 0 {
		t.Fatalf("import: %s", errs)
	}
	if code, body := s.do("POST", "/api/games/mwhi4k/hands", `{"out": "Dr: Who", "left": {"Amy": "r7", "Rory": "5"}}`, scorer); code != 200 || !strings.Contains(body, `"out":"Dr: Who"`) {
		t.Fatalf("Dr: Who goes out: %d %s", code, body)
	}
	if code, body := s.do("POST", "/api/games/mwhi4k/hands", `{"out": "Amy", "left": {"Dr: Who": "wd4", "Rory": "1"}}`, scorer); code != 200 || !strings.Contains(body, `"hands":2`) {
		t.Fatalf("Dr: Who's cards: %d %s", code, body)
	}
}
