package rules

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	decl "github.com/unoscore/unoscore/rules/decks"
	"github.com/unoscore/unoscore/rules/words"
)

// Deck is one deck or edition, as package decks declares it: its colours
// and how many of each face it holds, per colour or in all.
type Deck struct {
	ID          string
	Name        string
	Description string
	Colors      []Color // its colours, in the order its sheet prints them
	// Decl is the declaration the deck was read from.
	Decl *decl.Deck
	// per and inAll: copies of a face in each colour, and in all (wilds).
	per, inAll map[Face]int
	// faces are the faces the deck holds, as its sheet prints them.
	faces []Face
	// standIn maps a colour the deck does not have to the one of its own
	// that looks most like it, for suggestions ("r7" in the themed deck:
	// did you mean "pk7"?).
	standIn map[Color]Color
	// customOf is, for a deck the table put fewer Wild Customizable cards
	// in, how many the printed deck holds; 0 otherwise.
	customOf int
	// noZero: the deck has no 0.
	noZero bool
	// points are the deck's values of its faces.
	points map[Face]int
	// toks are the tokens the deck reads (deckTokens).
	toks map[string]Face
	// Sides are UNO Flip's light and dark sides, each a deck of its own
	// (nil for every other deck); Side is which side a side deck is.
	Sides []*Deck
	Side  Side
}

var decks = func() []*Deck {
	ds := make([]*Deck, len(decl.All))
	for i, dd := range decl.All {
		ds[i] = deckOf(dd)
	}
	return ds
}()

// NewDeck reads a declaration that is not among package decks' own (a
// test's deck with another value, say): it may use only faces those
// declare.
func NewDeck(dd *decl.Deck) (*Deck, error) {
	for _, sd := range dd.Sides {
		for _, c := range sd.Cards {
			if f, ok := faceByToken[c.Face.Tokens[0]]; !ok || faceInfos[f].name != c.Face.Name {
				return nil, fmt.Errorf("the %s declares a face no deck has: %s", dd.Name, c.Face.Name)
			}
		}
		for _, name := range sd.Colors {
			if _, ok := colorAliases[name]; !ok {
				return nil, fmt.Errorf("the %s declares an unknown colour %s", dd.Name, name)
			}
		}
	}
	return deckOf(dd), nil
}

// deckOf reads a declaration.
func deckOf(dd *decl.Deck) *Deck {
	d := &Deck{ID: dd.ID, Name: dd.Name, Decl: dd, noZero: dd.Rules.NoZero, standIn: map[Color]Color{}}
	for from, to := range dd.StandIn {
		d.standIn[colorNamed(from)] = colorNamed(to)
	}
	if len(dd.Sides) == 1 {
		sideOf(d, dd.Sides[0])
		d.Description = describe(d)
		return d
	}
	defer func() { d.toks = deckTokens(d.faces) }()
	d.points = map[Face]int{}
	for _, sd := range dd.Sides {
		s := &Deck{ID: dd.ID + "-" + sd.Name, Name: sd.Name + " side of the " + dd.Name, Side: sideNamed(sd.Name), Decl: dd, noZero: dd.Rules.NoZero}
		sideOf(s, sd)
		d.Sides = append(d.Sides, s)
		d.Colors = append(d.Colors, s.Colors...)
		for _, f := range s.faces {
			if !slices.Contains(d.faces, f) {
				d.faces = append(d.faces, f)
			}
		}
		for f, p := range s.points {
			if _, ok := d.points[f]; !ok {
				d.points[f] = p
			}
		}
	}
	d.Description = describe(d)
	return d
}

// sideOf reads one side's colours and cards into d.
func sideOf(d *Deck, sd decl.Side) {
	d.per, d.inAll, d.points = map[Face]int{}, map[Face]int{}, map[Face]int{}
	for _, name := range sd.Colors {
		d.Colors = append(d.Colors, colorNamed(name))
	}
	for _, c := range sd.Cards {
		f := faceByToken[c.Face.Tokens[0]]
		d.faces = append(d.faces, f)
		d.per[f] += c.PerColor
		d.inAll[f] += c.InAll
		d.points[f] = c.Points
	}
	d.toks = deckTokens(d.faces)
}

// describe says what the deck holds, from its declaration: "108 cards: 4
// Wild, 4 Wild Draw Four", its colours when they are not the classic four.
func describe(d *Deck) string {
	if d.Sides != nil {
		ns := make([]string, len(d.Sides))
		for i, s := range d.Sides {
			ns[i] = "a " + s.Side.String()
		}
		return fmt.Sprintf("%s: %d double-sided cards, %s side", d.Decl.Title, d.Size(), joinAnd(ns))
	}
	parts := []string{}
	for _, f := range d.faces {
		if n := d.inAll[f]; n > 0 && d.Decl.Size > 0 && len(d.Colors) == 0 {
			parts = append(parts, f.Plural())
		} else if n > 0 && d.Decl.Size == 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, f))
		}
	}
	if len(d.Colors) == 0 && len(parts) > 0 {
		parts = []string{"no colours, no numbers: " + joinAnd(parts)}
	}
	s := fmt.Sprintf("%d cards", d.Size())
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	if len(d.Colors) > 0 && !slices.Equal(d.Colors, Colors) {
		s += ", in " + joinAnd(d.ColorNames())
	}
	return s
}

// colorNamed is the colour a declaration names.
func colorNamed(name string) Color {
	c, ok := colorAliases[name]
	if !ok {
		panic("rules: a deck declares an unknown colour " + name)
	}
	return c
}

// faceByToken finds a face by its short notation.
var faceByToken = func() map[string]Face {
	m := map[string]Face{}
	for f, fi := range faceInfos {
		m[fi.token] = Face(f)
	}
	return m
}()

// DefaultDeck is the deck a game uses unless told otherwise.
const DefaultDeck = "classic"

// Decks lists every deck unoscore knows.
func Decks() []*Deck { return decks }

// DeckIDs lists the decks' ids.
func DeckIDs() []string {
	ids := make([]string, len(decks))
	for i, d := range decks {
		ids[i] = d.ID
	}
	return ids
}

// LookupDeck finds a deck by id or another of its names, any case
// ("minimalista" is the classic deck).
func LookupDeck(id string) (*Deck, error) {
	t := strings.ToLower(strings.TrimSpace(id))
	for _, d := range decks {
		if d.ID == t || slices.Contains(d.Decl.Aliases, t) {
			return d, nil
		}
	}
	e := &TokenError{Token: id, Problem: "unknown deck", Detail: "the decks are " + strings.Join(DeckIDs(), ", ")}
	if best, dist := words.Closest(t, DeckIDs()); dist <= 3 {
		e.Suggest = best
	}
	return nil, e
}

// HasColor reports whether the deck has cards of colour c.
func (d *Deck) HasColor(c Color) bool {
	for _, dc := range d.Colors {
		if dc == c {
			return true
		}
	}
	return false
}

// ColorList names the deck's colours with their notation, for help and
// errors: "red (r), green (g), blue (b) and yellow (y)"; for UNO Flip, each
// side's.
func (d *Deck) ColorList() string {
	if d.Sides != nil {
		return d.Sides[0].ColorList() + " on the light side, " + d.Sides[1].ColorList() + " on the dark side"
	}
	if len(d.Colors) == 0 {
		return "none (every card is a wild)"
	}
	ns := make([]string, len(d.Colors))
	for i, c := range d.Colors {
		ns[i] = fmt.Sprintf("%s (%s)", c, c.Letter())
	}
	return joinAnd(ns)
}

// ColorNames lists the deck's colours by name.
func (d *Deck) ColorNames() []string {
	ns := make([]string, len(d.Colors))
	for i, c := range d.Colors {
		ns[i] = c.String()
	}
	return ns
}

// Customizable is how many Wild Customizable cards the deck holds.
func (d *Deck) Customizable() int { return d.inAll[WildCustom] }

// WithCustom is the deck with n of its Wild Customizable cards put in (the
// table decides how many before the game). n must be 1 to the number the
// deck holds.
func (d *Deck) WithCustom(n int) (*Deck, error) {
	have := d.inAll[WildCustom]
	if have == 0 {
		return nil, &CustomError{Deck: d, N: n}
	}
	if n < 1 || n > have {
		return nil, &CustomError{Deck: d, N: n, Max: have}
	}
	if n == have {
		return d, nil
	}
	c := *d
	c.inAll = maps.Clone(d.inAll)
	c.inAll[WildCustom] = n
	c.customOf = have
	c.Description = strings.Replace(d.Description, fmt.Sprintf("%d Wild Customizable", have), fmt.Sprintf("%d Wild Customizable (of %d)", n, have), 1)
	return &c, nil
}

// CustomError is a number of Wild Customizable cards the deck cannot hold.
type CustomError struct {
	Deck *Deck
	N    int
	Max  int // 0: the deck has none
}

func (e *CustomError) Error() string {
	if e.Max == 0 {
		return fmt.Sprintf("the %s has no Wild Customizable cards", e.Deck.Name)
	}
	return fmt.Sprintf("the table can put 1 to %d Wild Customizable cards in the %s, not %d", e.Max, e.Deck.Name, e.N)
}

// Invalid marks the error as bad input.
func (e *CustomError) Invalid() bool { return true }

// PerColor is how many cards of a coloured face each colour of the
// classic deck has.
func PerColor(f Face) int { return decks[0].perColor(f) }

// perColor is how many cards of a coloured face each of the deck's colours
// has.
func (d *Deck) perColor(f Face) int { return d.per[f] }

// Faces lists the faces the deck holds, as its sheet prints them: the
// numbers, the coloured actions, then the wilds (for UNO Flip, a side's).
func (d *Deck) Faces() []Face { return d.faces }

// Copies is how many cards of the face the deck holds, in all colours (in
// the UNO Flip deck, on both sides).
func (d *Deck) Copies(f Face) int {
	if d.Sides != nil {
		return d.Sides[0].Copies(f) + d.Sides[1].Copies(f)
	}
	return d.inAll[f] + d.perColor(f)*len(d.Colors)
}

// Size is the number of cards in the deck (UNO Flip: double-sided cards).
func (d *Deck) Size() int {
	if d.Decl != nil && d.Decl.Size > 0 {
		return d.Decl.Size
	}
	if d.Sides != nil {
		return d.Sides[0].Size()
	}
	n := 0
	for _, f := range Faces {
		n += d.Copies(f)
	}
	return n
}

// Points is a card's value when a hand is scored with the deck: as
// Card.Points, but a Wild in the UNO Flip deck is 40.
func (d *Deck) Points(c Card) int {
	if p, ok := d.points[c.Face]; ok {
		return p
	}
	return c.Points()
}

// HandPoints is a hand's value scored with the deck: its cards by the deck's
// values plus the points counted by hand.
func (d *Deck) HandPoints(h Hand) int {
	n := 0
	for _, c := range h.Cards {
		n += d.Points(c)
	}
	for _, p := range h.Counted {
		n += p
	}
	return n
}

// TotalPoints is the value of the whole deck: no hand can hold more (UNO
// Flip: the side worth more, as every hand is counted on one side).
func (d *Deck) TotalPoints() int {
	if d.Sides != nil {
		return max(d.Sides[0].TotalPoints(), d.Sides[1].TotalPoints())
	}
	// Copies(f) is inAll[f] + per[f] × the colours: only the faces in
	// those two maps count (a board checks every hand against this).
	n := 0
	for f, k := range d.inAll {
		n += k * d.Points(Card{Face: f})
	}
	for f, k := range d.per {
		n += k * len(d.Colors) * d.Points(Card{Face: f})
	}
	return n
}

// SideOf is the side of an UNO Flip card that a card of this deck is on, as
// far as its colour or face tells: NoSide for a card both sides have (a
// Wild, a Reverse or a Flip without its colour, a number without its
// colour), and for every deck but UNO Flip.
func (d *Deck) SideOf(c Card) Side {
	if d.Sides == nil {
		return NoSide
	}
	if s := c.Color.FlipSide(); s != NoSide {
		return s
	}
	l, k := d.Sides[0].Copies(c.Face) > 0, d.Sides[1].Copies(c.Face) > 0
	switch {
	case l && !k:
		return Light
	case k && !l:
		return Dark
	}
	return NoSide
}

// HandsSide is the side that was in play when a hand of UNO Flip ended, as
// its leftover cards tell: NoSide when no card tells (only cards both sides
// have), or for another deck. Cards of both sides are refused (SideError).
func (d *Deck) HandsSide(hands ...Hand) (Side, error) {
	var first Card
	side := NoSide
	for _, h := range hands {
		for _, c := range h.Cards {
			s := d.SideOf(c)
			switch {
			case s == NoSide:
			case side == NoSide:
				side, first = s, c
			case s != side:
				return NoSide, &SideError{First: first, FirstSide: side, Second: c}
			}
		}
	}
	return side, nil
}

// SideError is a hand of UNO Flip whose leftovers name cards of both sides.
type SideError struct {
	First     Card
	FirstSide Side
	Second    Card
}

func (e *SideError) Error() string {
	l, k := e.First, e.Second
	if e.FirstSide == Dark {
		l, k = k, l
	}
	return fmt.Sprintf("the hands name %s, a light-side card, and %s, a dark-side card: every hand's cards are counted on the side in play when it ended",
		WithArticle(l.String()), WithArticle(k.String()))
}

// Invalid marks the error as bad input.
func (e *SideError) Invalid() bool { return true }

// Short says it in a prompt's width: "cards of both sides (r7 light, t3
// dark): a hand counts on one side".
func (e *SideError) Short() string {
	l, k := e.First, e.Second
	if e.FirstSide == Dark {
		l, k = k, l
	}
	return fmt.Sprintf("cards of both sides (%s light, %s dark): a hand counts on one side", l.Token(), k.Token())
}

// flipCardProblem says why no UNO Flip card is c, naming the side that
// has its face or colour, and a card of the same colour to write instead
// when there is one; "" when a side has it.
func (d *Deck) flipCardProblem(c Card) (why, instead string) {
	var on []*Deck
	for _, sd := range d.Sides {
		if sd.Copies(c.Face) > 0 {
			on = append(on, sd)
		}
	}
	switch {
	case len(on) == 0 && c.Face == 0:
		return "neither side has a 0; its numbers are 1 to 9", ""
	case len(on) == 0:
		why = "neither side has a " + c.Face.String()
		if alt, ok := flipInstead[c.Face]; ok {
			why += fmt.Sprintf(": the light side has %s (%s), the dark side %s (%s)", alt[0], alt[0].Token(), alt[1], alt[1].Token())
		}
		return why, ""
	case c.Color == NoColor:
		return "", ""
	case c.Color.FlipSide() == NoSide:
		return "its colours are " + d.ColorList(), ""
	case len(on) == 2 || on[0].HasColor(c.Color):
		return "", ""
	}
	why = fmt.Sprintf("%s is on its %s side, in %s, and %s is a %s-side colour", c.Face, on[0].Side, joinAnd(on[0].ColorNames()), c.Color, c.Color.FlipSide())
	if alt, ok := flipOther[c.Face]; ok {
		instead = Card{Color: c.Color, Face: alt}.Token()
	}
	return why, instead
}

// flipInstead: for a face of the five rulebooks that UNO Flip lacks, its
// nearest faces on the light and the dark side.
var flipInstead = map[Face][2]Face{
	DrawTwo:      {DrawOne, DrawFive},
	WildDrawFour: {WildDrawTwo, WildDrawColor},
}

// nearestFaces: for a face of the five rulebooks, by its short notation,
// the faces a newer edition has in its place (UNO Attack's Hit 2 for the
// Draw Two; All Wild's Wild Skip for the Skip; No Mercy's Wild Reverse
// Draw Four for the Wild Draw Four), by theirs.
var nearestFaces = map[string][]string{
	"d2":  {"h2", "wd2"},
	"s":   {"wsk"},
	"rev": {"wrev"},
	"wd4": {"wrd4"},
}

// nearest is ": for a Hit 2, write h2", naming the face deck d has in
// place of c's, which it lacks ("" when it has none in its place); a
// colour is kept where the face in its place has colours.
func (d *Deck) nearest(c Card) string {
	for _, t := range nearestFaces[c.Face.Token()] {
		f, ok := d.toks[t]
		if !ok || d.Copies(f) == 0 {
			continue
		}
		alt := Card{Face: f}
		if !f.IsWild() && d.HasColor(c.Color) {
			alt.Color = c.Color
		}
		return fmt.Sprintf(": for %s, write %s", WithArticle(alt.String()), alt.Token())
	}
	return ""
}

// flipOther: a one-sided face's counterpart on the other side.
var flipOther = map[Face]Face{Skip: SkipEveryone, SkipEveryone: Skip, DrawOne: DrawFive, DrawFive: DrawOne}

// DeckError is a set of hands that no single deal from the deck could give.
type DeckError struct {
	Deck  *Deck
	Card  Card // the card asked for too often (Color NoColor: the face in all colours)
	Have  int  // copies in the deck
	Named int  // copies the hands name
	Total int  // for counted points beyond the deck's value: the points named
	Cards int  // for more cards than the deck holds in all: the cards named
	// One: the cards are one player's (Lacking), not all the hands'.
	One bool
}

func (e *DeckError) Error() string {
	if e.Total > 0 {
		return fmt.Sprintf("these hands come to %d points, more than the whole %s is worth (%d)", e.Total, e.Deck.Name, e.Have)
	}
	if e.Cards > 0 {
		return fmt.Sprintf("these hands name %d cards, more than the %s holds (%d)", e.Cards, e.Deck.Name, e.Have)
	}
	if e.Have == 0 && e.Deck.Sides != nil {
		if why, instead := e.Deck.flipCardProblem(e.Card); why != "" {
			msg := "the " + e.Deck.Name + " has no " + e.Card.String() + ": " + why
			if instead != "" {
				c, _ := ParseCard(instead)
				msg += fmt.Sprintf(": for %s, write %s", WithArticle(c.String()), instead)
			}
			return msg
		}
	}
	if e.Have == 0 && e.Card.Color != NoColor && !e.Deck.HasColor(e.Card.Color) {
		msg := fmt.Sprintf("the %s has no %s cards (the hands name %s); its colours are %s",
			e.Deck.Name, e.Card.Color, WithArticle(e.Card.String()), e.Deck.ColorList())
		if e.One {
			msg = fmt.Sprintf("the %s has no %s (no %s cards); its colours are %s",
				e.Deck.Name, e.Card, e.Card.Color, e.Deck.ColorList())
		}
		if s, ok := e.Deck.standIn[e.Card.Color]; ok && e.Deck.has(Card{Color: s, Face: e.Card.Face}) {
			msg += fmt.Sprintf(": for %s, write %s", s, Card{Color: s, Face: e.Card.Face}.Token())
		}
		return msg
	}
	if e.Have == 0 && e.Card.Color != NoColor {
		return fmt.Sprintf("the %s has no %s (no %s card)", e.Deck.Name, e.Card, e.Card.Face) + e.Deck.nearest(e.Card)
	}
	if e.Have == 0 {
		return fmt.Sprintf("the %s has no %s card", e.Deck.Name, e.Card.Face) + e.Deck.nearest(e.Card)
	}
	if e.Card.Face == WildCustom && e.Deck.customOf > 0 {
		return fmt.Sprintf("the table put %d of the %d Wild Customizable cards in the deck, but these hands name %d", e.Have, e.Deck.customOf, e.Named)
	}
	what := e.Card.String()
	if e.Have != 1 {
		what = plural(e.Card)
	}
	return fmt.Sprintf("the %s has only %d %s, but these hands name %d", e.Deck.Name, e.Have, what, e.Named)
}

// Invalid marks the error as bad input.
func (e *DeckError) Invalid() bool { return true }

func plural(c Card) string {
	if c.Color == NoColor {
		return c.Face.Plural()
	}
	return c.Color.String() + " " + c.Face.Plural()
}

// Lacking refuses the first card of h that the deck holds no copy of at
// all (a colour it does not have, a face on neither side of UNO Flip's
// cards or on the other side from its colour, a face the deck lacks), as a
// *DeckError naming it and, where there is one, the card to write instead;
// nil when the deck has every card of h. Check says the same of all the
// hands together; Lacking lets the caller say whose cards they were.
func (d *Deck) Lacking(h Hand) error {
	for _, c := range h.Cards {
		if !c.Face.Valid() || !c.Color.Valid() {
			return &TokenError{Token: c.Token(), Problem: "not a card"}
		}
		if c.Face >= Face(numNamed) && d.Copies(c.Face) == 0 {
			// A newer edition's face, in another deck: its token means
			// nothing there ("d4" is No Mercy's Draw Four, and a Wild
			// Draw Four typed wrong in the classic deck).
			if _, err := d.ParseCard(c.Token()); err != nil {
				return err
			}
		}
		if d.Sides != nil {
			if why, _ := d.flipCardProblem(c); why != "" {
				// Read as a hand without a deck reads it, which knows
				// UNO Flip's sides (a red Skip Everyone is No Mercy's).
				if _, err := ParseHand(c.Token()); err != nil {
					return err
				}
				return &DeckError{Deck: d, Card: c}
			}
			continue
		}
		if c.Color != NoColor && !d.HasColor(c.Color) || d.Copies(c.Face) == 0 || c.Color != NoColor && d.perColor(c.Face) == 0 {
			return &DeckError{Deck: d, Card: c, One: true}
		}
	}
	return nil
}

// Check reports whether all the hands could have been left over from one
// deal of the deck: no card named more often than the deck holds it (a
// coloured card against its colour's copies, a card without a colour against
// its face's copies in all colours) and no more points than the deck holds.
func (d *Deck) Check(hands ...Hand) error {
	if d.Sides != nil {
		return d.checkFlip(hands)
	}
	// The cards named, by face: a game's replay checks every hand, so the
	// counts are kept on the stack, not in a table of every face.
	var buf [64]Card
	cards := buf[:0]
	total := 0
	for _, h := range hands {
		total += d.HandPoints(h)
		for _, c := range h.Cards {
			if !c.Face.Valid() || !c.Color.Valid() {
				return &TokenError{Token: c.Token(), Problem: "not a card"}
			}
			if c.Color != NoColor && !d.HasColor(c.Color) {
				return &DeckError{Deck: d, Card: c}
			}
			cards = append(cards, c)
		}
	}
	slices.SortFunc(cards, func(a, b Card) int { return cmp.Compare(a.Face, b.Face) })
	for i := 0; i < len(cards); {
		f, named := cards[i].Face, 0
		var byColor [numColors]int
		for ; i < len(cards) && cards[i].Face == f; i++ {
			byColor[cards[i].Color]++
			named++
		}
		if f.IsWild() && named > d.Copies(f) {
			return &DeckError{Deck: d, Card: Card{Face: f}, Have: d.Copies(f), Named: named}
		}
		for _, c := range d.Colors {
			if n := byColor[c]; n > d.perColor(f) {
				return &DeckError{Deck: d, Card: Card{Color: c, Face: f}, Have: d.perColor(f), Named: n}
			}
		}
		if named > d.Copies(f) {
			return &DeckError{Deck: d, Card: Card{Face: f}, Have: d.Copies(f), Named: named}
		}
	}
	if total > d.TotalPoints() {
		return &DeckError{Deck: d, Total: total, Have: d.TotalPoints()}
	}
	if n := cardsIn(hands); d.Decl != nil && d.Decl.Size > 0 && n > d.Decl.Size {
		return &DeckError{Deck: d, Cards: n, Have: d.Decl.Size}
	}
	return nil
}

func cardsIn(hands []Hand) int {
	n := 0
	for _, h := range hands {
		n += len(h.Cards)
	}
	return n
}

// checkFlip is Check for the UNO Flip deck: every card on a side of it, all
// the hands on one side, and that side holding every card named.
func (d *Deck) checkFlip(hands []Hand) error {
	for _, h := range hands {
		for _, c := range h.Cards {
			if !c.Face.Valid() || !c.Color.Valid() {
				return &TokenError{Token: c.Token(), Problem: "not a card"}
			}
			if why, _ := d.flipCardProblem(c); why != "" {
				return &DeckError{Deck: d, Card: c}
			}
		}
	}
	side, err := d.HandsSide(hands...)
	if err != nil {
		return err
	}
	if side == Dark {
		return d.Sides[1].Check(hands...)
	}
	if side == Light {
		return d.Sides[0].Check(hands...)
	}
	// No card tells: both sides hold as many of each card without a side,
	// and value them alike.
	either := *d.Sides[0]
	either.Name = d.Name + " (on each side)"
	return either.Check(hands...)
}

// DrawError is a card drawn for the deal that the cards drawn before it
// rule out, said for the draw: nobody holds a hand yet.
type DrawError struct{ Msg string }

func (e *DrawError) Error() string { return e.Msg }

// Invalid marks the error as bad input.
func (e *DrawError) Invalid() bool { return true }

// ForTheDraw is err, from Check of the cards drawn for the deal (the last
// one just drawn), in the draw's words: Check speaks of hands, which nobody
// holds yet ("a card drawn for the deal comes from the deck: the UNO Flip
// deck has only 2 red 7s, and 2 were drawn already"). Other errors are
// themselves.
func ForTheDraw(err error) error {
	var side *SideError
	if errors.As(err, &side) {
		// The cards drawn already are on one side; the one just drawn is
		// on the other (Check meets it last).
		was := side.FirstSide
		now := Light
		if was == Light {
			now = Dark
		}
		return &DrawError{Msg: fmt.Sprintf("the cards drawn for the deal are read on one side: %s (%s side) was drawn, so %s (%s side) cannot be",
			WithArticle(side.First.String()), was, WithArticle(side.Second.String()), now)}
	}
	var deck *DeckError
	if errors.As(err, &deck) && deck.Have > 0 && deck.Named > deck.Have {
		what := deck.Card.String()
		if deck.Have != 1 {
			what = plural(deck.Card)
		}
		drawn := fmt.Sprintf("%d were", deck.Named-1)
		if deck.Named-1 == 1 {
			drawn = "1 was"
		}
		return &DrawError{Msg: fmt.Sprintf("a card drawn for the deal comes from the deck: the %s has only %d %s, and %s drawn already", deck.Deck.Name, deck.Have, what, drawn)}
	}
	return err
}
