package cmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The annotations cobra's MarkFlagsMutuallyExclusive,
// MarkFlagsRequiredTogether and MarkFlagsOneRequired put on each flag of a
// group (each value one group, its flag names joined by spaces).
const (
	exclusiveAnnotation = "cobra_annotation_mutually_exclusive"
	togetherAnnotation  = "cobra_annotation_required_if_others_set"
	oneOfAnnotation     = "cobra_annotation_one_required"
	// MarkFlagRequired's, on the one flag.
	requiredAnnotation = cobra.BashCompOneRequiredFlag
)

// roleAnnotation is what a flag does, in a few words ("draws the score
// race"), for the sentence that refuses flags that cannot go together.
const roleAnnotation = "unoscore_role"

// flagRole says what the flag does in a few words, for checkFlagGroups's
// sentences: "--chart and --json cannot be used together: --chart draws
// the score race, --json prints the board for programs".
func flagRole(c *cobra.Command, name, role string) {
	if err := c.Flags().SetAnnotation(name, roleAnnotation, []string{role}); err != nil {
		panic(err) // a flag the command does not have: a mistake in unoscore
	}
}

// checkFlagGroups refuses, in unoscore's words and as bad usage (exit 2),
// the flags that cobra's flag groups forbid together or require together,
// and a flag marked required (MarkFlagRequired) that is missing.
// It runs before cobra's own check (ValidateFlagGroups, after the
// PersistentPreRunE that calls it), whose sentences name cobra's
// internals and exit 1; every group made with cobra's MarkFlags* in any
// command is checked here, so there is one place that words them.
func checkFlagGroups(c *cobra.Command) error {
	fs := c.Flags()
	groups := func(kind string) [][]string {
		var out [][]string
		seen := map[string]bool{}
		fs.VisitAll(func(f *pflag.Flag) {
			for _, g := range f.Annotations[kind] {
				if !seen[g] {
					seen[g] = true
					out = append(out, strings.Fields(g))
				}
			}
		})
		slices.SortFunc(out, func(a, b []string) int { return strings.Compare(strings.Join(a, " "), strings.Join(b, " ")) })
		return out
	}
	set := func(group []string) (given, missing []string) {
		for _, name := range group {
			if f := fs.Lookup(name); f != nil && f.Changed {
				given = append(given, name)
			} else {
				missing = append(missing, name)
			}
		}
		slices.Sort(given)
		return given, missing
	}
	help := fmt.Sprintf("see \"%s --help\"", c.CommandPath())
	for _, g := range groups(exclusiveAnnotation) {
		given, _ := set(g)
		if len(given) < 2 {
			continue
		}
		a, b := given[0], given[1]
		ra, rb := role(fs, a), role(fs, b)
		if ra == "" || rb == "" {
			return usagef("--%s and --%s cannot be used together; give one of them (%s)", a, b, help)
		}
		return usagef("--%s and --%s cannot be used together: --%s %s, --%s %s", a, b, a, ra, b, rb)
	}
	for _, g := range groups(togetherAnnotation) {
		given, missing := set(g)
		if len(given) > 0 && len(missing) > 0 {
			return usagef("--%s needs %s as well (%s)", given[0], dashed(missing, "and"), help)
		}
	}
	for _, g := range groups(oneOfAnnotation) {
		if given, _ := set(g); len(given) == 0 {
			return usagef("%s needs %s (%s)", c.CommandPath(), dashed(g, "or"), help)
		}
	}
	var missing []string
	fs.VisitAll(func(f *pflag.Flag) {
		if r := f.Annotations[requiredAnnotation]; len(r) > 0 && r[0] == "true" && !f.Changed {
			missing = append(missing, f.Name)
		}
	})
	if len(missing) > 0 {
		return usagef("%s needs %s (%s)", c.CommandPath(), dashed(missing, "and"), help)
	}
	return nil
}

func role(fs *pflag.FlagSet, name string) string {
	if f := fs.Lookup(name); f != nil && len(f.Annotations[roleAnnotation]) > 0 {
		return f.Annotations[roleAnnotation][0]
	}
	return ""
}

// dashed is flag names as a person lists them: "--a", "--a or --b",
// "--a, --b or --c".
func dashed(names []string, and string) string {
	d := make([]string, len(names))
	for i, n := range names {
		d[i] = "--" + n
	}
	if len(d) == 1 {
		return d[0]
	}
	return strings.Join(d[:len(d)-1], ", ") + " " + and + " " + d[len(d)-1]
}
