package rules

import (
	"fmt"
	"strings"
	"testing"

	decl "github.com/unoscore/unoscore/rules/decks"
)

// The notation help of every deck names every face the deck holds with the
// points the scorer counts for it, and a deck without colours or numbers
// gets no empty list and no panic; a value changed in a declaration
// changes the help.
func TestLegendEveryDeck(t *testing.T) {
	check := func(d *Deck) {
		t.Helper()
		rows := d.Legend()
		var all []string
		for _, r := range rows {
			if strings.Contains(r.Meaning, ": ,") || strings.HasSuffix(r.Meaning, ": ") || strings.Contains(r.Meaning, "()") {
				t.Errorf("%s: an empty list in %q", d.ID, r.Meaning)
			}
			all = append(all, r.Code+"  "+r.Meaning)
		}
		text := strings.Join(all, "\n")
		sides := d.Sides
		if sides == nil {
			sides = []*Deck{d}
		}
		for _, s := range sides {
			for _, f := range s.Faces() {
				if f.IsNumber() {
					continue
				}
				want := fmt.Sprintf("%s, %d point", f, s.Points(Card{Face: f}))
				if !strings.Contains(text, f.Token()) || !strings.Contains(text, want) {
					t.Errorf("%s: the help lacks %s (%q):\n%s", d.ID, f.Token(), want, text)
				}
			}
		}
		if ex := d.Examples(); ex != "" {
			if _, err := d.ParseHand(ex); err != nil {
				t.Errorf("%s: its examples %q are refused: %v", d.ID, ex, err)
			}
		}
	}
	for _, d := range Decks() {
		check(d)
	}
	// A deck like the classic one with the Skip worth 25: the help says 25.
	cards := []decl.Card{{Face: decl.Numbers[7], PerColor: 2, Points: 7}, {Face: decl.Skip, PerColor: 2, Points: 25}, {Face: decl.Wild, InAll: 4, Points: 50}}
	d, err := NewDeck(&decl.Deck{ID: "test", Name: "test deck", Sides: []decl.Side{{Colors: decl.Classic, Cards: cards}}})
	if err != nil {
		t.Fatal(err)
	}
	check(d)
	if h, _ := d.ParseHand("rs"); d.HandPoints(h) != 25 {
		t.Errorf("a Skip worth 25 in the declaration counts %d", d.HandPoints(h))
	}
	// No colours, and no numbers: only wilds.
	d, err = NewDeck(&decl.Deck{ID: "wilds", Name: "deck of wilds", Sides: []decl.Side{{Cards: []decl.Card{{Face: decl.Wild, InAll: 10, Points: 20}}}}})
	if err != nil {
		t.Fatal(err)
	}
	check(d)
	if d.Size() != 10 || d.ColorList() == "" {
		t.Errorf("deck of wilds: size %d, colours %q", d.Size(), d.ColorList())
	}
	// Colours and no wilds, no numbers.
	d, err = NewDeck(&decl.Deck{ID: "skips", Name: "deck of skips", Sides: []decl.Side{{Colors: decl.Classic, Cards: []decl.Card{{Face: decl.Skip, PerColor: 3, Points: 20}}}}})
	if err != nil {
		t.Fatal(err)
	}
	check(d)
	// A face no declaration has is refused, not read as a 0.
	if _, err := NewDeck(&decl.Deck{ID: "x", Name: "x deck", Sides: []decl.Side{{Cards: []decl.Card{{Face: &decl.Face{Tokens: []string{"zz"}, Name: "Zed"}, InAll: 1}}}}}); err == nil {
		t.Error("a deck with an undeclared face was read")
	}
}
