package e2e

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hinshun/vt10x"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// screen is unoscore running in an 80x24 pseudo-terminal whose output is
// drawn by a terminal emulator: the tests below look at what a person would
// see, not at the bytes sent.
type screen struct {
	t      *testing.T
	cmd    *exec.Cmd
	master *os.File
	mu     sync.Mutex
	vt     vt10x.Terminal
	raw    bytes.Buffer
	done   chan error
	ended  chan struct{}
}

const screenCols, screenRows = 80, 24

func startScreen(t *testing.T, db string, env []string, args ...string) *screen {
	t.Helper()
	return startScreenSize(t, db, screenCols, screenRows, env, args...)
}

// startScreenSize is startScreen in a window of cols x rows.
func startScreenSize(t *testing.T, db string, cols, rows int, env []string, args ...string) *screen {
	t.Helper()
	s := &screen{t: t, vt: vt10x.New(vt10x.WithSize(cols, rows))}
	r := startPty(t, cols, rows, env, false, func(b []byte) {
		s.mu.Lock()
		s.raw.Write(b)
		s.vt.Write(b)
		s.mu.Unlock()
	}, db, args...)
	s.cmd, s.master, s.done, s.ended = r.cmd, r.master, r.done, r.ended
	return s
}

// lines is the screen now, one string per row, trailing blanks cut.
func (s *screen) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	rows := strings.Split(strings.TrimSuffix(s.vt.String(), "\n"), "\n")
	for i, r := range rows {
		rows[i] = strings.TrimRight(r, " \x00")
	}
	return rows
}

func (s *screen) text() string { return strings.Join(s.lines(), "\n") }

// waitFor waits until the screen shows text.
func (s *screen) waitFor(text string) {
	s.t.Helper()
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		if strings.Contains(s.text(), text) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	s.t.Fatalf("waited for %q; the screen shows:\n%s", text, s.text())
}

// burst sends keys in one write, as a paste or a fast typist does.
func (s *screen) burst(keys string) {
	s.t.Helper()
	if _, err := s.master.Write([]byte(keys)); err != nil {
		s.t.Fatal(err)
	}
}

// exit waits for unoscore to end and for its last output to be drawn.
func (s *screen) exit() int {
	s.t.Helper()
	var err error
	select {
	case err = <-s.done:
	case <-time.After(patience):
		s.t.Fatalf("unoscore did not finish; the screen shows:\n%s", s.text())
	}
	select {
	case <-s.ended:
	case <-time.After(patience):
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		s.t.Fatal(err)
	}
	return 0
}

// bytes is everything unoscore sent, escape sequences included.
func (s *screen) bytes() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.String()
}

// noLine fails if any line of the screen matches re.
func (s *screen) noLine(re string) {
	s.t.Helper()
	r := regexp.MustCompile(re)
	for _, l := range s.lines() {
		if r.MatchString(l) {
			s.t.Errorf("the screen has a line matching %q: %q; the screen:\n%s", re, l, s.text())
		}
	}
}

// hasLine fails unless some line of the screen is exactly want.
func (s *screen) hasLine(want string) {
	s.t.Helper()
	for _, l := range s.lines() {
		if l == want {
			return
		}
	}
	s.t.Errorf("no line %q on the screen:\n%s", want, s.text())
}

func newScreenGame(t *testing.T, args ...string) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := harness.Unoscore(t, db, append([]string{"new", "--no-input"}, args...)...); code != 0 {
		t.Fatal(errs)
	}
	return db
}

// handAt starts unoscore hand at a screen of cols x rows, on a game
// started (by newScreenGame) with new's flags args; it returns the screen
// and the database.
func handAt(t *testing.T, cols, rows int, args ...string) (*screen, string) {
	t.Helper()
	db := newScreenGame(t, args...)
	return startScreenSize(t, db, cols, rows, nil, "hand"), db
}

// newAt starts unoscore new, with flags args, at a screen of cols x rows
// on an empty database; it returns the screen and the database.
func newAt(t *testing.T, cols, rows int, args ...string) (*screen, string) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "u.db")
	return startScreenSize(t, db, cols, rows, nil, append([]string{"new"}, args...)...), db
}

// Items 12 and 1: hands typed ahead in one burst all land in the prompts
// they were meant for, and the save question never stays half-drawn: it
// stays answered, or not at all.
func TestScreenHandsTypedAhead(t *testing.T) {
	t.Parallel()
	for round := range 3 {
		s, db := handAt(t, screenCols, screenRows, "--players", "Ann,Bob,Cat,Dan")
		s.waitFor("Who went out")
		s.burst("" +
			"\r" + "r7 wd4\r" + "g5 2xs\r" + "3x5\r" + "\r" + // Ann out
			"b\r" + "w\r" + "y9 b+2\r" + "r1\r" + "\r" + // Bob out
			"c\r" + "gs\r" + "b2 b3\r" + "wd4\r" + "y\r" + // Cat out
			"(\r") // stop for now
		if code := s.exit(); code != 0 {
			t.Fatalf("round %d: exit %d; the screen:\n%s", round, code, s.text())
		}
		b := boardJSON(t, db)
		rows := b["rows"].([]any)
		if len(rows) != 3 {
			t.Fatalf("round %d: %d hands saved, want 3; the screen:\n%s", round, len(rows), s.text())
		}
		for i, want := range []string{"Ann:117", "Bob:80", "Cat:75"} {
			r := rows[i].(map[string]any)
			got := fmt.Sprintf("%v:%v", r["out"], r["points"])
			if got != want {
				t.Errorf("round %d, hand %d: %s, want %s", round, i+1, got, want)
			}
		}
		s.noLine(`Save this hand\?$|\[Y/n\]`) // answered, or gone
		s.noLine(`^\? `)
		s.hasLine("Every counted hand is saved. Pick up where you left off with: unoscore hand")
		s.hasLine("Totals after 3 hands, to 500: Ann 117, Bob 80, Cat 75, Dan 0.")
	}
}

// Item 3: a list whose lines are as wide as the terminal is redrawn in
// place: no question is left behind, unanswered, above the answer (which
// says its question, "✔ Who deals first? Ann").
func TestScreenNewAt80Columns(t *testing.T) {
	t.Parallel()
	s, db := newAt(t, screenCols, screenRows)
	s.waitFor("Players in seating order")
	s.burst("Ann, Bob, Cat\r" + "\r" + "\r" + "\x1b[B\x1b[B\x1b[A\x1b[B\r" +
		"\r" + "\r") // all three Wild Customizable cards, nothing written on them
	// Keys typed one by one redraw the list in place.
	s.waitFor("Who deals first?")
	s.showsLines("  ▸ Draw for it: highest number deals")
	for _, key := range []struct{ key, at string }{{"\x1b[A", "Cat"}, {"\x1b[A", "Bob"}, {"\x1b[B", "Cat"}} {
		s.burst(key.key)
		s.showsLines("  ▸ " + key.at) // the list redrawn for the key
		if n := s.count("Who deals first?"); n != 1 {
			t.Fatalf("after %q the question shows %d times:\n%s", key.key, n, s.text())
		}
	}
	s.hasLine("  ▸ Cat")
	s.burst("a" + "(\r") // a picks Ann at once
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.noLine(`^\? |Rule written`)
	s.noLine(`^.{81,}`)
	s.showsRun(
		"✔ Which deck? shuffle     112 cards, 1 Wild Shuffle Hands, 3 Wild Customizable",
		"                          cards",
	)
	s.hasLine("✔ Who deals first? Ann")
	s.hasLine("Players in seating order, with commas, or the first name: Ann, Bob, Cat")
	if b := boardJSON(t, db); b["deck"] != "shuffle" {
		t.Errorf("deck %v, want shuffle", b["deck"])
	}
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// Item 4: NO_COLOR turns off every colour and style in the prompts too;
// without it, colour is there (so this test can fail).
func TestScreenNoColorPrompts(t *testing.T) {
	t.Parallel()
	for _, noColor := range []bool{true, false} {
		db := newScreenGame(t, "--players", "Ann,Bob")
		env := []string{"NO_COLOR="}
		if noColor {
			env = []string{"NO_COLOR=1"}
		}
		s := startScreen(t, db, env, "hand")
		s.waitFor("Who went out")
		s.burst("\r" + "r7\r" + "\r" + "(\r")
		if code := s.exit(); code != 0 {
			t.Fatalf("exit %d; the screen:\n%s", code, s.text())
		}
		has := sgr.MatchString(s.bytes())
		if noColor && has {
			t.Errorf("NO_COLOR=1, and colour was sent: %q", sgr.FindAllString(s.bytes(), 5))
		}
		if !noColor && !has {
			t.Errorf("no colour in a colour terminal")
		}
	}
}

// startScreenLow starts unoscore with the cursor already on row `row` of the
// window, as when a shell has scrolled: prompts then sit low in the window.
func startScreenLow(t *testing.T, db string, row int, args ...string) *screen {
	t.Helper()
	pre := strings.Repeat("\n", row-1)
	return startScreen(t, db, []string{"UNOSCORE_SCREEN_PRE=" + pre}, args...)
}

// until waits until cond holds of the screen: the keys sent so far have
// been answered as far as the test needs them to be.
func (s *screen) until(what string, cond func() bool) {
	s.t.Helper()
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	s.t.Fatalf("waited for %s; the screen shows:\n%s", what, s.text())
}

// showsLines waits until every one of want is a line of the screen.
func (s *screen) showsLines(want ...string) {
	s.t.Helper()
	s.until(fmt.Sprintf("the lines %q", want), func() bool {
		lines := s.lines()
		for _, w := range want {
			if !slices.Contains(lines, w) {
				return false
			}
		}
		return true
	})
}

// promptWithMessage waits until prompt is a line of the screen with a line
// holding msg right under it, drawn by the last of n Enters that each draw
// msg (an Enter on a wrong card leaves the screen as it was: the count of
// its drawings says that every Enter was taken).
func (s *screen) promptWithMessage(prompt, msg string, n int) {
	s.t.Helper()
	s.until(fmt.Sprintf("%q drawn %d times, under %q", msg, n, prompt), func() bool {
		if strings.Count(s.bytes(), msg) < n {
			return false
		}
		lines := s.lines()
		for i, l := range lines {
			if l == prompt && i+1 < len(lines) && strings.Contains(lines[i+1], msg) {
				return true
			}
		}
		return false
	})
}

// count is how many lines of the screen contain text.
func (s *screen) count(text string) int {
	n := 0
	for _, l := range s.lines() {
		if strings.Contains(l, text) {
			n++
		}
	}
	return n
}

// Items 2 and 5: at the bottom of the window, Enter on an empty card prompt
// and repeated Enter on a wrong card leave the lines above alone and show
// the message once; a card count the deck cannot hold is refused at the
// prompt where it is typed.
func TestScreenPromptsLowInTheWindow(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Ann,Bob,Cat,Dan")
	s := startScreenLow(t, db, screenRows-2, "hand")
	s.waitFor("Who went out")
	s.burst("b" + "\r" + "\r") // Bob; an Enter confirming the pick; an empty line
	s.waitFor("Whose cards?")
	s.burst("\r" + "2xskp\r\r\r")
	s.waitFor(`did you mean "2xskip"?`)
	s.promptWithMessage("✗ Cat's cards: 2xskp█", `did you mean "2xskip"?`, 3) // all three Enters taken
	s.hasLine("✔ Who went out? Bob")
	s.hasLine("Enter the cards left in each hand (? shows the notation; an empty line lets you")
	s.hasLine("✗ Cat's cards: 2xskp█")
	s.hasLine(`  unknown card "2xskp": did you mean "2xskip"?`)
	if n := s.count("did you mean"); n != 1 {
		t.Errorf("the message shows %d times:\n%s", n, s.text())
	}
	lines := s.lines()
	for i, l := range lines {
		if strings.HasPrefix(l, "✗ Cat's cards") && (i+1 >= len(lines) || !strings.Contains(lines[i+1], "did you mean")) {
			t.Errorf("the message is not under the prompt:\n%s", s.text())
		}
	}
	s.noLine(`^\? Who went out`)

	// Five Wild Draw Fours: refused at Dan's prompt, before Ann's is asked.
	s.burst("\x7f\x7fkip\r" + "5xwd4\r")
	s.waitFor("the classic 108-card deck has only 4 Wild Draw Fours, but these hands name 5")
	s.promptWithMessage("✗ Dan's cards: 5xwd4█", "but these hands name 5", 1)
	s.hasLine("✗ Dan's cards: 5xwd4█")
	s.noLine(`Ann's cards`)
	// Three here and two more at Ann's: refused at Ann's.
	s.burst("\x7f\x7f\x7f\x7f\x7f3xwd4\r" + "2xwd4\r")
	s.waitFor("but these hands name 5")
	s.promptWithMessage("✗ Ann's cards: 2xwd4█", "but these hands name 5", 2)
	s.hasLine("✗ Ann's cards: 2xwd4█")
	s.burst("\x7f\x7f\x7f\x7f\x7fr1\r" + "\r" + "(\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Saved. Hand 1: Bob went out and scores 191 (Cat 40, Dan 150, Ann 1).")
	s.noLine(`did you mean|Save this hand\?$|\[Y/n\]|Whose cards`)
}

// The "Any order": after who went out, any player's cards in any
// order, back to anyone, and "no" at the save question keeps the entries.
func TestScreenAnyOrder(t *testing.T) {
	t.Parallel()
	s, db := handAt(t, screenCols, screenRows, "--players", "Ann,Bob,Cat,Dan")
	s.waitFor("Who went out")
	s.burst("c") // Cat went out, picked by her first letter
	s.waitFor("Dan's cards")
	s.showsLines("? Dan's cards: █") // no ✗ before anything is typed
	s.hasLine("? Dan's cards: █")
	s.burst("\r" + // Enter right after a pick only confirms it
		"\r" + // an empty line at Dan's prompt: choose whose cards
		"b\r" + "w\r" + // Bob first
		"r7 wd4\r" + "b+2\r" + // then Dan and Ann, in seating order
		"n\r" + // not saved: back to the entries, filled in
		"d\r" + "\x7f\x7f\x7fg2\r" + // Dan's cards mended
		"\r" + // saved
		"(\r") // stop for now (the Enter: "(end the game here)" starts so too)
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Saved. Hand 1: Cat went out and scores 79 (Dan 9, Ann 20, Bob 50).")
	s.hasLine("Dan's cards: r7 g2")
	// The save question stays with its answer, as every yes/no question
	// of the hand does (it left the screen once answered).
	s.hasLine("Save this hand? no")
	s.hasLine("Save this hand? yes")
	s.noLine(`^\? |Save this hand\?$|\[Y/n\]`)
	b := boardJSON(t, db)
	if b["hands"].(float64) != 1 {
		t.Fatalf("board: %v", b)
	}
}

// docs/game-night.md's typical hand (4 players, 12 cards left in 3 hands): at most
// 40 keystrokes through the prompts and 70 through flags.
func TestKeystrokesForATypicalHand(t *testing.T) {
	t.Parallel()
	const want = "Hand 1: Cat went out and scores 195 (Dan 64, Ann 69, Bob 62)."
	// Through the prompts: C picks Cat, then each hand's cards and Enter, and
	// Enter to save.
	keys := []string{"c", "r7 wd4 g2 y5\r", "b+2 y9 gs rrev\r", "w 3 g8 b1\r", "\r"}
	n := 0
	for _, k := range keys {
		n += len(k)
	}
	if n > 40 {
		t.Errorf("the prompts take %d keystrokes, more than 40", n)
	}
	s, _ := handAt(t, screenCols, screenRows, "--players", "Ann,Bob,Cat,Dan")
	s.waitFor("Who went out")
	s.burst(strings.Join(keys, "") + "(\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Saved. " + want)

	// Through flags: the command line as typed, Enter included.
	line := `unoscore hand -o c d="r7 wd4 g2 y5" a="b+2 y9 gs rrev" b="w 3 g8 b1"`
	if n := len(line) + 1; n > 70 {
		t.Errorf("the flags take %d keystrokes, more than 70", n)
	}
	db := newScreenGame(t, "--players", "Ann,Bob,Cat,Dan")
	code, out, errs := harness.Unoscore(t, db, "hand", "-o", "c", "d=r7 wd4 g2 y5", "a=b+2 y9 gs rrev", "b=w 3 g8 b1")
	if code != 0 || !strings.HasPrefix(out, want+"\n") {
		t.Errorf("exit %d: %s%s", code, out, errs)
	}
	t.Logf("%d keystrokes through the prompts, %d through flags", n, len(line)+1)
}

// Item 9: a hand undone in another terminal while the loop waits is said,
// and the hand entered is kept, to be saved under its new number (its
// cards were typed: dropping it asks first).
func TestScreenGameChangedElsewhere(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Ann,Bob")
	for range 2 {
		if code, _, errs := harness.Unoscore(t, db, "hand", "-o", "ann", "bob=1"); code != 0 {
			t.Fatal(errs)
		}
	}
	s := startScreen(t, db, nil, "hand")
	s.waitFor("Hand 3. Ann deals.")
	s.hasLine("Totals after 2 hands, to 500: Ann 2, Bob 0.")
	if code, _, errs := harness.Unoscore(t, db, "undo", "--yes"); code != 0 {
		t.Fatal(errs)
	}
	s.burst("b" + "r7\r" + "\r")
	s.waitFor("Whose cards?")
	s.showsLines("  ▸ Save this hand") // the menu drawn whole
	s.hasLine("Not saved: hand 2 was undone in another terminal; this hand is now hand 2.")
	s.hasLine("Hand 2. Bob deals.")
	s.hasLine("  ▸ Save this hand")
	// The hand kept was typed: dropping it asks first, and no keeps it.
	s.burst("\x1b[B" + "\r")
	s.waitFor("Drop this hand? Ann's cards are entered. [y/N]")
	s.burst("\r")
	s.waitFor("Drop this hand? Ann's cards are entered. no")
	s.waitFor("  ▸ Save this hand")
	s.burst("\r" + "(\r")
	if code := s.exit(); code != 0 {
		t.Fatalf("exit %d; the screen:\n%s", code, s.text())
	}
	s.hasLine("Saved. Hand 2: Bob went out and scores 7 (Ann 7).")
}

// The questions of new that nothing after them repeats stay on the screen
// with their answers, at 80 columns: "4 players: Ann, Bob, Cat and Dan?
// yes" and "Partners across the table: ...? yes" left the screen once
// answered, and with them what had been asked.
func TestScreenNewQuestionsStayAnswered(t *testing.T) {
	t.Parallel()
	s, _ := newAt(t, screenCols, screenRows)
	s.waitFor("Players in seating order")
	s.burst("Ann Bob Cat Dan\r")
	s.waitFor("4 players: Ann, Bob, Cat and Dan?")
	s.burst("\r")
	s.waitFor("How do you score?")
	s.burst("\x1b[B\x1b[B\r") // partners
	s.waitFor("Play to how many points")
	s.burst("\r")
	s.waitFor("Which deck?")
	s.burst("\r")
	s.waitFor("Partners across the table")
	s.burst("\r")
	s.waitFor("Who deals first?")
	s.burst("a") // Ann
	s.waitFor("Who went out?")
	s.hasLine("4 players: Ann, Bob, Cat and Dan? yes")
	s.hasLine("Partners across the table: Ann & Cat, Bob & Dan? yes")
	s.noLine(`^.{81,}`)
	s.burst("\x03")
	s.exit()
}
