package rules

import (
	"fmt"
	"strings"

	"github.com/unoscore/unoscore/rules/words"
)

// Edition is one of the five printed rulebooks unoscore's reference is
// written from, with the facts on which the rulebooks differ. Each fact is
// stated here once; the reference text and the referee both read it.
type Edition struct {
	ID    string // short id used in the reference
	Book  string // the rulebook's file number in shared/rulebooks ("002"), as facts cite it
	Name  string // short, self-explaining name: deck and year
	About string // what the rulebook is, in a line
	Deck  string // the deck it lists ("" when it lists none)
	Cards string // what its box holds, in words

	UnoPenalty  int    // cards drawn for being caught not calling UNO
	UnoWhen     string // when to call it: "before" playing the next-to-last card, "playing" it, or when "one-left"
	UnoTiming   bool   // spells out that calling before being caught is safe, and when a turn begins
	OnlyDrawer  bool   // says in so many words that only the player who must draw may challenge
	DealerByPts bool   // the dealer is the highest point value drawn (else the highest number, symbols zero)
	Suggesting  int    // cards drawn for suggesting plays to another player (0: no such rule)

	Start map[Face]StartRule // what happens when each face starts the discard pile

	TwoPlayer, Partners, Tournament, ChallengeUNO bool // the ways to play it describes
}

// StartRule is what one rulebook says happens when a card is turned up to
// start the discard pile. Seats are counted from the dealer: +1 is the player
// to the dealer's left, -1 to the dealer's right.
type StartRule struct {
	Redraw    bool   // the card goes back into the deck and another is turned
	Chooser   int    // the seat that names the colour (wilds); 0 means nobody does
	First     int    // the seat that plays first
	Direction int    // +1 play goes left (clockwise), -1 right
	Draws     int    // the first player in line draws this many
	Skipped   bool   // the first player in line loses the turn
	Unstated  string // what the rulebook leaves unsaid or says two ways
	Absent    bool   // the rulebook's deck has no such card
}

const (
	noChooser = 0
	left      = 1
	right     = -1
)

func standardStart(shuffleCards bool) map[Face]StartRule {
	m := map[Face]StartRule{
		DrawTwo:      {First: left + 1, Direction: left, Draws: 2, Skipped: true},
		Skip:         {First: left + 1, Direction: left, Skipped: true},
		Reverse:      {First: 0, Direction: right},
		Wild:         {Chooser: left, First: left, Direction: left},
		WildDrawFour: {Redraw: true},
		WildShuffle:  {Absent: true},
		WildCustom:   {Absent: true},
	}
	if shuffleCards {
		m[WildShuffle] = StartRule{Chooser: left, First: left, Direction: left}
		m[WildCustom] = StartRule{Chooser: left, First: left, Direction: left}
	}
	return m
}

// Editions lists the five rulebooks, the fullest first.
var Editions = []*Edition{
	{
		ID: "deluxe-1998", Book: "002", Name: "Deluxe 1998", Deck: "classic",
		About:      "the 1998 Deluxe rulebook, the fullest: the only one with two players, partners, tournaments and Challenge UNO",
		Cards:      "108 cards: 4 Wild, 4 Wild Draw Four",
		UnoPenalty: 2, UnoWhen: "one-left", UnoTiming: true, OnlyDrawer: true, Suggesting: 4,
		Start:     standardStart(false),
		TwoPlayer: true, Partners: true, Tournament: true, ChallengeUNO: true,
	},
	{
		ID: "deluxe-112", Book: "000", Name: "Deluxe 112", Deck: "deluxe",
		About:      "an undated Deluxe rulebook for the 112-card deck with 8 Wilds",
		Cards:      "112 cards: 8 Wild, 4 Wild Draw Four",
		UnoPenalty: 2, UnoWhen: "playing",
		Start: standardStart(false),
	},
	{
		ID: "themed-2020", Book: "004", Name: "Themed 2020", Deck: "themed",
		About:      "a 2020 rulebook for a themed 112-card deck in its own colours",
		Cards:      "112 cards: 8 Wild, 4 Wild Draw Four, in purple, green, pink and yellow",
		UnoPenalty: 2, UnoWhen: "playing",
		Start: standardStart(false),
	},
	{
		ID: "shuffle-hands", Book: "003", Name: "Shuffle Hands", Deck: "shuffle",
		About:      "the current rulebook, with the Wild Shuffle Hands and Wild Customizable cards",
		Cards:      "112 cards: 4 Wild, 4 Wild Draw Four, 1 Wild Shuffle Hands, 3 Wild Customizable",
		UnoPenalty: 2, UnoWhen: "playing",
		Start: standardStart(true),
	},
	{
		ID: "older-sheet", Book: "001", Name: "Older sheet",
		About:      "an older rules text with no deck list, a harsher UNO penalty and its own first-card details",
		UnoPenalty: 4, UnoWhen: "before", UnoTiming: true, OnlyDrawer: true, DealerByPts: true,
		Start: func() map[Face]StartRule {
			m := standardStart(false)
			m[DrawTwo] = StartRule{First: left, Direction: left, Draws: 2,
				Unstated: "it does not say they lose the turn"}
			m[Reverse] = StartRule{First: right, Direction: right}
			m[Wild] = StartRule{Chooser: left, First: left, Direction: left,
				Unstated: "so says its Wild section, while its setup section sends a Wild back into the deck"}
			return m
		}(),
	},
}

// LookupEdition finds a rulebook by id.
func LookupEdition(id string) (*Edition, bool) {
	for _, e := range Editions {
		if e.ID == id {
			return e, true
		}
	}
	return nil, false
}

// seatName names a seat counted from the dealer at a table of n players.
func seatName(offset, n int) string {
	if n == 2 {
		if ((offset%2)+2)%2 == 0 {
			return "the dealer"
		}
		return "the dealer's opponent"
	}
	switch offset {
	case 0:
		return "the dealer"
	case 1:
		return "the player to the dealer's left"
	case 2:
		return "the second player to the dealer's left"
	case -1:
		return "the player to the dealer's right"
	}
	return fmt.Sprintf("seat %+d from the dealer", offset)
}

// Describe says in words what the rule means at a table of n players
// (0: any number).
func (r StartRule) Describe(f Face, n int) string {
	if r.Absent {
		return "this rulebook's deck has no " + f.String() + "."
	}
	if r.Redraw {
		return "It goes back into the deck and another card is turned up."
	}
	var parts []string
	firstInLine := seatName(left, n)
	switch {
	case r.Draws > 0 && r.Skipped:
		parts = append(parts, fmt.Sprintf("%s draws %d and loses the turn", firstInLine, r.Draws))
	case r.Draws > 0:
		parts = append(parts, fmt.Sprintf("%s draws %d", firstInLine, r.Draws))
	case r.Skipped:
		parts = append(parts, firstInLine+" is skipped")
	}
	if r.Chooser != noChooser && r.Chooser == r.First && r.Direction == left {
		parts = append(parts, seatName(r.Chooser, n)+" names the colour and plays first")
	} else if r.Chooser != noChooser {
		parts = append(parts, seatName(r.Chooser, n)+" names the colour")
	}
	if (r.Draws == 0 || r.Skipped) && !(r.Chooser != noChooser && r.Chooser == r.First && r.Direction == left) {
		first := seatName(r.First, n) + " plays first"
		if r.Direction == right && n != 2 {
			first += " and play goes right (counter-clockwise)"
		}
		parts = append(parts, first)
	}
	s := strings.Join(parts, "; ")
	if n == 2 && r.Direction == right {
		s += " (with two players the direction changes nothing)"
	}
	if r.Unstated != "" {
		s += "; " + r.Unstated
	}
	return words.Capitalize(s) + "."
}

// StartRuling is one answer to "what happens when this card starts the
// discard pile", with the rulebooks that give it.
type StartRuling struct {
	Editions []string `json:"editions"`
	Text     string   `json:"text"`
}

// RulebooksHave reports whether any of the five rulebooks has a card of
// face f (a Wild Draw Ten, a No Mercy card, is in none).
func RulebooksHave(f Face) bool {
	if f.IsNumber() {
		return true
	}
	for _, e := range Editions {
		if r, ok := e.Start[f]; ok && !r.Absent {
			return true
		}
	}
	return false
}

// StartRulings answers, for each distinct answer the rulebooks give, what
// happens when a card of face f is turned up first at a table of n players
// (0: any). Rulebooks whose deck lacks the card are left out unless none has
// it.
func StartRulings(f Face, n int) []StartRuling {
	var out []StartRuling
	index := map[string]int{}
	for _, e := range Editions {
		r := e.Start[f]
		if f.IsNumber() {
			r = StartRule{First: left, Direction: left}
		}
		if r.Absent {
			continue
		}
		text := r.Describe(f, n)
		if f.IsNumber() {
			text = words.Capitalize(seatName(left, n)) + " plays first, matching it by colour or number, and play goes left."
			if n == 2 {
				text = "The dealer's opponent plays first, matching it by colour or number."
			}
		}
		if i, ok := index[text]; ok {
			out[i].Editions = append(out[i].Editions, e.ID)
			continue
		}
		index[text] = len(out)
		out = append(out, StartRuling{Editions: []string{e.ID}, Text: text})
	}
	return out
}
