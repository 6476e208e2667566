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
		{[]string{"Ann", "Ann\uFE0F"}, "read as the same name"},
		{[]string{"Ann\u034F", "ANN"}, "read as the same name"},
		{[]string{"Ann", "Ann\u3164"}, "read as the same name"},
		{[]string{"Ann", "A\u115Fnn"}, "read as the same name"},
		{[]string{"Ann", "Ann\uFFA0"}, "read as the same name"},
		{[]string{"Ann", "Ann\u2800"}, "read as the same name"},
		{[]string{"Ann", "Ann\u180B"}, "read as the same name"},
		{[]string{"Ann", "Ann\u17B4"}, "read as the same name"},
		{[]string{"Ann ❤", "Ann ❤\uFE0F"}, "read as the same name"},
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
	for _, name := range []string{"Zoë", "李雷", "Anne-Marie", "O'Neil", "Ann B.", "2", "Ⅳ", "Ann ❤\uFE0F", "한결"} {
		if err := ValidateName(name); err != nil {
			t.Errorf("player name %q: %v", name, err)
		}
	}
	// Marks alone (combining accents), or punctuation alone, print as
	// nothing or as nobody: a name needs a letter or a digit.
	// So do letters that are fillers, and the blank Braille pattern.
	for _, name := range []string{"\u0301\u0301\u0301", "\u20dd", "...", "-",
		"\u3164", "\u115F", "\uFFA0", "\u2800", "\uFE0F", "\u180B", "\u17B4", "\u034F", "\u3164\u3164 \u1160"} {
		if err := ValidateName(name); err == nil || !strings.Contains(err.Error(), "no letter or digit on screen") {
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

// TestStoredNamesThatPrintAsNothing: a game saved with names that differ
// only in what prints as nothing, or a name of fillers, from before such
// names were folded and refused, still reads.
func TestStoredNamesThatPrintAsNothing(t *testing.T) {
	for _, players := range [][]string{{"Ann", "Ann\uFE0F"}, {"\u3164", "Bob"}} {
		if _, err := NewStored(Settings{Players: players}); err != nil {
			t.Errorf("stored %q: %v", players, err)
		}
		if _, err := New(Settings{Players: players}); err == nil {
			t.Errorf("new %q accepted", players)
		}
	}
	if err := ValidateName("\u3164"); err == nil || !strings.Contains(err.Error(), `"\u3164" shows no letter or digit`) {
		t.Errorf("a filler's refusal does not name it: %v", err)
	}
}
