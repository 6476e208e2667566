package rules

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The topics the contract requires.
var contractTopics = []string{
	"skip", "reverse", "draw-two", "wild", "wild-draw-four", "wild-shuffle-hands", "wild-customizable",
	"challenge", "uno", "going-out", "scoring", "alternative-scoring", "dealer", "first-card", "drawing",
	"reneging", "reshuffle", "penalties", "two-player", "partners", "tournament", "challenge-uno", "deck", "house-rules",
	"flip", // issue 23: UNO Flip, its own sheet
	// issue 30: the newer editions, each its own sheet
	"attack", "all-wild", "no-mercy", "triple-play", "party",
}

func TestEveryTopicByIDAndAlias(t *testing.T) {
	ids := map[string]bool{}
	owner := map[string]string{}
	for _, tp := range Topics() {
		ids[tp.ID] = true
		text, err := tp.Text()
		if err != nil || len(text) < 100 {
			t.Errorf("%s: %d characters, %v", tp.ID, len(text), err)
		}
		for _, k := range tp.keys() {
			if o, dup := owner[normTopic(k)]; dup && o != tp.ID {
				t.Errorf("%q names both %s and %s", k, o, tp.ID)
			}
			owner[normTopic(k)] = tp.ID
			for _, q := range []string{k, strings.ToUpper(k), strings.ReplaceAll(k, " ", "-")} {
				got, _, err := LookupTopic(q)
				if err != nil || got.ID != tp.ID {
					t.Errorf("LookupTopic(%q) = %v, %v; want %s", q, got, err, tp.ID)
				}
			}
		}
		for _, s := range tp.See {
			if _, _, err := LookupTopic(s); err != nil {
				t.Errorf("%s: see-also %q: %v", tp.ID, s, err)
			}
		}
	}
	for _, id := range contractTopics {
		if !ids[id] {
			t.Errorf("topic %s is missing", id)
		}
	}
	// The contract's topics, and the basic turn.
	if len(ids) != len(contractTopics)+1 || !ids["basics"] {
		t.Errorf("%d topics, want the contract's %d and basics", len(ids), len(contractTopics))
	}
}

func TestLookupQueries(t *testing.T) {
	tests := []struct{ q, want string }{
		{"wd4", "wild-draw-four"},
		{"+4", "wild-draw-four"},
		{"wild draw four", "wild-draw-four"},
		{"Wild Draw Four", "wild-draw-four"},
		{"2 players", "two-player"},
		{"two players", "two-player"},
		{"challenge uno", "challenge-uno"},
		{"challenge", "challenge"},
		{"stacking", "house-rules"},
		{"jump-in", "house-rules"},
		{"7-0", "house-rules"},
		{"lowest", "alternative-scoring"},
		{"+2", "draw-two"},
	}
	for _, tt := range tests {
		got, _, err := LookupTopic(tt.q)
		if err != nil || got.ID != tt.want {
			t.Errorf("LookupTopic(%q) = %v, %v; want %s", tt.q, got, err, tt.want)
		}
	}
	_, also, _ := LookupTopic("challenge")
	if len(also) != 1 || also[0].ID != "challenge-uno" {
		t.Errorf("challenge should also name challenge-uno: %v", also)
	}
}

func TestLookupSuggestions(t *testing.T) {
	tests := []struct {
		q       string
		suggest []string
	}{
		{"skp", []string{"skip"}},
		{"scroing", []string{"scoring"}},
		{"xyzzy", nil},
		{"", nil},
	}
	for _, tt := range tests {
		_, _, err := LookupTopic(tt.q)
		var te *TopicError
		if !errors.As(err, &te) {
			t.Fatalf("LookupTopic(%q) error %v", tt.q, err)
		}
		if len(te.Suggest) > 3 {
			t.Errorf("%q: %d suggestions", tt.q, len(te.Suggest))
		}
		if len(tt.suggest) > 0 && (len(te.Suggest) == 0 || te.Suggest[0] != tt.suggest[0]) {
			t.Errorf("LookupTopic(%q) suggests %v, want %v first", tt.q, te.Suggest, tt.suggest)
		}
		if tt.suggest == nil && len(te.Suggest) > 0 {
			t.Errorf("LookupTopic(%q) suggests %v, want none", tt.q, te.Suggest)
		}
	}
}

// TestOwnWords fails when ten words in a row of a rulebook appear in the
// reference: it is written in unoscore's own words. It needs ../shared
// beside the repository, as CI has it.
func TestOwnWords(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "rulebooks")
	books, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(books) == 0 {
		t.Skip("no rulebooks beside the repository")
	}
	words := regexp.MustCompile(`[a-z0-9]+`)
	runs := map[string]string{}
	for _, b := range books {
		data, err := os.ReadFile(b)
		if err != nil {
			t.Fatal(err)
		}
		w := words.FindAllString(strings.ToLower(string(data)), -1)
		for i := 0; i+10 <= len(w); i++ {
			runs[strings.Join(w[i:i+10], " ")] = filepath.Base(b)
		}
	}
	for _, tp := range Topics() {
		text, _ := tp.Text()
		w := words.FindAllString(strings.ToLower(text), -1)
		for i := 0; i+10 <= len(w); i++ {
			if b, ok := runs[strings.Join(w[i:i+10], " ")]; ok {
				t.Errorf("%s copies %s: %q", tp.ID, b, strings.Join(w[i:i+10], " "))
			}
		}
	}
}

func FuzzLookupTopic(f *testing.F) {
	for _, s := range []string{"skip", "wild draw four", "skp", "2 players", "+4", "challenge", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		tp, _, err := LookupTopic(q)
		if err != nil {
			var te *TopicError
			if !errors.As(err, &te) || te.Error() == "" || len(te.Suggest) > 3 {
				t.Fatalf("LookupTopic(%q): %v", q, err)
			}
			return
		}
		if tp == nil {
			t.Fatalf("LookupTopic(%q): no topic and no error", q)
		}
	})
}

// TestOnlyDeluxe1998Named: a fact that only the Deluxe 1998 rulebook
// states (two players, partners, tournaments, Challenge UNO, the
// suggestion penalty) says so in its answer, so a table with another
// rulebook does not take it for theirs; and a topic title with a colon
// of its own takes the heading after a comma, not a second colon.
func TestOnlyDeluxe1998Named(t *testing.T) {
	for _, f := range Facts() {
		only002 := len(f.Cites) > 0
		for _, c := range f.Cites {
			only002 = only002 && strings.HasPrefix(c.String(), "002:")
		}
		if !only002 {
			continue
		}
		if !strings.Contains(f.Text, "Deluxe 1998") {
			t.Errorf("%s cites only the Deluxe 1998 rulebook but does not say so: %q", f.ID, f.Text)
		}
	}
	if f, _ := LookupFact("renege"); f == nil || f.Lead() != "Reneging: holding back a playable card, the rule" {
		t.Errorf("renege's lead is %q", f.Lead())
	}
}
