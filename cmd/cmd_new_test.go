package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/scoring"
)

// Flag parsing of "new" on its own: what the flags fill in, and what they
// refuse, without running anything.
func TestNewFlags(t *testing.T) {
	tests := []struct {
		args []string
		want func(o *newOptions) bool
		err  string
	}{
		{[]string{"--players", "Ann,Bob"}, func(o *newOptions) bool { return o.Players == "Ann,Bob" && o.Target == 0 && o.Deck == "" }, ""},
		{[]string{"--players", "Ann,Bob", "--target", "300"}, func(o *newOptions) bool { return o.Target == 300 && o.given["target"] }, ""},
		{[]string{"--players", "Ann,Bob", "--target", "0"}, nil, "--target must be a positive number of points, not 0"},
		{[]string{"--players", "Ann,Bob", "--target", "-5"}, nil, "--target must be a positive number of points, not -5"},
		{[]string{"--players", "Ann,Bob", "--target", "100001"}, nil, "--target must be 1 to 100000 points, not 100001"},
		{[]string{"--players", ""}, nil, "--players is empty"},
		{[]string{"--players", "Ann,Bob", "--mode", ""}, nil, "--mode is empty"},
		{[]string{"--players", "Ann,Bob", "--deck", " "}, nil, "--deck is empty"},
		{[]string{"--players", "Ann,Bob", "--dealer", ""}, nil, "--dealer is empty"},
		{[]string{"--players", "Ann,Bob,Cat,Dan", "--team", ","}, nil, "--team is empty"},
		{[]string{"--game", "abc"}, nil, "--game goes with --again"},
		{[]string{"--again"}, func(o *newOptions) bool { return o.Again && o.Game == "" }, ""},
		{[]string{"--again", "--game", "abc", "--target", "200"}, func(o *newOptions) bool { return o.Again && o.Game == "abc" && o.Target == 200 }, ""},
	}
	for _, tt := range tests {
		var got *newOptions
		c := newNewCmd(&App{IO: &iostreams.IOStreams{}}, func(o *newOptions) error { got = o; return nil })
		c.SetArgs(tt.args)
		c.SilenceErrors, c.SilenceUsage = true, true
		err := c.Execute()
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("new %q: error %v, want %q", tt.args, err, tt.err)
			}
			if got != nil {
				t.Errorf("new %q ran despite the error", tt.args)
			}
		case err != nil:
			t.Errorf("new %q: %v", tt.args, err)
		case !tt.want(got):
			t.Errorf("new %q filled in %+v", tt.args, *got)
		}
	}
}

// In a terminal, undo names the hand and asks first; "no" voids nothing.
func TestUndoAsksFirst(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "new", "--players", "Ann,Bob", "--no-input"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs, _ := runAt(t, db, nil, "hand", "-o", "a", "b=r7"); code != 0 {
		t.Fatal(errs)
	}
	code, out, _, p := runAt(t, db, []string{"n"}, "undo")
	if code != 0 || !strings.Contains(out, "Nothing voided.") || p.Labels[0] != "Void hand 1 (Ann went out, 7 points)?" {
		t.Fatalf("exit %d, asked %q:\n%s", code, p.Labels, out)
	}
	code, out, _, _ = runAt(t, db, []string{"y"}, "undo")
	if code != 0 || !strings.Contains(out, "Voided hand 1") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if code, out, _, _ = runAt(t, db, []string{"y"}, "redo"); code != 0 || !strings.Contains(out, "Brought back. Hand 1: Ann went out") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	// --yes asks nothing.
	if code, out, _, _ = runAt(t, db, nil, "undo", "--yes"); code != 0 || !strings.Contains(out, "Voided hand 1") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// In a terminal, "edit N" asks for hand N with its values filled in.
func TestEditPromptsWithTheHandFilledIn(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "new", "--players", "Ann,Bob,Cat", "--no-input")
	runAt(t, db, nil, "hand", "-o", "a", "b=r7 wd4", "c=9")
	runAt(t, db, nil, "hand", "-o", "b", "c=1", "a=2")
	code, out, errs, p := runAt(t, db, []string{"Bob", "r7", "y"}, "edit", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	joined := strings.Join(p.Labels, "|")
	if joined != "Whose cards?|Bob's cards|Save this correction?" {
		t.Errorf("asked %s", joined)
	}
	if !strings.Contains(out, "Corrected. Hand 1: Ann went out and scores 16 (Bob 7, Cat 9).") {
		t.Errorf("output:\n%s", out)
	}
}

// doctor says the file's real size.
func TestDoctorSaysTheFileSize(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "new", "--players", "Ann,Bob", "--no-input")
	for range 30 {
		runAt(t, db, nil, "new", "--players", strings.Repeat("Ann", 8)+","+strings.Repeat("Bob", 8), "--no-input", "--name", strings.Repeat("x", 80))
	}
	fi, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	_, out, _, _ := runAt(t, db, nil, "doctor")
	want := fmt.Sprintf("(%d bytes,", fi.Size())
	if !strings.Contains(out, want) {
		t.Errorf("doctor does not say %q:\n%s", want, out)
	}
}

// The words of item 10: a partners summary names the team; the eliminated
// are listed in the order they went out.
func TestHandWords(t *testing.T) {
	hand := func(out string, left ...string) scoring.Hand {
		ls, err := parseLeft(left)
		if err != nil {
			t.Fatal(err)
		}
		return scoring.Hand{Out: out, Left: ls}
	}
	b, err := scoring.Replay(scoring.Settings{Players: []string{"Ann", "Bob", "Cat", "Dan"}, Mode: scoring.Partners}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := present.HandSummary(b, hand("Ann", "Bob=r1", "Dan=w"))
	if want := "Ann went out: Bob 1, Dan 50, 51 points in all for Ann and Cat."; got != want {
		t.Errorf("partners summary %q, want %q", got, want)
	}
	// Challenge: Cat goes out of the game in hand 1, Ann in hand 2.
	b, err = scoring.Replay(scoring.Settings{Players: []string{"Ann", "Bob", "Cat", "Dan"}, Mode: scoring.Challenge, Target: 50},
		[]scoring.Hand{hand("Bob", "Cat=w", "Dan=1", "Ann=1"), hand("Bob", "Dan=1", "Ann=w")})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ui.EliminatedLine(b), "Eliminated: Cat (hand 1), Ann (hand 2)."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestModeHelp(t *testing.T) {
	for _, m := range scoring.Modes {
		if !strings.Contains(modeHelp(), string(m)+" ") {
			t.Errorf("mode help lacks %s:\n%s", m, modeHelp())
		}
	}
}

// new --help said "Start a game with 2 to 10 players" and "--target ...
// (default 500)" alone, though a Party game takes 6 to 16 players and a
// No Mercy game plays to 1000 unless --target is given.
func TestNewHelpNamesTheDecksOwnLimits(t *testing.T) {
	c := newNewCmd(&App{}, nil)
	if want := "2 to 10 players (--deck party: 6 to 16; rotating:"; !strings.Contains(strings.Join(strings.Fields(c.Long), " "), want) {
		t.Errorf("new's help lacks %q:\n%s", want, c.Long)
	}
	if got, want := c.Flags().Lookup("target").Usage, "--deck no-mercy plays to 1000 unless it is given"; !strings.Contains(got, want) {
		t.Errorf("--target's help %q lacks %q", got, want)
	}
}
