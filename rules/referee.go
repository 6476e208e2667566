package rules

import (
	"errors"
	"fmt"
)

// Errors of a question the referee cannot answer as asked.
var (
	// ErrNeedCalled: a wild is on top and the colour called for it is needed.
	ErrNeedCalled = errors.New("the top card is a wild: the colour called for it is needed")
	// ErrCalledNotWild: a called colour was given for a card that is not wild.
	ErrCalledNotWild = errors.New("a called colour only goes with a wild on top")
	// ErrTopColor: the top card's colour is needed but was not given.
	ErrTopColor = errors.New("the top card's colour is needed")
	// ErrCardColor: the played card's colour is needed but was not given.
	ErrCardColor = errors.New("the played card's colour is needed")
)

// HandColorError is a card in a hand whose colour decides the answer but was
// not given.
type HandColorError struct{ Card Card }

func (e *HandColorError) Error() string {
	return fmt.Sprintf("the colour of the %s in the hand decides the answer; give it, as in \"r%s\"", e.Card.Face, e.Card.Face.Token())
}

// Invalid marks the error as bad input.
func (e *HandColorError) Invalid() bool { return true }

// Verdict is the referee's answer to "may this card be played?".
type Verdict struct {
	Legal  bool   `json:"legal"`
	Reason string `json:"reason"`
	Note   string `json:"note,omitempty"` // what the verdict does not settle, when a dispute often follows
	See    string `json:"see,omitempty"`  // the rules topic that says more about the note
}

// WithArticle puts "a" or "an" before a card's name: "a red 7", "an 8".
func WithArticle(s string) string {
	if s != "" && (s[0] == '8' || s[0] == 'a' || s[0] == 'e' || s[0] == 'i' || s[0] == 'o' || s[0] == 'u') {
		return "an " + s
	}
	return "a " + s
}

// activeColor is the colour in play: the called colour on a wild, else the
// top card's.
func activeColor(top Card, called Color) (Color, error) {
	if top.Face.IsWild() {
		if called == NoColor {
			return NoColor, ErrNeedCalled
		}
		return called, nil
	}
	if called != NoColor {
		return NoColor, ErrCalledNotWild
	}
	return top.Color, nil
}

func topName(top Card, called Color) string {
	if top.Face.IsWild() {
		return fmt.Sprintf("%s with %s called", WithArticle(top.String()), called)
	}
	return WithArticle(top.String())
}

// CanPlay judges whether card may be laid on top (with called, the colour
// named for a wild on top). hand is the player's other cards; nil means
// unknown, and then a Wild Draw Four is judged legal on the condition the
// reason states.
func CanPlay(card, top Card, called Color, hand []Card) (Verdict, error) {
	v, err := canPlay(card, top, called, hand)
	if err == nil && v.Legal && drawsCards(card.Face) && drawsCards(top.Face) {
		v.Note, v.See = stackingNote(top), "house-rules"
	}
	return v, err
}

// drawsCards reports whether the face makes the next player draw: the
// classic deck's two and UNO Flip's four.
func drawsCards(f Face) bool {
	switch f {
	case DrawTwo, WildDrawFour, DrawOne, DrawFive, WildDrawTwo, WildDrawColor:
		return true
	}
	return false
}

// stackingNote answers the argument a draw card laid on a draw card starts.
func stackingNote(top Card) string {
	draws := fmt.Sprintf("draws %d", top.Face.Draws()) // as the face's declaration says
	if top.Face.Draws() == 0 {
		draws = "draws until a card of the colour called turns up," // UNO Flip's Wild Draw Color
	}
	return fmt.Sprintf("it does not pass the draw on: the player the %s hit still %s and loses the turn, so only the player after them can lay this card. Adding the draws up (\"stacking\") is a house rule", top.Face, draws)
}

func canPlay(card, top Card, called Color, hand []Card) (Verdict, error) {
	if card.Face.IsWild() && !restricted(card.Face) {
		// A wild goes on anything: the colour in play does not matter.
		if !top.Face.IsWild() && called != NoColor {
			return Verdict{}, ErrCalledNotWild
		}
		return Verdict{Legal: true, Reason: WithArticle(card.String()) + " may go on any card, even when you could play another"}, nil
	}
	if restricted(card.Face) && hand == nil && top.Face.IsWild() && called == NoColor {
		return Verdict{Legal: true, Reason: WithArticle(card.String()) + " may go on any card, but only while you hold no card of the colour in play"}, nil
	}
	active, err := activeColor(top, called)
	if err != nil {
		return Verdict{}, err
	}
	on := topName(top, called)
	name := WithArticle(card.String())
	if restricted(card.Face) {
		if hand == nil {
			if active == NoColor {
				return Verdict{Legal: true, Reason: name + " may go on any card, but only while you hold no card of the colour in play"}, nil
			}
			return Verdict{Legal: true, Reason: fmt.Sprintf("%s may go on %s, but only while you hold no %s card; give the hand to judge it", name, on, active)}, nil
		}
		if active == NoColor {
			return Verdict{}, ErrTopColor
		}
		match, err := holding(hand, active)
		if err != nil {
			return Verdict{}, err
		}
		if match != nil {
			return Verdict{Legal: false, Reason: fmt.Sprintf("%s is illegal while you hold %s card: the %s", name, WithArticle(active.String()), match)}, nil
		}
		return Verdict{Legal: true, Reason: fmt.Sprintf("%s is legal on %s: you hold no %s card (cards of the same number or symbol, and wilds, don't count)", name, on, active)}, nil
	}

	if top.Face.IsWild() {
		if card.Color == NoColor {
			return Verdict{}, ErrCardColor
		}
		if card.Color == active {
			return Verdict{Legal: true, Reason: fmt.Sprintf("%s can go on %s: the colours match", name, on)}, nil
		}
		return Verdict{Legal: false, Reason: fmt.Sprintf("%s can't go on %s: only %s cards or wilds can", name, on, active)}, nil
	}

	what := "number"
	if card.Face.IsAction() && top.Face.IsAction() {
		what = "symbol"
	} else if card.Face.IsAction() != top.Face.IsAction() {
		what = "card"
	}
	sameColor := card.Color != NoColor && card.Color == top.Color
	switch {
	case card.Face == top.Face && sameColor:
		return Verdict{Legal: true, Reason: fmt.Sprintf("%s can go on %s: the colour and the %s match", name, on, what)}, nil
	case card.Face == top.Face:
		return Verdict{Legal: true, Reason: fmt.Sprintf("%s can go on %s: the %ss match", name, on, what)}, nil
	case sameColor:
		return Verdict{Legal: true, Reason: fmt.Sprintf("%s can go on %s: the colours match", name, on)}, nil
	case card.Color == NoColor:
		return Verdict{}, ErrCardColor
	case top.Color == NoColor:
		return Verdict{}, ErrTopColor
	}
	return Verdict{Legal: false, Reason: fmt.Sprintf("%s can't go on %s: neither colour nor %s matches", name, on, what)}, nil
}

// holding finds the first card of colour c in hand. A coloured face given
// without its colour cannot be judged.
func holding(hand []Card, c Color) (*Card, error) {
	for _, h := range hand {
		if h.Face.IsWild() {
			continue
		}
		if h.Color == NoColor {
			return nil, &HandColorError{Card: h}
		}
		if h.Color == c {
			return &h, nil
		}
	}
	return nil, nil
}

// ChallengeVerdict is the outcome of challenging a Wild Draw Four.
type ChallengeVerdict struct {
	Guilty bool   `json:"guilty"`
	Drawer string `json:"drawer"` // "challenged" or "challenger"
	Cards  int    `json:"cards"`  // 4 or 6; UNO Flip: 2 or 4 (Wild Draw Two), 0 or 2 more (Wild Draw Color)
	Reason string `json:"reason"`
	// UNO Flip: the card challenged ("wd2", "wdc"), and for a Wild Draw
	// Color the colour drawn until (Cards then counts the cards after it).
	Card  string `json:"card,omitempty"`
	Until string `json:"until,omitempty"`
}

// challengedHolding is what every challenge asks first: the colour in play
// (top's, or the one called on a wild) and the challenged player's card of
// that colour, if any, in hand.
func challengedHolding(top Card, called Color, hand []Card) (Color, *Card, error) {
	active, err := activeColor(top, called)
	if err != nil {
		return NoColor, nil, err
	}
	if active == NoColor {
		return NoColor, nil, ErrTopColor
	}
	match, err := holding(hand, active)
	return active, match, err
}

// Challenge judges a challenge of a Wild Draw Four laid on top (called: the
// colour named if top is a wild) by a player whose remaining hand was hand.
func Challenge(top Card, called Color, hand []Card) (ChallengeVerdict, error) {
	active, match, err := challengedHolding(top, called, hand)
	if err != nil {
		return ChallengeVerdict{}, err
	}
	n := WildDrawFour.Draws()
	if match != nil {
		return ChallengeVerdict{Guilty: true, Drawer: "challenged", Cards: n, Reason: fmt.Sprintf(
			"guilty: they held the %s while %s was in play, so they draw the %d cards themselves", match, active, n)}, nil
	}
	return ChallengeVerdict{Guilty: false, Drawer: "challenger", Cards: n + challengeCost, Reason: fmt.Sprintf(
		"not guilty: they held no %s card, so the challenger draws %d (the %d plus %d for the failed challenge)", active, n+challengeCost, n, challengeCost)}, nil
}
