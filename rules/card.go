// Package rules knows what UNO is: the cards and their notation, the decks,
// which card may be played on which, and the encoded rules reference.
//
// It touches no files, clocks or terminals.
package rules

import (
	"fmt"
	"strconv"

	decl "github.com/unoscore/unoscore/rules/decks"
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
	// tokens are every spelling of the face, its short notation first.
	tokens []string
	// side: the side of an UNO Flip card the face is on, for faces only
	// that deck has (NoSide: not only there, or on both sides); onlyFlip:
	// only the UNO Flip deck has the face.
	side     Side
	onlyFlip bool
	draws    int // the cards it makes the player it hits draw (0: none, or no count)
}

// named binds the faces the code itself refers to (the referee's rules,
// the rulebooks' facts) to their notation in the declarations of package
// decks, which say everything else about them.
var named = [...]string{
	DrawTwo: "d2", Skip: "s", Reverse: "rev", Wild: "w", WildDrawFour: "wd4",
	WildShuffle: "ws", WildCustom: "wc", DrawOne: "d1", DrawFive: "d5",
	SkipEveryone: "se", Flip: "f", WildDrawTwo: "wd2", WildDrawColor: "wdc",
}

// faceInfos is every face of every declared deck, by Face: the numbers,
// the faces named above, then any other face in the order the decks
// declare them. A face's points are those of the first deck that holds it.
var faceInfos = func() []faceInfo {
	infos := make([]faceInfo, numNamed)
	ids := map[*decl.Face]Face{}
	flipOnly := map[Face]Side{} // faces seen only in two-sided decks: their side (NoSide: both)
	seenElsewhere := map[Face]bool{}
	for _, d := range decl.All {
		for _, sd := range d.Sides {
			for _, c := range sd.Cards {
				f, ok := ids[c.Face]
				if !ok {
					f = faceOfDecl(c.Face, &infos)
					ids[c.Face] = f
					if !c.Face.Number {
						infos[f].points = c.Points
					}
				}
				if d.Newer {
					// A newer edition's faces say nothing of UNO Flip's.
				} else if len(d.Sides) > 1 {
					s := sideNamed(sd.Name)
					if prev, ok := flipOnly[f]; ok && prev != s {
						s = NoSide
					}
					flipOnly[f] = s
				} else {
					seenElsewhere[f] = true
				}
			}
		}
	}
	for f, s := range flipOnly {
		if !seenElsewhere[f] && f > 9 {
			infos[f].side, infos[f].onlyFlip = s, true
		}
	}
	for f, tok := range named {
		if tok != "" && infos[f].token != tok {
			panic(fmt.Sprintf("rules: no deck declares the face %q", tok))
		}
	}
	return infos
}()

// numNamed is the first Face after the named ones.
const numNamed = int(WildDrawColor) + 1

// faceOfDecl is the Face of a declared face, adding it to infos if it is
// new.
func faceOfDecl(df *decl.Face, infos *[]faceInfo) Face {
	fi := faceInfo{token: df.Tokens[0], name: df.Name, plural: df.Plural, tokens: df.Tokens, kind: action, draws: df.Draws}
	if fi.plural == "" {
		fi.plural = df.Name + "s"
	}
	if df.Wild {
		fi.kind = wild
	}
	if df.Number {
		n, err := strconv.Atoi(df.Tokens[0])
		if err != nil || n < 0 || n > 9 {
			panic("rules: a number face is 0 to 9, not " + df.Tokens[0])
		}
		(*infos)[n] = fi
		return Face(n)
	}
	for f, tok := range named {
		if tok == fi.token {
			if (*infos)[f].token != "" {
				panic("rules: two faces are written " + tok)
			}
			(*infos)[f] = fi
			return Face(f)
		}
	}
	for f := range *infos {
		if (*infos)[f].token == fi.token {
			panic("rules: two faces are written " + fi.token)
		}
	}
	*infos = append(*infos, fi)
	return Face(len(*infos) - 1)
}

func sideNamed(name string) Side {
	switch name {
	case "light":
		return Light
	case "dark":
		return Dark
	}
	return NoSide
}

// numFaces is one past the last face.
var numFaces = Face(len(faceInfos))

// Draws is how many cards the face makes the player it hits draw, as its
// declaration says (a Draw Two's 2); 0 for none, or no count (UNO Flip's
// Wild Draw Color draws until a colour turns up).
func (f Face) Draws() int {
	if f < numFaces {
		return faceInfos[f].draws
	}
	return 0
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
func (f Face) OnlyFlip() bool { return !f.IsNumber() && f < numFaces && faceInfos[f].onlyFlip }

// Valid reports whether f is a face unoscore knows.
func (f Face) Valid() bool { return f < numFaces }

// Points is the card's value when a hand is scored: the face value of a
// number, else its points in the first deck package decks declares with it.
// A deck may value a face otherwise (a Wild in UNO Flip): count a hand with
// its deck (Deck.Points).
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
