package cmd

import (
	"io"
	"os"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/cmd/internal/iostreams"
)

// Docs returns unoscore's command tree, every command and flag as the binary
// has them, for a documentation generator (cmd/gen-docs writes the manual
// pages from it). Nothing in it runs: the generator only reads it. The
// binary itself carries no generator, so no command pays for one at start.
func Docs() *cobra.Command {
	app := &App{IO: &iostreams.IOStreams{In: os.Stdin, Out: io.Discard, Err: io.Discard}}
	root, _ := newRootCmd(app, nil)
	root.DisableAutoGenTag = true // pages that do not change with the clock
	return root
}
