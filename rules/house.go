package rules

import (
	"strings"

	"github.com/unoscore/unoscore/rules/words"
)

// A HouseRule is a custom a table may agree on before the first hand,
// which none of the five rulebooks has (`unoscore rules house-rules`).
type HouseRule struct {
	ID      string
	Name    string
	Says    string   // what it changes, in a few words
	Aliases []string // other ways people name it
	Fact    string   // the reference's fact on it
}

// HouseRules are the house rules a game can record, in the order the
// reference gives them.
var HouseRules = []HouseRule{
	{ID: "stacking", Name: "Stacking", Says: "a draw card laid on a draw card passes the total on",
		Aliases: []string{"stack", "progressive", "progressive-uno"}, Fact: "stacking"},
	{ID: "jump-in", Name: "Jump-in", Says: "a card identical to the top discard may be laid out of turn",
		Aliases: []string{"jumpin", "jump"}, Fact: "jump-in"},
	{ID: "seven-o", Name: "Seven-O", Says: "a 7 swaps hands with a player of your choice, a 0 passes every hand on",
		Aliases: []string{"7-0", "seven-zero", "sevens-and-zeros", "7-o", "sevenzero"}, Fact: "seven-o"},
	{ID: "draw-to-match", Name: "Draw to match", Says: "a player who cannot play draws until a card fits",
		Aliases: []string{"draw-until", "draw-till", "draw-until-match", "draw-until-you-can-play"}, Fact: "draw-until"},
}

// HouseRuleIDs lists the house rules' ids.
func HouseRuleIDs() []string {
	ids := make([]string, len(HouseRules))
	for i, h := range HouseRules {
		ids[i] = h.ID
	}
	return ids
}

// LookupHouseRule finds a house rule by its id or an alias, any case,
// spaces or dashes alike.
func LookupHouseRule(s string) (*HouseRule, error) {
	t := strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '-' || r == '_' }), "-")
	for i, h := range HouseRules {
		if h.ID == t || strings.ReplaceAll(h.ID, "-", "") == strings.ReplaceAll(t, "-", "") {
			return &HouseRules[i], nil
		}
		for _, a := range h.Aliases {
			if a == t {
				return &HouseRules[i], nil
			}
		}
	}
	e := &TokenError{Token: s, Problem: "unknown house rule", Detail: "the house rules are " + strings.Join(HouseRuleIDs(), ", ")}
	if best, dist := words.Closest(t, HouseRuleIDs()); dist <= 3 {
		e.Suggest = best
	}
	return nil, e
}

// houseFor is the house rule that changes the answer of a fact of the
// reference at a table that plays by it; nil for none.
func houseFor(fact string) *HouseRule {
	for i, h := range HouseRules {
		if h.Fact == fact || fact == "flip-stacking" && h.ID == "stacking" {
			return &HouseRules[i]
		}
	}
	return nil
}

// PlaysHouse reports whether the deck's own rules already do the house
// rule with this id (No Mercy stacks, draws until a card fits and swaps on
// 7 and 0), so that a table choosing its house rules is not offered it.
func (d *Deck) PlaysHouse(id string) bool {
	if d.Decl == nil {
		return false
	}
	r := d.Decl.Rules
	switch id {
	case "stacking":
		return r.Stacking
	case "draw-to-match":
		return r.DrawUntilPlay
	case "seven-o":
		return r.SevenO
	}
	return false
}
