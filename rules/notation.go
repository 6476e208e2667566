package rules

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/unoscore/unoscore/rules/words"
)

// MaxCards is the most cards one entry may name: no deck holds more.
const MaxCards = 112

// maxCounted bounds an "NNpts" token so arithmetic can never overflow; the
// deck check rejects anything a real hand could not hold.
const maxCounted = 9999

// Hand is what one player was left holding, as entered: named cards and any
// points already counted by hand ("37pts").
type Hand struct {
	Cards   []Card
	Counted []int // each "NNpts" token, in the order entered
}

// Points is the hand's value: its cards by the scoring table plus the points
// counted by hand.
func (h Hand) Points() int {
	n := 0
	for _, c := range h.Cards {
		n += c.Points()
	}
	for _, p := range h.Counted {
		n += p
	}
	return n
}

// Empty reports whether nothing at all was entered.
func (h Hand) Empty() bool { return len(h.Cards) == 0 && len(h.Counted) == 0 }

// String writes the hand in canonical notation, runs of the same card as
// "2xr7": "r7 2xwd4 37pts". Parsing it gives the same hand back.
func (h Hand) String() string {
	var b strings.Builder
	for i := 0; i < len(h.Cards); {
		j := i + 1
		for j < len(h.Cards) && h.Cards[j] == h.Cards[i] {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if j-i > 1 {
			b.WriteString(strconv.Itoa(j - i))
			b.WriteByte('x')
		}
		b.WriteString(h.Cards[i].Token())
		i = j
	}
	for _, p := range h.Counted {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(p))
		b.WriteString("pts")
	}
	return b.String()
}

// MarshalText stores a hand as its canonical notation.
func (h Hand) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText reads a hand written in the notation, as stored: a face of
// any deck is read (its deck was checked when it was recorded).
func (h *Hand) UnmarshalText(b []byte) error {
	p, err := ParseAnyHand(string(b))
	if err != nil {
		return err
	}
	*h = p
	return nil
}

// ParseAnyHand reads a hand as ParseHand does, and the faces of every
// deck too, the newer editions' included: for cards read before their
// game's deck is known, which its deck check then refuses or keeps.
func ParseAnyHand(s string) (Hand, error) {
	var h Hand
	for _, tok := range strings.FieldsFunc(s, isSeparator) {
		if err := h.add(anyDeck, tok); err != nil {
			return Hand{}, err
		}
	}
	return h, nil
}

// TokenError is a token of the card notation that could not be read.
type TokenError struct {
	Token   string // as typed
	Problem string // what is wrong, a phrase
	Detail  string // why, after the token (optional)
	Suggest string // the closest valid token, if any
	// Help, for a token no card is near: where the notation is shown,
	// said in parentheses when there is nothing to suggest (see "unoscore
	// cards"). A prompt puts its own in (NotationHelp).
	Help string
}

func (e *TokenError) Error() string {
	msg := fmt.Sprintf("%s %q", e.Problem, e.Token)
	if e.Detail != "" {
		msg += " (" + e.Detail + ")"
	}
	switch {
	case e.Suggest != "":
		msg += fmt.Sprintf(": did you mean %q?", e.Suggest)
	case e.Help != "":
		msg += " (" + e.Help + ")"
	}
	return msg
}

// NotationHelp replaces, in err's TokenError, where the notation is shown
// (for a token no card is near) by help: a prompt's own key, "? shows the
// notation", in place of a command. Any other error is left as it is.
func NotationHelp(err error, help string) error {
	var te *TokenError
	if asTokenError(err, &te) && te.Help != "" {
		te.Help = help
	}
	return err
}

// notationHelp is where the notation of deck d is shown: "unoscore cards"
// (with --deck for a deck other than the classic one).
func notationHelp(d *Deck) string {
	if d == nil || d == anyDeck || d.ID == DefaultDeck {
		return `see "unoscore cards"`
	}
	return `see "unoscore cards --deck ` + d.ID + `"`
}

// Invalid marks the error as bad input.
func (e *TokenError) Invalid() bool { return true }

var colorAliases = map[string]Color{
	"r": Red, "red": Red,
	"g": Green, "green": Green,
	"b": Blue, "blue": Blue,
	"y": Yellow, "yellow": Yellow,
	"pu": Purple, "purple": Purple,
	"pk": Pink, "pink": Pink,
	"t": Teal, "teal": Teal,
	"o": Orange, "orange": Orange,
}

// faceAliases reads the tokens of the faces of the five rulebooks and UNO
// Flip (the faces the code names), as every deck and a hand read without a
// deck do: a face only a newer edition has is known by its own deck alone.
var faceAliases = tokenMap(func(f Face) bool { return f < Face(numNamed) })

// allAliases reads every face's tokens, each face's short notation before
// any other spelling: how a stored hand, written in short notation, is
// read back whatever its deck.
var allAliases = tokenMap(func(Face) bool { return true })

// tokenMap maps the tokens of the faces keep admits to them: the short
// notations first, then the other spellings, the first face declared with
// a spelling keeping it.
func tokenMap(keep func(Face) bool) map[string]Face {
	m := map[string]Face{}
	for f, fi := range faceInfos {
		if keep(Face(f)) {
			m[fi.token] = Face(f)
		}
	}
	for f, fi := range faceInfos {
		if !keep(Face(f)) {
			continue
		}
		for _, t := range fi.tokens {
			if _, ok := m[t]; !ok {
				m[t] = Face(f)
			}
		}
	}
	return m
}

// deckTokens maps the tokens a deck reads: its own faces' first (a token
// means what the game's deck says: "dt" is Triple Play's Discard Two, and
// a Draw Two elsewhere), then the faces of the five rulebooks and UNO Flip
// it lacks, so that it can say it has none.
func deckTokens(faces []Face) map[string]Face {
	m := map[string]Face{}
	for _, f := range faces {
		m[faceInfos[f].token] = f
	}
	for _, f := range faces {
		for _, t := range faceInfos[f].tokens {
			if _, ok := m[t]; !ok {
				m[t] = f
			}
		}
	}
	for t, f := range faceAliases {
		if _, ok := m[t]; !ok {
			m[t] = f
		}
	}
	return m
}

// tokens is the map deck d reads (nil: a hand read without a deck).
func (d *Deck) tokens() map[string]Face {
	if d == nil {
		return faceAliases
	}
	if d == anyDeck {
		return allAliases
	}
	return d.toks
}

// anyDeck stands for every deck at once: a stored hand is read with it.
var anyDeck = &Deck{ID: "any"}

// colorPrefixes are the colour aliases, longest first, so "red" is tried
// before "r".
var colorPrefixes = func() []string {
	ps := make([]string, 0, len(colorAliases))
	for p := range colorAliases {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool {
		if len(ps[i]) != len(ps[j]) {
			return len(ps[i]) > len(ps[j])
		}
		return ps[i] < ps[j]
	})
	return ps
}()

// ParseColor reads a colour's name or letter, any case.
func ParseColor(s string) (Color, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if c, ok := colorAliases[t]; ok {
		return c, nil
	}
	e := &TokenError{Token: s, Problem: "unknown colour"}
	var names []string
	for _, c := range AllColors {
		names = append(names, c.String())
	}
	if best, d := words.Closest(t, names); d <= 2 {
		e.Suggest = best
	}
	return NoColor, e
}

// ParseColor reads the name or letter of one of the deck's colours, any
// case. A colour of another deck is refused, naming the deck's own.
func (d *Deck) ParseColor(s string) (Color, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	c, ok := colorAliases[t]
	if ok && d.HasColor(c) {
		return c, nil
	}
	e := &TokenError{Token: s, Problem: "unknown colour", Detail: "the " + d.Name + "'s colours are " + d.ColorList()}
	if ok {
		e.Detail = "the " + d.Name + " has no " + c.String() + "; its colours are " + d.ColorList()
		if st, ok := d.standIn[c]; ok {
			e.Suggest = st.String()
		}
		return NoColor, e
	}
	if best, dist := words.Closest(t, d.ColorNames()); dist <= 2 {
		e.Suggest = best
	}
	return NoColor, e
}

// ParseCard reads one card token of the deck: as ParseCard, and a colour
// the deck does not have is refused, naming the deck's colours.
func (d *Deck) ParseCard(tok string) (Card, error) {
	c, err := parseCard(d, tok)
	if err != nil {
		return c, err
	}
	if c.Color != NoColor && !d.HasColor(c.Color) {
		return Card{}, d.colorError(tok, "", c)
	}
	if err := d.flipError(tok, "", c); err != nil {
		return Card{}, err
	}
	return c, nil
}

// flipError is a card no side of the UNO Flip deck has (nil for one it
// has, and in every other deck); count is a repetition prefix ("3x") to
// keep in the suggestion.
func (d *Deck) flipError(tok, count string, c Card) error {
	if d.Sides == nil {
		return nil
	}
	why, instead := d.flipCardProblem(c)
	if why == "" {
		return nil
	}
	e := &TokenError{Token: tok, Problem: "unknown card", Detail: "the " + d.Name + " has no " + c.String() + ": " + why}
	if c, ok := lookCard(d, instead); ok && d.has(c) {
		e.Suggest = count + instead
	}
	return e
}

// ParseHand reads a hand as ParseHand does, refusing a colour the deck does
// not have.
func (d *Deck) ParseHand(s string) (Hand, error) {
	h, err := d.parseHand(s)
	var te *TokenError
	if err != nil && asTokenError(err, &te) && te.Suggest != "" && !d.accepts(te.Suggest) {
		// A suggestion is only ever one the deck takes as it is.
		te.Suggest = ""
	}
	return h, err
}

// accepts reports whether the deck reads s as cards it holds.
func (d *Deck) accepts(s string) bool {
	h, err := d.parseHand(s)
	return err == nil && d.Lacking(h) == nil
}

func (d *Deck) parseHand(s string) (Hand, error) {
	var h Hand
	toks := strings.FieldsFunc(s, isSeparator)
	for i, tok := range toks {
		n := len(h.Cards)
		if err := h.add(d, tok); err != nil {
			if i+1 < len(toks) {
				if e := d.twoWords(tok, toks[i+1]); e != nil {
					return Hand{}, e
				}
			}
			return Hand{}, err
		}
		if n < len(h.Cards) {
			c := h.Cards[n]
			count := ""
			if i := strings.IndexByte(strings.ToLower(tok), 'x'); i > 0 && allDigits(tok[:i]) {
				count = tok[:i+1]
			}
			if c.Color != NoColor && !d.HasColor(c.Color) {
				return Hand{}, d.colorError(tok, count, c)
			}
			if err := d.flipError(tok, count, c); err != nil {
				return Hand{}, err
			}
		}
	}
	return h, nil
}

// twoWords is a card typed as two words, a colour and then its face ("R
// 7", "yellow skip"), refused with the card suggested as one word, as
// "check play --on" suggests it for the same words ("r7", "ys"); nil when
// tok is not a colour alone, or the two words written as one are no card
// ("red w": a Wild has no colour).
func (d *Deck) twoWords(tok, next string) error {
	if _, ok := colorAliases[strings.ToLower(tok)]; !ok {
		return nil
	}
	if _, err := parseCard(d, tok+next); err != nil {
		return nil
	}
	words := tok + " " + next
	_, err := parseCard(d, words)
	var te *TokenError
	if err == nil || !asTokenError(err, &te) || te.Suggest == "" {
		return nil
	}
	return &TokenError{Token: words, Problem: "a card is one word, colour and face together, not", Suggest: te.Suggest}
}

// colorError is a card of a colour the deck lacks; count is a repetition
// prefix ("3x") to keep in the suggestion.
func (d *Deck) colorError(tok, count string, c Card) error {
	e := &TokenError{Token: tok, Problem: "unknown card",
		Detail: "the " + d.Name + " has no " + c.Color.String() + "; its colours are " + d.ColorList()}
	if st, ok := d.standIn[c.Color]; ok && d.has(Card{Color: st, Face: c.Face}) {
		e.Suggest = count + Card{Color: st, Face: c.Face}.Token()
	}
	return e
}

// ParseCard reads one card token ("r7", "red7", "gs", "b+2", "wd4"), any
// case. A count ("3x") or counted points ("37pts") is not a card.
func ParseCard(tok string) (Card, error) { return parseCard(nil, tok) }

// parseCard is ParseCard suggesting, for a token it cannot read, a card of
// deck d (nil: of any deck).
func parseCard(d *Deck, tok string) (Card, error) {
	t := strings.ToLower(tok)
	aliases := d.tokens()
	anyFace := d == anyDeck
	if anyFace {
		d = nil
	}
	if f, ok := aliases[t]; ok {
		return Card{Face: f}, nil
	}
	for _, p := range colorPrefixes {
		rest, ok := strings.CutPrefix(t, p)
		if !ok {
			continue
		}
		if rest == "" {
			return Card{}, &TokenError{Token: tok, Problem: "a colour needs a face after it, as in \"" + p + "7\"; no face in"}
		}
		f, ok := aliases[rest]
		if !ok {
			continue
		}
		if f.IsWild() {
			// A coloured card of another deck written with this deck's
			// wild face ("r+4", No Mercy's red Draw Four, in a classic
			// game) is said as that deck's card; the wild suggested.
			if e := otherDecksCard(d, tok, t); e != nil {
				if d.has(Card{Face: f}) {
					e.Suggest = f.Token()
				}
				return Card{}, e
			}
			e := &TokenError{Token: tok, Problem: "a " + f.String() + " has no colour; remove it from"}
			if d.has(Card{Face: f}) {
				e.Suggest = f.Token()
			}
			return Card{}, e
		}
		c := Card{Color: colorAliases[p], Face: f}
		// UNO Flip's one-sided faces, in a Flip game or without a deck (No
		// Mercy's yellow Skip Everyone is a card of its own).
		if s := f.FlipSide(); s != NoSide && c.Color.FlipSide() != s && (d == nil || d.Sides != nil) && !(anyFace && newerHas(c)) {
			e := &TokenError{Token: tok, Problem: "unknown card",
				Detail: fmt.Sprintf("no card is %s: %s is on UNO Flip's %s side, in %s, and %s is a %s-side colour",
					WithArticle(c.String()), f, s, joinAnd(flipColorNames(s)), c.Color, c.Color.FlipSide())}
			if alt, ok := flipOther[f]; ok && d.has(Card{Color: c.Color, Face: alt}) {
				e.Suggest = Card{Color: c.Color, Face: alt}.Token()
			}
			return Card{}, e
		}
		return c, nil
	}
	if e := numberAbove9(d, tok, t); e != nil {
		// One card asked for: the points a hand may hold are no answer.
		e.Suggest = ""
		return Card{}, e
	}
	// A card of another deck ("wd10" in a classic game) is said as one,
	// not taken for a misspelling of this deck's nearest card.
	if !drawFourWritten(t) {
		if e := otherDecksCard(d, tok, t); e != nil {
			return Card{}, e
		}
	}
	return Card{}, &TokenError{Token: tok, Problem: "unknown card", Suggest: suggestCard(d, t), Help: notationHelp(d)}
}

// otherDecksCard is t read as a card of another deck than d, said as
// that deck's ("a Wild Draw Ten is a card of the UNO Show 'Em No Mercy
// deck, not of the classic 108-card deck"), or nil: for no such card,
// and when no deck is known (d nil).
func otherDecksCard(d *Deck, tok, t string) *TokenError {
	if d == nil {
		return nil
	}
	for _, o := range decks {
		if c, ok := lookCard(o, t); ok && o != d && o.has(c) {
			return &TokenError{Token: tok, Problem: "unknown card",
				Detail: fmt.Sprintf("%s is a card of the %s, not of the %s", WithArticle(c.String()), o.Name, d.Name)}
		}
	}
	return nil
}

// newerHas reports whether a newer edition's deck holds c.
func newerHas(c Card) bool {
	for _, d := range decks {
		if d.Decl.Newer && d.has(c) {
			return true
		}
	}
	return false
}

// has reports whether deck d holds card c (d nil: whether any deck of the
// five rulebooks or UNO Flip does: a hand read without a deck reads no
// other).
func (d *Deck) has(c Card) bool {
	if !c.Face.Valid() || !c.Color.Valid() || c.Color != NoColor && c.Face.IsWild() {
		return false
	}
	if d == nil {
		if c.Face >= Face(numNamed) {
			return false
		}
		s := c.Face.FlipSide()
		return s == NoSide || c.Color == NoColor || c.Color.FlipSide() == s
	}
	if d.Sides != nil {
		why, _ := d.flipCardProblem(c)
		return why == ""
	}
	if c.Color != NoColor && (!d.HasColor(c.Color) || d.perColor(c.Face) == 0) {
		return false
	}
	return d.Copies(c.Face) > 0
}

// lookCard reads t (lower case) as a card, as deck d reads it (nil: as
// a hand without a deck).
func lookCard(d *Deck, t string) (Card, bool) {
	aliases := d.tokens()
	if f, ok := aliases[t]; ok {
		return Card{Face: f}, true
	}
	for _, p := range colorPrefixes {
		if rest, ok := strings.CutPrefix(t, p); ok {
			if f, ok := aliases[rest]; ok && !f.IsWild() {
				return Card{Color: colorAliases[p], Face: f}, true
			}
		}
	}
	return Card{}, false
}

// drawFourWritten reports whether t is a Draw Four written as d4 or +4,
// with or without a colour: in a deck without No Mercy's Draw Four it is
// most likely the deck's own (wd4, or a colour's Draw Two), suggested.
func drawFourWritten(t string) bool {
	for _, p := range colorPrefixes {
		if r, ok := strings.CutPrefix(t, p); ok && r != "" {
			t = r
			break
		}
	}
	return t == "d4" || t == "dr4" || t == "+4"
}

// drawFour is what "d4" (no colour) and "rd4" (a colour) may have meant,
// in the order tried: the first the deck has is suggested.
var drawFour = [2][]Face{{WildDrawFour, WildDrawTwo}, {DrawTwo, DrawOne, DrawFive}}

// suggestCard is the card of deck d (nil: of any deck) that t (lower
// case, no count) most likely meant, or "": a card written with its count
// after it ("wd4x2": "2xwd4"), a Draw Four typed as d4 (wd4, or a colour's
// Draw Two), a misspelt face after a colour, kept with its colour
// ("yrevers": "yrev"), else the closest of the deck's cards.
func suggestCard(d *Deck, t string) string {
	if t == "" {
		return ""
	}
	if i := strings.LastIndexByte(t, 'x'); i > 0 && allDigits(t[i+1:]) {
		if c, ok := lookCard(d, t[:i]); ok && d.has(c) {
			if n, err := strconv.Atoi(t[i+1:]); err == nil && n >= 1 && n <= MaxCards {
				return strconv.Itoa(n) + "x" + t[:i]
			}
		}
	}
	color, rest := NoColor, t
	for _, p := range colorPrefixes {
		if r, ok := strings.CutPrefix(t, p); ok && r != "" {
			color, rest = colorAliases[p], r
			break
		}
	}
	if rest == "d4" || rest == "dr4" {
		fs := drawFour[0]
		if color != NoColor {
			fs = drawFour[1]
		}
		for _, f := range fs {
			if c := (Card{Color: color, Face: f}); d.has(c) {
				return c.Token()
			}
		}
	}
	best, bestD := "", 1<<30
	if color != NoColor && (d == nil || d.HasColor(color) || d.Sides != nil) {
		// The colour as typed, the face the closest of the deck's in it.
		var faces []string
		for a, f := range d.tokens() {
			if d.has(Card{Color: color, Face: f}) {
				faces = append(faces, a)
			}
		}
		sort.Strings(faces)
		if face, dist := words.Closest(rest, faces); face != "" && dist <= maxSuggestDistance(rest) && (len(rest) > 2 || len(face) == len(rest)) {
			best, bestD = Card{Color: color, Face: d.tokens()[face]}.Token(), dist
		}
	}
	if whole, dist := words.Closest(t, cardCandidates(d)); whole != "" && dist < bestD && dist <= maxSuggestDistance(t) && (len(t) > 2 || len(whole) == len(t)) {
		best = whole
	}
	return best
}

// ParseHand reads the cards one player was left holding: tokens separated by
// spaces or commas, each a card ("r7"), a repeated card ("3x7", "2xr+2") or
// points counted by hand ("37pts").
func ParseHand(s string) (Hand, error) {
	var h Hand
	for _, tok := range strings.FieldsFunc(s, isSeparator) {
		if err := h.add(nil, tok); err != nil {
			return Hand{}, err
		}
	}
	return h, nil
}

func isSeparator(r rune) bool {
	return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ';'
}

// add reads one token into h; a token it cannot read is refused with a
// suggestion of deck d (nil: of any deck).
func (h *Hand) add(d *Deck, tok string) error {
	t := strings.ToLower(tok)
	if n, ok := leadingNumber(t, "pts", "pt", "points", "p"); ok {
		if n < 0 || n > maxCounted {
			return &TokenError{Token: tok, Problem: fmt.Sprintf("counted points must be 0 to %d, not", maxCounted)}
		}
		h.Counted = append(h.Counted, n)
		return nil
	}
	if allDigits(t) && len(t) > 1 {
		// 37 is not a card: points counted by hand are written 37pts (up
		// to maxCounted: a bigger number is suggested nothing it refuses).
		e := &TokenError{Token: tok, Problem: "no card is a number above 9; for points counted by hand, write pts after"}
		if n, err := strconv.Atoi(t); err == nil && n <= maxCounted {
			e.Suggest = strconv.Itoa(n) + "pts"
		} else {
			e.Problem = fmt.Sprintf("no card is a number above 9, and points counted by hand (written with pts after) are 0 to %d, not", maxCounted)
		}
		return e
	}
	count := 1
	if i := strings.IndexByte(t, 'x'); i > 0 && allDigits(t[:i]) {
		n, err := strconv.Atoi(t[:i])
		if err != nil || n < 1 || n > MaxCards {
			return &TokenError{Token: tok, Problem: fmt.Sprintf("a count must be 1 to %d, not", MaxCards)}
		}
		if t[i+1:] == "" {
			return &TokenError{Token: tok, Problem: "a count needs a card after it, as in \"3x7\"; no card in"}
		}
		count, t = n, t[i+1:]
		if strings.HasSuffix(t, "pts") {
			return &TokenError{Token: tok, Problem: "counted points take no count; add them up in"}
		}
	}
	if e := numberAbove9(d, tok, t); e != nil {
		if e.Suggest != "" && count > 1 {
			e.Suggest = strconv.Itoa(count) + "x" + e.Suggest
		}
		return e
	}
	c, err := parseCard(d, t)
	if err != nil {
		var te *TokenError
		if asTokenError(err, &te) {
			te.Token = tok
			if te.Suggest != "" && count > 1 {
				te.Suggest = strconv.Itoa(count) + "x" + te.Suggest
			}
		}
		return err
	}
	if len(h.Cards)+count > MaxCards {
		return &TokenError{Token: tok, Problem: fmt.Sprintf("no deck holds more than %d cards; too many at", MaxCards)}
	}
	for range count {
		h.Cards = append(h.Cards, c)
	}
	return nil
}

// numberAbove9 refuses a card written with a number above 9 after it
// ("w10", "wd412"), saying what a person likely meant: the card, and
// points counted by hand ("w" and "10pts"); the closest card ("0" for
// w10) was no help. nil for any other token (after a colour, "r77", the
// closest card is: r7).
func numberAbove9(d *Deck, tok, t string) *TokenError {
	for i := len(t) - 2; i > 0; i-- {
		if t[i] < '0' || t[i] > '9' {
			break
		}
		digits := strings.TrimLeft(t[i:], "0")
		if len(digits) < 2 || !allDigits(t[i:]) {
			continue
		}
		if _, err := parseCard(d, t[:i]); err == nil {
			return &TokenError{Token: tok, Problem: "unknown card", Detail: "no card is a number above 9",
				Suggest: t[:i] + " " + digits + "pts"}
		}
	}
	return nil
}

func asTokenError(err error, te **TokenError) bool {
	e, ok := err.(*TokenError)
	if ok {
		*te = e
	}
	return ok
}

// leadingNumber reads "37pts": digits, then one of the suffixes.
func leadingNumber(t string, suffixes ...string) (int, bool) {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	for _, s := range suffixes {
		if t[i:] == s {
			n, err := strconv.Atoi(t[:i])
			if err != nil || i > 6 {
				return -1, true // too many digits: out of range, said as such
			}
			return n, true
		}
	}
	return 0, false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// cardCandidates is every short card token of deck d (nil: of any deck),
// and every name of a face it has, for suggestions: made for the first
// suggestion, not when the program starts.
func cardCandidates(d *Deck) []string {
	// Only the decks unoscore knows are kept: a game's own copy (its
	// customizable cards counted) is made anew for each game read.
	keep := d == nil || slices.Contains(decks, d)
	candidatesMu.Lock()
	defer candidatesMu.Unlock()
	if cs, ok := candidates[d]; ok && keep {
		return cs
	}
	var cs []string
	for _, f := range Faces {
		if d.has(Card{Face: f}) {
			cs = append(cs, f.Token())
		}
		for _, c := range AllColors {
			if d.has(Card{Color: c, Face: f}) {
				cs = append(cs, c.Letter()+f.Token(), c.String()+f.Token())
			}
		}
	}
	for a, f := range d.tokens() {
		if a != f.Token() && d.has(Card{Face: f}) {
			cs = append(cs, a)
		}
	}
	sort.Strings(cs)
	if keep {
		if candidates == nil {
			candidates = map[*Deck][]string{}
		}
		candidates[d] = cs
	}
	return cs
}

var (
	candidatesMu sync.Mutex
	candidates   map[*Deck][]string
)

func maxSuggestDistance(t string) int {
	if len(t) <= 2 {
		return 1
	}
	return 2
}

// flipColorNames names the colours of one side of UNO Flip's cards.
func flipColorNames(s Side) []string {
	var ns []string
	for _, sd := range decks {
		for _, side := range sd.Sides {
			if side.Side == s {
				ns = append(ns, side.ColorNames()...)
			}
		}
	}
	return ns
}
