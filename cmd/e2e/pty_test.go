package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// term is unoscore running in a pseudo-terminal, as a person runs it.
type term struct {
	t      *testing.T
	cmd    *exec.Cmd
	master *os.File
	slave  *os.File
	mu     sync.Mutex
	buf    bytes.Buffer
	seen   int // how much of buf earlier expects consumed
	done   chan error
}

// termCols and termRows are startTerm's terminal: roomy, so that what is
// printed is seldom wrapped.
const termCols, termRows = 120, 50

func startTerm(t *testing.T, db string, args ...string) *term {
	t.Helper()
	return startTermSize(t, termCols, termRows, db, args...)
}

// termHandAt starts unoscore hand in a terminal of cols x rows, on a game
// started as a script starts one, with new's flags args; it returns the
// terminal and the database.
func termHandAt(t *testing.T, cols, rows uint16, args ...string) (*term, string) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := harness.Unoscore(t, db, append([]string{"new"}, args...)...); code != 0 {
		t.Fatal(errs)
	}
	return startTermSize(t, cols, rows, db, "hand"), db
}

// termNewAt starts unoscore new, with flags args, in a terminal of
// cols x rows on an empty database; it returns the terminal and the
// database.
func termNewAt(t *testing.T, cols, rows uint16, args ...string) (*term, string) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "u.db")
	return startTermSize(t, cols, rows, db, append([]string{"new"}, args...)...), db
}

// startTermSize is startTerm in a terminal of cols x rows.
func startTermSize(t *testing.T, cols, rows uint16, db string, args ...string) *term {
	t.Helper()
	tm := &term{t: t}
	r := startPty(t, int(cols), int(rows), nil, true, func(b []byte) {
		tm.mu.Lock()
		tm.buf.Write(b)
		tm.mu.Unlock()
	}, db, args...)
	tm.cmd, tm.master, tm.slave, tm.done = r.cmd, r.master, r.slave, r.done
	return tm
}

var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

// screen is everything printed so far, without terminal control sequences.
func (tm *term) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return ansi.ReplaceAllString(tm.buf.String(), "")
}

// expect waits until s has been printed since the last expect.
func (tm *term) expect(s string) {
	tm.t.Helper()
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		sc := tm.screen()
		if i := strings.Index(sc[min(tm.seen, len(sc)):], s); i >= 0 {
			tm.seen += i + len(s)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	tm.t.Fatalf("waited for %q; the screen shows:\n%s", s, tm.screen()[min(tm.seen, len(tm.screen())):])
}

// send types keys, one at a time as a person would.
func (tm *term) send(keys string) {
	tm.t.Helper()
	for _, b := range []byte(keys) {
		if _, err := tm.master.Write([]byte{b}); err != nil {
			tm.t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// line types an answer and presses Enter.
func (tm *term) line(s string) { tm.send(s + "\r") }

const (
	keyDown = "\x1b[B"
	ctrlC   = "\x03"
)

// wait waits for the process to end and returns its exit code.
func (tm *term) wait() int {
	tm.t.Helper()
	select {
	case err := <-tm.done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			tm.t.Fatal(err)
		}
		return 0
	case <-time.After(patience):
		tm.t.Fatalf("unoscore did not finish; the screen shows:\n%s", tm.screen())
	}
	return -1
}

func boardJSON(t *testing.T, db string) map[string]any {
	t.Helper()
	code, out, errs := harness.Unoscore(t, db, "board", "--json")
	if code != 0 {
		t.Fatalf("board: %s", errs)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestTerminalNewToTheEnd(t *testing.T) {
	t.Parallel()
	tm, db := termNewAt(t, termCols, termRows)
	tm.expect("Players in seating order")
	tm.line("Ann, Bob")
	tm.expect("How do you score?")
	tm.line("") // standard
	tm.expect("Play to how many points")
	tm.line("100") // in place of the default 500
	tm.expect("Which deck?")
	tm.line("")
	tm.expect("Who deals first?")
	tm.line("b") // Bob, by his first letter (the Enter after it confirms)
	tm.expect("Bob deals first.")
	tm.expect("Two players left: the two-player rules apply.")

	tm.expect("Hand 1. Bob deals.")
	tm.expect("Who went out?")
	tm.line("") // Ann, highlighted first
	tm.expect("Bob's cards")
	tm.line("r7 wd4")
	tm.expect("Bob: r7 wd4 = 57 points")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Saved. Hand 1: Ann went out and scores 57")

	tm.expect("Hand 2. Ann deals.")
	tm.expect("Who went out?")
	tm.line("")
	tm.expect("Bob's cards")
	tm.line("w")
	tm.expect("Save this hand")
	tm.line("y")
	tm.expect("Ann wins with 107 points, after 2 hands.")
	tm.expect("Play on to 200?")
	tm.line("") // no
	tm.expect("unoscore new --again")
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit %d:\n%s", code, tm.screen())
	}
	if strings.ContainsRune(tm.screen(), '\a') {
		t.Error("the terminal bell rang")
	}
	b := boardJSON(t, db)
	if b["over"] != true || b["hands"].(float64) != 2 {
		t.Fatalf("board: %v", b)
	}
}

// TestTerminalPlayOn: at 80x24, a game won at its target offers to play
// on ("Play on to 200?"), goes on from where it stood, and the first
// question of a hand ends it where it stands, naming who leads, and asks
// whether the table counts the leader as the winner (Ann had won at 100:
// on the old code she was only "leading", with no win in the statistics).
func TestTerminalPlayOn(t *testing.T) {
	t.Parallel()
	tm, db := termHandAt(t, 80, 24, "--players", "Ann,Bob,Cat", "--target", "100")
	tm.expect("Who went out?")
	tm.line("") // Ann
	tm.expect("Bob's cards")
	tm.line("w wd4")
	tm.expect("Cat's cards")
	tm.line("r7")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Ann wins with 107 points, after 1 hand.")
	tm.expect("Play on to 200? (a new target, or Enter for no)")
	tm.line("lots")
	tm.expect("type a target in points, such as 200")
	tm.send("\x7f\x7f\x7f\x7f")
	tm.line("300")
	tm.expect("Saved. Target raised to 300 after hand 1: the game goes on.")
	tm.expect("Hand 2. Bob deals.")
	tm.expect("(end the game here)")
	tm.send(keyDown + keyDown + keyDown + keyDown) // (end the game here)
	tm.line("")
	tm.expect("End the game after hand 1, Ann leading?")
	tm.line("y")
	tm.expect("Count Ann as the winner? [y/N]")
	tm.line("y")
	tm.expect("Count Ann as the winner? yes")
	tm.expect("Saved. Ended after hand 1, won by Ann.")
	tm.expect("unoscore new --again")
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit %d:\n%s", code, tm.screen())
	}
	b := boardJSON(t, db)
	if b["over"] != true || b["ended_early"] != true || b["target"].(float64) != 300 || fmt.Sprint(b["winners"]) != "[Ann]" {
		t.Fatalf("board: %v", b)
	}
	if code, out, errs := harness.Unoscore(t, db, "games"); code != 0 || !strings.Contains(out, "won by Ann") {
		t.Errorf("games: exit %d:\n%s%s", code, out, errs)
	}
}

func TestTerminalHandWithATypo(t *testing.T) {
	t.Parallel()
	tm, db := termHandAt(t, termCols, termRows, "--players", "Ann,Bob,Cat")
	tm.expect("Hand 1. Ann deals.")
	tm.expect("Who went out?")
	tm.send(keyDown) // Bob
	tm.line("")
	tm.expect("Cat's cards")
	tm.line("r77")
	tm.expect(`unknown card "r77": did you mean "r7"?`)
	tm.send("\x7f") // fix it at the prompt
	tm.line("")
	tm.expect("Cat: r7 = 7 points")
	tm.expect("Ann's cards")
	tm.line("?")
	tm.expect("3x7 is three 7s")
	tm.expect("Ann's cards")
	tm.line("2xs")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Saved. Hand 1: Bob went out and scores 47 (Cat 7, Ann 40).")
	tm.expect("Who went out?")
	tm.send(keyDown + keyDown + keyDown) // (stop for now)
	tm.line("")
	tm.expect("unoscore hand")
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if b := boardJSON(t, db); b["hands"].(float64) != 1 {
		t.Fatalf("board: %v", b)
	}
}

func TestTerminalCtrlCInAHand(t *testing.T) {
	t.Parallel()
	tm, db := termHandAt(t, termCols, termRows, "--players", "Ann,Bob,Cat")
	tm.expect("Who went out?")
	tm.line("")
	tm.expect("Bob's cards")
	tm.line("r7")
	tm.expect("Cat's cards")
	tm.send("g")
	tm.send(ctrlC)
	tm.expect("interrupted; the hand was not written; go on with: unoscore hand")
	if code := tm.wait(); code != 130 {
		t.Fatalf("exit %d, want 130", code)
	}
	if strings.Contains(tm.screen(), "goroutine") || strings.Contains(tm.screen(), "panic") {
		t.Fatalf("a stack trace:\n%s", tm.screen())
	}
	// The terminal is left sane: echo and line editing back on.
	expectSaneTerminal(t, tm.slave)
	if b := boardJSON(t, db); b["hands"].(float64) != 0 {
		t.Fatalf("an interrupted hand was written: %v", b)
	}
}

// TestTerminalTwoTables: two scorekeepers at two tables, each at their own
// terminal on one database file, both at their prompts at once; both hands
// are saved. A prompt never holds the file.
func TestTerminalTwoTables(t *testing.T) {
	t.Parallel()
	one, db := termHandAt(t, termCols, termRows, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	two := startTerm(t, db, "hand")
	one.expect("Which table?")
	two.expect("Which table?")
	one.line("") // table 1
	two.send(keyDown)
	two.line("") // table 2
	one.expect("Round 1 of 7, hand 1 of 4 at table 1; Ann deals.")
	two.expect("Round 1 of 7, hand 1 of 4 at table 2; Eve deals.")
	one.expect("Who went out?")
	two.expect("Who went out?")
	one.line("") // Ann
	two.line("") // Eve
	one.expect("Bob's cards")
	two.expect("Fay's cards")
	one.line("r7")
	two.line("w")
	one.expect("Dan's cards")
	two.expect("Hal's cards")
	one.line("9")
	two.line("3")
	one.expect("Save this hand")
	two.expect("Save this hand")
	two.line("")
	two.expect("Saved. Hand 1: Eve went out at table 2; Eve and Gus score 53 each (Fay 50, Hal 3).")
	one.line("")
	one.expect("Saved. Hand 2: Ann went out at table 1; Ann and Cat score 16 each (Bob 7, Dan 9).")
	for _, tm := range []*term{one, two} {
		tm.expect("Which table?")
		tm.send(keyDown + keyDown) // (stop for now)
		tm.line("")
		if code := tm.wait(); code != 0 {
			t.Fatalf("exit %d:\n%s", code, tm.screen())
		}
	}
	if b := boardJSON(t, db); b["hands"].(float64) != 2 {
		t.Fatalf("board: %v", b)
	}
}
