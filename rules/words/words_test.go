package words

import (
	"strings"
	"testing"
)

func TestJoin(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{nil, ""}, {[]string{"Ann"}, "Ann"}, {[]string{"Ann", "Bob"}, "Ann and Bob"},
		{[]string{"Ann", "Bob", "Cat"}, "Ann, Bob and Cat"},
		{[]string{"Ann", "Bob", "Cat", "Dan"}, "Ann, Bob, Cat and Dan"},
	}
	for _, tt := range tests {
		if got := Join(tt.in); got != tt.want {
			t.Errorf("Join(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCount(t *testing.T) {
	tests := []struct {
		n    int
		noun string
		want string
	}{
		{0, "hand", "0 hands"}, {1, "hand", "1 hand"}, {2, "point", "2 points"},
		{1, "history entry", "1 history entry"}, {3, "history entry", "3 history entries"},
		{2, "day", "2 days"}, {2, "match", "2 matches"}, {2, "box", "2 boxes"}, {-1, "point", "-1 points"},
	}
	for _, tt := range tests {
		if got := Count(tt.n, tt.noun); got != tt.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tt.n, tt.noun, got, tt.want)
		}
	}
}

func TestCapitalize(t *testing.T) {
	for in, want := range map[string]string{"": "", "ann": "Ann", "éva": "Éva", "Bob": "Bob", "7 cards": "7 cards", "\xff": "\xff"} {
		if got := Capitalize(in); got != want {
			t.Errorf("Capitalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"skip", "skip", 0}, {"skp", "skip", 1}, {"sikp", "skip", 1},
		{"abc", "", 3}, {"kitten", "sitting", 3},
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b); got != tt.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.d)
		}
	}
}

func TestClosest(t *testing.T) {
	got, d := Closest("skp", []string{"reverse", "skip", "slip"})
	if got != "skip" || d != 1 {
		t.Errorf("Closest(skp) = %q, %d; want skip, 1", got, d)
	}
	// A tie goes to the shorter candidate.
	if got, _ := Closest("ab", []string{"abcd", "abc"}); got != "abc" {
		t.Errorf("Closest(ab) = %q, want abc", got)
	}
	if got, _ := Closest("x", nil); got != "" {
		t.Errorf("Closest with no candidates = %q, want empty", got)
	}
}

func TestJoinOrClipNonNil(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{{nil, ""}, {[]string{"Ann"}, "Ann"}, {[]string{"Ann", "Bob"}, "Ann or Bob"}, {[]string{"Ann", "Bob", "Cat"}, "Ann, Bob or Cat"}} {
		if got := JoinOr(c.in); got != c.want {
			t.Errorf("JoinOr(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	long := strings.Repeat("é", 100)
	if got := Clip(long); got != strings.Repeat("é", ClipLen)+"…" {
		t.Errorf("Clip of 100 characters: %q", got)
	}
	if got := Clip("short"); got != "short" {
		t.Errorf("Clip(short) = %q", got)
	}
	if got := NonNil(nil); got == nil || len(got) != 0 {
		t.Errorf("NonNil(nil) = %#v", got)
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
