// Package rules knows what UNO is: the cards and their notation, the decks,
// which card may be played on which, and the encoded rules reference.
//
// It touches no files, clocks or terminals.
package rules

import (
	"fmt"
	"strconv"
)

// Color is the colour printed on a card. Wild cards have NoColor, and so
// does a card whose colour the person entering it did not name.
type Color uint8

// The colours unoscore knows: the classic four, the Themed 2020 deck's
// purple and pink (it shares green and yellow with the classic decks), and
// the UNO Flip deck's dark side: pink, teal, orange and purple (its light
// side has the classic four).
const (
	NoColor Color = iota
	Red
	Green
	Blue
	Yellow
	Purple
	Pink
	Teal
	Orange
	numColors
)

// Colors lists the classic colours in the order the rulebooks print them.
// A deck's own colours are its Colors field.
var Colors = []Color{Red, Green, Blue, Yellow}

// AllColors lists every colour any deck uses.
var AllColors = []Color{Red, Green, Blue, Yellow, Purple, Pink, Teal, Orange}

type colorInfo struct {
	name   string
	letter string // short notation
	side   Side   // the side of an UNO Flip card that has the colour
}

var colorInfos = [...]colorInfo{
	NoColor: {"", "", NoSide},
	Red:     {"red", "r", Light},
	Green:   {"green", "g", Light},
	Blue:    {"blue", "b", Light},
	Yellow:  {"yellow", "y", Light},
	Purple:  {"purple", "pu", Dark},
	Pink:    {"pink", "pk", Dark},
	Teal:    {"teal", "t", Dark},
	Orange:  {"orange", "o", Dark},
}

// Side is a side of an UNO Flip card: Light (white border) or Dark (black
// border). NoSide: not known, or not an UNO Flip card.
type Side uint8

// The sides of an UNO Flip card.
const (
	NoSide Side = iota
	Light
	Dark
)

// String names the side: "light", "dark", or "" for NoSide.
func (s Side) String() string {
	switch s {
	case Light:
		return "light"
	case Dark:
		return "dark"
	}
	return ""
}

// Other is the side on the back of s.
func (s Side) Other() Side {
	switch s {
	case Light:
		return Dark
	case Dark:
		return Light
	}
	return NoSide
}

// FlipSide is the side of an UNO Flip card that has the colour: Light for
// red, yellow, green and blue, Dark for pink, teal, orange and purple.
func (c Color) FlipSide() Side {
	if c < numColors {
		return colorInfos[c].side
	}
	return NoSide
}

// String returns the colour's name ("red"), or "" for NoColor.
func (c Color) String() string {
	if c < numColors {
		return colorInfos[c].name
	}
	return "color(" + strconv.Itoa(int(c)) + ")"
}

// Letter returns the colour's short notation: "r", "g", "b", "y", "pu",
// "pk", "t", "o".
func (c Color) Letter() string {
	if c >= numColors {
		return ""
	}
	return colorInfos[c].letter
}

// Valid reports whether c is a colour unoscore knows (or NoColor).
func (c Color) Valid() bool { return c < numColors }

// Face is what a card does: a number from 0 to 9 or an action.
type Face uint8

// Faces 0 to 9 are the number cards: Face(7) is a 7. The faces after
// WildCustom are only in the UNO Flip deck.
const (
	DrawTwo Face = iota + 10
	Skip
	Reverse
	Wild
	WildDrawFour
	WildShuffle
	WildCustom
	DrawOne
	DrawFive
	SkipEveryone
	Flip
	WildDrawTwo
	WildDrawColor
	numFaces
)

// Faces lists every face in the order the rulebooks print them.
var Faces = func() []Face {
	fs := make([]Face, 0, numFaces)
	for f := Face(0); f < numFaces; f++ {
		fs = append(fs, f)
	}
	return fs
}()

// faceKind says what sort of card a face is.
type faceKind uint8

const (
	action faceKind = iota // a coloured action card
	wild                   // a wild card, which has no colour
)

type faceInfo struct {
	token  string // short notation
	name   string // name for people
	plural string
	points int
	kind   faceKind
	// side: the side of an UNO Flip card the face is on, for faces only
	// that deck has (NoSide: not only there, or on both sides).
	side Side
}

var faceInfos = [...]faceInfo{
	DrawTwo:       {"d2", "Draw Two", "Draw Twos", 20, action, NoSide},
	Skip:          {"s", "Skip", "Skips", 20, action, NoSide},
	Reverse:       {"rev", "Reverse", "Reverses", 20, action, NoSide},
	Wild:          {"w", "Wild", "Wilds", 50, wild, NoSide},
	WildDrawFour:  {"wd4", "Wild Draw Four", "Wild Draw Fours", 50, wild, NoSide},
	WildShuffle:   {"ws", "Wild Shuffle Hands", "Wild Shuffle Hands cards", 40, wild, NoSide},
	WildCustom:    {"wc", "Wild Customizable", "Wild Customizable cards", 40, wild, NoSide},
	DrawOne:       {"d1", "Draw One", "Draw Ones", 10, action, Light},
	DrawFive:      {"d5", "Draw Five", "Draw Fives", 20, action, Dark},
	SkipEveryone:  {"se", "Skip Everyone", "Skip Everyone cards", 30, action, Dark},
	Flip:          {"f", "Flip", "Flips", 20, action, NoSide},
	WildDrawTwo:   {"wd2", "Wild Draw Two", "Wild Draw Twos", 50, wild, Light},
	WildDrawColor: {"wdc", "Wild Draw Color", "Wild Draw Colors", 60, wild, Dark},
}

// IsNumber reports whether the face is one of 0 to 9.
func (f Face) IsNumber() bool { return f <= 9 }

// IsWild reports whether the face is a wild card, which has no colour.
func (f Face) IsWild() bool { return !f.IsNumber() && f < numFaces && faceInfos[f].kind == wild }

// IsAction reports whether the face is a coloured action card: Draw Two,
// Skip or Reverse, and UNO Flip's Draw One, Draw Five, Skip Everyone and
// Flip.
func (f Face) IsAction() bool { return !f.IsNumber() && f < numFaces && faceInfos[f].kind == action }

// FlipSide is the side of an UNO Flip card that a face only that deck has
// is printed on (Draw One and Wild Draw Two: Light; Draw Five, Skip
// Everyone and Wild Draw Color: Dark); NoSide for every other face.
func (f Face) FlipSide() Side {
	if !f.IsNumber() && f < numFaces {
		return faceInfos[f].side
	}
	return NoSide
}

// OnlyFlip reports whether only the UNO Flip deck has the face.
func (f Face) OnlyFlip() bool { return f >= DrawOne && f < numFaces }

// Valid reports whether f is a face unoscore knows.
func (f Face) Valid() bool { return f < numFaces }

// Points is the card's value when a hand is scored: the face value of a
// number, 20 for an action card, 50 for Wild and Wild Draw Four, 40 for Wild
// Shuffle Hands and Wild Customizable; UNO Flip's own faces their value on
// its sheet (Draw One 10, Draw Five 20, Skip Everyone 30, Flip 20, Wild Draw
// Two 50, Wild Draw Color 60). A Wild in the UNO Flip deck is worth 40, not
// this 50: count a hand with its deck (Deck.Points). No rulebook gives another value, but
// not every one prints them all: the 40-point cards are only in the Shuffle
// Hands rulebook (003), the Themed 2020 table (004) lost the Wild Draw Four's
// line to OCR damage, and the Older sheet (001) prints values but no deck.
func (f Face) Points() int {
	if f.IsNumber() {
		return int(f)
	}
	if f.Valid() {
		return faceInfos[f].points
	}
	return 0
}

// Token is the face's short notation: "7", "d2", "s", "rev", "w", "wd4".
func (f Face) Token() string {
	if f.IsNumber() {
		return strconv.Itoa(int(f))
	}
	if f.Valid() {
		return faceInfos[f].token
	}
	return "?"
}

// String is the face's name for people: "7", "Draw Two", "Wild Draw Four".
func (f Face) String() string {
	if f.IsNumber() {
		return strconv.Itoa(int(f))
	}
	if f.Valid() {
		return faceInfos[f].name
	}
	return fmt.Sprintf("face(%d)", int(f))
}

// Plural names several cards of the face: "7s", "Draw Twos".
func (f Face) Plural() string {
	if f.IsNumber() {
		return f.String() + "s"
	}
	if f.Valid() {
		return faceInfos[f].plural
	}
	return f.String()
}

// Card is one card. A coloured face with NoColor is a card whose colour was
// not named (the notation allows "7" for a 7 of any colour).
type Card struct {
	Color Color
	Face  Face
}

// Points is the card's value when a hand is scored, in every deck but UNO
// Flip's (see Deck.Points).
func (c Card) Points() int { return c.Face.Points() }

// FlipSide is the side of an UNO Flip card this card is on, as far as its
// colour or its face tells (NoSide: either side).
func (c Card) FlipSide() Side {
	if s := c.Color.FlipSide(); s != NoSide {
		return s
	}
	return c.Face.FlipSide()
}

// Token is the card's short notation: "r7", "gd2", "ys", "brev", "pu7",
// "wd4", "7".
func (c Card) Token() string { return c.Color.Letter() + c.Face.Token() }

// String names the card for people: "red 7", "Wild Draw Four", "7".
func (c Card) String() string {
	if c.Color == NoColor {
		return c.Face.String()
	}
	return c.Color.String() + " " + c.Face.String()
}
