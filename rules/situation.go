package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/unoscore/unoscore/rules/words"
)

// A question at the table often describes a situation ("can I put a green
// draw 2 on a red skip?", "she played a +4 and I challenged, she did have
// red, who draws?") rather than naming a topic. ReadSituation reads the
// cards it names, what is on the pile, how many play and what is asked, so
// that the referee can rule on it before the reference says why.

// Asked is what a situation question asks.
type Asked uint8

// What a question can ask of the referee.
const (
	AskedNothing       Asked = iota // no situation the referee can rule on
	AskedPlay                       // may this card go on that one?
	AskedStack                      // may a draw card be passed on with another?
	AskedPoints                     // what are these cards worth?
	AskedFirst                      // what happens when this card starts the pile?
	AskedTwoPlayer                  // what does this card do with two players?
	AskedChallenge                  // who draws after a Wild Draw Four is challenged?
	AskedLast                       // may a hand end on this card?
	AskedTurn                       // does this card cost the next player their turn?
	AskedMatch                      // may a card go on one of another colour with the same number?
	AskedMayChallenge               // may this player challenge a Wild Draw Four at all?
	AskedMercy                      // is a player holding this many cards knocked out?
	AskedUnoLate                    // may a missed UNO still be caught this late?
	AskedNext                       // who plays after this card?
	AskedAgain                      // does whoever laid this card go again?
	AskedCallColor                  // may a Wild name a colour its player does not hold?
	AskedSilence                    // what no rulebook covers: the fact says so first
	AskedDrawnPlay                  // may the card just drawn be played?
	AskedChallengeWhen              // when must a Wild Draw Four be challenged?
	AskedTwoPlays                   // may one player lay these cards, one after the other?
	AskedTarget                     // may a draw card be aimed at a player of one's choice?
	AskedDirection                  // does this card turn the direction of play?
	AskedPlayers                    // can this many play with one deck?
	AskedHandAfterDraw              // may a card from the hand follow a card drawn?
)

var askedNames = [...]string{"nothing", "play", "stack", "points", "first", "two-player", "challenge", "last", "turn", "match",
	"may-challenge", "mercy", "uno-late", "next", "again", "call-color", "silence", "drawn-play", "challenge-when", "two-plays", "target", "direction", "players", "hand-after-draw"}

func (a Asked) String() string {
	if int(a) < len(askedNames) {
		return askedNames[a]
	}
	return "asked(" + strconv.Itoa(int(a)) + ")"
}

// Situation is what a question says of the table.
type Situation struct {
	Asked Asked
	// Silence is the unsaid fact a question asks about (AskedSilence).
	Silence string
	// Cards are the cards the question names, in the order it names them,
	// a count ("two wilds") giving as many cards.
	Cards []Card
	// Play is the card played, Pile the card it goes on (Play without Pile:
	// the pile was not named).
	Play, Pile *Card
	// Called is the colour named for a Wild on the pile.
	Called Color
	// Players is how many play, 0 when the question does not say.
	Players int
	// Flip: the question is about UNO Flip.
	Flip bool
	// Held says what a challenged player held: +1 a card of the colour in
	// play, -1 none, 0 the question does not say.
	Held int
	// HoldsColor: the one asking holds a card of the colour in play ("can
	// I play a draw 4 if I have the color").
	HoldsColor bool
	// Holding is the colour of a card the one asking says they hold ("when
	// I have a red card"), NoColor when they name none.
	Holding Color
	// InPlay is the colour in play the question names ("the top card is
	// blue"), NoColor when it names none.
	InPlay Color
	// HoldsMatch: they hold a card of the same number or symbol, or say
	// they hold none of the colour ("only a matching number, not the
	// colour").
	HoldsMatch bool
	// Edition is the deck the question names ("in No Mercy", "all wild:"),
	// "" when it names none; UNO Flip is said by Flip.
	Edition string
	// Drawn: the draw card on the pile was already drawn for ("he already
	// picked up his two"), so a card laid on it blocks nothing.
	Drawn bool
	// Bystander: the Wild Draw Four hit another player than the one who
	// asks ("she played a draw four on my brother").
	Bystander bool
	// HandSize is how many cards a player is said to hold ("has 26
	// cards"), 0 when the question does not say.
	HandSize int
	// OnlyCard: the card played is the only one left in hand ("if you have
	// only a wild draw four left").
	OnlyCard bool
	// Compare: the question weighs the cards' points against each other
	// ("which is worth more, a skip or a 9"); CompareAsks is +1 when it
	// asks yes or no whether the first is worth more, -1 less.
	Compare     bool
	CompareAsks int
	// plainFour: a draw four is named without "wild" ("+4", "draw 4");
	// wildFour: one is named as a wild ("wild draw 4", "wd4"). A deck
	// with no Wild Draw Four reads a plain one as its own "+4" (No
	// Mercy's coloured Draw Four).
	plainFour, wildFour bool
	// howMany: the question asks a number ("how many does the next
	// player draw"); yesNo: it asks yes or no ("is she out"), not what
	// happens.
	howMany, yesNo bool
	// Then are the cards one player is told to lay one after the other
	// ("she played a skip then a reverse"), in that order; nil when the
	// question tells of no such plays.
	Then []Card
	// Target is whom a draw card is aimed at ("attack someone with a
	// +4"): "next" the next player, "any" a player of one's choosing, ""
	// when the question aims it at nobody.
	Target string
}

// plusAfter writes "2+" and "4+" (the plus after the number, then a space
// or the end) as "+2" and "+4".
func plusAfter(q string) string {
	if !strings.Contains(q, "+") {
		return q
	}
	b := []byte(q)
	for i := 1; i < len(b); i++ {
		if b[i] == '+' && b[i-1] >= '1' && b[i-1] <= '9' && (i == 1 || !(b[i-2] >= '0' && b[i-2] <= '9') && b[i-2] != '+') &&
			(i+1 == len(b) || b[i+1] == ' ' || b[i+1] == '?' || b[i+1] == ',' || b[i+1] == '.') {
			b[i-1], b[i] = '+', b[i-1]
		}
	}
	return string(b)
}

var sitReplacer = strings.NewReplacer("’", "'", "colour", "color", "+ ", "+")

// sitWords splits a question into lower-case words, keeping "+" on a
// number ("+4") and a count's "x" ("2x").
func sitWords(q string) []string {
	q = strings.ToLower(q)
	q = plusAfter(q)
	q = sitReplacer.Replace(q)
	var ws []string
	for _, w := range strings.FieldsFunc(q, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '\'')
	}) {
		w = strings.Trim(w, "'")
		w = strings.TrimSuffix(w, "'s")
		if w != "" {
			ws = append(ws, w)
		}
	}
	return ws
}

var colorWords = map[string]Color{
	"red": Red, "green": Green, "blue": Blue, "yellow": Yellow,
	"purple": Purple, "pink": Pink, "teal": Teal, "orange": Orange,
}

var numberWords = map[string]int{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"zeros": 0, "zeroes": 0, "ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "sevens": 7,
	"eights": 8, "nines": 9, "a": 1, "an": 1, "another": 1, "single": 1, "ten": 10,
}

// facePhrases are the ways people name a face, as runs of words; the
// longest run that matches wins. A plural names the same face.
var facePhrases = []struct {
	words string
	face  Face
}{
	{"wild draw four", WildDrawFour}, {"wild draw 4", WildDrawFour}, {"wild +4", WildDrawFour},
	{"wild plus four", WildDrawFour}, {"wild plus 4", WildDrawFour}, {"draw four", WildDrawFour},
	{"draw 4", WildDrawFour}, {"plus four", WildDrawFour}, {"plus 4", WildDrawFour}, {"+4", WildDrawFour},
	{"wd4", WildDrawFour}, {"w4", WildDrawFour}, {"draw4", WildDrawFour}, {"pick up four", WildDrawFour},
	{"wild draw two", WildDrawTwo}, {"wild draw 2", WildDrawTwo}, {"wd2", WildDrawTwo},
	{"wild draw color", WildDrawColor}, {"wdc", WildDrawColor},
	{"wild shuffle hands", WildShuffle}, {"shuffle hands", WildShuffle}, {"wild shuffle", WildShuffle},
	{"wild customizable", WildCustom}, {"wild customisable", WildCustom}, {"blank wild", WildCustom},
	{"draw two", DrawTwo}, {"draw 2", DrawTwo}, {"plus two", DrawTwo}, {"plus 2", DrawTwo}, {"+2", DrawTwo},
	{"d2", DrawTwo}, {"draw2", DrawTwo},
	{"draw one", DrawOne}, {"draw 1", DrawOne}, {"+1", DrawOne},
	{"draw five", DrawFive}, {"draw 5", DrawFive}, {"+5", DrawFive}, {"plus five", DrawFive}, {"plus 5", DrawFive},
	{"plus one", DrawOne}, {"plus 1", DrawOne},
	{"pick up 2", DrawTwo}, {"pick up two", DrawTwo}, {"pickup 2", DrawTwo}, {"pick up 4", WildDrawFour},
	{"draw card", DrawTwo},
	{"skip everyone", SkipEveryone}, {"skip all", SkipEveryone},
	{"skip", Skip}, {"reverse", Reverse}, {"wild", Wild}, {"wildcard", Wild}, {"flip", Flip},
}

var facePhraseWords = sync.OnceValue(func() []struct {
	words []string
	face  Face
} {
	out := make([]struct {
		words []string
		face  Face
	}, len(facePhrases))
	for i, p := range facePhrases {
		out[i].words, out[i].face = strings.Fields(p.words), p.face
	}
	// The newer editions' faces by their declared names ("wild draw ten",
	// "wild draw 10", "hit 2") and the tokens with a digit ("wd10").
	digits := strings.NewReplacer(" two", " 2", " four", " 4", " six", " 6", " ten", " 10")
	for f := Face(numNamed); f < numFaces; f++ {
		name := strings.ToLower(faceInfos[f].name)
		phrases := []string{name, digits.Replace(name)}
		for _, t := range faceInfos[f].tokens {
			if strings.ContainsAny(t, "0123456789") { // "wd10", "hit2": no English word
				phrases = append(phrases, t)
			}
		}
		if rest, ok := strings.CutPrefix(name, "wild draw "); ok && f.IsWild() {
			// No Mercy's "Draw 6" and "Draw 10", said without "wild".
			phrases = append(phrases, "draw "+rest, digits.Replace("draw "+rest))
		}
		for _, p := range phrases {
			out = append(out, struct {
				words []string
				face  Face
			}{strings.Fields(strings.ReplaceAll(p, "-", " ")), f})
		}
	}
	return out
})

// deckFor is d, or, for cards d lacks, the first deck that holds them
// all (a Wild Draw Ten asked about at a classic table: No Mercy's).
func deckFor(d *Deck, cards []Card) *Deck {
	holds := func(d *Deck) bool {
		for _, c := range cards {
			if d.Copies(c.Face) == 0 {
				return false
			}
		}
		return true
	}
	if holds(d) {
		return d
	}
	for _, o := range decks {
		if holds(o) {
			return o
		}
	}
	return d
}

// matchFace reads the face named at ws[i:], and how many words it took.
func matchFace(ws []string, i int) (Face, int, bool) {
	best, bestN := Face(0), 0
	for _, p := range facePhraseWords() {
		pw := p.words
		if i+len(pw) > len(ws) || len(pw) <= bestN {
			continue
		}
		ok := true
		for k, w := range pw {
			got := ws[i+k]
			if got != w && !(k == len(pw)-1 && (got == w+"s" || got == w+"es")) {
				ok = false
				break
			}
		}
		if ok {
			best, bestN = p.face, len(pw)
		}
	}
	if bestN == 0 {
		return 0, 0, false
	}
	// "wild card", "skip cards"
	if i+bestN < len(ws) && (ws[i+bestN] == "card" || ws[i+bestN] == "cards") {
		bestN++
	}
	return best, bestN, true
}

// notCardAfter are words after a number that make it no card: "2 players",
// "7 cards", "draw 4 more".
var notCardAfter = map[string]bool{
	"player": true, "players": true, "people": true, "person": true, "persons": true, "cards": true,
	"points": true, "pts": true, "more": true, "times": true, "turns": true, "hands": true, "of": true,
	"minutes": true, "left": true, "extra": true, "penalty": true,
}

// namedCard is a card the question names, where it names it, and how
// many.
type namedCard struct {
	card  Card
	at    int // index of its first word
	end   int // index after its last word
	count int
}

// readCards finds the cards named in ws.
func readCards(ws []string) []namedCard {
	var out []namedCard
	for i := 0; i < len(ws); {
		start := i
		count := 0
		if i > 0 && (ws[i-1] == "a" || ws[i-1] == "an") {
			// "a three card": after "a" a number is the card's, not a count.
		} else if n, ok := numberWords[ws[i]]; ok && ws[i] != "a" && ws[i] != "an" && i+1 < len(ws) {
			count = n
		} else if n, err := strconv.Atoi(ws[i]); err == nil && i+1 < len(ws) && n >= 2 && n <= 20 {
			if _, _, isFace := matchFace(ws, i+1); isFace {
				count = n
			} else if _, isColor := colorWords[ws[i+1]]; isColor {
				count = n
			}
		}
		j := i
		if count > 0 {
			j++
		}
		color := NoColor
		if j < len(ws) {
			if c, ok := colorWords[ws[j]]; ok {
				color, j = c, j+1
			}
		}
		if j < len(ws) {
			if f, n, ok := matchFace(ws, j); ok && !(f == Flip && (j == 0 || flipGameBefore[ws[j-1]] || flipVerbBefore[ws[j-1]])) && !(f == Skip && skipsATurn(ws[j+1:])) &&
				!(f == Skip && n == 1 && skipVerb(ws, j, out)) && !(countedDraw(ws, j) && !(j > 0 && (cardArticle[ws[j-1]] || laidOnWords[ws[j-1]]))) &&
				!(f == Wild && n == 1 && j > 0 && ws[j-1] == "all" && color == NoColor) {
				if count == 0 {
					count = 1
				}
				c := Card{Color: color, Face: f}
				if f.IsWild() {
					c.Color = NoColor
				}
				out = append(out, namedCard{card: c, at: start, end: j + n, count: count})
				i = j + n
				continue
			}
			// A number card: a colour before it, or "a", "my", "the" or
			// "another" before it, and no "players" or "cards" after it.
			d, ok := digitCard(ws[j])
			if f, isDraw := bareDraw(ws, j, d); ok && isDraw && color == NoColor && count == 0 && !(j > 0 && cardArticle[ws[j-1]]) {
				// "put 2 on a +2", "can you stack 2s": the draw card
				// said by its number alone.
				out = append(out, namedCard{card: Card{Face: f}, at: start, end: j + 1, count: 1})
				i = j + 1
				continue
			}
			if n, isWord := numberWords[ws[j]]; !ok && isWord && n <= 9 && j+1 < len(ws) && (ws[j+1] == "card" || ws[j+1] == "cards") &&
				ws[j] != "a" && ws[j] != "an" && ws[j] != "single" && ws[j] != "another" {
				d, ok = n, true // "a four card", "two five cards"
			}
			if ok && (color != NoColor || j > 0 && cardArticle[ws[j-1]] || count > 0 && j > start) &&
				(j+1 >= len(ws) || !notCardAfter[ws[j+1]] || count > 1 && j > start && ws[j+1] == "cards") {
				if count == 0 || count == 1 && color == NoColor {
					count = 1
				}
				out = append(out, namedCard{card: Card{Color: color, Face: Face(d)}, at: start, end: j + 1, count: max(count, 1)})
				i = j + 1
				continue
			}
			// Compact notation: "r7", "g+2", "wd4".
			if color == NoColor && compactCard(ws[j]) {
				if c, err := ParseCard(ws[j]); err == nil {
					out = append(out, namedCard{card: c, at: start, end: j + 1, count: max(count, 1)})
					i = j + 1
					continue
				}
			}
		}
		i = start + 1
	}
	return out
}

// bareDraw reads a bare number d at ws[j] as the classic deck's draw
// card of that many when the words make it one: laid on that draw card
// ("put 2 on a +2") or stacked ("can you stack 2s"). A number card is
// said with an article or a colour ("a 2 on a draw 2").
func bareDraw(ws []string, j, d int) (Face, bool) {
	var f Face
	classic, _ := LookupDeck(DefaultDeck)
	for _, x := range classic.Faces() {
		if isDraw(x) && x.Draws() == d {
			f = x
		}
	}
	if f == 0 {
		return 0, false
	}
	if j > 0 && (ws[j-1] == "stack" || ws[j-1] == "stacking") {
		return f, true
	}
	k := j + 1
	if k >= len(ws) || !pileWords[ws[k]] {
		return 0, false
	}
	if k++; k < len(ws) && (ws[k] == "a" || ws[k] == "an" || ws[k] == "the") {
		k++
	}
	if on, _, ok := matchFace(ws, k); ok && on == f {
		return f, true
	}
	return 0, false
}

// flipGameBefore are words before "flip" that make it the game, not its
// Flip card: "uno flip", "playing flip", "in flip".
var flipGameBefore = map[string]bool{"uno": true, "playing": true, "play": true, "in": true, "of": true, "for": true}

// flipVerbBefore are words before "flip" that make it the verb, not
// UNO Flip's card: "can you flip the direction", "to flip it".
var flipVerbBefore = map[string]bool{"you": true, "i": true, "u": true, "we": true, "to": true, "can": true, "cant": true,
	"will": true, "does": true, "they": true, "he": true, "she": true, "it": true, "and": true}

// cardArticle are words that make the number after them a card: "a 7",
// "my 4", "the 9".
var cardArticle = map[string]bool{
	"a": true, "an": true, "my": true, "the": true, "another": true, "his": true, "her": true, "their": true,
	"your": true, "any": true, "same": true, "one": true,
}

// compactCard reports whether w looks like a coloured card in notation: a
// colour's letter, then a number, "+2", "d2" or "rev" ("r7", "g+2",
// "brev"); English words ("by", "go", "yes") are not.
func compactCard(w string) bool {
	if len(w) < 2 || len(w) > 5 || !strings.ContainsRune("rgby", rune(w[0])) {
		return false
	}
	switch rest := w[1:]; rest {
	case "+2", "d2", "rev", "skip", "s":
		return true
	default:
		return len(rest) == 1 && rest[0] >= '0' && rest[0] <= '9'
	}
}

// digitCard reads a number card's number, in digits or a word.
func digitCard(w string) (int, bool) {
	if len(w) == 1 && w[0] >= '0' && w[0] <= '9' {
		return int(w[0] - '0'), true
	}
	if len(w) == 2 && w[1] == 's' && w[0] >= '0' && w[0] <= '9' {
		return int(w[0] - '0'), true // "two 8s"
	}
	switch w {
	case "zero", "0s", "zeros", "zeroes":
		return 0, true
	case "seven", "eight", "nine", "three", "five", "six", "sevens", "eights", "nines", "threes", "fives", "sixes", "fours", "twos":
		return numberWords[w], true
	}
	return 0, false
}

// has reports whether any of the phrases (runs of words, one space
// between) is in ws.
func has(ws []string, phrases ...string) bool {
	for _, p := range phrases {
		first, rest, _ := strings.Cut(p, " ")
		for i, w := range ws {
			if w == first && followedBy(ws[i+1:], rest) {
				return true
			}
		}
	}
	return false
}

// followedBy reports whether ws begins with the words of rest.
func followedBy(ws []string, rest string) bool {
	for rest != "" {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		if len(ws) == 0 || ws[0] != w {
			return false
		}
		ws = ws[1:]
	}
	return true
}

// pileWords before a card make it the card on the pile.
var pileWords = map[string]bool{"on": true, "onto": true, "over": true, "atop": true}

// ReadSituation reads what a question says of the table.
func ReadSituation(q string) Situation {
	ws := sitWords(q)
	var s Situation
	if len(ws) == 0 {
		return s
	}
	named := readCards(ws)
	for _, n := range named {
		for k := 0; k < n.count && len(s.Cards) < 60; k++ {
			s.Cards = append(s.Cards, n.card)
		}
	}
	for _, n := range named {
		if n.card.Face != WildDrawFour {
			continue
		}
		if slices.ContainsFunc(ws[n.at:n.end], func(w string) bool { return strings.HasPrefix(w, "w") }) {
			s.wildFour = true
		} else {
			s.plainFour = true
		}
	}
	s.howMany = has(ws, "how many")
	// "no mercy: is a player with 25 cards out" asks yes or no after its
	// edition; "what happens to a player who…" does not.
	s.yesNo = yesNo(ws) || !has(ws, "what", "whats", "how", "who", "why", "when") &&
		has(ws, "is a", "is an", "is she", "is he", "is the", "is my", "is your", "are they", "are you", "does she", "does he", "do they", "do you", "can she", "can he")
	s.Players = readPlayers(ws)
	s.Called = readCalled(ws)
	// The pile: the first card named after "on" ("on top of", "onto"), or
	// after "top card is" / "pile is".
	pileAt := -1
	for k, n := range named {
		at := n.at
		if at > 0 && (pileWords[ws[at-1]] || at > 1 && ws[at-2] == "on" && ws[at-1] == "a" ||
			at > 2 && ws[at-3] == "top" && ws[at-2] == "of" || at > 1 && ws[at-2] == "top" && ws[at-1] == "of" || ws[at-1] == "is" && has(ws[:at], "top card", "pile", "discard")) {
			pileAt = k
			break
		}
		if at > 1 && pileWords[ws[at-2]] && cardArticle[ws[at-1]] {
			pileAt = k
			break
		}
		if at > 1 && (ws[at-2] == "is" || ws[at-2] == "was" || ws[at-2] == "shows") && cardArticle[ws[at-1]] && has(ws[:at], "top card", "pile", "discard", "top") {
			pileAt = k
			break
		}
		if k > 0 && (ws[at-1] == "after" || at > 1 && ws[at-2] == "after" && cardArticle[ws[at-1]]) {
			// "can I play a wild after a draw two has been played": a
			// card named after another, "after" it, is the pile.
			pileAt = k
			break
		}
	}
	if pileAt < 0 && len(named) == 2 && has(ws, "on it", "onto it", "on top of it", "over it", "on that") {
		// "when someone plays a draw 4 can I put a draw 2 on it": the
		// card named first is the pile.
		pileAt = 0
	}
	if pileAt < 0 && s.Called != NoColor && len(named) == 2 && named[0].card.Face.IsWild() != named[1].card.Face.IsWild() {
		// "the last wild was called blue, can I put down a red 9": the
		// wild a colour was called for is the pile.
		pileAt = 0
		if named[1].card.Face.IsWild() {
			pileAt = 1
		}
	}
	if pileAt < 0 && len(named) == 2 && playedBefore(ws, named[0].at) && heldCard(ws, named[1].at) && !heldCard(ws, named[0].at) &&
		has(ws, "play it", "put it", "lay it", "play that", "put that", "play mine", "use it", "go on it", "go on that", "put mine") {
		// "zoe played a red skip and I have a red reverse, can I play
		// it": the card played before is the pile, the one held the play.
		pileAt = 0
	}
	then := []Card(nil)
	if pileAt < 0 {
		then = twoPlays(ws, named)
	}
	if then != nil {
		// "my sister played a skip then a reverse": one player's two
		// plays, neither laid on a card of another's.
		s.Then = then
		c := then[0]
		s.Play = &c
	} else if pileAt >= 0 {
		c := named[pileAt].card
		s.Pile = &c
		// The card played is the first not on the pile, and not one only
		// held ("I have a blue 3, can I play my draw four") if another is
		// named.
		play := -1
		for k, n := range named {
			if k == pileAt {
				continue
			}
			if play < 0 || heldCard(ws, named[play].at) && !heldCard(ws, n.at) {
				play = k
			}
		}
		if play >= 0 {
			c := named[play].card
			s.Play = &c
		}
	} else if len(named) >= 2 && named[1].at > 0 && (ws[named[1].at-1] == "then" || has(ws[named[0].end:named[1].at], "then")) {
		// "+2 then +4", "I played a skip and then the next player played
		// a skip": the second is laid on the first.
		c, p := named[1].card, named[0].card
		s.Play, s.Pile = &c, &p
	} else if len(named) == 2 && named[0].card.Face == named[1].card.Face && blocks(ws, named[0]) {
		// "can you skip a skip": the card against one like it.
		c, p := named[0].card, named[1].card
		s.Play, s.Pile = &c, &p
	} else if len(named) == 1 && (named[0].count == 2 && has(ws, "in a row", "back to back", "one after another", "one after the other") ||
		named[0].count >= 1 && yesNo(ws) && has(ws, "stack", "stacking", "stacked") && !isDraw(named[0].card.Face) && !drawWord(ws)) {
		// "can you play 2 wild cards in a row", "can you stack reverse
		// cards": one laid on another like it.
		c, p := named[0].card, named[0].card
		s.Play, s.Pile = &c, &p
	} else if k := len(named) - 2; k >= 1 && isDraw(named[k+1].card.Face) && named[k].end == named[k+1].at && named[k].end == named[k].at+1 &&
		(named[k].card.Face == Reverse || named[k].card.Face == Skip) {
		// "can the reverse card reverse draw cards": the card's name as
		// the verb, right before the draw card.
		c, p := named[k].card, named[k+1].card
		s.Play, s.Pile = &c, &p
	} else if len(named) == 2 && !isDraw(named[0].card.Face) && isDraw(named[1].card.Face) && blocks(ws, named[0]) {
		// "can you reverse a +2", "can a wild stop a draw 4": the card
		// is laid against the draw card, as on a pile.
		c, p := named[0].card, named[1].card
		s.Play, s.Pile = &c, &p
	} else if len(named) > 0 {
		c := named[0].card
		s.Play = &c
	}
	s.Held = readHeld(ws)
	if s.Held == 0 && len(named) > 0 && has(ws, "in my hand", "in his hand", "in her hand", "in their hand") &&
		!slices.ContainsFunc(named, func(n namedCard) bool { return !n.card.Face.IsWild() }) {
		// "I have two wild draw four cards in my hand": wilds alone hold
		// no card of the colour in play.
		s.Held = -1
	}
	s.HoldsColor = has(ws, "have the color", "have that color", "have the same color", "have a matching color", "have the matching color",
		"have a card of the color", "have the right color", "hold the color", "holding the color", "have a card of that color", "have the current color")
	if has(ws, notHoldingColor...) {
		s.HoldsColor = false
		s.HoldsMatch = true
	}
	s.HoldsMatch = s.HoldsMatch || has(ws, "matching number", "same number", "matching symbol", "same symbol", "matching numbers")
	if hc, tc := heldColor(ws), topColor(ws, s); hc != NoColor && tc != NoColor && has(ws, "challenge", "challenged", "challenging") {
		// The colour held against the colour in play decides a
		// challenge's outcome.
		s.Held = -1
		if hc == tc {
			s.Held = 1
		}
	}
	if hc, tc := heldColor(ws), topColor(ws, s); hc != NoColor && hc == tc && !s.HoldsMatch {
		// "when I've got a green card and green's on top"
		s.HoldsColor = true
	}
	s.Holding, s.InPlay = heldColor(ws), topColor(ws, s)
	s.Edition = readEdition(ws)
	s.Drawn = has(ws, drawnWords...)
	s.Bystander = has(ws, "on my", "on him", "on her", "on them", "on someone", "on somebody", "on the next player", "on another player") &&
		!has(ws, "on me", "on my turn", "on my go") ||
		has(ws, "can anyone", "can someone", "can somebody", "can another player", "can other players", "can any player")
	if who := challengerNamed(ws); who != "" && !selfWords[who] && who != "next" && !has(ws, "next player challenge", "next person challenge") && has(ws, "on me", "on us", "not next", "isnt next", "isn't next", "wasnt next",
		"wasn't next", "not the next", "not the one") {
		// "can my brother challenge the plus 4 grandma played on me even
		// though hes not next": someone it did not hit.
		s.Bystander = true
	} else if who != "" && !selfWords[who] && has(ws, "on him", "on her", "on them") {
		// "can my brother challenge the +4 grandma played on him": the
		// one asked of is the one it hit.
		s.Bystander = false
	}
	s.HandSize = readHandSize(ws)
	s.Compare = has(ws, "worth more", "worth less", "more than", "less than", "which is worth", "which one is worth", "higher than", "lower than")
	if s.Compare && (yesNo(ws) || has(ws, "is a", "is an", "is the", "are")) && !has(ws, "which", "what") {
		s.CompareAsks = 1
		if has(ws, "worth less", "less than", "lower than") {
			s.CompareAsks = -1
		}
	}
	s.OnlyCard = has(ws, "only a", "only one", "only card", "just a", "just one", "only have a", "only have one", "only got a", "only got one") && has(ws, "left", "in my hand", "in your hand", "in hand")
	s.Flip = has(ws, "uno flip", "in flip", "flip deck", "flip version", "playing flip", "flip game") || ws[len(ws)-1] == "flip" ||
		ws[0] == "flip" && (len(named) == 0 || named[0].at > 0) ||
		readEdition(ws) == "" && slices.ContainsFunc(s.Cards, func(c Card) bool { return c.Face.OnlyFlip() && c.Face != Flip })
	s.Target = readTarget(ws)
	s.Asked = readAsked(ws, s, named)
	if s.Asked == AskedSilence {
		s.Silence = silenceOf(ws, named)
	}
	if s.Asked == AskedStack && s.Pile == nil && len(named) >= 2 {
		// "a +2 was played on me, can I put my +2 down": the first is the
		// pile, the second the card played.
		p, c := named[0].card, named[1].card
		s.Pile, s.Play = &p, &c
	}
	return s
}

// playVerbs tell of a card laid.
var playVerbs = []string{"play", "plays", "played", "playing", "put", "puts", "putting", "lay", "lays", "laid", "laying",
	"throw", "throws", "threw", "drop", "drops", "dropped", "use", "uses", "used", "slap", "slapped"}

// togetherWords say two cards go down in one turn.
var togetherWords = []string{"same time", "at once", "same turn", "one turn", "together", "one go", "same go", "right after",
	"straight after", "straight away", "right away", "back to back", "in one move"}

// subjectWords are the players a sentence can turn to: "then she
// played" is someone's play, "then played" the same player's.
var subjectWords = map[string]bool{"i": true, "he": true, "she": true, "they": true, "we": true, "you": true, "u": true,
	"someone": true, "somebody": true, "anyone": true, "everyone": true, "next": true, "player": true, "person": true}

// twoPlays reads one player's two plays told in order ("she played a
// skip then a reverse", "can you play a reverse and a skip at the same
// time"): a card laid, then another, with no other player between them.
// Draw cards told "+2 then +4" with no word of one turn ask about
// stacking, and are left to it.
func twoPlays(ws []string, named []namedCard) []Card {
	if len(named) < 2 {
		return nil
	}
	a, b := named[0], named[1]
	if !slices.ContainsFunc(ws[:a.at], func(w string) bool { return slices.Contains(playVerbs, w) }) {
		return nil
	}
	between := ws[a.end:b.at]
	together := has(ws, togetherWords...)
	linked := has(between, "then", "followed by", "after that") || together && has(between, "and", "plus", "with")
	if !linked || slices.ContainsFunc(between, func(w string) bool { return subjectWords[w] || pileWords[w] }) {
		return nil
	}
	if isDraw(a.card.Face) && isDraw(b.card.Face) && !together {
		return nil
	}
	return []Card{a.card, b.card}
}

// aimWords say a card is aimed at a player: "attack someone with a +4",
// "can I choose who gets the draw 2". ("Hit" is UNO Attack's card.)
var aimWords = []string{"attack", "attacks", "attacking", "target", "targets", "targeting", "aim", "aimed", "choose who",
	"pick who", "choose someone", "pick someone", "choose a player", "pick a player", "choose anyone", "pick anyone",
	"give it to", "anyone i want", "who i want", "whoever i want", "whoever you want", "anyone you want", "who you want",
	"on anyone", "on anybody", "on any player", "on whoever"}

// readTarget reads whom a card is aimed at: "next" the next player,
// "any" a player of one's choosing, "" when nothing is aimed.
func readTarget(ws []string) string {
	if !has(ws, aimWords...) {
		return ""
	}
	if has(ws, "next player", "next person", "next one", "player after me", "person after me", "player to my left") {
		return "next"
	}
	return "any"
}

// ownFour is s with a draw four named plainly ("+4", "draw 4") read as
// the deck's own "+4" when the deck has no Wild Draw Four: No Mercy's
// coloured Draw Four.
func (s Situation) ownFour(d *Deck) Situation {
	if !s.plainFour || s.wildFour || d.Copies(WildDrawFour) > 0 {
		return s
	}
	f, ok := d.tokens()["+4"]
	if !ok || f == WildDrawFour || d.Copies(f) == 0 {
		return s
	}
	swap := func(c Card) Card {
		if c.Face == WildDrawFour {
			c.Face = f
		}
		return c
	}
	cards := make([]Card, len(s.Cards))
	for i, c := range s.Cards {
		cards[i] = swap(c)
	}
	s.Cards = cards
	if s.Play != nil {
		c := swap(*s.Play)
		s.Play = &c
	}
	if s.Pile != nil {
		c := swap(*s.Pile)
		s.Pile = &c
	}
	return s
}

// blockWords say a card is laid against a draw card: "can a wild stop a
// draw 4", "does a skip block a +2".
var blockWords = []string{"stop", "stops", "cancel", "cancels", "block", "blocks", "counter", "counters", "bounce", "beat",
	"beats", "dodge", "against", "avoid", "deflect"}

// blocks reports whether the question lays card n against the draw card
// named after it: with a blocking word, or with the card's name used as
// the verb ("can you reverse a +2", "can u skip a draw 4").
func blocks(ws []string, n namedCard) bool {
	if has(ws, blockWords...) {
		return true
	}
	if n.at > 0 && n.end == n.at+1 && (n.card.Face == Reverse || n.card.Face == Skip) {
		switch ws[n.at-1] {
		case "you", "i", "u", "we", "to", "can", "cant", "can't":
			return true
		}
	}
	return false
}

// yesNo reports whether the question asks yes or no ("can you…", "is it
// allowed…").
func yesNo(ws []string) bool {
	switch ws[0] {
	case "can", "is", "are", "may", "do", "does", "could", "should", "will", "am", "r", "cant", "can't", "isnt", "isn't", "wait":
		return true
	}
	// "if you have only a wild draw four left can you play it"
	return ws[0] == "if" && has(ws, "can you", "can i", "can u", "may i", "am i allowed", "is it allowed", "is it legal")
}

// heldAfter reports whether every card named after the first is named as
// held ("if you have a wild card"), after "have" or "hold".
func heldAfter(ws []string, named []namedCard) bool {
	if len(named) == 0 {
		return false
	}
	at := slices.IndexFunc(ws, func(w string) bool { return w == "have" || w == "hold" || w == "holding" || w == "got" })
	for _, n := range named[1:] {
		if at < 0 || n.at < at {
			return false
		}
	}
	return true
}

// skipsATurn reports whether the words after "skip" make it the verb of
// losing a turn ("skip your turn", "skip a turn"), not the card.
func skipsATurn(after []string) bool {
	if len(after) > 0 && after[0] == "turn" {
		return true
	}
	// "skip your turn", "skip a turn"; not "a skip, whose turn is it"
	return len(after) > 1 && after[1] == "turn" && turnOwner[after[0]]
}

// turnOwner are words between the verb "skip" and "turn".
var turnOwner = map[string]bool{"a": true, "your": true, "my": true, "their": true, "his": true, "her": true, "our": true,
	"the": true, "one": true, "next": true, "every": true, "u": true, "ur": true}

// turnWords ask whether a card costs the next player their turn.
var turnWords = []string{"skip your turn", "skip a turn", "skip their turn", "skip my turn", "skip the turn", "lose a turn", "lose your turn",
	"lose their turn", "miss a turn", "miss your turn", "miss their turn", "lose my turn", "miss my turn", "miss his", "miss her",
	"lose his", "lose her", "miss a go", "miss my go", "miss your go", "miss their go", "lose a go", "lose your go"}

// lastWords ask whether a hand may end on a card.
var lastWords = []string{"end on", "end with", "end the game", "end a game", "end the round", "end a round", "end the hand",
	"finish on", "finish with", "finish the game", "go out on", "go out with", "going out on", "win on", "win with",
	"win the game", "win a game", "last card", "final card", "be the last", "ending on", "end uno", "finish uno", "win uno",
	"went out with", "went out on", "goes out with", "goes out on", "finished with", "finished on", "ended on", "ended with",
	"ended the game with", "ended the round with", "ended the hand with", "finished the game with", "won with", "won on"}

// readPlayers reads "two players", "2 player game", "3 of us".
func readPlayers(ws []string) int {
	for i := 0; i+1 < len(ws); i++ {
		n, err := strconv.Atoi(ws[i])
		if err != nil {
			v, ok := numberWords[ws[i]]
			if !ok || ws[i] == "a" || ws[i] == "an" || ws[i] == "one" || ws[i] == "another" || ws[i] == "single" {
				continue
			}
			n = v
		}
		if i > 0 && (ws[i-1] == "skip" || ws[i-1] == "skips" || ws[i-1] == "skipping") {
			continue // "to skip two people": the ones skipped, not the table
		}
		if i > 1 && (ws[i-1] == "were" || ws[i-1] == "are") && ws[i-2] == "we" && ws[i+1] != "cards" && ws[i+1] != "card" {
			return n // "we were 2 and ..."
		}
		if i > 1 && ws[i-1] == "with" && (ws[i-2] == "playing" || ws[i-2] == "play" || ws[i-2] == "game") && ws[i+1] != "cards" && ws[i+1] != "card" {
			return n // "we're playing with 2, ..."
		}
		switch ws[i+1] {
		case "player", "players", "people", "persons", "handed", "person":
			return n
		case "of":
			if i+2 < len(ws) && ws[i+2] == "us" {
				return n
			}
		}
	}
	for _, w := range ws {
		// "2p", "3ppl"
		if !strings.HasSuffix(w, "p") && !strings.HasSuffix(w, "ppl") {
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(w, "ppl"), "p")); err == nil && n >= 2 && n <= 10 {
			return n
		}
	}
	if has(ws, "1v1", "head to head", "heads up", "just me and", "only me and", "just us two", "me and one other") {
		return 2
	}
	return 0
}

// readCalled reads the colour named for a wild: "red called", "called
// red", "chose blue", "said green", "changed it to yellow".
func readCalled(ws []string) Color {
	for i, w := range ws {
		c, ok := colorWords[w]
		if !ok {
			continue
		}
		if i > 0 {
			switch ws[i-1] {
			case "called", "calls", "call", "chose", "chosen", "choose", "named", "picked", "said", "declared", "to":
				return c
			}
		}
		if i+1 < len(ws) && (ws[i+1] == "called" || ws[i+1] == "was" && i+2 < len(ws) && ws[i+2] == "called") {
			return c
		}
		if i > 1 && (ws[i-1] == "was" || ws[i-1] == "is") && (ws[i-2] == "wild" || ws[i-2] == "wildcard") {
			return c // "the wild was red"
		}
	}
	return NoColor
}

// notHoldingColor say the one asking holds no card of the colour in play.
var notHoldingColor = []string{"dont have the color", "don't have the color", "do not have the color", "not the color",
	"no card of the color", "no cards of the color", "none of the color", "dont have that color", "don't have that color",
	"without the color", "not the same color", "dont have any of the color", "don't have any of the color"}

// negations before "have" or "had" turn what follows around.
var negations = map[string]bool{"didnt": true, "didn't": true, "not": true, "never": true, "doesnt": true, "doesn't": true,
	"dont": true, "don't": true, "no": true, "wasnt": true, "wasn't": true, "isnt": true, "isn't": true}

// heldColor reads the colour of a card someone is said to hold: "I've got
// a green card", "holding a yellow skip", "I only had a blue 3".
func heldColor(ws []string) Color {
	for i, w := range ws {
		switch w {
		case "have", "has", "had", "got", "hold", "holds", "holding", "held", "i've":
		default:
			continue
		}
		if i > 0 && negations[ws[i-1]] {
			continue
		}
		k := i + 1
		for k < len(ws) && (ws[k] == "a" || ws[k] == "an" || ws[k] == "one" || ws[k] == "only" || ws[k] == "another" || ws[k] == "got") {
			k++
		}
		if k < len(ws) {
			if c, ok := colorWords[ws[k]]; ok {
				return c
			}
		}
	}
	return NoColor
}

// topColor reads the colour in play: "green's on top", "yellow was on the
// pile", "the pile was red", the colour called for a wild, or the pile
// card's colour.
func topColor(ws []string, s Situation) Color {
	for i, w := range ws {
		c, ok := colorWords[w]
		if !ok {
			continue
		}
		after := ws[i+1:]
		for _, p := range []string{"on top", "is on", "was on", "on the pile", "in play", "is in play", "was in play", "is the color", "was the color"} {
			if followedBy(after, p) {
				return c
			}
		}
		if i > 1 {
			switch ws[i-2] + " " + ws[i-1] {
			case "pile was", "pile is", "top was", "top is", "color was", "color is", "was on", "is on", "card is", "card was", "card's":
				return c
			}
		}
	}
	if s.Called != NoColor {
		return s.Called
	}
	if s.Pile != nil && !s.Pile.Face.IsWild() {
		return s.Pile.Color
	}
	return NoColor
}

// editionPhrases name the newer editions in a question ("in No Mercy",
// "all wild:"); UNO Flip is read apart.
var editionPhrases = []struct{ words, deck string }{
	{"no mercy", "no-mercy"}, {"nomercy", "no-mercy"}, {"all wild", "all-wild"}, {"allwild", "all-wild"},
	{"uno attack", "attack"}, {"attack", "attack"}, {"uno extreme", "attack"}, {"uno party", "party"},
	{"party uno", "party"}, {"triple play", "triple-play"},
}

// readEdition reads the edition a question names, "" for none. "all wild
// cards" are the classic deck's Wilds, not the edition.
func readEdition(ws []string) string {
	for _, p := range editionPhrases {
		first, rest, _ := strings.Cut(p.words, " ")
		for i, w := range ws {
			if w != first || !followedBy(ws[i+1:], rest) {
				continue
			}
			end := i + len(strings.Fields(p.words))
			if p.deck == "all-wild" && end < len(ws) && (ws[end] == "card" || ws[end] == "cards") {
				continue
			}
			if p.words == "attack" && i > 0 && ws[i-1] != "in" && ws[i-1] != "playing" && ws[i-1] != "play" {
				continue // "can you attack someone with a plus 4" is no edition
			}
			if p.deck == "no-mercy" && i > 0 && mercyShown[ws[i-1]] {
				continue // "my kids show no mercy": the edition is "show 'em no mercy"
			}
			return p.deck
		}
	}
	return ""
}

// mercyShown are words before "no mercy" that make it the saying, not
// the edition: "they showed no mercy", "she had no mercy".
var mercyShown = map[string]bool{"show": true, "shows": true, "showed": true, "shown": true, "showing": true, "had": true,
	"has": true, "have": true, "having": true, "with": true, "zero": true, "absolutely": true}

// drawnWords say the draw card on the pile was already drawn for.
var drawnWords = []string{"already picked up", "already drew", "already drawn", "already taken", "already took", "has drawn",
	"have drawn", "had drawn", "after drawing", "picked up his", "picked up her", "picked up their", "drew his", "drew her",
	"drew their", "took his", "took her", "took their"}

// readHandSize reads how many cards a player holds: "has 26 cards",
// "holding 30 cards", "with 25 cards".
func readHandSize(ws []string) int {
	for i := 1; i+1 < len(ws); i++ {
		n, err := strconv.Atoi(ws[i])
		if err != nil || n < 2 || ws[i+1] != "cards" {
			continue
		}
		switch ws[i-1] {
		case "has", "have", "had", "holding", "holds", "hold", "with", "got", "at", "gets", "get", "reaches", "reach":
			return n
		}
	}
	return 0
}

// readHeld reads what a challenged player turned out to hold.
func readHeld(ws []string) int {
	switch {
	case has(ws, "didnt have", "didn't have", "did not have", "had no", "has no", "not have", "wasnt holding",
		"wasn't holding", "was not holding", "had none", "no matching", "couldnt play", "could not play", "no card of",
		"was innocent", "wasnt bluffing", "wasn't bluffing", "was not bluffing", "challenge failed", "was wrong", "were wrong",
		"doesnt have", "doesn't have", "does not have", "fail the challenge", "failed the challenge", "lose the challenge", "lost the challenge"):
		return -1
	case has(ws, "did have", "had a", "had one", "has a", "was holding", "held a", "had the", "could have played",
		"was bluffing", "bluffed", "caught", "had another", "had red", "had blue", "had green", "had yellow",
		"was right", "were right", "challenge worked", "challenge succeeded", "turns out", "illegal", "illegally"):
		return 1
	}
	return 0
}

// drawCount counts the draw cards among cards.
func drawCount(cards []Card) int {
	n := 0
	for _, c := range cards {
		if isDraw(c.Face) {
			n++
		}
	}
	return n
}

// isDraw reports whether a face makes the next player draw.
func isDraw(f Face) bool { return drawsCards(f) || drawAmount(f) > 0 }

func readAsked(ws []string, s Situation, named []namedCard) Asked {
	pointsWords := has(ws, "points", "point", "worth", "value", "values", "score", "pts", "count for", "how much", "add up to", "adds up to") ||
		has(ws, "left with", "stuck with", "caught with", "left holding") && has(ws, "what that", "whats that", "what is that", "how bad", "total") ||
		has(ws, "went out", "goes out", "going out") && has(ws, "i had", "i was left with", "i was holding", "she had", "he had", "they had", "i still had", "i got stuck with") &&
			!has(ws, lastWords...)
	switch {
	case len(named) > 0 && (has(ws, "challenge", "challenged", "challenging", "challenges") &&
		(s.Held != 0 || has(ws, "who draws", "who picks", "who has to draw", "how many", "who wins")) || has(ws, "illegal", "illegally")) &&
		slices.ContainsFunc(s.Cards, func(c Card) bool { return c.Face == WildDrawFour }):
		return AskedChallenge
	case len(named) > 0 && !s.Flip && s.Held != 0 && has(ws, "challenge", "challenged", "challenging") &&
		has(ws, "who draws", "who picks", "who has to draw", "who wins", "what happens", "who draw") && !slices.ContainsFunc(s.Cards, func(c Card) bool { return isDraw(c.Face) }):
		// "challenge: she had a green 2 and the pile was green, who draws":
		// only a Wild Draw Four is challenged, named or not.
		return AskedChallenge
	case slices.ContainsFunc(s.Cards, func(c Card) bool { return restricted(c.Face) }) &&
		has(ws, "challenge", "challenged", "challenging") && has(ws, challengeWhen...):
		return AskedChallengeWhen
	case silenceOf(ws, named) != "":
		return AskedSilence
	case s.Then != nil:
		return AskedTwoPlays
	case s.Target != "" && len(named) == 1 && isDraw(named[0].card.Face) && !s.Flip && s.Edition == "":
		return AskedTarget
	case len(named) == 1 && s.Players != 2 && has(ws, "direction", "way round", "way around", "other way", "backwards", "the order") &&
		(yesNo(ws) || has(ws, "change", "changes", "turn", "turns", "switch", "switches", "flip", "flips")):
		return AskedDirection
	case len(named) == 0 && s.Players >= 3 && s.Edition == "" && has(ws, "play", "playing") &&
		has(ws, "can", "could", "is it", "enough", "too many", "one deck", "a deck", "1 deck", "a single deck"):
		return AskedPlayers
	case len(named) == 1 && s.Players != 2 && has(ws, "go again", "play again", "another turn", "extra turn", "go twice", "get another go"):
		return AskedAgain
	case !slices.ContainsFunc(named, func(n namedCard) bool { return !n.card.Face.IsWild() }) && has(ws, "pick a color", "choose a color", "call a color", "name a color", "pick any color", "choose any color",
		"call any color", "change it to a color", "change the color to") && has(ws, "dont have", "don't have", "do not have", "not have", "not holding"):
		return AskedCallColor
	case has(ws, drewFirst...) && !has(ws, drawnCard...) && (has(ws, fromHand...) || len(named) > 0 && has(ws, "can i play", "can i put", "can i lay", "can i use", "can you play", "can you put",
		"can u play", "may i play", "can he play", "can she play", "am i allowed to play")):
		// "can I play a 6 from my hand after I already drew a card": not
		// the card drawn, one the hand held.
		return AskedHandAfterDraw
	case len(named) == 0 && yesNo(ws) && has(ws, "after picking up", "after picking one up", "after drawing", "after you draw", "after i draw",
		"card you drew", "card i drew", "card you picked up", "card i picked up", "drawn card", "after you pick up", "after i pick up") &&
		has(ws, "put down", "play", "lay", "put", "use"):
		return AskedDrawnPlay
	case len(named) == 0 && has(ws, lastWords...) && has(ws, "action card", "action cards", "special card", "special cards", "power card", "power cards"):
		return AskedLast
	case slices.ContainsFunc(s.Cards, func(c Card) bool { return restricted(c.Face) }) && (has(ws, challengeAsks...) || challengerNamed(ws) != ""):
		return AskedMayChallenge
	case s.HandSize > 0 && has(ws, "out", "knocked", "eliminated", "mercy", "dead"):
		return AskedMercy
	case has(ws, "uno") && (has(ws, lateWords...) || nextBegan(ws) && has(ws, catchWords...)):
		return AskedUnoLate
	case len(named) >= 1 && pointsWords && !has(ws, "play on", "put on", "go on", "goes on", "stack") &&
		!has(ws, "win", "game to", "first to", "reach"):
		return AskedPoints
	case len(named) >= 2 && s.Pile == nil && has(ws, "left with", "still had", "still has", "still have", "still holding", "opponents have",
		"opponents had", "opponent has", "opponent had", "caught with", "left in"):
		// "if opponents are left with two Draw 2 cards and a Reverse":
		// the cards left at the end, to be counted.
		return AskedPoints
	case len(named) >= 1 && has(ws, lastWords...):
		return AskedLast
	case len(named) == 1 && s.Players == 0 && (has(ws, turnWords...) || unnamedSkip(ws, named)):
		// "does a +2 skip your turn", "is a draw 2 a skip", "do you skip on
		// a draw 2"
		return AskedTurn
	case len(named) == 0 && yesNo(ws) && has(ws, "draw 6", "draw six", "draw 8", "draw eight", "pick up 6", "pick up six", "pick up 8",
		"draw 10", "draw ten", "draw 12", "draw 16"):
		// "can you draw 6": no single card of the five rulebooks makes
		// anyone draw 6, only a draw card passed on.
		return AskedStack
	case s.Play != nil && s.Pile != nil && isDraw(s.Play.Face) && isDraw(s.Pile.Face) &&
		!has(ws, "my turn", "own turn", "your turn", "my go", "his turn", "her turn", "their turn", "in a row", "back to back") && !othersPlay(ws):
		// A draw card on a draw card, asked with no word of whose turn:
		// people ask whether it passes the draw on.
		return AskedStack
	case drawCount(s.Cards) >= 2 && (has(ws, "stack", "stacking", "stacked", "pass it on", "pass on", "add up", "bounce",
		"send it back", "instead of drawing", "instead of picking", "dont have to draw", "don't have to draw", "avoid drawing",
		"to avoid", "on me", "next person", "next player")):
		return AskedStack
	case len(named) >= 1 && has(ws, "stack", "stacking", "stacked") && drawCount(s.Cards) >= 1:
		return AskedStack
	case drawCount(s.Cards) == len(s.Cards) && yesNo(ws) && has(ws, "stack", "stacking", "stacked", "stackable") &&
		!has(ws, "different", "color", "colors", "number", "numbers", "same", "reverse", "reverses", "skip", "skips"):
		// "is stacking allowed", "can you stack 6": no card, or draw
		// cards only, and a yes or no asked.
		return AskedStack
	case len(named) >= 1 && s.Players == 2 && slices.ContainsFunc(s.Cards, func(c Card) bool {
		return twoPlayerFaces[c.Face]
	}):
		return AskedTwoPlayer
	case len(named) >= 1 && (s.Players > 0 || has(ws, "what happens", "what does", "how does", "what do")) &&
		slices.ContainsFunc(s.Cards, func(c Card) bool { return c.Face == SkipEveryone }):
		return AskedTwoPlayer
	case len(named) >= 1 && has(ws, "who goes next", "whose turn", "who plays next", "who next", "who is next", "who go next", "who goes after") &&
		slices.ContainsFunc(s.Cards, func(c Card) bool { return nextFacts[c.Face] != "" }):
		return AskedNext
	case len(named) >= 1 && has(ws, "first card", "turned up", "turned over", "turns up", "flipped over", "flips over",
		"start the game", "starts the game", "start of the game", "starts the pile", "start the pile", "starting card",
		"first discard", "to start", "is flipped", "gets flipped", "flip over", "turn over", "start a game", "begin the game",
		"begin a game", "start a round", "starting the game", "start the round", "start with", "starts with", "start on", "starts on"):
		return AskedFirst
	case s.Play != nil && s.Pile != nil:
		return AskedPlay
	case len(named) == 0 && yesNo(ws) && has(ws, "different color", "different colors", "same number", "same numbers", "same symbol") &&
		has(ws, "put", "play", "stack", "lay", "place", "go", "match") &&
		!has(ws, "multiple", "more than one", "at once", "same time", "doubles", "both", "several", "cards", "together"):
		// "can you put same number different color": the match by
		// number or symbol.
		return AskedMatch
	case heldAfter(ws, named) && s.Play != nil && s.Play.Face.IsWild() && yesNo(ws) &&
		(s.HoldsColor || s.HoldsMatch || s.OnlyCard || has(ws, "anything", "any card", "anytime", "any time", "if you have", "if i have", "when you have",
			"when i have", "if you hold", "if i hold", "whenever", "if u have")):
		// "can a wild go on anything", "can I play a draw 4 if I have a
		// wild": a wild card with no pile named.
		return AskedPlay
	}
	return AskedNothing
}

// playedBefore reports whether the card named at ws[at] is told as laid
// already: "zoe played a red skip", "he put down a 7".
func playedBefore(ws []string, at int) bool {
	for k := at - 1; k >= 0 && k >= at-3; k-- {
		switch ws[k] {
		case "played", "laid", "threw", "dropped", "put":
			return true
		case "a", "an", "down", "her", "his", "their", "just":
			continue
		}
		return false
	}
	return false
}

// drewFirst tell of a card drawn before the play asked about.
var drewFirst = []string{"after i drew", "after i already drew", "i already drew", "i've already drawn", "i have already drawn", "after i've drawn",
	"after i have drawn", "after i had drawn", "after drawing", "after i draw", "after you draw", "after you drew", "you already drew",
	"after picking up", "after i picked up", "after i pick up", "after you pick up", "after taking a card", "drew a card and then",
	"drew one and then", "picked up a card and then", "drew from the pile and then"}

// drawnCard name the card drawn itself, which may be played.
var drawnCard = []string{"card i drew", "card you drew", "drawn card", "card i picked up", "card you picked up", "the card drawn",
	"the one i drew", "the one you drew", "card he drew", "card she drew"}

// fromHand name a card the hand held before the draw.
var fromHand = []string{"from my hand", "from your hand", "from his hand", "from her hand", "from their hand", "another card",
	"a different card", "other card", "different card"}

// heldCard reports whether the card named at ws[at] is named as held:
// "I have a blue 3", "holding a red 2".
func heldCard(ws []string, at int) bool {
	for k := at - 1; k >= 0 && k >= at-2; k-- {
		switch ws[k] {
		case "have", "has", "had", "holding", "hold", "holds", "got", "i've":
			return true
		case "a", "an", "my", "one", "only":
			continue
		}
		return false
	}
	return false
}

// challengeWhen ask when a challenge may be made.
var challengeWhen = []string{"right away", "straight away", "immediately", "at once", "how long", "how late", "too late",
	"later", "any time", "anytime", "when can", "when do", "when should", "when must", "when is", "when are", "next turn",
	"after the next", "before the next", "wait"}

// challengeAsks ask whether someone may challenge at all.
var challengeAsks = []string{"can someone else challenge", "can anyone else challenge", "can somebody else challenge",
	"can another person challenge", "can the other players challenge", "can i challenge", "can you challenge", "can we challenge", "can anyone challenge", "can someone challenge",
	"can somebody challenge", "can another player challenge", "can other players challenge", "can any player challenge",
	"who can challenge", "am i allowed to challenge", "is it possible to challenge", "can it be challenged", "can i call"}

// selfWords name the one asking, or whoever "you" is.
var selfWords = map[string]bool{"i": true, "you": true, "u": true, "we": true, "me": true}

// challengerNamed is who a question asks may challenge, the last word
// between "can" and "challenge": "can my brother challenge" is
// "brother", "can i challenge" "i"; "" when it asks no such thing.
func challengerNamed(ws []string) string {
	for i, w := range ws {
		if w != "can" && w != "could" && w != "may" {
			continue
		}
		for j := i + 2; j < len(ws) && j <= i+4; j++ {
			if ws[j] == "challenge" {
				return ws[j-1]
			}
		}
	}
	return ""
}

// lateWords say a missed UNO is noticed after the next player began.
var lateWords = []string{"already drawn", "already drew", "already played", "after the next player", "after i drew",
	"after i'd drawn", "after i played", "next player had", "next player has", "after my turn", "too late", "already started"}

// begunVerbs tell of a turn begun: a card drawn, picked up or played.
var begunVerbs = map[string]bool{"drawn": true, "drew": true, "played": true, "picked": true, "took": true, "taken": true,
	"started": true, "began": true, "begun": true, "gone": true, "went": true}

// nowVerbs tell of it in the present ("after the next player draws"),
// read only of the next player: "say uno after you play" is a call.
var nowVerbs = map[string]bool{"draws": true, "plays": true, "picks": true, "takes": true, "starts": true, "begins": true}

// catchWords ask whether a missed UNO still costs its player.
var catchWords = []string{"catch", "caught", "notice", "noticed", "still", "make him", "make her", "make them", "have to draw",
	"has to draw", "penalty", "draw 2", "draw two", "pick up 2", "draw 4", "draw four", "call him out", "call her out", "too late"}

// nextBegan reports whether the question tells of a turn begun after a
// missed UNO: "after zoe had drawn a card", "the next player already
// picked up", "once the next person plays".
func nextBegan(ws []string) bool {
	for i, w := range ws {
		if w != "after" && w != "already" && w != "once" {
			continue
		}
		for j := i + 1; j < len(ws) && j <= i+4; j++ {
			if begunVerbs[ws[j]] || nowVerbs[ws[j]] && slices.Contains(ws[i:j], "next") {
				return true
			}
		}
	}
	return false
}

// othersPlay reports whether the question tells of another player's play
// on their own turn ("she put a green draw two on a blue draw two, is that
// allowed"), not of a draw card passed on: no "my" card and no "me" hit.
func othersPlay(ws []string) bool {
	return has(ws, "she put", "he put", "they put", "she played", "he played", "they played", "she laid", "he laid",
		"she threw", "he threw") &&
		has(ws, "allowed", "legal", "ok", "okay", "fair", "is that", "can she", "can he", "is it", "was that") &&
		!has(ws, "on my", "on me", "my draw", "at me")
}

// Table is what a question is answered for: the game's deck (nil: the
// classic deck, with no game in use) and its house rules.
type Table struct {
	Deck  *Deck
	House []string
	// MercyBonus is who receives a knock-out bonus at this table, as it
	// chose at new: "winner" (the hand's winner) or "knocker" (who
	// knocked the player out); "" when the deck has none.
	MercyBonus string
	// Mode is the game's way of scoring ("standard", "lowest", ...; ""
	// with no game), and Charged says whether it is one where the lowest
	// tally wins (lowest, challenge) that charges a knock-out: there no
	// one wins a hand's points, and a knock-out is charged to the player
	// knocked out, onto their own tally, not given to anyone
	// (docs/game-night.md). Every such game begun since unoscore charges
	// it does (scoring.Settings.MercyCharge); one begun before charged no
	// one, and is answered as it was played, by its MercyBonus.
	Mode    string
	Charged bool
}

// bonusRuling answers who receives the knock-out bonus at a table that
// chose it ("who gets the 250 when someone is knocked out"), and how many
// points a knock-out brings ("how many points for knocking someone out").
// At a table whose mode has the lowest tally win (lowest, challenge) no
// one receives it: the player knocked out is charged it, as the board
// does.
func bonusRuling(q string, t Table) (Ruling, bool) {
	if t.Deck == nil || t.Deck.Decl == nil || t.Deck.Decl.Rules.KnockOutBonus == 0 || t.MercyBonus == "" && !t.Charged {
		return Ruling{}, false
	}
	b := t.Deck.Decl.Rules.KnockOutBonus
	ws := sitWords(q)
	if !has(ws, strconv.Itoa(b), "bonus", "knocked", "knock", "knocking", "knocks") {
		return Ruling{}, false
	}
	who := has(ws, "who gets", "who receives", "who scores", "who earns", "who wins", "who collects", "who takes", "who get", "goes to", "go to")
	points := has(ws, "knocked", "knock", "knocking", "knocks") &&
		has(ws, "how many points", "how much", "points do you get", "points do i get", "points for", "what do you get", "what do i get", "worth")
	if !who && !points {
		return Ruling{}, false
	}
	fact := scoringFactOf(t.Deck)
	if t.Charged {
		mode := t.Mode
		if mode == "" {
			mode = "lowest-wins"
		}
		lead := fmt.Sprintf("None at this table (%s mode): the player knocked out is charged %d", mode, b)
		if who {
			lead = fmt.Sprintf("No one at this table (%s mode): the player knocked out is charged the %d", mode, b)
		}
		return Ruling{Text: lead + " onto their own tally, as unoscore reads the sheet.",
			Fact: fact}, true
	}
	if !who {
		if t.MercyBonus == "knocker" {
			return Ruling{Text: fmt.Sprintf("%d to whoever knocked the player out, at this table (chosen at new, --mercy-bonus knocker); the sources read it two ways.", b),
				Fact: fact}, true
		}
		return Ruling{Text: fmt.Sprintf("%d for each player knocked out, to the hand's winner at this table (chosen at new, --mercy-bonus %s); the sources read it two ways.", b, t.MercyBonus),
			Fact: fact}, true
	}
	whom := fmt.Sprintf("the hand's winner receives the %d for each player knocked out", b)
	if t.MercyBonus == "knocker" {
		whom = fmt.Sprintf("whoever knocked the player out receives the %d", b)
	}
	return Ruling{Text: fmt.Sprintf("At this table (chosen at new, --mercy-bonus %s): %s; the sources read it two ways.", t.MercyBonus, whom),
		Fact: fact}, true
}

// scoringFactOf is the id of a newer deck's scoring fact: "nomercy-scoring".
func scoringFactOf(d *Deck) string { return strings.ReplaceAll(d.ID, "-", "") + "-scoring" }

// tableFact is f as it reads at table t. The reference states a deck's
// knock-out bonus the way the table chooses by default, the hand's
// winner's ("plus 250 for each player knocked out"); at a table that
// gives it to the knocker (new --mercy-bonus knocker) that deck's scoring
// fact says so instead, as the ruling on who gets it does. Every other
// fact, and every other table, is f itself.
func tableFact(f *Fact, t Table) *Fact {
	if f == nil || t.MercyBonus != "knocker" && !t.Charged || t.Deck == nil || t.Deck.Decl == nil || t.Deck.Decl.Rules.KnockOutBonus == 0 || f.ID != scoringFactOf(t.Deck) {
		return f
	}
	b := t.Deck.Decl.Rules.KnockOutBonus
	if t.Charged {
		// Lowest, challenge: no hand's winner scores; the board charges
		// the player knocked out (docs/game-night.md).
		mode := t.Mode
		if mode == "" {
			mode = "lowest-wins"
		}
		at := *f
		at.Text = fmt.Sprintf("In %s mode everyone's cards go onto their own tally, and a player knocked out is charged %d there. The sheet scores only the standard way (the winner takes %d a knock-out): this is unoscore's reading.",
			mode, b, b)
		return &at
	}
	winner := fmt.Sprintf(", plus %d for each player knocked out;", b)
	if !strings.Contains(f.Text, winner) {
		return f // worded otherwise: TestNoMercyScoringFactForTheTable says so
	}
	at := *f
	at.Text = strings.Replace(f.Text, winner, fmt.Sprintf("; whoever knocked a player out receives %d for it;", b), 1)
	return &at
}

// HasHouse reports whether the table plays by house rule r.
func (t Table) HasHouse(r string) bool { return slices.Contains(t.House, r) }

// A Ruling is the referee's verdict on a situation: one sentence that starts
// with the answer, and the fact of the reference it rests on.
type Ruling struct {
	Text string
	Fact string // the id of the fact it rests on ("" when none)
}

// Rule rules on the situation for the table; ok is false when the
// situation asks nothing the referee can rule on.
func (s Situation) Rule(t Table) (Ruling, bool) {
	named := false
	if s.Edition != "" && !s.Flip {
		// The question names its edition ("in No Mercy can I stack"): it
		// is answered for that deck, whatever the game's.
		if e, err := LookupDeck(s.Edition); err == nil {
			t.Deck, named = e, true
		}
	} else if ed := editionOf(s.Cards); t.Deck == nil && !s.Flip && ed != "" {
		// A card only a newer edition has ("my Wild Draw 10"), asked
		// with no game in use: that edition's deck.
		if e, err := LookupDeck(ed); err == nil {
			t.Deck, named = e, true
		}
	}
	d := t.Deck
	if d == nil && s.Flip {
		d, _ = LookupDeck("flip")
	}
	if d == nil {
		d, _ = LookupDeck(DefaultDeck)
	}
	s = s.ownFour(d)
	switch s.Asked {
	case AskedPoints:
		if t.Deck != nil && !named {
			// The game's deck: a card it lacks is said, then counted at
			// the value of a deck that has it.
			for _, c := range s.Cards {
				if t.Deck.Copies(c.Face) == 0 {
					// The number first, read aloud; then that this
					// game's deck lacks the card.
					r, ok := pointsRuling(d, s.Cards)
					r.Text = fmt.Sprintf("%s This game's %s has no %s card.", r.Text, t.Deck.Name, c.Face)
					return r, ok
				}
			}
		}
		if s.Compare && len(s.Cards) == 2 {
			return compareRuling(d, s.Cards[0], s.Cards[1], s.CompareAsks)
		}
		return pointsRuling(d, s.Cards)
	}
	if d.Decl != nil && d.Decl.Rules.UnrestrictedDraw && s.Play != nil && restricted(s.Play.Face) {
		// UNO All Wild: its Draw Four has no colour rule to judge.
		switch s.Asked {
		case AskedPlay:
			return Ruling{Text: fmt.Sprintf("Yes: in %s %s goes on any card, whatever you hold: it has no colour rule.", d.Decl.Title,
				WithArticle(s.Play.Face.String())), Fact: strings.ReplaceAll(d.ID, "-", "") + "-play"}, true
		case AskedChallenge:
			return Ruling{Text: fmt.Sprintf("The one it hit draws the 4: in %s a Wild Draw Four has no colour rule, so there is nothing to challenge.", d.Decl.Title),
				Fact: strings.ReplaceAll(d.ID, "-", "") + "-play"}, true
		}
	}
	switch s.Asked {
	case AskedStack:
		r, ok := stackRuling(t, s)
		if d.Sides != nil {
			r.Fact = "flip-stacking"
		}
		return r, ok
	case AskedPlay:
		if s.Pile == nil {
			return wildAnyRuling(s)
		}
		return playRuling(d, s)
	case AskedTwoPlayer:
		return twoPlayerRuling(s)
	case AskedFirst:
		return firstRuling(s)
	case AskedChallenge:
		if r, ok := colouredFour(d, s); ok {
			return r, ok
		}
		return challengeRuling(s)
	case AskedLast:
		if len(s.Cards) > 0 && d.Decl != nil && slices.Contains(d.Decl.Rules.NotLast, s.Cards[0].Face.Token()) {
			// UNO Attack's Trade Hands may not be the last card.
			return Ruling{Text: fmt.Sprintf("No: in %s %s may not be your last card.", d.Decl.Title, WithArticle(s.Cards[0].Face.String())),
				Fact: strings.ReplaceAll(d.ID, "-", "") + "-cards"}, true
		}
		return lastRuling(s)
	case AskedTurn:
		return turnRuling(s)
	case AskedSilence:
		if s.Silence == "ws-last" {
			return Ruling{Text: "No rulebook covers that: none of the five has a Swap Hands card; the nearest, a Wild Shuffle Hands laid last, ends the hand like any card.",
				Fact: "ws-last"}, true
		}
		if s.Silence == "mercy-next" {
			return mercyNextRuling()
		}
		if s.Silence == "uno-wrong-time" {
			return Ruling{Text: "No rulebook covers a call made too soon; one made too late costs 2 cards (Older sheet: 4) if someone catches you before the next player begins.",
				Fact: "uno-timing"}, true
		}
		// The unsaid fact answers alone (AskFor puts it first): it
		// begins "No rulebook covers that".
		return Ruling{}, false
	case AskedAgain:
		return againRuling(s)
	case AskedCallColor:
		return Ruling{Text: "Yes: whoever plays a Wild names any colour, one they hold no card of too.", Fact: "wild-does"}, true
	case AskedDrawnPlay:
		return Ruling{Text: "Yes, if it fits: the card you drew may be laid at once (Older sheet: it must be); no other card from your hand.", Fact: "draw-one"}, true
	case AskedHandAfterDraw:
		return Ruling{Text: "No: once you have drawn, only the card you drew may be played that turn, if it fits (Older sheet: it must be); every rulebook says no card from your hand may follow the draw.",
			Fact: "renege"}, true
	case AskedMayChallenge:
		return mayChallengeRuling(d, s)
	case AskedChallengeWhen:
		return challengeWhenRuling(d, s)
	case AskedMercy:
		return mercyRuling(d, s)
	case AskedUnoLate:
		return Ruling{Text: "No, too late: a missed UNO can be caught only until the next player begins their turn, and drawing a card or taking one to play begins it (Deluxe 1998 and Older sheet; the others say only before the next player begins).",
			Fact: "uno-timing"}, true
	case AskedNext:
		return nextRuling(s)
	case AskedTwoPlays:
		return twoPlaysRuling(s)
	case AskedTarget:
		return targetRuling(s)
	case AskedDirection:
		return directionRuling(s)
	case AskedPlayers:
		return playersRuling(s)
	case AskedMatch:
		return Ruling{Text: "Yes: a card goes on one of the same number or symbol whatever the colours (a red 7 on a blue 7), one card a turn.", Fact: "turn-match"}, true
	}
	return Ruling{}, false
}

// mercyNextRuling answers whether a player knocked out by a mercy rule
// (No Mercy's) is back for the next hand: its sources do not say.
func mercyNextRuling() (Ruling, bool) {
	for _, d := range decks {
		if d.Decl != nil && d.Decl.Rules.Mercy > 0 {
			return Ruling{Text: fmt.Sprintf("Not settled: %s's sources knock a player out of the hand and say nothing of the next; unoscore deals them in again.",
				d.Decl.Title), Fact: mercyFact(d)}, true
		}
	}
	return Ruling{}, false
}

// mercyFact is the id of the fact on a deck's mercy rule: "nomercy-mercy".
func mercyFact(d *Deck) string {
	id := strings.ReplaceAll(d.ID, "-", "")
	if factByID(id+"-mercy") != nil {
		return id + "-mercy"
	}
	return id + "-play"
}

// nextFacts are the facts on what a card does to the turn.
var nextFacts = map[Face]string{Reverse: "reverse-does", Skip: "skip-does", DrawTwo: "d2-does", WildDrawFour: "wd4-does"}

// nextRuling says who plays after a card, at a table of three or more
// (two players are read as such before).
func nextRuling(s Situation) (Ruling, bool) {
	for _, c := range s.Cards {
		switch c.Face {
		case Reverse:
			return Ruling{Text: "The player before you goes next: a Reverse turns the direction of play (with two players it acts as a Skip).", Fact: "reverse-does"}, true
		case Skip:
			return Ruling{Text: "The player two along goes next: a Skip makes the next player miss their turn.", Fact: "skip-does"}, true
		case DrawTwo:
			return Ruling{Text: fmt.Sprintf("The player two along goes next: the next player draws %d and misses their turn.", DrawTwo.Draws()), Fact: "d2-does"}, true
		case WildDrawFour:
			return Ruling{Text: fmt.Sprintf("The player two along goes next: the next player draws %d and misses their turn.", WildDrawFour.Draws()), Fact: "wd4-does"}, true
		}
	}
	return Ruling{}, false
}

// mayChallengeRuling rules on whether a Wild Draw Four may be challenged,
// and by whom.
func mayChallengeRuling(d *Deck, s Situation) (Ruling, bool) {
	if d.Decl != nil && d.Decl.Rules.UnrestrictedDraw {
		return Ruling{Text: fmt.Sprintf("No: in %s every card is wild, so its Draw Four has no colour rule to break and nobody can challenge it.", d.Decl.Title),
			Fact: strings.ReplaceAll(d.ID, "-", "") + "-play"}, true
	}
	if r, ok := colouredFour(d, s); ok {
		return r, ok
	}
	if s.Bystander {
		return Ruling{Text: "No: only the player the Wild Draw Four makes draw may challenge it (Deluxe 1998 and Older sheet say so; the others speak only to that player).", Fact: "challenge-who"}, true
	}
	for _, c := range s.Cards {
		switch c.Face {
		case WildDrawTwo:
			// UNO Flip's light side: its own numbers (check challenge --deck flip).
			return Ruling{Text: fmt.Sprintf("Yes, if it was played on you: if its player held a card of the colour in play they draw the %d; if not, you draw %d (UNO Flip).", WildDrawTwo.Draws(), WildDrawTwo.Draws()+challengeCost),
				Fact: "flip-light-actions"}, true
		case WildDrawColor:
			return Ruling{Text: "Yes, if it was played on you: if its player held a card of the colour in play they draw until that colour; if not, you do, and 2 more (UNO Flip).",
				Fact: "flip-draw-color"}, true
		}
	}
	return Ruling{Text: fmt.Sprintf("Yes, if it was played on you: if its player held a card of the colour in play they draw the %d; if not, you draw %d.", WildDrawFour.Draws(), WildDrawFour.Draws()+challengeCost),
		Fact: "challenge-how"}, true
}

// challengeWhenRuling rules on when a Wild Draw Four is challenged: at
// once, by the player it hit, before play moves on (challenge-how).
func challengeWhenRuling(d *Deck, s Situation) (Ruling, bool) {
	if d.CanChallenge() != nil {
		return mayChallengeRuling(d, s)
	}
	if r, ok := colouredFour(d, s); ok {
		return r, ok
	}
	return Ruling{Text: "Yes: the player it hit challenges as soon as the Wild Draw Four lands, before drawing the 4 and before play moves on.",
		Fact: "challenge-how"}, true
}

// colouredFour rules on a challenge of a plain "+4" read as the deck's
// coloured Draw Four (No Mercy's): only a Wild Draw Four is challenged.
func colouredFour(d *Deck, s Situation) (Ruling, bool) {
	if !s.plainFour || s.wildFour {
		return Ruling{}, false
	}
	for _, c := range s.Cards {
		if isDraw(c.Face) && !restricted(c.Face) && !c.Face.IsWild() {
			return Ruling{Text: fmt.Sprintf("There is nothing to challenge: in the %s a +4 is a coloured %s, laid like any coloured card; only a Wild Draw Four can be challenged.",
				d.Name, c.Face), Fact: "challenge-which"}, true
		}
	}
	return Ruling{}, false
}

// mercyRuling rules on a player holding many cards in a deck with a mercy
// rule (No Mercy: 25 or more knocks a player out).
func mercyRuling(d *Deck, s Situation) (Ruling, bool) {
	if d.Decl == nil || d.Decl.Rules.Mercy == 0 || s.HandSize == 0 {
		return Ruling{}, false
	}
	m, fact := d.Decl.Rules.Mercy, mercyFact(d)
	// The count against the limit: the limit itself knocks out too.
	where := fmt.Sprintf("%d is past it", s.HandSize)
	if s.HandSize == m {
		where = fmt.Sprintf("%d is the limit itself", m)
	}
	switch {
	case s.HandSize >= m && s.yesNo:
		return Ruling{Text: fmt.Sprintf("Yes: in %s a player holding %d cards or more is knocked out (the mercy rule); %s.", d.Decl.Title, m, where),
			Fact: fact}, true
	case s.HandSize >= m:
		// "what happens to a player with 25 cards": no yes or no asked.
		return Ruling{Text: fmt.Sprintf("Knocked out: in %s a player holding %d cards or more is out of the hand (the mercy rule); %s.", d.Decl.Title, m, where),
			Fact: fact}, true
	case s.yesNo:
		return Ruling{Text: fmt.Sprintf("No, not yet: in %s a player is knocked out at %d cards or more (the mercy rule).", d.Decl.Title, m), Fact: fact}, true
	}
	return Ruling{Text: fmt.Sprintf("Nothing yet: in %s a player is knocked out at %d cards or more (the mercy rule).", d.Decl.Title, m), Fact: fact}, true
}

// compareRuling weighs two cards' points: "A Skip is worth more: 20
// points against 9."
func compareRuling(d *Deck, a, b Card, asks int) (Ruling, bool) {
	d = deckFor(d, []Card{a, b})
	pa, pb := d.Points(a), d.Points(b)
	lead := ""
	if asks != 0 {
		// "is a 9 worth more than a draw two": No: ...
		lead = "No: "
		if asks > 0 && pa > pb || asks < 0 && pa < pb {
			lead = "Yes: "
		}
	}
	name := func(c Card) string {
		if c.Face.IsNumber() {
			return "a " + strconv.Itoa(int(c.Face))
		}
		return WithArticle(c.Face.String())
	}
	fact := valuesFact(d)
	switch {
	case pa == pb:
		if lead == "" {
			lead = "The same: "
		}
		return Ruling{Text: fmt.Sprintf("%s%s and %s are %d points each (%s).", lead, name(a), name(b), pa, deckNote(d)), Fact: fact}, true
	case pa < pb:
		a, b, pa, pb = b, a, pb, pa
	}
	more := fmt.Sprintf("%s is worth more: %d points against %d (%s).", name(a), pa, pb, deckNote(d))
	if lead == "" {
		return Ruling{Text: words.Capitalize(more), Fact: fact}, true
	}
	return Ruling{Text: lead + more, Fact: fact}, true
}

// pointsRuling sums the cards: "124: 4 + Reverse 20 + two Wilds 100."
func pointsRuling(d *Deck, cards []Card) (Ruling, bool) {
	if len(cards) == 0 {
		return Ruling{}, false
	}
	type part struct {
		face  Face
		n     int
		total int
	}
	var parts []part
	total := 0
	d = deckFor(d, cards)
	for _, c := range cards {
		p := d.Points(c)
		total += p
		if k := slices.IndexFunc(parts, func(x part) bool { return x.face == c.Face }); k >= 0 {
			parts[k].n++
			parts[k].total += p
			continue
		}
		parts = append(parts, part{face: c.Face, n: 1, total: p})
	}
	if len(cards) == 1 {
		c := cards[0]
		// The figure is said once, first: the answer is read aloud.
		say := "%d points for each " + c.Face.String() + " left in a hand at the end (%s)."
		if c.Face.IsNumber() {
			say = "%d points: a number card counts its face value in the hands left at the end (%s)."
		}
		fact, ok := pointsFacts[c.Face]
		if !ok || d.Sides != nil || d.Decl != nil && d.Decl.Newer {
			fact = valuesFact(d)
		}
		note := deckNote(d)
		if classic, _ := LookupDeck(DefaultDeck); d != classic && classic.Copies(c.Face) > 0 && classic.Points(c) != total {
			note += fmt.Sprintf("; %d in the classic deck", classic.Points(c))
		}
		return Ruling{Text: fmt.Sprintf(say, total, note), Fact: fact}, true
	}
	var say []string
	for _, p := range parts {
		switch {
		case p.face.IsNumber() && p.n == 1:
			say = append(say, strconv.Itoa(p.total))
		case p.face.IsNumber():
			say = append(say, fmt.Sprintf("%s %ds %d", countName(p.n), int(p.face), p.total))
		case p.n == 1:
			say = append(say, fmt.Sprintf("%s %d", p.face, p.total))
		default:
			say = append(say, fmt.Sprintf("%s %s %d", countName(p.n), p.face.Plural(), p.total))
		}
	}
	return Ruling{Text: fmt.Sprintf("%d: %s (%s).", total, strings.Join(say, " + "), deckNote(d)), Fact: valuesFact(d)}, true
}

// pointsFacts are the facts on one face's points.
var pointsFacts = map[Face]string{
	DrawTwo: "d2-points", Skip: "skip-points", Reverse: "reverse-points", Wild: "wild-points", WildDrawFour: "wd4-points",
	WildShuffle: "ws-points", WildCustom: "wc-points",
}

// valuesFact is the fact that lists the deck's values.
func valuesFact(d *Deck) string {
	if d.Sides != nil {
		return "flip-values"
	}
	if d.Decl != nil && d.Decl.Newer {
		// A newer edition's own values: "allwild-values".
		if id := strings.ReplaceAll(d.ID, "-", "") + "-values"; factByID(id) != nil {
			return id
		}
	}
	return "score-values"
}

func deckNote(d *Deck) string {
	if d.ID == DefaultDeck {
		return "the classic deck's values"
	}
	return "the " + d.Name + "'s values"
}

func countName(n int) string {
	names := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n < len(names) {
		return names[n]
	}
	return strconv.Itoa(n)
}

func stackRuling(t Table, s Situation) (Ruling, bool) {
	hit, pile := "a draw card", s.Pile
	if pile == nil {
		for _, c := range s.Cards {
			if isDraw(c.Face) {
				pile = &c
				break
			}
		}
	}
	if pile != nil {
		hit = WithArticle(pile.Face.String())
	}
	if t.Deck != nil && t.Deck.Decl != nil && t.Deck.Decl.Newer && !slices.ContainsFunc(t.Deck.Faces(), isDraw) {
		// UNO Attack: no draw card on its pile, so nothing to stack, and
		// not the rulebooks' stacking either.
		return Ruling{Text: fmt.Sprintf("No: %s has no draw cards, so there is nothing to stack, and its sources give no way to pass cards on to the next player.",
			t.Deck.Decl.Title), Fact: editionFact(t.Deck, "cards", "play")}, true
	}
	if t.Deck != nil && t.Deck.Decl != nil && t.Deck.Decl.Rules.Stacking {
		// It rests on the edition's own rules ("nomercy-play"), not on the
		// rulebooks' silence.
		fact := strings.ReplaceAll(t.Deck.ID, "-", "") + "-play"
		if s.Play != nil && s.Pile != nil && drawAmount(s.Play.Face) > 0 && drawAmount(s.Pile.Face) > 0 {
			// Both cards named: the one laid must be worth as many.
			p, q := drawAmount(s.Play.Face), drawAmount(s.Pile.Face)
			if lacks := lackedFace(t.Deck, *s.Play, *s.Pile); lacks != nil {
				// "a wild draw 4" in a deck with none (No Mercy): its own
				// cards that draw as many.
				own := sameDraws(t.Deck, *lacks)
				if len(own) > 0 && (lacks.Face != s.Play.Face || p >= q) && (lacks.Face != s.Pile.Face || drawAmount(s.Play.Face) >= drawAmount(s.Pile.Face)) {
					names := make([]string, len(own))
					for i, f := range own {
						names[i] = fmt.Sprintf("%s (%d)", f, f.Draws())
					}
					if lacks.Face == s.Play.Face {
						return Ruling{Text: fmt.Sprintf("Yes, in the %s: it has no %s, but its %s may answer %s (%d) played on you, a draw card of equal or higher value, and the total passes on.",
							t.Deck.Name, lacks.Face, words.JoinOr(names), WithArticle(s.Pile.Face.String()), q), Fact: fact}, true
					}
					return Ruling{Text: fmt.Sprintf("Yes, in the %s: it has no %s, but %s (%d) may answer its %s played on you, a draw card of equal or higher value, and the total passes on.",
						t.Deck.Name, lacks.Face, WithArticle(s.Play.Face.String()), p, words.JoinOr(names)), Fact: fact}, true
				}
			}
			if p < q {
				return Ruling{Text: fmt.Sprintf("No, in the %s: only a draw card of equal or higher value may answer one played on you, and %s (%d) is worth less than %s (%d).",
					t.Deck.Name, WithArticle(s.Play.Face.String()), p, WithArticle(s.Pile.Face.String()), q), Fact: fact}, true
			}
			if s.howMany {
				return Ruling{Text: fmt.Sprintf("%d: in the %s the next player draws the total, %d + %d, unless they answer it with a draw card of equal or higher value.",
					p+q, t.Deck.Name, q, p), Fact: fact}, true
			}
			return Ruling{Text: fmt.Sprintf("Yes, in the %s: a draw card of equal or higher value may answer one played on you, as %s (%d) does %s (%d), and the total passes on.",
				t.Deck.Name, WithArticle(s.Play.Face.String()), p, WithArticle(s.Pile.Face.String()), q), Fact: fact}, true
		}
		return Ruling{Text: fmt.Sprintf("Yes, in the %s: a draw card of equal or higher value may answer %s played on you, and the total passes on.", t.Deck.Name, hit),
			Fact: strings.ReplaceAll(t.Deck.ID, "-", "") + "-play"}, true
	}
	if t.HasHouse("stacking") {
		if s.howMany && s.Play != nil && s.Pile != nil && drawAmount(s.Play.Face) > 0 && drawAmount(s.Pile.Face) > 0 {
			p, q := drawAmount(s.Play.Face), drawAmount(s.Pile.Face)
			return Ruling{Text: fmt.Sprintf("%d: at this table (house rule: stacking) the next player draws the total, %d + %d, unless they stack another draw card on it; the rulebooks say no stacking.",
				p+q, q, p), Fact: "stacking"}, true
		}
		return Ruling{Text: fmt.Sprintf("At this table (house rule: stacking): yes, lay a draw card on %s played on you and the next player draws the total; the rulebooks say no.", hit),
			Fact: "stacking"}, true
	}
	draws := "draw the cards"
	if pile != nil {
		switch pile.Face {
		case DrawTwo, WildDrawFour:
			draws = fmt.Sprintf("draw %d", pile.Face.Draws())
		}
	}
	own := ""
	if s.Pile != nil && s.Play != nil && s.Play.Face == DrawTwo && s.Pile.Face == DrawTwo {
		// "can u put a draw 2 on a draw 2": on your own turn it matches.
		own = "; on your own turn a Draw Two may go on a Draw Two like any match"
	}
	return Ruling{Text: fmt.Sprintf("No: no rulebook lets you pass %s on by stacking; you %s and miss your turn%s. Stacking is a house rule (unoscore new --house stacking)%s.",
		hit, draws, own, stackingEditions()), Fact: "stacking"}, true
}

// editionFact is the first of a newer deck's facts by heading that the
// reference has: editionFact(attack, "cards", "play") is "attack-cards".
func editionFact(d *Deck, kinds ...string) string {
	id := strings.ReplaceAll(d.ID, "-", "")
	for _, k := range kinds {
		if factByID(id+"-"+k) != nil {
			return id + "-" + k
		}
	}
	return id + "-" + kinds[len(kinds)-1]
}

// lackedFace is the first of the cards whose face the deck does not
// have, nil when it has both.
func lackedFace(d *Deck, cards ...Card) *Card {
	for _, c := range cards {
		if d.Copies(c.Face) == 0 {
			return &c
		}
	}
	return nil
}

// sameDraws are the deck's faces that make a player draw as many as c.
func sameDraws(d *Deck, c Card) []Face {
	var out []Face
	for _, f := range d.Faces() {
		if f != c.Face && drawAmount(f) > 0 && drawAmount(f) == drawAmount(c.Face) {
			out = append(out, f)
		}
	}
	return out
}

// stackingEditions names the editions whose own rules stack draw cards
// ("; UNO Show 'Em No Mercy stacks by its own rules"), "" for none.
func stackingEditions() string {
	var eds []string
	for _, d := range decks {
		if d.Decl != nil && d.Decl.Rules.Stacking {
			eds = append(eds, d.Decl.Title)
		}
	}
	switch len(eds) {
	case 0:
		return ""
	case 1:
		return "; " + eds[0] + " stacks by its own rules"
	}
	return "; " + words.Join(eds) + " stack by their own rules"
}

// onFacts are the facts on what a face may be laid on.
var onFacts = map[Face]string{Skip: "skip-on", Reverse: "reverse-on", DrawTwo: "d2-on"}

func playRuling(d *Deck, s Situation) (Ruling, bool) {
	card, top := *s.Play, *s.Pile
	fact := "turn-match"
	switch {
	case restricted(card.Face):
		fact = "wd4-when"
	case card.Face.IsWild():
		fact = "wild-when"
	case onFacts[card.Face] != "":
		fact = onFacts[card.Face]
	}
	if isDraw(top.Face) && !isDraw(card.Face) && !s.Drawn {
		return dodgeRuling(card, top, s.Called)
	}
	if top.Face.IsWild() && s.Called == NoColor && !card.Face.IsWild() {
		name := WithArticle(card.String())
		if card.Color == NoColor {
			return Ruling{Text: fmt.Sprintf("It depends on the colour called for the %s: %s goes on it only in that colour.", top.Face, name), Fact: fact}, true
		}
		return Ruling{Text: fmt.Sprintf("It depends on the colour called for the %s: %s goes on it only if %s was called.", top.Face, name, card.Color), Fact: fact}, true
	}
	v, err := CanPlayIn(d, card, top, s.Called, nil)
	if err != nil {
		switch err {
		case ErrCardColor, ErrTopColor:
			if card.Face == top.Face && !card.Face.IsWild() {
				return Ruling{Text: fmt.Sprintf("Yes: %s goes on %s whatever the colours, since the %s match.", WithArticle(card.String()),
					WithArticle(top.String()), map[bool]string{true: "numbers", false: "symbols"}[card.Face.IsNumber()]), Fact: fact}, true
			}
			return Ruling{Text: fmt.Sprintf("It depends on the colours: %s goes on %s only when they are the same colour.",
				WithArticle(card.String()), WithArticle(top.String())), Fact: fact}, true
		}
		return Ruling{}, false
	}
	if restricted(card.Face) {
		if s.HoldsColor {
			return Ruling{Text: fmt.Sprintf("No: %s may be laid only when you hold no card of the colour in play; holding one, you may be challenged.",
				WithArticle(card.Face.String())), Fact: fact}, true
		}
		return Ruling{Text: "Yes, if you hold no other card of the colour in play: " + v.Reason + ".", Fact: fact}, true
	}
	word := "No"
	if v.Legal {
		word = "Yes"
	}
	text := word + ": " + v.Reason + "."
	if v.See != "" && v.See == d.ID {
		// The edition's own rule on it (No Mercy's stacking).
		text = word + ": " + v.Reason + "; " + v.Note + "."
	} else if v.Note != "" {
		// A draw card on a draw card: the short of the stacking note.
		text = word + ": " + v.Reason + ", on your own turn; it does not pass the draw on (stacking is a house rule)."
	}
	return Ruling{Text: text, Fact: fact}, true
}

// dodgeRuling rules on a card laid on a draw card, which people ask to
// block or send back the draw: it cannot, and the next player may lay it
// by the usual match.
func dodgeRuling(card, top Card, called Color) (Ruling, bool) {
	n := map[Face]int{DrawTwo: 2, WildDrawFour: 4, DrawOne: 1, DrawFive: 5, WildDrawTwo: 2}[top.Face]
	draw := fmt.Sprintf("draws %d", n)
	if n == 0 {
		draw = "draws"
	}
	next := "may then lay it"
	switch {
	case card.Face.IsWild():
		next = "may then lay it, as a wild goes on anything"
	case top.Face.IsWild() && called != NoColor && card.Color != NoColor && card.Color != called:
		next = fmt.Sprintf("can't lay it then either, as %s was called", called)
	case top.Face.IsWild():
		next = "may then lay it in the colour called"
	case card.Color != NoColor && top.Color != NoColor && card.Color != top.Color:
		next = "can't lay it then either: the colours differ"
	case card.Color == NoColor || top.Color == NoColor:
		next = "may then lay it in the " + top.Face.String() + "'s colour"
	}
	return Ruling{Text: fmt.Sprintf("Not to block it: whoever %s hits %s and misses the turn, in every rulebook; the next player %s (blocking is a house rule).",
		WithArticle(top.Face.String()), draw, next), Fact: "stacking"}, true
}

// twoPlayerFaces are the faces that work otherwise with two players.
var twoPlayerFaces = map[Face]bool{Reverse: true, Skip: true, DrawTwo: true, WildDrawFour: true, DrawOne: true, DrawFive: true,
	WildDrawTwo: true, SkipEveryone: true}

// twoPlayerRuling rules on a card at a table of a few players (two, or
// any number for UNO Flip's Skip Everyone).
func twoPlayerRuling(s Situation) (Ruling, bool) {
	var f Face
	for _, c := range s.Cards {
		if twoPlayerFaces[c.Face] {
			f = c.Face
			break
		}
	}
	switch f {
	case Reverse:
		fact := "reverse-two"
		if s.Flip {
			fact = "flip-as-uno"
		}
		return Ruling{Text: "With two players a Reverse acts as a Skip: whoever laid it plays again.", Fact: fact}, true
	case Skip:
		return Ruling{Text: "With two players a Skip means you play again at once.", Fact: "skip-two"}, true
	case DrawTwo:
		return Ruling{Text: fmt.Sprintf("With two players the one hit draws %d, then the turn comes back to whoever played the Draw Two.", DrawTwo.Draws()), Fact: "d2-two"}, true
	case WildDrawFour:
		return Ruling{Text: fmt.Sprintf("With two players the one hit draws %d, then the turn comes back to whoever played the Wild Draw Four.", WildDrawFour.Draws()), Fact: "wd4-two"}, true
	case DrawOne:
		return Ruling{Text: fmt.Sprintf("With two players the other player draws %d, misses the turn, and you play again (UNO Flip).", DrawOne.Draws()), Fact: "flip-light-actions"}, true
	case WildDrawTwo:
		return Ruling{Text: fmt.Sprintf("With two players the other player draws %d, misses the turn, and you play again (UNO Flip).", WildDrawTwo.Draws()), Fact: "flip-light-actions"}, true
	case DrawFive:
		return Ruling{Text: fmt.Sprintf("With two players the other player draws %d, misses the turn, and you play again (UNO Flip).", DrawFive.Draws()), Fact: "flip-dark-actions"}, true
	case SkipEveryone:
		n := "with any number of players"
		if s.Players > 0 {
			n = fmt.Sprintf("with %d players too", s.Players)
		}
		return Ruling{Text: fmt.Sprintf("You play again: a Skip Everyone skips every other player, %s (UNO Flip).", n), Fact: "flip-dark-actions"}, true
	}
	return Ruling{}, false
}

// firstCardFacts are the facts on a face turned up as the first discard.
var firstCardFacts = map[Face]string{
	DrawTwo: "d2-start", Skip: "skip-start", Reverse: "reverse-start", Wild: "wild-start", WildDrawFour: "wd4-start",
	WildShuffle: "ws-start", WildCustom: "wc-start",
}

func firstRuling(s Situation) (Ruling, bool) {
	if s.Play == nil {
		return Ruling{}, false
	}
	f := s.Play.Face
	fact, ok := firstCardFacts[f]
	if f.IsNumber() {
		fact, ok = "fc-number", true
	}
	if id := editionOf([]Card{*s.Play}); !ok && id != "" && !RulebooksHave(f) {
		// A newer edition's own card (No Mercy's Wild Draw Ten): none of
		// the five rulebooks has it; its edition's sources speak, or not.
		d, err := LookupDeck(id)
		if err != nil || d.Decl == nil {
			return Ruling{}, false
		}
		fact := strings.ReplaceAll(d.ID, "-", "") + "-play"
		if d.Decl.Rules.UnrestrictedDraw {
			return Ruling{Text: fmt.Sprintf("If %s starts the pile in %s, its action is ignored; none of the five rulebooks has the card.",
				WithArticle(f.String()), d.Decl.Title), Fact: fact}, true
		}
		if open := strings.ReplaceAll(d.ID, "-", "") + "-open"; factByID(open) != nil {
			fact = open // what the edition's sources leave open
		}
		return Ruling{Text: fmt.Sprintf("No rulebook covers that: none of the five has %s, and the sources found for %s do not say what happens when one starts the pile; agree on it before the first hand.",
			WithArticle(f.String()), d.Decl.Title), Fact: fact}, true
	}
	if !ok {
		return Ruling{}, false
	}
	rs := StartRulings(f, s.Players)
	if len(rs) == 0 {
		return Ruling{}, false
	}
	text := "If " + WithArticle(f.String()) + " starts the pile: " + lowerFirst(rs[0].Text)
	if len(rs) > 1 {
		var eds []string
		for _, r := range rs[1:] {
			for _, id := range r.Editions {
				if e, ok := LookupEdition(id); ok {
					eds = append(eds, e.Name)
				}
			}
		}
		verb := " differ)"
		if len(eds) == 1 {
			verb = " differs)" // "(Older sheet differs)"
		}
		text += " (" + words.Join(eds) + verb
	}
	return Ruling{Text: text, Fact: fact}, true
}

func lowerFirst(s string) string {
	if len(s) > 1 && s[1] >= 'a' && s[1] <= 'z' {
		return strings.ToLower(s[:1]) + s[1:]
	}
	return s
}

// challengeCost is the cards a failed challenge of a Wild Draw Four (or
// UNO Flip's Wild Draw Two) adds to its draw, by every rulebook.
const challengeCost = 2

func challengeRuling(s Situation) (Ruling, bool) {
	switch s.Held {
	case 1:
		return Ruling{Text: fmt.Sprintf("The player who laid the Wild Draw Four draws the %d cards: the challenge was right, and the challenger draws none.", WildDrawFour.Draws()),
			Fact: "challenge-verdict"}, true
	case -1:
		return Ruling{Text: fmt.Sprintf("The challenger draws %d: the %d, plus %d for a challenge that failed.", WildDrawFour.Draws()+challengeCost, WildDrawFour.Draws(), challengeCost), Fact: "challenge-verdict"}, true
	}
	return Ruling{Text: fmt.Sprintf("It depends on whether they held a card of the colour in play: if so they draw the %d themselves; if not, the challenger draws %d.", WildDrawFour.Draws(), WildDrawFour.Draws()+challengeCost),
		Fact: "challenge-verdict"}, true
}

// lastRuling rules on a hand ending on a card: every rulebook lets it, and
// a last draw card is still drawn.
func lastRuling(s Situation) (Ruling, bool) {
	if len(s.Cards) == 0 {
		// "is it allowed to discard an action card as last card"
		return Ruling{Text: "Yes: no rulebook forbids an action card as the last one; a last Draw Two or Wild Draw Four is still drawn, and counts.",
			Fact: "out-on-action"}, true
	}
	c := s.Cards[0]
	name := WithArticle(c.Face.String())
	switch {
	case c.Face == DrawTwo:
		return Ruling{Text: "Yes: a hand may end on a Draw Two, and the next player still draws the 2, which count in the score.", Fact: "out-on-draw"}, true
	case c.Face == WildDrawFour:
		return Ruling{Text: "Yes: a hand may end on a Wild Draw Four, and the next player still draws the 4, which count in the score.", Fact: "out-on-draw"}, true
	case c.Face == WildShuffle:
		return Ruling{Text: "Yes: laid last, a Wild Shuffle Hands ends the hand like any card, and nothing is dealt back.", Fact: "ws-last"}, true
	case isDraw(c.Face):
		return Ruling{Text: fmt.Sprintf("Yes: a hand may end on %s, and the next player still draws the cards, which count in the score.", name), Fact: "out-on-draw"}, true
	}
	return Ruling{Text: fmt.Sprintf("Yes: no rulebook forbids any card as the last one, %s included.", name), Fact: "out-on-action"}, true
}

// wildAnyRuling rules on a wild card laid with no pile named: a Wild on
// anything, a restricted one only without a card of the colour in play.
func wildAnyRuling(s Situation) (Ruling, bool) {
	if s.Play == nil || !s.Play.Face.IsWild() {
		return Ruling{}, false
	}
	name := WithArticle(s.Play.Face.String())
	if !restricted(s.Play.Face) {
		fact := map[Face]string{WildShuffle: "ws-when", WildCustom: "wc-when"}[s.Play.Face]
		if fact == "" {
			fact = "wild-when"
		}
		return Ruling{Text: fmt.Sprintf("Yes: %s goes on any card, on any turn, even when you hold another card you could play.", name),
			Fact: fact}, true
	}
	if s.HoldsColor {
		return Ruling{Text: fmt.Sprintf("No: %s may be laid only when you hold no card of the colour in play; holding one, you may be challenged.", name),
			Fact: "wd4-when"}, true
	}
	if s.OnlyCard {
		return Ruling{Text: fmt.Sprintf("Yes: with no other coloured card in hand you hold none of the colour in play, so %s may go on any card.", name),
			Fact: "wd4-when"}, true
	}
	if s.HoldsMatch {
		return Ruling{Text: fmt.Sprintf("Yes: a matching number or symbol does not stop %s; only a card of the colour in play does.", name),
			Fact: "wd4-when"}, true
	}
	if s.Holding != NoColor && s.InPlay != NoColor && s.InPlay != s.Holding {
		// "… when I have a red card and the top card is blue"
		return Ruling{Text: fmt.Sprintf("Yes, if you hold no %s card: a %s card does not stop %s while %s is the colour in play.", s.InPlay, s.Holding, name, s.InPlay),
			Fact: "wd4-when"}, true
	}
	if s.Holding != NoColor {
		// "can I play a +4 when I have a red card": the colour in play,
		// not named, decides.
		return Ruling{Text: fmt.Sprintf("It depends on the colour in play: holding a %s card, you may lay %s only when %s is not the colour in play.", s.Holding, name, s.Holding),
			Fact: "wd4-when"}, true
	}
	return Ruling{Text: fmt.Sprintf("Yes, if you hold no card of the colour in play: %s may go on any card then, whatever else you hold (numbers, other colours, Wilds).", name),
		Fact: "wd4-when"}, true
}

// turnRuling rules on whether a card costs the next player their turn: a
// draw card and a Skip do; a Wild, a Reverse or a number card does not.
func turnRuling(s Situation) (Ruling, bool) {
	if len(s.Cards) == 0 {
		return Ruling{}, false
	}
	f := s.Cards[0].Face
	n := map[Face]int{DrawTwo: 2, WildDrawFour: 4, DrawOne: 1, DrawFive: 5, WildDrawTwo: 2}[f]
	switch {
	case n > 0:
		fact := map[Face]string{DrawTwo: "d2-does", WildDrawFour: "wd4-does", DrawOne: "flip-light-actions", WildDrawTwo: "flip-light-actions", DrawFive: "flip-dark-actions"}[f]
		return Ruling{Text: fmt.Sprintf("Yes: the next player draws %d and misses their turn; play moves on past them.", n), Fact: fact}, true
	case isDraw(f):
		return Ruling{Text: "Yes: the next player draws and misses their turn.", Fact: "out-on-draw"}, true
	case f == Skip:
		return Ruling{Text: "Yes: the next player misses their turn.", Fact: "skip-does"}, true
	case f == SkipEveryone:
		return Ruling{Text: "Yes: every other player misses a turn, and whoever laid it plays again (UNO Flip).", Fact: "flip-dark-actions"}, true
	case f == Reverse:
		return Ruling{Text: "No: a Reverse turns the direction of play (with two players it acts as a Skip).", Fact: "reverse-does"}, true
	case f.IsWild():
		return Ruling{Text: fmt.Sprintf("No: %s names the colour, and the next player plays as usual.", WithArticle(f.String())), Fact: "wild-does"}, true
	}
	return Ruling{}, false
}

// drawWord reports whether the question speaks of draw cards without
// naming one ("stack draw cards").
func drawWord(ws []string) bool {
	return has(ws, "draw card", "draw cards", "draw", "plus", "pick up")
}

// drawAmount is how many cards a draw card makes the next player take
// (0 for any other card, and for a Wild Draw Color, which has no number).
func drawAmount(f Face) int { return f.Draws() } // as the face's declaration says

// editionOf is the newer edition whose deck alone holds a card the
// question names ("a Wild Draw 10": No Mercy), or "".
func editionOf(cards []Card) string {
	classic, _ := LookupDeck(DefaultDeck)
	for _, c := range cards {
		if classic.Copies(c.Face) > 0 || c.Face.OnlyFlip() {
			continue
		}
		for _, d := range decks {
			if d.ID != DefaultDeck && d.Sides == nil && d.Copies(c.Face) > 0 && d.Decl != nil && d.Decl.Newer {
				return d.ID
			}
		}
	}
	return ""
}

// NewerCard is the newer edition's deck whose own card tok is (No
// Mercy's for "wd10"), when d cannot read it: for a sentence that names
// the deck to pick instead of a near token of d.
func NewerCard(d *Deck, tok string) (Card, *Deck, bool) {
	if _, err := d.ParseCard(tok); err == nil {
		return Card{}, nil, false
	}
	h, err := ParseAnyHand(tok)
	if err != nil || len(h.Cards) != 1 || d.Copies(h.Cards[0].Face) > 0 {
		return Card{}, nil, false
	}
	id := editionOf(h.Cards)
	if id == "" {
		return Card{}, nil, false
	}
	nd, err := LookupDeck(id)
	if err != nil {
		return Card{}, nil, false
	}
	return h.Cards[0], nd, true
}

// skipVerb reports whether the "skip" at ws[j] is the verb, not the card:
// "do you skip on a draw 2", "is a draw 2 a skip", "does a reverse card
// skip" (a yes-or-no question that ends on it after another card).
func skipVerb(ws []string, j int, before []namedCard) bool {
	if j > 0 && ws[j-1] == "to" && j+1 < len(ws) && (ws[j+1] != "a" && ws[j+1] != "an" && numberWords[ws[j+1]] > 0 ||
		ws[j+1] == "people" || ws[j+1] == "players" || ws[j+1] == "someone" || ws[j+1] == "everyone") {
		return true // "to skip two people"
	}
	if j > 0 && (ws[j-1] == "you" || ws[j-1] == "i" || ws[j-1] == "we" || ws[j-1] == "u") && (ws[0] == "do" || ws[0] == "does" || ws[0] == "did") {
		return true
	}
	last := j+1 == len(ws) || j+2 == len(ws) && (ws[j+1] == "card" || ws[j+1] == "uno")
	onPile := j > 0 && pileWords[ws[j-1]] || j > 1 && pileWords[ws[j-2]] // "on a skip" is the card
	return last && !onPile && len(before) > 0 && (ws[0] == "is" || ws[0] == "does" || ws[0] == "do" || ws[0] == "will")
}

// countedDraw reports whether the words at ws[j] name a number of cards
// drawn rather than a card: "pick up 2", "draw card" as in "draw cards
// until", a No Mercy "draw 6" or "draw 10" said without a card's article.
func countedDraw(ws []string, j int) bool {
	switch {
	case ws[j] == "pick" || ws[j] == "pickup":
		return true
	case ws[j] == "draw" && j+1 < len(ws) && (ws[j+1] == "card" || ws[j+1] == "cards" || ws[j+1] == "6" || ws[j+1] == "six" ||
		ws[j+1] == "10" || ws[j+1] == "ten"):
		return true
	}
	return false
}

// laidOnWords before a draw card said in counting words make it the card:
// "on a pick up 2", "reverse draw cards".
var laidOnWords = map[string]bool{"on": true, "onto": true, "reverse": true, "skip": true, "block": true, "stop": true,
	"cancel": true, "bounce": true, "counter": true}

// unnamedSkip reports whether "skip" is said as a verb, outside the cards
// named: "do you skip on a draw 2", "does a reverse card skip".
func unnamedSkip(ws []string, named []namedCard) bool {
	for i, w := range ws {
		if w != "skip" && w != "skips" && w != "skipped" {
			continue
		}
		inCard := false
		for _, n := range named {
			inCard = inCard || i >= n.at && i < n.end
		}
		if !inCard {
			return true
		}
	}
	return false
}

// silenceOf is the unsaid fact a question asks about, read from its
// words where the search would take a neighbour: calling UNO at the wrong
// time or on someone without one card (uno-false), a Swap Hands card laid
// last (no rulebook has one: ws-last is the nearest), two cards laid at
// once (two-at-once).
func silenceOf(ws []string, named []namedCard) string {
	switch {
	case has(ws, "uno") && has(ws, "wrong time"):
		// Too soon is unsaid; too late is the rulebooks' timing.
		return "uno-wrong-time"
	case has(ws, "uno") && (has(ws, "same time", "too early", "too soon") ||
		has(ws, "call uno on", "say uno on", "calls uno on", "called uno on") && has(ws, "doesnt have", "doesn't have", "does not have", "didnt have", "didn't have") ||
		has(ws, "call uno", "say uno", "yell uno", "said uno", "called uno") && (has(ws, "dont have it", "don't have it", "do not have it",
			"more than one card", "not down to one") || readHandSize(ws) >= 2)):
		return "uno-false"
	case has(ws, "swap hands", "swap hand") && !has(ws, "shuffle") && has(ws, lastWords...):
		return "ws-last"
	case colorNotCalled(ws, named):
		// "max played a wild draw four and didnt say a colour": the
		// colour, not the UNO call ("say" is not "say UNO").
		return "wild-no-colour"
	case has(ws, "tie", "tied", "ties", "tying", "same card", "same highest", "same number", "draw the same", "drew the same", "drawn the same",
		"both drew", "both draw", "both got") && has(ws, "dealer", "deal", "deals", "dealing", "deal first", "who deals"):
		// "if two people tie for the highest card when picking the
		// dealer": not a tie for the lowest score.
		return "dealer-tie"
	case has(ws, "knocked out", "knock out", "knocked", "mercy rule") && !has(ws, "challenge", "challenged", "eliminated") &&
		has(ws, "come back", "comes back", "back in", "back for", "next hand", "next round", "rest of the game", "whole game",
			"out of the game", "for good", "for the game", "play again", "plays again"):
		// "does a knocked out player come back next hand": No Mercy's
		// sources speak only of the hand.
		return "mercy-next"
	case len(named) == 1 && (named[0].count == 2 || named[0].count == 3 && has(ws, "at once", "same time", "triple", "together")) && yesNo(ws) && has(ws, "use", "play", "put down", "lay", "throw") &&
		!has(ws, "in a row", "back to back", "one after", "on a", "on an", "on top"):
		// "can you use two wild cards": both in one turn.
		return "two-at-once"
	}
	return ""
}

// sayWords say a colour or UNO is named.
var sayWords = map[string]bool{"say": true, "said": true, "says": true, "call": true, "called": true, "calls": true, "name": true,
	"named": true, "names": true, "choose": true, "chose": true, "chosen": true, "pick": true, "picked": true, "picks": true,
	"announce": true, "announced": true, "declare": true, "declared": true, "calling": true, "saying": true, "naming": true,
	"choosing": true, "picking": true, "tell": true, "told": true}

// unsaidWords say something was not done: "didnt say", "forgot to call".
var unsaidWords = map[string]bool{"didnt": true, "didn't": true, "never": true, "forgot": true, "forgets": true, "forget": true,
	"without": true, "not": true, "doesnt": true, "doesn't": true, "wont": true, "won't": true, "hasnt": true, "hasn't": true}

// colorNotCalled reports whether the question tells of a wild whose
// player named no colour: "didnt say a colour", "forgot to call a
// color", "no colour was called". A colour one does not hold is another
// question (AskedCallColor).
func colorNotCalled(ws []string, named []namedCard) bool {
	if !slices.ContainsFunc(named, func(n namedCard) bool { return n.card.Face.IsWild() }) && !slices.Contains(ws, "wild") {
		return false
	}
	if has(ws, "no color called", "no color was called", "no color named", "no color was named", "no color chosen", "no color was chosen") {
		return true
	}
	for i, w := range ws {
		if !unsaidWords[w] {
			continue
		}
		for j := i + 1; j < len(ws) && j <= i+3; j++ {
			if !sayWords[ws[j]] {
				continue
			}
			for k := j + 1; k < len(ws) && k <= j+3; k++ {
				if ws[k] == "color" || ws[k] == "colors" {
					return true
				}
			}
		}
	}
	return false
}

// targetRuling rules on a draw card aimed at a player: it always hits
// the next player, and is laid as it may be on any turn.
func targetRuling(s Situation) (Ruling, bool) {
	if s.Play == nil {
		return Ruling{}, false
	}
	f := s.Play.Face
	var when, fact string
	switch f {
	case WildDrawFour:
		when, fact = "you may lay it only when you hold no card of the colour in play, else it can be challenged", "wd4-when"
	case DrawTwo:
		when, fact = "you lay it on its own colour or on another Draw Two", "d2-on"
	default:
		return Ruling{}, false
	}
	hits := fmt.Sprintf("%s makes the next player draw %d and miss a turn", WithArticle(f.String()), f.Draws())
	if s.Target == "next" {
		return Ruling{Text: fmt.Sprintf("Yes: %s, whatever they hold; %s.", hits, when), Fact: fact}, true
	}
	text := fmt.Sprintf("Only the next player: %s; %s.", hits, when)
	for _, d := range decks {
		// UNO All Wild's Wild Targeted Draw Two is aimed at anyone.
		for _, g := range d.Faces() {
			if d.Decl != nil && isDraw(g) && strings.Contains(g.String(), "Targeted") {
				text += fmt.Sprintf(" (%s's %s is aimed at anyone.)", d.Decl.Title, g)
			}
		}
	}
	return Ruling{Text: text, Fact: fact}, true
}

// directionRuling rules on whether a card turns the direction of play:
// only a Reverse does.
func directionRuling(s Situation) (Ruling, bool) {
	if len(s.Cards) == 0 {
		return Ruling{}, false
	}
	if f := s.Cards[0].Face; f != Reverse {
		return Ruling{Text: fmt.Sprintf("No: only a Reverse turns the direction of play; %s leaves it as it was.", WithArticle(f.String())), Fact: "reverse-does"}, true
	}
	return Ruling{Text: "Yes: a Reverse turns play the other way round (with two players it acts as a Skip).", Fact: "reverse-does"}, true
}

// rulebookPlayers are the fewest and most players the rulebooks that
// print a number give (player-count).
const rulebookPlayers, rulebookMost = 2, 10

// playersRuling rules on whether so many can play with one deck: 2 to 10
// by the rulebooks that say; an edition made for more is named.
func playersRuling(s Situation) (Ruling, bool) {
	n := s.Players
	if n <= rulebookMost {
		return Ruling{Text: fmt.Sprintf("Yes: %d can play with one deck; the rulebooks that give a number say %d to %d players.", n, rulebookPlayers, rulebookMost),
			Fact: "player-count"}, true
	}
	text := fmt.Sprintf("Not by the rulebooks: those that give a number say %d to %d players.", rulebookPlayers, rulebookMost)
	for _, d := range decks {
		if d.Decl != nil && d.Decl.MaxPlayers >= n {
			text += fmt.Sprintf(" %s is made for %d to %d (unoscore new --deck %s).", d.Decl.Title, d.Decl.MinPlayers, d.Decl.MaxPlayers, d.ID)
			break
		}
	}
	return Ruling{Text: text, Fact: "player-count"}, true
}

// cardDoes says in a few words what a card does to the next player, ""
// for a card that only matches.
func cardDoes(f Face) string {
	switch f {
	case Skip:
		return "a Skip makes the next player miss a turn"
	case Reverse:
		return "a Reverse turns play the other way"
	case DrawTwo, WildDrawFour:
		return fmt.Sprintf("%s makes the next player draw %d and miss a turn", WithArticle(f.String()), f.Draws())
	case Wild:
		return "a Wild names the colour"
	}
	return ""
}

// twoFacts are the facts on a card that, with two players, gives its
// player the next turn too.
var twoFacts = map[Face]string{Skip: "skip-two", Reverse: "reverse-two", DrawTwo: "d2-two", WildDrawFour: "wd4-two"}

// discardAllEditions are the editions whose Discard All lays a
// player's other cards of its colour with it (TestDiscardAllEditions).
const discardAllEditions = "UNO Attack's and No Mercy's"

// twoPlaysWords is the longest a ruling on two plays grows with its
// sentence on two players, so that the answer is read in one breath.
const twoPlaysWords = 52

// twoPlaysRuling rules on one player's two plays told in order: one card
// a turn in every rulebook, and what each card does; with two players a
// card that brings the turn back lets the second follow.
func twoPlaysRuling(s Situation) (Ruling, bool) {
	if len(s.Then) < 2 {
		return Ruling{}, false
	}
	first, second := s.Then[0], s.Then[1]
	name := func(c Card) string { return "the " + c.String() }
	if first.Face == SkipEveryone {
		return Ruling{Text: fmt.Sprintf("Yes: a Skip Everyone gives its player the next turn at once, so %s may follow if it matches (UNO Flip).", name(second)),
			Fact: "flip-dark-actions"}, true
	}
	back := twoFacts[first.Face]
	if s.Players == 2 && back != "" {
		return Ruling{Text: fmt.Sprintf("Yes, with two players: after %s the turn comes back to its player, so %s may follow if it matches; one card a turn all the same.",
			name(first), name(second)), Fact: back}, true
	}
	text := fmt.Sprintf("No, one card a turn in every rulebook (%s Discard All, and house rules like jump-in, differ).", discardAllEditions)
	var does []string
	for _, c := range []Card{first, second} {
		if d := cardDoes(c.Face); d != "" && !slices.Contains(does, d) {
			does = append(does, d)
		}
	}
	if len(does) > 0 {
		text += " " + words.Capitalize(strings.Join(does, "; ")) + "."
	}
	if again := fmt.Sprintf(" With two players %s brings the turn back, so %s may follow.", name(first), name(second)); back != "" && s.Players == 0 &&
		countWords(text+again) <= twoPlaysWords {
		text += again
	}
	return Ruling{Text: text, Fact: "two-at-once"}, true
}

// againRuling rules on whether whoever laid a card goes again: a Skip
// Everyone, yes; a Skip, a Reverse or a draw card, no, except with two
// players.
func againRuling(s Situation) (Ruling, bool) {
	if len(s.Cards) == 0 {
		return Ruling{}, false
	}
	f := s.Cards[0].Face
	switch n := drawAmount(f); {
	case f == SkipEveryone:
		return Ruling{Text: "Yes: a Skip Everyone skips every other player, and whoever laid it plays again (UNO Flip).", Fact: "flip-dark-actions"}, true
	case n > 0 && f == DrawTwo:
		return Ruling{Text: "No: the next player draws 2 and misses their turn, and play moves on to the player after them (with two players, yes: it comes back to you).",
			Fact: "d2-does"}, true
	case f == WildDrawFour:
		return Ruling{Text: "No: the next player draws 4 and misses their turn, and play moves on to the player after them (with two players, yes).",
			Fact: "wd4-does"}, true
	case f == Skip:
		return Ruling{Text: "No: the next player misses their turn and play moves on to the one after them (with two players, yes: you play again).",
			Fact: "skip-does"}, true
	case f == Reverse:
		return Ruling{Text: "No: play turns back the other way (with two players, yes: it acts as a Skip).", Fact: "reverse-does"}, true
	}
	return Ruling{}, false
}
