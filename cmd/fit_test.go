package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/ui"
)

// longNames are sixteen players with family names, the names that made the
// board 85 to 120 columns wide.
var longNames = []string{"Annabelle Fitzgerald", "Bartholomew Okonkwo", "Catherine Delacroix", "Dominic Vandermeer",
	"Evangeline Rasmussen", "Frederick Abernathy", "Gwendolyn Castellanos", "Horatio Whitfield",
	"Isadora Montgomery", "Jonathan Kowalczyk", "Katarina Henderson", "Leopold Ashworth",
	"Magdalena Thistlewood", "Nathaniel Blackburn", "Ophelia Lindqvist", "Percival Zimmermann"}

// runWide runs unoscore with its output a terminal width columns wide (0:
// a pipe), and no prompts.
func runWide(t testing.TB, db string, width int, args ...string) string {
	t.Helper()
	return runIn(t, db, &iostreams.IOStreams{OutTTY: width > 0, Width: width}, args...)
}

// runIn runs unoscore with the streams' settings (a terminal's width,
// colour), and no prompts.
func runIn(t testing.TB, db string, ios *iostreams.IOStreams, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	ios.In, ios.Out, ios.Err = strings.NewReader(""), &out, &errb
	if code := Run(append([]string{"--db", db, "--no-input"}, args...), ios, nil); code != 0 {
		t.Fatalf("%q: exit %d: %s", args, code, errb.String())
	}
	return out.String()
}

// playHands starts a game of n players with long names in mode and records
// hands hands, each with a different player out and cards left in every
// hand that counts.
func playHands(t testing.TB, db, mode string, n, hands int) {
	t.Helper()
	players := strings.Join(longNames[:n], ",")
	args := []string{"new", "--players", players, "--mode", mode, "--deck", "classic"}
	if mode != "rotating" {
		args = append(args, "--target", "500", "--dealer", longNames[0])
	}
	runWide(t, db, 0, args...)
	cards := []string{"r7 wd4", "9", "b5 g2", "rs", "w", "y1", "g9 g8", "b0", "r2 r3", "y7"}
	for h := 1; h <= hands; h++ {
		var b struct {
			Standings []struct {
				Player     string
				Eliminated bool
			}
			Teams  []struct{ Players []string }
			Tables []struct {
				Table int
				Teams [][]string
			}
		}
		if err := json.Unmarshal([]byte(runWide(t, db, 0, "board", "--json")), &b); err != nil {
			t.Fatal(err)
		}
		var out string
		var others []string
		args := []string{"hand"}
		switch {
		case len(b.Tables) > 0:
			tb := b.Tables[(h-1)%len(b.Tables)]
			out, others = tb.Teams[h%2][0], tb.Teams[1-h%2]
			args = append(args, "--table", strconv.Itoa(tb.Table))
		default:
			var active []string
			for _, s := range b.Standings {
				if !s.Eliminated {
					active = append(active, s.Player)
				}
			}
			out = active[h%len(active)]
			side := []string{out}
			for _, tm := range b.Teams {
				if strings.Contains(strings.Join(tm.Players, ","), out) {
					side = tm.Players
				}
			}
			for _, p := range active {
				if !strings.Contains(strings.Join(side, ","), p) {
					others = append(others, p)
				}
			}
		}
		args = append(args, "--out", out)
		for k, p := range others {
			args = append(args, "--left", p+"="+cards[(h+k)%len(cards)])
		}
		runWide(t, db, 0, args...)
	}
}

// checkFits fails on any line wider than width.
func checkFits(t *testing.T, what, out string, width int) {
	t.Helper()
	for i, line := range strings.Split(out, "\n") {
		if w := ui.Width(line); w > width {
			t.Errorf("%s: line %d is %d columns, wider than %d:\n%s\n\nwhole output:\n%s", what, i+1, w, width, line, out)
			return
		}
	}
}

// unwrapped is out with its lines joined, to find a name broken over two lines.
func unwrapped(out string) string { return strings.Join(strings.Fields(out), " ") }

func TestScreensFitTheTerminal(t *testing.T) {
	cases := []struct {
		mode     string
		players  int
		hands    int
		tooWide  bool // the full board is wider than 80 columns
		schedule bool
	}{
		{"standard", 6, 12, true, false},
		{"standard", 8, 9, true, false},
		{"standard", 10, 9, true, false},
		{"partners", 10, 6, true, false},
		{"challenge", 10, 6, true, false},
		{"lowest", 8, 5, true, false},
		{"rotating", 8, 6, true, true},
		{"rotating", 12, 9, true, true},
		{"rotating", 16, 14, true, true},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s-%d", c.mode, c.players), func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "u.db")
			playHands(t, db, c.mode, c.players, c.hands)
			full := runWide(t, db, 0, "board")
			if got := ui.Widest(full); c.tooWide && got <= 80 {
				t.Fatalf("the full board is only %d columns: the test does not test narrowing", got)
			}
			for _, width := range []int{80, 64, 50} {
				for _, args := range [][]string{{"board"}, {"games"}, {"history"}, {"board", "--chart"}} {
					out := runWide(t, db, width, args...)
					checkFits(t, fmt.Sprintf("%s at %d", args, width), out, width)
					if args[0] == "board" && len(args) == 1 {
						// Every player is still named, and the totals shown.
						for _, n := range longNames[:c.players] {
							if !strings.Contains(unwrapped(out), n) {
								t.Errorf("board at %d does not name %s:\n%s", width, n, out)
							}
						}
						if !strings.Contains(out, "Total") {
							t.Errorf("board at %d has no totals:\n%s", width, out)
						}
					}
				}
				// In colour too: the colour codes take no room.
				colour := runIn(t, db, &iostreams.IOStreams{OutTTY: true, Color: true, Width: width}, "board")
				checkFits(t, fmt.Sprintf("board in colour at %d", width), colour, width)
				if !strings.Contains(colour, "\x1b[1;32m") {
					t.Errorf("no colour:\n%q", colour)
				}
				if c.schedule {
					out := runWide(t, db, width, "board", "--schedule")
					checkFits(t, fmt.Sprintf("board --schedule at %d", width), out, width)
				}
			}
			// --wide: the full table, as a pipe gets it, even in a terminal.
			if wide := runWide(t, db, 80, "board", "--wide"); ui.Widest(wide) != ui.Widest(full) || !strings.Contains(wide, "+--") && !strings.Contains(wide, "┌") {
				t.Errorf("board --wide is not the full table:\n%s", wide)
			}
		})
	}
}

// TestNarrowBoardLayouts checks what each narrower layout shows: the short
// names with their key, then a line per player with the last hands.
func TestNarrowBoardLayouts(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	playHands(t, db, "standard", 8, 12)
	// Short names: every hand, a column per player headed by a short name,
	// and the key to them.
	out := runWide(t, db, 80, "board")
	if !strings.Contains(out, "Anna  Bart  Cath  Domi  Evan  Fred  Gwen  Hora") {
		t.Errorf("no short names heading the columns:\n%s", out)
	}
	if !strings.Contains(unwrapped(out), "Key: Anna = Annabelle Fitzgerald, Bart = Bartholomew Okonkwo,") {
		t.Errorf("no key to the short names:\n%s", out)
	}
	for n := 1; n <= 12; n++ {
		if !regexp.MustCompile(`(?m)^\s+` + strconv.Itoa(n) + `  `).MatchString(out) {
			t.Errorf("hand %d missing:\n%s", n, out)
		}
	}
	// Narrower: a line per player, the last hands that fit, and the rest
	// said to be left out.
	out = runWide(t, db, 60, "board")
	m := regexp.MustCompile(`(?m)^Annabelle Fitzgerald\s+(.*)\s(\d+)\s+(\d+)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no line for Annabelle Fitzgerald:\n%s", out)
	}
	js := runWide(t, db, 0, "board", "--json")
	if !strings.Contains(js, fmt.Sprintf(`"player": "Annabelle Fitzgerald",
      "score": %s,`, m[2])) {
		t.Errorf("Annabelle's total %s is not the board's:\n%s", m[2], out)
	}
	if !regexp.MustCompile(`(?m)^Hands 1-\d+ left out: board --wide shows all\.$`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^Hand\s.*\s12\s+Total\s+To 500$`).MatchString(out) {
		t.Errorf("the last hands, and which are not shown:\n%s", out)
	}
}

// BenchmarkBoardNarrow is "unoscore board" in an 80-column terminal for ten
// players with family names after 15 hands: the full table is laid out,
// found too wide, then the short names' one.
func BenchmarkBoardNarrow(b *testing.B) {
	db := filepath.Join(b.TempDir(), "u.db")
	playHands(b, db, "standard", 10, 15)
	if out := runWide(b, db, 80, "board"); !strings.Contains(out, "Key: Anna = Annabelle Fitzgerald") {
		b.Fatalf("not the short names' layout:\n%s", out)
	}
	args := []string{"--db", db, "board"}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, OutTTY: true, Width: 80}
		if code := Run(args, ios, nil); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
