package web_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/web"
)

// TestRotatingTables: the scorer's POST names the table of a rotating
// game, and the board answered says where each table stands.
func TestRotatingTables(t *testing.T) {
	s := newSite(t, web.Config{Token: token}, "Ann", "Bob", "Cat")
	code, out, errs := s.cli("new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	if code != 0 {
		t.Fatalf("new: %s", errs)
	}
	id := regexp.MustCompile(`New game ([a-z0-9]+):`).FindStringSubmatch(out)[1]
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
