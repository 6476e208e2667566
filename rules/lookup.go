package rules

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/unoscore/unoscore/rules/words"
)

// TopicError is a topic the reference does not have.
type TopicError struct {
	Query   string
	Suggest []string // up to three topic ids, closest first
}

func (e *TopicError) Error() string {
	if strings.TrimSpace(e.Query) == "" {
		return "nothing was asked: ask a question or name a topic"
	}
	msg := fmt.Sprintf("no rules topic matches %q", e.Query)
	if len(e.Suggest) > 0 {
		quoted := make([]string, len(e.Suggest))
		for i, s := range e.Suggest {
			quoted[i] = "\"" + s + "\""
		}
		return msg + ": did you mean " + words.JoinOr(quoted) + "?"
	}
	return msg
}

// Invalid marks the error as bad input.
func (e *TopicError) Invalid() bool { return true }

// normTopic folds a query or key for comparison: lower case, letters, digits
// and '+' only, so "Wild Draw-Four" and "wilddrawfour" are the same.
func normTopic(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// keys lists what a topic answers to: its id, its title and its aliases.
func (t *Topic) keys() []string {
	return append([]string{t.ID, t.Title}, t.Aliases...)
}

// An Answer is what the reference says to a question or a topic's name.
type Answer struct {
	Topic *Topic
	Fact  *Fact    // the fact that settles the question; nil when the words named the topic
	Also  []*Topic // close runners-up (for a topic named: the topics whose id begins with its id)
	Near  []*Fact  // the runners-up's facts, as close as the answer or nearly
	// Verdict is the referee's ruling on the situation the question
	// describes, one sentence that starts with the answer ("No: …", "124:
	// …"); "" when the question describes none. Fact is then the fact it
	// rests on.
	Verdict string
	// agreed: the table already plays by the house rule the fact is
	// about, so its "agree on it before the first hand" is left out.
	agreed bool
}

// Short is the answer to read out: the fact under its topic's title and
// heading, as Markdown ("## Skip: as the first discard" then the fact).
// It is empty when the words named a topic.
func (a *Answer) Short() string {
	if a.Fact == nil {
		return a.Verdict
	}
	text, note := a.Fact.Text, ""
	if a.agreed || strings.Contains(a.Verdict, "unoscore new --house") {
		// Agreed already, or the ruling has said how to agree on it.
		text = agreeSentence.ReplaceAllString(text, "")
	}
	if a.Fact.flipOnly() && !strings.Contains(text, "five rulebooks") {
		// UNO Flip speaks for itself, never for the five rulebooks.
		note = "\n\n" + flipNote
	}
	head := "## " + a.Fact.Lead() + "\n"
	if a.Verdict != "" {
		head = a.Verdict + "\n\n" + head
	}
	// The answer is read aloud: what the ruling and the heading leave of
	// about 50 words holds as much of the fact as fits, sentence by
	// sentence, the first always when nothing leads it.
	budget := readAloud - countWords(head) - countWords(note)
	body := fitSentences(text, budget, a.Verdict == "")
	if strings.TrimSpace(body) == "" {
		// Nothing of the fact fits beside the ruling: a heading alone
		// would read as an answer cut off.
		return a.Verdict + note
	}
	return head + body + note
}

// agreeSentence is a fact's suggestion to agree on a house rule before
// the first hand.
var agreeSentence = regexp.MustCompile(` ?Agree on it before the first hand[^.\n]*\.`)

// readAloud is how many words an answer holds before "more:": about 50.
const readAloud = 55

// countWords counts the words read out, heading marks left out.
func countWords(s string) int { return len(strings.Fields(strings.ReplaceAll(s, "#", ""))) }

// fitSentences is text cut to its first sentences (and list lines) that
// fit in budget words; with keepFirst, the first is kept whatever its
// length. A sentence ends at ". " or a line's end; one that does not fit
// is left out and the next tried, so that a closing suggestion ("agree on
// it before the first hand") survives a long middle. Cut after a ruling
// (keepFirst false), a list's lines are left out whole.
func fitSentences(text string, budget int, keepFirst bool) string {
	if countWords(text) <= budget {
		return text
	}
	var b strings.Builder
	used, wroteLine := 0, false
	for _, line := range strings.Split(text, "\n") {
		if !keepFirst && strings.HasPrefix(line, "- ") {
			// A ruling leads: it has chosen among the alternatives a list
			// gives, and one of them alone would read as the answer.
			continue
		}
		rest := line
		for k := 0; rest != ""; k++ {
			sentence := rest
			if i := strings.Index(rest, ". "); i >= 0 {
				sentence, rest = rest[:i+1], rest[i+2:]
			} else {
				rest = ""
			}
			n := countWords(sentence)
			if used+n > budget && !(keepFirst && used == 0) {
				continue // too long to read out here; a shorter one after it may fit
			}
			if b.Len() > 0 && k > 0 && !wroteLine {
				b.WriteString(" ")
			} else if b.Len() > 0 {
				b.WriteString("\n")
			}
			b.WriteString(sentence)
			used += n
			wroteLine = false
		}
		wroteLine = true
	}
	return b.String()
}

// flipNote is said with every answer from UNO Flip's sheet alone.
const flipNote = "UNO Flip's sheet, not the five rulebooks."

// asideLean is what a newer edition's fact weighs in a question that
// names neither that edition nor a card only it has.
const asideLean = 0.6

// editionOnly reports whether every line the fact cites is a newer
// edition's sheet (../shared/rulebooks/other-decks.md).
func (f *Fact) editionOnly() bool {
	for _, c := range f.Cites {
		if c.Book != "decks" {
			return false
		}
	}
	return len(f.Cites) > 0
}

// flipOnly reports whether every line the fact cites is UNO Flip's.
func (f *Fact) flipOnly() bool {
	for _, c := range f.Cites {
		if c.Book != "flip" {
			return false
		}
	}
	return len(f.Cites) > 0
}

// Lead names a fact in a few words: its topic's title and its heading.
func (f *Fact) Lead() string {
	if f.Heading == "" || strings.EqualFold(f.Heading, f.Topic.Title) {
		return f.Topic.Title
	}
	// A title with a colon of its own ("Reneging: holding back a playable
	// card") takes the heading after a comma: two colons read as a list.
	sep := ": "
	if strings.Contains(f.Topic.Title, ":") {
		sep = ", "
	}
	if len(f.Heading) > 1 && f.Heading[1] >= 'A' && f.Heading[1] <= 'Z' {
		return f.Topic.Title + sep + f.Heading // "UNO Flip" is a name, not "uNO Flip"
	}
	return f.Topic.Title + sep + strings.ToLower(f.Heading[:1]) + f.Heading[1:]
}

// nearRatio is how close a runner-up's score must come to the answer's to
// be named beside it.
const nearRatio = 0.5

// Ask answers a topic's name or a question in a person's own words. A
// query that is a topic's id, title or alias (any case, words separated by
// spaces or dashes) names the whole topic, and the other topics whose id
// begins with its id come back as Also ("challenge" also names
// "challenge-uno"). Any other query is a question: the fact that ranks
// first answers it (see Search), with up to two runners-up from other
// topics that came close. A query about nothing in UNO gives a *TopicError
// with the closest topics.
func Ask(query string) (*Answer, error) { return AskFor(query, Table{}) }

// AskFor is Ask for a table: a question that describes a situation (a card
// on a pile, a challenge's outcome, cards whose points are asked) is ruled
// on first, for the table's deck and house rules, and the fact the ruling
// rests on follows it.
func AskFor(query string, table Table) (*Answer, error) {
	q := normTopic(query)
	if q == "" {
		return nil, &TopicError{Query: query}
	}
	if a, err := askByID(q); a != nil || err != nil {
		return a, err
	}
	for _, t := range Topics() {
		for _, k := range t.keys() {
			if normTopic(k) == q {
				a := &Answer{Topic: t}
				for _, o := range Topics() {
					if o != t && strings.HasPrefix(o.ID, t.ID+"-") {
						a.Also = append(a.Also, o)
					}
				}
				return a, nil
			}
		}
	}
	ix := indexFor(query)
	r := ix.read(query, true)
	hits := ix.rank(r)
	sit := ReadSituation(query)
	ruling, ruled := sit.Rule(table)
	if sit.Edition == "" && editionOf(sit.Cards) == "" && (table.Deck == nil || table.Deck.Decl == nil || !table.Deck.Decl.Newer) {
		// A newer edition's own facts answer a question about that
		// edition; asked of UNO at large ("how do wild cards work") the
		// five rulebooks answer first, and a question ruled for them
		// ("can you attack someone with a plus 4") has no edition's
		// topic beside it: a word of an edition's name said in
		// everyday words does not name it.
		kept := hits[:0]
		for _, h := range hits {
			if h.Fact.editionOnly() {
				if ruled && !strings.HasPrefix(ruling.Fact, h.Fact.Topic.ID) && !strings.HasPrefix(ruling.Fact, strings.ReplaceAll(h.Fact.Topic.ID, "-", "")) {
					continue
				}
				h.Score *= asideLean
			}
			kept = append(kept, h)
		}
		hits = kept
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	}
	if r, ok := bonusRuling(query, table); ok {
		ruling, ruled = r, true
	}
	if !ruled {
		hits = leanToEdition(query, hits)
	}
	var rests *Fact
	if ruled {
		rests = factByID(ruling.Fact)
	} else if sit.Silence != "" {
		// What no rulebook covers, named by the question: its fact leads.
		rests = factByID(sit.Silence)
	}
	if rests != nil && (len(hits) == 0 || hits[0].Fact != rests) {
		// The fact the ruling rests on leads; the search's best follows
		// as a runner-up.
		hits = append([]Hit{{Fact: rests, Score: score0(hits)}}, hits...)
	}
	if len(hits) == 0 || !r.answerable() && rests == nil {
		return nil, &TopicError{Query: query, Suggest: suggestions(query)}
	}
	best := hits[0]
	a := &Answer{Topic: best.Fact.Topic, Fact: tableFact(best.Fact, table), Verdict: ruling.Text}
	if h := houseFor(best.Fact.ID); h != nil && table.HasHouse(h.ID) {
		a.agreed = true
	}
	if h := houseFor(best.Fact.ID); h != nil && table.HasHouse(h.ID) && !strings.Contains(strings.ToLower(a.Verdict), "at this table (house rule: "+h.ID+")") {
		a.Verdict = fmt.Sprintf("At this table (house rule: %s): yes, %s; the rulebooks have no such rule.", h.ID, h.Says)
	}
	if r.words < 2 {
		return a, nil // one word names no second thing to point to
	}
	for _, h := range hits[1:] {
		if h.Score < nearRatio*best.Score || len(a.Also) == 2 {
			break
		}
		if h.Fact.Topic == a.Topic || slices.Contains(a.Also, h.Fact.Topic) {
			continue
		}
		a.Also = append(a.Also, h.Fact.Topic)
		a.Near = append(a.Near, h.Fact)
	}
	return a, nil
}

// editionLean is how close the best fact of an edition the question names
// must come to the best hit to answer in its place.
const editionLean = 0.25

// leanToEdition puts first the best fact of the edition a question names
// ("how many people can play uno party"), when it comes close: the five
// rulebooks' neighbouring fact is not that edition's answer.
func leanToEdition(query string, hits []Hit) []Hit {
	ed := readEdition(sitWords(query))
	if ed == "" || len(hits) == 0 || hits[0].Fact.Topic.ID == ed {
		return hits
	}
	for i, h := range hits {
		if h.Fact.Topic.ID == ed && h.Score >= editionLean*hits[0].Score {
			h.Score = hits[0].Score
			out := append([]Hit{h}, hits[:i]...)
			return append(out, hits[i+1:]...)
		}
	}
	return hits
}

// factByID finds a fact by its id without listing every fact.
func factByID(id string) *Fact {
	for _, t := range Topics() {
		for _, f := range t.Facts() {
			if f.ID == id {
				return f
			}
		}
	}
	return nil
}

// score0 is the best hit's score, or 1 with none.
func score0(hits []Hit) float64 {
	if len(hits) == 0 {
		return 1
	}
	return hits[0].Score
}

// askByID answers q (folded by normTopic) when it is a topic's id, from
// that topic's file and the files of the topics whose id begins with it,
// found by their names (each file is named by its topic's id, a deck's
// declared topic by its deck's, topicFiles): `rules skip` reads one file,
// not every topic's. Every key names one topic
// (TestEveryTopicByIDAndAlias), so it is the topic the whole list gives. A
// nil answer and error: q is no topic's id.
func askByID(q string) (*Answer, error) {
	files, err := topicFiles() // the names alone
	if err != nil {
		return nil, err
	}
	var a *Answer
	for _, f := range files {
		if id := strings.TrimSuffix(path.Base(f), ".md"); normTopic(id) == q {
			t, err := readTopic(f)
			if err != nil || t.ID != id {
				return nil, err // a file not named by its id: the whole list
			}
			a = &Answer{Topic: t}
		}
	}
	if a == nil {
		return nil, nil
	}
	for _, f := range files {
		if strings.HasPrefix(path.Base(f), a.Topic.ID+"-") {
			o, err := readTopic(f)
			if err != nil {
				return nil, err
			}
			a.Also = append(a.Also, o)
		}
	}
	sort.SliceStable(a.Also, func(i, j int) bool { return readingOrder(a.Also[i], a.Also[j]) })
	return a, nil
}

// LookupTopic is Ask for the topic alone: the topic that answers the query
// and the runners-up.
func LookupTopic(query string) (*Topic, []*Topic, error) {
	a, err := Ask(query)
	if err != nil {
		return nil, nil, err
	}
	return a.Topic, a.Also, nil
}

// suggestions are up to three topic ids for a query that answers to none:
// the topics nearest by spelling, then those holding its words as written.
func suggestions(query string) []string {
	content := rawWords(query)
	if len(content) == 0 {
		return nil // nothing but filler words: "what is"
	}
	out := suggestTopics(normTopic(strings.Join(content, "")))
	for _, h := range search(query, false) {
		if len(out) == 3 {
			break
		}
		if !slices.Contains(out, h.Fact.Topic.ID) {
			out = append(out, h.Fact.Topic.ID)
		}
	}
	return out
}

// suggestTopics returns up to three topic ids whose keys are closest to q by
// edit distance, within reach of a typo.
func suggestTopics(q string) []string {
	type cand struct {
		id string
		d  int
	}
	var cs []cand
	for _, t := range Topics() {
		best := 1 << 30
		for _, k := range t.keys() {
			nk := normTopic(k)
			d := words.Distance(q, nk)
			// A query that is the start of a longer key is close too.
			if len(q) >= 3 && strings.HasPrefix(nk, q) {
				d = min(d, 1)
			}
			best = min(best, d)
		}
		if best <= max(1, min(3, len(q)/3)) {
			cs = append(cs, cand{t.ID, best})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	var out []string
	for i := 0; i < len(cs) && i < 3; i++ {
		out = append(out, cs[i].id)
	}
	return out
}

// rawWords are the words of s as typed, lower case, stop words left out.
func rawWords(s string) []string {
	var out []string
	s = strings.NewReplacer("'", "", "\u2019", "").Replace(strings.ToLower(s))
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+')
	}) {
		if !stopWords()[w] && !stopWords()[slang()[w]] {
			out = append(out, w)
		}
	}
	return out
}
