package scoring

import "errors"

// The refusals of a change to a game by where games are kept, in the
// game's own terms: the layers that show and change games (the prompt
// flows) tell them apart with errors.Is, knowing nothing of how games are
// kept. store's errors are these: its NotFoundError is ErrNotFound, its
// ChangedError ErrChanged and its LockedError ErrLocked, each with its
// own sentence.
var (
	// ErrNotFound: no game has the id asked for, or there is no game yet.
	ErrNotFound = errors.New("no such game")
	// ErrChanged: the game changed since the writer read it; the change
	// made on what the writer saw was refused, and nothing was written.
	ErrChanged = errors.New("the game changed since it was read")
	// ErrLocked: another program held the games past the wait; nothing
	// was written, and trying again may succeed.
	ErrLocked = errors.New("the games are in use by another program")
)
