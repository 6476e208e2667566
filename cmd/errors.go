package cmd

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// ExitCode is what unoscore exits with.
type ExitCode int

// Exit codes, as the contract names them.
const (
	ExitOK          ExitCode = 0
	ExitFailure     ExitCode = 1   // the machine failed: database unreadable, corrupt, locked
	ExitUsage       ExitCode = 2   // bad input or usage; nothing was written
	ExitInterrupted ExitCode = 130 // Ctrl-C at a prompt
)

// usageError is input the command cannot use: it exits 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }
func (e *usageError) Invalid() bool { return true }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// errInterruptedNew is Ctrl-C while "new" asks how the game is set up:
// exit 130, and no game exists yet.
var errInterruptedNew error = interruptedError("interrupted; no game was started")

// errStoppedNew is Ctrl-D while "new" asks how the game is set up.
var errStoppedNew error = stoppedError("stopped; no game was started")

// stoppedError is a Ctrl-D in its own words; it is prompter.ErrStopped to
// errors.Is.
type stoppedError string

func (e stoppedError) Error() string        { return string(e) }
func (e stoppedError) Is(target error) bool { return target == prompter.ErrStopped }

// interruptedError is a Ctrl-C that says what it left undone in its own
// words; it is prompter.ErrInterrupted to errors.Is.
type interruptedError string

func (e interruptedError) Error() string        { return string(e) }
func (e interruptedError) Is(target error) bool { return target == prompter.ErrInterrupted }

// stoppedMsg is one sentence that, after "unoscore: ", fits 80 columns.
const stoppedMsg = "stopped without saving the unfinished hand; go on with: unoscore hand"

// errStopped is Ctrl-D (end of input) at a prompt: a clean stop, exit 0.
var errStopped error = stoppedError(stoppedMsg)

// errInterrupted is Ctrl-C at a prompt: exit 130. As stoppedMsg, it says
// how to go on, and fits 80 columns after "unoscore: ".
var errInterrupted error = interruptedError("interrupted; the hand was not written; go on with: unoscore hand")

// clipMessage shortens what a message repeats of a long argument (a word of
// more than 64 characters keeps its first 40), so that a mistyped 100 KB
// argument gives one readable line.
func clipMessage(msg string) string {
	words := strings.Split(msg, " ")
	for i, w := range words {
		r := []rune(w)
		if len(r) <= 64 {
			continue
		}
		short := string(r[:40]) + "…"
		if q := r[0]; q == '"' || q == '\'' {
			short += string(q)
		}
		words[i] = short
	}
	return strings.Join(words, " ")
}

func panicMessage(r any) string {
	if err, ok := r.(error); ok && strings.Contains(err.Error(), "fault") {
		return "the database file could not be read (" + err.Error() + "); it may be damaged or cut short: check it with \"unoscore doctor\" or import your last export into a new file"
	}
	return fmt.Sprintf("internal error: %v; nothing more was written. Please report this, with what UNOSCORE_DEBUG=1 prints", r)
}

// withHint is the error's sentence followed by its hint.
func withHint(err error) string { return err.Error() + hint(err) }

// hint is what to type or do next after an error, to follow its sentence:
// the lower layers say what is wrong in their own terms, and only the
// command line knows its commands.
func hint(err error) string {
	var (
		notFound  *store.NotFoundError
		ambiguous *store.AmbiguousError
		sameName  *store.SameNameError
		locked    *store.LockedError
		corrupt   *store.CorruptError
		newer     *store.NewerError
		over      *scoring.GameOverError
		topic     *rules.TopicError
		unknown   *scoring.UnknownPlayerError
	)
	switch {
	case errors.As(err, &notFound) && notFound.ID == "":
		return ": start one with \"unoscore new --players Ann,Bob,Cat\""
	case errors.As(err, &notFound):
		return "; \"unoscore games\" lists them"
	case errors.As(err, &ambiguous):
		return "; type more of the id"
	case errors.As(err, &sameName):
		return "; use the id"
	case errors.As(err, &locked):
		return "; try again when it has finished"
	case errors.As(err, &corrupt):
		return ": move it aside and import your last export, or use another file with --db"
	case errors.As(err, &newer):
		return ": upgrade unoscore"
	case errors.As(err, &over) && over.Ended != nil:
		return "; \"unoscore undo\" takes the end back, or start a new game with \"unoscore new\""
	case errors.As(err, &over) && over.PlayOn > 0:
		return fmt.Sprintf("; play on with \"unoscore target %d\", or start a new game with \"unoscore new\"", over.PlayOn)
	case errors.As(err, &over):
		return "; start a new game with \"unoscore new\""
	case errors.As(err, &topic) && len(topic.Suggest) > 0:
		return " (\"unoscore rules\" lists them all)"
	case errors.As(err, &topic):
		return "; \"unoscore rules\" lists the topics"
	case errors.As(err, &unknown):
		return "; \"unoscore players\" lists everyone"
	}
	return ""
}

// exitCode is what an error exits with: the machine's failures (damaged,
// locked, newer or older files) 1, bad input 2 (the one check,
// present.BadInput, that the web's 400 uses too), Ctrl-C 130, and anything
// else 1.
// An outputError is output that could not be written (a closed pipe, a
// full disk): the machine's failure, exit 1, whatever the command was,
// --help and --version included. writer says the command had opened the
// database to change it, so the sentence says that a change was kept.
type outputError struct {
	err    error
	writer bool
}

func (e *outputError) Error() string {
	if e.writer {
		return fmt.Sprintf("cannot write the output (%v); what the command changed, if anything, was saved", e.err)
	}
	return fmt.Sprintf("cannot write the output (%v)", e.err)
}

// quiet says the output's reader went away (a closed pipe, as "| head")
// from a command that changed nothing: nobody is left to tell, so it exits
// 1 with nothing said, as a command killed by SIGPIPE would.
func (e *outputError) quiet() bool {
	return !e.writer && errors.Is(e.err, syscall.EPIPE)
}

func (e *outputError) Unwrap() error { return e.err }

func exitCode(err error) ExitCode {
	var corrupt *store.CorruptError
	var locked *store.LockedError
	var newer *store.NewerError
	switch {
	case errors.Is(err, prompter.ErrInterrupted):
		return ExitInterrupted
	case errors.As(err, new(*outputError)):
		return ExitFailure
	case errors.As(err, &corrupt), errors.As(err, &locked), errors.As(err, &newer), errors.As(err, new(*store.OlderError)):
		return ExitFailure
	case present.BadInput(err):
		return ExitUsage
	}
	return ExitFailure
}

// olderHint says what to do about a file whose newest state is damaged.
const olderHint = `See what is left with "unoscore doctor"; to go on from there, run "unoscore doctor --accept-older", which first copies the file aside`
