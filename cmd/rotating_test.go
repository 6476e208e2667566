package cmd

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/scoring"
)

// hookPrompter is a prompter.Fake that runs something while a question
// waits for its answer, as a person at another terminal would.
type hookPrompter struct {
	*prompter.Fake
	before map[string]func()
}

func (h *hookPrompter) Input(label, def string, validate func(string) error) (string, error) {
	if f := h.before[label]; f != nil {
		delete(h.before, label)
		f()
	}
	return h.Fake.Input(label, def, validate)
}

func (h *hookPrompter) Edit(label, text string, validate func(string) error) (string, error) {
	if f := h.before[label]; f != nil {
		delete(h.before, label)
		f()
	}
	return h.Fake.Edit(label, text, validate)
}

func (h *hookPrompter) Confirm(label string, def bool) (bool, error) {
	if f := h.before[label]; f != nil {
		delete(h.before, label)
		f()
	}
	return h.Fake.Confirm(label, def)
}

// TestRotatingAtTwoTerminals starts an eight-player rotating game at the
// prompts, then enters a hand at table 2 while, at another terminal, a
// hand is entered at table 1 on the same file: the prompt holds no lock.
func TestRotatingAtTwoTerminals(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	var other struct {
		code     int
		out, err bytes.Buffer
	}
	answers := []string{
		"Ann, Bob, Cat, Dan, Eve, Fay, Gus, Hal",
		"rotating",
		"2", // hands in each round
		"",  // deck
		// Hand 1, at table 2: Eve goes out; only Fay and Hal are asked.
		"Table 2", "Eve", "r7 wd4", "9", "",
		"(stop",
	}
	p := &hookPrompter{Fake: &prompter.Fake{T: t, Answers: answers}}
	p.before = map[string]func(){
		"Fay's cards": func() {
			ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &other.out, Err: &other.err}
			other.code = int(Run([]string{"--db", db, "--wait", "200ms", "hand", "--table", "1", "--out", "Ann", "--left", "Bob=5", "--left", "Dan=w"}, ios, nil))
		},
	}
	var out, errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true}
	if code := Run([]string{"--db", db, "new"}, ios, p); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	if other.code != 0 || !strings.Contains(other.out.String(), "Hand 1: Ann went out at table 1; Ann and Cat score 55 each (Bob 5, Dan 50).") {
		t.Fatalf("the other terminal: exit %d: %s%s", other.code, other.err.String(), other.out.String())
	}
	joined := strings.Join(p.Labels, "|")
	if !strings.Contains(joined, "How do you score?|Hands in each round at each table|Which deck?|Which table?|Who went out?|Fay's cards|Hal's cards|Save this hand?|Which table?") {
		t.Errorf("questions: %s", joined)
	}
	for _, q := range []string{"Play to how many points", "Who deals first?"} {
		if strings.Contains(joined, q) {
			t.Errorf("asked %q in a rotating game", q)
		}
	}
	for _, want := range []string{
		"Table 1, round 1 of 7, hand 1 of 2: Ann & Cat against Bob & Dan; Ann deals.",
		"Table 2, round 1 of 7, hand 1 of 2: Eve & Gus against Fay & Hal; Eve deals.",
		"Eve went out at table 2: Fay 57, Hal 9, 66 points each for Eve and Gus.",
		"Saved. Hand 2: Eve went out at table 2; Eve and Gus score 66 each (Fay 57, Hal 9).",
		"Table 1, round 1 of 7, hand 2 of 2: Ann & Cat against Bob & Dan; Bob deals.",
	} {
		if !strings.Contains(unwrapped(out.String()), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestRotatingPromptsOnlyFittingModes: twelve players can only rotate, and
// a rotating game of four asks no table.
func TestRotatingPromptsOnlyFittingModes(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	p := &prompter.Fake{T: t, Answers: []string{"A,B,C,D,E,F,G,H,I,J,K,L", "rotating", "", "", "(stop"}}
	var out, errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true}
	if code := Run([]string{"--db", db, "new"}, ios, p); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(unwrapped(out.String()), "Table 3, round 1 of 11, hand 1 of 4: I & K against J & L; I deals.") {
		t.Errorf("output:\n%s", out.String())
	}
	// Twelve at one table can play the UNO Party deck: the modes that
	// need it come after rotating, and say so.
	if items := p.Lists["How do you score?"]; len(items) < 2 || !strings.HasPrefix(items[0], "rotating") || !strings.Contains(items[1], "with the UNO Party deck") {
		t.Errorf("modes offered: %q", items)
	}

	db = filepath.Join(t.TempDir(), "u.db")
	code, out4, errs, p4 := runAt(t, db, []string{"", "Ann", "r7", "9", "", "(stop"}, "new", "--players", "Ann,Bob,Cat,Dan", "--mode", "rotating", "--deck", "classic")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got := strings.Join(p4.Labels, "|"); got != "Hands in each round at each table|Who went out?|Bob's cards|Dan's cards|Save this hand?|Who went out?" {
		t.Errorf("questions: %s", got)
	}
	if !strings.Contains(unwrapped(out4), "Saved. Hand 1: Ann went out at table 1; Ann and Cat score 16 each (Bob 7, Dan 9).") {
		t.Errorf("output:\n%s", out4)
	}
}

// BenchmarkBoardRotating is "unoscore board" on an eight-player rotating
// game played to the end: 56 hands at two tables.
func BenchmarkBoardRotating(b *testing.B) {
	db := filepath.Join(b.TempDir(), "u.db")
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	if code := Run([]string{"--db", db, "new", "--players", strings.Join(players, ","), "--mode", "rotating"}, ios, nil); code != 0 {
		b.Fatalf("new: exit %d", code)
	}
	rounds, err := scoring.Whist(len(players))
	if err != nil {
		b.Fatal(err)
	}
	for _, round := range rounds {
		for k := range 4 {
			for t, st := range round {
				c := st.Clockwise()
				out := c[k]
				var left []string
				for _, seat := range c {
					if seat != out && seat != c[(k+2)%4] {
						left = append(left, "--left", players[seat]+"=r7 wd4")
					}
				}
				args := append([]string{"--db", db, "hand", "--table", fmt.Sprint(t + 1), "--out", players[out]}, left...)
				if code := Run(args, ios, nil); code != 0 {
					b.Fatalf("hand %v: exit %d", args, code)
				}
			}
		}
	}
	for _, args := range [][]string{{"board"}, {"board", "--json"}} {
		b.Run(strings.Join(args, " "), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if code := Run(append([]string{"--db", db}, args...), ios, nil); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// TestPlayersPromptTakesEleven: one name per line up to sixteen; eleven,
// too many for the classic deck and no count rotating takes, sit at one
// table with the UNO Party deck (6 to 16), the only deck then offered. On
// the old code eleven was refused at the end of the list, and twelve,
// thirteen or sixteen could only play rotating.
func TestPlayersPromptTakesEleven(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	answers := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "", "standard", "", "", "A", "(stop"}
	code, out, errs, p := runAt(t, db, answers, "new")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if len(p.Rejected) != 0 {
		t.Errorf("rejected: %q", p.Rejected)
	}
	if decks := p.Lists["Which deck?"]; len(decks) != 1 || !strings.HasPrefix(decks[0], "party") {
		t.Errorf("decks offered: %q", decks)
	}
	if !strings.Contains(out, "standard, first to 500, party deck") {
		t.Errorf("labels %q\noutput:\n%s", p.Labels, out)
	}
}

// TestHandAtOneTable: "hand --table 2" at a terminal enters table 2's hands
// without asking which table, until that table must wait for players still
// at table 1: then it says so and offers table 1 or stopping, never the
// hand's questions for the round that cannot start.
func TestHandAtOneTable(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs, p := runAt(t, db, []string{"Fay", "r7", "9", "", "(stop"}, "hand", "--table", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got := strings.Join(p.Labels, "|"); got != "Who went out?|Gus's cards|Eve's cards|Save this hand?|Which table?" {
		t.Errorf("questions: %s", got)
	}
	for _, want := range []string{
		"Table 2, round 1 of 7, hand 1 of 1: Eve & Gus against Fay & Hal; Eve deals.",
		"Saved. Hand 1: Fay went out at table 2; Fay and Hal score 16 each (Gus 7, Eve 9).",
		"Table 2 waits for round 2: Bob and Cat are still playing round 1 at table 1.",
	} {
		if !strings.Contains(unwrapped(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, _, errs, _ = runAt(t, db, nil, "hand", "--table", "3")
	if code != ExitUsage || !strings.Contains(errs, "there is no table 3: this game has tables 1 and 2") {
		t.Errorf("--table 3: exit %d: %s", code, errs)
	}
}

// TestWaitSaidOnce: in the hand loop, a table that waits is said once, in
// the tables' lines above the next hand, not again above "Which table?".
func TestWaitSaidOnce(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs, _ := runAt(t, db, []string{"Table 2", "Fay", "r7", "9", "", "(stop"}, "hand")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(unwrapped(out), "Table 2 waits for round 2"); n != 1 {
		t.Errorf("the wait is said %d times:\n%s", n, out)
	}
	// The same with --table 2, the table that waits: said once, not once
	// in the tables' lines and again as the reason the table is not asked.
	db = filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1")
	runAt(t, db, nil, "--no-input", "hand", "--table", "2", "-o", "eve", "fay=r1", "hal=r2")
	code, out, errs, _ = runAt(t, db, []string{"(stop"}, "hand", "--table", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(unwrapped(out), "Table 2 waits for round 2"); n != 1 {
		t.Errorf("hand --table 2: the wait is said %d times:\n%s", n, out)
	}
}

// TestEditAtATerminalAtTheTableGiven: "edit N --table T" at a terminal
// asks for hand N at table T and saves it there, as with --out or --left
// (docs/modes.md: a hand stays at its table unless --table says otherwise);
// it asked at the hand's old table and said "Corrected." for it there.
func TestEditAtATerminalAtTheTableGiven(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs, _ := runAt(t, db, nil, "hand", "--table", "1", "-o", "Ann", "--left", "Bob=r7", "--left", "Dan=g3"); code != 0 {
		t.Fatal(errs)
	}
	// --left alone keeps the rest of the hand, and --table still moves it:
	// Ann and Bob are not at table 2 (it said "Corrected." at table 1).
	code, out, errs, _ := runAt(t, db, nil, "edit", "1", "--table", "2", "--left", "Bob=r5")
	if code != ExitUsage || !strings.Contains(errs, "not at table 2") {
		t.Errorf("edit 1 --table 2 --left Bob=r5: exit %d: %s\n%s", code, errs, out)
	}
	code, out, errs, p := runAt(t, db, []string{"Fay", "Gus", "r7", "9", "y"}, "edit", "1", "--table", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if got := strings.Join(p.Labels, "|"); got != "Who went out?|Whose cards?|Gus's cards|Eve's cards|Save this correction?" {
		t.Errorf("questions: %s", got)
	}
	for _, want := range []string{
		"Table 2, round 1",
		"Corrected. Hand 1: Fay went out at table 2; Fay and Hal score 16 each (Gus 7, Eve 9).",
	} {
		if !strings.Contains(unwrapped(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if asked, _, _ := strings.Cut(unwrapped(out), "Corrected."); strings.Contains(asked, "Table 1, round 1") {
		t.Errorf("asked at table 1:\n%s", out)
	}
}

// TestRaceAsksAtTheTableThatMovedOn: "hand --table 2" while table 2 waits
// offers table 1; a hand entered there is not saved when another terminal
// ends table 1's round meanwhile, and the hand asked again is table 1's,
// in its new round, with a line naming the table: it asked at table 2
// (the --table given), with no line saying so.
func TestRaceAsksAtTheTableThatMovedOn(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs, _ := runAt(t, db, nil, "--no-input", "hand", "--table", "2", "-o", "eve", "fay=r1", "hal=r2"); code != 0 {
		t.Fatal(errs)
	}
	p := &hookPrompter{Fake: &prompter.Fake{T: t, Answers: []string{"Table 1", "Ann", "r5", "g5", "", "(stop"}}}
	p.before = map[string]func(){"Save this hand?": func() {
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}
		if code := Run([]string{"--db", db, "--wait", "200ms", "hand", "--table", "1", "-o", "bob", "ann=r1", "cat=r2"}, ios, nil); code != 0 {
			t.Errorf("the other terminal: exit %d", code)
		}
	}}
	var out, errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true, Width: 200}
	if code := Run([]string{"--db", db, "hand", "--table", "2"}, ios, p); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	if len(p.Answers) > 0 {
		t.Errorf("answers left over: %q", p.Answers)
	}
	if got, want := p.Lists["Who went out?"], []string{"Ann", "Gus", "Dan", "Hal", "(stop for now)"}; !slices.Equal(got, want) {
		t.Errorf("asked again who went out among %q, want %q:\n%s", got, want, out.String())
	}
	_, after, _ := strings.Cut(out.String(), "Rounds still to play: 6 at table 1")
	if !strings.HasPrefix(after, ", 6 at table 2, counting the round under way.\nRound 2 of 7, hand 1 of 1 at table 1; Ann deals.\n") {
		t.Errorf("the hand asked again names no table:\n%s", out.String())
	}
}
