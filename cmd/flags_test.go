package cmd

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
)

// capture builds a command through its newCmdX(app, runF) seam with a runF
// that keeps the options the flags filled in, so flags are tested apart
// from running anything.
func capture[O any](build func(*App, func(O) error) *cobra.Command) func(args []string) (O, bool, error) {
	return func(args []string) (O, bool, error) {
		var got O
		ran := false
		c := build(&App{IO: &iostreams.IOStreams{}}, func(o O) error { got, ran = o, true; return nil })
		c.SetArgs(args)
		c.SilenceErrors, c.SilenceUsage = true, true
		err := c.Execute()
		return got, ran, err
	}
}

// TestCommandFlags: each command's flags fill in its options as given,
// defaults where not given, and a refused argument runs nothing.
func TestCommandFlags(t *testing.T) {
	type check struct {
		args []string
		ok   bool   // the flags are taken
		err  string // else: part of the refusal
	}
	covered := map[string]bool{"new": true} // TestNewFlags has new's
	run := func(t *testing.T, name string, cases []check, parse func([]string) (bool, bool, error)) {
		t.Helper()
		covered[name] = true
		for _, c := range cases {
			good, ran, err := parse(c.args)
			switch {
			case c.err != "":
				if err == nil || !strings.Contains(err.Error(), c.err) || ran {
					t.Errorf("%s %q: error %v (ran %v), want %q", name, c.args, err, ran, c.err)
				}
			case err != nil || !ran:
				t.Errorf("%s %q: %v (ran %v)", name, c.args, err, ran)
			case !good:
				t.Errorf("%s %q: options not as given", name, c.args)
			}
		}
	}
	board := capture(newBoardCmd)
	run(t, "board", []check{{[]string{}, true, ""}, {[]string{"--game", "g1", "--chart", "--wide"}, true, ""}, {[]string{"--schedule"}, true, ""}, {[]string{"--json", "--schedule"}, false, "none of the others can be"}, {[]string{"extra"}, false, "takes no arguments"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := board(a)
			if o == nil {
				return false, ran, err
			}
			return o.Game == flagValue(a, "--game") && o.Chart == slices.Contains(a, "--chart") && o.Wide == slices.Contains(a, "--wide") &&
				o.JSON == slices.Contains(a, "--json") && o.Schedule == slices.Contains(a, "--schedule"), ran, err
		})
	games := capture(newGamesCmd)
	run(t, "games", []check{{[]string{}, true, ""}, {[]string{"--limit", "5"}, true, ""}, {[]string{"--all"}, true, ""}, {[]string{"--json"}, true, ""}, {[]string{"--limit", "0"}, false, "--limit must be at least 1"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := games(a)
			if o == nil {
				return false, ran, err
			}
			limit := 20 // the default, except for --all and --json, which list every game
			switch {
			case slices.Contains(a, "--limit"):
				limit = 5
			case slices.Contains(a, "--all"), slices.Contains(a, "--json"):
				limit = 0
			}
			return o.Limit == limit && o.JSON == slices.Contains(a, "--json"), ran, err
		})
	hand := capture(newHandCmd)
	run(t, "hand", []check{{[]string{"-o", "Ann", "Bob=r7 wd4", "-l", "Cat=9", "--table", "2", "--game", "g1"}, true, ""}, {[]string{"Bob"}, false, "NAME=CARDS"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := hand(a)
			if o == nil {
				return false, ran, err
			}
			return o.Out == "Ann" && slices.Contains(o.Left, "Bob=r7 wd4") && slices.Contains(o.Left, "Cat=9") && o.Table == 2 && o.Game == "g1", ran, err
		})
	edit := capture(newEditCmd)
	run(t, "edit", []check{{[]string{"2", "-o", "Ann", "Bob=9", "--game", "g1"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := edit(a)
			if o == nil {
				return false, ran, err
			}
			return o.Number == 2 && o.Out == "Ann" && slices.Equal(o.Left, []string{"Bob=9"}) && o.Game == "g1", ran, err
		})
	undo := capture(newUndoCmd)
	run(t, "undo", []check{{[]string{"--yes", "--table", "3", "--game", "g1", "--json"}, true, ""}, {[]string{"1"}, false, "takes no arguments"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := undo(a)
			if o == nil {
				return false, ran, err
			}
			return o.Yes && o.Table == 3 && o.Game == "g1" && o.JSON, ran, err
		})
	redo := capture(newRedoCmd)
	run(t, "redo", []check{{[]string{"--game", "g1"}, true, ""}, {[]string{"--table", "2", "--game", "g1"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := redo(a)
			if o == nil {
				return false, ran, err
			}
			return o.Game == "g1" && !o.JSON && o.TableGiven == slices.Contains(a, "--table") && (o.Table == 2) == o.TableGiven, ran, err
		})
	target := capture(newTargetCmd)
	run(t, "target", []check{{[]string{"1000", "--game", "g1", "--json"}, true, ""}, {[]string{}, false, "takes the new target"}, {[]string{"lots"}, false, "is not a target"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := target(a)
			if o == nil {
				return false, ran, err
			}
			return o.Target == 1000 && o.Game == "g1" && o.JSON, ran, err
		})
	end := capture(newEndCmd)
	run(t, "end", []check{{[]string{"--winner", "Mom", "--game", "g1"}, true, ""}, {[]string{"Mom"}, false, "takes no arguments"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := end(a)
			if o == nil {
				return false, ran, err
			}
			return o.Winner == "Mom" && o.Game == "g1" && !o.JSON, ran, err
		})
	history := capture(newHistoryCmd)
	run(t, "history", []check{{[]string{"--game", "g1", "--json"}, true, ""}, {[]string{"--wide"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := history(a)
			if o == nil {
				return false, ran, err
			}
			return o.Game == flagValue(a, "--game") && o.JSON == slices.Contains(a, "--json") && o.Wide == slices.Contains(a, "--wide"), ran, err
		})
	doctor := capture(newDoctorCmd)
	run(t, "doctor", []check{{[]string{"--backup", "b.db"}, true, ""}, {[]string{"--accept-older", "--json"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := doctor(a)
			if o == nil {
				return false, ran, err
			}
			return o.Backup == flagValue(a, "--backup") && o.AcceptOlder == slices.Contains(a, "--accept-older") && o.JSON == slices.Contains(a, "--json"), ran, err
		})
	players := capture(newPlayersCmd)
	run(t, "players", []check{{[]string{"--json"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := players(a)
			return o != nil && o.JSON, ran, err
		})
	serve := capture(newServeCmd)
	run(t, "serve", []check{{[]string{"--addr", "127.0.0.1:0", "--new-token"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := serve(a)
			return o != nil && o.Addr == "127.0.0.1:0" && o.NewToken, ran, err
		})
	stats := capture(newStatsCmd)
	run(t, "stats", []check{{[]string{"--player", "ann", "--since", "2026-01-01", "--mode", "partners", "--wide"}, true, ""},
		{[]string{"--player", " "}, false, "--player is empty"}, {[]string{"Ann"}, false, "takes no arguments"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := stats(a)
			return o != nil && o.Player == "ann" && o.Since == "2026-01-01" && o.Mode == "partners" && o.Wide, ran, err
		})
	use := capture(newUseCmd)
	run(t, "use", []check{{[]string{"friday"}, true, ""}, {[]string{}, false, "one game id or name"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := use(a)
			return o != nil && o.Game == "friday", ran, err
		})
	imp := capture(newImportCmd)
	run(t, "import", []check{{[]string{"-"}, true, ""}, {[]string{}, false, "the file to import"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := imp(a)
			return o != nil && o.File == "-", ran, err
		})
	export := capture(newExportCmd)
	run(t, "export", []check{{[]string{"-o", "x.csv", "--csv"}, true, ""}, {[]string{"x.json"}, false, "takes no arguments"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := export(a)
			return o != nil && o.Output == "x.csv" && o.CSV, ran, err
		})
	rename := capture(newRenameCmd)
	run(t, "players rename", []check{{[]string{"Bbo", "Bob", "--json"}, true, ""}, {[]string{"Bbo"}, false, "the old name and the new one"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := rename(a)
			return o != nil && o.From == "Bbo" && o.To == "Bob" && o.JSON, ran, err
		})
	rulesCmd := capture(newRulesCmd)
	run(t, "rules", []check{{[]string{"draw", "two", "--game", "g1", "--json"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := rulesCmd(a)
			return o != nil && strings.Join(o.Words, " ") == "draw two" && o.Game == "g1" && o.JSON, ran, err
		})
	play := capture(newCheckPlayCmd)
	run(t, "check play", []check{{[]string{"r7", "--on", "g7", "--hand", "b2 y3", "--json"}, true, ""}, {[]string{"--on", "g7"}, false, "play takes the card to play"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := play(a)
			return o != nil && o.Card == "r7" && o.On == "g7" && o.Hand == "b2 y3" && o.JSON && !o.DeckGiven, ran, err
		})
	start := capture(newCheckStartCmd)
	run(t, "check start", []check{{[]string{"wd4", "--players", "3", "--deck", "classic"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := start(a)
			return o != nil && o.Card == "wd4" && o.Players == 3 && o.PlayersGiven && o.DeckGiven && o.Deck == "classic", ran, err
		})
	challenge := capture(newCheckChallengeCmd)
	run(t, "check challenge", []check{{[]string{"--on", "r5", "--color", "blue", "--hand", "r1"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := challenge(a)
			return o != nil && o.On == "r5" && o.Color == "blue" && o.Hand == "r1", ran, err
		})
	checkCmd := capture(newCheckCmd)
	run(t, "check", []check{{[]string{"play", "r7", "--on", "g7"}, true, ""}, {[]string{"start", "wd4"}, true, ""},
		{[]string{}, false, "check needs a question: play, challenge or start"}, {[]string{"bluff"}, false, `unknown command "bluff"`}},
		func(a []string) (bool, bool, error) {
			o, ran, err := checkCmd(a)
			return o != nil && o.Card == a[1] && o.On == flagValue(a, "--on"), ran, err
		})
	completion := capture(newCompletionCmd)
	run(t, "completion", []check{{[]string{"bash"}, true, ""}, {[]string{"powershell"}, true, ""},
		{[]string{}, false, "completion needs a shell"}, {[]string{"tcsh"}, false, `unknown shell "tcsh"`}, {[]string{"bash", "zsh"}, false, "unknown shell"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := completion(a)
			return o != nil && o.Shell == a[0] && o.root != nil, ran, err
		})
	cards := capture(newCardsCmd)
	run(t, "cards", []check{{[]string{}, true, ""}, {[]string{"--json"}, false, "unknown flag: --json"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := cards(a)
			return o != nil, ran, err
		})
	if c := newCardsCmd(&App{}, nil); !strings.Contains(c.Long, "3x7 is three 7s") || !strings.Contains(c.Long, "wd4 +4") {
		t.Errorf("cards' help is not the classic deck's notation: %s", c.Long)
	}
	gamesDelete := capture(newGamesDeleteCmd)
	run(t, "games delete", []check{{[]string{"k3x9qp", "--yes"}, true, ""}, {[]string{}, false, "one game id"}},
		func(a []string) (bool, bool, error) {
			o, ran, err := gamesDelete(a)
			return o != nil && o.ID == "k3x9qp" && o.Yes, ran, err
		})
	version := capture(newVersionCmd)
	run(t, "version", []check{{[]string{"--json"}, true, ""}},
		func(a []string) (bool, bool, error) {
			o, ran, err := version(a)
			return o != nil && o.JSON, ran, err
		})
	// Every command of the command line is here.
	root, _ := newRootCmd(&App{IO: &iostreams.IOStreams{}}, nil)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			name := strings.TrimPrefix(sub.CommandPath(), "unoscore ")
			if name != "help" && !covered[name] {
				t.Errorf("%q has no flags test here", name)
			}
			walk(sub)
		}
	}
	walk(root)
}

// flagValue is the word after flag in args, or "".
func flagValue(args []string, flag string) string {
	if i := slices.Index(args, flag); i >= 0 && i+1 < len(args) {
		return args[i+1]
	}
	return ""
}
