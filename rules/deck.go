package rules

import (
	"fmt"
	"strings"

	"github.com/unoscore/unoscore/rules/words"
)

// Deck is one printed UNO deck: the coloured cards every deck shares (per
// colour one 0, two each of 1 to 9, two each of Draw Two, Skip and Reverse)
// and its own count of each wild face.
type Deck struct {
	ID          string
	Name        string
	Description string
	Colors      []Color // its four colours, in the order its rulebook prints them
	wilds       map[Face]int
	// standIn maps a colour the deck does not have to the one of its own
	// that looks most like it, for suggestions ("r7" in the themed deck:
	// did you mean "pk7"?).
	standIn map[Color]Color
	// customOf is, for a deck the table put fewer Wild Customizable cards
	// in, how many the printed deck holds; 0 otherwise.
	customOf int
}

var classicStandIn = map[Color]Color{Purple: Blue, Pink: Red}

var decks = []*Deck{
	{
		ID: "classic", Name: "classic 108-card deck",
		Description: "108 cards: 4 Wild, 4 Wild Draw Four",
		Colors:      Colors, standIn: classicStandIn,
		wilds: map[Face]int{Wild: 4, WildDrawFour: 4},
	},
	{
		ID: "deluxe", Name: "Deluxe 112-card deck",
		Description: "112 cards: 8 Wild, 4 Wild Draw Four",
		Colors:      Colors, standIn: classicStandIn,
		wilds: map[Face]int{Wild: 8, WildDrawFour: 4},
	},
	{
		ID: "shuffle", Name: "112-card deck with Wild Shuffle Hands",
		Description: "112 cards: 4 Wild, 4 Wild Draw Four, 1 Wild Shuffle Hands, 3 Wild Customizable",
		Colors:      Colors, standIn: classicStandIn,
		wilds: map[Face]int{Wild: 4, WildDrawFour: 4, WildShuffle: 1, WildCustom: 3},
	},
	{
		ID: "themed", Name: "Themed 2020 112-card deck",
		Description: "112 cards: 8 Wild, 4 Wild Draw Four, in purple, green, pink and yellow",
		Colors:      []Color{Purple, Green, Pink, Yellow}, standIn: map[Color]Color{Red: Pink, Blue: Purple},
		wilds: map[Face]int{Wild: 8, WildDrawFour: 4},
	},
}

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

// LookupDeck finds a deck by id, any case.
func LookupDeck(id string) (*Deck, error) {
	t := strings.ToLower(strings.TrimSpace(id))
	for _, d := range decks {
		if d.ID == t {
			return d, nil
		}
	}
	e := &TokenError{Token: id, Problem: "unknown deck (" + strings.Join(DeckIDs(), ", ") + ")"}
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
// errors: "red (r), green (g), blue (b) and yellow (y)".
func (d *Deck) ColorList() string {
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
func (d *Deck) Customizable() int { return d.wilds[WildCustom] }

// WithCustom is the deck with n of its Wild Customizable cards put in (the
// table decides how many before the game). n must be 1 to the number the
// deck holds.
func (d *Deck) WithCustom(n int) (*Deck, error) {
	have := d.wilds[WildCustom]
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
	c.wilds = map[Face]int{}
	for f, k := range d.wilds {
		c.wilds[f] = k
	}
	c.wilds[WildCustom] = n
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

// PerColor is how many cards of a coloured face each colour has.
func PerColor(f Face) int {
	switch {
	case f == 0:
		return 1
	case f.IsNumber(), f.IsAction():
		return 2
	}
	return 0
}

// Copies is how many cards of the face the deck holds, in all colours.
func (d *Deck) Copies(f Face) int {
	if f.IsWild() {
		return d.wilds[f]
	}
	return PerColor(f) * len(d.Colors)
}

// Size is the number of cards in the deck.
func (d *Deck) Size() int {
	n := 0
	for _, f := range Faces {
		n += d.Copies(f)
	}
	return n
}

// TotalPoints is the value of the whole deck: no hand can hold more.
func (d *Deck) TotalPoints() int {
	n := 0
	for _, f := range Faces {
		n += d.Copies(f) * f.Points()
	}
	return n
}

// DeckError is a set of hands that no single deal from the deck could give.
type DeckError struct {
	Deck  *Deck
	Card  Card // the card asked for too often (Color NoColor: the face in all colours)
	Have  int  // copies in the deck
	Named int  // copies the hands name
	Total int  // for counted points beyond the deck's value: the points named
}

func (e *DeckError) Error() string {
	if e.Total > 0 {
		return fmt.Sprintf("these hands come to %d points, more than the whole %s is worth (%d)", e.Total, e.Deck.Name, e.Have)
	}
	if e.Have == 0 && e.Card.Color != NoColor {
		msg := fmt.Sprintf("the %s has no %s cards (the hands name %s); its colours are %s",
			e.Deck.Name, e.Card.Color, WithArticle(e.Card.String()), e.Deck.ColorList())
		if s, ok := e.Deck.standIn[e.Card.Color]; ok {
			msg += fmt.Sprintf(": for %s, write %s", s, Card{Color: s, Face: e.Card.Face}.Token())
		}
		return msg
	}
	if e.Have == 0 {
		return fmt.Sprintf("the %s has no %s card", e.Deck.Name, e.Card.Face)
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

// Check reports whether all the hands could have been left over from one
// deal of the deck: no card named more often than the deck holds it (a
// coloured card against its colour's copies, a card without a colour against
// its face's copies in all colours) and no more points than the deck holds.
func (d *Deck) Check(hands ...Hand) error {
	var byFace [numFaces]int
	var byColor [numFaces][numColors]int
	total := 0
	for _, h := range hands {
		total += h.Points()
		for _, c := range h.Cards {
			if !c.Face.Valid() || !c.Color.Valid() {
				return &TokenError{Token: c.Token(), Problem: "not a card"}
			}
			if c.Color != NoColor && !d.HasColor(c.Color) {
				return &DeckError{Deck: d, Card: c}
			}
			byFace[c.Face]++
			byColor[c.Face][c.Color]++
		}
	}
	for _, f := range Faces {
		if f.IsWild() && byFace[f] > 0 && byFace[f] > d.Copies(f) {
			return &DeckError{Deck: d, Card: Card{Face: f}, Have: d.Copies(f), Named: byFace[f]}
		}
		for _, c := range d.Colors {
			if n := byColor[f][c]; n > PerColor(f) {
				return &DeckError{Deck: d, Card: Card{Color: c, Face: f}, Have: PerColor(f), Named: n}
			}
		}
		if byFace[f] > d.Copies(f) {
			return &DeckError{Deck: d, Card: Card{Face: f}, Have: d.Copies(f), Named: byFace[f]}
		}
	}
	if total > d.TotalPoints() {
		return &DeckError{Deck: d, Total: total, Have: d.TotalPoints()}
	}
	return nil
}
