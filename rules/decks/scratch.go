//go:build scratchdeck

package decks

// A scratch edition, built only with -tags scratchdeck: the proof that
// adding a deck is one declaration. It declares a face no other deck has
// (a Wild Scratch, 75) beside shared ones, and its reference topic, and
// nothing else in the module names it; TestScratchDeck (rules, cmd and
// cmd/e2e/browser, same tag; a step of .ci/run) checks that every surface
// reads it, `unoscore rules scratch` and the phone's keypad too. Its
// facts cite no sheet: there is none.

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
		Topic: `---
id: scratch
title: UNO Scratch
aliases: uno scratch, wild scratch, wsx
keywords: scratch deck, test deck, wild scratch worth
group: ways
see: scoring, deck
---
<!-- fact scratch-source | | what is uno scratch; is uno scratch a real game; where do the uno scratch rules come from -->
UNO Scratch is no game in a box: it is the deck unoscore's tests add to show that a deck is one declaration, with a wild card no other deck has, the Wild Scratch.

## Its deck and values
<!-- fact scratch-values | | uno scratch card values; what is a wild scratch worth; how many points is a wild scratch -->
{{edition "scratch" "values"}}

## Its cards and where they come from
<!-- fact scratch-deck | | how many cards in uno scratch; what cards are in uno scratch; how many players for uno scratch -->
{{edition "scratch" "deck"}}

## What is not settled
<!-- fact scratch-open | | what is uncertain about uno scratch -->
{{edition "scratch" "open"}}

## In unoscore
unoscore new --deck scratch; type wsx for a Wild Scratch (unoscore cards --deck scratch).`,
	})
}
