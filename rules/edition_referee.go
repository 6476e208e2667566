package rules

import (
	"fmt"
	"slices"
)

// The newer editions change a few of the referee's answers, each by a rule
// its declaration carries (rules/decks: Rules): No Mercy passes a draw on
// by stacking, All Wild's Wild Draw Four has no colour rule, and UNO
// Attack's Trade Hands may not be a player's last card.

// CanPlayIn is CanPlay with the deck's own rules: the deck d's edition
// may allow what the rulebooks do not, or add a note.
func CanPlayIn(d *Deck, card, top Card, called Color, hand []Card) (Verdict, error) {
	if d == nil || d.Decl == nil {
		return CanPlay(card, top, called, hand)
	}
	r := d.Decl.Rules
	if r.UnrestrictedDraw && restricted(card.Face) {
		return Verdict{Legal: true, Reason: fmt.Sprintf("in %s %s may go on any card: it has no colour rule and cannot be challenged",
			refEdition(d), WithArticle(card.String()))}, nil
	}
	v, err := CanPlay(card, top, called, hand)
	if err != nil {
		return v, err
	}
	if r.Stacking && v.Legal && isDraw(card.Face) && isDraw(top.Face) {
		v.Note, v.See = fmt.Sprintf("in %s a draw card of equal or higher value laid on a draw card passes the total on (stacking is its rule)", refEdition(d)), d.ID
		if c, t := card.Face.Draws(), top.Face.Draws(); c > 0 && t > 0 && c < t {
			// The declarations' counts say which way it goes.
			v.Note = fmt.Sprintf("in %s only a draw card of equal or higher value stacks: %s (%d) on %s (%d) does not pass the total on, so the player hit draws the %d",
				refEdition(d), WithArticle(card.Face.String()), c, WithArticle(top.Face.String()), t, t)
		}
	}
	if slices.Contains(r.NotLast, card.Face.Token()) {
		v.Note, v.See = fmt.Sprintf("in %s %s may not be your last card", refEdition(d), WithArticle(card.Face.String())), d.ID
	}
	return v, nil
}

// CanChallenge says why the deck's edition allows no challenge of a Draw
// Four (nil: it does).
func (d *Deck) CanChallenge() error {
	if d != nil && d.Decl != nil && d.Decl.Rules.UnrestrictedDraw {
		return &NoChallengeError{Edition: refEdition(d)}
	}
	return nil
}

// NoChallengeError is a challenge asked of an edition whose Draw Four has
// no colour rule.
type NoChallengeError struct{ Edition string }

func (e *NoChallengeError) Error() string {
	return fmt.Sprintf("in %s a Wild Draw Four has no colour rule, so it cannot be challenged", e.Edition)
}

// Invalid marks the error as bad input.
func (e *NoChallengeError) Invalid() bool { return true }

// refEdition is the deck's edition as people say it ("UNO All Wild"), or
// its name.
func refEdition(d *Deck) string {
	if d.Decl != nil && d.Decl.Title != "" {
		return d.Decl.Title
	}
	return "the " + d.Name
}
