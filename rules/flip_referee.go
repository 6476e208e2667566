package rules

import (
	"fmt"
	"strings"
)

// The referee for the UNO Flip deck (not one of the five rulebooks: its
// facts are in shared/rulebooks/uno-flip.md). Cards match as in UNO, on the
// side in play; Wild Draw Two (light) and Wild Draw Color (dark) are legal
// only without a card of the colour in play, and are challenged as a Wild
// Draw Four is.

// FlipSideError is a question naming cards of both sides of UNO Flip's
// cards: every card in play shows the side in play.
type FlipSideError struct{ Light, Dark string }

func (e *FlipSideError) Error() string {
	return fmt.Sprintf("%s is on the light side of UNO Flip's cards and %s on the dark side: every card in play shows the side in play", e.Light, e.Dark)
}

// Invalid marks the error as bad input.
func (e *FlipSideError) Invalid() bool { return true }

// SameSide checks that the cards and the called colour (NoColor: none) are
// on one side of the deck's cards, and says which (NoSide: none of them
// tells, or not the UNO Flip deck).
func (d *Deck) SameSide(called Color, cards ...Card) (Side, error) {
	if d.Sides == nil {
		return NoSide, nil
	}
	side, what := NoSide, ""
	check := func(s Side, name string) error {
		switch {
		case s == NoSide:
		case side == NoSide:
			side, what = s, name
		case s != side:
			if side == Light {
				return &FlipSideError{Light: what, Dark: name}
			}
			return &FlipSideError{Light: name, Dark: what}
		}
		return nil
	}
	for _, c := range cards {
		if err := check(d.SideOf(c), WithArticle(c.String())); err != nil {
			return NoSide, err
		}
	}
	if err := check(called.FlipSide(), "the colour called ("+called.String()+")"); err != nil {
		return NoSide, err
	}
	return side, nil
}

// restricted reports whether the face is a wild that may only be played
// without a card of the colour in play, and is challenged: Wild Draw Four,
// and UNO Flip's Wild Draw Two and Wild Draw Color.
func restricted(f Face) bool { return f == WildDrawFour || f == WildDrawTwo || f == WildDrawColor }

// FlipChallenged is the card a challenge in UNO Flip is about on the side
// the colour in play is on: a Wild Draw Two on the light side, a Wild Draw
// Color on the dark side.
func FlipChallenged(active Color) Face {
	if active.FlipSide() == Dark {
		return WildDrawColor
	}
	return WildDrawTwo
}

// ChallengeFlip judges a challenge of UNO Flip's Wild Draw Two or Wild Draw
// Color (which one: the side of the colour in play) laid on top.
func ChallengeFlip(top Card, called Color, hand []Card) (ChallengeVerdict, error) {
	active, match, err := challengedHolding(top, called, hand)
	if err != nil {
		return ChallengeVerdict{}, err
	}
	f := FlipChallenged(active)
	v := ChallengeVerdict{Card: f.Token()}
	switch {
	case match != nil && f == WildDrawTwo:
		v.Guilty, v.Drawer, v.Cards = true, "challenged", f.Draws()
		v.Reason = fmt.Sprintf("guilty: they held the %s while %s was in play, so they draw the %d cards themselves", match, active, f.Draws())
	case match != nil:
		v.Guilty, v.Drawer, v.Until = true, "challenged", active.String()
		v.Reason = fmt.Sprintf("guilty: they held the %s while %s was in play, so they draw until they turn up %s card themselves", match, active, WithArticle(active.String()))
	case f == WildDrawTwo:
		v.Drawer, v.Cards = "challenger", f.Draws()+challengeCost
		v.Reason = fmt.Sprintf("not guilty: they held no %s card, so the challenger draws %d (the %d plus %d for the failed challenge)", active, f.Draws()+challengeCost, f.Draws(), challengeCost)
	default:
		v.Drawer, v.Cards, v.Until = "challenger", challengeCost, active.String()
		v.Reason = fmt.Sprintf("not guilty: they held no %s card, so the challenger draws until they turn up %s card, and then %d more for the failed challenge", active, WithArticle(active.String()), challengeCost)
	}
	v.Reason += " (UNO Flip's own sheet, not one of the five rulebooks)"
	return v, nil
}

// FlipStart answers what happens when a card of the UNO Flip deck is
// turned up as the first discard: the pile starts light side up, and the
// sheet as we have it says to play as in UNO, no more. ok is false for a
// dark-side card, which cannot be turned up first.
func FlipStart(c Card, n int) (text string, ok bool) {
	if c.FlipSide() == Dark || c.Face == DrawFive || c.Face == SkipEveryone || c.Face == WildDrawColor {
		return fmt.Sprintf("the discard pile starts light side up, so %s (a dark-side card) is never the first discard", WithArticle(c.String())), false
	}
	uno := map[Face]Face{Reverse: Reverse, Skip: Skip, Wild: Wild}
	if f, ok := uno[c.Face]; ok || c.Face.IsNumber() {
		if !ok {
			f = c.Face
		}
		rulings := StartRulings(f, n)
		if len(rulings) == 1 {
			return "The pile starts light side up, and the sheet says to play as in UNO: " + rulings[0].Text, true
		}
		says := make([]string, len(rulings))
		for i, r := range rulings {
			says[i] = RollCall(r.Editions) + ": " + strings.TrimSuffix(r.Text, ".")
		}
		return "The pile starts light side up, and the sheet says to play as in UNO, whose rulebooks differ here (" + strings.Join(says, "; ") + ").", true
	}
	return fmt.Sprintf("The UNO Flip sheet as we have it does not say what %s turned up first does; the pile starts light side up. Agree on it before the first hand.", WithArticle(c.Face.String())), true
}
