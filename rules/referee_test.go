package rules

import (
	"errors"
	"strings"
	"testing"
)

func card(t *testing.T, tok string) Card {
	t.Helper()
	c, err := ParseCard(tok)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func cards(t *testing.T, s string) []Card {
	t.Helper()
	h, err := ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	if h.Cards == nil {
		return []Card{}
	}
	return h.Cards
}

// TestCanPlayEveryFace plays every face of every colour on every kind of
// top card and checks the verdict against the matching rule, stated plainly:
// wilds always; otherwise the colour in play, or the same face.
func TestCanPlayEveryFace(t *testing.T) {
	tops := []struct {
		top    Card
		called Color
	}{
		{Card{Red, 8}, NoColor},
		{Card{Red, 7}, NoColor},
		{Card{Blue, Skip}, NoColor},
		{Card{Green, DrawTwo}, NoColor},
		{Card{Yellow, Reverse}, NoColor},
		{Card{Face: Wild}, Red},
		{Card{Face: WildDrawFour}, Blue},
		{Card{Face: WildShuffle}, Green},
	}
	for _, tp := range tops {
		active := tp.top.Color
		if tp.top.Face.IsWild() {
			active = tp.called
		}
		for _, f := range Faces {
			plays := []Card{{Face: f}}
			if !f.IsWild() {
				plays = nil
				for _, c := range Colors {
					plays = append(plays, Card{c, f})
				}
			}
			for _, c := range plays {
				want := f.IsWild() || c.Color == active || (!tp.top.Face.IsWild() && c.Face == tp.top.Face)
				v, err := CanPlay(c, tp.top, tp.called, []Card{})
				if err != nil {
					t.Fatalf("%v on %v (%v): %v", c, tp.top, tp.called, err)
				}
				if v.Legal != want {
					t.Errorf("%v on %v (%v called): legal %v, want %v (%s)", c, tp.top, tp.called, v.Legal, want, v.Reason)
				}
				if v.Reason == "" {
					t.Errorf("%v on %v: no reason", c, tp.top)
				}
			}
		}
	}
}

func TestCanPlayReasons(t *testing.T) {
	tests := []struct {
		card, on string
		called   Color
		hand     string // "-" for no hand given
		legal    bool
		reason   string
	}{
		{"g7", "r8", NoColor, "-", false, "a green 7 can't go on a red 8: neither colour nor number matches"},
		{"g7", "r7", NoColor, "-", true, "a green 7 can go on a red 7: the numbers match"},
		{"7", "r7", NoColor, "-", true, "a 7 can go on a red 7: the numbers match"},
		{"r2", "r8", NoColor, "-", true, "a red 2 can go on a red 8: the colours match"},
		{"bs", "rs", NoColor, "-", true, "a blue Skip can go on a red Skip: the symbols match"},
		{"bs", "rrev", NoColor, "-", false, "a blue Skip can't go on a red Reverse: neither colour nor symbol matches"},
		{"bd2", "r2", NoColor, "-", false, "a blue Draw Two can't go on a red 2: neither colour nor card matches"},
		{"r8", "r8", NoColor, "-", true, "a red 8 can go on a red 8: the colour and the number match"},
		{"r2", "w", Red, "-", true, "a red 2 can go on a Wild with red called: the colours match"},
		{"g2", "wd4", Red, "-", false, "a green 2 can't go on a Wild Draw Four with red called: only red cards or wilds can"},
		{"w", "r7", NoColor, "-", true, "a Wild may go on any card"},
		{"ws", "w", Blue, "-", true, "a Wild Shuffle Hands may go on any card"},
		{"wd4", "r7", NoColor, "-", true, "a Wild Draw Four may go on a red 7, but only while you hold no red card"},
		{"wd4", "r7", NoColor, "r2 g5", false, "a Wild Draw Four is illegal while you hold a red card: the red 2"},
		{"wd4", "r7", NoColor, "g7 b7 y7", true, "you hold no red card (cards of the same number or symbol, and wilds, don't count)"},
		{"wd4", "r7", NoColor, "w wd4 gs", true, "you hold no red card"},
		{"wd4", "r7", NoColor, "", true, "you hold no red card"},
		{"wd4", "w", Green, "r1 g9", false, "while you hold a green card: the green 9"},
		{"wd4", "w", Green, "r1 b9", true, "on a Wild with green called"},
		// A wild goes on anything: no called colour is needed for it.
		{"w", "w", NoColor, "-", true, "a Wild may go on any card"},
		{"ws", "wc", NoColor, "-", true, "a Wild Shuffle Hands may go on any card"},
		{"wc", "wd4", NoColor, "r1", true, "a Wild Customizable may go on any card"},
		{"wd4", "w", NoColor, "-", true, "only while you hold no card of the colour in play"},
		{"pu7", "pu2", NoColor, "-", true, "a purple 7 can go on a purple 2: the colours match"},
		{"pk7", "w", Pink, "-", true, "with pink called: the colours match"},
	}
	for _, tt := range tests {
		var hand []Card
		if tt.hand != "-" {
			hand = cards(t, tt.hand)
		}
		v, err := CanPlay(card(t, tt.card), card(t, tt.on), tt.called, hand)
		if err != nil {
			t.Errorf("%s on %s: %v", tt.card, tt.on, err)
			continue
		}
		if v.Legal != tt.legal || !strings.Contains(v.Reason, tt.reason) {
			t.Errorf("%s on %s (%v, hand %q) = %v %q; want %v %q", tt.card, tt.on, tt.called, tt.hand, v.Legal, v.Reason, tt.legal, tt.reason)
		}
	}
}

func TestCanPlayNeedsMore(t *testing.T) {
	tests := []struct {
		card, on string
		called   Color
		hand     string
		want     error
	}{
		{"r7", "w", NoColor, "-", ErrNeedCalled},
		{"r7", "r8", Blue, "-", ErrCalledNotWild},
		{"g7", "8", NoColor, "-", ErrTopColor},
		{"7", "r8", NoColor, "-", ErrCardColor},
		{"7", "w", Red, "-", ErrCardColor},
		{"wd4", "8", NoColor, "r1", ErrTopColor},
		{"wd4", "w", NoColor, "r1", ErrNeedCalled},
		{"w", "r7", Red, "-", ErrCalledNotWild},
	}
	for _, tt := range tests {
		var hand []Card
		if tt.hand != "-" {
			hand = cards(t, tt.hand)
		}
		if _, err := CanPlay(card(t, tt.card), card(t, tt.on), tt.called, hand); !errors.Is(err, tt.want) {
			t.Errorf("%s on %s: %v, want %v", tt.card, tt.on, err, tt.want)
		}
	}
	_, err := CanPlay(card(t, "wd4"), card(t, "r8"), NoColor, cards(t, "g1 5"))
	var hc *HandColorError
	if !errors.As(err, &hc) || hc.Card.Face != 5 {
		t.Errorf("a colourless 5 in hand: %v", err)
	}
}

// TestStackingNote: a draw card on a draw card is legal, and the verdict
// says what it does not allow (passing the draw on).
func TestStackingNote(t *testing.T) {
	tests := []struct {
		card, on string
		called   Color
		note     string // "" for none
	}{
		{"b+2", "r+2", NoColor, "the player the Draw Two hit still draws 2 and loses the turn"},
		{"wd4", "r+2", NoColor, "Draw Two hit still draws 2"},
		{"r+2", "wd4", Red, "the player the Wild Draw Four hit still draws 4"},
		{"wd4", "wd4", Red, "is a house rule"},
		{"b+2", "b7", NoColor, ""},
		{"bs", "rs", NoColor, ""},
		{"g+2", "wd4", Red, ""}, // not legal: no note
		// UNO Flip's draw cards, each with its own count.
		{"pkd5", "td5", NoColor, "the player the Draw Five hit still draws 5 and loses the turn"},
		{"rd1", "bd1", NoColor, "the player the Draw One hit still draws 1 and loses"},
		{"wd2", "rd1", NoColor, "Draw One hit still draws 1"},
		{"wdc", "wdc", Pink, "still draws until a card of the colour called turns up, and loses the turn"},
		{"pkd5", "pk7", NoColor, ""},
	}
	flip := flipDeck(t)
	for _, tt := range tests {
		parse := func(s string) Card {
			c, err := ParseCard(s)
			if err != nil {
				if c, err = flip.ParseCard(s); err != nil {
					t.Fatal(err)
				}
			}
			return c
		}
		v, err := CanPlay(parse(tt.card), parse(tt.on), tt.called, nil)
		if err != nil {
			t.Fatalf("%s on %s: %v", tt.card, tt.on, err)
		}
		if (tt.note == "") != (v.Note == "") || !strings.Contains(v.Note, tt.note) {
			t.Errorf("%s on %s: note %q, want %q", tt.card, tt.on, v.Note, tt.note)
		}
		if (v.Note == "") != (v.See == "") || strings.Contains(v.Note, "unoscore ") {
			t.Errorf("%s on %s: note %q, topic %q: a note names its topic, and no command", tt.card, tt.on, v.Note, v.See)
		}
	}
}

func TestChallenge(t *testing.T) {
	tests := []struct {
		on     string
		called Color
		hand   string
		guilty bool
		drawer string
		cards  int
	}{
		{"r7", NoColor, "r2 g5", true, "challenged", 4},
		{"r7", NoColor, "g2 g5", false, "challenger", 6},
		{"r7", NoColor, "g7 b7 w wd4", false, "challenger", 6},
		{"r7", NoColor, "", false, "challenger", 6},
		{"w", Blue, "b1", true, "challenged", 4},
		{"wd4", Yellow, "b1 r1", false, "challenger", 6},
		{"gs", NoColor, "ys gd2", true, "challenged", 4},
	}
	for _, tt := range tests {
		v, err := Challenge(card(t, tt.on), tt.called, cards(t, tt.hand))
		if err != nil {
			t.Errorf("%s %q: %v", tt.on, tt.hand, err)
			continue
		}
		if v.Guilty != tt.guilty || v.Drawer != tt.drawer || v.Cards != tt.cards || v.Reason == "" {
			t.Errorf("challenge on %s with %q = %+v", tt.on, tt.hand, v)
		}
	}
	if _, err := Challenge(card(t, "w"), NoColor, nil); !errors.Is(err, ErrNeedCalled) {
		t.Errorf("wild without a called colour: %v", err)
	}
}

func TestStartRulings(t *testing.T) {
	tests := []struct {
		face    Face
		players int
		want    map[string]string // edition -> part of its ruling
	}{
		{7, 0, map[string]string{"deluxe-1998": "player to the dealer's left plays first", "older-sheet": "player to the dealer's left plays first"}},
		{Skip, 0, map[string]string{"deluxe-1998": "the second player to the dealer's left plays first"}},
		{Skip, 2, map[string]string{"deluxe-112": "the dealer plays first"}},
		{DrawTwo, 0, map[string]string{"shuffle-hands": "draws 2 and loses the turn", "older-sheet": "does not say they lose the turn"}},
		{Reverse, 0, map[string]string{"deluxe-1998": "The dealer plays first and play goes right", "older-sheet": "The player to the dealer's right plays first"}},
		{Reverse, 2, map[string]string{"themed-2020": "The dealer plays first", "older-sheet": "The dealer's opponent plays first"}},
		{Wild, 0, map[string]string{"deluxe-1998": "names the colour and plays first", "older-sheet": "setup section sends a Wild back"}},
		{WildDrawFour, 0, map[string]string{"deluxe-1998": "goes back into the deck", "older-sheet": "goes back into the deck"}},
		{WildShuffle, 0, map[string]string{"shuffle-hands": "names the colour"}},
	}
	for _, tt := range tests {
		got := map[string]string{}
		for _, r := range StartRulings(tt.face, tt.players) {
			for _, e := range r.Editions {
				got[e] = r.Text
			}
		}
		for ed, part := range tt.want {
			if !strings.Contains(got[ed], part) {
				t.Errorf("%v with %d players, %s: %q, want %q", tt.face, tt.players, ed, got[ed], part)
			}
		}
		if tt.face == WildShuffle && len(got) != 1 {
			t.Errorf("Wild Shuffle Hands is only in one deck, got rulings for %v", got)
		}
	}
}

func TestEditionsFacts(t *testing.T) {
	want := map[string]struct {
		penalty int
		byPts   bool
		deck    string
	}{
		"deluxe-1998":   {2, false, "classic"},
		"deluxe-112":    {2, false, "deluxe"},
		"themed-2020":   {2, false, "themed"},
		"shuffle-hands": {2, false, "shuffle"},
		"older-sheet":   {4, true, ""},
	}
	for _, e := range Editions {
		w, ok := want[e.ID]
		if !ok {
			t.Fatalf("unexpected edition %s", e.ID)
		}
		if e.UnoPenalty != w.penalty || e.DealerByPts != w.byPts || e.Deck != w.deck {
			t.Errorf("%s: %+v", e.ID, e)
		}
		if w.deck != "" {
			if _, err := LookupDeck(w.deck); err != nil {
				t.Errorf("%s: %v", e.ID, err)
			}
		}
	}
}
