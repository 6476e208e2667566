package web_test

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
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
