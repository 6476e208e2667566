package web_test

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
	"github.com/unoscore/unoscore/store"
)

// Issue 31: in a No Mercy game in lowest mode the page charges a
// knock-out to the player knocked out: the key says so (not "the hand's
// winner scores 250"), Cat's cell reads "KO +250", and Ann leads alone (on the old code
// Ann and Cat were tied at 0).
func TestPageNoMercyLowestKnockOut(t *testing.T) {
	t.Parallel()
	s := newSite(t, web.Config{Token: token}, "Ann", "Bob", "Cat")
	id := s.newGame(t, "--players", "Ann,Bob,Cat", "--deck", "no-mercy", "--mode", "lowest")
	if code, out := s.do("POST", "/api/games/"+id+"/hands", `{"out": "Ann", "left": {"Bob": "r5"}, "knocked_out": ["Cat"]}`, scorer); code != 200 {
		t.Fatalf("the hand: %d %s", code, out)
	}
	code, body := s.do("GET", "/?game="+id, "", nil)
	if code != 200 {
		t.Fatalf("the page: %d", code)
	}
	for _, want := range []string{"the player knocked out is charged 250 onto their tally", "<td>KO &#43;250</td>", `<p class="head">Ann leads</p>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(body, "the hand&#39;s winner scores") || strings.Contains(body, "the hand's winner scores") {
		t.Error("the page's key gives the 250 to the hand's winner")
	}
}

// A No Mercy game in lowest mode begun before unoscore charged a knock-out
// (its settings without mercy_charge or mercy_bonus, as an export of the
// release before the charge holds them) is served as it was played: Cat's
// knock-out costs nothing, Ann and Cat lead at 0, the key says the game
// began before the charge, and the keypad does not charge the next
// knock-out (on the code before, the page charged Cat 250 and the keypad
// said so). One the first release to charge wrote (a mercy_bonus, no
// mercy_charge) stays charged, as it was played.
func TestPageNoMercyLowestBeforeTheCharge(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		release, bonus string
		charged        bool
	}{
		{"before the charge", "", false},
		{"the first to charge", `,"mercy_bonus":"winner"`, true},
	} {
		t.Run(c.release, func(t *testing.T) {
			t.Parallel()
			s := newSite(t, web.Config{Token: token}, "Ann", "Bob", "Cat")
			db, err := store.Open(s.path, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = db.Import(strings.NewReader(`{"unoscore_export":1,"exported":"2026-12-01T20:00:00Z","current":"old123","games":[{"id":"old123","events":[` +
				`{"type":"created","at":"2026-12-01T20:00:00Z","settings":{"mode":"lowest","target":300,"deck":"no-mercy","players":["Ann","Bob","Cat"],"dealer":"Ann"` + c.bonus + `}},` +
				`{"type":"hand","at":"2026-12-01T20:10:00Z","hand":{"out":"Ann","left":[{"player":"Bob","cards":"r5"}],"knocked_out":["Cat"]}}]}]}`))
			db.Close()
			if err != nil {
				t.Fatal(err)
			}
			code, body := s.do("GET", "/?game=old123", "", nil)
			if code != 200 {
				t.Fatalf("the page: %d", code)
			}
			wants := []string{"this game began before unoscore charged a knock-out in lowest mode", "<td>KO</td>", "Ann and Cat"}
			if c.charged {
				wants = []string{"the player knocked out is charged 250 onto their tally", "<td>KO &#43;250</td>", `<p class="head">Ann leads</p>`}
			}
			for _, want := range wants {
				if !strings.Contains(body, want) {
					t.Errorf("the page lacks %q", want)
				}
			}
			if strings.Contains(body, "KO &#43;250") != c.charged {
				t.Errorf("the page charges Cat for the knock-out: %v, want %v", !c.charged, c.charged)
			}
			code, body = s.do("GET", "/api/games/old123/keypad", "", scorer)
			if code != 200 || strings.Contains(body, `"charged":true`) != c.charged || strings.Contains(body, "Cat knocked out, not charged") == c.charged {
				t.Errorf("the keypad: %d %s", code, body)
			}
		})
	}
}
