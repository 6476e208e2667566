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

// The colours unoscore knows: the classic four, and the Themed 2020 deck's
// purple and pink (it shares green and yellow with the classic decks).
const (
	NoColor Color = iota
	Red
	Green
	Blue
	Yellow
	Purple
	Pink
	numColors
)

// Colors lists the classic colours in the order the rulebooks print them.
// A deck's own colours are its Colors field.
var Colors = []Color{Red, Green, Blue, Yellow}

// AllColors lists every colour any deck uses.
var AllColors = []Color{Red, Green, Blue, Yellow, Purple, Pink}

type colorInfo struct {
	name   string
	letter string // short notation
}

var colorInfos = [...]colorInfo{
	NoColor: {"", ""},
	Red:     {"red", "r"},
	Green:   {"green", "g"},
	Blue:    {"blue", "b"},
	Yellow:  {"yellow", "y"},
	Purple:  {"purple", "pu"},
	Pink:    {"pink", "pk"},
}

// String returns the colour's name ("red"), or "" for NoColor.
func (c Color) String() string {
	if c < numColors {
		return colorInfos[c].name
	}
	return "color(" + strconv.Itoa(int(c)) + ")"
}

// Letter returns the colour's short notation: "r", "g", "b", "y", "pu",
// "pk".
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

// Faces 0 to 9 are the number cards: Face(7) is a 7.
const (
	DrawTwo Face = iota + 10
	Skip
	Reverse
	Wild
	WildDrawFour
	WildShuffle
	WildCustom
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

type faceInfo struct {
	token  string // short notation
	name   string // name for people
	plural string
	points int
}

var faceInfos = [...]faceInfo{
	DrawTwo:      {"d2", "Draw Two", "Draw Twos", 20},
	Skip:         {"s", "Skip", "Skips", 20},
	Reverse:      {"rev", "Reverse", "Reverses", 20},
	Wild:         {"w", "Wild", "Wilds", 50},
	WildDrawFour: {"wd4", "Wild Draw Four", "Wild Draw Fours", 50},
	WildShuffle:  {"ws", "Wild Shuffle Hands", "Wild Shuffle Hands cards", 40},
	WildCustom:   {"wc", "Wild Customizable", "Wild Customizable cards", 40},
}

// IsNumber reports whether the face is one of 0 to 9.
func (f Face) IsNumber() bool { return f <= 9 }

// IsWild reports whether the face is a wild card, which has no colour.
func (f Face) IsWild() bool { return f >= Wild && f < numFaces }

// IsAction reports whether the face is a coloured action card: Draw Two,
// Skip or Reverse.
func (f Face) IsAction() bool { return f >= DrawTwo && f <= Reverse }

// Valid reports whether f is a face unoscore knows.
func (f Face) Valid() bool { return f < numFaces }

// Points is the card's value when a hand is scored: the face value of a
// number, 20 for an action card, 50 for Wild and Wild Draw Four, 40 for Wild
// Shuffle Hands and Wild Customizable. No rulebook gives another value, but
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

// Points is the card's value when a hand is scored.
func (c Card) Points() int { return c.Face.Points() }

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
