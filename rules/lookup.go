package rules

import (
	"fmt"
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
	msg := fmt.Sprintf("no rules topic matches %q", e.Query)
	if len(e.Suggest) > 0 {
		quoted := make([]string, len(e.Suggest))
		for i, s := range e.Suggest {
			quoted[i] = "\"" + s + "\""
		}
		return msg + ": did you mean " + joinOr(quoted) + "?"
	}
	return msg
}

// Invalid marks the error as bad input.
func (e *TopicError) Invalid() bool { return true }

func joinOr(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

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

// LookupTopic finds the topic a query names. A query that is a topic's id,
// title or alias (any case, words separated by spaces or dashes) names it,
// and the other topics whose id begins with its id come back as see-also
// ("challenge" also names "challenge-uno"). Any other query is a question in
// a person's own words, answered by a ranked search (see Search): the best
// topic, and up to two runners-up as see-also. A query that answers to none
// gives a *TopicError with the closest topics.
func LookupTopic(query string) (*Topic, []*Topic, error) {
	q := normTopic(query)
	if q == "" {
		return nil, nil, &TopicError{Query: query}
	}
	var found *Topic
	for _, t := range Topics() {
		for _, k := range t.keys() {
			if normTopic(k) == q {
				found = t
				break
			}
		}
		if found != nil {
			break
		}
	}
	if found == nil {
		hits := Search(query)
		if len(hits) == 0 || !hits[0].Answers {
			return nil, nil, &TopicError{Query: query, Suggest: suggestions(query, hits)}
		}
		var also []*Topic
		for _, h := range hits[1:] {
			if h.Answers && h.Score*2 >= hits[0].Score && len(also) < 2 {
				also = append(also, h.Topic)
			}
		}
		return hits[0].Topic, also, nil
	}
	var also []*Topic
	for _, t := range Topics() {
		if t != found && strings.HasPrefix(t.ID, found.ID+"-") {
			also = append(also, t)
		}
	}
	return found, also, nil
}

// suggestions are up to three topic ids for a query that answers to none:
// the topics nearest by spelling, then those the search came closest with.
func suggestions(query string, hits []Hit) []string {
	content := rawWords(query)
	if len(content) == 0 {
		return nil // nothing but filler words: "what is"
	}
	out := suggestTopics(normTopic(strings.Join(content, "")))
	for _, h := range hits {
		if len(out) == 3 {
			break
		}
		if !slices.Contains(out, h.Topic.ID) {
			out = append(out, h.Topic.ID)
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
