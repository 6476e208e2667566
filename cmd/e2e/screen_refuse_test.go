package e2e

import (
	"path/filepath"
	"testing"
)

// new in a terminal refuses what its flags already rule out before it asks
// anything, in the sentence a script gets: it asked the mode, the target
// and the deck first, then refused (or asked on, for partners with two).
func TestScreenNewRefusesFlagsBeforeAsking(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--players", "Ann,Bob", "--dealer", "Zed"}, `unoscore: no player is called "Zed" (the players are Ann, Bob)`},
		{[]string{"--players", "A,B,C,D,E,F", "--mode", "rotating"}, "unoscore: the rotating mode is for 4, 5, 8, 9, 12, 13 or 16 players (a table of"},
		{[]string{"--players", "Ann,Bob", "--mode", "partners"}, "unoscore: partners is for 4 or more players (teams of at least two), not 2"},
		{[]string{"--players", "Ann,Bob,Cat,Dan", "--team", "Ann,Zed"}, `unoscore: no player is called "Zed" (the players are Ann, Bob, Cat, Dan)`},
	} {
		t.Run(c.args[len(c.args)-1], func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "u.db")
			s := startScreen(t, db, nil, append([]string{"new"}, c.args...)...)
			code := s.exit()
			if code != 2 {
				t.Errorf("exit %d, want 2; the screen:\n%s", code, s.text())
			}
			s.hasLine(c.want)
			s.noLine(`\?|Play to|deck|Hands in`)
		})
	}
}

// An empty answer to "Rule written on card 2" leaves a line saying what it
// meant (the prompt took its line away, and nothing said that cards 2 and
// 3 have no rule).
func TestScreenEmptyCustomRuleLeavesALine(t *testing.T) {
	t.Parallel()
	s, _ := newAt(t, screenCols, screenRows, "--players", "Ann,Bob", "--mode", "standard", "--target", "100", "--deck", "shuffle", "--dealer", "Ann")
	s.waitFor("How many Wild Customizable cards")
	s.burst("\r")
	s.waitFor("Rule written on card 1")
	s.burst("Take an extra turn\r")
	s.waitFor("Rule written on card 2")
	s.burst("\r")
	s.waitFor("Who went out?")
	s.showsLines("Rule written on card 1 (Enter: none): Take an extra turn", "No rule recorded for cards 2 and 3.")
	s.burst("\x03")
	s.exit()
}
