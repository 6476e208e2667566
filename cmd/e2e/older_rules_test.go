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
// match its log" (exit 1), stats read Ann's best hand out as 5 and the list
// gave "knock" the classic deck. "low", whose settings have a mercy_bonus
// (as those of the first release to charge a knock-out in lowest mode),
// is charged: Ann leads. Read, it is never written, doctor
// passes with a note, and stats and games read it as its logs give it; the
// first change upgrades it to schema 8, after which doctor passes with no
// note and the figures are the same.
func TestOlderRulesFile(t *testing.T) {
	t.Parallel()
	path, data := storedFile(t, "schema7-knockouts.db")
	read := func(when string, schema string, note bool) {
		t.Helper()
		older := "Note: the summaries of 2 games were worked out by the rules of an older unoscore"
		if note {
			doctorSound(t, path, when, schema, "", older)
		} else {
			doctorSound(t, path, when, schema, older)
		}
		_, out, _ := harness.Unoscore(t, path, "stats", "--json")
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

// TestOlderLowestKnockoutsFile: a file the released unoscore before the No
// Mercy knock-out charge wrote (53cfdd2; see store/rederive_test.go), a
// lowest game to 300 in which Cat was knocked out twice and won at hand 3
// with 0. Replayed with the charge, the game ended at hand 2: main's doctor
// said "game ujx87g: hand 3: the game is over: Ann won" (exit 1) and board
// --game called the file damaged. The game reads as it was played, before and after the first
// change upgrades the file to schema 8.
func TestOlderLowestKnockoutsFile(t *testing.T) {
	t.Parallel()
	path, data := storedFile(t, "schema7-lowest-knockouts.db")
	read := func(when, schema string) {
		t.Helper()
		doctorSound(t, path, when, schema, "Note")
		code, out, errs := harness.Unoscore(t, path, "board", "--game", "ujx87g")
		for _, want := range []string{"Cat wins with the lowest tally (0), after 3 hands.", "a knock-out not charged (the rule when the game began)",
			"|  Total |        |     |   3 |  314 |   0 |", "this game began before unoscore charged a knock-out in lowest mode"} {
			if code != 0 || !strings.Contains(out, want) {
				t.Errorf("%s: board --game exit %d, want %q in:\n%s%s", when, code, want, out, errs)
			}
		}
		code, out, _ = harness.Unoscore(t, path, "board", "--game", "ujx87g", "--json")
		var b struct {
			Over      bool     `json:"over"`
			Winners   []string `json:"winners"`
			Standings []struct {
				Player string `json:"player"`
				Score  int    `json:"score"`
			} `json:"standings"`
			Rows []struct {
				Charged map[string]int `json:"charged"`
			} `json:"rows"`
		}
		if err := json.Unmarshal([]byte(out), &b); code != 0 || err != nil || !b.Over || !slices.Equal(b.Winners, []string{"Cat"}) || len(b.Standings) != 3 ||
			b.Standings[0].Score != 3 || b.Standings[1].Score != 314 || b.Standings[2].Score != 0 || len(b.Rows) != 3 || b.Rows[0].Charged != nil {
			t.Errorf("%s: board --json exit %d, %v: %+v", when, code, err, b)
		}
		_, out, _ = harness.Unoscore(t, path, "rules", "--game", "ujx87g", "who gets the 250 when someone is knocked out")
		if !strings.Contains(out, "lowest mode, a knock-out not charged (the rule when the game began)") || !strings.Contains(out, "the hand's winner receives the 250") {
			t.Errorf("%s: rules:\n%s", when, out)
		}
		_, out, _ = harness.Unoscore(t, path, "history", "--game", "ujx87g")
		if !strings.Contains(out, "hand 2 counted: Ann went out; Bob r9 (9), Cat knocked out (not charged)") ||
			!strings.Contains(out, "no-mercy deck, a knock-out not charged (the rule when the game began); Ann, Bob, Cat") {
			t.Errorf("%s: history:\n%s", when, out)
		}
	}
	read("read as it is", "7")
	if after, _ := os.ReadFile(path); !bytes.Equal(data, after) {
		t.Fatal("a read wrote the file")
	}
	// A new game of the same kind is charged: the rule holds from now on.
	code, out, errs := harness.Unoscore(t, path, "--no-input", "new", "--players", "Ann,Bob,Cat", "--deck", "no-mercy", "--mode", "lowest", "--target", "300")
	if code != 0 || !strings.Contains(out, "a knock-out charged to the player knocked out") {
		t.Fatalf("new: exit %d, %s%s", code, out, errs)
	}
	read("after the first change", "8")
}

// TestOlderLowestChargedFile: a file the first released unoscore to charge
// a No Mercy knock-out in lowest mode wrote (d03b780; see
// store/rederive_test.go): its settings have a mercy_bonus and no
// mercy_charge. It reads charged, as that unoscore's board --json gave it
// (Ann 3, Bob 14, Cat 250; Ann leads), before and after the first change;
// read as not charged, Cat had 0 and led.
func TestOlderLowestChargedFile(t *testing.T) {
	t.Parallel()
	path, data := storedFile(t, "schema7-lowest-charged.db")
	read := func(when, schema string) {
		t.Helper()
		doctorSound(t, path, when, schema, "Note")
		code, out, _ := harness.Unoscore(t, path, "board", "--game", "3fhbgm", "--json")
		var b struct {
			Over      bool     `json:"over"`
			Winners   []string `json:"winners"`
			Leaders   []string `json:"leaders"`
			Standings []struct {
				Player string `json:"player"`
				Score  int    `json:"score"`
			} `json:"standings"`
			Rows []struct {
				Charged map[string]int `json:"charged"`
			} `json:"rows"`
			Settings struct {
				MercyCharge bool `json:"mercy_charge"`
			} `json:"settings"`
		}
		if err := json.Unmarshal([]byte(out), &b); code != 0 || err != nil || b.Over || len(b.Winners) != 0 || !slices.Equal(b.Leaders, []string{"Ann"}) || len(b.Standings) != 3 ||
			b.Standings[0].Score != 3 || b.Standings[1].Score != 14 || b.Standings[2].Score != 250 || len(b.Rows) != 2 || b.Rows[0].Charged["Cat"] != 250 || !b.Settings.MercyCharge {
			t.Errorf("%s: board --json exit %d, %v: %+v", when, code, err, b)
		}
		_, out, _ = harness.Unoscore(t, path, "history", "--game", "3fhbgm")
		if !strings.Contains(out, "hand 1 counted: Ann went out; Bob r5 (5), Cat knocked out (charged 250)") ||
			!strings.Contains(out, "no-mercy deck, a knock-out charged to the player knocked out; Ann, Bob, Cat") {
			t.Errorf("%s: history:\n%s", when, out)
		}
	}
	read("read as it is", "7")
	if after, _ := os.ReadFile(path); !bytes.Equal(data, after) {
		t.Fatal("a read wrote the file")
	}
	// The first change (a new game) upgrades the file to schema 8.
	if code, out, errs := harness.Unoscore(t, path, "--no-input", "new", "--players", "Ann,Bob"); code != 0 {
		t.Fatalf("new: exit %d, %s%s", code, out, errs)
	}
	read("after the first change", "8")
}

// storedFile is a copy, in the test's folder, of a file an older unoscore
// wrote (store/testdata/name), and the file's bytes.
func storedFile(t *testing.T, name string) (string, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "store", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "u.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// doctorSound: doctor passes the file at path, of the schema given, with
// no problem, without the text never (unless ""), and with every one of
// want.
func doctorSound(t *testing.T, path, when, schema, never string, want ...string) {
	t.Helper()
	code, out, errs := harness.Unoscore(t, path, "doctor")
	ok := code == 0 && strings.Contains(out, "schema "+schema+")") && !strings.Contains(out, "Problem") &&
		(never == "" || !strings.Contains(out, never))
	for _, w := range want {
		ok = ok && strings.Contains(out, w)
	}
	if !ok {
		t.Errorf("%s: doctor exit %d:\n%s%s", when, code, out, errs)
	}
}
