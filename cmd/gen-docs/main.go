// Command gen-docs writes unoscore's manual pages (section 1), one per
// command, into a folder:
//
//	go run ./cmd/gen-docs DIR
//
// then, for example, `man -l DIR/unoscore.1`, or DIR in MANPATH. It lives
// outside the unoscore binary (as gh's does), so the generator and what it
// pulls in (cobra/doc, go-md2man, blackfriday, yaml) cost no command anything
// at start.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra/doc"

	"github.com/unoscore/unoscore/cmd"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run writes the pages into args[0]: exit 0, 2 for bad arguments (nothing
// written), 1 when the pages cannot be written.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 || args[0] == "" {
		fmt.Fprintln(stderr, "gen-docs: give the folder to write the manual pages into: go run ./cmd/gen-docs DIR")
		return 2
	}
	dir := args[0]
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		fmt.Fprintf(stderr, "gen-docs: %q is not a folder; the manual is one page per command, written into a folder\n", dir)
		return 2
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "gen-docs: %v\n", err)
		return 1
	}
	header := &doc.GenManHeader{Title: "UNOSCORE", Section: "1", Source: "unoscore " + version(), Manual: "unoscore manual"}
	if err := doc.GenManTree(cmd.Docs(), header, dir); err != nil {
		fmt.Fprintf(stderr, "gen-docs: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "Wrote the manual pages into %s\n", dir)
	return 0
}

// version is the module's version as the toolchain stamped it, "(devel)"
// from a clone.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
