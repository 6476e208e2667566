package rules

import (
	"errors"
	"strings"
	"testing"
)

func flipDeck(t testing.TB) *Deck {
	t.Helper()
	d, err := LookupDeck("flip")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestFlipNotation: every face on each side, in every spelling the contract
// gives, reads as one card of the UNO Flip deck.
func TestFlipNotation(t *testing.T) {
	d := flipDeck(t)
	tests := []struct {
		in   string
		want Card
		side Side
	}{
		// Light side: red, yellow, green, blue.
		{"r1", Card{Red, 1}, Light},
		{"y9", Card{Yellow, 9}, Light},
		{"gd1", Card{Green, DrawOne}, Light},
		{"b+1", Card{Blue, DrawOne}, Light},
		{"rdraw1", Card{Red, DrawOne}, Light},
		{"ys", Card{Yellow, Skip}, Light},
		{"gskip", Card{Green, Skip}, Light},
		{"brev", Card{Blue, Reverse}, Light},
		{"rf", Card{Red, Flip}, Light},
		{"yflip", Card{Yellow, Flip}, Light},
		{"wd2", Card{NoColor, WildDrawTwo}, Light},
		{"w+2", Card{NoColor, WildDrawTwo}, Light},
		{"d1", Card{NoColor, DrawOne}, Light},
		{"s", Card{NoColor, Skip}, Light},
		// Dark side: pink, teal, orange, purple.
		{"pk3", Card{Pink, 3}, Dark},
		{"pink3", Card{Pink, 3}, Dark},
		{"t5", Card{Teal, 5}, Dark},
		{"teal5", Card{Teal, 5}, Dark},
		{"o7", Card{Orange, 7}, Dark},
		{"orange7", Card{Orange, 7}, Dark},
		{"pu9", Card{Purple, 9}, Dark},
		{"purple9", Card{Purple, 9}, Dark},
		{"pkd5", Card{Pink, DrawFive}, Dark},
		{"t+5", Card{Teal, DrawFive}, Dark},
		{"odraw5", Card{Orange, DrawFive}, Dark},
		{"puse", Card{Purple, SkipEveryone}, Dark},
		{"pkskipall", Card{Pink, SkipEveryone}, Dark},
		{"tskip-everyone", Card{Teal, SkipEveryone}, Dark},
		{"orev", Card{Orange, Reverse}, Dark},
		{"puf", Card{Purple, Flip}, Dark},
		{"tflip", Card{Teal, Flip}, Dark},
		{"wdc", Card{NoColor, WildDrawColor}, Dark},
		{"w+c", Card{NoColor, WildDrawColor}, Dark},
		{"d5", Card{NoColor, DrawFive}, Dark},
		{"se", Card{NoColor, SkipEveryone}, Dark},
		// Both sides have these: no card tells the side.
		{"w", Card{NoColor, Wild}, NoSide},
		{"wild", Card{NoColor, Wild}, NoSide},
		{"rev", Card{NoColor, Reverse}, NoSide},
		{"f", Card{NoColor, Flip}, NoSide},
		{"7", Card{NoColor, 7}, NoSide},
	}
	for _, tt := range tests {
		got, err := d.ParseCard(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("flip.ParseCard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			continue
		}
		if s := d.SideOf(got); s != tt.side {
			t.Errorf("flip.SideOf(%q) = %q, want %q", tt.in, s, tt.side)
		}
		// The canonical token reads back as the same card, with or
		// without the deck.
		if again, err := ParseCard(got.Token()); err != nil || again != got {
			t.Errorf("ParseCard(%q.Token() = %q) = %v, %v", tt.in, got.Token(), again, err)
		}
		if err := d.Check(Hand{Cards: []Card{got}}); err != nil {
			t.Errorf("flip.Check(%q): %v", tt.in, err)
		}
	}
	if got, _ := d.ParseHand("2xpkd5 tse w+c"); got.String() != "2xpkd5 tse wdc" {
		t.Errorf("canonical form %q", got.String())
	}
}

// TestFlipRefusals: a light face in a dark colour, a dark face in a light
// colour, a 0, and the five rulebooks' own faces are refused, naming the
// card and the side that has it; a face on the other side's colour
// suggests its counterpart in that colour (pks: pkse, pkd1: pkd5).
func TestFlipRefusals(t *testing.T) {
	d := flipDeck(t)
	tests := []struct {
		in      string
		says    []string
		suggest string
	}{
		{"pkd1", []string{`"pkd1"`, "pink Draw One", "Draw One is on UNO Flip's light side", "red, yellow, green and blue", "pink is a dark-side colour"}, "pkd5"},
		{"rse", []string{`"rse"`, "red Skip Everyone", "Skip Everyone is on UNO Flip's dark side", "pink, teal, orange and purple", "red is a light-side colour"}, "rs"},
		{"td1", []string{"teal Draw One", "light side"}, "td5"},
		{"yd5", []string{"yellow Draw Five", "dark side"}, "yd1"},
		{"pks", []string{`"pks"`, "has no pink Skip", "Skip is on its light side, in red, yellow, green and blue", "pink is a dark-side colour"}, "pkse"},
		{"2xts", []string{"teal Skip"}, "2xtse"},
		{"r0", []string{`"r0"`, "has no red 0", "neither side has a 0"}, ""},
		{"0", []string{"has no 0", "neither side"}, ""},
		{"pk0", []string{"has no pink 0"}, ""},
		{"rd2", []string{"has no red Draw Two", "the light side has Draw One (d1), the dark side Draw Five (d5)"}, ""},
		{"wd4", []string{"has no Wild Draw Four", "Wild Draw Two (wd2)", "Wild Draw Color (wdc)"}, ""},
		{"ws", []string{"neither side has a Wild Shuffle Hands"}, ""},
		{"rwdc", []string{"has no colour"}, "wdc"},
		{"tw", []string{"has no colour"}, "w"},
	}
	for _, tt := range tests {
		_, err := d.ParseHand(tt.in)
		var te *TokenError
		if !errors.As(err, &te) {
			t.Errorf("flip.ParseHand(%q) = %v, want a TokenError", tt.in, err)
			continue
		}
		for _, s := range tt.says {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("flip.ParseHand(%q): %q does not say %q", tt.in, err, s)
			}
		}
		if te.Suggest != tt.suggest {
			t.Errorf("flip.ParseHand(%q) suggests %q, want %q", tt.in, te.Suggest, tt.suggest)
		}
		// Read without the deck (as a hand comes in from flags), the deck
		// check refuses it the same way.
		if h, err := ParseHand(tt.in); err == nil {
			err := d.Check(h)
			var de *DeckError
			if !errors.As(err, &de) || !strings.Contains(err.Error(), tt.says[len(tt.says)-1]) {
				t.Errorf("flip.Check(%q) = %v", tt.in, err)
			}
		}
	}
	// Other decks have none of UNO Flip's faces or dark colours.
	classic, _ := LookupDeck("classic")
	for in, says := range map[string]string{"rd1": "has no red Draw One (no Draw One card)", "t7": "has no teal cards", "wdc": "has no Wild Draw Color"} {
		h, err := ParseHand(in)
		if err != nil {
			t.Fatal(err)
		}
		if err := classic.Check(h); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("classic.Check(%q) = %v, want %q", in, err, says)
		}
	}
}

func TestFlipDeck(t *testing.T) {
	d := flipDeck(t)
	if d.Size() != 112 || d.Sides[0].Size() != 112 || d.Sides[1].Size() != 112 {
		t.Errorf("flip: %d cards, sides %d and %d", d.Size(), d.Sides[0].Size(), d.Sides[1].Size())
	}
	light, dark := d.Sides[0], d.Sides[1]
	for _, tt := range []struct {
		side *Deck
		face Face
		n    int
	}{
		{light, 7, 8}, {light, 0, 0}, {light, DrawOne, 8}, {light, Skip, 8}, {light, Reverse, 8}, {light, Flip, 8},
		{light, Wild, 4}, {light, WildDrawTwo, 4}, {light, DrawFive, 0}, {light, SkipEveryone, 0}, {light, WildDrawColor, 0}, {light, DrawTwo, 0},
		{dark, 1, 8}, {dark, 0, 0}, {dark, DrawFive, 8}, {dark, SkipEveryone, 8}, {dark, Reverse, 8}, {dark, Flip, 8},
		{dark, Wild, 4}, {dark, WildDrawColor, 4}, {dark, DrawOne, 0}, {dark, Skip, 0}, {dark, WildDrawTwo, 0}, {dark, WildDrawFour, 0},
		{d, Wild, 8}, {d, Flip, 16},
	} {
		if got := tt.side.Copies(tt.face); got != tt.n {
			t.Errorf("%s: %d %s, want %d", tt.side.Name, got, tt.face.Plural(), tt.n)
		}
	}
	if got := strings.Join(d.ColorNames(), ","); got != "red,yellow,green,blue,pink,teal,orange,purple" {
		t.Errorf("flip colours %s", got)
	}
	// Whole sides: light 4×2×45 numbers + 4×2×(10+20+20+20) actions + 4×40
	// + 4×50 = 360+560+160+200 = 1280; dark 360 + 4×2×(20+20+30+20) + 160 +
	// 240 = 360+720+160+240 = 1480.
	if light.TotalPoints() != 1280 || dark.TotalPoints() != 1480 || d.TotalPoints() != 1480 {
		t.Errorf("totals: light %d, dark %d, deck %d", light.TotalPoints(), dark.TotalPoints(), d.TotalPoints())
	}
}

// TestFlipCheck: the deck check counts each side on its own, and every
// hand's cards are on one side.
func TestFlipCheck(t *testing.T) {
	d := flipDeck(t)
	tests := []struct {
		name  string
		hands []string
		bad   string // part of the error, "" when the hands are possible
	}{
		{"light hand", []string{"r7 2xwd2 gd1", "b3 ys rf"}, ""},
		{"dark hand", []string{"pk7 2xwdc td5", "o3 puse pkf"}, ""},
		{"no side told", []string{"2xw rev", "f 7"}, ""},
		{"wilds with a dark card", []string{"4xw", "wdc"}, ""},
		{"five wilds, no side told", []string{"3xw", "2xw"}, "the UNO Flip deck (on each side) has only 4 Wilds, but these hands name 5"},
		{"five wilds, dark", []string{"3xw", "2xw pk1"}, "the dark side of the UNO Flip deck has only 4 Wilds, but these hands name 5"},
		{"five wilds, light", []string{"3xw", "2xw r1"}, "the light side of the UNO Flip deck has only 4 Wilds"},
		{"four wd2 four wdc", []string{"4xwd2"}, ""},
		{"five wdc", []string{"3xwdc", "2xwdc"}, "only 4 Wild Draw Colors"},
		{"two red flips per side", []string{"2xrf", "2xyf"}, ""},
		{"three red flips", []string{"2xrf", "rf"}, "the light side of the UNO Flip deck has only 2 red Flips, but these hands name 3"},
		{"nine flips no colour", []string{"9xf"}, "only 8 Flips"},
		{"three teal 9s", []string{"2xt9", "t9"}, "only 2 teal 9s"},
		{"mixed across hands", []string{"r7", "t3"}, "the hands name a red 7, a light-side card, and a teal 3, a dark-side card: every hand's cards are counted on the side in play when it ended"},
		{"mixed, dark first", []string{"t3 w", "r7"}, "the hands name a red 7, a light-side card, and a teal 3, a dark-side card"},
		{"mixed by face", []string{"wd2", "se"}, "a Wild Draw Two, a light-side card, and a Skip Everyone, a dark-side card"},
		{"mixed in one hand", []string{"d1 d5"}, "a Draw One, a light-side card, and a Draw Five"},
	}
	for _, tt := range tests {
		hands := parseHands(t, tt.name, tt.hands)
		err := d.Check(hands...)
		switch {
		case tt.bad == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.bad != "" && (err == nil || !strings.Contains(err.Error(), tt.bad)):
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.bad)
		}
	}
	var se *SideError
	h1, _ := ParseHand("r7")
	h2, _ := ParseHand("t3")
	if _, err := d.HandsSide(h2, h1); !errors.As(err, &se) || se.Short() != "cards of both sides (r7 light, t3 dark): a hand counts on one side" {
		t.Errorf("HandsSide: %v, want a SideError", err)
	}
}

// TestFlipPoints: a hand worked out by hand for each new face, on each
// side, and the Wild at 40 in this deck only.
func TestFlipPoints(t *testing.T) {
	d := flipDeck(t)
	classic, _ := LookupDeck("classic")
	tests := []struct {
		hand string
		want int
		side Side
	}{
		{"rd1", 10, Light},
		{"ys", 20, Light},
		{"grev", 20, Light},
		{"bf", 20, Light},
		{"wd2", 50, Light},
		{"pkd5", 20, Dark},
		{"tse", 30, Dark},
		{"orev", 20, Dark},
		{"puf", 20, Dark},
		{"wdc", 60, Dark},
		{"w", 40, NoSide},
		// 10 + 2×40 + 50 + 9 = 149
		{"rd1 2xw wd2 y9", 149, Light},
		// 20 + 30 + 2×40 + 60 + 7 + 20 + 20 = 237
		{"pkd5 tse 2xw wdc o7 purev puf", 237, Dark},
		// 3 + 5 + 20 + 40 + 12 counted = 80
		{"3 5 f w 12pts", 80, NoSide},
	}
	for _, tt := range tests {
		h, err := d.ParseHand(tt.hand)
		if err != nil {
			t.Fatalf("%q: %v", tt.hand, err)
		}
		if got := d.HandPoints(h); got != tt.want {
			t.Errorf("flip.HandPoints(%q) = %d, want %d", tt.hand, got, tt.want)
		}
		if s, err := d.HandsSide(h); err != nil || s != tt.side {
			t.Errorf("flip.HandsSide(%q) = %q, %v; want %q", tt.hand, s, err, tt.side)
		}
	}
	if p := classic.Points(Card{Face: Wild}); p != 50 {
		t.Errorf("a classic Wild is %d", p)
	}
	if p := d.Points(Card{Face: Wild}); p != 40 {
		t.Errorf("an UNO Flip Wild is %d", p)
	}
}

// FuzzFlipHand: whatever is typed, the UNO Flip deck's reading never
// panics, refuses with a TokenError, and what it accepts is on one side per
// card, reads back the same, and is counted the same.
func FuzzFlipHand(f *testing.F) {
	for _, s := range []string{"r7 wd2 gd1", "pk3 tse o+5 puf", "w+c 2xskipall", "pkd1", "rse", "r0", "3xtflip w", "wd4 d2", "oskip-everyone"} {
		f.Add(s)
	}
	d := flipDeck(f)
	f.Fuzz(func(t *testing.T, s string) {
		h, err := d.ParseHand(s)
		if err != nil {
			var te *TokenError
			if !errors.As(err, &te) || te.Error() == "" {
				t.Fatalf("flip.ParseHand(%q) error %v", s, err)
			}
			return
		}
		for _, c := range h.Cards {
			if why, _ := d.flipCardProblem(c); why != "" {
				t.Fatalf("flip.ParseHand(%q) accepted %v: %s", s, c, why)
			}
		}
		back, err := d.ParseHand(h.String())
		if err != nil || back.String() != h.String() || d.HandPoints(back) != d.HandPoints(h) {
			t.Fatalf("round trip of %q: %q, %v", s, h.String(), err)
		}
		_ = d.Check(h) // never panics
		if _, err := d.HandsSide(h); err != nil {
			var se *SideError
			if !errors.As(err, &se) {
				t.Fatalf("HandsSide(%q): %v", s, err)
			}
		}
	})
}

// TestFlipReferee: cards match as in UNO on the side in play; Wild Draw Two
// and Wild Draw Color only without the colour in play, and their
// challenges.
func TestFlipReferee(t *testing.T) {
	d := flipDeck(t)
	card := func(s string) Card {
		c, err := d.ParseCard(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	hand := func(s string) []Card {
		h, err := d.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h.Cards
	}
	plays := []struct {
		card, top string
		called    Color
		hand      string
		legal     bool
		says      string
	}{
		{"rd1", "r5", NoColor, "", true, "the colours match"},
		{"yd1", "rd1", NoColor, "", true, "the symbols match"},
		{"pkd5", "td5", NoColor, "", true, "the symbols match"},
		{"tse", "t2", NoColor, "", true, "the colours match"},
		{"ose", "pk2", NoColor, "", false, "neither colour nor card matches"},
		{"rf", "bf", NoColor, "", true, "the symbols match"},
		{"puf", "pu9", NoColor, "", true, "the colours match"},
		{"pk4", "w", Pink, "", true, "the colours match"},
		{"w", "tse", NoColor, "", true, "may go on any card"},
		{"wd2", "r5", NoColor, "r2 b3", false, "a Wild Draw Two is illegal while you hold a red card: the red 2"},
		{"wd2", "r5", NoColor, "b3 r+1", false, "the red Draw One"},
		{"wd2", "r5", NoColor, "b3 y5", true, "a Wild Draw Two is legal on a red 5: you hold no red card"},
		{"wdc", "t5", NoColor, "o2 pu3 w", true, "a Wild Draw Color is legal on a teal 5"},
		{"wdc", "w", Orange, "o2", false, "a Wild Draw Color is illegal while you hold an orange card"},
		{"wdc", "t5", NoColor, "", true, "only while you hold no teal card; give the hand"},
	}
	for _, tt := range plays {
		c, top := card(tt.card), card(tt.top)
		var h []Card
		if tt.hand != "" {
			h = hand(tt.hand)
		}
		if _, err := d.SameSide(tt.called, append([]Card{c, top}, h...)...); err != nil {
			t.Errorf("%s on %s: %v", tt.card, tt.top, err)
		}
		v, err := CanPlay(c, top, tt.called, h)
		if err != nil || v.Legal != tt.legal || !strings.Contains(v.Reason, tt.says) {
			t.Errorf("%s on %s (%s) with %q: %+v, %v; want %v, %q", tt.card, tt.top, tt.called, tt.hand, v, err, tt.legal, tt.says)
		}
	}
	// Cards of both sides, or a colour called of the other side: bad input.
	for _, tt := range []struct {
		cards  []Card
		called Color
		says   string
	}{
		{[]Card{card("t5"), card("r5")}, NoColor, "a red 5 is on the light side of UNO Flip's cards and a teal 5 on the dark side: every card in play shows the side in play"},
		{[]Card{card("r5"), card("w")}, Teal, "a red 5 is on the light side of UNO Flip's cards and the colour called (teal) on the dark side"},
		{[]Card{card("wd2"), card("pk1")}, NoColor, "a Wild Draw Two is on the light side"},
	} {
		if _, err := d.SameSide(tt.called, tt.cards...); err == nil || err.Error() != tt.says && !strings.HasPrefix(err.Error(), tt.says) {
			t.Errorf("SameSide(%v, %v) = %v, want %q", tt.called, tt.cards, err, tt.says)
		}
	}
	if s, err := d.SameSide(Blue, card("w"), card("rev")); err != nil || s != Light {
		t.Errorf("SameSide(blue called on a Wild) = %v, %v", s, err)
	}

	challenges := []struct {
		top    string
		called Color
		hand   string
		want   ChallengeVerdict
	}{
		{"r5", NoColor, "r2 b3", ChallengeVerdict{Guilty: true, Drawer: "challenged", Cards: 2, Card: "wd2"}},
		{"r5", NoColor, "b3 g3", ChallengeVerdict{Drawer: "challenger", Cards: 4, Card: "wd2"}},
		{"t5", NoColor, "o2 t3", ChallengeVerdict{Guilty: true, Drawer: "challenged", Card: "wdc", Until: "teal"}},
		{"w", Pink, "o2", ChallengeVerdict{Drawer: "challenger", Cards: 2, Card: "wdc", Until: "pink"}},
	}
	for _, tt := range challenges {
		v, err := ChallengeFlip(card(tt.top), tt.called, hand(tt.hand))
		reason := v.Reason
		v.Reason = ""
		if err != nil || v != tt.want || !strings.Contains(reason, "UNO Flip") {
			t.Errorf("challenge on %s with %q: %+v (%s), %v; want %+v", tt.top, tt.hand, v, reason, err, tt.want)
		}
	}
	v, _ := ChallengeFlip(card("w"), Pink, hand("o2"))
	if !strings.Contains(v.Reason, "the challenger draws until they turn up a pink card, and then 2 more") {
		t.Errorf("Wild Draw Color challenge: %s", v.Reason)
	}

	// The first card: light side up; what the sheet does not settle it
	// says it does not.
	for _, tt := range []struct {
		card string
		ok   bool
		says string
	}{
		{"r7", true, "play as in UNO: The player to the dealer's left plays first"},
		{"rrev", true, "whose rulebooks differ here"},
		{"rf", true, "The UNO Flip sheet as we have it does not say what a Flip turned up first does"},
		{"gd1", true, "does not say what a Draw One"},
		{"wd2", true, "does not say what a Wild Draw Two"},
		{"t7", false, "the discard pile starts light side up, so a teal 7 (a dark-side card) is never the first discard"},
		{"se", false, "never the first discard"},
	} {
		text, ok := FlipStart(card(tt.card), 0)
		if ok != tt.ok || !strings.Contains(text, tt.says) {
			t.Errorf("FlipStart(%s) = %q, %v; want %q", tt.card, text, ok, tt.says)
		}
	}
}

func TestDeckFaces(t *testing.T) {
	d := flipDeck(t)
	classic, _ := LookupDeck("classic")
	for _, tt := range []struct {
		d    *Deck
		want string
	}{
		{classic, "0 1 2 3 4 5 6 7 8 9 d2 s rev w wd4"},
		{d.Sides[0], "1 2 3 4 5 6 7 8 9 d1 rev s f w wd2"},
		{d.Sides[1], "1 2 3 4 5 6 7 8 9 d5 rev se f w wdc"},
	} {
		var got []string
		for _, f := range tt.d.Faces() {
			got = append(got, f.Token())
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s: %s, want %s", tt.d.Name, strings.Join(got, " "), tt.want)
		}
	}
}
