// Package decks declares every deck and edition unoscore scores, each in one
// place: its names, the sheet it comes from and how sure the facts are, its
// colours (per side for UNO Flip), its faces with their notation, counts and
// points, the players it allows, its default target and the rules of its own
// that scoring or the referee needs.
//
// It is plain data: package rules reads it into its cards and decks, and
// every surface (notation, the deck check, points, the notation help, the
// keypad, the reference) reads it through rules. Adding a deck is adding a
// declaration to All, its reference topic with it (Topic) or in
// rules/reference/ID.md; no other file names its cards.
package decks

// Sure says how sure a fact is.
type Sure string

// How sure a deck's facts are.
const (
	Printed     Sure = "printed"     // printed in the rulebook or sheet itself
	Certain     Sure = "certain"     // several sources that agree, one a copy of the sheet
	Provisional Sure = "provisional" // sources that mostly agree, with open questions
	OneSource   Sure = "one source"  // a single source found
	Unknown     Sure = "unknown"     // not found: not checked
)

// Face is one kind of card: a number or an action. The same face in two
// decks is one declaration (the variables below), shared.
type Face struct {
	// Tokens: the first is the face's short notation, written back in
	// every hand stored and shown; the rest are spellings people type.
	Tokens []string
	Name   string // for people: "Draw Two"
	Plural string // "" : Name + "s"
	// Wild: the card takes no colour.
	Wild bool
	// Number: a number card, its face value its Tokens[0].
	Number bool
	// Draws: the cards it makes the player it hits draw (0: none, or not
	// a count: UNO Flip's Wild Draw Color draws until a colour).
	Draws int
}

// Card is a face as one deck (or one side of it) holds it.
type Card struct {
	Face *Face
	// PerColor: copies in each of the side's colours; InAll: copies in all
	// (a wild). One of the two.
	PerColor, InAll int
	Points          int
}

// Side is a deck's set of colours and the faces printed in them. Every deck
// has one side, UNO Flip two.
type Side struct {
	Name   string   // "light", "dark"; "" for a one-sided deck
	Colors []string // colour names, in the order the sheet prints them; none for a deck without colours
	Cards  []Card   // in the order the sheet prints them
}

// Rules are the rules of a deck's own that scoring or the referee needs.
type Rules struct {
	// NoZero: the deck has no 0s (said in refusals).
	NoZero bool
	// NotLast: tokens of faces a player may not go out on.
	NotLast []string
	// Mercy: a player holding this many cards or more is knocked out of the
	// hand (0: no mercy rule); KnockOutBonus: points added for each player
	// knocked out.
	Mercy, KnockOutBonus int
	// DrawUntilPlay: a player who cannot play draws until they can.
	DrawUntilPlay bool
	// SevenO: a 7 swaps hands with a chosen player, a 0 passes every
	// hand on.
	SevenO bool
	// Stacking: a draw card may be answered with a draw card of equal or
	// higher value, the total passing on.
	Stacking bool
	// UnrestrictedDraw: a Draw Four has no colour restriction and cannot
	// be challenged.
	UnrestrictedDraw bool
}

// Deck is one deck or edition.
type Deck struct {
	ID      string   // the game records it: "classic"
	Aliases []string // other names --deck takes ("minimalista")
	Name    string   // for sentences: "classic 108-card deck"
	Title   string   // the edition's name, where it is not UNO's: "UNO Flip"
	// Sheet: the rulebook or instruction sheet the facts come from; Sure:
	// how sure its scoring facts are; Counts: how sure its card counts are
	// ("" : as Sure).
	Sheet  string
	Sure   Sure
	Counts Sure
	Sides  []Side
	// StandIn maps a colour the deck lacks to its own colour that looks
	// most like it, for suggestions.
	StandIn map[string]string
	// Players: the fewest and most players (0: the game's own limits);
	// Target: the default target (0: the game's own).
	MinPlayers, MaxPlayers int
	Target                 int
	Rules                  Rules
	// Size: the cards in the box, where the sheets give the total but not
	// every count (0: the sum of the counts). The counts are then each
	// the most a box could hold, and the deck check also holds a hand to
	// the total.
	Size int
	// Newer: an edition after the five rulebooks and UNO Flip: its own
	// faces are known only in its games (elsewhere their tokens are
	// unknown, with a suggestion from that game's deck).
	Newer bool
	// Notes: what the sheets leave open, said in the deck's reference.
	Notes []string
	// Topic: the deck's reference topic (unoscore rules ID), a topic file
	// of rules/reference as text: a header whose id is the deck's, then
	// the words on what its cards do, its values, deck and open questions
	// from {{edition "ID" "values"}}, "deck" and "open". "" when the topic
	// is the file rules/reference/ID.md, as for the editions shipped,
	// whose facts cite their sheets line by line.
	Topic string
}

// Classic are the four colours of the five rulebooks.
var Classic = []string{"red", "green", "blue", "yellow"}

var classicStandIn = map[string]string{"purple": "blue", "pink": "red"}

// The faces.
var (
	DrawTwo = &Face{Tokens: []string{"d2", "+2", "draw2", "drawtwo", "dt"}, Name: "Draw Two", Draws: 2}
	Skip    = &Face{Tokens: []string{"s", "skip"}, Name: "Skip"}
	Reverse = &Face{Tokens: []string{"rev", "reverse"}, Name: "Reverse"}
	Wild    = &Face{Tokens: []string{"w", "wild"}, Name: "Wild", Wild: true}
	WildD4  = &Face{Tokens: []string{"wd4", "+4", "w4", "w+4", "wild4", "wild+4", "wd+4", "wilddraw4", "wilddrawfour", "draw4"},
		Name: "Wild Draw Four", Wild: true, Draws: 4}
	WildShuffle = &Face{Tokens: []string{"ws", "shuffle", "wildshuffle", "wildshufflehands"},
		Name: "Wild Shuffle Hands", Plural: "Wild Shuffle Hands cards", Wild: true}
	WildCustom = &Face{Tokens: []string{"wc", "custom", "wildcustom", "wildcustomizable"},
		Name: "Wild Customizable", Plural: "Wild Customizable cards", Wild: true}
	DrawOne      = &Face{Tokens: []string{"d1", "+1", "draw1", "drawone"}, Name: "Draw One", Draws: 1}
	DrawFive     = &Face{Tokens: []string{"d5", "+5", "draw5", "drawfive"}, Name: "Draw Five", Draws: 5}
	SkipEveryone = &Face{Tokens: []string{"se", "skipall", "skip-everyone", "skipeveryone"}, Name: "Skip Everyone", Plural: "Skip Everyone cards"}
	Flip         = &Face{Tokens: []string{"f", "flip"}, Name: "Flip"}
	WildD2       = &Face{Tokens: []string{"wd2", "w+2", "wilddraw2", "wilddrawtwo"}, Name: "Wild Draw Two", Wild: true, Draws: 2}
	WildDColor   = &Face{Tokens: []string{"wdc", "w+c", "wilddrawcolor", "wilddrawcolour"}, Name: "Wild Draw Color", Wild: true}
)

// The faces of the newer editions.
var (
	Hit2        = &Face{Tokens: []string{"h2", "hit2", "hittwo"}, Name: "Hit 2", Plural: "Hit 2 cards"}
	DiscardAll  = &Face{Tokens: []string{"da", "discardall"}, Name: "Discard All", Plural: "Discard All cards"}
	TradeHands  = &Face{Tokens: []string{"th", "trade", "tradehands"}, Name: "Trade Hands", Plural: "Trade Hands cards"}
	WildAllHit  = &Face{Tokens: []string{"wah", "allhit", "wildallhit"}, Name: "Wild All Hit", Plural: "Wild All Hit cards", Wild: true}
	WildHitFire = &Face{Tokens: []string{"whf", "hitfire", "wildhitfire"}, Name: "Wild Hit-Fire", Plural: "Wild Hit-Fire cards", Wild: true}

	WildReverse  = &Face{Tokens: []string{"wrev", "wildreverse"}, Name: "Wild Reverse", Wild: true}
	WildSkip     = &Face{Tokens: []string{"wsk", "wskip", "wildskip"}, Name: "Wild Skip", Wild: true}
	WildSkipTwo  = &Face{Tokens: []string{"wsk2", "wskip2", "wildskiptwo", "wildskip2"}, Name: "Wild Skip Two", Plural: "Wild Skip Two cards", Wild: true}
	WildTargetD2 = &Face{Tokens: []string{"wtd2", "targeted", "wildtargeteddrawtwo", "wildtargeteddraw2"}, Name: "Wild Targeted Draw Two", Wild: true, Draws: 2}
	WildSwap     = &Face{Tokens: []string{"wfs", "swap", "forcedswap", "wildforcedswap"}, Name: "Wild Forced Swap", Wild: true}

	DrawFour          = &Face{Tokens: []string{"d4", "+4", "draw4", "drawfour"}, Name: "Draw Four", Draws: 4}
	WildRevD4         = &Face{Tokens: []string{"wrd4", "wr+4", "wildreversedraw4", "wildreversedrawfour"}, Name: "Wild Reverse Draw Four", Wild: true, Draws: 4}
	WildD6            = &Face{Tokens: []string{"wd6", "+6", "w+6", "wilddraw6", "wilddrawsix"}, Name: "Wild Draw Six", Wild: true, Draws: 6}
	WildD10           = &Face{Tokens: []string{"wd10", "+10", "w+10", "wilddraw10", "wilddrawten"}, Name: "Wild Draw Ten", Wild: true, Draws: 10}
	WildRoulette      = &Face{Tokens: []string{"wcr", "roulette", "colorroulette", "wildcolorroulette", "wildcolourroulette"}, Name: "Wild Color Roulette", Wild: true}
	DiscardTwo        = &Face{Tokens: []string{"dt", "discard2", "discardtwo"}, Name: "Discard Two", Plural: "Discard Two cards"}
	WildClear         = &Face{Tokens: []string{"wcl", "clear", "wildclear"}, Name: "Wild Clear", Wild: true}
	WildGiveAway      = &Face{Tokens: []string{"wga", "giveaway", "wildgiveaway"}, Name: "Wild Give Away", Wild: true}
	PointTaken        = &Face{Tokens: []string{"pt", "pointtaken"}, Name: "Point Taken", Plural: "Point Taken cards"}
	WildDrawnTogether = &Face{Tokens: []string{"wdt", "drawntogether", "wilddrawntogether"}, Name: "Wild Drawn Together", Wild: true}
	WildPileUp        = &Face{Tokens: []string{"wpu", "pileup", "wildpileup"}, Name: "Wild Pile Up", Wild: true}
)

// Numbers are the number faces 0 to 9.
var Numbers = func() []*Face {
	fs := make([]*Face, 10)
	for i := range fs {
		fs[i] = &Face{Tokens: []string{string(rune('0' + i))}, Name: string(rune('0' + i)), Number: true}
	}
	return fs
}()

// numbers is a side's number cards, from lo to 9: one 0 and two of each
// other number per colour, each worth its face value.
func numbers(lo int) []Card {
	var cs []Card
	for i := lo; i <= 9; i++ {
		n := 2
		if i == 0 {
			n = 1
		}
		cs = append(cs, Card{Face: Numbers[i], PerColor: n, Points: i})
	}
	return cs
}

// classic is the five rulebooks' coloured cards and the wilds given, each
// with its count.
func classic(wilds ...Card) []Card {
	cs := append(numbers(0),
		Card{Face: DrawTwo, PerColor: 2, Points: 20},
		Card{Face: Skip, PerColor: 2, Points: 20},
		Card{Face: Reverse, PerColor: 2, Points: 20})
	return append(cs, wilds...)
}

// numbersEach is a side's number cards, lo to 9, n of each per colour.
func numbersEach(lo, n int) []Card {
	var cs []Card
	for i := lo; i <= 9; i++ {
		cs = append(cs, Card{Face: Numbers[i], PerColor: n, Points: i})
	}
	return cs
}

func wild(n int) Card   { return Card{Face: Wild, InAll: n, Points: 50} }
func wildD4(n int) Card { return Card{Face: WildD4, InAll: n, Points: 50} }

// All lists every deck, the default first.
var All = []*Deck{
	{
		ID: "classic", Aliases: []string{"minimalista", "iconic"}, Name: "classic 108-card deck", Sheet: "the 1998 Deluxe rulebook (002)", Sure: Printed,
		Sides:   []Side{{Colors: Classic, Cards: classic(wild(4), wildD4(4))}},
		StandIn: classicStandIn,
	},
	{
		ID: "deluxe", Name: "Deluxe 112-card deck", Sheet: "an undated Deluxe rulebook (000)", Sure: Printed,
		Sides:   []Side{{Colors: Classic, Cards: classic(wild(8), wildD4(4))}},
		StandIn: classicStandIn,
	},
	{
		ID: "shuffle", Name: "112-card deck with Wild Shuffle Hands", Sheet: "the Shuffle Hands rulebook (003)", Sure: Printed,
		Sides: []Side{{Colors: Classic, Cards: classic(wild(4), wildD4(4),
			Card{Face: WildShuffle, InAll: 1, Points: 40},
			Card{Face: WildCustom, InAll: 3, Points: 40})}},
		StandIn: classicStandIn,
	},
	{
		ID: "themed", Name: "Themed 2020 112-card deck", Sheet: "the Themed 2020 rulebook (004)", Sure: Printed,
		Sides:   []Side{{Colors: []string{"purple", "green", "pink", "yellow"}, Cards: classic(wild(8), wildD4(4))}},
		StandIn: map[string]string{"red": "pink", "blue": "purple"},
	},
	{
		ID: "flip", Name: "UNO Flip deck", Title: "UNO Flip", Sheet: "UNO Flip's instruction sheet (Mattel GDR44)", Sure: Certain,
		Sides: []Side{
			{Name: "light", Colors: []string{"red", "yellow", "green", "blue"}, Cards: append(numbers(1),
				Card{Face: DrawOne, PerColor: 2, Points: 10},
				Card{Face: Reverse, PerColor: 2, Points: 20},
				Card{Face: Skip, PerColor: 2, Points: 20},
				Card{Face: Flip, PerColor: 2, Points: 20},
				Card{Face: Wild, InAll: 4, Points: 40},
				Card{Face: WildD2, InAll: 4, Points: 50})},
			{Name: "dark", Colors: []string{"pink", "teal", "orange", "purple"}, Cards: append(numbers(1),
				Card{Face: DrawFive, PerColor: 2, Points: 20},
				Card{Face: Reverse, PerColor: 2, Points: 20},
				Card{Face: SkipEveryone, PerColor: 2, Points: 30},
				Card{Face: Flip, PerColor: 2, Points: 20},
				Card{Face: Wild, InAll: 4, Points: 40},
				Card{Face: WildDColor, InAll: 4, Points: 60})},
		},
		Rules: Rules{NoZero: true},
	},
	{
		ID: "attack", Aliases: []string{"extreme", "uno-attack", "unoattack"}, Name: "UNO Attack deck", Title: "UNO Attack",
		Sheet: "UNO Attack's instruction sheet (Mattel 41943)", Sure: Certain, Counts: Provisional, Newer: true,
		Sides: []Side{{Colors: Classic, Cards: append(numbersEach(1, 2),
			Card{Face: Hit2, PerColor: 2, Points: 20},
			Card{Face: Skip, PerColor: 2, Points: 20},
			Card{Face: Reverse, PerColor: 2, Points: 20},
			Card{Face: DiscardAll, PerColor: 1, Points: 30},
			Card{Face: TradeHands, PerColor: 1, Points: 30},
			Card{Face: Wild, InAll: 4, Points: 50},
			Card{Face: WildAllHit, InAll: 2, Points: 50},
			Card{Face: WildHitFire, InAll: 2, Points: 50})}},
		StandIn: classicStandIn,
		Rules:   Rules{NoZero: true, NotLast: []string{"th"}},
		Notes: []string{
			"The sources differ on Reverse and Discard All per colour (2 and 1, or 1 and 2); unoscore counts 2 Reverses and 1 Discard All, which makes the 112 cards the box holds. Some printings have 106 cards.",
		},
	},
	{
		ID: "all-wild", Aliases: []string{"allwild"}, Name: "UNO All Wild deck", Title: "UNO All Wild",
		Sheet: "UNO All Wild's instruction sheet (Mattel HHL33)", Sure: Certain, Counts: Unknown, Newer: true, Size: 112,
		Sides: []Side{{Cards: []Card{
			{Face: Wild, InAll: 112, Points: 20},
			{Face: WildReverse, InAll: 112, Points: 50},
			{Face: WildSkip, InAll: 112, Points: 50},
			{Face: WildSkipTwo, InAll: 112, Points: 50},
			{Face: WildD2, InAll: 112, Points: 50},
			{Face: WildD4, InAll: 112, Points: 50},
			{Face: WildTargetD2, InAll: 112, Points: 50},
			{Face: WildSwap, InAll: 112, Points: 50},
		}}},
		Rules: Rules{UnrestrictedDraw: true},
		Notes: []string{
			"How many of each kind the box holds was not found: unoscore checks only that no hands name more than its 112 cards.",
		},
	},
	{
		ID: "no-mercy", Aliases: []string{"nomercy", "show-em-no-mercy", "showemnomercy"}, Name: "UNO Show 'Em No Mercy deck", Title: "UNO Show 'Em No Mercy",
		Sheet: "UNO Show 'Em No Mercy's instruction sheet (Mattel HWV18)", Sure: Provisional, Counts: Provisional, Newer: true,
		Sides: []Side{{Colors: Classic, Cards: append(numbersEach(0, 2),
			Card{Face: DrawTwo, PerColor: 3, Points: 20},
			Card{Face: DrawFour, PerColor: 2, Points: 20},
			Card{Face: Skip, PerColor: 3, Points: 20},
			Card{Face: SkipEveryone, PerColor: 2, Points: 20},
			Card{Face: Reverse, PerColor: 3, Points: 20},
			Card{Face: DiscardAll, PerColor: 3, Points: 20},
			Card{Face: WildRevD4, InAll: 8, Points: 50},
			Card{Face: WildD6, InAll: 4, Points: 50},
			Card{Face: WildD10, InAll: 4, Points: 50},
			Card{Face: WildRoulette, InAll: 8, Points: 50})}},
		StandIn:    classicStandIn,
		MinPlayers: 2, MaxPlayers: 10, Target: 1000,
		Rules: Rules{Mercy: 25, KnockOutBonus: 250, DrawUntilPlay: true, Stacking: true, SevenO: true},
		Notes: []string{
			"Who gets the 250 for a knock-out is read two ways: whoever knocked the player out, or the hand's winner. The table chooses at new (--mercy-bonus knocker or winner, the default).",
			"A few pages say the game is to 500; those that cite the sheet say 1,000.",
		},
	},
	{
		ID: "triple-play", Aliases: []string{"tripleplay"}, Name: "UNO Triple Play deck", Title: "UNO Triple Play",
		Sheet: "UNO Triple Play's instruction sheet (Mattel GXV87)", Sure: OneSource, Counts: Certain, Newer: true,
		Sides: []Side{{Colors: Classic, Cards: append(numbers(0),
			Card{Face: Reverse, PerColor: 2, Points: 20},
			Card{Face: Skip, PerColor: 2, Points: 20},
			Card{Face: DiscardTwo, PerColor: 2, Points: 30},
			Card{Face: Wild, InAll: 4, Points: 50},
			Card{Face: WildClear, InAll: 4, Points: 50},
			Card{Face: WildGiveAway, InAll: 4, Points: 50})}},
		StandIn: classicStandIn,
		Notes: []string{
			"Its card values come from one source (a score tracker that cites the sheet); the counts from two.",
		},
	},
	{
		ID: "party", Aliases: []string{"uno-party", "unoparty"}, Name: "UNO Party deck", Title: "UNO Party",
		Sheet: "UNO Party's instruction sheet (Mattel HMY49)", Sure: OneSource, Counts: Unknown, Newer: true, Size: 224,
		Sides: []Side{{Colors: Classic, Cards: append(numbersEach(0, 4),
			Card{Face: Skip, PerColor: 4, Points: 20},
			Card{Face: Reverse, PerColor: 4, Points: 20},
			Card{Face: DrawTwo, PerColor: 4, Points: 20},
			Card{Face: PointTaken, PerColor: 4, Points: 20},
			Card{Face: Wild, InAll: 8, Points: 50},
			Card{Face: WildD4, InAll: 8, Points: 50},
			Card{Face: WildDrawnTogether, InAll: 8, Points: 50},
			Card{Face: WildPileUp, InAll: 8, Points: 50})}},
		StandIn:    classicStandIn,
		MinPlayers: 6, MaxPlayers: 16,
		Notes: []string{
			"Its card values come from one source (a score tracker that cites the sheet). How many of each card its 224 hold was not found: unoscore allows twice a classic deck's of each, and no more than 224 in all.",
		},
	},
}
