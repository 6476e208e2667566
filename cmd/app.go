package cmd

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/unoscore/unoscore/cmd/internal/flow"
	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// App is what every command shares: the streams and the global flags.
type App struct {
	IO      *iostreams.IOStreams
	DBPath  string
	NoInput bool
	Wait    time.Duration
	Prompt  prompter.Prompter

	wrapOut, wrapErr *wrapOutput // nil when the stream is not a terminal

	// saved says what a command committed ("Hand 5 was saved"), once it
	// has: a failure to print after it is said on stderr, and the exit is
	// 0, so that a script that retries on failure never records it twice.
	saved string
	// writer is set once the command opened the database to change it,
	// or wrote a file of its own (export -o, doctor --backup): output lost
	// after that may have followed a change, and is said, not kept quiet.
	writer bool
	// unprinted is what such a failure lost, when not "the board" ("its
	// settings", for a new game).
	unprinted string
}

// flushLine writes the start of a line the wrapping holds back (before a
// prompt draws, and at the end).
func (a *App) flushLine() error {
	var err error
	for _, w := range []*wrapOutput{a.wrapOut, a.wrapErr} {
		if w != nil {
			err = cmp.Or(err, w.flush())
		}
	}
	return err
}

// keepLines turns the wrapping of standard output off for the rest of the
// run: JSON, exports, scripts and --wide keep their lines whole.
func (a *App) keepLines() {
	if a.wrapOut != nil {
		a.wrapOut.flush()
		a.wrapOut.off = true
	}
}

// style is how output is drawn on a.IO: colour, symbols and the width
// not to pass.
func (a *App) style() ui.Style {
	width := a.IO.TermWidth() // as it is now
	return ui.Style{Color: a.IO.Color, Unicode: a.IO.OutTTY, Width: width}
}

// canPrompt reports whether this run may ask questions.
func (a *App) canPrompt() bool { return !a.NoInput && a.IO.CanPrompt() }

// defaultDBPath is where the database lives unless told otherwise:
// $XDG_DATA_HOME/unoscore/unoscore.db, else
// ~/.local/share/unoscore/unoscore.db; a relative XDG_DATA_HOME is
// ignored, as the XDG specification says.
func defaultDBPath() (string, error) {
	if x := os.Getenv("XDG_DATA_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "unoscore", "unoscore.db"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find a place for the database (%w); give one with --db or UNOSCORE_DB", err)
	}
	return filepath.Join(home, ".local", "share", "unoscore", "unoscore.db"), nil
}

// expandHome turns a leading ~ or ~/ into the home folder (a quoted
// value reaches unoscore unexpanded).
func expandHome(p string) (string, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot expand %s (%w); give the whole path", words.Clip(p), err)
	}
	return filepath.Join(home, p[1:]), nil
}

// dbPath is the database file this run uses.
func (a *App) dbPath() (string, error) {
	given, from := a.DBPath, "--db"
	if given == "" {
		given, from = os.Getenv("UNOSCORE_DB"), "UNOSCORE_DB"
	}
	if given == "" {
		return defaultDBPath()
	}
	path, err := expandHome(given) // --db=~/x.db reaches us unexpanded
	if err != nil {
		return "", err
	}
	// A folder given by the person is their slip, not a damaged file.
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return "", &scoring.InputError{Msg: fmt.Sprintf("%s %s is a folder, not a database file; give a file's path, such as %s",
			from, given, filepath.Join(given, "unoscore.db"))}
	}
	return path, nil
}

// open opens the database; a read-only open of a missing file gives
// store.ErrNoDatabase.
func (a *App) open(readOnly bool) (*store.DB, error) {
	return a.openWith(store.Options{ReadOnly: readOnly})
}

func (a *App) openWith(o store.Options) (*store.DB, error) {
	path, err := a.dbPath()
	if err != nil {
		return nil, err
	}
	a.writer = a.writer || !o.ReadOnly
	o.Timeout = a.Wait
	if o.Timeout == 0 {
		o.Timeout = -1 // --wait 0: do not wait at all
	}
	db, err := store.Open(path, o)
	if err == nil && db.Warning != "" {
		fmt.Fprintf(a.IO.Err, "unoscore: warning: %s; showing the state before it. %s\n", db.Warning, olderHint)
	}
	if err == nil && db.Notice != "" {
		fmt.Fprintf(a.IO.Err, "unoscore: %s.\n", db.Notice)
	}
	return db, err
}

// Ways of opening the database.
const (
	readDB   = iota // shared lock; a missing file means there is no game
	changeDB        // exclusive lock; a missing file means there is no game
	createDB        // exclusive lock; a missing file is created
)

// withDB runs fn with the database open, and closes it. Only the commands
// that start something (new, import) create a missing or empty file, so
// bad input elsewhere never writes anything.
func (a *App) withDB(mode int, fn func(db *store.DB) error) error {
	db, err := a.openWith(store.Options{ReadOnly: mode == readDB, NoCreate: mode == changeDB})
	if err != nil {
		if errors.Is(err, store.ErrNoDatabase) {
			return store.ErrNoGame
		}
		return err
	}
	defer db.Close()
	return fn(db)
}

// played is the game a load returned, as scoring sees it, or its error.
func played(g *store.Game, err error) (*scoring.Game, error) {
	if err != nil {
		return nil, err
	}
	return &g.Game, nil
}

// loadGame reads one game (id "" is the current one) with a shared lock,
// held only while reading. It never writes: an older file is read as it
// is, or through an upgraded copy (see store.Open).
func loadGame(app *App, id string) (*store.Game, error) {
	db, err := app.openWith(store.Options{ReadOnly: true})
	if errors.Is(err, store.ErrNoDatabase) {
		return nil, store.ErrNoGame
	}
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return db.Game(id)
}

// writeJSON prints exactly one JSON object.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// flowEnv is what the prompt flows (cmd/internal/flow) are given: the
// prompter, standard output, the terminal's width and style as they are
// when asked, and the database.
func (a *App) flowEnv() *flow.Env {
	saved := 0
	return &flow.Env{
		// What the loop saved, for the sentence Run says when the output
		// was lost (as hand without prompts says "Hand 5 was saved").
		Saved: func(n int) {
			if saved++; saved == 1 {
				a.saved = fmt.Sprintf("Hand %d was saved", n)
			} else {
				a.saved = fmt.Sprintf("%d hands were saved (the last is hand %d)", saved, n)
			}
			a.unprinted = ""
		},
		Prompt: a.Prompt,
		Out:    a.IO.Out,
		Width:  a.IO.TermWidth,
		Style:  a.style,
		Load:   func(id string) (*scoring.Game, error) { return played(loadGame(a, id)) },
		Change: func(fn func(games flow.Games) error) error {
			return a.withDB(changeDB, func(db *store.DB) error { return fn(flowGames{db}) })
		},
	}
}

// flowGames are the games as the prompt flows change them (flow.Games):
// scoring's values out of the database, and store's errors, which are
// scoring's to errors.Is.
type flowGames struct{ db *store.DB }

func (f flowGames) Game(id string) (*scoring.Game, error) { return played(f.db.Game(id)) }

func (f flowGames) AddHand(id string, h scoring.Hand) (*scoring.Game, error) {
	return played(f.db.AddHand(id, h))
}

func (f flowGames) End(id, winner string, seen int) (*scoring.Game, error) {
	return played(f.db.End(id, winner, store.Seen{Changes: seen}))
}

func (f flowGames) SetTarget(id string, target, seen int) (*scoring.Game, error) {
	return played(f.db.SetTarget(id, target, store.Seen{Changes: seen}))
}
