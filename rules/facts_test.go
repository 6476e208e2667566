package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kljensen/snowball/english"
)

// rulebookLines reads the rulebooks beside the repository (../shared), by
// the number that starts each file's name; nil when they are not there.
func rulebookLines(t *testing.T) map[string][]string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "rulebooks")
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		return nil
	}
	books := map[string][]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		books[strings.SplitN(filepath.Base(f), "_", 2)[0]] = strings.Split(string(data), "\n")
	}
	if data, err := os.ReadFile(filepath.Join(dir, "other-decks.md")); err == nil {
		books["decks"] = strings.Split(string(data), "\n")
	}
	if data, err := os.ReadFile(filepath.Join(dir, "uno-flip.md")); err == nil {
		books["flip"] = strings.Split(string(data), "\n")
	}
	return books
}

// wordStems are the stemmed words of s of four letters or more, digits kept.
func wordStems(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if len(w) >= 4 || w[0] >= '0' && w[0] <= '9' {
			m[english.Stem(w, false)] = true
		}
	}
	return m
}

// TestFactsCited: every fact names the rulebook lines that state it (for an
// unsaid fact, the nearest they come), each line is there and shares words
// with the fact, and a fact that names a rulebook cites a line of it.
func TestFactsCited(t *testing.T) {
	books := rulebookLines(t)
	if len(Facts()) < 60 {
		t.Fatalf("%d facts", len(Facts()))
	}
	for _, f := range Facts() {
		if len(f.Cites) == 0 {
			t.Errorf("%s cites no rulebook line", f.ID)
		}
		for _, e := range Editions {
			if strings.Contains(f.Text, e.Name) && !strings.Contains(f.Text, e.Name+": it lists no deck") &&
				!strings.Contains(f.Text, "Older sheet prints") && !citesBook(f, e.Book) {
				t.Errorf("%s names the %s rulebook but cites no line of it (%s)", f.ID, e.Name, e.Book)
			}
		}
		if books == nil {
			continue
		}
		about := wordStems(f.Text + " " + strings.Join(f.Asks, " ") + " " + f.Heading + " " + f.Topic.Title)
		for _, c := range f.Cites {
			lines := books[c.Book]
			if c.Line > len(lines) || strings.TrimSpace(lines[c.Line-1]) == "" {
				t.Errorf("%s cites %s, which is no line of text", f.ID, c)
				continue
			}
			shared := 0
			for w := range wordStems(lines[c.Line-1]) {
				if about[w] {
					shared++
				}
			}
			if shared < 1 {
				t.Errorf("%s cites %s, which shares no word with it: %q", f.ID, c, lines[c.Line-1])
			}
		}
	}
}

func citesBook(f *Fact, book string) bool {
	for _, c := range f.Cites {
		if c.Book == book {
			return true
		}
	}
	return false
}

// TestFactsShort: a fact is read in one breath (about 50 words, its topic
// and heading included), and one
// that no rulebook states says so, and says to agree on it first.
func TestFactsShort(t *testing.T) {
	ids := map[string]bool{}
	for _, f := range Facts() {
		if ids[f.ID] {
			t.Errorf("fact id %s twice", f.ID)
		}
		ids[f.ID] = true
		a := &Answer{Topic: f.Topic, Fact: f}
		if n := len(strings.Fields(a.Short())) - 1; n > 55 {
			t.Errorf("%s: its answer is %d words, more than 55: %q", f.ID, n, a.Short())
		}
		if f.Unsaid && (!strings.HasPrefix(f.Text, "No rulebook covers that") || !strings.Contains(f.Text, "before the first hand")) {
			t.Errorf("%s: an unsaid fact begins \"No rulebook covers that\", and says to agree before the first hand: %q", f.ID, f.Text)
		}
	}
	for _, tp := range Topics() {
		text, _ := tp.Text()
		if strings.Contains(text, "<!--") {
			t.Errorf("%s: a fact marker shows in the text", tp.ID)
		}
	}
}

func TestParseFactComment(t *testing.T) {
	f, err := parseFactComment("<!-- fact x-y | 002:107, 001:27 | who may; can anyone -->")
	if err != nil || f.ID != "x-y" || len(f.Cites) != 2 || f.Cites[1] != (Cite{"001", 27}) || len(f.Asks) != 2 || f.Unsaid {
		t.Fatalf("%+v, %v", f, err)
	}
	f, err = parseFactComment("<!-- unsaid z\n002:1 flip:3\nhow\nwhy -->")
	if err != nil || !f.Unsaid || len(f.Cites) != 2 || f.Cites[1].Book != "flip" || len(f.Asks) != 2 {
		t.Fatalf("%+v, %v", f, err)
	}
	for _, bad := range []string{"<!-- note -->", "<!-- fact a | 009:1 -->", "<!-- fact a | 002:x -->", "<!-- fact a | 002:0 -->"} {
		if _, err := parseFactComment(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
