package cmd

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
)

func testRoot(args []string) []string {
	app := &App{IO: &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}}
	root, _ := newRootCmd(app, args)
	var names []string
	for _, c := range root.Commands() {
		names = append(names, c.Name())
	}
	return names
}

// Each command is made alone when it is the one run, under its own name;
// every command when none is named or the name is no command's.
func TestCommandTable(t *testing.T) {
	all := testRoot(nil)
	if len(all) < 20 {
		t.Fatalf("only %d commands: %v", len(all), all)
	}
	for _, name := range all {
		if got := testRoot([]string{"--db", "x.db", name, "--help"}); !slices.Equal(got, []string{name}) {
			t.Errorf("running %s makes %v", name, got)
		}
	}
	for _, args := range [][]string{{}, {"--help"}, {"help", "board"}, {"__complete", "board", ""}, {"bord"}, {"--db", "board"}, {"--", "board"}} {
		if got := testRoot(args); !slices.Equal(got, all) {
			t.Errorf("%q makes %v, want every command", args, got)
		}
	}
}

func TestCommandName(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"board"}, "board"},
		{[]string{"--db", "u.db", "board", "--game", "x"}, "board"},
		{[]string{"--db=u.db", "--no-input", "hand", "-o", "ann"}, "hand"},
		{[]string{"--wait", "5s", "rules", "skip"}, "rules"},
		{[]string{"--version"}, ""},
		{[]string{"--", "board"}, ""},
	} {
		if got := commandName(tc.args); got != tc.want {
			t.Errorf("commandName(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
