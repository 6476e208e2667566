// Package decks declares every deck and edition unoscore scores, each in one
// place: its names, the sheet it comes from and how sure the facts are, its
// colours (per side for UNO Flip), its faces with their notation, counts and
// points, the players it allows, its default target and the rules of its own
// that scoring or the referee needs.
//
// It is plain data: package rules reads it into its cards and decks, and
// every surface (notation, the deck check, points, the notation help, the
// keypad, the reference) reads it through rules. Adding a deck is adding a
// declaration to All and a reference topic; no other file names its cards.
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
}

// Classic are the four colours of the five rulebooks.
var Classic = []string{"red", "green", "blue", "yellow"}

var classicStandIn = map[string]string{"purple": "blue", "pink": "red"}

// The faces.
var (
	DrawTwo = &Face{Tokens: []string{"d2", "+2", "draw2", "drawtwo", "dt"}, Name: "Draw Two"}
	Skip    = &Face{Tokens: []string{"s", "skip"}, Name: "Skip"}
	Reverse = &Face{Tokens: []string{"rev", "reverse"}, Name: "Reverse"}
	Wild    = &Face{Tokens: []string{"w", "wild"}, Name: "Wild", Wild: true}
	WildD4  = &Face{Tokens: []string{"wd4", "+4", "w4", "w+4", "wild4", "wild+4", "wd+4", "wilddraw4", "wilddrawfour", "draw4"},
		Name: "Wild Draw Four", Wild: true}
	WildShuffle = &Face{Tokens: []string{"ws", "shuffle", "wildshuffle", "wildshufflehands"},
		Name: "Wild Shuffle Hands", Plural: "Wild Shuffle Hands cards", Wild: true}
	WildCustom = &Face{Tokens: []string{"wc", "custom", "wildcustom", "wildcustomizable"},
		Name: "Wild Customizable", Plural: "Wild Customizable cards", Wild: true}
	DrawOne      = &Face{Tokens: []string{"d1", "+1", "draw1", "drawone"}, Name: "Draw One"}
	DrawFive     = &Face{Tokens: []string{"d5", "+5", "draw5", "drawfive"}, Name: "Draw Five"}
	SkipEveryone = &Face{Tokens: []string{"se", "skipall", "skip-everyone", "skipeveryone"}, Name: "Skip Everyone", Plural: "Skip Everyone cards"}
	Flip         = &Face{Tokens: []string{"f", "flip"}, Name: "Flip"}
	WildD2       = &Face{Tokens: []string{"wd2", "w+2", "wilddraw2", "wilddrawtwo"}, Name: "Wild Draw Two", Wild: true}
	WildDColor   = &Face{Tokens: []string{"wdc", "w+c", "wilddrawcolor", "wilddrawcolour"}, Name: "Wild Draw Color", Wild: true}
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

func wild(n int) Card   { return Card{Face: Wild, InAll: n, Points: 50} }
func wildD4(n int) Card { return Card{Face: WildD4, InAll: n, Points: 50} }

// All lists every deck, the default first.
var All = []*Deck{
	{
		ID: "classic", Name: "classic 108-card deck", Sheet: "the 1998 Deluxe rulebook (002)", Sure: Printed,
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
}
