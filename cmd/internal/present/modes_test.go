package present

import (
	"reflect"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// TestEveryModeHasItsWords: a mode added to scoring's table without its
// wording here fails.
func TestEveryModeHasItsWords(t *testing.T) {
	for _, m := range scoring.Modes {
		text, ok := modeTexts[m]
		if !ok {
			t.Errorf("mode %q has no wording in modeTexts", m)
			continue
		}
		v := reflect.ValueOf(text)
		for i := range v.NumField() {
			if v.Field(i).String() == "" {
				t.Errorf("mode %q: %s is empty", m, v.Type().Field(i).Name)
			}
		}
	}
	if len(modeTexts) != len(scoring.Modes) {
		t.Errorf("modeTexts has %d modes, scoring %d", len(modeTexts), len(scoring.Modes))
	}
}

func TestFill(t *testing.T) {
	got := Fill("{out} went out; {side} score {won}.", map[string]string{"out": "Ann", "side": "Ann and Cat", "won": "66"})
	if got != "Ann went out; Ann and Cat score 66." {
		t.Errorf("fill: %q", got)
	}
}

// TestSeatingLine: when a rotating table's round changes, a line says
// where everyone sits there, clockwise from the dealer, and who comes
// over from which table or back from sitting out; no line in round 1 nor
// once the round's first hand is played.
func TestSeatingLine(t *testing.T) {
	play := func(b *scoring.Board, table int, out string, left ...string) {
		t.Helper()
		h := scoring.Hand{Out: out, Table: table}
		for _, l := range left {
			cards, err := b.Deck.ParseHand("r1")
			if err != nil {
				t.Fatal(err)
			}
			h.Left = append(h.Left, scoring.Left{Player: l, Cards: cards})
		}
		if _, err := b.Play(h); err != nil {
			t.Fatal(err)
		}
	}
	lines := func(b *scoring.Board) []string {
		var l []string
		for _, tb := range b.Tables() {
			l = append(l, SeatingLine(b, tb))
		}
		return l
	}
	b, err := scoring.New(scoring.Settings{Mode: scoring.Rotating, Hands: 2, Players: []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := lines(b); !reflect.DeepEqual(got, []string{"", ""}) {
		t.Errorf("round 1: %q", got)
	}
	play(b, 1, "Ann", "Bob", "Dan")
	play(b, 2, "Eve", "Fay", "Hal")
	if got := lines(b); !reflect.DeepEqual(got, []string{"", ""}) {
		t.Errorf("round 1, hand 2: %q", got)
	}
	play(b, 1, "Ann", "Bob", "Dan")
	play(b, 2, "Eve", "Fay", "Hal")
	want := []string{
		"Seats clockwise: Ann, Gus, Dan, Hal; from table 2: Gus and Hal.",
		"Seats clockwise: Bob, Eve, Cat, Fay; from table 1: Bob and Cat.",
	}
	if got := lines(b); !reflect.DeepEqual(got, want) {
		t.Errorf("round 2: %q, want %q", got, want)
	}
	if got := TableLinesSeated(b); len(got) != 5 || got[1] != "  "+want[0] || got[3] != "  "+want[1] {
		t.Errorf("the tables' lines: %q", got)
	}
	play(b, 1, "Ann", "Gus", "Hal")
	if got := lines(b); got[0] != "" || got[1] != want[1] {
		t.Errorf("after a hand at table 1: %q", got)
	}

	// Five players: one sits out each round, and comes back.
	b, err = scoring.New(scoring.Settings{Mode: scoring.Rotating, Hands: 1, Players: []string{"Ann", "Bob", "Cat", "Dan", "Eve"}})
	if err != nil {
		t.Fatal(err)
	}
	play(b, 1, "Ann", "Bob", "Dan")
	if got, want := lines(b), []string{"Seats clockwise: Bob, Cat, Eve, Dan; back from sitting out: Eve."}; !reflect.DeepEqual(got, want) {
		t.Errorf("five players, round 2: %q, want %q", got, want)
	}
}

// Issue 29, item 7: a hand's summary in the modes that tally what is held
// agrees with one player or several; on the old code one player read
// "Lily went out: Mom 200 are added to the tallies (200 in all)".
func TestTallySummaryAgrees(t *testing.T) {
	for _, mode := range []scoring.Mode{scoring.Lowest, scoring.Challenge} {
		b, err := scoring.New(scoring.Settings{Players: []string{"Mom", "Dad", "Lily"}, Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		one, _ := b.Deck.ParseHand("4xwd4")
		two, _ := b.Deck.ParseHand("r7 b3")
		for _, c := range []struct {
			left []scoring.Left
			want string
		}{
			{[]scoring.Left{{Player: "Mom", Cards: one}}, "Lily went out: 200 is added to Mom's tally."},
			{[]scoring.Left{{Player: "Mom", Cards: one}, {Player: "Dad", Cards: two}}, "Lily went out: Mom's 200 and Dad's 10 are added to their tallies (210 in all)."},
		} {
			if got := HandSummary(b, scoring.Hand{Out: "Lily", Left: c.left}); got != c.want {
				t.Errorf("%s: %q\nwant %q", mode, got, c.want)
			}
		}
	}
}

// Issue 31: No Mercy in lowest and challenge charges a knock-out to the
// player knocked out, and the summary says so; on the old code Bob's 5
// and Cat's knock-out read "255 is added to Bob's tally".
func TestTallySummaryKnockOut(t *testing.T) {
	for _, mode := range []scoring.Mode{scoring.Lowest, scoring.Challenge} {
		b, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Mode: mode, Deck: "no-mercy"})
		if err != nil {
			t.Fatal(err)
		}
		five, _ := b.Deck.ParseHand("r5")
		for _, c := range []struct {
			h    scoring.Hand
			want string
		}{
			{scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: five}}, KnockedOut: []string{"Cat"}},
				"Ann went out: Bob's 5 and Cat's 250 for the knock-out are added to their tallies (255 in all)."},
			{scoring.Hand{Out: "Ann", KnockedOut: []string{"Cat", "Bob"}},
				"Ann was last standing: Cat's 250 for the knock-out and Bob's 250 for the knock-out are added to their tallies (500 in all)."},
		} {
			if got := HandSummary(b, c.h); got != c.want {
				t.Errorf("%s: %q\nwant %q", mode, got, c.want)
			}
		}
	}
}

// HandBrief names a hand for a question or a spoken line. In lowest and
// challenge a No Mercy knock-out is its charge to the player knocked
// out, not points of the hand (on the old code the undo and redo
// questions and the page's spoken line read "Ann went out, 255 points").
func TestHandBrief(t *testing.T) {
	d, err := rules.LookupDeck("no-mercy")
	if err != nil {
		t.Fatal(err)
	}
	five, _ := d.ParseHand("r5")
	bob := []scoring.Left{{Player: "Bob", Cards: five}}
	for _, c := range []struct {
		mode  scoring.Mode
		bonus string
		h     scoring.Hand
		want  string
	}{
		{scoring.Standard, "", scoring.Hand{Out: "Ann", Left: bob, KnockedOut: []string{"Cat"}}, "Ann went out, 255 points"},
		{scoring.Standard, "", scoring.Hand{Out: "Ann", KnockedOut: []string{"Bob", "Cat"}}, "Ann was last standing, 500 points"},
		{scoring.Standard, scoring.MercyKnocker, scoring.Hand{Out: "Ann", Left: bob, KnockedOut: []string{"Cat"}, KnockedBy: map[string]string{"Cat": "Bob"}}, "Ann went out, 5 points"},
		{scoring.Lowest, "", scoring.Hand{Out: "Ann", Left: bob}, "Ann went out; caught with cards: Bob 5"},
		{scoring.Challenge, "", scoring.Hand{Out: "Ann", Left: append(bob, scoring.Left{Player: "Cat"})}, "Ann went out; caught with cards: Bob 5, Cat 0"},
		{scoring.Lowest, "", scoring.Hand{Out: "Ann", Left: bob, KnockedOut: []string{"Cat"}}, "Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250"},
		{scoring.Lowest, "", scoring.Hand{Out: "Ann", KnockedOut: []string{"Bob", "Cat"}}, "Ann was last standing; Bob and Cat knocked out, charged 250 each"},
		{scoring.Challenge, "", scoring.Hand{Out: "Ann", Left: bob, KnockedOut: []string{"Cat"}}, "Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250"},
	} {
		b, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Mode: c.mode, Deck: "no-mercy", MercyBonus: c.bonus})
		if err != nil {
			t.Fatal(err)
		}
		if got := HandBrief(b, c.h); got != c.want {
			t.Errorf("%s %s: %q\nwant %q", c.mode, c.bonus, got, c.want)
		}
	}
}

// A No Mercy game in lowest or challenge begun before unoscore charged a
// knock-out (no mercy_charge in its settings) is said as it is scored:
// the knock-out costs no one anything. Before, its summary read "255 is
// added to Bob's tally" and its deck line the hand's winner's bonus.
func TestTallySummaryKnockOutUncharged(t *testing.T) {
	for _, mode := range []scoring.Mode{scoring.Lowest, scoring.Challenge} {
		s := scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Mode: mode, Deck: "no-mercy"}
		b, err := scoring.NewStored(s) // as a stored game's first event has it
		if err != nil {
			t.Fatal(err)
		}
		if b.Settings.Charged() {
			t.Fatalf("%s: a stored game without mercy_charge or mercy_bonus was given it", mode)
		}
		five, _ := b.Deck.ParseHand("r5")
		h := scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: five}}, KnockedOut: []string{"Cat"}}
		if got, want := HandSummary(b, h), "Ann went out: 5 is added to Bob's tally."; got != want {
			t.Errorf("%s: %q\nwant %q", mode, got, want)
		}
		if _, err := b.Play(h); err != nil {
			t.Fatal(err)
		}
		if got := HandLine(b, b.Rows[0]); !strings.Contains(got, "Cat knocked out (not charged)") {
			t.Errorf("%s: hand line %q", mode, got)
		}
		if got := MercyPhrase(b.Settings); got != UnchargedPhrase {
			t.Errorf("%s: deck line %q", mode, got)
		}
		if got := HandBrief(b, h); got != "Ann went out; caught with cards: Bob 5; Cat knocked out, not charged" {
			t.Errorf("%s: brief %q", mode, got)
		}
		n := NewBoard(&scoring.Game{ID: "abc123", Events: []scoring.Event{{Type: scoring.EventCreated, Settings: &b.Settings}}, Board: b})
		if n.Rows[0].Charged != nil || n.Settings.MercyCharge {
			t.Errorf("%s: board JSON charged %v, mercy_charge %v", mode, n.Rows[0].Charged, n.Settings.MercyCharge)
		}
		// The same game begun today is charged, and says so.
		c, err := scoring.New(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := MercyPhrase(c.Settings); got != ", a knock-out charged to the player knocked out" {
			t.Errorf("%s, new: deck line %q", mode, got)
		}
	}
}
