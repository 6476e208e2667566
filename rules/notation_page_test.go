package rules

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updatePages = flag.Bool("update-pages", false, "rewrite the generated parts of docs/notation.md and README.md")

// The generated part of a page: between these two lines.
const (
	genBegin = "<!-- generated from rules/decks: go test ./rules/ -run TestNotationPages -update-pages -->"
	genEnd   = "<!-- end of the generated part -->"
)

// TestNotationPages: docs/notation.md lists every deck, its cards, their
// notation and points as the deck declarations say, and README.md the
// classic deck's and the list of newer editions, both written from the same rows as "unoscore cards" and
// the "?" at a card prompt (Deck.Legend). A value changed in rules/decks
// fails this test until the pages are written again (-update-pages).
func TestNotationPages(t *testing.T) {
	classic, err := LookupDeck(DefaultDeck)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	all.WriteString(newerList(true))
	for _, d := range Decks() {
		all.WriteString(deckSection(d))
	}
	for _, p := range []struct{ path, text string }{
		{filepath.Join("..", "docs", "notation.md"), all.String()},
		{filepath.Join("..", "README.md"), legendTable(classic) + newerList(false)},
	} {
		data, err := os.ReadFile(p.path)
		if err != nil {
			t.Fatal(err)
		}
		page := string(data)
		head, rest, ok1 := strings.Cut(page, genBegin+"\n")
		_, tail, ok2 := strings.Cut(rest, genEnd)
		if !ok1 || !ok2 {
			t.Errorf("%s: no generated part (%q ... %q)", p.path, genBegin, genEnd)
			continue
		}
		want := head + genBegin + "\n" + p.text + genEnd + tail
		if want == page {
			continue
		}
		if *updatePages {
			if err := os.WriteFile(p.path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s does not say what rules/decks declares: go test ./rules/ -run TestNotationPages -update-pages writes it again", p.path)
	}
}

// newerList lists the newer editions, each with its id, how sure its
// values and counts are, and what else its declaration says a table must
// know (its own target, its players, a total that alone is checked);
// with notes, what the sheets leave open too.
func newerList(notes bool) string {
	var b strings.Builder
	b.WriteString("The newer editions, each from its own instruction sheet as public copies give it (`unoscore rules ID` says more):\n\n")
	for _, d := range Decks() {
		dd := d.Decl
		if !dd.Newer {
			continue
		}
		counts := dd.Counts
		if counts == "" {
			counts = dd.Sure
		}
		fmt.Fprintf(&b, "- %s (`%s`), from %s: values %s, counts %s", dd.Title, d.ID, dd.Sheet, dd.Sure, counts)
		if dd.Size > 0 {
			fmt.Fprintf(&b, " (only its %d cards in all are checked)", dd.Size)
		}
		if dd.Target > 0 {
			fmt.Fprintf(&b, "; plays to %d", dd.Target)
		}
		if dd.MinPlayers > 0 {
			fmt.Fprintf(&b, "; %d to %d players", dd.MinPlayers, dd.MaxPlayers)
		}
		if notes && len(dd.Notes) > 0 {
			b.WriteString(". " + strings.Join(dd.Notes, " "))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	return b.String()
}

// deckSection is one deck's part of docs/notation.md.
func deckSection(d *Deck) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### `--deck %s`: %s\n\n", d.ID, d.Description)
	if len(d.Decl.Aliases) > 0 {
		fmt.Fprintf(&b, "Also called %s. ", "`"+strings.Join(d.Decl.Aliases, "`, `")+"`")
	}
	fmt.Fprintf(&b, "Its facts: %s (how sure: %s).\n\n", d.Decl.Sheet, d.Decl.Sure)
	b.WriteString(legendTable(d))
	return b.String()
}

// legendTable is a deck's legend as Markdown: a table of codes, a side's
// name above its own table, and the notes under them.
func legendTable(d *Deck) string {
	var b strings.Builder
	inTable := false
	for _, r := range d.Legend() {
		switch {
		case r.Code != "":
			if !inTable {
				b.WriteString("| you type | for |\n| --- | --- |\n")
				inTable = true
			}
			fmt.Fprintf(&b, "| `%s` | %s |\n", strings.Join(strings.Fields(r.Code), "` `"), r.Meaning)
		default:
			if inTable {
				b.WriteString("\n")
				inTable = false
			}
			fmt.Fprintf(&b, "%s\n\n", r.Meaning)
		}
	}
	if inTable {
		b.WriteString("\n")
	}
	return b.String()
}
