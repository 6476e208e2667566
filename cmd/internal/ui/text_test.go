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
