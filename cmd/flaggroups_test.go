package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/present"
)

// Every flag group of every command (cobra's MarkFlags*) is refused in
// unoscore's words, exit 2, never with cobra's sentence and exit 1.
func TestFlagGroupsEveryCommand(t *testing.T) {
	root, _ := newRootCmd(&App{IO: &iostreams.IOStreams{}}, nil)
	db := filepath.Join(t.TempDir(), "u.db")
	groups := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := strings.Fields(c.CommandPath())[1:]
		seen := map[string]bool{}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			for _, kind := range []string{exclusiveAnnotation, togetherAnnotation, oneOfAnnotation} {
				for _, g := range f.Annotations[kind] {
					if seen[kind+g] {
						continue
					}
					seen[kind+g] = true
					groups++
					names := strings.Fields(g)
					args := append([]string{}, path...)
					switch kind {
					case exclusiveAnnotation, togetherAnnotation:
						// Two of an exclusive group; one of a group that
						// goes together.
						n := 2
						if kind == togetherAnnotation {
							n = 1
						}
						for _, name := range names[:n] {
							args = append(args, "--"+name)
							if fl := c.Flags().Lookup(name); fl.Value.Type() != "bool" {
								args = append(args, "1")
							}
						}
					}
					code, _, stderr := run(t, db, false, args...)
					if code != 2 || strings.Contains(stderr, "group") || strings.Count(stderr, "\n") != 1 {
						t.Errorf("unoscore %s: exit %d, %q; want exit 2 and one sentence of ours", strings.Join(args, " "), code, stderr)
					}
				}
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if groups == 0 {
		t.Fatal("no flag group found: board has one")
	}
}

func TestFlagGroupSentence(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	for args, want := range map[string]string{
		"board --chart --json":            "unoscore: --chart and --json cannot be used together: --chart draws the score race, --json prints the board for programs\n",
		"board --json --schedule":         "unoscore: --json and --schedule cannot be used together: --json prints the board for programs, --schedule prints every round's tables\n",
		"board --schedule --chart --wide": "unoscore: --chart and --schedule cannot be used together: --chart draws the score race, --schedule prints every round's tables\n",
	} {
		code, stdout, stderr := run(t, db, false, strings.Fields(args)...)
		if code != 2 || stdout != "" || stderr != want {
			t.Errorf("unoscore %s: exit %d, stdout %q, stderr %q; want exit 2, %q", args, code, stdout, stderr, want)
		}
	}
}

// Each kind of group, and a required flag, on a command of the test's own:
// one sentence naming the flags, a usage error (exit 2).
func TestFlagGroupKinds(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--a", "--b"}, "--a and --b cannot be used together; give one of them"},
		{[]string{"--c", "--must"}, "--c needs --d as well"},
		{[]string{"--a", "--c", "--d"}, "x needs --must"},
		{[]string{"--c", "--d", "--must"}, "x needs --a or --e"},
		{[]string{"--a", "--c", "--d", "--must"}, ""},
	} {
		c := &cobra.Command{Use: "x", RunE: func(*cobra.Command, []string) error { return nil }}
		for _, f := range []string{"a", "b", "c", "d", "e", "must"} {
			c.Flags().Bool(f, false, "")
		}
		c.MarkFlagsMutuallyExclusive("a", "b")
		c.MarkFlagsRequiredTogether("c", "d")
		c.MarkFlagsOneRequired("a", "e")
		if err := c.MarkFlagRequired("must"); err != nil {
			t.Fatal(err)
		}
		if err := c.ParseFlags(tc.args); err != nil {
			t.Fatal(err)
		}
		err := checkFlagGroups(c)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want) || !present.BadInput(err)):
			t.Errorf("%q: %v, want %q, bad input", tc.args, err, tc.want)
		}
	}
}
