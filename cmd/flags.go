package cmd

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/rules/words"
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
