package e2e

import (
	"testing"
)

// After a player is picked as knocked out, "Who else was knocked out?"
// starts on "(no one else)", the first line: Enter alone goes on, and
// knocks no one else out (it knocked out the next player, "Knocked out:
// Dan and Cat = 500 points to Bob").
func TestScreenWhoElseStartsOnNoOneElse(t *testing.T) {
	t.Parallel()
	db := newScreenGame(t, "--players", "Ann,Bob,Cat,Dan", "--deck", "no-mercy")
	s := startScreen(t, db, nil, "hand")
	s.waitFor("Who won (went out, or last not knocked out)?")
	s.burst("b") // Bob
	s.waitFor("Was anyone knocked out (25 cards or more)?")
	s.burst("y\r")
	s.waitFor("Who was knocked out?")
	s.burst("d\r") // Dan (the Enter typed on confirms the pick)
	s.waitFor("Who else was knocked out?")
	s.showsLines("  ▸ (no one else)", "    Cat", "    Ann")
	s.burst("\r")
	s.waitFor("Cat's cards")
	s.hasLine("  Knocked out: Dan = 250 points to Bob")
	s.burst("\x03")
	s.exit()
}
