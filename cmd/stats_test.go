package cmd

import (
	"errors"
	"strings"
	"testing"
	"time"

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

func TestOrdinalPlace(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := ordinalPlace(n); got != want {
			t.Errorf("ordinalPlace(%d) = %s, want %s", n, got, want)
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
