package cmd

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/scoring"
)

func TestStatsFilterFlags(t *testing.T) {
	march := time.Date(2026, 3, 1, 0, 0, 0, 0, time.Local)
	tests := []struct {
		since, mode string
		want        scoring.StatsFilter
		err         string
	}{
		{since: "", mode: "", want: scoring.StatsFilter{}},
		{since: "2026-03-01", want: scoring.StatsFilter{Since: march}},
		{since: " 2026-03-01 ", mode: "LOW", want: scoring.StatsFilter{Since: march, Mode: scoring.Lowest}},
		{mode: "partners", want: scoring.StatsFilter{Mode: scoring.Partners}},
		{since: "2026-3-1", err: `--since "2026-3-1" is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31`},
		{since: "yesterday", err: `--since "yesterday" is not a date`},
		{mode: "poker", err: `--mode: unknown mode "poker"`},
	}
	for _, tt := range tests {
		f, err := statsFilter(tt.since, tt.mode)
		switch {
		case tt.err != "":
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) || exitCode(err) != ExitUsage {
				t.Errorf("statsFilter(%q, %q): error %v, want %q", tt.since, tt.mode, err, tt.err)
			}
		case err != nil:
			t.Errorf("statsFilter(%q, %q): %v", tt.since, tt.mode, err)
		case !f.Since.Equal(tt.want.Since) || f.Mode != tt.want.Mode:
			t.Errorf("statsFilter(%q, %q) = %+v, want %+v", tt.since, tt.mode, f, tt.want)
		}
	}
}

// FuzzStatsFilter feeds --since and --mode: a filter, or a usage error of
// one line.
func FuzzStatsFilter(f *testing.F) {
	for _, s := range [][2]string{{"2026-01-31", "standard"}, {"", "low"}, {"31/01/2026", ""}, {"2026-02-30", "x"}, {"\x00", "\n"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, since, mode string) {
		flt, err := statsFilter(since, mode)
		if err != nil {
			var invalid interface{ Invalid() bool }
			if !errors.As(err, &invalid) || err.Error() == "" {
				t.Fatalf("statsFilter(%q, %q): %v", since, mode, err)
			}
			return
		}
		if (since == "") != flt.Since.IsZero() || (mode == "") != (flt.Mode == "") {
			t.Fatalf("statsFilter(%q, %q) = %+v", since, mode, flt)
		}
	})
}

// TestStatsFitTheTerminal: the statistics table and a player's page fit
// 80 columns, and the key under the table explains only the columns shown.
func TestStatsFitTheTerminal(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	a, b := longNames[0], longNames[1]
	for _, name := range []string{"Friday night at the Fitzgeralds' summer house", "The long rematch in the garden, by lantern light"} {
		runWide(t, db, 0, "new", "--players", a+","+b, "--target", "100", "--name", name)
		runWide(t, db, 0, "hand", "--out", a, "--left", b+"=wd4 wd4 w")
	}
	playHands(t, db, "standard", 6, 6)

	page := runWide(t, db, 0, "stats", "--player", "annabelle")
	if got := ui.Widest(page); got <= 80 {
		t.Fatalf("the full page is only %d columns: the test does not test narrowing", got)
	}
	for _, width := range []int{80} {
		out := runWide(t, db, width, "stats", "--player", "annabelle")
		checkFits(t, fmt.Sprintf("stats --player at %d", width), out, width)
		for _, want := range []string{"Date", "Game", "Result", "won", "Some columns were left out"} {
			if !strings.Contains(out, want) {
				t.Errorf("stats --player at %d lacks %q:\n%s", width, want, out)
			}
		}
		if width == 80 && !strings.Contains(out, "Rating") {
			t.Errorf("stats --player at 80 dropped the rating:\n%s", out)
		}
	}
	if wide := runWide(t, db, 80, "stats", "--player", "annabelle", "--wide"); wide != page {
		t.Errorf("stats --player --wide is not the full page:\n%s", wide)
	}

	full := runWide(t, db, 0, "stats")
	if !strings.Contains(full, "Held: points") {
		t.Fatalf("the full table's key does not explain Held:\n%s", full)
	}
	for _, width := range []int{80, 60} {
		out := runWide(t, db, width, "stats")
		checkFits(t, fmt.Sprintf("stats at %d", width), out, width)
		table, key, _ := strings.Cut(out, "\n\n")
		header := strings.Fields(strings.SplitN(table, "\n", 2)[0])
		for _, col := range []string{"Rating", "Done", "Out", "Held", "Avg", "Best", "Streak"} {
			shown := slices.Contains(header, col)
			explained := strings.Contains(unwrapped(key), col+":")
			if shown != explained {
				t.Errorf("stats at %d: column %s shown %v, explained %v:\n%s", width, col, shown, explained, out)
			}
		}
		if slices.Contains(header, "Held") {
			t.Errorf("stats at %d kept Held: the test does not test the key", width)
		}
	}
}

// TestStatsAlignsWideLetters: a name in wide letters (李小龙 takes six
// columns) lines up in stats and players as it does on the board.
func TestStatsAlignsWideLetters(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runWide(t, db, 0, "new", "--players", "Ann,李小龙,Bob", "--target", "100")
	runWide(t, db, 0, "hand", "--out", "Ann", "--left", "李小龙=r7 wd4", "--left", "Bob=9")
	// The table that starts at the line after the one starting with
	// after ("": the first line), up to a blank line.
	table := func(out, after string) []string {
		lines := strings.Split(out, "\n")
		start := 0
		if after != "" {
			start = slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, after) }) + 1
		}
		end := start + slices.Index(lines[start:], "")
		if end < start+3 {
			t.Fatalf("no table after %q:\n%s", after, out)
		}
		return lines[start:end]
	}
	// Every column after the name is aligned right: every line ends in the
	// same column.
	for _, tb := range [][]string{table(runWide(t, db, 0, "stats"), ""), table(runWide(t, db, 0, "stats", "--player", "Ann"), "Head to head")} {
		for _, l := range tb[1:] {
			if ui.Width(l) != ui.Width(tb[0]) {
				t.Errorf("a line ends in column %d, its header in %d:\n%s", ui.Width(l), ui.Width(tb[0]), strings.Join(tb, "\n"))
			}
		}
	}
	// players: the dates start under their header.
	tb := table(runWide(t, db, 0, "players"), "")
	col := ui.Width(tb[0][:strings.Index(tb[0], "First played")])
	for _, l := range tb[1:] {
		if got := ui.Width(l[:strings.Index(l, "20")]); got != col {
			t.Errorf("a date starts in column %d, its header in %d:\n%s", got, col, strings.Join(tb, "\n"))
		}
	}
}

// TestUnknownPlayerHint: store and scoring say a name is no player's; the
// command line, as users see it, adds where to look.
func TestUnknownPlayerHint(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runWide(t, db, 0, "new", "--players", "Ann,Bob", "--target", "100")
	runWide(t, db, 0, "hand", "--out", "Ann", "--left", "Bob=9")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"stats", "--player", "Zed"}, `unoscore: no player is called "Zed"; "unoscore players" lists everyone` + "\n"},
		{[]string{"players", "rename", "Zed", "Bob"}, `unoscore: no game has a player called "Zed"; "unoscore players" lists everyone` + "\n"},
	} {
		var out, errb strings.Builder
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb}
		if code := Run(append([]string{"--db", db}, c.args...), ios, nil); code != ExitUsage || errb.String() != c.want {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errb.String(), c.want)
		}
	}
}
