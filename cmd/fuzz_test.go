package cmd

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseLeft feeds --left values: NAME=CARDS, any bytes at all.
func FuzzParseLeft(f *testing.F) {
	for _, s := range []string{"Bob=r7 wd4", "cat=3x7,gs", "Ann=37pts", "Bob r7", "=r7", "Bob=", "Bob=r77", "Zoë=w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		left, err := parseLeft([]string{v})
		if err != nil {
			var invalid interface{ Invalid() bool }
			if !errors.As(err, &invalid) || err.Error() == "" || strings.Contains(err.Error(), "\n") {
				t.Fatalf("parseLeft(%q): %v", v, err)
			}
			return
		}
		if len(left) != 1 || left[0].Player == "" || !strings.Contains(v, "=") {
			t.Fatalf("parseLeft(%q) = %+v", v, left)
		}
	})
}
