package ui

import (
	"strings"
	"testing"
)

func TestShortNames(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"Ann", "Bob", "Zoë"}, []string{"Ann", "Bob", "Zoë"}},
		{[]string{"Annabelle Fitzgerald", "Bob", "Anna-Lena Berg"}, []string{"AF", "Bob", "AB"}},
		{[]string{"Annabelle Fitzgerald", "Bartholomew"}, []string{"Anna", "Bart"}},
		{[]string{"Ann Lee", "Ann Low", "AL"}, []string{"P1", "P2", "P3"}},
	} {
		if got := ShortNames(c.in); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("ShortNames(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestWrap(t *testing.T) {
	got := Wrap("  Table 1: Annabelle Fitzgerald & Bob against Cat & Dan; Annabelle deals.", 30)
	want := "  Table 1: Annabelle\n    Fitzgerald & Bob against\n    Cat & Dan; Annabelle\n    deals."
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := Wrap("short", 30); got != "short" {
		t.Errorf("a short line changed: %q", got)
	}
	if got := Wrap("\x1b[1;32mAnn\x1b[0m wins", 10); got != "\x1b[1;32mAnn\x1b[0m wins" {
		t.Errorf("colour codes counted as width: %q", got)
	}
}

// TestWrapWords: a line is broken between words, by display width (李小龙
// takes six columns), and a word is broken only when it is wider than a
// line by itself, its whole text kept.
func TestWrapWords(t *testing.T) {
	for _, c := range []struct {
		in    string
		width int
		want  string
	}{
		{"李小龙 wins with 512 points", 12, "李小龙 wins\n  with 512\n  points"},
		{"see /a/very/long/path/to/the/file.db now", 12, "see\n  /a/very/lo\n  ng/path/to\n  /the/file.\n  db now"},
		{"abcdefghij", 4, "abcd\n  ef\n  gh\n  ij"},
		{"two\nlines here", 6, "two\nlines\n  here"},
		{"no width", 0, "no width"},
		// A term and its description: the padding stays, the description
		// goes on under itself (new --help's modes).
		{"  standard   whoever goes out scores the cards left", 30, "  standard   whoever goes out\n             scores the cards\n             left"},
		{"  lowest     everyone tallies", 26, "  lowest     everyone\n             tallies"},
		// Two spaces after a sentence are no term.
		{"It ended.  Then more came", 12, "It ended.\n  Then more\n  came"},
	} {
		got := Wrap(c.in, c.width)
		if got != c.want {
			t.Errorf("Wrap(%q, %d) =\n%s\nwant\n%s", c.in, c.width, got, c.want)
		}
		if !Fits(got, c.width) {
			t.Errorf("Wrap(%q, %d) is wider than %d:\n%s", c.in, c.width, c.width, got)
		}
		if strings.Join(strings.Fields(got), "") != strings.Join(strings.Fields(c.in), "") {
			t.Errorf("Wrap(%q, %d) lost text: %q", c.in, c.width, got)
		}
	}
}

// TestFill: items are never broken; a line broken after an item keeps the
// separator's comma; the first line starts with first, the others with
// rest.
func TestFill(t *testing.T) {
	got := strings.Join(Fill([]string{"Ann 10", "Bob 20", "Cat 30."}, ", ", 17, "Hand 1: ", "  "), "\n")
	want := "Hand 1: Ann 10,\n  Bob 20, Cat 30."
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := JoinWrapped([]string{"a", "b", "c"}, "   ", 0); got != "a   b   c" {
		t.Errorf("no width: %q", got)
	}
}

func TestStripColour(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "",
		"plain":                   "plain",
		"\x1b[1mAnn\x1b[0m":       "Ann",
		"\x1b[1;32m12\x1b[0m pts": "12 pts",
		"\x1b[m":                  "",
		"a\x1b[2Kb":               "a\x1b[2Kb", // not a colour code: kept
		"\x1b[":                   "\x1b[",
		"\x1b[12":                 "\x1b[12",
		"\x1b\x1b[0m":             "\x1b",
		"李\x1b[33m小\x1b[0m龙":      "李小龙",
	} {
		if got := stripColour(in); got != want {
			t.Errorf("stripColour(%q) = %q, want %q", in, got, want)
		}
	}
}
