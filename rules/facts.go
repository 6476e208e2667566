package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A Fact is one thing the reference says, small enough to settle one
// question at the table: a sentence or two (and the rulebooks' differences
// on that point, by name), under one heading of one topic. Topics are made
// of facts, so a topic and an answer never disagree.
//
// A fact is marked in a topic's file (rules/reference/*.md) by a comment on
// the line before its text:
//
//	<!-- fact challenge-who | 002:107, 001:27, 000:90 | who may challenge; can anyone challenge -->
//	Only the player the card was played on may challenge it.
//
// The comment holds the fact's id, the rulebook lines that state it
// (FILE:LINE, FILE being the number that starts the rulebook's file name in
// shared/rulebooks, or "flip" for uno-flip.md) and, after a second bar, the
// ways people ask for it, separated by semicolons. A comment may run over
// several lines; its parts are then separated by line breaks instead of
// bars. "unsaid" in place of "fact" marks something none of the rulebooks
// says: its lines are the nearest ones they do have. The fact's text is the
// lines after the comment up to the next blank line, heading or comment.
type Fact struct {
	ID      string
	Topic   *Topic
	Heading string // the heading the fact stands under ("" at the top)
	Text    string // Markdown, rulebook facts filled in
	Cites   []Cite
	Asks    []string // ways people ask for it
	Unsaid  bool     // no rulebook says it; Cites are what they say nearest
}

// A Cite is one line of one rulebook file.
type Cite struct {
	Book string // "000" to "004", or "flip"
	Line int    // counted from 1
}

func (c Cite) String() string { return c.Book + ":" + strconv.Itoa(c.Line) }

// Editions lists the rulebooks the fact's lines come from.
func (f *Fact) Editions() []*Edition {
	var out []*Edition
	for _, e := range Editions {
		for _, c := range f.Cites {
			if c.Book == e.Book {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// Facts lists every fact of the reference, topic by topic in reading order.
func Facts() []*Fact {
	var out []*Fact
	for _, t := range Topics() {
		out = append(out, t.Facts()...)
	}
	return out
}

// LookupFact finds a fact by its id.
func LookupFact(id string) (*Fact, bool) {
	for _, f := range Facts() {
		if f.ID == id {
			return f, true
		}
	}
	return nil, false
}

// readFacts takes the fact comments out of a topic's filled-in text and
// returns the text without them and the facts they mark.
func readFacts(t *Topic, text string) (string, []*Fact, error) {
	lines := strings.Split(text, "\n")
	var out []string
	var facts []*Fact
	var cur *Fact
	heading := ""
	seen := map[string]bool{}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trim := strings.TrimSpace(line)
		if strings.HasPrefix(trim, "<!--") {
			comment := trim
			for !strings.HasSuffix(strings.TrimSpace(comment), "-->") {
				i++
				if i == len(lines) {
					return "", nil, fmt.Errorf("a fact comment does not end")
				}
				comment += "\n" + lines[i]
			}
			f, err := parseFactComment(comment)
			if err != nil {
				return "", nil, err
			}
			if seen[f.ID] {
				return "", nil, fmt.Errorf("fact %s is marked twice", f.ID)
			}
			seen[f.ID] = true
			f.Topic, f.Heading = t, heading
			facts = append(facts, f)
			cur = f
			continue
		}
		switch {
		case trim == "":
			cur = nil
		case strings.HasPrefix(trim, "## "):
			cur = nil
			heading = strings.TrimPrefix(trim, "## ")
		case cur != nil:
			if cur.Text != "" {
				cur.Text += "\n"
			}
			cur.Text += line
		}
		out = append(out, line)
	}
	for _, f := range facts {
		if strings.TrimSpace(f.Text) == "" {
			return "", nil, fmt.Errorf("fact %s has no text after its comment", f.ID)
		}
	}
	return strings.Join(out, "\n"), facts, nil
}

// parseFactComment reads "<!-- fact ID | CITES | ASKS -->".
func parseFactComment(c string) (*Fact, error) {
	body := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c), "<!--")), "-->"))
	sep := "|"
	if strings.Contains(body, "\n") {
		sep = "\n"
	}
	parts := strings.Split(body, sep)
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	head := strings.Fields(parts[0])
	if len(head) != 2 || (head[0] != "fact" && head[0] != "unsaid") {
		return nil, fmt.Errorf("comment %q is not \"fact ID | LINES | ASKS\" or \"unsaid ID | LINES | ASKS\"", firstLine(body))
	}
	f := &Fact{ID: head[1], Unsaid: head[0] == "unsaid"}
	for _, s := range strings.FieldsFunc(parts[1], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		book, line, ok := strings.Cut(s, ":")
		n, err := strconv.Atoi(line)
		if !ok || err != nil || n < 1 || (book != "flip" && book != "decks" && !slices.ContainsFunc(Editions, func(e *Edition) bool { return e.Book == book })) {
			return nil, fmt.Errorf("fact %s: %q is not a rulebook line (FILE:LINE, such as 002:107)", f.ID, s)
		}
		f.Cites = append(f.Cites, Cite{Book: book, Line: n})
	}
	for _, a := range strings.Split(strings.Join(parts[2:], ";"), ";") {
		if a = strings.TrimSpace(a); a != "" {
			f.Asks = append(f.Asks, a)
		}
	}
	return f, nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
