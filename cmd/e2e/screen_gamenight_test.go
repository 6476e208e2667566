package e2e

import (
	"path/filepath"
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
	for _, cols := range []int{80, 60} {
		db := filepath.Join(t.TempDir(), "u.db")
		s := startScreenSize(t, db, cols, 24, nil, "new")
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
		s.burst("\x1b[B\r") // Ann
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
