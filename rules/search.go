package rules

import (
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/unoscore/unoscore/rules/words"
)

// fillers are the words a question carries that name no topic: "can I",
// "what is", "do you have to".
var fillers = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the i you we he she they my your our me us it its is are am was were be been
		do does did done can could should would will shall may might must have has had to too of on in at by for from
		with and or but if when whenever what whats how who whom why which where there that this these those about
		get gets got any anyone someone somebody one's so then than as into onto out? allowed legal ok okay happen
		happens happened mean means rule rules still ever really just also please tell explain else work works
		working t s d ll ve re m`) {
		if !strings.HasSuffix(w, "?") {
			m[w] = true
		}
	}
	return m
}()

// synonyms fold words that mean the same to one spelling.
var synonyms = map[string]string{
	"0": "zero", "1": "one", "2": "two", "4": "four", "7": "seven", "10": "ten",
	"color": "colour", "colored": "coloured", "colorful": "colour",
	"1v1": "two", "2p": "two", "plus": "+",
	"cant": "cannot", "dont": "not", "doesnt": "not", "didnt": "not", "wont": "not", "isnt": "not", "aren": "not",
}

// queryWords splits text into the words the search compares: lower case,
// letters, digits and '+', each stemmed and folded by synonyms, fillers
// dropped.
func queryWords(s string) []string {
	var out []string
	s = strings.NewReplacer("'", "", "’", "").Replace(strings.ToLower(s))
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+')
	}) {
		if fillers[w] {
			continue
		}
		w = stem(w)
		if s, ok := synonyms[w]; ok {
			w = s
		}
		if w != "" && !fillers[w] {
			out = append(out, w)
		}
	}
	return out
}

// rawWords splits text into lower-case words of letters, digits and '+',
// apostrophes dropped ("can't" is "cant"), fillers left out.
func rawWords(s string) []string {
	var out []string
	s = strings.NewReplacer("'", "", "\u2019", "").Replace(strings.ToLower(s))
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+')
	}) {
		if !fillers[w] {
			out = append(out, w)
		}
	}
	return out
}

// stem strips the commonest English endings: "stacking", "stacked" and
// "stacks" all become "stack", "skipped" becomes "skip".
func stem(w string) string {
	switch {
	case len(w) > 5 && strings.HasSuffix(w, "ing"):
		return undouble(w[:len(w)-3])
	case len(w) > 4 && strings.HasSuffix(w, "ed"):
		return undouble(w[:len(w)-2])
	case len(w) >= 2 && w[len(w)-1] == 's' && w[len(w)-2] >= '0' && w[len(w)-2] <= '9':
		return w[:len(w)-1] // "7s", "+2s"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

func undouble(w string) string {
	n := len(w)
	if n >= 3 && w[n-1] == w[n-2] && !strings.ContainsRune("lsz", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

// likeness says how well a query word fits a word of a topic: 1 the same,
// 0.8 one a short extension of the other ("shuffl", "shuffle"), 0.5 a
// misspelling (counted only for suggestions), 0 not at all.
func likeness(q, k string, fuzzy bool) float64 {
	switch {
	case q == k:
		return 1
	case len(q) >= 5 && len(k) >= 5 && (strings.HasPrefix(k, q) || strings.HasPrefix(q, k)) && abs(len(k)-len(q)) <= 2:
		return 0.8
	}
	short := min(len(q), len(k))
	if !fuzzy {
		return 0
	}
	if short >= 5 && words.Distance(q, k) <= 1 || short >= 7 && words.Distance(q, k) <= 2 {
		return 0.5
	}
	return 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// maxQueryWords bounds the words of a question the search reads.
const maxQueryWords = 16

// topicIndex is what the search reads of one topic.
type topicIndex struct {
	topic    *Topic
	keys     [][]string // id, title and aliases, as words
	keywords [][]string
	keyWords []string // every word of keys, once
	kwWords  []string
	body     []string // every word of the text, once
}

var (
	indexOnce sync.Once
	index     []topicIndex
	docFreq   map[string]int // how many topics hold each word anywhere
)

func buildIndex() {
	docFreq = map[string]int{}
	for _, t := range Topics() {
		ix := topicIndex{topic: t}
		for _, k := range t.keys() {
			if w := queryWords(strings.ReplaceAll(k, "-", " ")); len(w) > 0 {
				ix.keys = append(ix.keys, w)
				ix.keyWords = append(ix.keyWords, w...)
			}
		}
		for _, k := range t.Keywords {
			if w := queryWords(k); len(w) > 0 {
				ix.keywords = append(ix.keywords, w)
				ix.kwWords = append(ix.kwWords, w...)
			}
		}
		text, _ := t.Text()
		ix.body = queryWords(text)
		ix.keyWords = uniq(ix.keyWords)
		ix.kwWords = uniq(ix.kwWords)
		ix.body = uniq(ix.body)
		for _, w := range uniq(slices.Concat(ix.keyWords, ix.kwWords, ix.body)) {
			docFreq[w]++
		}
		index = append(index, ix)
	}
}

func uniq(ws []string) []string {
	ws = slices.Clone(ws)
	slices.Sort(ws)
	return slices.Compact(ws)
}

// Hit is one topic the search found for a question.
type Hit struct {
	Topic   *Topic
	Score   float64
	Matched int  // how many of the question's words the topic holds
	InKeys  int  // how many of them are in its id, title, aliases or keywords
	Words   int  // how many words the question has, fillers left out
	Answers bool // the topic answers the question (else it is only near)
}

// Search ranks the topics for a question in a person's own words ("can I
// stack draw 2", "first card reverse"). Filler words are left out and the
// rest are stemmed ("stacking" is "stack", "2" is "two"). A topic scores for
// each word it holds, more in its id, title or aliases than in its keywords,
// more there than in its text, and more for rarer words; a phrase of its
// keys or keywords found whole in the question scores again. Topics holding
// more of the words rank first, then the higher score. A topic answers when it holds at least two
// thirds of the words, one of them in its keys or keywords. Misspellings
// never answer, but bring a topic into the list as near.
func Search(query string) []Hit {
	indexOnce.Do(buildIndex)
	q := queryWords(query)
	if len(q) == 0 {
		return nil
	}
	if len(q) > maxQueryWords {
		q = q[:maxQueryWords] // a question, not an essay
	}
	uq := uniq(q)
	need := (2*len(uq) + 2) / 3
	var hits []Hit
	for _, ix := range index {
		h := Hit{Topic: ix.topic, Words: len(uq)}
		keyHit, near := false, false
		// A topic whose one-word id stands in the question only inside
		// another card's longer name ("wild" in "wild draw four") is not
		// asked about: that name's words are the other card's.
		var claimed map[string]bool
		if id := ix.keys[0]; len(id) == 1 && inLongerName(q, id[0], ix.topic) {
			claimed = claimedWords(q, id[0], ix.topic)
		}
		for _, w := range uq {
			if claimed[w] {
				continue
			}
			key, kw, body := best(w, ix.keyWords, true), best(w, ix.kwWords, true), best(w, ix.body, false)
			s := max(3*exact(key), 2*exact(kw), exact(body))
			if s > 0 {
				h.Matched++
				h.Score += s * math.Log(1+float64(len(index))/float64(1+docFreq[w]))
				if key >= 0.8 || kw >= 0.8 {
					keyHit = true
					h.InKeys++
				}
			} else if key > 0 || kw > 0 {
				near = true
				h.Score += 0.5
			}
		}
		bonus := 0.0
		for i, ps := range [][][]string{ix.keys, ix.keywords} {
			for _, p := range ps {
				if (len(p) > 1 || len(q) == 1) && inOrder(q, p) {
					b := 2 * float64(len(p))
					if i == 0 {
						b++
					}
					if len(p) == len(q) {
						b += 3
					}
					bonus = max(bonus, b)
				}
			}
		}
		// A question naming the topic's one-word id ("wild", "skip") leans
		// to it over topics that merely mention the word, unless the word
		// is only the start of a longer card name the question holds
		// whole ("wild" in "wild draw four"): then the longer name leans.
		if id := ix.keys[0]; len(id) == 1 && slices.Contains(uq, id[0]) && !inLongerName(q, id[0], ix.topic) {
			bonus += 3
		}
		if longest := longestKey(q, ix.keys); longest > 1 && longest > longestOtherKey(q, ix.topic) {
			bonus += 3
		}
		h.Score += bonus
		if h.Matched == 0 && !near {
			continue
		}
		h.Answers = keyHit && h.Matched >= need
		hits = append(hits, h)
	}
	sort.SliceStable(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.Answers != b.Answers {
			return a.Answers
		}
		if a.Matched != b.Matched {
			return a.Matched > b.Matched
		}
		return a.Score > b.Score
	})
	return hits
}

// best is the likeness of the closest word in ws to w; misspellings count
// only when fuzzy is set.
func best(w string, ws []string, fuzzy bool) float64 {
	b := 0.0
	for _, k := range ws {
		l := likeness(w, k, fuzzy)
		b = max(b, l)
		if b == 1 {
			break
		}
	}
	return b
}

// exact keeps a likeness that is not a misspelling.
func exact(l float64) float64 {
	if l < 0.8 {
		return 0
	}
	return l
}

// inOrder reports whether the phrase's words stand next to each other, in
// order, in q.
func inOrder(q, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(q); i++ {
		ok := true
		for j, p := range phrase {
			if likeness(q[i+j], p, false) == 0 {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// longestKey is the length of the longest multi-word id, title or alias of
// keys that the question holds whole, in order.
func longestKey(q []string, keys [][]string) int {
	n := 0
	for _, k := range keys {
		if len(k) > n && inOrder(q, k) {
			n = len(k)
		}
	}
	return n
}

// longestOtherKey is longestKey over every topic but t.
func longestOtherKey(q []string, t *Topic) int {
	n := 0
	for _, ix := range index {
		if ix.topic != t {
			n = max(n, longestKey(q, ix.keys))
		}
	}
	return n
}

// claimedWords are the words of q that stand only inside the multi-word
// ids, titles or aliases of topics other than t that hold w.
func claimedWords(q []string, w string, t *Topic) map[string]bool {
	covered := coverage(q, w, t)
	m := map[string]bool{}
	for i, x := range q {
		if covered[i] {
			m[x] = true
		}
	}
	for i, x := range q {
		if !covered[i] {
			delete(m, x)
		}
	}
	return m
}

// inLongerName reports whether every place w stands in q is inside a
// multi-word id, title or alias of another topic than t, held whole.
func inLongerName(q []string, w string, t *Topic) bool {
	covered := coverage(q, w, t)
	found := false
	for i, x := range q {
		if x == w {
			if !covered[i] {
				return false
			}
			found = true
		}
	}
	return found
}

// coverage marks the places of q inside a multi-word id, title or alias,
// held whole, of a topic other than t that holds w.
func coverage(q []string, w string, t *Topic) []bool {
	covered := make([]bool, len(q))
	for _, ix := range index {
		if ix.topic == t {
			continue
		}
		for _, k := range ix.keys {
			if len(k) < 2 || !slices.Contains(k, w) {
				continue
			}
			for i := 0; i+len(k) <= len(q); i++ {
				if inOrder(q[i:i+len(k)], k) {
					for j := range k {
						covered[i+j] = true
					}
				}
			}
		}
	}
	return covered
}
