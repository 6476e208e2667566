package web_test

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// TestCardsNameThePlayer: cards that cannot be read are refused naming the
// player as the game spells them, not the letters typed, in a new hand and
// in a correction, and nothing is written.
func TestCardsNameThePlayer(t *testing.T) {
	s := newSite(t, web.Config{}, "Ann", "Bob", "Cat", "Dan")
	path := "/api/games/" + s.id
	bad := `{"out": "a", "left": {"b": "r1", "c": "r2", "d": "rr3"}}`
	for _, p := range []string{path + "/hands", path + "/hands/1"} {
		if p == path+"/hands/1" {
			if code, body := s.do("POST", path+"/hands", `{"out": "a", "left": {"b": "r1", "c": "r2", "d": "r3"}}`, scorer); code != 200 {
				t.Fatalf("a hand: %d %s", code, body)
			}
		}
		before := s.changes()
		code, body := s.do("POST", p, bad, scorer)
		if code != 400 || !strings.Contains(body, `Dan's cards: unknown card \"rr3\": did you mean \"r3\"?`) {
			t.Errorf("POST %s: %d %s", p, code, body)
		}
		if s.changes() != before {
			t.Errorf("POST %s wrote", p)
		}
	}
}
