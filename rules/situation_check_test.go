package rules

import (
	"strings"
	"testing"
)

// TestRulingsAgreeWithCheck: every verdict a ruling gives on a question of
// the public, situation and second engineer's sets is the one `unoscore
// check` gives on the same situation: a play on a pile (CanPlayIn, with a
// card of the colour in play in hand when the question says so), a
// challenge's outcome (Challenge), and whether the edition allows a
// challenge at all (CanChallenge).
func TestRulingsAgreeWithCheck(t *testing.T) {
	var qs []string
	public, _ := publicQuestions(t)
	for _, r := range public {
		qs = append(qs, r.q)
	}
	for _, r := range situationSet(t) {
		qs = append(qs, r.q)
	}
	for _, r := range secondQuestions(t) {
		qs = append(qs, r.q)
	}
	compared := 0
	for _, q := range qs {
		s := ReadSituation(q)
		r, ok := s.Rule(Table{})
		if !ok || strings.HasPrefix(r.Text, "It depends") {
			continue
		}
		d, _ := LookupDeck(DefaultDeck)
		if s.Edition != "" && !s.Flip {
			d, _ = LookupDeck(s.Edition)
		}
		switch s.Asked {
		case AskedPlay:
			if s.Play == nil || s.Pile == nil || isDraw(s.Pile.Face) && !s.Drawn && !isDraw(s.Play.Face) {
				continue // a card laid against a draw card: no play check asks that
			}
			var hand []Card
			if restricted(s.Play.Face) {
				active, err := activeColor(*s.Pile, s.Called)
				if err != nil || active == NoColor {
					continue
				}
				if s.HoldsColor {
					hand = []Card{{Color: active, Face: 5}}
				} else {
					hand = []Card{{Color: otherColor(active), Face: 5}}
				}
			}
			v, err := CanPlayIn(d, *s.Play, *s.Pile, s.Called, hand)
			if err != nil {
				continue
			}
			compared++
			if yes := strings.HasPrefix(r.Text, "Yes"); yes != v.Legal {
				t.Errorf("%q: the ruling says %q; check play says legal=%v (%s)", q, r.Text, v.Legal, v.Reason)
			}
		case AskedChallenge:
			if s.Held == 0 {
				continue
			}
			top := Card{Color: Red, Face: 5}
			if s.Pile != nil && !s.Pile.Face.IsWild() {
				top = *s.Pile
			}
			hand := []Card{{Color: otherColor(top.Color), Face: 3}}
			if s.Held > 0 {
				hand = []Card{{Color: top.Color, Face: 3}}
			}
			v, err := Challenge(top, NoColor, hand)
			if err != nil {
				t.Errorf("%q: check challenge: %v", q, err)
				continue
			}
			compared++
			guilty := strings.HasPrefix(r.Text, "The player who laid")
			innocent := strings.HasPrefix(r.Text, "The challenger draws 6")
			if guilty != v.Guilty || innocent == v.Guilty {
				t.Errorf("%q: the ruling says %q; check challenge says guilty=%v", q, r.Text, v.Guilty)
			}
		case AskedMayChallenge:
			compared++
			if no := d.CanChallenge() != nil; no && !strings.HasPrefix(r.Text, "No: in") || !no && strings.HasPrefix(r.Text, "No: in") {
				t.Errorf("%q: the ruling says %q; the %s allows a challenge: %v", q, r.Text, d.Name, !no)
			}
		}
	}
	t.Logf("%d rulings compared with the referee", compared)
	if compared < 30 {
		t.Errorf("only %d rulings compared; the sets hold more plays and challenges", compared)
	}
}

// otherColor is a classic colour that is not c.
func otherColor(c Color) Color {
	if c == Blue {
		return Green
	}
	return Blue
}
