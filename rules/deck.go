package rules

import (
	"fmt"
	"strings"
)

// Deck is one printed UNO deck: the coloured cards every deck shares (per
// colour one 0, two each of 1 to 9, two each of Draw Two, Skip and Reverse)
// and its own count of each wild face.
type Deck struct {
	ID          string
	Name        string
	Description string
	wilds       map[Face]int
}

var decks = []*Deck{
	{
		ID: "classic", Name: "classic 108-card deck",
		Description: "108 cards: 4 Wild, 4 Wild Draw Four",
		wilds:       map[Face]int{Wild: 4, WildDrawFour: 4},
	},
	{
		ID: "deluxe", Name: "Deluxe 112-card deck",
		Description: "112 cards: 8 Wild, 4 Wild Draw Four",
		wilds:       map[Face]int{Wild: 8, WildDrawFour: 4},
	},
	{
		ID: "shuffle", Name: "112-card deck with Wild Shuffle Hands",
		Description: "112 cards: 4 Wild, 4 Wild Draw Four, 1 Wild Shuffle Hands, 3 Wild Customizable",
		wilds:       map[Face]int{Wild: 4, WildDrawFour: 4, WildShuffle: 1, WildCustom: 3},
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
	if best, dist := closest(t, DeckIDs()); dist <= 3 {
		e.Suggest = best
	}
	return nil, e
}

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
	return PerColor(f) * len(Colors)
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
	if e.Have == 0 {
		return fmt.Sprintf("the %s has no %s card", e.Deck.Name, e.Card.Face)
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
	var byColor [numFaces][len(colorNames)]int
	total := 0
	for _, h := range hands {
		total += h.Points()
		for _, c := range h.Cards {
			if !c.Face.Valid() || int(c.Color) >= len(colorNames) {
				return &TokenError{Token: c.Token(), Problem: "not a card"}
			}
			byFace[c.Face]++
			byColor[c.Face][c.Color]++
		}
	}
	for _, f := range Faces {
		if f.IsWild() && byFace[f] > 0 && byFace[f] > d.Copies(f) {
			return &DeckError{Deck: d, Card: Card{Face: f}, Have: d.Copies(f), Named: byFace[f]}
		}
		for _, c := range Colors {
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
