package rules

import (
	"strings"
	"testing"
)

// TestClaims pins what the reference says where it used to overstate (issue
// 10, items 1 to 11): each claim checked against the rulebooks by hand.
func TestClaims(t *testing.T) {
	tests := []struct {
		topic    string
		says     []string
		neverSay []string
	}{
		{"deck", []string{"except in the Themed 2020 deck, which is purple, green, pink and yellow", "themed: 112 cards: 8 Wild, 4 Wild Draw Four, in purple, green, pink and yellow"},
			[]string{"Four colours (red, green, blue, yellow)"}},
		{"scoring", []string{"printed only in the Shuffle Hands rulebook", "Themed 2020 table lost the Wild Draw Four's line", "Older sheet prints the table but lists no deck"},
			[]string{"All five rulebooks agree"}},
		{"wild", []string{"Deluxe 1998 and Shuffle Hands: 4 in the deck", "Deluxe 112 and Themed 2020: 8 in the deck", "Older sheet: it lists no deck"},
			[]string{"the others 4"}},
		{"wild-draw-four", []string{"Every rulebook but the Older sheet: 4 in the deck", "Older sheet: it lists no deck"},
			[]string{"Every deck holds 4"}},
		// Issue 18: what no rulebook says in words is said as "does not
		// forbid"; the Wild Customizable card is rulebook text.
		{"house-rules", []string{"2008 Mattel sheet, which is outside the five rulebooks", "Not house rules", "Going out on an action card: none of the five forbids it",
			"either leave them out or do not forbid them", "The Wild Customizable card itself is rulebook text: the Shuffle Hands rulebook prints it",
			"No rulebook covers that: none lets you lay two cards in one turn, nor forbids it in words"},
			[]string{"None of the five rulebooks includes the rules below", "None of the five rulebooks has the customs below", "all five allow it", "The rulebooks say one card a turn"}},
		{"going-out", []string{"Who deals it the rulebooks leave open", "no rulebook forbids one"},
			[]string{"the deal passes on", "The rulebooks allow any card as the last one"}},
		// Issue 18: keeping the top discard is what tables do, not "the rule".
		{"reshuffle", []string{"## What tables do No rulebook covers that: none says what becomes of the top discard. Tables keep it where it is"},
			[]string{"## The rule If nobody has gone out by the time the draw pile is used up, the discard pile is shuffled to form a new draw pile and play carries on. Keep"}},
		// Issue 18: 002:107 and 001:27 say what the others say of a guilty player.
		{"challenge", []string{"They show their hand to the challenger.", "Guilty (an illegal play: its player held a card of the colour in play): they pick up the 4 cards, and the challenger picks up none."},
			[]string{"challenger only", "you pick up nothing", "Who draws when guilty", "they say only that the guilty player draws 4"}},
		// Issue 18: the differences the audit found missing.
		{"drawing", []string{"If it can be played you may lay it down at once (Older sheet: you play it)"}, nil},
		{"alternative-scoring", []string{"No rulebook covers that: each names the lowest total the winner"}, nil},
		{"two-player", []string{"Partners cannot", "rotating mode needs 4, 5, 8, 9, 12, 13 or 16 players", "when the hand that brings it there is recorded, and on the board"},
			[]string{"Any mode can be played by two"}},
		{"tournament", []string{"--mode rotating", "highest total wins", "not a lowest-wins game", "the Deluxe 1998 rulebook plays \"four hands\", partners changing each hand", "unoscore reads it as four hands with each partner"},
			[]string{"lowest-wins or standard game of your own design"}},
		{"uno", []string{"Deluxe 1998: once one card is left, says one page; before the next-to-last card lands, says another.", "Deluxe 112, Themed 2020 and Shuffle Hands: as you play your next-to-last card", "Older sheet: before you play your next-to-last card"},
			[]string{"When you lay your second-to-last card, call"}},
		{"wild-shuffle-hands", []string{"dealt back out, starting with the player to the left"},
			[]string{"one at a time"}},
		{"dealer", []string{"a reading, not its words"},
			[]string{"(a Wild beats a 9)"}},
		// Issue 23: UNO Flip is its own sheet, and says so; what it does
		// not settle, it says it does not.
		{"flip", []string{"UNO Flip has its own instruction sheet, not one of the five rulebooks", "counted on the side in play when the hand ended",
			"Skip Everyone 30; Wild 40 (50 in UNO); Wild Draw Two 50; Wild Draw Color 60", "No rulebook covers that: the sheet as we have it does not say what a first Flip"}, nil},
		// Issue 29, item 8: the Wild Draw Color's challenge read "a wrong
		// challenger draws until it plus 2", and said nothing of a guilty
		// player.
		{"flip", []string{"challenged, guilty draws that instead, a wrong challenger draws until the colour turns up, then 2 more"},
			[]string{"until it plus 2"}},
		{"scoring", []string{"UNO Flip counts the side in play", "Wild Draw Color 60", "light: Draw One 10", "Skip Everyone 30"}, nil},
		{"first-card", []string{"Every rulebook but the Older sheet: The dealer plays first"},
			[]string{"Deluxe 1998, Deluxe 112, Themed 2020 and Shuffle Hands"}},
	}
	for _, tt := range tests {
		tp, _, err := LookupTopic(tt.topic)
		if err != nil || tp.ID != tt.topic {
			t.Fatalf("topic %s: %v", tt.topic, err)
		}
		text, err := tp.Text()
		if err != nil {
			t.Fatal(err)
		}
		flat := strings.Join(strings.Fields(text), " ")
		for _, s := range tt.says {
			if !strings.Contains(flat, s) {
				t.Errorf("%s does not say %q", tt.topic, s)
			}
		}
		for _, s := range tt.neverSay {
			if strings.Contains(flat, s) {
				t.Errorf("%s still says %q", tt.topic, s)
			}
		}
	}
}

// TestTitles: a title holds no brackets, since the answer's first line adds
// the id in brackets after it (item 12).
func TestTitles(t *testing.T) {
	for _, tp := range Topics() {
		if strings.ContainsAny(tp.Title, "()") {
			t.Errorf("%s: title %q has brackets", tp.ID, tp.Title)
		}
	}
}

// TestShortEnoughToReadAloud: no topic runs past 320 words, and first-card
// (319 words once) stays under 250. A question is answered by one fact
// (TestFactsShort), so house-rules may hold one fact for each custom.
func TestShortEnoughToReadAloud(t *testing.T) {
	for _, tp := range Topics() {
		text, _ := tp.Text()
		limit := 320
		if tp.ID == "first-card" {
			limit = 250
		}
		if tp.ID == "house-rules" {
			limit = 400 // it holds a fact for every custom; an answer reads one
		}
		if tp.ID == "scoring" {
			// It lists every edition's values, one generated line a deck
			// (issue 30): about 20 words for each newer edition; an
			// answer reads one fact.
			limit = 320 + 25*newerDecks()
		}
		if n := len(strings.Fields(text)); n > limit {
			t.Errorf("%s: %d words, more than %d", tp.ID, n, limit)
		}
	}
}

func TestRollCall(t *testing.T) {
	all := make([]string, len(Editions))
	for i, e := range Editions {
		all[i] = e.ID
	}
	for _, tt := range []struct {
		ids  []string
		want string
	}{
		{all, "All five rulebooks"},
		{all[:4], "Every rulebook but the Older sheet"},
		{[]string{"deluxe-1998", "older-sheet"}, "Deluxe 1998 and Older sheet"},
		{[]string{"shuffle-hands"}, "Shuffle Hands"},
	} {
		if got := RollCall(tt.ids); got != tt.want {
			t.Errorf("RollCall(%v) = %q, want %q", tt.ids, got, tt.want)
		}
	}
}

// newerDecks counts the newer editions.
func newerDecks() int {
	n := 0
	for _, d := range Decks() {
		if d.Decl.Newer {
			n++
		}
	}
	return n
}
