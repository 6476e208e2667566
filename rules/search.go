package rules

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/kljensen/snowball/english"

	"github.com/unoscore/unoscore/rules/words"
)

// The search reads a question the way a person at the table means it: the
// table's spellings are folded first (a card's every name to one word, slang
// and texting to plain words, number words to digits), then the words are
// stemmed with the Snowball English stemmer, and the facts are ranked by
// BM25F over their text, their topic's names and the ways people ask for
// them. A word found nowhere adds nothing; it never stops an answer.

// cardNames folds every way of naming a card, or a custom with a name, into
// one word, before the question is cut into words: "wild draw 4", "+4",
// "wd4" and "draw four" are all "drawfour", and "draw 2" is never "draw" and
// "two players". Longer names come first.
var cardNames = []struct {
	re   *regexp.Regexp
	word string
}{
	{regexp.MustCompile(`\b4\s*\+|\bwild\s*-?\s*(?:draw|drw)\s*-?\s*(?:4|four)s?\b|\bwild\s*-?\s*\+\s*4s?\b|\bw\s*\+\s*4s?\b|\bwd\s*4s?\b|\bw4s?\b|\bwild\s*-?\s*(?:4|four)s?\b|\bwild\s*draw\s*cards?\b|\b(?:draw|drw)\s*-?\s*(?:4|four)s?\b|\bplus\s*-?\s*(?:4|four)s?\b|\+\s*4s?\b|\bd4s?\b|\bpick\s*up\s*(?:4|four)\b`), "drawfour"},
	{regexp.MustCompile(`\b2\s*\+|\b(?:draw|drw)\s*-?\s*(?:2|two)s?\b|\bplus\s*-?\s*(?:2|two)s?\b|\+\s*2s?\b|\bd2s?\b|\bpick\s*up\s*(?:2|two)\b`), "drawtwo"},
	{regexp.MustCompile(`\bwild\s*-?\s*shuffle\s*-?\s*hands?\b|\bshuffle\s*-?\s*(?:hands?|cards?)\b|\bws\b`), "shufflehands"},
	{regexp.MustCompile(`\b(?:wild\s*)?customi[sz]able(?:\s*(?:wild|card)s?)?\b|\bcustom\s*(?:wild|card)s?\b|\bblank\s*(?:wild\s*)?(?:card|wild)s?\b|\bwc\b`), "customwild"},
	{regexp.MustCompile(`\b(?:seven|7)\s*-?\s*(?:o|oh|0|zero)\b|\b(?:sevens|7s)(?:\s*(?:and|n|&)\s*(?:zeros|zeroes|0s))?\b|\b7\s*(?:and|n|&)\s*0\b`), "sevenzero"},
	{regexp.MustCompile(`\bjump\s*-?\s*(?:in|ins|ing\s*in)\b|\bjumpin\b|\bcut\s*-?\s*in\b`), "jumpin"},
	{regexp.MustCompile(`\b(?:2|two)\s*-?\s*(?:players?|people|persons|handed|hand(?:ed)?\s*play)\b|\b1\s*v\s*1\b|\b2p\b|\bhead\s*-?\s*to\s*-?\s*head\b|\bheads\s*up\b|\bjust\s*(?:2|two)\s*of\s*us\b`), "twoplayer"},
	{regexp.MustCompile(`\bchallenge\s*uno\b`), "challengeuno"},
	{regexp.MustCompile(`\bpick(?:s|ing|ed)?\s+up\b`), "draw"},
}

// cardWord drops "card" after a card's name: "wild card" is "wild", "skip
// card" is "skip", so "card" is left to questions about cards in general.
var cardWord = regexp.MustCompile(`\b(wild|wilds|skip|skips|reverse|reverses|drawtwo|drawfour|shufflehands|customwild|number|colou?r|change|special|power)\s+cards?\b`)

// unoNoise finds the questions where "uno" is the game's name ("a game of
// uno", "in uno"), not the call: only a question about saying it, calling
// it or being caught keeps the word at full weight.
var unoCall = regexp.MustCompile(`\b(?:say|says|saying|said|call|calls|calling|called|yell|yells|yelling|shout|shouting|announce|announcing|declare|forget|forgot|forgetting|caught|catch|catches|before|after|uno\s+out)\b`)

// unoWeight is the weight of "uno" in a question that does not ask about
// the call.
const unoWeight = 0.15

// slang folds the table's texting and spelling to plain words.
var slang = map[string]string{
	"u": "you", "ur": "your", "r": "are", "n": "and", "til": "until", "till": "until", "untill": "until", "untl": "until",
	"tho": "though", "pls": "please", "plz": "please", "w": "with", "b4": "before", "cuz": "because", "coz": "because",
	"bc": "because", "ppl": "people", "thru": "through", "ya": "you", "yall": "you", "wanna": "want", "gotta": "must",
	"gonna": "going", "cant": "cannot", "cnt": "cannot", "wont": "not", "dont": "not", "doesnt": "not", "didnt": "not",
	"isnt": "not", "arent": "not", "havent": "not", "hasnt": "not", "shouldnt": "not", "wouldnt": "not", "couldnt": "not",
	"im": "i", "ive": "i", "id": "i", "whats": "what", "hows": "how", "whos": "who", "thats": "that", "theres": "there",
	"1st": "first", "2nd": "second", "3rd": "third", "lst": "last", "nxt": "next", "wat": "what", "wut": "what",
	"k": "ok", "okay": "ok", "yeah": "yes", "ya'll": "you", "smth": "something", "sth": "something",
	"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
	"ten": "10", "zero": "0", "color": "colour", "colors": "colours", "colored": "coloured", "favor": "favour",
	"hundred": "100", "pickup": "draw", "anticlockwise": "counterclockwise", "counter": "counterclockwise",
	"stackable": "stack", "stackin": "stack", "stacked": "stack", "cumulative": "stack", "wildcard": "wild", "wildcards": "wild",
}

// stopWords say nothing about which rule is meant.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the i you your we he she they them their my our me us it its is are am was were be been being
		do does did doing done can could should would will shall may might must have has had having to too of on in at by for from
		with and or but if when whenever what how who whom why which where there that this these those about as into onto
		so then than just really actually exactly basically literally also still ever even now wait ok yes no hey hi hello um uh lol
		lmao omg guy guys dude bro please though anyone someone somebody everyone anybody something anything thing things
		know think wonder wondering question questions q asking ask mean means meaning tell explain supposed allowed legal
		legit correct right wrong official officially rule rules uno's let lets get gets got
		want wants like whats im very some any all each every own such ever
		happen happens happened happening then okay ok way here thanks thank help answer settle argument debate family
		friend friends mom dad sister brother kid kids wife husband girlfriend boyfriend game games playing`) {
		m[w] = true
	}
	return m
}()

// unoWords are words that on their own make a question one about UNO; a
// question holding none of them is answered only when most of its words are
// found (so "purple elephant banana" is not answered by the themed deck).
var unoWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`uno card cards deck draw drew drawn drawing drawtwo drawfour wild wilds skip skipped reverse
		discard pile dealer deal dealt challenge challenged challenging challengeuno penalty penalties score scoring scored
		points point stack stacking jumpin sevenzero shufflehands customwild colour colours turn turns hand hands partner
		partners team teams tournament renege reneging reshuffle bluff bluffing twoplayer shuffle dealer action symbol
		eliminated elimination tie tied ties lowest 500 round rounds`) {
		m[stemWord(w)] = true
	}
	return m
}()

// folded are the words cardNames fold to, which are not stemmed.
var folded = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range cardNames {
		m[c.word] = true
	}
	m["whatdo"] = true
	return m
}()

func stemWord(w string) string {
	if len(w) < 3 || folded[w] || strings.ContainsAny(w, "0123456789+") {
		return w
	}
	return english.Stem(w, false)
}

// questionWords reads text into the words the search compares: card names
// and slang folded, stop words left out, the rest stemmed.
func questionWords(s string) []string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("'", "", "\u2019", "", "`", "").Replace(s)
	if whatDoes.MatchString(s) {
		s = workWord.ReplaceAllString(s, " ") + " whatdo"
	}
	for _, c := range cardNames {
		s = c.re.ReplaceAllString(s, " "+c.word+" ")
	}
	s = cardWord.ReplaceAllString(s, "$1")
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+')
	}) {
		w = strings.Trim(w, "+")
		if w == "" {
			continue
		}
		if x, ok := slang[w]; ok {
			w = x
		}
		if stopWords[w] {
			continue
		}
		out = append(out, stemWord(w))
	}
	return out
}

// withPairs adds each pair of neighbouring words ("play_draw") to ws, so the
// order of words counts too.
func withPairs(ws []string) []string {
	out := slices.Clone(ws)
	for i := 0; i+1 < len(ws); i++ {
		out = append(out, ws[i]+"_"+ws[i+1])
	}
	return out
}

// Field weights of BM25F: what a fact says, the ways people ask for it,
// the names of its topic, and the topic's further keywords.
const (
	weightText     = 1.0
	weightAsks     = 1.6
	weightTopic    = 0.8
	weightKeywords = 0.4
	bm25K1         = 1.2
	bm25B          = 0.6
	fuzzyWeight    = 0.7
	firstFactLean  = 0.04
	maxQueryWords  = 24
)

type factDoc struct {
	fact *Fact
	tf   map[string]float64 // weighted count of each word over the fields
	size float64
}

type factIndex struct {
	docs    []factDoc
	idf     map[string]float64
	vocab   []string // every single word, for misspellings
	avgSize float64
}

var (
	searchOnce sync.Once
	searchIx   *factIndex
)

func buildFactIndex() *factIndex {
	ix := &factIndex{idf: map[string]float64{}}
	df := map[string]int{}
	total := 0.0
	for _, f := range Facts() {
		d := factDoc{fact: f, tf: map[string]float64{}}
		add := func(text string, w float64) {
			for _, t := range withPairs(questionWords(text)) {
				d.tf[t] += w
				d.size += w
			}
		}
		add(f.Heading+". "+plainMarks(f.Text), weightText)
		for _, a := range f.Asks {
			add(a, weightAsks)
		}
		// The topic's names and keywords count each word once: a topic
		// with many aliases does not outweigh what its facts say.
		t := f.Topic
		once := func(texts []string, w float64) {
			seen := map[string]bool{}
			for _, text := range texts {
				for _, x := range withPairs(questionWords(text)) {
					if !seen[x] {
						seen[x] = true
						d.tf[x] += w
						d.size += w
					}
				}
			}
		}
		once(append([]string{strings.ReplaceAll(t.ID, "-", " "), t.Title}, t.Aliases...), weightTopic)
		once(t.Keywords, weightKeywords)
		for w := range d.tf {
			df[w]++
		}
		total += d.size
		ix.docs = append(ix.docs, d)
	}
	n := float64(len(ix.docs))
	for w, c := range df {
		ix.idf[w] = math.Log(1 + (n-float64(c)+0.5)/(float64(c)+0.5))
		if !strings.Contains(w, "_") {
			ix.vocab = append(ix.vocab, w)
		}
	}
	sort.Strings(ix.vocab)
	ix.avgSize = total / n
	return ix
}

// plainMarks drops the Markdown marks that are no words, and the commands
// in backquotes (`unoscore rules house-rules` is no word of the fact's).
func plainMarks(s string) string {
	return strings.ReplaceAll(codeSpan.ReplaceAllString(s, " "), "- ", " ")
}

var codeSpan = regexp.MustCompile("`[^`]*`")

// whatDoes finds a question after what a card or rule does ("what does a
// skip do", "how does challenge uno work"): it adds the word "whatdo", which
// the facts about what something does carry in their asks.
// workWord is the verb of "how does it work", "what does it mean", which
// says no more than whatdo once that is added.
var workWord = regexp.MustCompile(`\b(?:work|works|mean|means)\b`)

var whatDoes = regexp.MustCompile(`\bwhat\s+(?:does|do|did|will|can)\b.*\b(?:do|mean|means)\b|\bhow\s+(?:does|do)\b.*\bwork|\bwhat\s+happens\s+(?:when|if)\s+\w+\s+(?:\w+\s+)?(?:plays?|puts?)\b`)

// fuzzyReach is how many letters a word may be misspelt by: none for short
// words, then more as the word grows ("revers" 1, "chalenging" 2).
func fuzzyReach(n int) int {
	switch {
	case n < 5:
		return 0
	case n < 8:
		return 1
	}
	return 2
}

// correct finds the word of the reference closest to a misspelt one.
func (ix *factIndex) correct(w string) (string, bool) {
	reach := fuzzyReach(len(w))
	if reach == 0 || strings.ContainsAny(w, "0123456789") {
		return "", false
	}
	best, bestD := "", reach+1
	for _, v := range ix.vocab {
		if abs(len(v)-len(w)) > reach {
			continue
		}
		d := words.Distance(w, v)
		if d < bestD || d == bestD && ix.idf[v] < ix.idf[best] {
			best, bestD = v, d
		}
	}
	return best, best != ""
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// A Hit is one fact the search found, with its score.
type Hit struct {
	Fact  *Fact
	Score float64
}

// query is a question read for the search.
type query struct {
	terms   map[string]float64 // word (or pair) and its weight
	words   int                // single words read
	known   float64            // of them, found in the reference (misspellings count half)
	unoWord bool               // a word that names something in UNO
}

func (ix *factIndex) read(q string, fuzzy bool) query {
	ws := questionWords(q)
	unoW := unoWeight
	if unoCall.MatchString(strings.ToLower(q)) || len(ws) == 1 {
		unoW = 1
	}
	if len(ws) > maxQueryWords {
		ws = ws[:maxQueryWords] // a question, not an essay
	}
	r := query{terms: map[string]float64{}, words: len(ws)}
	fixed := make([]string, len(ws))
	weights := make([]float64, len(ws))
	for i, w := range ws {
		fixed[i] = w
		weight := 1.0
		if _, ok := ix.idf[w]; ok {
			r.known++
		} else if c, ok := ix.correct(w); ok && fuzzy {
			fixed[i], weight = c, fuzzyWeight
			r.known += 0.5
		} else {
			continue
		}
		if unoWords[fixed[i]] {
			r.unoWord = true
		}
		if fixed[i] == "uno" {
			weight *= unoW
		}
		weights[i] = weight
		r.terms[fixed[i]] = max(r.terms[fixed[i]], weight)
	}
	for i := 0; i+1 < len(fixed); i++ {
		p := fixed[i] + "_" + fixed[i+1]
		if _, ok := ix.idf[p]; ok {
			// A pair weighs what its lighter word does ("uno" as the
			// game's name weighs little, and so does "play_uno").
			r.terms[p] = min(weights[i], weights[i+1])
		}
	}
	return r
}

func (ix *factIndex) score(d *factDoc, q query) float64 {
	s := 0.0
	for w, qw := range q.terms {
		tf := d.tf[w]
		if tf == 0 {
			continue
		}
		s += qw * ix.idf[w] * tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*d.size/ix.avgSize))
	}
	return s
}

// Search ranks the reference's facts for a question in anyone's words,
// best first; facts that share no word with it are left out.
func Search(q string) []Hit { return search(q, true) }

// search ranks the facts; without fuzzy, misspellings are not corrected.
func search(q string, fuzzy bool) []Hit {
	searchOnce.Do(func() { searchIx = buildFactIndex() })
	ix := searchIx
	r := ix.read(q, fuzzy)
	var hits []Hit
	for i := range ix.docs {
		if s := ix.score(&ix.docs[i], r); s > 0 {
			if d := ix.docs[i].fact; d == d.Topic.facts[0] {
				s *= 1 + firstFactLean // a topic's first fact is what it is about
			}
			hits = append(hits, Hit{Fact: ix.docs[i].fact, Score: s})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	return hits
}

// answerable says whether a question is about UNO at all: it names
// something in UNO, or most of its words are found in the reference.
func answerable(q string) bool {
	searchOnce.Do(func() { searchIx = buildFactIndex() })
	r := searchIx.read(q, true)
	if r.words == 0 || len(r.terms) == 0 {
		return false
	}
	return r.unoWord || r.known*2 > float64(r.words)
}
