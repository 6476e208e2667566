package web_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// TestFlipBoardAndKeypad: in an UNO Flip game the board's score pad shows
// each hand's side, the columns take the dark side's colours after a dark
// hand, the board JSON's rows carry "side", and the keypad has both sides'
// colours and faces with their points (a Wild 40 on either side).
func TestFlipBoardAndKeypad(t *testing.T) {
	s := newSite(t, web.Config{})
	code, out, e := s.cli("new", "--players", "Ann,Bob,Cat", "--deck", "flip", "--json")
	if code != 0 {
		t.Fatal(e)
	}
	var g struct{ ID string }
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatal(err)
	}
	// Light: 10 + 50 = 60 and 40. Dark: 30 + 60 = 90 and 5 + 40 = 45.
	for _, args := range [][]string{
		{"hand", "--out", "Ann", "--left", "Bob=rd1 wd2", "--left", "Cat=w"},
		{"hand", "--out", "Bob", "--left", "Cat=tse wdc", "--left", "Ann=o5 w"},
	} {
		if code, _, e := s.cli(args...); code != 0 {
			t.Fatal(e)
		}
	}
	code, page := s.do("GET", "/", "", nil)
	if code != 200 {
		t.Fatalf("GET /: %d", code)
	}
	for _, want := range []string{`<th scope="col" class="side w5">Side</th>`, `<td class="side"><span class="side-dark">dark</span></td>`, `<td class="side"><span class="side-light">light</span></td>`,
		"dark-side", "hue-pink", "hue-teal", "hue-orange"} {
		if !strings.Contains(page, want) {
			t.Errorf("the board page has no %q", want)
		}
	}
	if strings.Contains(page, "hue-red") {
		t.Error("after a dark hand the columns still wear the light side's colours")
	}

	code, body := s.do("GET", "/api/games/"+g.ID+"/board", "", nil)
	if code != 200 || !strings.Contains(body, `"side":"dark"`) || !strings.Contains(body, `"side":"light"`) {
		t.Fatalf("board JSON: %d %s", code, body)
	}

	code, body = s.do("GET", "/api/games/"+g.ID+"/keypad", "", nil)
	if code != 200 {
		t.Fatalf("keypad: %d %s", code, body)
	}
	var k struct {
		Sides []struct {
			Side   string
			Colors []struct{ Letter string }
			Faces  []struct {
				Token  string
				Points int
				Copies int
			}
		}
		Colors []struct{ Letter string }
	}
	if err := json.Unmarshal([]byte(body), &k); err != nil {
		t.Fatal(err)
	}
	if len(k.Sides) != 2 || k.Sides[0].Side != "light" || k.Sides[1].Side != "dark" {
		t.Fatalf("sides: %+v", k.Sides)
	}
	letters := func(cs []struct{ Letter string }) string {
		var ls []string
		for _, c := range cs {
			ls = append(ls, c.Letter)
		}
		return strings.Join(ls, " ")
	}
	if letters(k.Sides[0].Colors) != "r y g b" || letters(k.Sides[1].Colors) != "pk t o pu" || letters(k.Colors) != "r y g b" {
		t.Errorf("colours: light %s, dark %s, default %s", letters(k.Sides[0].Colors), letters(k.Sides[1].Colors), letters(k.Colors))
	}
	want := []map[string]int{
		{"1": 1, "9": 9, "d1": 10, "s": 20, "rev": 20, "f": 20, "w": 40, "wd2": 50},
		{"1": 1, "9": 9, "d5": 20, "se": 30, "rev": 20, "f": 20, "w": 40, "wdc": 60},
	}
	for i, sd := range k.Sides {
		got := map[string]int{}
		for _, f := range sd.Faces {
			got[f.Token] = f.Points
			if f.Token == "w" && f.Copies != 4 {
				t.Errorf("%s side: %d Wilds", sd.Side, f.Copies)
			}
		}
		if len(got) != 15 { // 1 to 9, four coloured actions, two wilds
			t.Errorf("%s side: %d faces: %v", sd.Side, len(got), got)
		}
		for tok, p := range want[i] {
			if got[tok] != p {
				t.Errorf("%s side: %s is %d points, want %d", sd.Side, tok, got[tok], p)
			}
		}
	}
	// The phone's new-game form offers the deck, and starts a game with it.
	if _, sp := s.do("GET", "/score", "", nil); !strings.Contains(sp, `<option value="flip" data-target="500">flip (UNO Flip)</option>`) ||
		!strings.Contains(sp, `<option value="all-wild" data-target="500">all-wild (UNO All Wild)</option>`) || !strings.Contains(sp, `<option value="party" data-target="500">party (UNO Party)</option>`) {
		t.Error("the new-game form names no edition beside its deck: flip (UNO Flip), all-wild (UNO All Wild), party (UNO Party)")
	}
	if code, body := s.do("POST", "/api/games", `{"players": "Dee,Eve", "deck": "flip", "mode": "lowest"}`, scorer); code != 201 || !strings.Contains(body, `"deck":"flip"`) {
		t.Errorf("a flip game from the form: %d %s", code, body)
	}
}
