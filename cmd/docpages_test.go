package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestDocPages: every command's help ends with a "docs:" line naming a page
// of docs/ that is there and that speaks of the command ("unoscore
// players rename" in stats.md), and the root's names the folder.
func TestDocPages(t *testing.T) {
	root := Docs()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		path := c.CommandPath()
		if c.Name() == "help" && c.Parent() == root {
			return
		}
		_, line, ok := strings.Cut(c.Long, "\n\ndocs: ")
		if !ok || strings.Contains(line, "\n") {
			t.Errorf("%s --help: its long help does not end with a docs: line (give the command its page in docPages, cmd/docpages.go):\n%s", path, c.Long)
			return
		}
		if c == root {
			if want := "github.com/unoscore/unoscore/tree/main/docs"; line != want {
				t.Errorf("unoscore --help: docs: %s, want %s", line, want)
			}
			return
		}
		page, ok := strings.CutPrefix(line, docsURL)
		if !ok {
			t.Errorf("%s --help: docs: %s is not under %s", path, line, docsURL)
			return
		}
		if len(line) > 60 {
			// At 60 columns the address goes on a line of its own.
			t.Errorf("%s --help: docs: %s is %d columns, more than a 60-column terminal has", path, line, len(line))
		}
		text, err := os.ReadFile(filepath.Join("..", "docs", page))
		if err != nil {
			t.Errorf("%s --help names %s: %v", path, page, err)
			return
		}
		if !strings.Contains(string(text), path) {
			t.Errorf("%s --help names docs/%s, which never says %q", path, page, path)
		}
	}
	walk(root)
}
