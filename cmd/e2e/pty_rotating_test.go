package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// fits80 fails when a line the terminal showed is wider than 80 columns.
func fits80(t *testing.T, screen string) {
	t.Helper()
	for _, line := range strings.Split(strings.ReplaceAll(screen, "\r", ""), "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("a line of %d columns in an 80x24 terminal: %q", n, line)
		}
	}
}

// TestTerminalWaitingTable: at 80x24, "hand --table 2" for a table that
// must wait for players still at table 1 says so and offers table 1 or
// stopping, never the questions of a hand that cannot be played; table 1's
// hand is then entered, and table 2 may play.
func TestTerminalWaitingTable(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "u.db")
	for _, args := range [][]string{
		{"new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1"},
		{"hand", "--table", "2", "--out", "Gus", "--left", "Hal=9", "--left", "Fay=2xs"},
	} {
		if code, _, errs := harness.Unoscore(t, db, args...); code != 0 {
			t.Fatal(errs)
		}
	}
	// Stopping at once writes nothing.
	tm := startTermSize(t, 80, 24, db, "hand", "--table", "2")
	tm.expect("Table 2 waits for round 2: Bob and Cat are still playing round 1 at table 1.")
	tm.expect("Which table?")
	tm.expect("Table 1: Ann & Cat against Bob & Dan")
	tm.expect("(stop for now)")
	tm.send(keyDown)
	tm.line("")
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit %d:\n%s", code, tm.screen())
	}
	if sc := tm.screen(); strings.Contains(sc, "Who went out?") || strings.Contains(sc, "Table 2: ") {
		t.Fatalf("the waiting table was offered:\n%s", sc)
	}
	fits80(t, tm.screen())
	if b := boardJSON(t, db); b["hands"].(float64) != 1 {
		t.Fatalf("hands: %v", b["hands"])
	}

	// Table 1 it is: its hand, then table 2 can go on.
	tm = startTermSize(t, 80, 24, db, "hand", "--table", "2")
	tm.expect("Which table?")
	tm.line("") // table 1
	tm.expect("Round 1 of 7, hand 1 of 1 at table 1; Ann deals.")
	tm.expect("Who went out?")
	tm.line("") // Ann
	tm.expect("Bob's cards")
	tm.line("r7")
	tm.expect("Dan's cards")
	tm.line("9")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Saved. Hand 2: Ann went out at table 1; Ann and Cat score 16 each (Bob 7, Dan")
	// Table 2, asked for, can now play its round 2.
	tm.expect("Table 2, round 2 of 7, hand 1 of 1: Bob & Cat against Eve & Fay; Bob deals.")
	tm.expect("Who went out?")
	tm.send(ctrlC)
	tm.wait()
	fits80(t, tm.screen())
	if b := boardJSON(t, db); b["hands"].(float64) != 2 {
		t.Fatalf("hands: %v", b["hands"])
	}
}

// TestTerminalSittingOut: at 80x24, five players: the prompts say who sits
// out the round, never ask for their cards, and move on to the next
// round's sit-out.
func TestTerminalSittingOut(t *testing.T) {
	t.Parallel()
	tm, _ := termHandAt(t, 80, 24, "--players", "Ann,Bob,Cat,Dan,Eve", "--mode", "rotating", "--hands", "1")
	tm.expect("Table 1, round 1 of 5, hand 1 of 1: Ann & Cat against Bob & Dan; Ann deals.")
	tm.expect("Eve sits out round 1.")
	tm.expect("Who went out?")
	tm.line("") // Ann
	tm.expect("Bob's cards")
	tm.line("r7")
	tm.expect("Dan's cards")
	tm.line("9")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Saved. Hand 1: Ann went out at table 1; Ann and Cat score 16 each (Bob 7, Dan")
	tm.expect("Table 1, round 2 of 5, hand 1 of 1: Bob & Eve against Cat & Dan; Bob deals.")
	tm.expect("Ann sits out round 2.")
	tm.expect("Who went out?")
	tm.send(ctrlC)
	tm.wait()
	sc := tm.screen()
	if strings.Contains(sc, "Eve's cards") {
		t.Fatalf("the player sitting out was asked for:\n%s", sc)
	}
	fits80(t, sc)
}

// TestTerminalTableLineOnce: at 80x24, a rotating hand's table line (its
// round, pairs and dealer) and who sits out are on the screen once before
// "Who went out?": after new's lines, after the totals between hands, and
// for hand --table T. They were printed twice in a row.
func TestTerminalTableLineOnce(t *testing.T) {
	t.Parallel()
	once := func(t *testing.T, sc string, lines ...string) {
		t.Helper()
		before, _, _ := strings.Cut(sc, "Who went out?")
		for _, l := range lines {
			if n := strings.Count(before, l); n != 1 {
				t.Errorf("%q is on the screen %d times before Who went out?:\n%s", l, n, sc)
			}
		}
	}
	tm, _ := termNewAt(t, 80, 24, "--players", "Ann,Bob,Cat,Dan,Eve", "--mode", "rotating", "--hands", "2", "--deck", "classic")
	tm.expect("Who went out?")
	once(t, tm.screen(), "Table 1, round 1 of 5, hand 1 of 2: Ann & Cat against Bob & Dan; Ann deals.", "Eve sits out round 1.")
	tm.line("") // Ann
	tm.expect("Bob's cards")
	tm.line("r7")
	tm.expect("Dan's cards")
	tm.line("9")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Saved. Hand 1")
	tm.expect("Who went out?")
	_, after, _ := strings.Cut(tm.screen(), "Saved. Hand 1")
	once(t, after, "Table 1, round 1 of 5, hand 2 of 2: Ann & Cat against Bob & Dan; Bob deals.", "Eve sits out round 1.")
	tm.send(ctrlC)
	tm.wait()
	fits80(t, tm.screen())

	db := filepath.Join(t.TempDir(), "u8.db")
	for _, args := range [][]string{
		{"new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "2"},
		{"hand", "--table", "1", "--out", "Ann", "--left", "Bob=r7", "--left", "Dan=9"},
	} {
		if code, _, errs := harness.Unoscore(t, db, args...); code != 0 {
			t.Fatal(errs)
		}
	}
	tm = startTermSize(t, 80, 24, db, "hand", "--table", "2")
	tm.expect("Who went out?")
	once(t, tm.screen(), "Table 2, round 1 of 7, hand 1 of 2: Eve & Gus against Fay & Hal; Eve deals.")
	tm.send(ctrlC)
	tm.wait()
	fits80(t, tm.screen())
}

// TestTerminalSeatsWhenTheRoundChanges: at 80x24, once a hand ends a
// table's round, the lines above the next hand say where everyone sits at
// each table whose round changed (clockwise from the dealer, and who comes
// from which table), each broken at 80 columns however long the names.
// They said only the pairs and the dealer.
func TestTerminalSeatsWhenTheRoundChanges(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "u.db")
	players := "Annabelle Fairweather,Bartholomew Higgins,Catriona Pemberton,Dashiell Whitacre," +
		"Evangeline Ashdown,Fayette Ravensworth,Gustavo Montenegro,Halvard Kittredge"
	for _, args := range [][]string{
		{"new", "--players", players, "--mode", "rotating", "--hands", "1"},
		{"hand", "--table", "2", "-o", "eva", "fay=r1", "hal=r2"},
	} {
		if code, _, errs := harness.Unoscore(t, db, args...); code != 0 {
			t.Fatal(errs)
		}
	}
	tm := startTermSize(t, 80, 24, db, "hand", "--table", "1")
	tm.expect("Who went out?")
	tm.line("") // Annabelle
	tm.expect("Bartholomew Higgins's cards")
	tm.line("r7")
	tm.expect("Dashiell Whitacre's cards")
	tm.line("9")
	tm.expect("Save this hand")
	tm.line("")
	tm.expect("Saved. Hand 2")
	tm.expect("Who went out?")
	tm.send(ctrlC)
	tm.wait()
	sc := tm.screen()
	fits80(t, sc)
	_, after, _ := strings.Cut(sc, "Saved. Hand 2")
	flat := strings.Join(strings.Fields(after), " ")
	for _, want := range []string{
		"Seats clockwise: Annabelle Fairweather, Gustavo Montenegro, Dashiell Whitacre, Halvard Kittredge; from table 2: Gustavo Montenegro and Halvard Kittredge.",
		"Seats clockwise: Bartholomew Higgins, Evangeline Ashdown, Catriona Pemberton, Fayette Ravensworth; from table 1: Bartholomew Higgins and Catriona Pemberton.",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q after the round changed:\n%s", want, after)
		}
	}
}
