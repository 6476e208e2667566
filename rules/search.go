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
// one word, before the words are stemmed: "wild draw 4", "+4", "wd4" and
// "draw four" are all "drawfour", and "draw 2" is never "draw" and "two
// players". Each name is a run of words as typed; the longest run wins.
var cardNames = sync.OnceValue(func() map[string][][]string {
	m := map[string][][]string{}
	add := func(word string, names ...string) {
		for _, n := range names {
			m[word] = append(m[word], strings.Fields(n))
		}
	}
	add("drawfour", "wild draw 4", "wild draw four", "wild draw 4s", "wild draw fours", "wild +4", "wild + 4", "wild 4",
		"wild four", "wild 4s", "wild fours", "draw 4", "draw four", "draw 4s", "draw fours", "drw 4", "plus 4", "plus four",
		"plus 4s", "+4", "+4s", "+ 4", "4+", "w+4", "wild+4", "wd4", "wd4s", "w4", "d4", "draw4", "wild4", "wild draw card",
		"wild draw cards", "wild draw", "pick up 4", "pick up four")
	add("drawtwo", "draw 2", "draw two", "draw 2s", "draw twos", "drw 2", "plus 2", "plus two", "plus 2s", "+2", "+2s", "+ 2",
		"2+", "d2", "d2s", "draw2", "drawtwo", "pick up 2", "pick up two")
	add("shufflehands", "wild shuffle hands", "wild shuffle hand", "wild shuffle", "shuffle hands", "shuffle hand",
		"shuffle card", "shuffle cards", "ws")
	add("customwild", "wild customizable", "wild customisable", "customizable", "customisable", "custom card", "custom cards",
		"custom wild", "custom wilds", "blank card", "blank cards", "blank wild", "blank wilds", "blank wild card",
		"blank wild cards", "wc")
	add("sevenzero", "seven o", "seven oh", "seven 0", "seven zero", "7 0", "7 o", "7 zero", "7o", "sevens", "7s",
		"7s and 0s", "7s n 0s", "sevens and zeros", "sevens and zeroes", "7 and 0", "7 n 0")
	add("jumpin", "jump in", "jump ins", "jumping in", "jumpin", "jumpins", "cut in")
	add("twoplayer", "2 player", "2 players", "two player", "two players", "2 people", "two people", "2 persons",
		"2 handed", "two handed", "1v1", "2p", "head to head", "heads up", "just 2 of us", "just two of us", "only 2 of us",
		"only two of us", "2 of us", "two of us",
		// At the end of a clause only: "if there are only 2", not "only
		// 2 wilds".
		"only 2 $", "only two $", "just 2 $", "just two $")
	add("challengeuno", "challenge uno")
	// The Wild by what it does: "a colour change card" (only with
	// "card", or "changer": "change colour" is also a verb).
	add("wild", "colour change card", "colour change cards", "change colour card", "change colour cards",
		"colour changer", "colour changers", "colour changing card", "colour changing cards")
	// UNO Flip's own cards (its own sheet, not one of the five rulebooks).
	add("drawcolor", "wild draw color", "wild draw colour", "wild draw colors", "wild draw colours", "w+c", "wdc", "wdcs",
		"draw color", "draw colour")
	add("wilddrawtwo", "wild draw 2", "wild draw two", "wild draw 2s", "wild draw twos", "w+2", "wd2", "wd2s", "wild +2")
	add("skipeveryone", "skip everyone", "skip all", "skipall", "skip everybody", "skip evryone")
	add("drawfive", "draw 5", "draw five", "draw 5s", "draw fives", "plus 5", "plus five", "+5", "d5", "draw5")
	add("draw", "pick up", "picks up", "picking up", "picked up")
	return m
})

// longestName is the most words a name in cardNames has.
const longestName = 4

// cardFolded is cardNames the other way round: a run of words, and the
// word it folds to.
var cardFolded = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for word, names := range cardNames() {
		for _, n := range names {
			m[strings.Join(n, " ")] = word
		}
	}
	return m
})

// cardWords are the words that "card" after them adds nothing to: "wild
// card" is "wild", "skip card" is "skip"; "card" alone is left to
// questions about cards in general.
var cardWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"wild": true, "wilds": true, "skip": true, "skips": true, "reverse": true, "reverses": true, "drawtwo": true,
		"drawfour": true, "shufflehands": true, "customwild": true, "number": true, "colour": true, "color": true,
		"change": true, "special": true, "power": true, "drawcolor": true, "wilddrawtwo": true, "skipeveryone": true,
		"drawfive": true, "flip": true,
	}
})

// foldNames replaces every run of words that names a card by its one word,
// and drops "card" after a card's name.
func foldNames(ws []string) []string {
	var out []string
	for i := 0; i < len(ws); {
		n := 0
		for k := min(longestName, len(ws)-i); k >= 1; k-- {
			run := ws[i : i+k]
			if i+k == len(ws) && k < longestName {
				run = append(slices.Clone(run), "$") // the clause ends here
				if w, ok := nameOf(run); ok {
					out, n = append(out, w), k
					break
				}
				run = run[:k]
			}
			if w, ok := nameOf(run); ok {
				out, n = append(out, w), k
				break
			}
		}
		if n == 0 {
			out, n = append(out, ws[i]), 1
		}
		i += n
		if i < len(ws) && (ws[i] == "card" || ws[i] == "cards") && cardWords()[out[len(out)-1]] {
			i++
		}
	}
	return out
}

// nameOf is the word a run of words names, as typed or with the table's
// spelling folded ("2 ppl" is "2 people", a name of two players; "seven
// oh" is a name as typed and not folded).
func nameOf(run []string) (string, bool) {
	if w, ok := cardFolded()[strings.Join(run, " ")]; ok {
		return w, true
	}
	plain := make([]string, len(run))
	changed := false
	for i, w := range run {
		plain[i] = w
		if x, ok := slang()[w]; ok {
			plain[i], changed = x, true
		}
	}
	if !changed {
		return "", false
	}
	w, ok := cardFolded()[strings.Join(plain, " ")]
	return w, ok
}

// numberWord is a number as typed, in digits or words, as digits; "" for
// any other word.
func numberWord(w string) string {
	if w == "" || len(w) > 3 {
		if d, ok := slang()[w]; ok && strings.Trim(d, "0123456789") == "" {
			return d
		}
		return ""
	}
	if strings.Trim(w, "0123456789") == "" {
		return w
	}
	if d, ok := slang()[w]; ok && strings.Trim(d, "0123456789") == "" {
		return d
	}
	return ""
}

// pluralNumbers are number cards named in the plural ("four zeros", "the
// 5s"): the cards of that number, the word the reference writes as a digit.
var pluralNumbers = sync.OnceValue(func() map[string]string {
	m := map[string]string{"zeros": "0", "zeroes": "0", "ones": "1", "threes": "3", "fives": "5", "sixes": "6",
		"eights": "8", "nines": "9"}
	for d := '0'; d <= '9'; d++ {
		if d != '7' { // "7s" is Seven-O's name in cardNames
			m[string(d)+"s"] = string(d)
		}
	}
	return m
})

// countSubjects are the words before "draw 4" that make it a verb with its
// count ("I draw 4", "you have to draw 4", "made me draw 4"), not the card.
var countSubjects = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`i u you he she they we me him her them us to must should will would then still
		also just everyone everybody player ill youll hell theyll`) {
		m[w] = true
	}
	return m
})

// countWord is how a count of cards reads to the search: "4cards" for
// "4 cards", "drew 4", "I draw 4"; a count is no card's number ("is it 5
// or 7 cards" asks nothing of a 7) and no card's name ("I drew 4" is four
// cards picked up, not a Wild Draw Four).
func countWord(n string) string { return n + "cards" }

// foldCounts reads the numbers that count cards as counts, and plural
// numbers as the cards of that number: "7 cards", "5 or 7 cards", "drew
// 4", "I draw 4 cards", "picked up 2", "four zero cards" (four cards, each
// a 0), "four zeros" (the 0s).
func foldCounts(ws []string) []string {
	out := make([]string, 0, len(ws))
	cards := func(i int) bool { return i < len(ws) && ws[i] == "cards" }
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if d, ok := pluralNumbers()[w]; ok {
			out = append(out, d)
			continue
		}
		n := numberWord(w)
		prev := ""
		if i > 0 {
			prev = ws[i-1]
		}
		drawn := prev == "drew" || prev == "drawn" || prev == "drawing" ||
			prev == "up" && i > 1 && (ws[i-2] == "picked" || ws[i-2] == "picking") ||
			prev == "draw" && i > 1 && countSubjects()[ws[i-2]] ||
			prev == "up" && i > 2 && ws[i-2] == "pick" && countSubjects()[ws[i-3]]
		switch {
		case n == "" || n == "1":
			// One card is one card: "draw one card" is the turn's draw
			// in the facts and in the questions alike.
			out = append(out, w)
		case drawn:
			if prev == "up" { // "picked up 4" is "drew 4"
				out = append(out[:len(out)-2], "drew")
			}
			out = append(out, countWord(n))
			if cards(i + 1) {
				i++
			}
		case i > 0 && cardFolded()[prev+" "+w] != "" || i+1 < len(ws) && cardFolded()[w+" "+ws[i+1]] != "":
			// Part of a card's name ("7 0", Seven-O): no count.
			out = append(out, w)
		case cards(i+1) && prev != "draw" && prev != "plus" && prev != "+":
			out = append(out, countWord(n), ws[i+1])
			i++
		case i+2 < len(ws) && ws[i+1] == "of" && (ws[i+2] == "each" || ws[i+2] == "every"):
			// "two of each", "2 of every number": a count of each kind.
			out = append(out, countWord(n), "many")
			i += 2
		case i+1 < len(ws) && (pluralNumbers()[ws[i+1]] != "" || ws[i+1] == "7s" || ws[i+1] == "sevens"):
			// "four zeros", "two 7s": four cards, each a 0; how many 0s
			// there are, not what a 0 does (nor Seven-O).
			face := pluralNumbers()[ws[i+1]]
			if face == "" {
				face = "7"
			}
			// A count of one face asks how many of that number
			// card the deck has: "how many of each number".
			out = append(out, countWord(n), "many", "number", face)
			i++
		case i+2 < len(ws) && numberWord(ws[i+1]) != "" && cards(i+2):
			// "four zero cards": as "four zeros".
			out = append(out, countWord(n), "many", "number", numberWord(ws[i+1]), ws[i+2])
			i += 2
		case i+3 < len(ws) && (ws[i+1] == "or" || ws[i+1] == "to") && numberWord(ws[i+2]) != "" && cards(i+3):
			// "5 or 7 cards": both are counts.
			out = append(out, countWord(n), ws[i+1], countWord(numberWord(ws[i+2])), ws[i+3])
			i += 3
		default:
			out = append(out, w)
		}
	}
	return out
}

// challengeWords name a challenge of a Wild Draw Four, or call a play of
// it a bluff.
var challengeWords = lazyRegexp(`\b(?:challeng\w*|bluff\w*|cheat\w*|illegal\w*)`)

// colourNames are the colours a player can be said to hold.
var colourNames = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"red": true, "blue": true, "green": true, "yellow": true, "purple": true, "pink": true}
})

// foldHeld reads "he had a blue", "she still has red", "holding a green
// card" as holding a card of a colour, which is what a Wild Draw Four's
// challenge turns on: "had" alone is a stop word and "blue" a colour of
// the deck.
func foldHeld(ws []string) []string {
	var out []string
	for i := 0; i < len(ws); i++ {
		switch ws[i] {
		case "had", "has", "have", "having", "held", "holding", "hold", "holds", "got", "gotten":
			// "i got a green", "she still has red"
			j := i + 1
			if j < len(ws) && (ws[j] == "a" || ws[j] == "an" || ws[j] == "the" || ws[j] == "any" || ws[j] == "one" || ws[j] == "another") {
				j++
			}
			if j < len(ws) && (ws[j] == "matching" || ws[j] == "same") {
				j++ // "have a matching colour", "have the same colour"
			}
			if j < len(ws) && (colourNames()[ws[j]] || ws[j] == "colour" || ws[j] == "color") {
				out = append(out, "held", "card", "colour")
				i = j
				if i+1 < len(ws) && (ws[i+1] == "card" || ws[i+1] == "cards" || ws[i+1] == "one") {
					i++
				}
				continue
			}
		}
		out = append(out, ws[i])
	}
	return out
}

// unoCall finds the questions where "uno" is the game's name ("a game of
// uno", "in uno"), not the call: only a question about saying it, calling
// it or being caught keeps the word at full weight.
var unoCall = lazyRegexp(`\b(?:say|says|saying|said|call|calls|calling|called|yell|yells|yelling|shout|shouting|announce|announcing|declare|forget|forgot|forgetting|caught|catch|catches|before|after|uno\s+out)\b`)

// unoWeight is the weight of "uno" in a question that does not ask about
// the call.
const unoWeight = 0.15

// slang folds the table's texting and spelling to plain words.
var slang = sync.OnceValue(func() map[string]string {
	return map[string]string{
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
		// Irregular verbs, which the stemmer leaves as they are.
		"dealt": "deal", "drew": "draw", "drawn": "draw", "gave": "give", "given": "give", "chose": "choose",
		"chosen": "choose", "took": "take", "taken": "take", "held": "hold", "won": "win", "lost": "lose",
		"caught": "catch", "said": "say", "ran": "run",
		"began": "begin", "begun": "begin", "shown": "show", "stuck": "stick",
		// The table's verbs for playing a card.
		"throw": "play", "throws": "play", "threw": "play", "thrown": "play", "drop": "play", "drops": "play",
		"dropped": "play", "slap": "play", "slapped": "play", "chuck": "play", "toss": "play",
		// The stemmer makes "bluffing" "bluf" but "bluffs" "bluff".
		"bluffing": "bluff", "bluffed": "bluff", "bluffs": "bluff", "bluffer": "bluff",
		"laid": "lay", "amount": "many", "else": "other", "elses": "other",
		// A card said to undo a draw card is one said to stop it.
		"cancel": "stop", "cancels": "stop", "cancelled": "stop", "canceled": "stop", "negate": "stop", "negates": "stop",
		"distribute": "deal", "distributes": "deal", "distributed": "deal", "distributing": "deal",
		"consequence": "penalty", "consequences": "penalty", "punishment": "penalty", "punishments": "penalty",
		// The table's names for the rulebooks' Action cards.
		"power": "action", "powers": "action",
		"stackable": "stack", "stackin": "stack", "stacked": "stack", "cumulative": "stack", "wildcard": "wild", "wildcards": "wild",
	}
})

// stopWords say nothing about which rule is meant.
var stopWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the i you your we he she they them their my our me us it its is are am was were be been being
		do does did doing done can could should would will shall may might have has had having to too of on in at by for from
		with and or but if when whenever what how who whom why which where there that this these those about as into onto
		so then than just really actually exactly basically literally also still ever even now wait ok yes no hey hi hello um uh lol
		lmao omg guy guys dude bro please though anyone someone somebody everyone anybody something anything thing things
		know think wonder wondering question questions q asking ask mean means meaning tell explain supposed allowed legal
		legit correct official officially rule rules uno's let lets get gets got
		want wants like whats im very some any all each every own such ever use used using work works worked working
		happen happens happened happening then okay ok way here thanks thank answer settle argument debate family
		friend friends mom dad sister brother kid kids wife husband girlfriend boyfriend game games playing`) {
		m[w] = true
	}
	return m
})

// unoWords are words that on their own make a question one about UNO; a
// question holding none of them is answered only when most of its words are
// found (so "purple elephant banana" is not answered by the themed deck).
var unoWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`uno card cards deck draw drew drawn drawing drawtwo drawfour wild wilds skip skipped reverse
		discard pile dealer deal dealt challenge challenged challenging challengeuno penalty penalties score scoring scored
		points point stack stacking jumpin sevenzero shufflehands customwild colour colours turn turns hand hands partner
		partners team teams tournament renege reneging reshuffle bluff bluffing twoplayer shuffle dealer action symbol
		eliminated elimination tie tied ties lowest 500 round rounds flip drawcolor wilddrawtwo skipeveryone drawfive`) {
		m[stemWord(w)] = true
	}
	return m
})

// folded are the words cardNames fold to, which are not stemmed.
var folded = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for w := range cardNames() {
		m[w] = true
	}
	m["whatdo"] = true
	m["likeskip"] = true
	m["ownhand"] = true
	m["wholegame"] = true
	m["deckcount"] = true
	m["drawcount"] = true
	return m
})

func stemWord(w string) string {
	if len(w) < 3 || folded()[w] || strings.ContainsAny(w, "0123456789+") {
		return w
	}
	stems.Lock()
	defer stems.Unlock()
	st, ok := stems.m[w]
	if !ok {
		st = english.Stem(w, false)
		stems.m[w] = st
	}
	return st
}

// stems remembers the stem of each word: the reference says the same words
// many times over.
var stems = struct {
	sync.Mutex
	m map[string]string
}{m: map[string]string{}}

// questionWords reads text into the words the search compares: card names
// and slang folded, stop words left out, the rest stemmed.
func questionWords(s string) []string {
	var out []string
	for _, run := range questionRuns(s) {
		out = append(out, run...)
	}
	return out
}

// mustWords are the ways of saying a rule obliges.
var mustWords = lazyRegexp(`\b(?:(?:have|hav|has|had|got|gotta)\s+to|gotta|hafta|havta|(?:forced|required|obliged|obligated)\s+to)\b`)

// turnedFirst is a card turned up first, in the words the table uses
// after the card (after turnedOver has made "flipped" "turned").
var turnedFirst = lazyRegexp(`\b(?:is|was|gets|got)?\s*turned\s+(?:over\s+|up\s+)?(?:first|at\s+the\s+(?:start|beginning))\b`)

// skipOwnTurn is "skip" as the verb of passing one's own turn, said of a
// person ("can I skip my turn", "you just skip your turn"), not of a card
// ("does a draw 4 skip your turn" is losing it).
var skipOwnTurn = lazyRegexp(`\b(?:(?:can|could|may)\s+(?:i|you|u|we)|(?:i|you|u|we)(?:\s+(?:can|could|just|want\s+to|wanna))?)\s+skip\s+(my|your|ur|our)\s+turn\b`)

// skipsSomeone is "skip" as the verb a card does to a player.
var skipsSomeone = lazyRegexp(`\bskips?\s+(?:the\s+next\s+(?:person|player|guy|one)s?(?:\s+turn)?|(?:your|ur|my|their|his|her|a|the)\s+turn)\b`)

// skipSkips is the Skip card and then the verb ("how many players does a
// skip skip"): the card, and a turn lost, not a Skip on a Skip.
var skipSkips = lazyRegexp(`\bskip\s+skips?\b`)

// rightMeaningCorrect is "right" before a noun that it only calls
// correct ("the right amount"), which is no direction of play.
var rightMeaningCorrect = lazyRegexp(`\bright\s+(amount|number|way|count|score|thing)\b`)

// beingRight is "right" said of a person or a call at a clause's end ("if
// ur right", "and i was right who draws"): correct, no direction.
var beingRight = lazyRegexp(`\b(youre|ur|im|are|am|is|was|were|be)\s+right\b(\s*(?:$|[,.?!;]|(?:and|n|who|what|then|do|does|how)\b))`)

// nextToLast is the card before the last in the table's words.
var nextToLast = lazyRegexp(`\b(?:second|2nd|one)\s*(?:-\s*|to\s+|from\s+)?(?:the\s+)?last\b|\blast\s+but\s+(?:one|1)\b|\bpenultimate\b`)

// whoWins is a player named by winning.
var whoWins = lazyRegexp(`\b(?:person|player|one|guy|someone|somebody)\s+(?:who|that)\s+(?:wins|won|win)\b|\bwhoever\s+(?:wins|won)\b`)

// lateCall is calling UNO after the card it was due with.
var lateCall = lazyRegexp(`\b(?:say|says|call|calls|yell|shout|declare|announce)\s+(?:uno\s+|it\s+)?after\b`)

// likeSkip is a card said to work as a Skip does.
var likeSkip = lazyRegexp(`\b(?:as|like)\s+(?:an?\s+)?skip\b`)

// wholeGame is the game as a whole, to its target, not one hand.
var wholeGame = lazyRegexp(`\b(?:whole|entire|full|overall)\s+(?:game|match)\b|\bgame\s+overall\b`)

// ownHand is a player's own hand or cards.
var ownHand = lazyRegexp(`\b(?:your|ur|my|their|his|her|our)\s+own\s+(?:cards?|hands?)\b|\bown\s+hand\b`)

// callOnSomeone is calling UNO on another player ("call uno on someone",
// "call him out"): catching them, not one's own call.
var callOnSomeone = lazyRegexp(`\b(?:call|calls|calling|called)\s+(?:uno\s+|it\s+)?(?:out\s+)?on\s+(?:someone|somebody|them|him|her|a\s+player|another\s+player|other\s+players|the\s+next\s+player|me|you|u)\b|\b(?:call|calls|calling|called)\s+(?:someone|somebody|them|him|her)\s+out\b`)

// noCardToPlay is having no card to play ("I don't have a playable
// card", "if you do not have any matching cards"): not a card held.
var noCardToPlay = lazyRegexp(`\b(?:not|dont|do\s+not|doesnt|does\s+not|didnt|did\s+not)\s+(?:have|got)\s+(?:a|any)\s+(?:(?:playable|playing|matching|legal|valid|good)\s+)?cards?\b`)

// dealtCount is a count of the cards a player is given: "how many cards
// do you get", "how many cards does each player receive".
var dealtCount = lazyRegexp(`\bhow\s+many\s+cards?\s+(?:do|does|did|should|will|would|can)\s+(?:you|u|i|we|they|each(?:\s+player|\s+person)?|every(?:one|body|\s+player)|players?|people|\d+\s+players?)\s+(?:get|gets|receive|receives|start|starts|begin|begins|have\s+at\s+the\s+start)\b`)

// onTopOf is "on top of", which says "on".
var onTopOf = lazyRegexp(`\bon\s+top\s+of\b`)

// rulesFor is "what are the rules for X": how X is played.
var rulesFor = lazyRegexp(`\bwhat\s+(?:are|r|is)\s+(?:the\s+)?rules?\s+(?:for|of|in|to)\b`)

// countScore is adding up the cards left or the points: scoring.
var countScore = lazyRegexp(`\b(?:count|counting|tally|tallying|add\s+up|adding\s+up|total|totaling|totalling)\s+(?:up\s+)?(?:the\s+)?(?:cards|points|scores?)\b`)

// howMany is a question after a count.
var howMany = lazyRegexp(`\bhow\s+many\b`)

// inTheDeck says where cards are counted: "are there", "in the deck",
// "does the deck have", "in uno flip", "in uno" at the question's end.
var inTheDeck = lazyRegexp(`\b(?:are|r|is)\s+there\b|\bthere\s+(?:are|r|is)\b|\btheres\b|\bin\s+(?:(?:the|a|an|one|each|every|your|my|our|1)\s+)?(?:(?:uno|flip)\s+)*(?:deck|pack|box)s?\b|\b(?:deck|pack|box)s?\s+(?:have|has|got|hold|holds|come\s+with|comes\s+with)\b|\bin\s+(?:uno\s+)?flip\b|\bin\s+uno\s*[?.!]*\s*$`)

// deckHas is the deck said to hold cards, without a count.
var deckHas = lazyRegexp(`\b(?:deck|pack|box)s?\s+(?:have|has|got|hold|holds|come\s+with|comes\s+with)\b|\bin\s+(?:(?:the|a|an|every|each)\s+)?(?:(?:uno|flip)\s+)*(?:deck|pack|box)s?\b`)

// drawVerbs are the verbs of taking cards ("pick up" is folded to "draw"
// with the card names).
var drawVerbs = map[string]bool{"draw": true, "draws": true, "drew": true, "drawn": true, "drawing": true,
	"take": true, "takes": true, "took": true, "taking": true, "taken": true}

// dealVerbs are the verbs of the deal, whose counts are no card's.
var dealVerbs = map[string]bool{"deal": true, "deals": true, "dealt": true, "dealing": true, "start": true,
	"starting": true, "begin": true, "get": true, "gets": true, "receive": true, "receives": true}

// givenVerbs are the verbs of the deal that say only that cards come to a
// player: the deal's, unless a draw card is what gives them ("how many
// cards do you get from a +4" is the card's count, not the deal's).
var givenVerbs = map[string]bool{"get": true, "gets": true, "receive": true, "receives": true}

// drawCardNamed says whether folded words name a card that makes a player
// draw.
func drawCardNamed(ws []string) bool {
	return slices.ContainsFunc(ws, func(w string) bool { return drawCards[w] })
}

// countFrame reads what a question with "how many" counts: "drawcount"
// when it asks how many a card makes someone take ("how many cards do u
// draw for a wild draw color", "how many do i pick up"), "deckcount" when
// it asks how many of a card there are ("how many wild draw colors in the
// deck", "how many zeros", "wild draw color how many": a card's name and
// "how many" ask how many are in the deck); "" for any other count (points,
// players, cards dealt).
func countFrame(s string) string {
	ws := foldNames(strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+')
	}))
	counted := func(w string) bool {
		return cardWords()[w] || pluralNumbers()[w] != "" || w == "7s" || w == "sevens" || w == "action" || w == "actions"
	}
	m := howMany().FindStringIndex(s)
	if m == nil {
		// "does the deck have wild draw colors", "are skip everyones in
		// the deck": whether the deck holds a card, the deck again.
		if deckHas().MatchString(s) && slices.ContainsFunc(ws, counted) {
			return "deckcount"
		}
		return ""
	}
	at := -1 // where "many" is
	for i := 1; i < len(ws); i++ {
		if ws[i] == "many" && ws[i-1] == "how" {
			at = i
			break
		}
	}
	if at < 0 {
		return ""
	}
	byCard := drawCardNamed(ws)
	for _, w := range ws {
		if dealVerbs[w] && !(byCard && givenVerbs[w]) {
			return "" // "how many cards do you deal in uno flip": the deal
		}
	}
	for i, w := range ws {
		if (drawVerbs[w] || byCard && givenVerbs[w]) && (i+1 == len(ws) || ws[i+1] != "pile") {
			return "drawcount"
		}
	}
	next := ""
	if at+1 < len(ws) {
		next = ws[at+1]
	}
	switch {
	case counted(next):
		// "how many zeros", "how many blank cards", "how many skips in
		// uno": a card named right after the count.
		return "deckcount"
	case next == "cards" || next == "card" || next == "of":
		// "how many cards are in uno", "how many of each card are
		// there": cards counted where they are ("how many cards do you
		// get" is the deal).
		if inTheDeck().MatchString(s[m[1]:]) {
			return "deckcount"
		}
	case next == "" && at >= 2 && counted(ws[at-2]):
		// "wild draw color how many": the card, then the count.
		return "deckcount"
	}
	return ""
}

// whatIfChallenged is the frame of "what happens if you challenge a +4",
// "what if the +4 was illegal" and "the +4 was illegal, what now": the
// verdict.
var whatIfChallenged = lazyRegexp(`\bwhat\s+(?:happens\s+|happen\s+|now\s+)?(?:when|if|after)\b[^.?!]*\b(?:challeng|illegal|bluff)|\b(?:challeng|illegal|bluff)\w*\b[^.?!]*\bwhat\s+(?:now|happens|then)\b`)

// clauseBreak splits text where a clause ends: no pair of words is made
// across it ("Wild, Wild Draw Four: 50 points" holds no "wild" before a
// Wild Draw Four).
var clauseBreak = lazyRegexp(`[.,;:!?()\n]+(?:\s|$)|[;:!?()\n]`)

// questionRuns reads text as questionWords does, clause by clause.
func questionRuns(s string) [][]string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("'", "", "\u2019", "", "`", "").Replace(s)
	s = turnedOver().ReplaceAllString(s, " turned ")
	s = callOnSomeone().ReplaceAllString(s, " catch someone ")
	s = onTopOf().ReplaceAllString(s, " on ")
	s = rulesFor().ReplaceAllString(s, " how do you play ")
	s = countScore().ReplaceAllString(s, " score points ")
	// "do I have to play", "are you forced to": whether a rule obliges,
	// one word; "have" and "to" alone say nothing.
	s = mustWords().ReplaceAllString(s, " must ")
	// "a wild is flipped first", "turned up at the start": the first
	// discard, which the start facts stand under.
	s = turnedFirst().ReplaceAllString(s, " $0 first discard ")
	// "skip my turn" is passing it, no Skip card.
	s = skipOwnTurn().ReplaceAllString(s, " pass $1 turn")
	// "the +4 skips the next person's turn": the verb, losing the turn,
	// no Skip card.
	s = skipsSomeone().ReplaceAllString(s, " lose turn")
	s = skipSkips().ReplaceAllString(s, "skip lose turn")
	// "the right amount", "the right way": correct, no direction; so is
	// "if ur right" at a clause's end.
	s = rightMeaningCorrect().ReplaceAllString(s, " correct $1")
	s = beingRight().ReplaceAllString(s, " $1 correct $2")
	// "second last", "last but one": the next-to-last card, as the
	// reference says it.
	s = nextToLast().ReplaceAllString(s, " next to last ")
	// "works like a Skip", "count as a skip": what a card does, no Skip
	// card ("does a reverse count as a skip with 2" asks of the Reverse).
	s = likeSkip().ReplaceAllString(s, " likeskip ")
	// "the person who wins the round": the winner, a person, not how to
	// win ("does the person who wins deal next").
	s = whoWins().ReplaceAllString(s, " winner ")
	// "say uno after I play", "call it late": a late call.
	s = lateCall().ReplaceAllString(s, "$0 late ")
	// "the whole game": the game to 500, not a hand ("game" alone is a
	// stop word: "in the game of uno").
	s = wholeGame().ReplaceAllString(s, " wholegame ")
	// "your own cards", "their own hand": the player's own hand, which
	// "own" alone (a stop word: "on your own turn") does not say.
	s = ownHand().ReplaceAllString(s, " ownhand ")
	if f := countFrame(s); f != "" {
		// "how many wild draw colors are there" asks the deck, "how many
		// do you draw for a wild draw color" the card's effect; "how many"
		// alone says neither.
		s += " " + f
	}
	if whatIfChallenged().MatchString(s) {
		// "what happens if you challenge a +4", "what if the +4 was
		// illegal" ask the verdict, not who may challenge, nor how, nor
		// what makes the play illegal.
		s += " verdict"
	}
	if m := whatHappens().FindStringIndex(s); m != nil {
		// "what happens when a player plays a skip" asks what a Skip
		// does: the frame around the card says nothing more.
		s = s[:m[0]] + " what does " + s[m[1]:] + " do"
	}
	if (strings.Contains(s, "what") || strings.Contains(s, "how")) && whatDoes().MatchString(s) {
		s = workWord().ReplaceAllString(s, " ") + " whatdo"
	}
	// "if you don't have a playable card": not being able to play (read
	// after the frames above: "what happens if you cannot play" is no
	// card played).
	s = noCardToPlay().ReplaceAllString(s, " cannot play ")
	// Holding a colour is what a Wild Draw Four's challenge turns on:
	// only a question that names the card or a challenge reads it so.
	wd4 := challengeWords().MatchString(s) || slices.Contains(foldNames(strings.Fields(s)), "drawfour")
	var runs [][]string
	for _, clause := range clauseBreak().Split(s, -1) {
		var out []string
		ws := foldCounts(strings.FieldsFunc(clause, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+')
		}))
		if wd4 {
			ws = foldHeld(ws)
		}
		names := foldNames(ws)
		for i, w := range names {
			if x, ok := slang()[w]; ok && x != "" && !strings.ContainsAny(x, "0123456789") {
				names[i] = x // "wildcard" is "wild" before "another" is read
			}
		}
		for i, w := range names {
			if w == "another" && i+1 < len(names) && slices.Contains(names[:i], names[i+1]) && cardWords()[names[i+1]] {
				// "a wild on another wild" is a Wild on a Wild: "another"
				// says only that it is the same card again.
				continue
			}
			w = strings.Trim(w, "+")
			if w == "" {
				continue
			}
			if x, ok := slang()[w]; ok {
				w = x
			}
			if w == "and" || w == "or" {
				// A list's items are no pair: "wilds and draw 4s"
				// says nothing of a Wild on a Wild Draw Four.
				if len(out) > 0 {
					runs = append(runs, out)
				}
				out = nil
				continue
			}
			if stopWords()[w] {
				continue
			}
			out = append(out, stemWord(w))
		}
		if len(out) > 0 {
			runs = append(runs, out)
		}
	}
	return runs
}

// drawCards are the cards that make the next player draw.
var drawCards = map[string]bool{"drawtwo": true, "drawfour": true, "drawfive": true, "wilddrawtwo": true, "drawcolor": true}

// drawOnDraw says whether a clause puts a draw card on a draw card ("a
// draw 4 on a draw 4", "+2 onto a +4").
func drawOnDraw(ws []string) bool {
	for i, w := range ws {
		if !drawCards[w] {
			continue
		}
		for j := i + 1; j+1 < len(ws) && j <= i+2; j++ {
			if ws[j] != "on" && ws[j] != "onto" && ws[j] != "over" {
				continue
			}
			k := j + 1
			if k < len(ws) && (ws[k] == "a" || ws[k] == "an" || ws[k] == "the" || ws[k] == "another") {
				k++
			}
			if k < len(ws) && drawCards[ws[k]] {
				return true
			}
		}
	}
	return false
}

// withPairs adds each pair of neighbouring words ("play_draw") within a
// clause to its words, so the order of words counts too.
func withPairs(runs [][]string) []string {
	var out []string
	for _, ws := range runs {
		out = append(out, ws...)
		for i := 0; i+1 < len(ws); i++ {
			out = append(out, ws[i]+"_"+ws[i+1])
		}
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
	// flipLean is what a fact of UNO Flip's sheet weighs more in a
	// question that names UNO Flip: such a question is answered from its
	// sheet wherever the sheet says something on it ("how much is a wild
	// worth in uno flip" is 40, not the five rulebooks' 50).
	flipLean      = 1.6
	maxQueryWords = 24
)

type factDoc struct {
	fact *Fact
	tf   map[string]float64 // weighted count of each word over the fields
	size float64
}

type factIndex struct {
	flip    bool // UNO Flip's facts are in it: the question names UNO Flip
	docs    []factDoc
	idf     map[string]float64
	vocab   []string // every single word, for misspellings
	avgSize float64
}

var (
	searchOnce sync.Once
	searchIx   *factIndex // the five rulebooks' facts
	flipOnce   sync.Once
	flipIx     *factIndex // and UNO Flip's, for a question that names it
)

// flipWords are the words that ask about UNO Flip (its own sheet, not one
// of the five rulebooks): its name, its sides and colours, its own cards.
// Only a question with one of them is searched with the flip topic's
// facts, which do not weigh on the others.
var flipWords = lazyRegexp(`\bflip(?:s|ping)?\b|\b(?:dark|light)\s*-?\s*sides?\b|\bteal\b|\borange\b|\bskip\s*-?\s*(?:everyone|everybody|all)\b|\bskipall\b|\b(?:draw|drw)\s*-?\s*(?:five|5)s?\b|\+\s*5\b|\+\s*1\b|\bwild\s*-?\s*draw\s*-?\s*(?:colou?r|two|2)s?\b|\bw\s*\+\s*[2c]\b|\bwd[2c]\b|\b(?:se|d5|d1)\b|\bdraw\s*-?\s*(?:one|1)s?\s+(?:cards?\s+)?(?:do|does|worth|points?|mean)\b`)

// turnedOver is "flip" as the verb of turning a card face up ("the first
// card flipped", "flip over the top card"), which asks nothing of UNO Flip.
var turnedOver = lazyRegexp(`\bflipped\b|\bflip(?:s|ping)?\s+(?:(?:it|them|the\s+\w+|a\s+\w+)\s+)?(?:over|up)\b`)

// flipVerb is "flip" said by a player as a verb ("can you flip the
// direction", "she wants to flip it"), which asks nothing of UNO Flip.
var flipVerb = lazyRegexp(`\b(?:you|i|u|we|to|can|cant|will|does|they|he|she|it|and)\s+flip(?:s|ped|ping)?\b`)

// indexFor is the index a question is searched in.
func indexFor(q string) *factIndex {
	q = flipVerb().ReplaceAllString(turnedOver().ReplaceAllString(strings.ToLower(q), " turned "), " turn ")
	if flipWords().MatchString(q) {
		flipOnce.Do(func() { flipIx = buildFactIndex(true) })
		return flipIx
	}
	return index()
}

func buildFactIndex(withFlip bool) *factIndex {
	ix := &factIndex{flip: withFlip, idf: map[string]float64{}}
	df := map[string]int{}
	total := 0.0
	// Each topic's names and keywords, read once, each word once.
	topicNames, topicKeywords := map[*Topic][]string{}, map[*Topic][]string{}
	distinct := func(texts []string) []string {
		var out []string
		for _, text := range texts {
			out = append(out, withPairs(questionRuns(text))...)
		}
		return uniq(out)
	}
	for _, t := range Topics() {
		topicNames[t] = distinct(append([]string{strings.ReplaceAll(t.ID, "-", " "), t.Title}, t.Aliases...))
		topicKeywords[t] = distinct(t.Keywords)
	}
	for _, f := range Facts() {
		if f.flipOnly() && !withFlip {
			continue
		}
		d := factDoc{fact: f, tf: map[string]float64{}}
		add := func(text string, w float64) {
			for _, t := range withPairs(questionRuns(text)) {
				d.tf[t] += w
				d.size += w
			}
		}
		add(f.Heading+". "+plainMarks(f.Text), weightText)
		// The numbers inside a range ("1 to 9") count as said once, and
		// do not make the fact longer than its words.
		for _, n := range rangeInside(f.Text) {
			if d.tf[n] == 0 {
				d.tf[n] = weightText
			}
		}
		for _, a := range f.Asks {
			add(a, weightAsks)
		}
		// The topic's names and keywords count each word once: a topic
		// with many aliases does not outweigh what its facts say.
		t := f.Topic
		once := func(ws []string, w float64) {
			for _, x := range ws {
				d.tf[x] += w
				d.size += w
			}
		}
		once(topicNames[t], weightTopic)
		once(topicKeywords[t], weightKeywords)
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

// numberRange is a run of numbers written as its ends ("1 to 9").
var numberRange = lazyRegexp(`\b(\d)\s+to\s+(\d)\b`)

// rangeInside lists the numbers strictly inside each range of s: "two
// each of 1 to 9" holds a 7 as much as "two each of 1, 2, ..., 9", so a
// question about one number inside it finds the fact.
func rangeInside(s string) []string {
	var out []string
	for _, m := range numberRange().FindAllStringSubmatch(s, -1) {
		for d := m[1][0] + 1; d < m[2][0]; d++ {
			out = append(out, string(d))
		}
	}
	return out
}

// plainMarks drops the Markdown marks that are no words, and the commands
// in backquotes (`unoscore rules house-rules` is no word of the fact's).
func plainMarks(s string) string {
	return strings.ReplaceAll(codeSpan().ReplaceAllString(s, " "), "- ", " ")
}

var codeSpan = lazyRegexp("`[^`]*`")

// whatDoes finds a question after what a card or rule does ("what does a
// skip do", "how does challenge uno work"): it adds the word "whatdo", which
// the facts about what something does carry in their asks.
// workWord is the verb of "how does it work", "what does it mean", which
// says no more than whatdo once that is added.
var workWord = lazyRegexp(`\b(?:work|works|mean|means|use|used|using)\b`)

// whatHappens is the frame of "what happens when a player plays a skip":
// it asks what the card does, and its verb says no more.
var whatHappens = lazyRegexp(`\bwhat\s+happens\s+(?:when|if|after)\s+(?:\w+\s+){0,2}?(?:plays?|played|puts?(?:\s+down)?|gives?|lays?(?:\s+down)?|throws?(?:\s+down)?)\b`)

var whatDoes = lazyRegexp(`\bwhat\s+(?:does|do|did|will|can)\b.*\b(?:do|mean|means)\b|\bhow\s+(?:does|do)\b.*\bwork|\bhow\s+(?:do|does|can|should)\s+(?:you|u|i|we)\s+use\b|\bwhat\s+happens\s+(?:when|if)\s+\w+\s+(?:\w+\s+)?(?:plays?|puts?)\b|^\s*what(?:\s+is|s)\s+an?\s+(?:[\w+]+\s*){1,3}\??\s*$`)

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

func uniq(ws []string) []string {
	ws = slices.Clone(ws)
	slices.Sort(ws)
	return slices.Compact(ws)
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
	doc   *factDoc
}

// query is a question read for the search.
type query struct {
	terms   map[string]float64 // word (or pair) and its weight
	words   int                // single words read
	known   float64            // of them, found in the reference (misspellings count half)
	unoWord bool               // a word that names something in UNO
}

func (ix *factIndex) read(q string, fuzzy bool) query {
	runs := questionRuns(q)
	var ws []string
	starts := map[int]bool{} // where a clause starts
	for _, run := range runs {
		starts[len(ws)] = true
		ws = append(ws, run...)
	}
	unoW := unoWeight
	if unoCall().MatchString(strings.ToLower(q)) || len(ws) == 1 {
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
		if g := gDropped(w); g != "" && ix.idf[w] == 0 && ix.idf[g] > 0 {
			fixed[i], w = g, g // "dealin", "stackin": the g the table leaves off
		}
		if _, ok := ix.idf[w]; ok {
			r.known++
		} else if c, ok := ix.correct(w); ok && fuzzy {
			fixed[i], weight = c, fuzzyWeight
			r.known += 0.5
		} else {
			continue
		}
		if unoWords()[fixed[i]] {
			r.unoWord = true
		}
		if fixed[i] == "uno" {
			weight *= unoW
		}
		weights[i] = weight
		r.terms[fixed[i]] = max(r.terms[fixed[i]], weight)
	}
	if _, ok := ix.idf["stack"]; ok && r.terms["stack"] == 0 && drawOnDraw(foldNames(strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+')
	}))) {
		// "a +4 on a +4", "put Draw 4 on a draw 2": a draw card answered
		// with a draw card, which is stacking (read so in a question
		// only: the facts say it in their own words).
		r.terms["stack"] = 1
	}
	if _, ok := ix.idf["deal"]; ok && r.terms["deal"] == 0 && dealtCount().MatchString(strings.ToLower(q)) && !drawCardNamed(fixed) {
		// "how many cards do you get", "how many cards does each player
		// start with": what the deal gives ("get" alone is a stop word),
		// unless a draw card gives them ("how many cards do you receive
		// from a draw two" is the card's count).
		r.terms["deal"] = 1
	}
	for i := 0; i+1 < len(fixed); i++ {
		if starts[i+1] {
			continue
		}
		p := fixed[i] + "_" + fixed[i+1]
		if _, ok := ix.idf[p]; ok {
			// A pair weighs what its lighter word does ("uno" as the
			// game's name weighs little, and so does "play_uno").
			r.terms[p] = min(weights[i], weights[i+1])
		}
	}
	return r
}

// gDropped is a word typed without its last g ("dealin", "playin"),
// stemmed with it; "" for any other word.
func gDropped(w string) string {
	if len(w) < 5 || !strings.HasSuffix(w, "in") {
		return ""
	}
	return stemWord(w + "g")
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
	ix := indexFor(q)
	return ix.rank(ix.read(q, fuzzy))
}

// index is the five rulebooks' facts' index.
func index() *factIndex {
	searchOnce.Do(func() { searchIx = buildFactIndex(false) })
	return searchIx
}

func (ix *factIndex) rank(r query) []Hit {
	var hits []Hit
	for i := range ix.docs {
		if s := ix.score(&ix.docs[i], r); s > 0 {
			if d := ix.docs[i].fact; d == d.Topic.Facts()[0] {
				s *= 1 + firstFactLean // a topic's first fact is what it is about
			}
			if ix.flip && ix.docs[i].fact.flipOnly() {
				s *= flipLean
			}
			hits = append(hits, Hit{Fact: ix.docs[i].fact, Score: s, doc: &ix.docs[i]})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	ix.honestSilence(r, hits)
	return hits
}

// silenceRatio is how close an unsaid fact must come to the best hit to
// answer in its place when the question names what it is about.
const silenceRatio = 0.5

// decisiveIDF is how rare in the reference a word of an unsaid fact's
// name must be to decide the question ("misdeal" is; "time" and "top",
// said in many facts, are not).
const decisiveIDF = 3.0

// honestSilence puts first the unsaid fact (what no rulebook says) whose
// name the question says and the best hit lacks, when it comes close: "a
// misdeal found after play began" is about the misdeal no rulebook covers,
// not about the neighbouring fact that shares its other words.
func (ix *factIndex) honestSilence(r query, hits []Hit) {
	for i := 1; i < len(hits) && hits[i].Score >= silenceRatio*hits[0].Score; i++ {
		f := hits[i].Fact
		if !f.Unsaid {
			continue
		}
		for _, w := range strings.Split(f.ID, "-") {
			w = stemWord(w)
			if r.terms[w] == 0 || ix.idf[w] < decisiveIDF || hits[0].doc.tf[w] > 0 || hits[i].doc.tf[w] == 0 {
				continue
			}
			h := hits[i]
			h.Score = hits[0].Score
			copy(hits[1:i+1], hits[:i])
			hits[0] = h
			return
		}
	}
}

// answerable says whether a question is about UNO at all: it names
// something in UNO, or most of its words are found in the reference.
func (r query) answerable() bool {
	if r.words == 0 || len(r.terms) == 0 {
		return false
	}
	return r.unoWord || r.known*2 > float64(r.words)
}

// lazyRegexp compiles expr on first use. The search's words, tables and
// expressions are all made on the first question: made when the program
// started, they cost every command, a board or a hand too.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
