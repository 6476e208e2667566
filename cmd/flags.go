package cmd

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

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

// exactArgs is cobra.ExactArgs with a sentence a person can act on.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if n == 0 && len(args) > 0 && c.HasSubCommands() {
			return unknownCommand(c, args[0])
		}
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

// flagSuggestion is " (did you mean --house?)" for an unknown flag one or
// two letters from one of the command's flags ("--houes"), else "": cobra
// suggests commands, never flags.
func flagSuggestion(c *cobra.Command, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok || name == "" {
		return ""
	}
	var names []string
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	c.InheritedFlags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	best, d := words.Closest(strings.ToLower(name), names)
	if best == "" || d > 2 || d >= len(name) {
		return ""
	}
	return fmt.Sprintf(" (did you mean --%s?)", best)
}

// The usage of --game, --json and --wide where a command says the usual.
const (
	gameUsage      = "the game's id or name (default the current game)"
	jsonBoardUsage = "print the board as JSON"
	wideUsage      = "the full table, however wide the terminal (a pipe always gets it)"
)

// gameFlag is --game ID, the game a command works on, completed with the
// games' ids.
func gameFlag(c *cobra.Command, app *App, p *string, usage string) {
	c.Flags().StringVar(p, "game", "", usage)
	once(c, "game", "say one game")
	c.Flags().Lookup("game").Value.(*onceValue).empty = "--game is empty: give a game's id or name, or leave the flag out for the current game"
	_ = c.RegisterFlagCompletionFunc("game", gameCompletion(app))
}

// jsonFlag is --json: what the command prints, as JSON for a program
// (keepsLines keeps its lines whole).
func jsonFlag(c *cobra.Command, p *bool, usage string) {
	c.Flags().BoolVar(p, "json", false, usage)
}

// wideFlag is --wide: every column and whole lines, however wide the
// terminal (keepsLines).
func wideFlag(c *cobra.Command, p *bool, usage string) {
	c.Flags().BoolVar(p, "wide", false, usage)
}

// outcomeFlags are the flags that say how a hand ended, shared by hand and
// edit.
type outcomeFlags struct {
	Out   string
	Left  []string
	Table int
	Game  string
	JSON  bool
	// KnockedOut: No Mercy's players knocked out of the hand (repeatable,
	// comma lists too).
	KnockedOut []string

	TableGiven   bool // --table was given (0 included, which names no table)
	knockedGiven bool // --knocked-out was given (empty included)
}

// register defines the outcome flags on c, with their completions.
func (o *outcomeFlags) register(c *cobra.Command, app *App) {
	f := c.Flags()
	f.StringVarP(&o.Out, "out", "o", "", "the player who went out (a unique start of the name will do)")
	f.StringArrayVarP(&o.Left, "left", "l", nil, "NAME=CARDS: the cards left in one player's hand (repeat for each; plain NAME=CARDS arguments do the same)")
	f.IntVar(&o.Table, "table", 0, "rotating mode: the table the hand was played at (default 1)")
	f.StringSliceVar(&o.KnockedOut, "knocked-out", nil, "No Mercy: NAME, a player knocked out of the hand by the mercy rule (25 cards or more), or NAME=BY where the knocker receives the bonus; repeat for each")
	_ = c.RegisterFlagCompletionFunc("knocked-out", playerCompletion(app, &o.Game, ""))
	once(c, "out", "a hand has one player who went out")
	once(c, "table", "a hand is played at one table")
	gameFlag(c, app, &o.Game, gameUsage)
	jsonFlag(c, &o.JSON, jsonBoardUsage)
	_ = c.RegisterFlagCompletionFunc("out", playerCompletion(app, &o.Game, ""))
	_ = c.RegisterFlagCompletionFunc("left", leftCompletion(app, &o.Game))
	_ = c.RegisterFlagCompletionFunc("table", tableCompletion(app, &o.Game))
}

// takeArgs reads plain NAME=CARDS arguments as --left values.
// It also notes whether --table was given, for checkTable.
func (o *outcomeFlags) takeArgs(c *cobra.Command, args []string) error {
	o.TableGiven = c.Flags().Changed("table")
	o.knockedGiven = c.Flags().Changed("knocked-out")
	for _, a := range args {
		if !strings.Contains(a, "=") {
			return usagef("%q is not NAME=CARDS: name a player's cards as in %s -o Ann Bob=\"r7 wd4\" Cat=w", a, c.CommandPath())
		}
		o.Left = append(o.Left, a)
	}
	return nil
}

// hand reads the flags into a hand to count.
func (o *outcomeFlags) hand() (scoring.Hand, error) {
	knocked, by, err := o.knocked()
	if err != nil {
		return scoring.Hand{}, err
	}
	left, err := parseLeft(o.Left)
	return scoring.Hand{Out: o.Out, Left: left, Table: o.Table, KnockedOut: knocked, KnockedBy: by}, err
}

// knocked reads --knocked-out: NAME, or NAME=BY where the game gives the
// bonus to the knocker (BY knocked NAME out). A value that names no one
// is refused: the flag given empty is never taken for no knock-out.
func (o *outcomeFlags) knocked() ([]string, map[string]string, error) {
	if o.knockedGiven && len(o.KnockedOut) == 0 {
		return nil, nil, usagef("--knocked-out is empty: name the player knocked out, as in --knocked-out Bob, or leave the flag out")
	}
	var names []string
	var by map[string]string
	for _, v := range o.KnockedOut {
		name, knocker, paired := strings.Cut(v, "=")
		name, knocker = strings.TrimSpace(name), strings.TrimSpace(knocker)
		switch {
		case name == "":
			return nil, nil, usagef("--knocked-out %q names no one: name the player knocked out, as in --knocked-out Bob (or Bob=Cat: Cat knocked Bob out)", v)
		case paired && knocker == "":
			return nil, nil, usagef("--knocked-out %q: name who knocked %s out after the =, as in --knocked-out %s=Cat", v, name, name)
		}
		names = append(names, name)
		if paired {
			if by == nil {
				by = map[string]string{}
			}
			by[name] = knocker
		}
	}
	return names, by, nil
}

// onceValue is a flag that says one thing: given again with another
// value, it is refused in one sentence (pflag keeps the last value
// silently). The same value twice, in any case, is harmless and stands.
type onceValue struct {
	pflag.Value
	name  string // the flag, as "--out"
	why   string // what it names, ending the sentence: "one player went out"
	first string
	given bool
	// empty, when set, refuses the flag given empty ("--game ''" was
	// taken silently for the current game) with this sentence.
	empty string
}

func (v *onceValue) Set(s string) error {
	if v.empty != "" && strings.TrimSpace(s) == "" {
		return &givenTwiceError{msg: v.empty}
	}
	if v.given && !strings.EqualFold(strings.TrimSpace(s), strings.TrimSpace(v.first)) {
		return &givenTwiceError{msg: fmt.Sprintf("%s is given twice, as %q and %q: %s", v.name, words.Clip(v.first), words.Clip(s), v.why)}
	}
	if !v.given {
		v.first, v.given = s, true
	}
	return v.Value.Set(s)
}

// givenTwiceError is a single-valued flag given twice with two values
// (or given empty where that is refused: onceValue.empty).
type givenTwiceError struct{ msg string }

func (e *givenTwiceError) Error() string { return e.msg }

// once makes c's flag name (defined already) one that may be given once,
// or again with the same value; why says what it names.
func once(c *cobra.Command, name, why string) {
	f := c.Flags().Lookup(name)
	f.Value = &onceValue{Value: f.Value, name: "--" + name, why: why}
}

// unknownCommand is a word where c expects one of its commands: one
// sentence with cobra's suggestions, as `unknown command "hnad": did you
// mean "hand"? (see "unoscore --help")`.
func unknownCommand(c *cobra.Command, word string) error {
	prefix := strings.TrimPrefix(strings.TrimPrefix(c.CommandPath(), c.Root().Name()), " ")
	if prefix != "" {
		prefix += " "
	}
	help := fmt.Sprintf("(see \"%s --help\")", c.CommandPath())
	if strings.TrimSpace(word) == "" {
		// An empty word (games "") is named as empty: not read as the
		// start of every command.
		if prefix == "" {
			return usagef("%q is not a command %s", words.Clip(word), help)
		}
		return usagef("%s takes no arguments: %q %s", strings.TrimSuffix(prefix, " "), words.Clip(word), help)
	}
	if c.SuggestionsMinimumDistance <= 0 {
		c.SuggestionsMinimumDistance = 2 // cobra's default, set only on the root
	}
	quote := func(names []string) string {
		q := make([]string, len(names))
		for i, n := range names {
			q[i] = fmt.Sprintf("%q", prefix+n)
		}
		if len(q) == 1 {
			return q[0]
		}
		return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
	}
	word = words.Clip(word)
	if s := closest(c.SuggestionsFor(word), word); len(s) > 0 {
		return usagef("unknown command %q: did you mean %s? %s", prefix+word, quote(s), help)
	}
	var all []string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			all = append(all, sub.Name())
		}
	}
	if prefix != "" && len(all) > 0 && len(all) <= 4 {
		return usagef("unknown command %q: use %s %s", prefix+word, quote(all), help)
	}
	return usagef("unknown command %q %s", prefix+word, help)
}

// closest keeps, of cobra's suggestions for word, those nearest to it,
// a swap of two letters counting as one edit: "hnad" is "hand" (one swap),
// not "end" too (two edits), so that a typo of a command is never offered
// a command that changes something else. A suggestion that word starts
// (cobra's other kind) stays.
func closest(suggestions []string, word string) []string {
	best := -1
	for _, s := range suggestions {
		if d := words.Distance(strings.ToLower(word), strings.ToLower(s)); best < 0 || d < best {
			best = d
		}
	}
	var out []string
	for _, s := range suggestions {
		lw, ls := strings.ToLower(word), strings.ToLower(s)
		if words.Distance(lw, ls) == best || strings.HasPrefix(ls, lw) {
			out = append(out, s)
		}
	}
	return out
}
