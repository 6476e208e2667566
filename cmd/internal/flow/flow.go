// Package flow holds the prompt flows of the command line: the questions
// "new" asks to set a game up (Settings) and the hand loop of "hand" and
// "new" (HandLoop, Hand). They ask through a prompter.Prompter, so a test
// drives them with prompter.Fake, and they are given what they need of the
// command line in an Env: they never import cmd.
package flow

import (
	"fmt"
	"io"

	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/scoring"
)

// Env is what a flow is given by the command line: where it asks and
// prints, and the games. A flow takes scoring's values and never knows how
// games are kept: what it tells apart of a refused read or write, it
// tests with errors.Is against scoring's errors (scoring.ErrNotFound,
// scoring.ErrChanged, scoring.ErrLocked).
type Env struct {
	Prompt prompter.Prompter
	Out    io.Writer
	// Width is the terminal's width as it is now (0: not a terminal).
	Width func() int
	// Style is how to draw on Out, at the width as it is now.
	Style func() ui.Style
	// Load reads one game ("" is the current one) with a shared lock.
	Load func(id string) (*scoring.Game, error)
	// Change runs fn with the games locked for writing, and lets go.
	Change func(fn func(games Games) error) error
	// Saved, if set, is told the number of each hand the loop saved, as it
	// is saved: the command line says what was saved when what it printed
	// was lost (exit 0, not 1, so a script never enters the hand twice).
	Saved func(number int)
	// TablesShown says that a rotating game's table lines are on the
	// screen just above (new printed them): HandLoop's first hand does not
	// print its table's line again.
	TablesShown bool
}

// Games are the games as a flow changes them, inside one Change: what it
// reads there no other writer changes before its write. Each write returns
// the game as it is after it.
type Games interface {
	// Game reads one game ("" is the current one).
	Game(id string) (*scoring.Game, error)
	// AddHand counts a hand.
	AddHand(id string, h scoring.Hand) (*scoring.Game, error)
	// End ends the game where it stands, winner the player the table
	// names as the winner ("": none, the leaders named as leading). seen
	// is the game's change counter (scoring.Game.Changes) when the flow
	// read it: a game changed since is refused with scoring.ErrChanged.
	End(id, winner string, seen int) (*scoring.Game, error)
	// SetTarget sets the points the game plays to, refused as End is.
	SetTarget(id string, target, seen int) (*scoring.Game, error)
}

// say prints a sentence wrapped to the terminal's width (unwrapped when
// the output is not a terminal).
func say(env *Env, s string) {
	fmt.Fprintln(env.Out, ui.Wrap(s, env.Width())) // the width as it is now
}
