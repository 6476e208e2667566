package rules

import (
	"fmt"
	"strings"
	"testing"

	decl "github.com/unoscore/unoscore/rules/decks"
)

// `unoscore rules scoring` names every face of every deck with the points
// the scorer counts for it (issue 30), each newer edition on a line of
// its own generated from its declaration; a value changed in a
// declaration changes that line.
func TestScoringListsEveryDeck(t *testing.T) {
	var scoring *Topic
	for _, tp := range Topics() {
		if tp.ID == "scoring" {
			scoring = tp
		}
	}
	text, err := scoring.Text()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	for _, d := range Decks() {
		sides := d.Sides
		if sides == nil {
			sides = []*Deck{d}
		}
		for _, s := range sides {
			for _, f := range s.Faces() {
				if f.IsNumber() {
					continue
				}
				name, pts := f.String(), fmt.Sprint(s.Points(Card{Face: f}))
				found := false
				for _, l := range lines {
					found = found || strings.Contains(l, name) && strings.Contains(l, pts) && (!d.Decl.Newer || strings.Contains(l, "("+d.ID+")"))
				}
				if !found {
					t.Errorf("%s: no line of `rules scoring` names %s with %s points", d.ID, name, pts)
				}
			}
		}
		if d.Decl.Newer && !strings.Contains(text, valuesOf(d)) {
			t.Errorf("%s: `rules scoring` lacks its values %q", d.ID, valuesOf(d))
		}
	}
	if !strings.Contains(text, newerValueFacts()) {
		t.Errorf("`rules scoring` does not read the newer editions' lines:\n%s", text)
	}

	// UNO Attack with its Hit 2 worth 25: the line says 25.
	i := -1
	for k, d := range decks {
		if d.ID == "attack" {
			i = k
		}
	}
	dd := *decks[i].Decl
	side := dd.Sides[0]
	side.Cards = append([]decl.Card(nil), side.Cards...)
	for k, c := range side.Cards {
		if c.Face == decl.Hit2 {
			side.Cards[k].Points = 25
		}
	}
	dd.Sides = []decl.Side{side}
	changed, err := NewDeck(&dd)
	if err != nil {
		t.Fatal(err)
	}
	orig := decks[i]
	decks[i] = changed
	defer func() { decks[i] = orig }()
	if got := newerValueFacts(); !strings.Contains(got, "Hit 2 25") || strings.Contains(got, "Hit 2, Skip and Reverse 20") {
		t.Errorf("Hit 2 worth 25 in the declaration; `rules scoring` says:\n%s", got)
	}
}
