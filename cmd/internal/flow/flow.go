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
	"github.com/unoscore/unoscore/store"
)

// Env is what a flow is given by the command line: where it asks and
// prints, and the database.
type Env struct {
	Prompt prompter.Prompter
	Out    io.Writer
	// Width is the terminal's width as it is now (0: not a terminal).
	Width func() int
	// Style is how to draw on Out, at the width as it is now.
	Style func() ui.Style
	// Load reads one game ("" is the current one) with a shared lock.
	Load func(id string) (*store.Game, error)
	// Change runs fn with the database locked for writing, and closes it.
	Change func(fn func(db *store.DB) error) error
	// Saved, if set, is told the number of each hand the loop saved, as it
	// is saved: the command line says what was saved when what it printed
	// was lost (exit 0, not 1, so a script never enters the hand twice).
	Saved func(number int)
	// TablesShown says that a rotating game's table lines are on the
	// screen just above (new printed them): HandLoop's first hand does not
	// print its table's line again.
	TablesShown bool
}

// say prints a sentence wrapped to the terminal's width (unwrapped when
// the output is not a terminal).
func say(env *Env, s string) {
	fmt.Fprintln(env.Out, ui.Wrap(s, env.Width())) // the width as it is now
}
