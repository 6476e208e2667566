package e2e

import (
	"strconv"
	"strings"
	"testing"
)

// Issue 29, item 1, on the real terminal at 80 and 60 columns: "yes"
// typed in full at "3 players: Ann, Bob and Cat?" makes three players,
// and at "Save this hand?" saves it; what is not an answer ("maybe") is
// said to be none and the question stays. On the old code both were a no:
// one player named "Ann Bob Cat", and the hand not saved.
func TestScreenYesTypedInFull(t *testing.T) {
	t.Parallel()
	for _, cols := range []int{80, 60} {
		s, _ := newAt(t, cols, 24)
		s.waitFor("Players in seating order")
		s.burst("Ann Bob Cat\r")
		s.waitFor("3 players: Ann, Bob and Cat?")
		s.burst("yes\r")
		s.waitFor("How do you score?")
		s.hasLine("3 players: Ann, Bob and Cat? yes")
		s.burst("\r")
		s.waitFor("Play to how many points")
		s.burst("\r")
		s.waitFor("Which deck?")
		s.burst("\r")
		s.waitFor("Who deals first?")
		s.burst("a") // Ann
		s.waitFor("Who went out?")
		s.burst("b")
		s.waitFor("Cat's cards")
		s.burst("r7\r")
		s.waitFor("Ann's cards")
		s.burst("w\r")
		s.waitFor("Save this hand? [Y/n]")
		s.burst("maybe\r")
		s.waitFor(`"maybe" is not an answer: type y (yes) or n (no)`)
		s.burst(strings.Repeat("\x7f", 5) + "YES\r")
		s.waitFor("Saved. Hand 1: Bob went out")
		s.burst("\x03")
		s.exit()
		s.noLine(`^.{` + strconv.Itoa(cols+1) + `,}`)
	}
}

// Issue 29, item 2: the target's 500 and a rotating game's 4 hands are
// defaults, shown as such ("[500]"), and what is typed replaces them; on
// the old code they were text in the line, so "50" made a game to 50050
// and "2" a round of 42 hands.
func TestScreenDefaultsAreReplaced(t *testing.T) {
	t.Parallel()
	s, _ := newAt(t, 60, 24, "--players", "Ann,Bob", "--deck", "classic", "--mode", "standard", "--dealer", "Ann")
	s.waitFor("? Play to how many points [500]: ")
	s.burst("50\r")
	s.waitFor("first to 50,")
	s.hasLine("Play to how many points: 50")
	s.burst("\x03")
	s.exit()

	s, _ = newAt(t, 60, 24, "--players", "Ann,Bob,Cat,Dan,Eve", "--deck", "classic", "--mode", "rotating", "--dealer", "Ann")
	s.waitFor("? Hands in each round at each table [4]: ")
	s.burst("2\r")
	s.waitFor("rounds of 2 hands")
	s.hasLine("Hands in each round at each table: 2")
	s.burst("\x03")
	s.exit()
}

// Issue 29, item 3: at "Who deals first?" the first letters of the
// players' names reach the players: d picks Dad at once, though "Draw for
// it" starts with d too (it comes after the names, chosen with the
// arrows, and Enter alone takes it). On the old code d picked "Draw for
// it".
func TestScreenDealerByFirstLetter(t *testing.T) {
	t.Parallel()
	s, _ := newAt(t, 60, 24, "--players", "Mom,Dad,Lily", "--mode", "standard", "--target", "500", "--deck", "classic")
	s.waitFor("Who deals first?")
	s.showsLines("  ▸ Draw for it: highest number deals")
	s.burst("d")
	s.waitFor("Dad deals first.")
	s.hasLine("✔ Who deals first? Dad")
	s.burst("\x03")
	s.exit()

	// Enter alone still draws for it.
	s, _ = newAt(t, 60, 24, "--players", "Mom,Dad,Lily", "--mode", "standard", "--target", "500", "--deck", "classic")
	s.waitFor("Who deals first?")
	s.burst("\r")
	s.waitFor("Mom drew")
	s.burst("\x03")
	s.exit()
}

// Issue 29, item 4: a letter that starts no player's name at "Who went
// out?" says so under the list, until the next key; on the old code it
// did nothing.
func TestScreenLetterOfNoName(t *testing.T) {
	t.Parallel()
	s, _ := handAt(t, 60, 24, "--players", "Mom,Dad,Lily", "--dealer", "Mom")
	s.waitFor("Who went out?")
	s.burst("z")
	s.waitFor("  no player's name starts with z")
	s.burst("\x1b[B")
	s.waitFor("  ▸ Dad")
	if strings.Contains(s.text(), "starts with z") {
		t.Errorf("the note stayed after the next key:\n%s", s.text())
	}
	s.burst("l")
	s.waitFor("Mom's cards")
	s.burst("\x03")
	s.exit()
}

// Issue 29, item 5: at 60 columns the mode list at new wraps each mode's
// words under themselves instead of cutting them where they say who wins
// ("everyone tallies what they're caught with…"), before and after the
// choice; and the notation at a card prompt is a table of code and
// meaning whose meanings go on under themselves, no code split from its
// meaning.
func TestScreenListsAndNotationAt60Columns(t *testing.T) {
	t.Parallel()
	s, _ := newAt(t, 60, 24, "--players", "Ann,Bob,Cat,Dan,Eve", "--deck", "flip", "--target", "500", "--dealer", "Ann")
	s.waitFor("How do you score?")
	s.showsLines(
		"    lowest     everyone tallies what they're caught with;",
		"               lowest wins",
	)
	s.burst("\x1b[B")
	s.showsLines("  ▸ lowest     everyone tallies what they're caught with;")
	s.burst("\r")
	s.waitFor("Who went out?")
	s.showsRun(
		"✔ How do you score? lowest     everyone tallies what they're",
		"                               caught with; lowest wins",
	)
	s.noLine("…")
	s.burst("b")
	s.waitFor("Cat's cards")
	s.burst("?\r")
	s.waitFor("The cards left in one hand are all on one side.")
	s.hasLine("  se skipall   Skip Everyone, 30 points")
	s.hasLine("               and purple), before a face")
	s.noLine(`^.{61,}`)
	s.burst("\x03")
	s.exit()
}

// Backspace after a letter that starts no name takes the note away and
// starts the letters afresh. On the old code Backspace (DEL) was taken as
// one more letter: the note became "no player's name starts with " and
// stayed.
func TestScreenBackspaceAfterLetterOfNoName(t *testing.T) {
	t.Parallel()
	s, _ := handAt(t, 60, 24, "--players", "Mom,Dad,Lily", "--dealer", "Mom")
	s.waitFor("Who went out?")
	s.burst("z")
	s.waitFor("  no player's name starts with z")
	s.burst("\x7f")
	s.until("the note to go after Backspace", func() bool {
		return !strings.Contains(s.text(), "starts with")
	})
	s.burst("l")
	s.waitFor("Mom's cards")
	s.burst("\x03")
	s.exit()
}

// Issue 29, item 4, in a rotating game: the letter of a player who sits
// out the round says so ("Eve sits out this round") where a name that
// starts so is nobody's at the table.
func TestScreenLetterOfAPlayerSittingOut(t *testing.T) {
	t.Parallel()
	s, _ := handAt(t, 60, 24, "--players", "Ann,Bob,Cat,Dan,Eve", "--mode", "rotating", "--hands", "1")
	s.waitFor("Who went out?")
	s.burst("e")
	s.waitFor("  Eve sits out this round")
	s.burst("z")
	s.waitFor("  no player's name starts with z")
	s.burst("\x03")
	s.exit()
}
