package cmd

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// buildInfo is what this binary knows of its own build: the module version
// and the commit it was built from, as the Go toolchain stamped them.
type buildInfo struct {
	Version string `json:"version"`
	Commit  string `json:"commit,omitempty"`
	Date    string `json:"date,omitempty"`
	Dirty   bool   `json:"dirty"`
	Go      string `json:"go"`
	OS      string `json:"os"`
	Arch    string `json:"arch"`
}

// readBuildInfo reads the build information the toolchain put in the
// binary. `go build` in a clone stamps the commit; `go run` and test
// binaries carry less, and then say "(devel)".
func readBuildInfo() buildInfo {
	b := buildInfo{Version: "(devel)", Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if v := info.Main.Version; v != "" {
		b.Version = v
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.time":
			b.Date = s.Value
		case "vcs.modified":
			b.Dirty = s.Value == "true"
		}
	}
	return b
}

// String is the one line `unoscore --version` prints.
func (b buildInfo) String() string {
	var parts []string
	if b.Commit != "" {
		c := b.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		if b.Dirty {
			c += ", with uncommitted changes"
		}
		parts = append(parts, "commit "+c)
	}
	if b.Date != "" {
		parts = append(parts, b.Date)
	}
	parts = append(parts, b.Go+" "+b.OS+"/"+b.Arch)
	return fmt.Sprintf("unoscore %s (%s)", b.Version, strings.Join(parts, "; "))
}

type versionOptions struct {
	app  *App
	JSON bool
}

func newVersionCmd(app *App, runF func(*versionOptions) error) *cobra.Command {
	o := &versionOptions{app: app}
	c := &cobra.Command{
		Use:   "version",
		Short: "Say which unoscore this is: version, commit and build date",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(o)
			}
			return runVersion(o)
		},
	}
	jsonFlag(c, &o.JSON, "print the build information as JSON")
	return c
}

func runVersion(o *versionOptions) error {
	app := o.app
	b := readBuildInfo()
	if o.JSON {
		return writeJSON(app.IO.Out, b)
	}
	_, err := fmt.Fprintln(app.IO.Out, b.String())
	return err
}
