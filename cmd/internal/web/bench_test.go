package web_test

import (
	"fmt"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// benchSite is a game of 4 players with 20 hands.
func benchSite(b *testing.B) *site {
	s := newSite(b, web.Config{}, "Ann", "Bob", "Cat", "Dan")
	for i := range 20 {
		out := []string{"Ann", "Bob", "Cat", "Dan"}[i%4]
		left := map[string]string{"Ann": "r7", "Bob": "b2 y3", "Cat": "g5", "Dan": "y9"}
		delete(left, out)
		body := fmt.Sprintf(`{"out": %q, "left": {`, out)
		sep := ""
		for k, v := range left {
			body += fmt.Sprintf(`%s%q: %q`, sep, k, v)
			sep = ", "
		}
		if code, resp := s.do("POST", "/api/games/"+s.id+"/hands", body+"}}", scorer); code != 200 {
			b.Fatalf("%d %s", code, resp)
		}
	}
	return s
}

// BenchmarkViewerPage: GET / on a game of 20 hands, file opened each time.
func BenchmarkViewerPage(b *testing.B) {
	s := benchSite(b)
	b.ResetTimer()
	for b.Loop() {
		if code, _ := s.do("GET", "/", "", nil); code != 200 {
			b.Fatal(code)
		}
	}
}

// BenchmarkHandAndUndo: a hand posted, then undone: two writes.
func BenchmarkHandAndUndo(b *testing.B) {
	s := benchSite(b)
	b.ResetTimer()
	for b.Loop() {
		if code, _ := s.do("POST", "/api/games/"+s.id+"/hands", `{"out": "Ann", "left": {"Bob": "1", "Cat": "2", "Dan": "3"}}`, scorer); code != 200 {
			b.Fatal(code)
		}
		if code, _ := s.do("POST", "/api/games/"+s.id+"/undo", "", scorer); code != 200 {
			b.Fatal(code)
		}
	}
}

// BenchmarkRotatingPage: GET / and the keypad of a rotating game of 16
// players at four tables, 40 hands played (10 at each table).
func BenchmarkRotatingPage(b *testing.B) {
	s := newSite(b, web.Config{})
	code, _, errs := s.cli("new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ida,Jon,Kim,Lea,Max,Ned,Oli,Pam", "--mode", "rotating")
	if code != 0 {
		b.Fatal(errs)
	}
	for i := range 40 {
		table := i%4 + 1
		tb := s.keypadTables("")[table-1]
		out := tb.Players[i%4]
		opp := tb.Scorers[out]
		body := fmt.Sprintf(`{"out": %q, "left": {%q: "r5 g7", %q: "wd4"}, "table": %d}`, out, opp[0], opp[1], table)
		if code, resp := s.do("POST", "/api/games/"+s.currentID()+"/hands", body, scorer); code != 200 {
			b.Fatalf("%d %s", code, resp)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if code, _ := s.do("GET", "/", "", nil); code != 200 {
			b.Fatal(code)
		}
		if code, _ := s.do("GET", "/api/games/"+s.currentID()+"/keypad", "", nil); code != 200 {
			b.Fatal(code)
		}
	}
}
