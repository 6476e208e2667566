package web_test

import (
	"encoding/json"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// TestEndChoices: the keypad of a game that may be ended lists who the
// phone may name as the winner, as "unoscore end --winner" takes them: a
// player out of a Challenge game is not offered; partners are offered as
// teams, sent by their first player's name; the leaders are marked.
func TestEndChoices(t *testing.T) {
	s := newSite(t, web.Config{})
	type choice struct {
		Winner, Label string
		Score         int
		Leads         bool
	}
	for _, c := range []struct {
		what string
		new  []string
		hand []string
		want []choice
	}{
		{"challenge", []string{"--players", "Ann,Bob,Cat", "--mode", "challenge", "--target", "50"},
			[]string{"--out", "Ann", "--left", "Bob=60pts", "--left", "Cat=10pts"},
			[]choice{{"Ann", "Ann", 0, true}, {"Cat", "Cat", 10, false}}},
		{"partners", []string{"--players", "Ann,Bob,Cat,Dan", "--mode", "partners"},
			[]string{"--out", "Bob", "--left", "Ann=10pts", "--left", "Cat=5pts"},
			[]choice{{"Ann", "Ann & Cat", 0, false}, {"Bob", "Bob & Dan", 15, true}}},
	} {
		id := s.newGame(t, c.new...)
		if code, _, errs := s.cli(append([]string{"hand", "--game", id}, c.hand...)...); code != 0 {
			t.Fatalf("%s: %s", c.what, errs)
		}
		code, body := s.do("GET", "/api/games/"+id+"/keypad", "", nil)
		var k struct {
			Endable bool     `json:"endable"`
			Choices []choice `json:"end_choices"`
		}
		if err := json.Unmarshal([]byte(body), &k); code != 200 || err != nil {
			t.Fatalf("%s: %d %v %s", c.what, code, err, body)
		}
		if !k.Endable || len(k.Choices) != len(c.want) {
			t.Fatalf("%s: endable %v, choices %+v, want %+v", c.what, k.Endable, k.Choices, c.want)
		}
		for i := range c.want {
			if k.Choices[i] != c.want[i] {
				t.Errorf("%s: choice %d is %+v, want %+v", c.what, i, k.Choices[i], c.want[i])
			}
		}
	}
}
