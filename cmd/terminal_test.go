package cmd

import (
	"bytes"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
)

// Issue 22, item 6: Ctrl-C or Ctrl-D while "new" asks how the game is set
// up says that no game was started (there is no unfinished hand), and none
// is.
func TestNewInterruptedStartsNoGame(t *testing.T) {
	for _, key := range []struct{ answer, want string }{
		{"^C", "unoscore: interrupted; no game was started\n"},
		{"^D", "unoscore: stopped; no game was started\n"},
	} {
		db := filepath.Join(t.TempDir(), "u.db")
		code, out, errs, _ := runAt(t, db, []string{"Ann, Bob, Cat", "standard", key.answer}, "new")
		want := ExitInterrupted
		if key.answer == "^D" {
			want = ExitOK
		}
		if code != want || errs != key.want {
			t.Errorf("%s: exit %d, stderr %q; want %d, %q", key.answer, code, errs, want, key.want)
		}
		if strings.Contains(out+errs, "hand") {
			t.Errorf("%s: a hand is mentioned: %q %q", key.answer, out, errs)
		}
		code, _, _, _ = runAt(t, db, nil, "board")
		if code != ExitUsage {
			t.Errorf("%s: board after the interrupted new: exit %d, want %d (no game)", key.answer, code, ExitUsage)
		}
	}
	// Once the game is started, Ctrl-C in a hand is about that hand.
	db := filepath.Join(t.TempDir(), "u.db")
	_, _, errs, _ := runAt(t, db, []string{"Ann, Bob", "standard", "100", "classic", "Ann", "^C"}, "new")
	if errs != "unoscore: "+errInterrupted.Error()+"\n" {
		t.Errorf("Ctrl-C in the first hand: %q", errs)
	}
}

// Issue 22, item 3: players typed with spaces between are offered as that
// many players; a name with a space in it stays possible.
func TestNewPlayersWithSpaces(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	code, out, errs, p := runAt(t, db, []string{"Ann Bob  Cat Dan", "", "standard", "", "classic", "Ann", "^C"}, "new")
	if code != ExitInterrupted {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !slices.Contains(p.Labels, "4 players: Ann, Bob, Cat and Dan?") {
		t.Errorf("not asked whether there are four players: %q", p.Labels)
	}
	if !strings.Contains(out, "Players, in seating order: Ann, Bob, Cat, Dan.") {
		t.Errorf("not four players:\n%s", out)
	}

	db = filepath.Join(t.TempDir(), "u.db")
	code, out, errs, _ = runAt(t, db, []string{"Mary Ann", "n", "Bob", "", "standard", "", "classic", "Bob", "^C"}, "new")
	if code != ExitInterrupted || !strings.Contains(out, "Players, in seating order: Mary Ann, Bob.") {
		t.Errorf("exit %d, a name with a space in it:\n%s%s", code, out, errs)
	}
}

// Issue 22, item 8: partners is offered for four players or more, teams
// have at least two players, and the team prompt's hint says what an empty
// answer does.
func TestPartnersOnlyInTeamsOfTwo(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	_, _, _, p := runAt(t, db, []string{"Ann, Bob, Cat", "", "", "classic", "", "^C"}, "new")
	if modes := p.Lists["How do you score?"]; len(modes) == 0 || slices.ContainsFunc(modes, func(m string) bool { return strings.HasPrefix(m, "partners") }) {
		t.Errorf("three players are offered %q", modes)
	}
	db = filepath.Join(t.TempDir(), "u.db")
	code, out, errs, p := runAt(t, db, []string{
		"Ann, Bob, Cat, Dan, Eve", "partners", "", "classic",
		"",                        // team 1 empty: refused
		"Ann",                     // a team of one: refused
		"Ann, Bob, Cat, Dan, Eve", // everyone: refused
		"Ann, Bob, Cat, Dan",      // leaves Eve alone: refused
		"Ann, Cat",                // the rest, three, are the other team
		"Ann", "^C",
	}, "new")
	if code != ExitInterrupted {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !slices.ContainsFunc(p.Lists["How do you score?"], func(m string) bool { return strings.HasPrefix(m, "partners") }) {
		t.Errorf("five players are not offered partners: %q", p.Lists["How do you score?"])
	}
	wantRejected := []string{
		": name the first team's players",
		"Ann: a team has at least two players",
		"Ann, Bob, Cat, Dan, Eve: that is everyone: leave two or more players for another team",
		"Ann, Bob, Cat, Dan: that leaves Eve alone: teams have at least two players",
	}
	if !slices.Equal(p.Rejected, wantRejected) {
		t.Errorf("rejected %q,\nwant %q", p.Rejected, wantRejected)
	}
	for _, l := range p.Labels {
		if strings.HasPrefix(l, "Team 1") && strings.Contains(l, "empty") {
			t.Errorf("team 1's hint offers an empty answer it refuses: %q", l)
		}
	}
	for _, want := range []string{"Team 1: Ann and Cat.", "Team 2: Bob, Dan and Eve."} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
	// Six players: the hint for team 2 names who an empty answer takes.
	db = filepath.Join(t.TempDir(), "u.db")
	_, _, _, p = runAt(t, db, []string{
		"A1, B2, C3, D4, E5, F6", "partners", "", "classic", "n", "A1, B2", "", "A1", "^C",
	}, "new")
	if !slices.Contains(p.Labels, "Team 2 (two or more names, comma-separated; empty: C3, D4, E5 and F6)") {
		t.Errorf("labels: %q", p.Labels)
	}
}

// Issue 22, item 4: when another terminal ends the game, or moves a
// rotating table into its next round, while a hand is being entered,
// nothing entered can be kept: the loop says what happened (the game is
// over, and its result; the table's new pairs, and the hand asked again)
// instead of offering to save it again.
func TestHandLoopWhenNothingCanBeKept(t *testing.T) {
	other := func(db string, args ...string) {
		t.Helper()
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}
		if code := Run(append([]string{"--db", db, "--wait", "200ms"}, args...), ios, nil); code != 0 {
			t.Errorf("the other terminal: exit %d", code)
		}
	}
	run := func(db string, answers []string, hook string, args []string, cmd ...string) string {
		t.Helper()
		p := &hookPrompter{Fake: &prompter.Fake{T: t, Answers: answers}}
		p.before = map[string]func(){hook: func() { other(db, args...) }}
		var out, errb bytes.Buffer
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true, Width: 200}
		if code := Run(append([]string{"--db", db}, cmd...), ios, p); code != 0 {
			t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
		}
		if len(p.Answers) > 0 {
			t.Errorf("answers left over: %q", p.Answers)
		}
		return out.String()
	}

	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "new", "--no-input", "--players", "Ann,Bob", "--target", "100"); code != 0 {
		t.Fatal(errs)
	}
	out := run(db, []string{"Ann", "r7", "", ""}, "Bob's cards", []string{"hand", "-o", "Bob", "Ann=w w"}, "hand") // the last "": no playing on
	for _, want := range []string{
		"Not saved: hand 1, entered in another terminal, ended the game; the game is over.\n",
		"Bob wins with 100 points, after 1 hand.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "kept") {
		t.Errorf("offers to keep what was entered in a game that is over:\n%s", out)
	}

	// A game ended in another terminal meanwhile: said so; not offered to
	// play on (an end is taken back by undo).
	db = filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "new", "--no-input", "--players", "Ann,Bob", "--target", "100"); code != 0 {
		t.Fatal(errs)
	}
	out = run(db, []string{"Ann", "r7", ""}, "Bob's cards", []string{"end"}, "hand")
	for _, want := range []string{
		"Not saved: in another terminal, the game was ended where it stood; the game is over.\n",
		"Ended before the first hand.",
		"Play again with the same table: unoscore new --again",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}

	db = filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "new", "--no-input", "--players", "Ann,Bob,Cat,Dan", "--mode", "rotating", "--hands", "1"); code != 0 {
		t.Fatal(errs)
	}
	out = run(db, []string{"Ann", "r7", "9", "", "(stop"}, "Bob's cards",
		[]string{"hand", "--table", "1", "-o", "Cat", "Bob=5", "Dan=w"}, "hand")
	for _, want := range []string{
		"Not saved: in another terminal, table 1 moved on to round 2: Ann & Dan against Bob & Cat now; enter the hand of this round.\n",
		"Table 1, round 2 of 3, hand 1 of 1: Ann & Dan against Bob & Cat; Ann deals.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "kept") {
		t.Errorf("offers to keep a hand of the round before:\n%s", out)
	}
	// Item 9: a rotating game's hands are numbered as they are saved, at
	// whichever table: no "Hand 1." above a hand that may be saved as 2.
	if strings.Contains(out, "Hand 1.") || strings.Contains(out, "Hand 2.") {
		t.Errorf("a game-wide hand number above a table's hand:\n%s", out)
	}
}

// Issue 22, item 9: the smaller things.
func TestTerminalSmallerThings(t *testing.T) {
	// The ? help and the list of decks: flow's TestDeckWords.
	db := filepath.Join(t.TempDir(), "u.db")
	// games: no Name column when no game has a name.
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob", "--target", "10")
	if _, out, _, _ := runAt(t, db, nil, "games"); strings.Contains(out, "Name") {
		t.Errorf("an empty Name column:\n%s", out)
	}
	// new while the current game is unfinished says so, and how to go back.
	_, js, _, _ := runAt(t, db, nil, "board", "--json")
	id := js[strings.Index(js, `"id": "`)+7:][:6]
	_, out, _, _ := runAt(t, db, nil, "--no-input", "new", "--players", "Cat,Dan", "--name", "Late")
	if want := "Game " + id + " (Ann and Bob) stays unfinished; to go back to it: unoscore use " + id + " "; !strings.Contains(unwrapped(out), want) {
		t.Errorf("no %q:\n%s", want, out)
	}
	if _, out, _, _ := runAt(t, db, nil, "games"); !strings.Contains(out, "Name") || !strings.Contains(out, "Late") {
		t.Errorf("no Name column though a game has a name:\n%s", out)
	}
	// hand on a finished game says what to do next.
	runAt(t, db, nil, "use", id)
	runAt(t, db, nil, "--no-input", "hand", "-o", "Ann", "Bob=w")
	_, out, _, p := runAt(t, db, []string{""}, "hand") // Enter: no playing on
	if !slices.Contains(p.Labels, "Play on to 20? (a new target, or Enter for no)") {
		t.Errorf("no offer to play on: %q", p.Labels)
	}
	if !strings.Contains(out, "Ann wins with 50 points") || !strings.Contains(out, "Play again with the same table: unoscore new --again\nOr start a new game: unoscore new\n") {
		t.Errorf("a finished game's hand ends with no next step:\n%s", out)
	}
}

// Issue 22, item 9: the rating chart's axis never shows -0.0.
func TestRatingChartHasNoNegativeZero(t *testing.T) {
	plot := ratingChart("Ann", []float64{-0.04, 0.3, 0.8}, 80)
	if strings.Contains(plot, "-0.0") || !strings.Contains(plot, " 0.0") {
		t.Errorf("the axis:\n%s", plot)
	}
}

// Issue 22, item 9: the undo question stays on the screen, answered.
func TestUndoQuestionStays(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob")
	runAt(t, db, nil, "--no-input", "hand", "-o", "Ann", "Bob=w")
	_, out, _, _ := runAt(t, db, []string{"n"}, "undo")
	if !strings.HasPrefix(out, "Void hand 1 (Ann went out, 50 points)? no\nNothing voided.\n") {
		t.Errorf("undo, no:\n%s", out)
	}
	_, out, _, _ = runAt(t, db, []string{"y"}, "undo")
	if !strings.HasPrefix(out, "Void hand 1 (Ann went out, 50 points)? yes\nVoided hand 1") {
		t.Errorf("undo, yes:\n%s", out)
	}
}
