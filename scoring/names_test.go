package scoring

import (
	"strings"
	"testing"
)

func TestNamesThatReadAlike(t *testing.T) {
	tests := []struct {
		players []string
		bad     string // "" when the names differ
	}{
		{[]string{"Ross", "Roſs", "Cat"}, `"Ross" and "Roſs", which read as the same name`},
		{[]string{"Ann", "Ａnn"}, "read as the same name"},
		{[]string{"José", "Jose\u0301"}, "read as the same name"},
		{[]string{"Straße", "STRASSE"}, "read as the same name"},
		{[]string{"ANN", "ann"}, "read as the same name"},
		{[]string{"Ann", "Ann"}, `two players are called "Ann": names must differ`},
		{[]string{"Jose", "José"}, ""},
		{[]string{"Ann", "Anne"}, ""},
	}
	for _, tt := range tests {
		s := Settings{Players: append([]string(nil), tt.players...)}
		err := s.Normalize()
		switch {
		case tt.bad == "" && err != nil:
			t.Errorf("%q: %v", tt.players, err)
		case tt.bad != "" && (err == nil || !strings.Contains(err.Error(), tt.bad)):
			t.Errorf("%q: error %v, want %q", tt.players, err, tt.bad)
		}
	}
	// Statistics tell players apart by the same comparison.
	if PlayerKey("Roſs") != PlayerKey("ROSS") || PlayerKey("Ａnn") != PlayerKey("ann") {
		t.Error("PlayerKey differs from NameKey")
	}
	// The lookup uses the same comparison as the duplicate check.
	s := Settings{Players: []string{"José", "Straße", "Ann"}}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	for typed, want := range map[string]int{"jose\u0301": 0, "JOSÉ": 0, "strasse": 1, "ＡＮＮ": 2, " ann ": 2} {
		if got, err := s.Seat(typed); err != nil || got != want {
			t.Errorf("Seat(%q) = %d, %v; want %d", typed, got, err, want)
		}
	}
}

func TestNamesThatDoNotPrint(t *testing.T) {
	bad := []string{
		"A\x07", "A\bB", "A\x7f", "A\u009b2J", "A\u202eB", "A\u0085", "A\u2028", "A\x1b]0;PWNED\x07",
		"A\xffB", "A\uE000", "\x1b[31mRed",
	}
	for _, name := range bad {
		if err := ValidateName(name); err == nil {
			t.Errorf("player name %q accepted", name)
		}
		if err := ValidateGameName(name); err == nil {
			t.Errorf("game name %q accepted", name)
		}
	}
	// A name picked from a list by its first letters ends at its ':'
	// ("Ann: not entered yet"): a ':' inside one would cut it short.
	for _, name := range []string{"A:b", "Ann:", ":Bo"} {
		if err := ValidateName(name); err == nil || !strings.Contains(err.Error(), `holds ':'`) {
			t.Errorf("player name %q: %v", name, err)
		}
	}
	for _, name := range []string{"Zoë", "李雷", "Anne-Marie", "O'Neil", "Ann B.", "2", "Ⅳ"} {
		if err := ValidateName(name); err != nil {
			t.Errorf("player name %q: %v", name, err)
		}
	}
	// Marks alone (combining accents), or punctuation alone, print as
	// nothing or as nobody: a name needs a letter or a digit.
	for _, name := range []string{"\u0301\u0301\u0301", "\u20dd", "...", "-"} {
		if err := ValidateName(name); err == nil || !strings.Contains(err.Error(), "no letter or digit") {
			t.Errorf("player name %q: %v", name, err)
		}
	}
	for _, name := range []string{"", "Friday night, round 2 = best", "Zoë's 40th 🎉"} {
		if err := ValidateGameName(name); err != nil {
			t.Errorf("game name %q: %v", name, err)
		}
	}
	if err := ValidateGameName(strings.Repeat("é", 81)); err == nil || !strings.Contains(err.Error(), "81 characters") {
		t.Errorf("81 characters: %v", err)
	}
	if err := ValidateGameName(strings.Repeat("é", 80)); err != nil {
		t.Errorf("80 two-byte characters: %v", err)
	}
}
