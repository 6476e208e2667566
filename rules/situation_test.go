package rules

import (
	"slices"
	"strings"
	"testing"
)

func TestReadSituation(t *testing.T) {
	tests := []struct {
		q       string
		asked   Asked
		play    string // the played card's token, "" none
		pile    string
		players int
		held    int
	}{
		{"can I put a green draw 2 on a red skip?", AskedPlay, "gd2", "rs", 0, 0},
		{"Can you play a red skip on a green reverse", AskedPlay, "rs", "grev", 0, 0},
		{"can i play my 7 on a red 7", AskedPlay, "7", "r7", 0, 0},
		{"can I stack a +4 on a +2", AskedStack, "wd4", "d2", 0, 0},
		{"someone played a draw 2 on me, can I put my draw 2 down so the next person draws 4", AskedStack, "d2", "d2", 0, 0},
		{"how many points for a 4 a reverse and two wilds", AskedPoints, "4", "", 0, 0},
		{"whats a wild draw four worth", AskedPoints, "wd4", "", 0, 0},
		{"she played a +4 and I challenged, she did have a red card, who draws?", AskedChallenge, "wd4", "", 0, 1},
		{"I challenged the wild draw four but he didn't have any blue, what happens", AskedChallenge, "wd4", "", 0, -1},
		{"what does a reverse do with two players", AskedTwoPlayer, "rev", "", 2, 0},
		{"2 player game someone plays a skip", AskedTwoPlayer, "s", "", 2, 0},
		{"what happens if the first card turned up is a draw two", AskedFirst, "d2", "", 0, 0},
		{"what if a wild draw 4 is the first card", AskedFirst, "wd4", "", 0, 0},
		{"how do you play uno", AskedNothing, "", "", 0, 0},
		{"what if i forget to say uno", AskedNothing, "", "", 0, 0},
		{"can 2 players play uno", AskedNothing, "", "", 2, 0},
		{"can I play a wild draw 4 on a red 5 when I have a red 2", AskedPlay, "wd4", "r5", 0, 0},
		{"can you put a blue 7 on a wild when red was called", AskedPlay, "b7", "w", 0, 0},
		{"can you end on a draw 2", AskedLast, "", "d2", 0, 0},
		{"can a wild draw four card end a game", AskedLast, "wd4", "", 0, 0},
		{"can you put a +4 on a +2", AskedStack, "wd4", "d2", 0, 0},
		{"can I play a draw 2 on a draw 2 on my turn", AskedPlay, "d2", "d2", 0, 0},
		{"is stacking allowed in uno", AskedStack, "", "", 0, 0},
		{"can you stack different colors", AskedMatch, "", "", 0, 0},
		{"can you play multiple cards of the same number", AskedNothing, "", "", 0, 0},
		{"can you reverse a +2", AskedPlay, "rev", "d2", 0, 0},
		{"can a wild card stop a draw 4", AskedPlay, "w", "wd4", 0, 0},
		{"can you put a wildcard on top of another wildcard", AskedPlay, "w", "w", 0, 0},
		{"can you stack plus 5 in uno flip", AskedStack, "d5", "", 0, 0},
		{"can you put 2+ on a 4+", AskedStack, "d2", "wd4", 0, 0},
		{"can I play a skip after a draw two has been played", AskedPlay, "s", "d2", 0, 0},
		{"can you play a skip over a skip by playing the same color", AskedPlay, "s", "s", 0, 0},
		// The second engineer's questions (#31).
		{"the top card is a yellow draw two and he already picked up his two, can I play a wild", AskedPlay, "w", "yd2", 0, 0},
		{"the last wild was called blue, can I put down a red 9", AskedPlay, "r9", "w", 0, 0},
		{"grandma challenged my plus four but I only had a blue 3 and the pile was a red 3, who draws", AskedChallenge, "wd4", "r3", 0, -1},
		{"he played a wild draw four while holding a yellow skip and yellow was on the pile, I challenged, how many does he draw", AskedChallenge, "wd4", "", 0, 1},
		{"my sister played draw four on my brother, can I challenge it", AskedMayChallenge, "wd4", "", 0, 0},
		{"it's just me and my son, what does a reverse do", AskedTwoPlayer, "rev", "", 2, 0},
		{"No Mercy: my cousin has 26 cards, is she out?", AskedMercy, "", "", 0, 0},
		{"he said uno after I'd already drawn from the pile, can we still make him draw", AskedUnoLate, "", "", 0, 0},
		{"she put a green draw two on a blue draw two, is that allowed", AskedPlay, "gd2", "bd2", 0, 0},
		{"she put a draw two on my draw two, is that allowed", AskedStack, "d2", "d2", 0, 0},
		{"we're playing flip, I got stuck with a wild draw color and a skip everyone, how many points", AskedPoints, "wdc", "", 0, 0},
		{"in all wild how much is a plain wild worth", AskedPoints, "w", "", 0, 0},
		{"the pile shows a blue 5 and I have a blue 3, can I play my draw four", AskedPlay, "wd4", "b5", 0, 0},
		{"can someone else challenge a wild draw four", AskedMayChallenge, "wd4", "", 0, 0},
		{"we're playing with 2, he put down a wild draw four, do I get a turn after drawing", AskedTwoPlayer, "wd4", "", 2, 0},
		{"i was left with 3 wilds and a reverse, what's that", AskedPoints, "w", "", 0, 0},
		{"does the draw 2 make my brother miss his go", AskedTurn, "d2", "", 0, 0},
		{"flip: my sister has a draw five and a wild draw two left, how many points", AskedPoints, "d5", "", 0, 1},
		{"when someone plays a draw 4 can I put a draw 2 on it", AskedStack, "d2", "wd4", 0, 0},
		{"he went out with a skip, does that count", AskedLast, "s", "", 0, 0},
		{"the wild was red and I put a red skip, fine?", AskedPlay, "rs", "w", 0, 0},
		{"I had two 8s, a yellow reverse and a wild draw 4 when mum went out", AskedPoints, "8", "", 0, 0},
		{"three players, I play a reverse, who goes next", AskedNext, "rev", "", 3, 0},
		{"there are 4 of us and I played a skip, whose turn is it", AskedNext, "s", "", 4, 0},
		{"does a skip skip your turn", AskedTurn, "s", "", 0, 0},
		{"if i only have a +4 left in my hand can i play it", AskedPlay, "wd4", "", 0, -1},
	}
	for _, tc := range tests {
		s := ReadSituation(tc.q)
		if s.Asked != tc.asked {
			t.Errorf("%q: asked %v, want %v (%+v)", tc.q, s.Asked, tc.asked, s)
			continue
		}
		tok := func(c *Card) string {
			if c == nil {
				return ""
			}
			return c.Token()
		}
		if tc.play != tok(s.Play) || tc.pile != tok(s.Pile) {
			t.Errorf("%q: play %q on %q, want %q on %q", tc.q, tok(s.Play), tok(s.Pile), tc.play, tc.pile)
		}
		if s.Players != tc.players || s.Held != tc.held {
			t.Errorf("%q: players %d held %d, want %d and %d", tc.q, s.Players, s.Held, tc.players, tc.held)
		}
	}
}

func TestRulings(t *testing.T) {
	tests := []struct {
		q     string
		house []string
		lead  string // what the ruling starts with
		has   string
	}{
		{"can I put a green draw 2 on a red skip?", nil, "No:", "neither colour nor"},
		{"can you play a red skip on a green skip", nil, "Yes:", "symbols match"},
		{"can i play a blue 7 on a red 7", nil, "Yes:", ""},
		// A Wild Draw Four and the colour held, with and without the
		// colour in play (the newcomer's "leads with Yes").
		{"can i play a +4 when i have a red card", nil, "It depends on the colour in play:", "holding a red card"},
		{"can i play a +4 when i have a red card and the top card is red", nil, "No:", "you hold no card of the colour in play"},
		{"can i play a +4 when i have a red card and the top card is blue", nil, "Yes, if you hold no blue card:", "a red card does not stop"},
		{"can I stack a +4 on a +2", nil, "No:", "Stacking is a house rule (unoscore new --house stacking); UNO Show 'Em No Mercy stacks"},
		{"can I stack a +4 on a +2", []string{"stacking"}, "At this table (house rule: stacking): yes", "the rulebooks say no"},
		{"how many points for a 4 a reverse and two wilds", nil, "124:", "4 + Reverse 20 + two Wilds 100"},
		{"what is a skip worth", nil, "20 points for each Skip ", ""},
		{"she played a +4 and I challenged, she did have a red card, who draws?", nil, "The player who laid", "4 cards"},
		{"I challenged a wild draw four and he didn't have the colour, how many do I draw", nil, "The challenger draws 6", ""},
		{"who draws if I challenge a +4", nil, "It depends on whether", ""},
		// When to challenge: at once, not a fact about drawing (newcomer's #6).
		{"does the +4 have to be challenged right away", nil, "Yes:", "before play moves on"},
		{"does the +4 have to be challenged right away", []string{"stacking"}, "Yes:", "before play moves on"},
		{"how long do I have to challenge a wild draw four", nil, "Yes:", "as soon as the Wild Draw Four lands"},
		{"what does a reverse do with two players", nil, "With two players a Reverse acts as a Skip", ""},
		{"what happens if the first card turned up is a draw two", nil, "If a Draw Two starts the pile:", "(Older sheet differs)"},
		// A No Mercy card turned up first: not the Wild Draw Four's rule.
		{"what happens if the first card is a wild draw 10", nil, "No rulebook covers that: none of the five has a Wild Draw Ten", "UNO Show 'Em No Mercy do not say"},
		{"can I play a red 4 on a wild", nil, "It depends on the colour called", ""},
		{"can I play a red 4 on a wild when blue was called", nil, "No:", ""},
		{"can you play a skip everyone with 2 players in uno flip", nil, "You play again: a Skip Everyone skips every other player, with 2 players too", ""},
		{"uno flip 2 players what happens with a draw five", nil, "With two players the other player draws 5", ""},
		{"can I put a reverse on a draw 2 to send it back", nil, "Not to block it:", "draws 2"},
		{"can you win uno with a reverse", nil, "Yes:", "no rulebook forbids"},
		{"can draw 4 be the last card", nil, "Yes:", "still draws the 4"},
		{"can you put a plus 4 on a plus 2", nil, "No:", "Stacking is a house rule (unoscore new --house stacking)"},
		// A Draw Two on a Draw Two, its number said alone or as a plural:
		// the rulebooks' no, the house rule, and the edition that stacks.
		{"Can you put 2 on a +2 in UNO?", nil, "No: no rulebook lets you pass a Draw Two on by stacking; you draw 2", "on your own turn a Draw Two may go on a Draw Two"},
		{"Can you put 2 on a +2 in UNO?", nil, "No:", "(unoscore new --house stacking); UNO Show 'Em No Mercy stacks"},
		{"can I put a +2 on a +2", nil, "No: no rulebook lets you pass a Draw Two on", "unoscore new --house stacking"},
		{"can you stack 2s", nil, "No: no rulebook lets you pass a Draw Two on", "UNO Show 'Em No Mercy stacks"},
		{"can you stack 4s", nil, "No: no rulebook lets you pass a Wild Draw Four on", "you draw 4"},
		{"can a draw 2 go on a draw 2", nil, "No: no rulebook lets you pass a Draw Two on", "unoscore new --house stacking"},
		{"can you stack 2s", []string{"stacking"}, "At this table (house rule: stacking): yes", "a Draw Two"},
		// Two plays told in order: one card a turn, and what each does.
		{"my sister played a skip then a reverse", nil, "No, one card a turn", "A Skip makes the next player miss a turn; a Reverse turns play the other way"},
		{"my sister played a skip then a reverse", nil, "No, one card a turn", "With two players the Skip brings the turn back, so the Reverse may follow"},
		{"my sister played a skip and then played a reverse", nil, "No, one card a turn", "(UNO Attack's and No Mercy's Discard All, and house rules like jump-in, differ)"},
		{"we are 2 players, my sister played a skip then a reverse", nil, "Yes, with two players: after the Skip the turn comes back", ""},
		{"can you play a reverse and a skip at the same time", nil, "No, one card a turn", ""},
		// A draw card aimed at a player: only the next one.
		{"can you attack someone with a plus 4", nil, "Only the next player: a Wild Draw Four makes the next player draw 4", "only when you hold no card of the colour in play, else it can be challenged"},
		{"can i choose who gets my draw 2", nil, "Only the next player: a Draw Two", ""},
		{"is it ok to attack the next player with a draw 2 when they have uno", nil, "Yes: a Draw Two makes the next player draw 2", "whatever they hold"},
		// Everyday words that are an edition's name.
		{"can you flip the direction with a reverse card", nil, "Yes: a Reverse turns play the other way round", ""},
		{"does a skip change the direction", nil, "No: only a Reverse turns the direction", ""},
		{"my kids show no mercy and played a wild draw 4 on me, can I challenge it", nil, "Yes, if it was played on you", "draw 6"},
		{"having a party with 8 people, can we all play uno with one deck?", nil, "Yes: 8 can play with one deck", "2 to 10"},
		{"can 12 people play uno", nil, "Not by the rulebooks", "UNO Party is made for 6 to 16"},
		{"is stacking allowed in uno flip", nil, "No:", ""},
		{"can you skip a draw 4", nil, "Not to block it:", "draws 4"},
		{"can a wild card go on anything", nil, "Yes:", "any card"},
		{"can you play a draw 4 if you have a wild card", nil, "Yes, if you hold no card", ""},
		{"can you play a draw 4 if you have the color in your hand", nil, "No:", "challenged"},
		{"can you start a game of uno by playing a draw 4 card", nil, "If a Wild Draw Four starts the pile:", ""},
		{"what is the consequence of playing an illegal draw 4 card", nil, "The player who laid", ""},
		{"does a plus 2 skip your turn", nil, "Yes:", "draws 2 and misses"},
		{"does a wild card skip your turn", nil, "No:", ""},
		{"can you put same number different color in uno", nil, "Yes:", "same number"},
		{"in No Mercy can I stack a draw 4 on a draw 2", nil, "Yes, in the UNO Show 'Em No Mercy deck", ""},
		{"all wild: can you challenge a wild draw four", nil, "No: in UNO All Wild", ""},
		{"my sister played draw four on my brother, can I challenge it", nil, "No: only the player", ""},
		{"can I challenge a +4", nil, "Yes, if it was played on you", "you draw 6"},
		{"can I play the +4 if I only have a matching number, not the colour", nil, "Yes: a matching number", ""},
		{"can I play a wild draw four when I've got a green card and green's on top", nil, "No:", "colour in play"},
		{"can I play a wild draw 4 on a red 5 when I have a red 2", nil, "No:", "colour in play"},
		{"No Mercy: my cousin has 26 cards, is she out?", nil, "Yes: in UNO Show 'Em No Mercy", "25"},
		{"no mercy: is a player with 20 cards out", nil, "No, not yet", "25"},
		{"we're playing flip, I got stuck with a wild draw color and a skip everyone, how many points", nil, "90:", ""},
		{"in all wild how much is a plain wild worth", nil, "20 points for each Wild ", "All Wild"},
		{"he said uno after I'd already drawn from the pile, can we still make him draw", nil, "No, too late", ""},
		{"the top card is a yellow draw two and he already picked up his two, can I play a wild", nil, "Yes:", ""},
		{"the last wild was called blue, can I put down a red 9", nil, "No:", ""},
		{"the pile shows a blue 5 and I have a blue 3, can I play my draw four", nil, "No:", "colour in play"},
		{"can someone else challenge a wild draw four", nil, "No: only", ""},
		{"we're playing with 2, he put down a wild draw four, do I get a turn after drawing", nil, "With two players", "whoever played the Wild Draw Four"},
		{"i was left with 3 wilds and a reverse, what's that", nil, "170:", ""},
		{"flip: my sister has a draw five and a wild draw two left, how many points", nil, "70:", ""},
		{"he went out with a skip, does that count", nil, "Yes:", "Skip"},
		{"the wild was red and I put a red skip, fine?", nil, "Yes:", ""},
		{"I had two 8s, a yellow reverse and a wild draw 4 when mum went out", nil, "86:", "two 8s 16"},
		{"three players, I play a reverse, who goes next", nil, "The player before you goes next", ""},
		{"there are 4 of us and I played a skip, whose turn is it", nil, "The player two along", ""},
		{"if you have only a wild draw four left can you play it", nil, "Yes: with no other coloured card in hand", ""},
		{"challenge: she had a green 2 and the pile was green, who draws", nil, "The player who laid", ""},
		{"we were 2 and i played a draw 2, my sis picked up, my turn again?", nil, "With two players", "whoever played the Draw Two"},
		{"dad ended the game with a wild draw four, do I still pick up 4?", nil, "Yes:", "still draws the 4"},
		{"in uno attack can I finish on a trade hands", nil, "No: in UNO Attack a Trade Hands may not be your last card", ""},
		{"in uno attack can I finish on a skip", nil, "Yes:", ""},
		{"which is worth more, a skip or a 9", nil, "A Skip is worth more: 20 points against 9", ""},
		{"is a 9 worth more than a draw two", nil, "No: a Draw Two is worth more", ""},
		{"is a 3 worth less than a reverse", nil, "Yes: a Reverse is worth more", ""},
		{"is the wild draw four worth more than a wild", nil, "No: a Wild Draw Four and a Wild are 50 points each", ""},
		{"uno flip: is a wild worth more than a draw five", nil, "Yes: a Wild is worth more: 40 points against 20", ""},
		{"I challenged her, she had a blue 2 and the pile was green, who draws", nil, "The challenger draws 6", ""},
		{"if i only have a +4 left in my hand can i play it", nil, "Yes: with no other coloured card in hand", ""},
		// The second newcomer's questions (notes/newcomer2.md, items 2 to
		// 7): each leads with its verdict.
		{"dad didnt say uno and I only noticed after zoe had drawn a card, does he still have to draw", nil, "No, too late:", "drawing a card"},
		{"he forgot to say uno and the next player already picked up a card, can we still catch him", nil, "No, too late:", "Deluxe 1998 and Older sheet"},
		{"she didnt call uno and my turn had already started, does she draw 2", nil, "No, too late:", ""},
		{"what happens to a player who ends up with 25 cards in no mercy", nil, "Knocked out: in UNO Show 'Em No Mercy", "25 is the limit itself"},
		{"no mercy: is a player with 25 cards out", nil, "Yes: in UNO Show 'Em No Mercy", "25 is the limit itself"},
		{"zoe played a red skip and I have a red reverse, can I play it", nil, "Yes: a red Reverse can go on a red Skip: the colours match", ""},
		{"can my brother challenge the plus 4 grandma played on me even though hes not next", nil, "No: only the player the Wild Draw Four makes draw may challenge it", "(Deluxe 1998 and Older sheet"},
		{"can my brother challenge the plus 4 grandma played on him", nil, "Yes, if it was played on you", ""},
		{"can I play a 6 from my hand after I already drew a card", nil, "No: once you have drawn, only the card you drew may be played", "every rulebook"},
		{"after I draw can I play another card from my hand", nil, "No: once you have drawn", ""},
		{"does a knocked out player come back next hand", nil, "Not settled: ", "unoscore deals them in again"},
		{"can you stack in uno attack", nil, "No: UNO Attack has no draw cards, so there is nothing to stack", "no way to pass cards on"},
		{"in no mercy can I stack a wild draw 4 on a plus 2", nil, "Yes, in the UNO Show 'Em No Mercy deck: it has no Wild Draw Four, but its Draw Four (4) or Wild Reverse Draw Four (4)", ""},
	}
	for _, tc := range tests {
		s := ReadSituation(tc.q)
		r, ok := s.Rule(Table{House: tc.house})
		if !ok {
			t.Errorf("%q: no ruling (%+v)", tc.q, s)
			continue
		}
		if !strings.HasPrefix(r.Text, tc.lead) || !strings.Contains(r.Text, tc.has) {
			t.Errorf("%q: %q, want it to start %q and hold %q", tc.q, r.Text, tc.lead, tc.has)
		}
		if _, ok := LookupFact(r.Fact); !ok {
			t.Errorf("%q: rests on fact %q, which does not exist", tc.q, r.Fact)
		}
	}
}

func FuzzReadSituation(f *testing.F) {
	for _, q := range []string{"can I put a green draw 2 on a red skip?", "how many points for 3 wilds and a 9", "2x", "+4 +4 +4 on", "a",
		"Can you use two wild cards?", "do you skip", "is a draw 2 a skip", "pick up 2 then +4 in 2p"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if len(q) > 400 {
			return
		}
		s := ReadSituation(q)
		if r, ok := s.Rule(Table{}); ok && r.Text == "" {
			t.Fatalf("%q: an empty ruling", q)
		}
	})
}

func TestAskForTheTable(t *testing.T) {
	tests := []struct {
		q     string
		table Table
		lead  string
	}{
		{"can you jump in with the same card", Table{House: []string{"jump-in"}}, "At this table (house rule: jump-in): yes"},
		{"can you jump in with the same card", Table{}, "## "},
		{"do you swap hands on a 7", Table{House: []string{"seven-o"}}, "At this table (house rule: seven-o): yes"},
		{"can I stack a draw 2 on a draw 2", Table{House: []string{"stacking"}}, "At this table (house rule: stacking): yes"},
		{"can I stack a draw 2 on a draw 2", Table{House: []string{"jump-in"}}, "No:"},
		// A "how many" question is answered with the number (newcomer's #10).
		{"if I stack a draw 2 on a draw 2 how many does the next guy draw", Table{House: []string{"stacking"}}, "4: at this table (house rule: stacking)"},
		{"if I stack a +4 on a draw 2 how many does the next player draw", Table{Deck: deckNamed(t, "no-mercy")}, "6: in the UNO Show 'Em No Mercy deck"},
		// The table's edition decides a Wild Draw Four's colour rule, a
		// challenge and a draw card on a draw card (the deck's own rules).
		{"can I play a wild draw four when I've got a green card and green's on top", Table{Deck: deckNamed(t, "all-wild")}, "Yes: in UNO All Wild"},
		{"can I play a +4 on a red 5", Table{Deck: deckNamed(t, "all-wild")}, "Yes: in UNO All Wild"},
		{"I challenged the +4 and she had a red card, who draws", Table{Deck: deckNamed(t, "all-wild")}, "The one it hit draws the 4"},
		{"can I challenge a +4", Table{Deck: deckNamed(t, "all-wild")}, "No: in UNO All Wild"},
		{"can I challenge a +4", Table{}, "Yes, if it was played on you"},
		{"can I put a red draw 2 on a blue draw 2 on my turn", Table{Deck: deckNamed(t, "no-mercy")}, "Yes: a red Draw Two can go on a blue Draw Two: the symbols match; in UNO Show 'Em No Mercy"},
		{"No Mercy: my cousin has 26 cards, is she out?", Table{Deck: deckNamed(t, "classic")}, "Yes: in UNO Show 'Em No Mercy"},
		{"my cousin has 26 cards, is she out?", Table{Deck: deckNamed(t, "no-mercy")}, "Yes: in UNO Show 'Em No Mercy"},
		// Who receives the 250: the table's choice at new (newcomer's #25).
		{"who gets the 250 when someone is knocked out", Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "knocker"}, "At this table (chosen at new, --mercy-bonus knocker): whoever knocked"},
		{"who gets the 250 when someone is knocked out", Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "winner"}, "At this table (chosen at new, --mercy-bonus winner): the hand's winner"},
		// The second newcomer's: a knock-out at a lowest table is charged
		// to the player knocked out, as the board does; the number leads.
		{"how many points do you get for knocking somebody out", Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "winner", Mode: "lowest", Charged: true}, "None at this table (lowest mode): the player knocked out is charged 250"},
		{"who gets the 250", Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "winner", Mode: "lowest", Charged: true}, "No one at this table (lowest mode): the player knocked out is charged the 250"},
		{"who gets the 250 when someone is knocked out", Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "winner", Mode: "challenge", Charged: true}, "No one at this table (challenge mode)"},
		{"how many points do you get for knocking somebody out", Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "winner"}, "250 for each player knocked out, to the hand's winner"},
		{"how many points do you get for knocking somebody out", Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "knocker"}, "250 to whoever knocked the player out"},
		{"how many points is a wild draw 10 worth", Table{Deck: deckNamed(t, "classic")}, "50 points for each Wild Draw Ten"},
		{"can I stack a wild draw 4 on a plus 2", Table{Deck: deckNamed(t, "no-mercy")}, "Yes, in the UNO Show 'Em No Mercy deck: it has no Wild Draw Four, but its Draw Four (4) or Wild Reverse Draw Four (4) may answer a Draw Two (2)"},
		{"can I stack a +4 on a plus 2", Table{Deck: deckNamed(t, "no-mercy")}, "Yes, in the UNO Show 'Em No Mercy deck: a draw card of equal or higher value may answer one played on you, as a Draw Four (4) does a Draw Two (2)"},
	}
	for _, tc := range tests {
		a, err := AskFor(tc.q, tc.table)
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		if got := a.Short(); !strings.HasPrefix(got, tc.lead) {
			t.Errorf("%q for %+v: %q, want it to start %q", tc.q, tc.table, got, tc.lead)
		}
	}
}

// The No Mercy scoring fact shown under an answer follows the table's
// choice of who receives the 250, as the ruling that leads it does: at a
// knocker table it named the hand's winner ("plus 250 for each player
// knocked out") under a ruling that gave it to the knocker. Asked without
// a ruling ("no mercy scoring"), the fact reads the table's way too.
func TestNoMercyScoringFactForTheTable(t *testing.T) {
	knocker := Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "knocker"}
	winner := Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "winner"}
	lowest := Table{Deck: deckNamed(t, "no-mercy"), MercyBonus: "winner", Mode: "lowest", Charged: true}
	for _, tc := range []struct {
		q         string
		table     Table
		want, not string
	}{
		{"who gets the 250 when someone is knocked out", knocker, "whoever knocked a player out receives 250 for it", "plus 250 for each player knocked out"},
		{"no mercy scoring", knocker, "whoever knocked a player out receives 250 for it", "plus 250 for each player knocked out"},
		{"how many points for knocking someone out", knocker, "whoever knocked a player out receives 250 for it", "plus 250 for each player knocked out"},
		{"who gets the 250 when someone is knocked out", winner, "plus 250 for each player knocked out", "whoever knocked"},
		// A lowest or challenge table charges the player knocked out.
		{"who gets the 250 when someone is knocked out", lowest, "a player knocked out is charged 250 there", "plus 250 for each player knocked out"},
		{"how many points do you get for knocking somebody out", lowest, "a player knocked out is charged 250 there", "plus 250 for each player knocked out"},
		{"no mercy scoring", lowest, "a player knocked out is charged 250 there", "The hand's winner scores"},
		{"no mercy scoring", Table{}, "plus 250 for each player knocked out", "whoever knocked"},
	} {
		a, err := AskFor(tc.q, tc.table)
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		if a.Fact == nil || a.Fact.ID != "nomercy-scoring" {
			t.Fatalf("%q for %s: answered by %v, want nomercy-scoring", tc.q, tc.table.MercyBonus, a.Fact)
		}
		got := a.Short()
		if !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
			t.Errorf("%q for %q:\n%s\nwant %q in it and not %q", tc.q, tc.table.MercyBonus, got, tc.want, tc.not)
		}
	}
	// The reference's own fact, read with no table, is left as it is.
	if f, ok := LookupFact("nomercy-scoring"); !ok || !strings.Contains(f.Text, "plus 250 for each player knocked out") {
		t.Errorf("the reference's fact changed: %v", f)
	}
}

func TestLookupHouseRule(t *testing.T) {
	for in, want := range map[string]string{"stacking": "stacking", "7-0": "seven-o", "Seven O": "seven-o", "JUMP IN": "jump-in",
		"draw until": "draw-to-match", "progressive": "stacking"} {
		h, err := LookupHouseRule(in)
		if err != nil || h.ID != want {
			t.Errorf("LookupHouseRule(%q) = %v, %v; want %s", in, h, err, want)
		}
	}
	_, err := LookupHouseRule("stakcing")
	if err == nil || !strings.Contains(err.Error(), `"stacking"`) {
		t.Errorf("a misspelt house rule: %v, want a suggestion of stacking", err)
	}
}

// A points question for a game whose deck lacks a card named says so,
// instead of counting it silently at another deck's value.
func TestPointsForTheGamesDeck(t *testing.T) {
	aw, err := LookupDeck("all-wild")
	if err != nil {
		t.Fatal(err)
	}
	// The number leads; the card the deck lacks is said after it.
	r, ok := ReadSituation("how many points is 2 wilds and a 7").Rule(Table{Deck: aw})
	if !ok || !strings.HasPrefix(r.Text, "107: two Wilds 100 + 7") || !strings.HasSuffix(r.Text, " This game's "+aw.Name+" has no 7 card.") {
		t.Errorf("a 7 in an All Wild game: %q", r.Text)
	}
	r, ok = ReadSituation("how many points is 2 wilds").Rule(Table{Deck: aw})
	if !ok || !strings.HasPrefix(r.Text, "40: two Wilds 40") {
		t.Errorf("two Wilds in an All Wild game: %q", r.Text)
	}
}

// TestReadSituationDetails: what the reader takes from a question beside
// its cards: the edition it names, the colour held against the colour in
// play, a draw already taken, a challenge by someone the card missed, and
// a hand's size.
func TestReadSituationDetails(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want func(Situation) bool
	}{
		{"in No Mercy can I stack a draw 4 on a draw 2", func(s Situation) bool { return s.Edition == "no-mercy" }},
		{"all wild: can you challenge a wild draw four", func(s Situation) bool { return s.Edition == "all-wild" }},
		{"are all wild cards worth 50", func(s Situation) bool { return s.Edition == "" && len(s.Cards) == 1 }},
		{"in uno attack what do I do if I can't play", func(s Situation) bool { return s.Edition == "attack" }},
		{"no mercy what's a skip everyone do", func(s Situation) bool { return s.Edition == "no-mercy" && !s.Flip }},
		{"can you attack someone with a plus 4", func(s Situation) bool { return s.Edition == "" }},
		{"attack: can I finish on a trade hands", func(s Situation) bool { return s.Edition == "attack" }},
		{"can I play a wild draw four when I've got a green card and green's on top", func(s Situation) bool { return s.HoldsColor }},
		{"can I play a wild draw four when I've got a green card and red's on top", func(s Situation) bool { return !s.HoldsColor }},
		{"can I play the +4 if I only have a matching number, not the colour", func(s Situation) bool { return s.HoldsMatch && !s.HoldsColor }},
		{"he didn't have a yellow card and yellow was on top, I challenged the +4", func(s Situation) bool { return s.Held != 1 }},
		{"the top card is a yellow draw two and he already picked up his two, can I play a wild", func(s Situation) bool { return s.Drawn }},
		{"can I play a wild on a draw two", func(s Situation) bool { return !s.Drawn }},
		{"my sister played draw four on my brother, can I challenge it", func(s Situation) bool { return s.Bystander }},
		{"she played a draw four on me, can I challenge it", func(s Situation) bool { return !s.Bystander }},
		{"No Mercy: my cousin has 26 cards, is she out?", func(s Situation) bool { return s.HandSize == 26 }},
		{"we're playing flip, how many points for a skip everyone", func(s Situation) bool {
			return s.Flip && len(s.Cards) == 1 && s.Cards[0].Face == SkipEveryone
		}},
	} {
		if s := ReadSituation(tc.q); !tc.want(s) {
			t.Errorf("%q: %+v", tc.q, s)
		}
	}
}

// TestReadSituationOrders: a card laid "then" another, one like it ("skip
// a skip", "two wilds in a row", "stack reverse cards"), and a newer
// edition's draw cards weighed against each other.
func TestReadSituationOrders(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"I made it possible +2 then +4", "No: no rulebook lets you pass a Draw Two on"},
		{"Can you skip a skip in UNO?", "Yes: a Skip can go on a Skip"},
		{"Can you play 2 wild cards in a row in UNO?", "Yes: a Wild may go on any card"},
		{"Can you stack reverse cards in UNO?", "Yes: a Reverse can go on a Reverse"},
		{"Uno: Cannot play two Wild +4 cards in a row", "Yes, if you hold no other card of the colour in play"},
		{"he could stack a Wild Draw 4 on my Wild Draw 10", "No, in the UNO Show 'Em No Mercy deck: only a draw card of equal or higher value"},
		{"can I stack a wild draw 10 on a wild draw 6", "Yes, in the UNO Show 'Em No Mercy deck: a draw card of equal or higher value"},
	} {
		r, ok := ReadSituation(tt.q).Rule(Table{})
		if !ok || !strings.HasPrefix(r.Text, tt.want) {
			t.Errorf("%q: %q (%v); want it to start %q", tt.q, r.Text, ok, tt.want)
		}
	}
}

// TestReadSituationWords: "skip" said as the verb, a draw card said in
// counting words, numbers said as words, and the cards left at a hand's
// end counted.
func TestReadSituationWords(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"Do You Skip on Draw 2 UNO?", "Yes: the next player draws 2 and misses their turn"},
		{"Is a draw 2 a skip?", "Yes: the next player draws 2"},
		{"Does a Reverse card Skip?", "No: a Reverse turns the direction of play"},
		{"Can You End UNO on a Pick Up 2?", "Yes: a hand may end on a Draw Two"},
		{"Can you skip a draw card in Uno?", "Not to block it"},
		{"Can the reverse card in uno reverse draw cards", "Not to block it"},
		{"Can you draw 6 in UNO?", "No: no rulebook lets you pass a draw card on"},
		{"whether you could put a Draw 6 on a Draw 4", "Yes, in the UNO Show 'Em No Mercy deck"},
		{"if opponents' have a three card, a four card and two five cards", "17: 3 + 4 + two 5s 10"},
		{"player B is still holding a red three and a blue seven", "10: 3 + 7"},
		{"the one who challenges that player will fail the challenge and draw 6 cards after a +4", "The challenger draws 6"},
	} {
		r, ok := ReadSituation(tt.q).Rule(Table{})
		if !ok || !strings.HasPrefix(r.Text, tt.want) {
			t.Errorf("%q: %q (%v); want it to start %q", tt.q, r.Text, ok, tt.want)
		}
	}
	// Counting words are no card: "you have to pick up 2 cards", "draw
	// cards until one fits", "you draw 6".
	for _, q := range []string{"you have to pick up 2 cards", "do you draw cards until one fits", "can you draw 6 in a row"} {
		if s := ReadSituation(q); len(s.Cards) > 0 {
			t.Errorf("%q names %v; want no card", q, s.Cards)
		}
	}
}

// TestEditionsAside: a question naming no newer edition nor a card only it
// has is answered from the five rulebooks first; UNO Flip's challenged
// wilds are ruled with Flip's numbers; "flip" first names the game.
func TestEditionsAside(t *testing.T) {
	for _, q := range []string{"How do wild cards work in UNO?", "What happens if you don't have a card to play in UNO?"} {
		a, err := Ask(q)
		if err != nil || a.Fact == nil || a.Fact.editionOnly() {
			t.Errorf("%q answered by %v (%v); want a fact of the five rulebooks", q, a.Fact, err)
		}
	}
	for _, tt := range []struct{ q, want string }{
		{"can you challenge a wild draw two", "you draw 4 (UNO Flip)"},
		{"flip wild worth", "40 points"},
	} {
		a, err := Ask(tt.q)
		if err != nil || !strings.Contains(a.Verdict, tt.want) {
			t.Errorf("%q: %+v (%v); want a verdict with %q", tt.q, a, err, tt.want)
		}
	}
}

// deckNamed is the deck with that id.
func deckNamed(t *testing.T, id string) *Deck {
	t.Helper()
	d, err := LookupDeck(id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestReadSituationKinds: going again after a card, naming a colour one
// does not hold, playing the card just drawn, an action card last, a
// challenged hand of wilds, and what no rulebook covers said first.
func TestReadSituationKinds(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"Do You Go Again After a Draw 2?", "No: the next player draws 2 and misses their turn"},
		{"can i go again after a skip in 2p", "With two players a Skip"},
		{"Can you pick a color you don't have in UNO?", "Yes: whoever plays a Wild names any colour"},
		{"Can you put down a card after picking up in UNO?", "Yes, if it fits"},
		{"Is it allowed to discard an action card as last card?", "Yes: no rulebook forbids an action card as the last one"},
		{"I have two wild draw four cards in my hand. I play one and get challenged. Who wins?", "The challenger draws 6"},
		{"sometimes the game can start with a skip card", "If a Skip starts the pile"},
		{"What happens if your last card in uno is a swap hands card", "No rulebook covers that"},
		{"What happens if you say uno at the wrong time", "No rulebook covers a call made too soon"},
		{"is it legal to skip on a skip", "Yes: a Skip can go on a Skip"},
		{"can you pick a colour you dont have with a wild draw four", "Yes: whoever plays a Wild names any colour"},
		{"can you draw 10 in uno", "No: no rulebook lets you pass a draw card on"},
	} {
		r, ok := ReadSituation(tt.q).Rule(Table{})
		if !ok || !strings.HasPrefix(r.Text, tt.want) {
			t.Errorf("%q: %q (%v); want it to start %q", tt.q, r.Text, ok, tt.want)
		}
	}
	// A silence the question names leads with its fact: "No rulebook
	// covers that".
	for _, q := range []string{"What happens if you call uno on someone who doesnt have uno", "What happens if you say Uno at the same time?",
		"Can you use two wild cards?", "can you use two skips to skip two people", "my brother said uno when he had 3 cards, does he draw"} {
		a, err := Ask(q)
		if err != nil || a.Fact == nil || !strings.HasPrefix(a.Fact.Text, "No rulebook covers that") {
			t.Errorf("%q answered by %v (%v); want a fact no rulebook covers", q, a.Fact, err)
		}
	}
}

// No Mercy has no Wild Draw Four: a "+4" or "draw 4" asked of it is its
// own coloured Draw Four, worth 20 (the newcomer's #7, #9 and #23).
func TestNoMercyPlainFour(t *testing.T) {
	nm := Table{Deck: deckNamed(t, "no-mercy")}
	tests := []struct {
		q     string
		table Table
		lead  string
		has   string
	}{
		{"can I stack a +4 on a +2", nm, "Yes, in the UNO Show 'Em No Mercy deck", "as a Draw Four (4) does a Draw Two (2)"},
		{"can I play a wild draw 10 on a draw 4 in no mercy", Table{}, "Yes, in the UNO Show 'Em No Mercy deck", "does a Draw Four (4)"},
		{"how much is a +4", nm, "20 points for each Draw Four left", "No Mercy"},
		{"how much is a +4 and two 7s", nm, "34:", "Draw Four 20 + two 7s 14"},
		{"how much is a +4", Table{}, "50 points for each Wild Draw Four left", "classic"},
		{"does the +4 have to be challenged right away", nm, "There is nothing to challenge:", "coloured Draw Four"},
		{"can I challenge a +4", nm, "There is nothing to challenge:", "only a Wild Draw Four"},
		{"I challenged the +4 and she had a red card, who draws", nm, "There is nothing to challenge:", "coloured Draw Four"},
	}
	for _, tc := range tests {
		a, err := AskFor(tc.q, tc.table)
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		got := a.Short()
		if !strings.HasPrefix(got, tc.lead) || !strings.Contains(got, tc.has) {
			t.Errorf("%q: %q, want it to start %q and hold %q", tc.q, got, tc.lead, tc.has)
		}
		if tc.table.Deck != nil && !strings.HasPrefix(tc.lead, "There is nothing") && strings.Contains(got, "Wild Draw Four") {
			t.Errorf("%q: %q names a Wild Draw Four, which No Mercy lacks", tc.q, got)
		}
	}
}

// The scoring topic's line for No Mercy names its knock-out bonus, the one
// scoring rule that edition adds (newcomer's #26).
func TestScoringNamesKnockOutBonus(t *testing.T) {
	top, _, err := LookupTopic("scoring")
	if err != nil {
		t.Fatal(err)
	}
	text, err := top.Text()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "(no-mercy)") {
			if !strings.Contains(line, "250 more for each player knocked out") {
				t.Errorf("the No Mercy line leaves out the knock-out bonus: %q", line)
			}
			return
		}
	}
	t.Errorf("no No Mercy line in the scoring topic:\n%s", text)
}

// A table that plays a house rule already agreed on it: its fact does not
// end telling them to agree on it (the newcomer's #10).
func TestAgreedHouseRuleNotSuggested(t *testing.T) {
	a, err := AskFor("can I stack a draw 2 on a draw 2", Table{House: []string{"stacking"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Short(); strings.Contains(got, "Agree on it") || !strings.Contains(got, "At this table (house rule: stacking)") {
		t.Errorf("at a stacking table: %q, want the table's rule and no suggestion to agree on it", got)
	}
	a, err = AskFor("stacking", Table{})
	if err != nil {
		t.Fatal(err)
	}
	if a.agreed {
		t.Errorf("a table with no house rule is taken to have agreed on stacking")
	}
}

// TestDiscardAllEditions: the ruling on two plays names, as the editions
// whose Discard All lays more than one card, exactly the decks that hold
// one.
func TestDiscardAllEditions(t *testing.T) {
	var have []string
	for _, d := range Decks() {
		for _, f := range d.Faces() {
			if f.String() == "Discard All" {
				have = append(have, d.ID)
			}
		}
	}
	if !slices.Equal(have, []string{"attack", "no-mercy"}) {
		t.Fatalf("decks with a Discard All: %v; name them in discardAllEditions", have)
	}
	for _, d := range have {
		e, _ := LookupDeck(d)
		name := strings.TrimPrefix(strings.TrimPrefix(e.Decl.Title, "UNO "), "Show 'Em ")
		if !strings.Contains(discardAllEditions, name) {
			t.Errorf("discardAllEditions %q does not name %s", discardAllEditions, e.Decl.Title)
		}
	}
}

// TestEditionWordsInEverydayUse: a word of an edition's name said in
// everyday words ("attack someone", "flip the direction", "show no
// mercy", "a party with 8 people") opens no edition's topic, neither as
// the answer nor beside it; the edition named, or its own cards, still
// do.
func TestEditionWordsInEverydayUse(t *testing.T) {
	for _, tt := range []struct{ q, topic, not string }{
		{"can you attack someone with a plus 4", "wild-draw-four", "attack"},
		{"is it ok to attack the next player with a draw 2 when they have uno", "draw-two", "attack"},
		{"can you flip the direction with a reverse card", "reverse", "flip"},
		{"my kids show no mercy and played a wild draw 4 on me, can I challenge it", "challenge", "no-mercy"},
		{"having a party with 8 people, can we all play uno with one deck?", "basics", "party"},
		{"what does the launcher do", "attack", ""},
		{"how does hit 2 work", "attack", ""},
		{"how many cards in the attack deck", "attack", ""},
		{"how does no mercy work", "no-mercy", ""},
		{"can a party of 12 play uno", "party", ""},
	} {
		a, err := Ask(tt.q)
		if err != nil {
			t.Errorf("%q: %v", tt.q, err)
			continue
		}
		if a.Topic.ID != tt.topic {
			t.Errorf("%q answered from %s; want %s", tt.q, a.Topic.ID, tt.topic)
		}
		for _, o := range a.Also {
			if tt.not != "" && o.ID == tt.not {
				t.Errorf("%q has %s beside it", tt.q, o.ID)
			}
		}
	}
}
