// Package cmd is unoscore's command line. root.go holds the root command,
// its global flags and Run; app.go what every command shares (the streams,
// the prompter, opening the database); errors.go the exit codes and the
// hints; flags.go the flags several commands share; and each command has a
// file of its own, cmd_<name>.go.
package cmd

import (
	"cmp"
	"errors"
	"fmt"
	"github.com/unoscore/unoscore/scoring"
	"os"
	"os/signal"
	"regexp"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/store"
)

// Execute runs unoscore with the process's arguments and streams, and
// returns the exit code.
func Execute() int {
	// Without this, Go kills the process with SIGPIPE when a write to
	// stdout or stderr finds the pipe closed (os/signal's "SIGPIPE"), even
	// after a hand was saved. Asking for the signal makes such a write
	// return EPIPE instead, which Run handles as any lost output: exit 0
	// and "Hand 5 was saved, but…" after a saved change, else exit 1.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	if limit, ok := memoryLimit(os.Getenv); ok {
		debug.SetMemoryLimit(limit)
	}
	return int(Run(os.Args[1:], iostreams.System(), nil))
}

// heapLimit is the soft limit on the memory the Go runtime manages (its
// heap, stacks and their bookkeeping) in a command: with the binary's own
// pages, about 10 MiB, a command that reads every game of years of game
// nights (doctor, export, import, stats) stays under 30 MiB. Without it
// the garbage collector, which lets the heap grow to twice what is live
// between collections and falls behind on a loaded machine, took doctor
// and export past 30 MiB now and then (34 MiB at load 19, docs/speed.md).
// The limit is soft: past it the collector runs more often, never fails
// an allocation.
const heapLimit = 18 << 20

// memoryLimit is the limit Execute sets (heapLimit), and whether to set it:
// not when GOMEMLIMIT says otherwise, which the runtime has read already.
func memoryLimit(getenv func(string) string) (int64, bool) {
	if getenv("GOMEMLIMIT") != "" {
		return 0, false
	}
	return heapLimit, true
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
	var err error
	if word, ok := noCommand(args); ok {
		// cobra shows the usage, exit 0, for a word after "--" or an
		// empty one where the command goes: it is a mistyped command.
		err = unknownCommand(root, word)
		if c, _, ferr := root.Find([]string{word}); ferr == nil && c != root {
			err = usagef("%q after \"--\" is not read as a command: give it before \"--\" (see \"unoscore --help\")", words.Clip(word))
		}
	} else {
		err = root.Execute()
	}
	ferr := cmp.Or(out.flush(), app.flushLine())
	if app.saved != "" && out.err != nil && (err == nil || errors.Is(err, out.err)) {
		fmt.Fprintf(errOut, "unoscore: %s, but %s could not be printed: %v.\n", app.saved, cmp.Or(app.unprinted, "the board"), out.err)
		return ExitOK
	}
	switch {
	case err == nil && ferr != nil:
		// The command did its work, but what it said was lost.
		err = &outputError{ferr, app.writer}
	case err != nil && out.err != nil && errors.Is(err, out.err):
		// The command stopped as its output was lost: the same sentence.
		err = &outputError{out.err, app.writer}
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
	var lostErr *outputError
	lost := errors.As(err, &lostErr)
	if lost && lostErr.quiet() {
		return code
	}
	if !*started && !lost {
		code = ExitUsage // cobra's own complaints: unknown command or flag
		if c, _, ferr := root.Find(args); ferr != nil && c == root {
			// The root takes no words but its commands': cobra's
			// "unknown command ... Did you mean this?" on four lines.
			if name := commandName(args); name != "" {
				err = unknownCommand(root, name)
			}
		}
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
	if !*started && !lost && !strings.Contains(msg, "--help") {
		// A command's arguments refused before it ran ("target abc",
		// "edit 0") point at that command's help, as its flags do.
		see := root.CommandPath()
		if c, _, ferr := root.Find(args); ferr == nil && c != root {
			see = c.CommandPath()
		}
		msg += "; see \"" + see + " --help\""
	}
	fmt.Fprintln(errOut, "unoscore: "+msg)
	return code
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
			if err := checkFlagGroups(c); err != nil {
				return err
			}
			if keepsLines(c) {
				app.keepLines()
			}
			// --game takes what "use" takes (an id, a game's name, the
			// start of an id): the store reads it in the command's own
			// transaction, so bad input never opens the file twice, nor
			// upgrades an older one.
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
		if a := c.Flags().Args(); c.HasParent() && c.HasSubCommands() && len(a) > 0 {
			// "games dlete k3x9qp --yes": the flag is the command's
			// that was meant; the word is what was wrong.
			return unknownCommand(c, a[0])
		}
		if n, ok := negativeNumber(c, err); ok {
			// "target -5": a number below zero, not a flag.
			return usagef("target %s is out of range: choose 1 to %d", n, scoring.MaxTarget)
		}
		if twice := (*givenTwiceError)(nil); errors.As(err, &twice) {
			return usagef("%s; see \"%s --help\"", twice.msg, c.CommandPath())
		}
		return usagef("%s%s; see \"%s --help\"", flagProblem(err), flagSuggestion(c, err), c.CommandPath())
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
		{"target", func() *cobra.Command { return newTargetCmd(app, nil) }},
		{"end", func() *cobra.Command { return newEndCmd(app, nil) }},
		{"board", func() *cobra.Command { return newBoardCmd(app, nil) }},
		{"history", func() *cobra.Command { return newHistoryCmd(app, nil) }},
		{"games", func() *cobra.Command { return newGamesCmd(app, nil) }},
		{"use", func() *cobra.Command { return newUseCmd(app, nil) }},
		{"export", func() *cobra.Command { return newExportCmd(app, nil) }},
		{"import", func() *cobra.Command { return newImportCmd(app, nil) }},
		{"rules", func() *cobra.Command { return newRulesCmd(app, nil) }},
		{"check", func() *cobra.Command { return newCheckCmd(app, nil) }},
		{"doctor", func() *cobra.Command { return newDoctorCmd(app, nil) }},
		{"version", func() *cobra.Command { return newVersionCmd(app, nil) }},
		{"serve", func() *cobra.Command { return newServeCmd(app, nil) }},
		{"stats", func() *cobra.Command { return newStatsCmd(app, nil) }},
		{"players", func() *cobra.Command { return newPlayersCmd(app, nil) }},
		{"completion", func() *cobra.Command { return newCompletionCmd(app, nil) }},
		{"cards", func() *cobra.Command { return newCardsCmd(app, nil) }},
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
			addDocLines(root)
			return root, started
		}
	}
	for _, c := range commands {
		root.AddCommand(c.make())
	}
	helpUnknown(root)
	addDocLines(root)
	return root, started
}

// helpUnknown makes "unoscore help hnad" a usage error in the words of a
// mistyped command (exit 2), where cobra's help command printed "Unknown
// help topic" and the whole usage, and exited 0.
func helpUnknown(root *cobra.Command) {
	// cobra's own help command (its text, its completion), made on a
	// stand-in and given to root, which adds it only when it runs.
	tmp := &cobra.Command{Use: root.Use}
	tmp.AddCommand(&cobra.Command{Use: "x"})
	tmp.InitDefaultHelpCmd()
	for _, h := range tmp.Commands() {
		if h.Name() != "help" || h.Run == nil {
			continue
		}
		tmp.RemoveCommand(h)
		root.SetHelpCommand(h)
		run := h.Run
		h.Run = nil
		h.RunE = func(c *cobra.Command, args []string) error {
			cmd, rest, err := c.Root().Find(args)
			switch {
			case len(args) > 0 && (cmd == nil || err != nil):
				return unknownCommand(c.Root(), args[0])
			case len(rest) > 0 && cmd.HasSubCommands():
				return unknownCommand(cmd, rest[0])
			}
			run(c, args)
			return nil
		}
	}
}

// noCommand finds, where args name their command, a word that cannot be
// one: an empty word, or any word after "--" ("unoscore -- hnad"), which
// cobra would answer with the whole usage and exit 0.
func noCommand(args []string) (string, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return args[i+1], true
			}
			return "", false
		case a == "--db" || a == "--wait":
			i++ // its value
		case strings.HasPrefix(a, "-"):
		default:
			return a, strings.TrimSpace(a) == ""
		}
	}
	return "", false
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

// negativeNumber is the negative number given to "target", which pflag
// read as flags ("unknown shorthand flag: '5' in -5"), if that is what
// was typed.
func negativeNumber(c *cobra.Command, err error) (string, bool) {
	if c.Name() != "target" {
		return "", false
	}
	m := negativeFlag.FindStringSubmatch(err.Error())
	if m == nil {
		return "", false
	}
	return m[1], true
}

var negativeFlag = regexp.MustCompile(`^unknown shorthand flag: '[0-9]' in (-[0-9]+)$`)
