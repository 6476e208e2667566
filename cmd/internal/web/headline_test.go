package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// TestHeadlineOfATie: a tie of many players is counted in the board's
// headline, not listed ("All 16 tied at 0": sixteen names made two huge
// lines on a television), and what a screen reader is told says it once;
// a tie of two still names them.
func TestHeadlineOfATie(t *testing.T) {
	s := newSite(t, web.Config{Token: token}, "Ann", "Bob", "Cat")
	hand := func(id, body string) {
		t.Helper()
		if code, out := s.do("POST", "/api/games/"+id+"/hands", body, scorer); code != 200 {
			t.Fatalf("%s: %d %s", body, code, out)
		}
	}
	page := func(id string) string {
		t.Helper()
		code, body := s.do("GET", "/?game="+id, "", nil)
		if code != 200 {
			t.Fatalf("the page: %d", code)
		}
		return body
	}
	has := func(what, body string, wants ...string) {
		t.Helper()
		for _, want := range wants {
			if !strings.Contains(body, want) {
				i := strings.Index(body, `class="head`)
				t.Errorf("%s: the page lacks %q; its headline: %.120s", what, want, body[max(i, 0):])
			}
		}
	}

	// Three players, everyone at 0.
	id := s.newGame(t, "--players", "Ann,Bob,Cat")
	hand(id, `{"out": "Ann", "left": {"Bob": "r0", "Cat": "g0"}}`)
	has("three tied", page(id), `<p class="head">All 3 tied at 0</p>`, `data-said-lead="All 3 tied at 0."`)

	// Two tied of three: named.
	id = s.newGame(t, "--players", "Ann,Bob,Cat")
	hand(id, `{"out": "Ann", "left": {"Bob": "r7", "Cat": "g0"}}`)
	hand(id, `{"out": "Bob", "left": {"Ann": "r7", "Cat": "g0"}}`)
	has("two tied", page(id), `<p class="head">Tied for the lead: Ann and Bob</p>`, `data-said-lead="Tied for the lead: Ann and Bob with 7."`)

	// Six players, lowest wins: five tied at 0, Fay held 5.
	id = s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay", "--mode", "lowest")
	hand(id, `{"out": "Ann", "left": {"Bob": "r0", "Cat": "g0", "Dan": "b0", "Eve": "y0", "Fay": "r5"}}`)
	has("five tied", page(id), `<p class="head">5 tied for the lead at 0</p>`)

	// Sixteen at four tables, a hand worth nothing at each.
	players := strings.Split("Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ida,Jon,Kim,Lea,Max,Ned,Oli,Pam", ",")
	id = s.newGame(t, "--players", strings.Join(players, ","), "--mode", "rotating")
	for _, tb := range s.keypadTables(id) {
		hand(id, fmt.Sprintf(`{"out": %q, "left": {%q: "r0", %q: "g0"}, "table": %d}`, tb.Teams[0][0], tb.Teams[1][0], tb.Teams[1][1], tb.Table))
	}
	has("sixteen tied", page(id), `<p class="head">All 16 tied at 0</p>`)

	// Five in a rotating game of one hand a round, every hand worth
	// nothing: all five win.
	id = s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve", "--mode", "rotating", "--hands", "1")
	for range 5 {
		tb := s.keypadTables(id)[0]
		hand(id, fmt.Sprintf(`{"out": %q, "left": {%q: "r0", %q: "g0"}, "table": 1}`, tb.Teams[0][0], tb.Teams[1][0], tb.Teams[1][1]))
	}
	has("five win", page(id), `<p class="head win">All 5 win, tied at 0!</p>`)
}
