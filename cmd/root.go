// Package cmd is unoscore's command line: one file per command, this one for
// the global flags, exit codes and the mapping of errors to them.
package cmd

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
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

// errInterrupted is Ctrl-C at a prompt: exit 130.
var errInterrupted error = interruptedError("interrupted; nothing was written for the unfinished hand")

// Execute runs unoscore with the process's arguments and streams, and
// returns the exit code.
func Execute() int {
	return int(Run(os.Args[1:], iostreams.System(), nil))
}

// Run runs unoscore with the given arguments and streams. A nil prompter
// means the real terminal prompts.
func Run(args []string, ios *iostreams.IOStreams, p prompter.Prompter) (code ExitCode) {
	// A damaged file can make a read through bbolt's memory map fault, and a
	// bug can panic: either way, one sentence and exit 1, never a trace.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(ios.Err, "unoscore: %s\n", printable(panicMessage(r)))
			if os.Getenv("UNOSCORE_DEBUG") == "1" {
				// For a maintainer: where it happened.
				fmt.Fprintf(ios.Err, "%s", debug.Stack())
			}
			code = ExitFailure
		}
	}()
	// Commands write through safeOutput: anything that would not print is
	// escaped, and a failed write is remembered. Prompts draw on the
	// terminal directly.
	// In a terminal they are wrapped to its width (wrapOutput).
	app := &App{}
	outW, errW := ios.Out, ios.Err
	if ios.OutTTY {
		app.wrapOut = &wrapOutput{w: ios.Out, width: ios.TermWidth}
		outW = app.wrapOut
	}
	if ios.ErrTTY {
		app.wrapErr = &wrapOutput{w: ios.Err, width: ios.ErrWidth}
		errW = app.wrapErr
	}
	out := &safeOutput{w: outW, color: ios.Color}
	errOut := &safeOutput{w: errW}
	streams := *ios
	streams.Out, streams.Err = out, errOut
	app.IO, app.Prompt = &streams, p
	if app.Prompt == nil {
		tp := prompter.NewTerminal(ios, app.flushLine)
		defer tp.Close()
		app.Prompt = tp
	}
	defer app.flushLine()
	defer errOut.flush()
	root, started := newRootCmd(app, args)
	root.SetArgs(args)
	err := root.Execute()
	ferr := cmp.Or(out.flush(), app.flushLine())
	if app.saved != "" && out.err != nil && (err == nil || errors.Is(err, out.err)) {
		fmt.Fprintf(errOut, "unoscore: %s, but the board could not be printed: %v.\n", app.saved, out.err)
		return ExitOK
	}
	if err == nil && ferr != nil {
		// The command did its work, but what it said was lost.
		err = fmt.Errorf("cannot write the output (%w); what the command changed, if anything, was saved", ferr)
	}
	if err == nil {
		return ExitOK
	}
	// The prompter's bare Ctrl-C and Ctrl-D get the command line's words.
	switch {
	case errors.Is(err, prompter.ErrStopped) && !errors.As(err, new(stoppedError)):
		err = errStopped
	case errors.Is(err, prompter.ErrInterrupted) && !errors.As(err, new(interruptedError)):
		err = errInterrupted
	}
	if errors.Is(err, prompter.ErrStopped) {
		fmt.Fprintln(errOut, "unoscore: "+err.Error())
		return ExitOK
	}
	code = exitCode(err)
	if !*started {
		code = ExitUsage // cobra's own complaints: unknown command or flag
	}
	if code == ExitInterrupted {
		fmt.Fprintln(errOut, "unoscore: "+err.Error())
		return code
	}
	msg := clipMessage(err.Error()) + hint(err)
	var older *store.OlderError
	if errors.As(err, &older) {
		msg += ". " + olderHint
	}
	if !*started && !strings.Contains(msg, "--help") {
		msg += "; see \"unoscore --help\""
	}
	fmt.Fprintln(errOut, "unoscore: "+msg)
	return code
}

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
	case errors.As(err, &locked):
		return "; try again when it has finished"
	case errors.As(err, &corrupt):
		return ": move it aside and import your last export, or use another file with --db"
	case errors.As(err, &newer):
		return ": upgrade unoscore"
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

func exitCode(err error) ExitCode {
	var corrupt *store.CorruptError
	var locked *store.LockedError
	var newer *store.NewerError
	switch {
	case errors.Is(err, prompter.ErrInterrupted):
		return ExitInterrupted
	case errors.As(err, &corrupt), errors.As(err, &locked), errors.As(err, &newer), errors.As(err, new(*store.OlderError)):
		return ExitFailure
	case present.BadInput(err):
		return ExitUsage
	}
	return ExitFailure
}

// newRootCmd makes the command line for args (nil: every command, as help
// and the manual pages see it).
func newRootCmd(app *App, args []string) (*cobra.Command, *bool) {
	started := new(bool)
	var waitErr error // a bad UNOSCORE_WAIT, reported once a command runs
	root := &cobra.Command{
		Use:   "unoscore",
		Short: "Keep score and settle arguments for UNO played with real cards",
		Long: `unoscore keeps score for UNO played with real cards at a real table.

After each hand, enter who went out and the cards left in the other hands;
unoscore scores them, keeps the running board, says who deals next and
declares the winner. Every hand is saved the moment it is entered.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(c *cobra.Command, args []string) error {
			*started = true
			if app.Wait < 0 {
				return usagef("--wait must not be negative")
			}
			if waitErr != nil && !c.Flags().Changed("wait") {
				return waitErr
			}
			if keepsLines(c) {
				app.keepLines()
			}
			return nil
		},
	}
	// --help fits the terminal: flag descriptions wrap beside the flags,
	// and long help is broken between words at the terminal's width.
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if w := app.IO.TermWidth(); w > 0 {
			tmpl := strings.ReplaceAll(c.UsageTemplate(), ".FlagUsages |", fmt.Sprintf(".FlagUsagesWrapped %d |", w))
			tmpl = strings.ReplaceAll(tmpl, "{{rpad .Name .NamePadding }} {{.Short}}", fmt.Sprintf("{{helpEntry (rpad .Name .NamePadding) .Short %d}}", w))
			tmpl = strings.ReplaceAll(tmpl, "{{rpad .CommandPath .CommandPathPadding}} {{.Short}}", fmt.Sprintf("{{helpEntry (rpad .CommandPath .CommandPathPadding) .Short %d}}", w))
			c.SetUsageTemplate(tmpl)
			c.Long = reflow(c.Long, w)
		}
		help(c, args)
	})
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetOut(app.IO.Out)
	root.SetErr(app.IO.Err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usagef("%s; see \"%s --help\"", flagProblem(err), c.CommandPath())
	})
	root.CompletionOptions.DisableDefaultCmd = true // newCompletionCmd replaces it

	// UNOSCORE_WAIT is the default of --wait; a value that is not a
	// duration, or a negative one, is refused (when --wait is not given)
	// rather than quietly replaced by 2s.
	wait := store.DefaultTimeout
	if v := os.Getenv("UNOSCORE_WAIT"); v != "" {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		switch {
		case err != nil:
			waitErr = usagef("UNOSCORE_WAIT=%q is not a length of time: give one such as 5s, 500ms or 0 (do not wait)", words.Clip(v))
		case d < 0:
			waitErr = usagef("UNOSCORE_WAIT=%q must not be negative", words.Clip(v))
		default:
			wait = d
		}
	}
	pf := root.PersistentFlags()
	pf.StringVar(&app.DBPath, "db", "", "the database file (default $UNOSCORE_DB, else $XDG_DATA_HOME/unoscore/unoscore.db)")
	pf.BoolVar(&app.NoInput, "no-input", false, "never prompt: every value comes from flags")
	pf.DurationVar(&app.Wait, "wait", wait, "how long to wait for another unoscore using the database ($UNOSCORE_WAIT)")

	// Only the command being run is made (every command makes its flags,
	// and its help text, when it is made); all of them when none is named
	// or the name is not one of them (help, completion, a typo to suggest
	// for). TestCommandTable keeps the names true.
	commands := []struct {
		name string
		make func() *cobra.Command
	}{
		{"new", func() *cobra.Command { return newNewCmd(app, nil) }},
		{"hand", func() *cobra.Command { return newHandCmd(app, nil) }},
		{"undo", func() *cobra.Command { return newUndoCmd(app, nil) }},
		{"redo", func() *cobra.Command { return newRedoCmd(app, nil) }},
		{"edit", func() *cobra.Command { return newEditCmd(app, nil) }},
		{"board", func() *cobra.Command { return newBoardCmd(app, nil) }},
		{"history", func() *cobra.Command { return newHistoryCmd(app, nil) }},
		{"games", func() *cobra.Command { return newGamesCmd(app, nil) }},
		{"use", func() *cobra.Command { return newUseCmd(app, nil) }},
		{"export", func() *cobra.Command { return newExportCmd(app, nil) }},
		{"import", func() *cobra.Command { return newImportCmd(app, nil) }},
		{"rules", func() *cobra.Command { return newRulesCmd(app, nil) }},
		{"check", func() *cobra.Command { return newCheckCmd(app) }},
		{"doctor", func() *cobra.Command { return newDoctorCmd(app, nil) }},
		{"version", func() *cobra.Command { return newVersionCmd(app, nil) }},
		{"serve", func() *cobra.Command { return newServeCmd(app, nil) }},
		{"stats", func() *cobra.Command { return newStatsCmd(app, nil) }},
		{"players", func() *cobra.Command { return newPlayersCmd(app, nil) }},
		{"completion", func() *cobra.Command { return newCompletionCmd() }},
		{"cards", func() *cobra.Command { return newCardsCmd() }},
	}
	name := commandName(args)
	if name == "" {
		// --version is the root's own flag: only without a command.
		root.Version = readBuildInfo().String()
		if len(args) == 1 && (args[0] == "--version" || args[0] == "-v") {
			return root, started // the version alone needs no command
		}
	}
	for _, c := range commands {
		if c.name == name {
			root.AddCommand(c.make())
			return root, started
		}
	}
	for _, c := range commands {
		root.AddCommand(c.make())
	}
	return root, started
}

// commandName is the command args run: the first word that is not a flag
// or the value of a global flag (--db PATH, --wait D); "" when there is
// none.
func commandName(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return ""
		case a == "--db" || a == "--wait":
			i++ // its value
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}

// reflow fits text written in lines of about 75 columns to width, when it
// does not fit: the lines of a paragraph are joined and broken again
// between words (by ui.Wrap). Lines that start with a space or "-" (lists,
// examples) start a line of their own.
func reflow(text string, width int) string {
	if width <= 0 || ui.Fits(text, width) {
		return text
	}
	var paras []string
	for line := range strings.SplitSeq(text, "\n") {
		n := len(paras)
		if n > 0 && line != "" && paras[n-1] != "" && !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "-") && !strings.HasSuffix(paras[n-1], ":") {
			paras[n-1] += " " + line
			continue
		}
		paras = append(paras, line)
	}
	for i, p := range paras {
		if p != "" && !strings.HasPrefix(p, " ") && !strings.HasPrefix(p, "-") {
			// A paragraph's lines start where it starts.
			paras[i] = strings.Join(ui.Fill(strings.Fields(p), " ", width, "", ""), "\n")
		}
	}
	return ui.Wrap(strings.Join(paras, "\n"), width)
}

func init() {
	cobra.AddTemplateFunc("helpEntry", helpEntry)
}

// helpEntry is a line of --help's list of commands: the name, padded, and
// what it does, broken between words at width with the lines it goes on
// on starting under the first word (the template puts two spaces before).
func helpEntry(name, short string, width int) string {
	pad := strings.Repeat(" ", 2+ui.Width(name)+1)
	if width <= 0 || 2+ui.Width(name)+1+ui.Width(short) <= width || width-len(pad) < 20 {
		return name + " " + short
	}
	lines := ui.Fill(strings.Fields(short), " ", width, pad, pad)
	return name + " " + strings.TrimPrefix(strings.Join(lines, "\n"), pad)
}

// keepsLines reports whether what c prints is for a program or keeps its
// lines whole on purpose, wrapped by nobody but the terminal: JSON, an
// export, a completion script, a man page, --wide, serve's QR codes.
func keepsLines(c *cobra.Command) bool {
	for _, f := range []string{"json", "wide", "csv"} {
		if v, err := c.Flags().GetBool(f); err == nil && v {
			return true
		}
	}
	for p := c; p != nil; p = p.Parent() {
		switch p.Name() {
		case "export", "completion", "man", "serve", cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd:
			return true
		}
	}
	return false
}

// seam is a command's RunE, as gh builds its commands: runF when a test
// gave one (to see the options the flags filled in, without running
// anything), else the command's own run.
func seam[O any](o O, runF, run func(O) error) func(*cobra.Command, []string) error {
	return func(*cobra.Command, []string) error {
		if runF != nil {
			return runF(o)
		}
		return run(o)
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

// dbPath is the database file this run uses.
func (a *App) dbPath() (string, error) {
	if a.DBPath != "" {
		return store.ExpandHome(a.DBPath) // --db=~/x.db reaches us unexpanded
	}
	return store.DefaultPath()
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

// olderHint says what to do about a file whose newest state is damaged.
const olderHint = `See what is left with "unoscore doctor"; to go on from there, run "unoscore doctor --accept-older", which first copies the file aside`

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

// loadGame reads one game (id "" is the current one) with a shared lock,
// held only while reading.
func loadGame(app *App, id string) (*store.Game, error) {
	var g *store.Game
	err := app.withDB(readDB, func(db *store.DB) error {
		var err error
		g, err = db.Game(id)
		return err
	})
	return g, err
}

// writeJSON prints exactly one JSON object.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// exactArgs is cobra.ExactArgs with a sentence a person can act on.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s takes %s; see \"%s --help\"", c.CommandPath(), what, c.CommandPath())
		}
		return nil
	}
}

// numberFlag is pflag's complaint about a number it could not read, with
// strconv's words in it.
var numberFlag = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^invalid argument "(.*)" for "(.*)" flag: strconv\.Parse(Int|Uint|Float): parsing ".*": (invalid syntax|value out of range)$`)
})

// flagProblem is a flag's error in unoscore's words: a number that is not
// one, or too large, named with its flag, not strconv's "parsing" message.
func flagProblem(err error) string {
	m := numberFlag().FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error()
	}
	value, flag := words.Clip(m[1]), m[2]
	if i := strings.LastIndex(flag, "--"); i >= 0 {
		flag = flag[i:]
	}
	if m[4] == "value out of range" {
		return fmt.Sprintf("%s %q is far too large a number", flag, value)
	}
	if m[3] == "Float" {
		return fmt.Sprintf("%s %q is not a number", flag, value)
	}
	return fmt.Sprintf("%s %q is not a whole number", flag, value)
}
