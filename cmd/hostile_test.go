package cmd

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"unicode"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// run runs unoscore with no terminal and returns exit code, stdout, stderr.
func run(t *testing.T, db string, color bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, Color: color}
	code := Run(append([]string{"--db", db}, args...), ios, nil)
	return int(code), out.String(), errb.String()
}

// evil is text an older unoscore let into a file, or a damaged file holds:
// it sets the window's title, clears the screen, turns the text red,
// reverses it, and moves to new lines.
const evil = "\x1b]0;PWNED\x07\x1b[2J\x1b[31m\u202eX\r\v\f\u0085\u009b2J\x7f\b"

// evilDB makes a game and then writes evil into its name and a player's
// name, past every check, as an older unoscore could have.
func evilDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "u.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.Create("night", scoring.Settings{Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	cards, _ := rules.ParseHand("r7")
	if _, err := db.AddHand("", scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: cards}}}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	err = b.Update(func(tx *bolt.Tx) error {
		// Schema 5: the game's number, its first event under the number and
		// 1, its summary under the number, each value sealed.
		num, _ := store.UnsealValue("ids", []byte(g.ID), tx.Bucket([]byte("ids")).Get([]byte(g.ID)))
		num = append([]byte(nil), num...)
		events := tx.Bucket([]byte("events"))
		k := append(append([]byte(nil), num...), 0, 0, 0, 1)
		var e map[string]any
		v, _ := store.UnsealValue("events", k, events.Get(k))
		json.Unmarshal(v, &e)
		e["name"] = "Fri" + evil
		data, _ := json.Marshal(e)
		if err := events.Put(k, store.SealValue("events", k, data)); err != nil {
			return err
		}
		sums := tx.Bucket([]byte("summaries"))
		var s map[string]any
		v, _ = store.UnsealValue("summaries", num, sums.Get(num))
		json.Unmarshal(v, &s)
		s["name"] = "Fri" + evil
		data, _ = json.Marshal(s)
		return sums.Put(num, store.SealValue("summaries", num, data))
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// sgr is unoscore's own colour codes.
var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// raw finds a character in output that would not print as itself: any
// control or formatting character but newline and tab, and, with colour,
// escape sequences other than unoscore's own colour codes.
func raw(s string, color bool) (rune, bool) {
	if color {
		s = sgr.ReplaceAllString(s, "")
	}
	for _, r := range s {
		if r != '\n' && r != '\t' && !unicode.IsGraphic(r) {
			return r, true
		}
	}
	return 0, false
}

// TestOutputEscapesWhatDoesNotPrint: names in a file that never went
// through today's checks reach the terminal escaped, in every command that
// shows them, completion included.
func TestOutputEscapesWhatDoesNotPrint(t *testing.T) {
	db := evilDB(t)
	for _, color := range []bool{false, true} {
		for _, args := range [][]string{
			{"board"}, {"games"}, {"history"}, {"use", "night"}, {"__complete", "use", ""}, {"__complete", "board", "--game", ""},
			{"board", "--game", "\x1b]0;x\x07"},
		} {
			_, out, errs := run(t, db, color, args...)
			if r, bad := raw(out+errs, color); bad {
				t.Errorf("%q (colour %v) printed %U raw:\n%q", args, color, r, out+errs)
			}
		}
	}
	// --json stays JSON: the escapes are JSON's own.
	for _, args := range [][]string{{"games", "--json"}, {"board", "--json"}} {
		_, out, _ := run(t, db, false, args...)
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("%q is no longer JSON: %v\n%s", args, err, out)
		}
	}
	_, out, _ := run(t, db, false, "games")
	if !strings.Contains(out, `Fri\u001b]0;PWNED\u0007`) {
		t.Errorf("the name is not shown escaped:\n%s", out)
	}
}

// TestEvilNamesRefusedEverywhere: the same rules for a name from a flag and
// from an import.
func TestEvilNamesRefusedEverywhere(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	for _, name := range []string{"A\x07", "A\u202eB", "A\u009b", "A\x7f", strings.Repeat("x", 81)} {
		if code, _, errs := run(t, db, false, "new", "--players", "Ann,Bob", "--name", name); code != 2 || !strings.Contains(errs, "--name") {
			t.Errorf("--name %q: exit %d %s", name, code, errs)
		}
		if code, _, errs := run(t, db, false, "new", "--players", "Ann,"+name); code != 2 {
			t.Errorf("--players Ann,%q: exit %d %s", name, code, errs)
		}
	}
	if code, _, errs := run(t, db, false, "new", "--players", "Ann,Bob", "--name", strings.Repeat("é", 80)); code != 0 {
		t.Errorf("80 characters of two bytes each: exit %d %s", code, errs)
	}
	if code, _, errs := run(t, db, false, "new", "--players", "Ross,Roſs,Cat"); code != 2 || !strings.Contains(errs, "read as the same name") {
		t.Errorf("Ross and Roſs: exit %d %s", code, errs)
	}
}

// failing is an output that cannot be written, as /dev/full.
type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestOutputErrorsExit1: a command whose output is lost exits 1 and says
// so.
func TestOutputErrorsExit1(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := run(t, db, false, "new", "--players", "Ann,Bob"); code != 0 {
		t.Fatal(errs)
	}
	for _, args := range [][]string{
		{"board"}, {"games"}, {"history"}, {"doctor"}, {"rules"}, {"rules", "skip"}, {"board", "--json"},
		{"export"}, {"check", "play", "r7", "--on", "r5"},
	} {
		var errb bytes.Buffer
		code := Run(append([]string{"--db", db}, args...), &iostreams.IOStreams{In: strings.NewReader(""), Out: failing{}, Err: &errb}, nil)
		if code != 1 || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%q to a full disk: exit %d, %q", args, code, errb.String())
		}
		// Nothing was opened to change: the sentence claims no change.
		if strings.Contains(errb.String(), "changed") {
			t.Errorf("%q to a full disk speaks of a change: %q", args, errb.String())
		}
	}
}

// TestSavedThoughOutputFailed: a change that was committed exits 0 when
// only its output was lost, and says on stderr what was saved, so that a
// script that retries on exit 1 never records a hand twice.
func TestSavedThoughOutputFailed(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := run(t, db, false, "new", "--players", "Ann,Bob"); code != 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"hand", "--out", "Ann", "--left", "Bob=r7"}, "Hand 1 was saved, but the board could not be printed: no space left on device."},
		{[]string{"hand", "--out", "Ann", "--left", "Bob=r8", "--json"}, "Hand 2 was saved, but the board"},
		{[]string{"undo", "--yes"}, "The undo of hand 2 was saved, but the board"},
		{[]string{"redo"}, "Hand 2 was brought back and saved, but the board"},
		{[]string{"edit", "1", "--left", "Bob=r9"}, "The correction of hand 1 was saved, but the board"},
	} {
		var errb bytes.Buffer
		code := Run(append([]string{"--db", db}, c.args...), &iostreams.IOStreams{In: strings.NewReader(""), Out: failing{}, Err: &errb}, nil)
		if code != 0 || !strings.Contains(errb.String(), "unoscore: "+c.want) {
			t.Errorf("%q to a full disk: exit %d, %q", c.args, code, errb.String())
		}
	}
	// And the hands were saved once each.
	code, out, _ := run(t, db, false, "board", "--json")
	if code != 0 || !strings.Contains(out, `"hands": 2,`) {
		t.Fatalf("board after: %d %s", code, out)
	}
}

// TestLongArgumentsAreCut: a 120 KB argument comes back in the message as
// its first few characters, not in full.
func TestLongArgumentsAreCut(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	run(t, db, false, "new", "--players", "Ann,Bob")
	long := strings.Repeat("x", 120000)
	for _, args := range [][]string{
		{"board", "--game", long}, {"hand", "--out", long, "--left", "Bob=r7"}, {"hand", "--out", "Ann", "--left", "Bob=" + long},
		{"new", "--players", "Ann," + long}, {"rules", long}, {"export", "-o", "/nonexistent/" + long},
	} {
		code, _, errs := run(t, db, false, args...)
		if code == 0 || len(errs) > 1000 {
			t.Errorf("%.20q: exit %d, a message of %d bytes", args, code, len(errs))
		}
	}
}

// TestSavedThoughOutputFailedInTheHandLoop: the hand loop at a terminal
// whose output is lost (a full disk behind a tee, a closed window) saves
// the hands it is given; it exits 0 and says on stderr what was saved, as
// hand with flags does, so that nothing is entered twice.
func TestSavedThoughOutputFailedInTheHandLoop(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := run(t, db, false, "new", "--players", "Cat,Dan"); code != 0 {
		t.Fatal(errs)
	}
	code, out, _ := run(t, db, false, "games", "--json")
	first := regexp.MustCompile(`"id": "([a-z0-9]+)"`).FindStringSubmatch(out)
	if code != 0 || first == nil {
		t.Fatalf("games: %s", out)
	}
	if code, _, errs := run(t, db, false, "new", "--players", "Ann,Bob"); code != 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct {
		answers []string
		want    string
	}{
		{[]string{"Ann", "r7", "", "(stop"}, "unoscore: Hand 1 was saved, but the board could not be printed: no space left on device."},
		{[]string{"Bob", "r8", "", "Ann", "r9", "", "(stop"}, "unoscore: 2 hands were saved (the last is hand 3), but the board"},
		// The hand that ends the game: the final board is lost too.
		{[]string{"Ann", "600pts", ""}, "unoscore: Hand 4 was saved, but the board could not be printed"},
	} {
		var errb bytes.Buffer
		p := &prompter.Fake{T: t, Answers: c.answers}
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: failing{}, Err: &errb, InTTY: true, OutTTY: true}
		code := Run([]string{"--db", db, "hand"}, ios, p)
		if code != 0 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%q to a full disk: exit %d, %q", c.answers, code, errb.String())
		}
		if len(p.Answers) > 0 {
			t.Errorf("answers left over: %q", p.Answers)
		}
	}
	if code, out, _ := run(t, db, false, "board", "--json"); code != 0 || !strings.Contains(out, `"hands": 4,`) {
		t.Fatalf("board after: %d %s", code, out)
	}
	// Nothing saved, output lost: exit 1, as before.
	var errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: failing{}, Err: &errb, InTTY: true, OutTTY: true}
	if code := Run([]string{"--db", db, "hand", "--game", first[1]}, ios, &prompter.Fake{T: t, Answers: []string{"(stop"}}); code != 1 {
		t.Errorf("nothing saved and the output lost: exit %d, %q", code, errb.String())
	}
}

// TestNewSavedThoughOutputFailed: a new game is saved before anything is
// printed of it; its output lost (a closed window, a full disk), new exits
// 0 and says on stderr which game was saved, and which hands, as hand does
// (it exited 1, so a script that retried started the game twice).
func TestNewSavedThoughOutputFailed(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	for _, c := range []struct {
		args, answers []string
		want          string
	}{
		// Every setting asked, then stopped before any hand.
		{nil, []string{"Ann, Bob", "standard", "100", "classic", "Ann", "(stop"},
			`^unoscore: New game [a-z0-9]+ was saved, but its settings could not be printed: no space left on device\.\n$`},
		// The settings given, and a hand saved before stopping.
		{[]string{"--players", "Cat,Dan", "--mode", "standard", "--target", "100", "--deck", "classic", "--dealer", "Cat"}, []string{"Cat", "r7", "", "(stop"},
			`^unoscore: New game [a-z0-9]+ and hand 1 were saved, but the board could not be printed: no space left on device\.\n$`},
		{[]string{"--players", "Eve,Fay", "--mode", "standard", "--target", "500", "--deck", "classic", "--dealer", "Eve"}, []string{"Eve", "r7", "", "Fay", "9", "", "(stop"},
			`^unoscore: New game [a-z0-9]+ and 2 hands were saved \(the last is hand 2\), but the board could not be printed`},
	} {
		var errb bytes.Buffer
		p := &prompter.Fake{T: t, Answers: c.answers}
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: failing{}, Err: &errb, InTTY: true, OutTTY: true}
		code := Run(append([]string{"--db", db, "new"}, c.args...), ios, p)
		if code != 0 || !regexp.MustCompile(c.want).MatchString(errb.String()) {
			t.Errorf("%q to a full disk: exit %d, %q", c.answers, code, errb.String())
		}
		if len(p.Answers) > 0 {
			t.Errorf("answers left over: %q", p.Answers)
		}
	}
	code, out, _ := run(t, db, false, "games", "--json")
	if code != 0 || strings.Count(out, `"id":`) != 3 || !strings.Contains(out, `"hands": 2,`) {
		t.Fatalf("games after: %d %s", code, out)
	}
}
