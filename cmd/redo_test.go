package cmd

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
)

// In a terminal, redo names the hand it would bring back and asks first,
// the default no, as undo does; no brings back nothing, --yes, --json and
// --no-input ask nothing.
func TestRedoAsksFirst(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat")
	runAt(t, db, nil, "--no-input", "hand", "-o", "Ann", "Bob=r7", "Cat=w")
	runAt(t, db, nil, "--no-input", "hand", "-o", "Cat", "Ann=9", "Bob=s")
	runAt(t, db, nil, "undo", "--yes")

	code, out, errs, p := runAt(t, db, []string{"n"}, "redo")
	if code != 0 || out != "Bring back hand 2 (Cat went out, 29 points)? no\nNothing brought back.\n" || errs != "" {
		t.Fatalf("redo, no: exit %d, asked %q:\n%s%s", code, p.Labels, out, errs)
	}
	if hands := boardHands(t, db); hands != 1 {
		t.Fatalf("a no brought a hand back: %d hands", hands)
	}
	// The default is no.
	if code, out, _, _ = runAt(t, db, []string{""}, "redo"); code != 0 || !strings.HasSuffix(out, "? no\nNothing brought back.\n") {
		t.Fatalf("redo, the default: exit %d:\n%s", code, out)
	}
	code, out, _, _ = runAt(t, db, []string{"y"}, "redo")
	if code != 0 || !strings.HasPrefix(out, "Bring back hand 2 (Cat went out, 29 points)? yes\nBrought back. Hand 2: Cat went out") {
		t.Fatalf("redo, yes: exit %d:\n%s", code, out)
	}
	if hands := boardHands(t, db); hands != 2 {
		t.Fatalf("a yes brought nothing back: %d hands", hands)
	}
	// --yes, --json and --no-input ask nothing (runAt fails a question it
	// has no answer for).
	for _, args := range [][]string{{"redo", "--yes"}, {"redo", "-y"}, {"redo", "--json"}, {"--no-input", "redo"}} {
		runAt(t, db, nil, "undo", "--yes")
		if code, out, errs, _ := runAt(t, db, nil, args...); code != 0 || (!strings.Contains(out, "Hand 2: Cat went out") && !strings.Contains(out, `"hands": 2`)) {
			t.Fatalf("%q: exit %d:\n%s%s", args, code, out, errs)
		}
	}
	// Nothing to bring back: nothing asked, the refusal as before.
	code, out, errs, p = runAt(t, db, nil, "redo")
	if code != ExitUsage || out != "" || len(p.Labels) != 0 || !strings.HasPrefix(errs, "unoscore: nothing to redo") {
		t.Fatalf("nothing to redo: exit %d, asked %q:\n%s%s", code, p.Labels, out, errs)
	}
	// Ctrl-C at the question: exit 130, saying what was not done.
	runAt(t, db, nil, "undo", "--yes")
	code, out, errs, _ = runAt(t, db, []string{"^C"}, "redo")
	if code != 130 || out != "Bring back hand 2 (Cat went out, 29 points)?\n" || errs != "unoscore: interrupted; nothing was brought back\n" {
		t.Fatalf("Ctrl-C: exit %d:\n%s%s", code, out, errs)
	}
	if hands := boardHands(t, db); hands != 1 {
		t.Fatalf("Ctrl-C brought a hand back: %d hands", hands)
	}
}

// In a rotating game the question names the hand's table, and the number
// it counts again as (a hand at the other table may have taken its old
// one); a redo naming no table while both tables have one asks nothing.
func TestRedoAsksAtATable(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	runAt(t, db, nil, "--no-input", "hand", "--table", "1", "--out", "Ann", "--left", "Bob=5", "--left", "Dan=w")
	runAt(t, db, nil, "undo", "--yes", "--table", "1")
	runAt(t, db, nil, "--no-input", "hand", "--table", "2", "--out", "Eve", "--left", "Fay=9", "--left", "Hal=r7")
	code, out, errs, _ := runAt(t, db, []string{"y"}, "redo", "--table", "1")
	if code != 0 || !strings.HasPrefix(out, "Bring back hand 2 at table 1 (Ann went out, 55 points)? yes\nBrought back. Hand 2: Ann went out at table 1") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	// Plain redo with one table's hand voided asks about that one.
	runAt(t, db, nil, "undo", "--yes", "--table", "2")
	code, out, _, _ = runAt(t, db, []string{"n"}, "redo")
	if code != 0 || !strings.HasPrefix(out, "Bring back hand 2 at table 2 (Eve went out, 16 points)? no\nNothing brought back.") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	// Both tables with a voided hand and no table named: the refusal, unasked.
	runAt(t, db, nil, "undo", "--yes", "--table", "1")
	code, out, errs, _ = runAt(t, db, nil, "redo")
	if code != ExitUsage || out != "" || !strings.Contains(errs, "say which with --table 1 or --table 2") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
}

// confirmHook is a prompter.Fake that runs something while a yes-or-no
// question waits for its answer, as a person at another terminal would.
type confirmHook struct {
	*prompter.Fake
	before func()
}

func (h *confirmHook) Confirm(label string, def bool) (bool, error) {
	if h.before != nil {
		h.before()
		h.before = nil
	}
	return h.Fake.Confirm(label, def)
}

// A hand recorded at another terminal while redo's question waits: the
// yes brings back nothing, and says what changed.
func TestRedoQuestionThenAChange(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob")
	runAt(t, db, nil, "--no-input", "hand", "-o", "Ann", "Bob=r7")
	runAt(t, db, nil, "undo", "--yes")
	p := &confirmHook{Fake: &prompter.Fake{T: t, Answers: []string{"y"}}, before: func() {
		runAt(t, db, nil, "--no-input", "hand", "-o", "Bob", "Ann=9")
	}}
	var out, errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true}
	code := Run([]string{"--db", db, "redo"}, ios, p)
	if code != ExitUsage || !strings.Contains(errb.String(), "the game changed while you answered: hand 1 was just recorded from another device: Bob went out, 9 points; nothing brought back") {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errb.String())
	}
	if hands := boardHands(t, db); hands != 1 {
		t.Fatalf("%d hands, want the one recorded meanwhile", hands)
	}
}

// boardHands is how many hands the current game counts.
func boardHands(t *testing.T, db string) int {
	t.Helper()
	_, out, _, _ := runAt(t, db, nil, "board", "--json")
	i := strings.Index(out, `"hands": `)
	if i < 0 {
		t.Fatalf("no hands in %s", out)
	}
	n := 0
	for _, c := range out[i+9:] {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// TestUndoRefusesBeforeAsking: undo at a terminal refuses a hand a later
// hand at another table depended on before it asks, in the sentence the
// write says, exit 2, nothing voided: it asked "Void hand 2 at table 2
// ...?" and refused only after a yes.
func TestUndoRefusesBeforeAsking(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	for _, args := range [][]string{
		{"new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1"},
		{"hand", "--table", "1", "-o", "ann", "bob=r1", "dan=r2"},
		{"hand", "--table", "2", "-o", "eve", "fay=r1", "hal=r2"},
		{"hand", "--table", "1", "-o", "ann", "gus=r1", "hal=r2"}, // round 2 at table 1 needed hand 2
	} {
		if code, _, errs, _ := runAt(t, db, nil, append([]string{"--no-input"}, args...)...); code != 0 {
			t.Fatal(errs)
		}
	}
	code, out, errs, p := runAt(t, db, nil, "undo", "--table", "2")
	if code != ExitUsage || len(p.Labels) > 0 {
		t.Errorf("exit %d, asked %q:\n%s", code, p.Labels, out)
	}
	if want := "hand 2 cannot be voided: hand 3 at table 1 was played in a round that needed it"; !strings.Contains(errs, want) {
		t.Errorf("no %q: %s", want, errs)
	}
	if _, js, _, _ := runAt(t, db, nil, "board", "--json"); !strings.Contains(js, `"hands": 3,`) {
		t.Errorf("a hand was voided:\n%s", js)
	}
}

// In a terminal, undo and redo of a target or an end name it and ask first,
// as for a hand; --json answers the board without a hand voided.
func TestUndoRedoOfAChangeAsk(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat", "--target", "50")
	runAt(t, db, nil, "--no-input", "hand", "-o", "Ann", "Bob=w", "Cat=1")
	runAt(t, db, nil, "target", "100")
	code, out, errs, _ := runAt(t, db, []string{"n"}, "undo")
	if code != 0 || out != "Void \"target raised to 100 after hand 1\"? no\nNothing voided.\n" || errs != "" {
		t.Fatalf("undo, no: exit %d:\n%s%s", code, out, errs)
	}
	code, out, _, _ = runAt(t, db, []string{"y"}, "undo")
	if code != 0 || !strings.HasPrefix(out, "Void \"target raised to 100 after hand 1\"? yes\nVoided \"target raised to 100 after hand 1\"; it stays in the history.") ||
		!strings.Contains(out, "Ann wins with 51 points") {
		t.Fatalf("undo, yes: exit %d:\n%s", code, out)
	}
	code, out, _, _ = runAt(t, db, []string{"y"}, "redo")
	if code != 0 || !strings.HasPrefix(out, "Bring back \"target raised to 100 after hand 1\"? yes\nBrought back: target raised to 100 after hand 1.") {
		t.Fatalf("redo, yes: exit %d:\n%s", code, out)
	}
	runAt(t, db, nil, "end")
	code, out, _, _ = runAt(t, db, nil, "undo", "--json")
	if code != 0 || !strings.Contains(out, `"ended_early": false`) || strings.Contains(out, `"voided"`) {
		t.Fatalf("undo --json of the end: exit %d:\n%s", code, out)
	}
}

// No Mercy in lowest and challenge mode charges a knock-out to the player
// knocked out; the question says so, as the board and history do, and
// does not count the 250 as points of the hand (the old question read
// "Bring back hand 1 (Ann went out, 255 points)?"). Undo's question reads
// the same.
func TestRedoAsksNoMercyCharge(t *testing.T) {
	for _, mode := range []string{"lowest", "challenge"} {
		db := filepath.Join(t.TempDir(), "u.db")
		runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat", "--deck", "no-mercy", "--mode", mode)
		runAt(t, db, nil, "--no-input", "hand", "-o", "Ann", "Bob=r5", "--knocked-out", "Cat")
		code, out, errs, _ := runAt(t, db, []string{"y"}, "undo")
		// The terminal wraps the question at 80 columns: read as one line.
		flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
		if want := "Void hand 1 (Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250)? yes "; code != 0 || !strings.HasPrefix(flat(out), want) {
			t.Fatalf("%s, undo: exit %d:\n%s%s\nwant first %q", mode, code, out, errs, want)
		}
		code, out, errs, _ = runAt(t, db, []string{"y"}, "redo")
		if want := "Bring back hand 1 (Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250)? yes Brought back. Hand 1: Ann went out; caught with cards: Bob 5, Cat knocked out"; code != 0 || !strings.HasPrefix(flat(out), want) {
			t.Fatalf("%s, redo: exit %d:\n%s%s\nwant first %q", mode, code, out, errs, want)
		}
		runAt(t, db, nil, "--no-input", "hand", "-o", "Ann", "--knocked-out", "Bob,Cat")
		runAt(t, db, nil, "undo", "--yes")
		code, out, _, p := runAt(t, db, []string{"n"}, "redo")
		if want := "Bring back hand 2 (Ann was last standing; Bob and Cat knocked out, charged 250 each)?"; code != 0 || len(p.Labels) != 1 || p.Labels[0] != want {
			t.Fatalf("%s, last standing: exit %d, asked %q:\n%s\nwant %q", mode, code, p.Labels, out, want)
		}
	}
}
