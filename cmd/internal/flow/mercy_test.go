package flow

import (
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// In a No Mercy game, Hand asks after the winner whether anyone was
// knocked out (the default no); on yes it picks them one at a time from
// the players still in, and their cards are not asked. The chooser can
// change the knock-outs; the winner may be the last player not knocked
// out, with no cards asked at all.
func TestHandNoMercyKnockOuts(t *testing.T) {
	players := []string{"Ann", "Bob", "Cat", "Dan"}
	const won = "Who won (went out, or last not knocked out)?"
	const asked = "Was anyone knocked out (25 cards or more)?"
	for _, tc := range []struct {
		name    string
		answers []string
		knocked []string
		left    []string // whose cards, in order
		labels  []string
		said    string
	}{{
		name:    "no one, the default",
		answers: []string{"Bob", "", "r7", "r5", "r1", "y"},
		left:    []string{"Cat", "Dan", "Ann"},
		labels:  []string{won, asked, "Cat's cards", "Dan's cards", "Ann's cards", "Save this hand?"},
	}, {
		name:    "one knocked out",
		answers: []string{"Bob", "y", "Dan", "(no one else)", "r7", "r5", "y"},
		knocked: []string{"Dan"},
		left:    []string{"Cat", "Ann"},
		labels:  []string{won, asked, "Who was knocked out?", "Who else was knocked out?", "Cat's cards", "Ann's cards", "Save this hand?"},
		said:    "Knocked out: Dan = 250 points to Bob",
	}, {
		// Enter alone after a knock-out is "(no one else)", the safe
		// answer: it knocked out one more player (newcomer 2, item 7).
		name:    "Enter alone at who else",
		answers: []string{"Bob", "y", "Dan", "", "r7", "r5", "y"},
		knocked: []string{"Dan"},
		left:    []string{"Cat", "Ann"},
		labels:  []string{won, asked, "Who was knocked out?", "Who else was knocked out?", "Cat's cards", "Ann's cards", "Save this hand?"},
		said:    "Knocked out: Dan = 250 points to Bob",
	}, {
		name:    "the last player not knocked out",
		answers: []string{"Ann", "y", "Cat", "Bob", "Dan", "y"},
		knocked: []string{"Bob", "Cat", "Dan"},
		labels:  []string{won, asked, "Who was knocked out?", "Who else was knocked out?", "Who else was knocked out?", "Save this hand?"},
		said:    "Knocked out: Bob, Cat and Dan = 750 points to Ann",
	}, {
		name: "changed at the chooser",
		answers: []string{"Bob", "y", "Dan", "(no one else)", "r7", "r5", "n",
			"Knocked out", "y", "Ann", "(no one else)", // Ann, not Dan: Dan's cards are asked
			"r3", "y"},
		knocked: []string{"Ann"},
		left:    []string{"Cat", "Dan"},
		labels: []string{won, asked, "Who was knocked out?", "Who else was knocked out?", "Cat's cards", "Ann's cards", "Save this hand?",
			"Whose cards?", asked, "Who was knocked out?", "Who else was knocked out?", "Dan's cards", "Save this hand?"},
		said: "Knocked out: Ann = 250 points to Bob",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := scoring.New(scoring.Settings{Deck: "no-mercy", Players: players})
			if err != nil {
				t.Fatal(err)
			}
			env, f, out := testEnv(t, tc.answers...)
			h, ok, err := Hand(env, b, 0, nil, "Save this hand?")
			if err != nil || !ok {
				t.Fatalf("ok %v, err %v", ok, err)
			}
			if !slices.Equal(h.KnockedOut, tc.knocked) {
				t.Errorf("knocked out %q, want %q", h.KnockedOut, tc.knocked)
			}
			var left []string
			for _, l := range h.Left {
				left = append(left, l.Player)
			}
			if !slices.Equal(left, tc.left) {
				t.Errorf("cards of %q, want %q", left, tc.left)
			}
			if !slices.Equal(f.Labels, tc.labels) {
				t.Errorf("asked %q\nwant  %q", f.Labels, tc.labels)
			}
			if tc.said != "" && !strings.Contains(out.String(), tc.said) {
				t.Errorf("no %q:\n%s", tc.said, out)
			}
			if tc.left == nil && strings.Contains(out.String(), "Enter the cards") {
				t.Errorf("no cards to enter, but explained how:\n%s", out)
			}
			if _, err := b.Check(h); err != nil {
				t.Errorf("the board refuses the hand: %v", err)
			}
		})
	}
}

// Outside No Mercy nothing about knock-outs is asked or offered.
func TestHandClassicAsksNoKnockOut(t *testing.T) {
	b, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}})
	if err != nil {
		t.Fatal(err)
	}
	env, f, _ := testEnv(t, "Bob", "r7", "r5", "n", "Save this hand")
	if _, ok, err := Hand(env, b, 0, nil, "Save this hand?"); err != nil || !ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	if slices.ContainsFunc(f.Labels, func(l string) bool { return strings.Contains(l, "knocked") }) ||
		slices.ContainsFunc(f.Lists["Whose cards?"], func(l string) bool { return strings.Contains(l, "Knocked") }) {
		t.Errorf("asked %q, chooser %q", f.Labels, f.Lists["Whose cards?"])
	}
}

// A stored hand's knock-outs (an edit's) are kept: the chooser lists them,
// their cards are not asked, and saving it as it was keeps them.
func TestHandNoMercyEditKeepsKnockOuts(t *testing.T) {
	b, err := scoring.New(scoring.Settings{Deck: "no-mercy", Players: []string{"Ann", "Bob", "Cat", "Dan"}})
	if err != nil {
		t.Fatal(err)
	}
	start, err := b.Check(scoring.Hand{Out: "Bob", KnockedOut: []string{"Dan"}, Left: []scoring.Left{
		{Player: "Cat", Cards: mustHand(t, b, "r7")}, {Player: "Ann", Cards: mustHand(t, b, "r5")}}})
	if err != nil {
		t.Fatal(err)
	}
	env, f, _ := testEnv(t, "Save this hand")
	h, ok, err := Hand(env, b, 0, &start, "Save this hand?")
	if err != nil || !ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	if !slices.Equal(h.KnockedOut, []string{"Dan"}) || len(h.Left) != 2 {
		t.Errorf("hand %+v", h)
	}
	if items := f.Lists["Whose cards?"]; !slices.Contains(items, "Knocked out: Dan") || slices.ContainsFunc(items, func(s string) bool { return strings.HasPrefix(s, "Dan") }) {
		t.Errorf("chooser %q", items)
	}
}

func mustHand(t *testing.T, b *scoring.Board, s string) rules.Hand {
	t.Helper()
	h, err := b.Deck.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Where the game gives the bonus to the knocker, each player picked as
// knocked out is followed by who knocked them out (the winner offered
// first), the line after the picks names each knocker's 250, and the
// chooser lists them.
func TestHandNoMercyKnocker(t *testing.T) {
	b, err := scoring.New(scoring.Settings{Deck: "no-mercy", Players: []string{"Ann", "Bob", "Cat", "Dan"}, MercyBonus: scoring.MercyKnocker})
	if err != nil {
		t.Fatal(err)
	}
	env, f, out := testEnv(t, "Bob", "y", "Dan", "Cat", "(no one else)", "r7", "r5", "n", "Save this hand")
	h, ok, err := Hand(env, b, 0, nil, "Save this hand?")
	if err != nil || !ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	if !slices.Equal(h.KnockedOut, []string{"Dan"}) || h.KnockedBy["Dan"] != "Cat" {
		t.Errorf("knocked out %q by %v", h.KnockedOut, h.KnockedBy)
	}
	if list := f.Lists["Who knocked Dan out?"]; !slices.Equal(list, []string{"Ann", "Bob", "Cat"}) {
		t.Errorf("knockers offered %q", list)
	}
	// Cat, who knocked Dan out, knocked out after: Dan is not offered as
	// Cat's knocker (the newcomer's circle).
	env2, f2, _ := testEnv(t, "Bob", "y", "Dan", "Cat", "Cat", "Ann", "(no one else)", "r5", "n", "Save this hand")
	h2, ok, err := Hand(env2, b, 0, nil, "Save this hand?")
	if err != nil || !ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	if list := f2.Lists["Who knocked Cat out?"]; !slices.Equal(list, []string{"Ann", "Bob"}) {
		t.Errorf("Cat's knockers offered %q, want Ann and Bob", list)
	}
	if _, err := b.Check(h2); err != nil || h2.KnockedBy["Cat"] != "Ann" || h2.KnockedBy["Dan"] != "Cat" {
		t.Errorf("the hand %v: %v", h2.KnockedBy, err)
	}
	if !strings.Contains(out.String(), "Was anyone knocked out (25 cards or more)? yes\n") {
		t.Errorf("the question is not kept with its answer:\n%s", out)
	}
	if !strings.Contains(out.String(), "Knocked out: Dan by Cat = 250 points to Cat") {
		t.Errorf("no knocker said:\n%s", out)
	}
	if items := f.Lists["Whose cards?"]; !slices.Contains(items, "Knocked out: Dan by Cat") {
		t.Errorf("chooser %q", items)
	}
	if _, err := b.Check(h); err != nil {
		t.Errorf("the board refuses the hand: %v", err)
	}
}

// Issue 31: in lowest and challenge a knock-out is charged onto the tally
// of the player knocked out, and the line after the picks says so; on the
// old code it read "Knocked out: Dan = 250 points to Bob", counted nowhere.
func TestHandNoMercyKnockOutCharged(t *testing.T) {
	for _, tc := range []struct {
		mode    scoring.Mode
		before  bool // a game begun before the charge (stored without mercy_charge)
		answers []string
		said    string
	}{
		{scoring.Lowest, false, []string{"Bob", "y", "Dan", "(no one else)", "r7", "r5", "y"}, "Knocked out: Dan = 250 points onto Dan's tally"},
		{scoring.Challenge, false, []string{"Ann", "y", "Cat", "Bob", "Dan", "y"}, "Knocked out: Bob, Cat and Dan = 250 points onto each one's tally"},
		{scoring.Lowest, true, []string{"Bob", "y", "Dan", "(no one else)", "r7", "r5", "y"}, "Knocked out: Dan, not charged (the rule when this game began)"},
	} {
		newBoard := scoring.New
		if tc.before {
			newBoard = scoring.NewStored
		}
		b, err := newBoard(scoring.Settings{Deck: "no-mercy", Mode: tc.mode, Players: []string{"Ann", "Bob", "Cat", "Dan"}})
		if err != nil {
			t.Fatal(err)
		}
		env, _, out := testEnv(t, tc.answers...)
		if _, ok, err := Hand(env, b, 0, nil, "Save this hand?"); err != nil || !ok {
			t.Fatalf("%s: ok %v, err %v", tc.mode, ok, err)
		}
		if !strings.Contains(out.String(), tc.said) || strings.Contains(out.String(), "points to") {
			t.Errorf("%s: said %q, want %q", tc.mode, out.String(), tc.said)
		}
	}
}

// Newcomer 2, item 8: cards enough to knock a player out (25 in No
// Mercy), typed at that player's prompt, are caught there, in the
// prompts' words (no "--knocked-out" flag): the player is offered to be
// marked knocked out, or the cards to be changed (the default). On the old
// code they were taken ("= 52 points") and refused only at the summary.
func TestHandNoMercyTwentyFiveCardsAtThePrompt(t *testing.T) {
	const many = "2xr1 2xg1 2xb1 2xy1 2xr2 2xg2 2xb2 2xy2 2xr3 2xg3 2xb3 2xy3 r4" // 25 cards
	const mark = "Mark Cat knocked out? (no: change the cards)"
	const said = "Cat holds 25 cards: with 25 or more, the mercy rule knocks a player out of the hand, and their cards are not scored."
	for _, tc := range []struct {
		name    string
		bonus   string
		answers []string
		knocked []string
		left    string // Cat's cards, if any
		labels  []string
		kept    string
	}{{
		name:    "marked knocked out",
		answers: []string{"Bob", "", many, "y", "r5", "r1", "y"},
		knocked: []string{"Cat"},
		labels:  []string{"Cat's cards", mark, "Dan's cards", "Ann's cards", "Save this hand?"},
		kept:    "Knocked out: Cat = 250 points to Bob",
	}, {
		name:    "the cards changed",
		answers: []string{"Bob", "", many, "", "r4", "r5", "r1", "y"},
		left:    "r4",
		labels:  []string{"Cat's cards", mark, "Cat's cards", "Dan's cards", "Ann's cards", "Save this hand?"},
		kept:    mark + " no",
	}, {
		name:    "the knocker asked",
		bonus:   scoring.MercyKnocker,
		answers: []string{"Bob", "", many, "y", "Dan", "r5", "r1", "y"},
		knocked: []string{"Cat"},
		labels:  []string{"Cat's cards", mark, "Who knocked Cat out?", "Dan's cards", "Ann's cards", "Save this hand?"},
		kept:    "Knocked out: Cat by Dan = 250 points to Dan",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := scoring.New(scoring.Settings{Deck: "no-mercy", Players: []string{"Ann", "Bob", "Cat", "Dan"}, MercyBonus: tc.bonus})
			if err != nil {
				t.Fatal(err)
			}
			env, f, out := testEnv(t, tc.answers...)
			h, ok, err := Hand(env, b, 0, nil, "Save this hand?")
			if err != nil || !ok {
				t.Fatalf("ok %v, err %v", ok, err)
			}
			if !slices.Equal(h.KnockedOut, tc.knocked) {
				t.Errorf("knocked out %q, want %q", h.KnockedOut, tc.knocked)
			}
			var cat string
			for _, l := range h.Left {
				if l.Player == "Cat" {
					cat = l.Cards.String()
				}
			}
			if cat != tc.left {
				t.Errorf("Cat's cards %q, want %q", cat, tc.left)
			}
			if labels := f.Labels[2:]; !slices.Equal(labels, tc.labels) {
				t.Errorf("asked %q\nwant  %q", labels, tc.labels)
			}
			for _, want := range []string{said, tc.kept} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("no %q:\n%s", want, out)
				}
			}
			if strings.Contains(out.String(), "--knocked-out") || strings.Contains(out.String(), "That can't be") {
				t.Errorf("caught at the summary, or a flag named:\n%s", out)
			}
			if _, err := b.Check(h); err != nil {
				t.Errorf("the board refuses the hand: %v", err)
			}
		})
	}
}

// Newcomer 2, item 14: in a No Mercy hand the list of players names the
// winner in the words of the question ("Who won (went out, or last not
// knocked out)?"): "Who won: Bob", not "Who went out: Bob"; other decks
// keep "Who went out".
func TestHandNoMercyChooserSaysWhoWon(t *testing.T) {
	for _, tc := range []struct{ deck, item string }{
		{"no-mercy", "Who won: Bob"},
		{"classic", "Who went out: Bob"},
	} {
		b, err := scoring.New(scoring.Settings{Deck: tc.deck, Players: []string{"Ann", "Bob", "Cat"}})
		if err != nil {
			t.Fatal(err)
		}
		answers := []string{"Bob", "", "(drop"} // an empty line at Cat's cards: the list
		if tc.deck == "no-mercy" {
			answers = []string{"Bob", "", "", "(drop"} // no one knocked out
		}
		env, f, _ := testEnv(t, answers...)
		if _, ok, err := Hand(env, b, 0, nil, "Save this hand?"); ok || err != nil {
			t.Fatalf("%s: ok %v, err %v", tc.deck, ok, err)
		}
		items := f.Lists["Whose cards?"]
		if !slices.Contains(items, tc.item) {
			t.Errorf("%s: no %q in %q", tc.deck, tc.item, items)
		}
	}
}
