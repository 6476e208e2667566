//go:build scratchdeck

package decks

// A scratch edition, built only with -tags scratchdeck: the proof that
// adding a deck is one declaration. It declares a face no other deck has
// (a Wild Scratch, 75) beside shared ones, and nothing else in the module
// names it; TestScratchDeck (rules and cmd, same tag) checks that every
// surface reads it. TestScratchDeckIsOneDeclaration runs them.

// WildScratch is the scratch edition's own face.
var WildScratch = &Face{Tokens: []string{"wsx", "scratch", "wildscratch"}, Name: "Wild Scratch", Wild: true}

func init() {
	All = append(All, &Deck{
		ID: "scratch", Aliases: []string{"uno-scratch"}, Name: "UNO Scratch deck", Title: "UNO Scratch",
		Sheet: "a test's own sheet", Sure: OneSource, Newer: true,
		Sides: []Side{{Colors: Classic, Cards: append(numbersEach(1, 2),
			Card{Face: Skip, PerColor: 2, Points: 20},
			Card{Face: WildScratch, InAll: 4, Points: 75})}},
		StandIn:    classicStandIn,
		MinPlayers: 2, MaxPlayers: 6, Target: 300,
	})
}
