//go:build scratchdeck

package rules

import (
	"slices"
	"strings"
	"testing"
)

// TestScratchDeck (built with -tags scratchdeck, which adds the scratch
// edition's one declaration, rules/decks/scratch.go): rules reads its new
// face everywhere without another line naming it: notation, points, the
// deck check, refusals, the notation help, `rules scoring` and the
// edition facts its topic would use.
func TestScratchDeck(t *testing.T) {
	d, err := LookupDeck("uno-scratch")
	if err != nil || d.ID != "scratch" {
		t.Fatalf("the scratch deck: %v", err)
	}
	h, err := d.ParseHand("r7 wsx 2xscratch")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.HandPoints(h); got != 7+3*75 {
		t.Errorf("r7 and three Wild Scratch: %d points, want %d", got, 7+3*75)
	}
	if err := d.Check(mustParse(t, d, "5xwsx")); err == nil || !strings.Contains(err.Error(), "Wild Scratch") {
		t.Errorf("five Wild Scratch cards of four: %v", err)
	}
	for _, c := range []string{"r0", "wd4"} {
		if h, err := d.ParseHand(c); err == nil && d.Lacking(h) == nil {
			t.Errorf("the scratch deck has no %s, but takes it", c)
		}
	}
	classic, _ := LookupDeck(DefaultDeck)
	if _, err := classic.ParseHand("wsx"); err == nil {
		t.Errorf("the classic deck reads the scratch edition's wsx")
	}
	var legend []string
	for _, r := range d.Legend() {
		legend = append(legend, r.Code+" "+r.Meaning)
	}
	if l := strings.Join(legend, "\n"); !strings.Contains(l, "wsx scratch") || !strings.Contains(l, "Wild Scratch, 75 points") || !strings.Contains(l, "1-9") {
		t.Errorf("the notation help:\n%s", l)
	}
	if v := newerValueFacts(); !strings.Contains(v, "UNO Scratch (scratch): numbers their face value; Skip 20; Wild Scratch 75; to 300") {
		t.Errorf("rules scoring's editions:\n%s", v)
	}
	if v, err := editionDeckFacts("scratch", "deck"); err != nil || !strings.Contains(v, "For 2 to 6 players") || !strings.Contains(v, "a test's own sheet") {
		t.Errorf("its topic's deck facts: %q, %v", v, err)
	}
	// Its topic, declared with it: asked by its id, its name or its card,
	// in the list of topics, with the facts its declaration gives.
	for _, q := range []string{"scratch", "UNO Scratch", "wsx", "wild scratch"} {
		a, err := Ask(q)
		if err != nil || a.Topic.ID != "scratch" {
			t.Errorf("rules %s: %v, %v", q, a, err)
		}
	}
	tp, _, _ := LookupTopic("scratch")
	if tp == nil || !slices.Contains(Topics(), tp) {
		t.Fatalf("the scratch topic is not in the list of topics")
	}
	text, err := tp.Text()
	for _, want := range []string{
		"Values: numbers their face value; Skip 20; Wild Scratch 75. First to 300 wins.",
		"For 2 to 6 players. From a test's own sheet",
		"type wsx for a Wild Scratch",
	} {
		if err != nil || !strings.Contains(text, want) {
			t.Errorf("its topic says no %q: %v\n%s", want, err, text)
		}
	}
	if a, err := Ask("what is a wild scratch worth"); err != nil || a.Topic != tp {
		t.Errorf("what is a wild scratch worth: %v, %v", a, err)
	}
}

func mustParse(t *testing.T, d *Deck, s string) Hand {
	t.Helper()
	h, err := d.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
