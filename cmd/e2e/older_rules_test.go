package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestOlderRulesFile: a file the unoscore before the No Mercy knock-out
// rules changed wrote (schema 7; see store/rederive_test.go for how it was
// made) made doctor report "the player statistics in its summary do not
// match its log" (exit 1), stats read Ann's best hand out as 5, the list
// led "low" by Ann and Cat and gave "knock" the classic deck. Read, it is never written, doctor
// passes with a note, and stats and games read it as its logs give it; the
// first change upgrades it to schema 8, after which doctor passes with no
// note and the figures are the same.
func TestOlderRulesFile(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../store/testdata/schema7-knockouts.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "u.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	read := func(when string, schema string, note bool) {
		t.Helper()
		code, out, errs := harness.Unoscore(t, path, "doctor")
		if code != 0 || !strings.Contains(out, "schema "+schema+")") || strings.Contains(out, "Problem") ||
			strings.Contains(out, "Note: the summaries of 2 games were worked out by the rules of an older unoscore") != note {
			t.Errorf("%s: doctor exit %d:\n%s%s", when, code, out, errs)
		}
		_, out, _ = harness.Unoscore(t, path, "stats", "--json")
		var st struct {
			Players []struct {
				Player  string `json:"player"`
				BestOut int    `json:"best_out"`
			} `json:"players"`
		}
		if err := json.Unmarshal([]byte(out), &st); err != nil || len(st.Players) == 0 || st.Players[0].Player != "Ann" || st.Players[0].BestOut != 255 {
			t.Errorf("%s: stats --json: %v %+v", when, err, st)
		}
		_, out, _ = harness.Unoscore(t, path, "games", "--json")
		var gs struct {
			Games []struct {
				Name    string   `json:"name"`
				Deck    string   `json:"deck"`
				Leaders []string `json:"leaders"`
			} `json:"games"`
		}
		if err := json.Unmarshal([]byte(out), &gs); err != nil || len(gs.Games) != 3 || gs.Games[2].Name != "low" || !slices.Equal(gs.Games[2].Leaders, []string{"Ann"}) || gs.Games[1].Deck != "no-mercy" || gs.Games[0].Deck != "classic" {
			t.Errorf("%s: games --json: %v %+v", when, err, gs)
		}
	}
	read("read as it is", "7", true)
	if after, _ := os.ReadFile(path); !bytes.Equal(data, after) {
		t.Fatal("a read wrote the file")
	}
	if code, _, errs := harness.Unoscore(t, path, "--no-input", "hand", "--out", "Dan", "--left", "Eve=r7"); code != 0 {
		t.Fatalf("hand: exit %d, %s", code, errs)
	}
	read("after the first change", "8", false)
}
