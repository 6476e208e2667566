package rules

import (
	"regexp"
	"strings"
	"testing"
)

// The newer editions (issue 30 §2): every face read by its tokens in its
// own deck, hands counted by hand, the deck check, and tokens that mean
// one thing in one deck and another (or nothing) elsewhere.
func TestNewerEditions(t *testing.T) {
	deck := func(id string) *Deck {
		t.Helper()
		d, err := LookupDeck(id)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	tests := []struct {
		deck, hand string
		points     int
		bad        string // part of the refusal, "" when read
	}{
		// Attack: 7 + Hit 2 20 + Discard All 30 + Trade Hands 30 + Wild 50 + Wild All Hit 50 + Wild Hit-Fire 50 = 237.
		{"attack", "r7 gh2 bda yth w wah whf", 237, ""},
		{"extreme", "rhit2 gdiscardall ytrade allhit hitfire", 20 + 30 + 30 + 50 + 50, ""},
		{"attack", "r0", 0, "no 0"},
		{"attack", "rd2", 0, "Draw Two"},
		{"attack", "2xrth", 0, "only 1 red Trade Hands"},
		{"attack", "3xwah", 0, "only 2 Wild All Hit"},
		// All Wild: a Wild 20, every other kind 50.
		{"all-wild", "w wrev wsk wsk2 wd2 wd4 wtd2 wfs", 20 + 7*50, ""},
		{"allwild", "3xw", 60, ""},
		{"all-wild", "r7", 0, "no red"},
		{"all-wild", "7", 0, "no 7"},
		// No Mercy: coloured actions 20, wilds 50; d4 is a coloured Draw Four.
		{"no-mercy", "r0 rd4 +4 gd2 bs yse rrev gda", 0 + 6*20 + 20, ""},
		{"nomercy", "wrd4 wd6 wd10 wcr", 200, ""},
		{"no-mercy", "w", 0, "Wild"},
		{"no-mercy", "3xr0", 0, "only 2 red 0s"},
		// Triple Play: dt is its Discard Two (30), not a Draw Two.
		{"triple-play", "rdt w wcl wga brev gs 9", 30 + 150 + 40 + 9, ""},
		{"triple-play", "rd2", 0, "Draw Two"},
		// Party: Point Taken 20, its wilds 50.
		{"party", "rpt gd2 w wd4 wdt wpu", 40 + 200, ""},
		// Minimalista and Iconic are the classic deck.
		{"minimalista", "r7 wd4", 57, ""},
		{"iconic", "5xwd4", 0, "only 4 Wild Draw Fours"},
		// A newer face is unknown in a deck without it, with that deck's suggestion.
		{"classic", "d4", 0, `did you mean "wd4"`},
		{"classic", "rd4", 0, `did you mean "rd2"`},
		{"classic", "wah", 0, "unknown card"},
		{"flip", "rda", 0, "unknown card"},
	}
	for _, tt := range tests {
		d := deck(tt.deck)
		h, err := d.ParseHand(tt.hand)
		if err == nil {
			err = d.Check(h)
		}
		switch {
		case tt.bad == "" && err != nil:
			t.Errorf("%s %q: %v", tt.deck, tt.hand, err)
		case tt.bad != "" && (err == nil || !strings.Contains(err.Error(), tt.bad)):
			t.Errorf("%s %q: %v, want %q", tt.deck, tt.hand, err, tt.bad)
		case tt.bad == "" && d.HandPoints(h) != tt.points:
			t.Errorf("%s %q: %d points, want %d", tt.deck, tt.hand, d.HandPoints(h), tt.points)
		}
		// What the deck reads is stored in short notation and read back.
		if err == nil {
			var back Hand
			if err := back.UnmarshalText([]byte(h.String())); err != nil || back.String() != h.String() || d.HandPoints(back) != d.HandPoints(h) {
				t.Errorf("%s %q: stored as %q, read back %q (%v)", tt.deck, tt.hand, h.String(), back.String(), err)
			}
		}
	}
	// All Wild: only the total can be checked.
	aw := deck("all-wild")
	if aw.Size() != 112 || len(aw.Colors) != 0 {
		t.Errorf("all-wild: %d cards, colours %v", aw.Size(), aw.Colors)
	}
	h1, _ := aw.ParseHand("60xw")
	h2, _ := aw.ParseHand("53xwsk")
	if err := aw.Check(h1, h2); err == nil || !strings.Contains(err.Error(), "113 cards") {
		t.Errorf("all-wild 113 cards: %v", err)
	}
	// The decks' sizes and the rules their sheets give.
	for id, size := range map[string]int{"attack": 112, "no-mercy": 168, "triple-play": 112, "party": 224} {
		if d := deck(id); d.Size() != size {
			t.Errorf("%s: %d cards, want %d", id, d.Size(), size)
		}
	}
	if nm := deck("no-mercy"); nm.Decl.Target != 1000 || nm.Decl.Rules.Mercy != 25 || nm.Decl.Rules.KnockOutBonus != 250 {
		t.Errorf("no-mercy: %+v", nm.Decl)
	}
	if p := deck("party"); p.Decl.MinPlayers != 6 || p.Decl.MaxPlayers != 16 {
		t.Errorf("party: %d to %d players", p.Decl.MinPlayers, p.Decl.MaxPlayers)
	}
	// A hand read without a deck knows only the five rulebooks' and Flip's
	// faces: dt is still a Draw Two there.
	if h, err := ParseHand("rdt"); err != nil || h.Cards[0].Face != DrawTwo {
		t.Errorf("ParseHand(rdt) = %v, %v", h, err)
	}
}

// A question on a newer edition's card is answered with that edition's
// value, saying whose values they are.
func TestNewerCardPoints(t *testing.T) {
	for q, want := range map[string]string{
		"whats a wild draw 10 worth":                  "50 points for each Wild Draw Ten left in a hand at the end (the UNO Show 'Em No Mercy deck's values).",
		"attack hit 2 worth":                          "20 points for each Hit 2 left",
		"how many points for a wild draw ten and a 4": "54: Wild Draw Ten 50 + 4",
		"how many points is a wild":                   "50 points for each Wild left in a hand at the end (the classic deck's values).",
	} {
		r, ok := ReadSituation(q).Rule(Table{})
		if !ok || !strings.HasPrefix(r.Text, want) {
			t.Errorf("%q: %q, want it to start %q", q, r.Text, want)
		}
	}
}

// A deck whose own sheet stacks (No Mercy) says so in a sentence: "Yes, in
// the UNO Show 'Em No Mercy deck: ...", not "Yes, in UNO Show 'Em No Mercy
// deck".
func TestStackingInADeckThatStacks(t *testing.T) {
	d, err := LookupDeck("no-mercy")
	if err != nil {
		t.Fatal(err)
	}
	r, ok := ReadSituation("can I stack a +4 on a +2").Rule(Table{Deck: d})
	want := "Yes, in the " + d.Name + ": a draw card of equal or higher value may answer"
	if !ok || !strings.HasPrefix(r.Text, want) {
		t.Errorf("ruling %q (%v), want it to start %q", r.Text, ok, want)
	}
}

// A card of the five rulebooks that a newer edition lacks is refused
// naming the card that edition has in its place, with the colour kept
// where that card has colours: a family types "+2" in UNO Attack.
func TestLackingSuggestsTheEditionsCard(t *testing.T) {
	for _, c := range []struct{ deck, cards, want string }{
		{"attack", "+2", "has no Draw Two card: for a Hit 2, write h2"},
		{"attack", "rd2", "has no red Draw Two (no Draw Two card): for a red Hit 2, write rh2"},
		{"all-wild", "s", "has no Skip card: for a Wild Skip, write wsk"},
		{"all-wild", "rev", "has no Reverse card: for a Wild Reverse, write wrev"},
		{"all-wild", "d2", "has no Draw Two card: for a Wild Draw Two, write wd2"},
		{"no-mercy", "wd4", "has no Wild Draw Four card: for a Wild Reverse Draw Four, write wrd4"},
		{"all-wild", "7", "has no 7 card"}, // nothing in its place
	} {
		d, err := LookupDeck(c.deck)
		if err != nil {
			t.Fatal(err)
		}
		h, err := d.ParseHand(c.cards)
		if err != nil {
			t.Fatalf("%s %q: %v", c.deck, c.cards, err)
		}
		err = d.Lacking(h)
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want it to end %q", c.deck, c.cards, err, c.want)
		}
	}
}

// TestPointsSaidOnce: a points question on one card says its figure once,
// first ("50 points for each Wild Draw Ten ..."), not "50 points: A Wild
// Draw Ten counts 50"; another deck's figure may follow.
func TestPointsSaidOnce(t *testing.T) {
	for q, n := range map[string]string{
		"how many points is a wild draw ten":         "50",
		"whats a wild draw 10 worth":                 "50",
		"how many points is a wild draw six":         "50",
		"attack hit 2 worth":                         "20",
		"how many points is a wild":                  "50",
		"what is a skip worth":                       "20",
		"in all wild how much is a plain wild worth": "20",
		"how much is a wild in uno flip":             "40",
		"how many points is a 7":                     "7",
	} {
		a, err := Ask(q)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		lead, _, _ := strings.Cut(a.Short(), "\n")
		if !strings.HasPrefix(lead, n+" points") || len(regexp.MustCompile(`\b`+n+`\b`).FindAllString(lead, -1)) != 1 {
			t.Errorf("%q: %q, want %s said once, first", q, lead, n)
		}
	}
}
