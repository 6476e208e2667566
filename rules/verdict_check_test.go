package rules

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestVerdictsAgreeWithCheck: every referee verdict an answer gives, on
// every question of the situation, public, team and second sets, agrees
// with what `unoscore check` rules on the same situation: a play (check
// play: CanPlayIn), a challenge whose outcome is told (check challenge:
// Challenge) and the points of named cards (the deck's values, as `hand`
// counts them).
func TestVerdictsAgreeWithCheck(t *testing.T) {
	var qs []string
	for _, r := range situationSet(t) {
		qs = append(qs, r.q)
	}
	for _, r := range secondQuestions(t) {
		qs = append(qs, r.q)
	}
	public, _ := publicQuestions(t)
	for _, q := range public {
		qs = append(qs, q.q)
	}
	for _, q := range questions {
		qs = append(qs, q.q)
	}
	checked := 0
	for _, q := range qs {
		s := ReadSituation(q)
		r, ok := s.Rule(Table{})
		if !ok {
			continue
		}
		d, _ := LookupDeck(DefaultDeck)
		if s.Flip {
			d, _ = LookupDeck("flip")
		} else if e, err := LookupDeck(s.Edition); s.Edition != "" && err == nil {
			d = e // "in all wild how much is a wild"
		}
		switch s.Asked {
		case AskedPlay:
			yes, no := strings.HasPrefix(r.Text, "Yes: "), strings.HasPrefix(r.Text, "No: ")
			if s.Play == nil || s.Pile == nil || !yes && !no {
				continue // "It depends…", "Not to block it…", a wild with no pile
			}
			v, err := CanPlayIn(deckFor(d, []Card{*s.Play, *s.Pile}), *s.Play, *s.Pile, s.Called, nil)
			if err != nil {
				continue // check needs more (a called colour): the ruling said "It depends"
			}
			checked++
			if v.Legal != yes {
				t.Errorf("%q: the answer rules %q; check play %v on %v rules legal=%v (%s)", q, r.Text, *s.Play, *s.Pile, v.Legal, v.Reason)
			}
		case AskedChallenge:
			if s.Held == 0 {
				continue
			}
			hand := []Card{{Color: Green, Face: 2}}
			if s.Held > 0 {
				hand = []Card{{Color: Red, Face: 2}}
			}
			v, err := Challenge(Card{Color: Red, Face: 7}, NoColor, hand)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			guilty := strings.HasPrefix(r.Text, "The player who laid")
			innocent := strings.HasPrefix(r.Text, "The challenger draws "+strconv.Itoa(v.Cards))
			if v.Guilty != guilty || !v.Guilty && !innocent {
				t.Errorf("%q: the answer rules %q; check challenge rules guilty=%v, %s draws %d", q, r.Text, v.Guilty, v.Drawer, v.Cards)
			}
		case AskedPoints:
			n, _, found := strings.Cut(r.Text, ":")
			got, err := strconv.Atoi(strings.TrimSuffix(n, " points"))
			if !found || err != nil {
				continue // a game's deck that lacks the card, said first
			}
			dd := deckFor(d, s.Cards)
			want := 0
			for _, c := range s.Cards {
				want += dd.Points(c)
			}
			checked++
			if got != want {
				t.Errorf("%q: the answer counts %d; the %s counts %d", q, got, dd.Name, want)
			}
		}
	}
	if checked < 40 {
		t.Errorf("only %d verdicts checked against the referee; the sets hold more", checked)
	}
	t.Logf("%d verdicts agree with check", checked)
	docFigure(t, "verdicts", "(`TestVerdictsAgreeWithCheck`, ", " verdicts", checked)
}

// docFigure checks a figure docs/rules.md states of a test ("(`TestX`, 63
// verdicts)", between before and after) against what the test counts,
// so that the page stays true as the question sets grow.
func docFigure(t *testing.T, what, before, after string, n int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(data)), " ") // a figure may be wrapped across lines
	_, rest, ok := strings.Cut(text, before)
	num, _, ok2 := strings.Cut(rest, after)
	if !ok || !ok2 {
		t.Fatalf("docs/rules.md states no figure %q…%q", before, after)
	}
	if num != strconv.Itoa(n) {
		t.Errorf("docs/rules.md says %s %s; the test counts %d: say %d there", num, what, n, n)
	}
}
