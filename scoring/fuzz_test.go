package scoring

import (
	"strings"
	"testing"
	"unicode"
)

// FuzzPlayerNames starts games with any names: either they are refused with
// a message, or every name is printable, within the limit, and unique
// ignoring case.
func FuzzPlayerNames(f *testing.F) {
	for _, s := range []string{"Ann,Bob", "Ann,ann", "A=1,B", "\x1b[2J,Bob", "Zoë,Åsa,Øyvind", " , ", strings.Repeat("x", 30) + ",y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		s := Settings{Players: strings.Split(list, ",")}
		if err := s.Normalize(); err != nil {
			if err.Error() == "" {
				t.Fatal("empty message")
			}
			return
		}
		seen := map[string]bool{}
		for _, p := range s.Players {
			if err := ValidateName(p); err != nil {
				t.Fatalf("accepted %q: %v", p, err)
			}
			for _, r := range p {
				if unicode.IsControl(r) || r == ',' || r == '=' {
					t.Fatalf("accepted %q with %q", p, r)
				}
			}
			if seen[strings.ToLower(p)] {
				t.Fatalf("accepted %q twice", p)
			}
			seen[strings.ToLower(p)] = true
		}
		if _, err := New(s); err != nil {
			t.Fatalf("normalized settings refused: %v", err)
		}
	})
}
