package web_test

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// TestKeypadSince: GET /keypad?since=N names the changes made after the
// first N (the game's start is the first), each with its number, in scoring.Missed's words; without since
// it names none; a since the game has not been at, or not a number, is
// refused with one sentence.
func TestKeypadSince(t *testing.T) {
	s := newSite(t, web.Config{})
	path := "/api/games/" + s.id + "/keypad"
	if code, body := s.do("POST", "/api/games/"+s.id+"/hands", `{"out": "Ann", "left": {"Bob": "1", "Cat": "2"}}`, scorer); code != 200 {
		t.Fatalf("hand 1: %d %s", code, body)
	}
	if code, _, errs := s.cli("hand", "--out", "Bob", "--left", "Ann=r7", "--left", "Cat=s"); code != 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct{ query, want string }{
		{"", ""},
		{"?since=3", ""},
		// A page that knows of more changes than the game has had (its
		// file put back from a copy) gets the keypad, nothing missed.
		{"?since=4", ""},
		{"?since=2", `"missed":[{"change":3,"text":"Hand 2 was just recorded from another device: Bob went out, 27 points."}]`},
		{"?since=1&table=0", `"missed":[{"change":2,"text":"Hand 1 was just recorded from another device: Ann went out, 3 points."},{"change":3,`},
	} {
		code, body := s.do("GET", path+c.query, "", nil)
		if code != 200 || (c.want == "") != !strings.Contains(body, `"missed"`) || !strings.Contains(body, c.want) {
			t.Errorf("keypad%s: %d %s; want %s", c.query, code, body, c.want)
		}
	}
	for query, want := range map[string]string{
		"?since=x":  `since=x is not a number of changes (0 or more)`,
		"?since=-1": `since=-1 is not a number of changes (0 or more)`,
		"?table=b":  `table=b is not a number of a table (0 or more)`,
	} {
		if code, body := s.do("GET", path+query, "", nil); code != 400 || !strings.Contains(body, want) {
			t.Errorf("keypad%s: %d %s; want 400 %s", query, code, body, want)
		}
	}
}
