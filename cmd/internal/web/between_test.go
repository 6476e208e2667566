package web_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// TestBetweenRoundsOnTheBoard: in a two-table game, a player whose round
// is finished while their next table still plays the round before shows,
// on their total, the table they go to next and that they wait (they
// showed no table and no note), in the grey of a table that waits.
func TestBetweenRoundsOnTheBoard(t *testing.T) {
	s := newSite(t, web.Config{Token: token}, "Ann", "Bob", "Cat")
	id := s.newGame(t, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1")
	tb := s.keypadTables(id)[0]
	if code, out := s.do("POST", "/api/games/"+id+"/hands", fmt.Sprintf(`{"out": %q, "left": {%q: "r5", %q: "g2"}, "table": 1}`,
		tb.Teams[0][0], tb.Teams[1][0], tb.Teams[1][1]), scorer); code != 200 {
		t.Fatal(code, out)
	}
	// Table 1's round 2 seats Ann & Dan v Gus & Hal; Bob and Cat play
	// round 2 at table 2, which still plays round 1.
	_, body := s.do("GET", "/?game="+id, "", nil)
	total := func(name string) string {
		m := regexp.MustCompile(`<li class="total hue-([a-z]+)[^"]*">\s*<span class="name">` + name + `</span>\s*<span class="score[^"]*">[^<]*</span>\s*<span class="note">(.*?)</span>\s*</li>`).FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("no total for %s in %s", name, body)
		}
		return m[1] + ": " + regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m[2], "")
	}
	for name, want := range map[string]string{
		"Bob": "done: table 2 · waiting",
		"Cat": "done: leads table 2 · waiting",
		"Ann": "red: leads deals table 1",
		"Eve": "green: deals table 2",
	} {
		if got := total(name); got != want {
			t.Errorf("%s's total: %q, want %q", name, got, want)
		}
	}
}
