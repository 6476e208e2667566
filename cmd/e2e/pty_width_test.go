package e2e

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// inTerminal runs unoscore in a pseudo-terminal of cols x rows and returns
// what it printed, once it has ended.
func inTerminal(t *testing.T, db string, cols, rows uint16, args ...string) string {
	t.Helper()
	var mu sync.Mutex
	var out bytes.Buffer
	r := startPty(t, int(cols), int(rows), nil, false, func(b []byte) {
		mu.Lock()
		out.Write(b)
		mu.Unlock()
	}, db, args...)
	text := func() string {
		mu.Lock()
		defer mu.Unlock()
		return out.String()
	}
	select {
	case err := <-r.done:
		if err != nil {
			t.Fatalf("%q: %v\n%s", args, err, text())
		}
	case <-time.After(patience):
		t.Fatalf("%q did not finish", args)
	}
	select {
	case <-r.ended:
	case <-time.After(patience):
		t.Fatalf("%q: the terminal was not closed", args)
	}
	return text()
}

// TestTerminalBoardFits80x24 runs board, games, history and the chart in an
// 80x24 terminal for games of 8 and 16 players with family names, whose full
// tables are 101 and over 200 columns wide: no line may reach past column
// 80 (so the terminal never wraps one), and the narrow layouts are used.
// Without colour nothing is sent but text and line ends, so each line of
// output is a line of the screen.
func TestTerminalBoardFits80x24(t *testing.T) {
	t.Parallel()
	names := []string{"Annabelle Fitzgerald", "Bartholomew Okonkwo", "Catherine Delacroix", "Dominic Vandermeer",
		"Evangeline Rasmussen", "Frederick Abernathy", "Gwendolyn Castellanos", "Horatio Whitfield",
		"Isadora Montgomery", "Jonathan Kowalczyk", "Katarina Henderson", "Leopold Ashworth",
		"Magdalena Thistlewood", "Nathaniel Blackburn", "Ophelia Lindqvist", "Percival Zimmermann"}
	db := filepath.Join(t.TempDir(), "u.db")
	run := func(args ...string) {
		t.Helper()
		if code, _, errs := harness.Unoscore(t, db, args...); code != 0 {
			t.Fatalf("%q: %s", args, errs)
		}
	}
	run("new", "--players", strings.Join(names[:8], ","), "--target", "500", "--dealer", names[0])
	cards := []string{"r7 wd4", "9", "b5 g2", "rs", "w", "y1", "g9 g8"}
	for h := range 9 {
		args := []string{"hand", "--out", names[h%8]}
		for k := 1; k < 8; k++ {
			args = append(args, "--left", names[(h+k)%8]+"="+cards[k-1])
		}
		run(args...)
	}
	run("new", "--players", strings.Join(names, ","), "--mode", "rotating")
	run("hand", "--table", "2", "--out", names[4], "--left", names[5]+"=w", "--left", names[7]+"=9")

	check := func(what, out string, want ...string) {
		t.Helper()
		if strings.Contains(out, "\x1b") {
			t.Fatalf("%s: escape sequences with NO_COLOR:\n%q", what, out)
		}
		for i, line := range strings.Split(out, "\r\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%s: line %d is %d columns:\n%s", what, i+1, n, out)
			}
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q on the screen:\n%s", what, w, out)
			}
		}
	}
	out := inTerminal(t, db, 80, 24, "board")
	check("rotating board", out, "Hand  ", "Total", "Table 4, round 1 of 15")
	check("schedule", inTerminal(t, db, 80, 24, "board", "--schedule"), "Round 15")
	check("games", inTerminal(t, db, 80, 24, "games"), "rotating", "standard", "Players")
	_, js, _ := harness.Unoscore(t, db, "games", "--json")
	var list struct{ Games []struct{ ID string } }
	if err := json.Unmarshal([]byte(js), &list); err != nil || len(list.Games) != 2 {
		t.Fatalf("games: %v: %s", err, js)
	}
	run("use", list.Games[1].ID)
	check("board", inTerminal(t, db, 80, 24, "board"), "  Hand  Dealer  Out   Anna  Bart  Cath  Domi  Evan  Fred  Gwen  Hora",
		"Key: Anna = Annabelle Fitzgerald")
	check("history", inTerminal(t, db, 80, 24, "history"), "hand 9 counted:")
	check("chart", inTerminal(t, db, 80, 24, "board", "--chart"), "500 ┤┈", "A Annabelle Fitzgerald")
	// --wide: the full table, lines the terminal will wrap.
	if wide := inTerminal(t, db, 80, 24, "board", "--wide"); !strings.Contains(wide, "│ Annabelle Fitzgerald │ Bartholomew Okonkwo │") {
		t.Errorf("board --wide is not the full table:\n%s", wide)
	}
}
