package cmd

import (
	"cmp"
	"strings"

	"github.com/spf13/cobra"
)

// docsURL is where the manual's pages (docs/*.md) are read on the web;
// each is at most 57 columns with its name, so it fits a 60-column
// terminal on a line of its own and is never broken.
const docsURL = "github.com/unoscore/unoscore/blob/main/docs/"

// docPages names, for each command, the page of docs/ that tells more. A
// subcommand not named here has its parent's page ("check play": rules.md).
// TestDocPages keeps every command covered and every page there.
var docPages = map[string]string{
	"new":        "game-night.md",
	"hand":       "game-night.md",
	"board":      "game-night.md",
	"target":     "game-night.md",
	"end":        "game-night.md",
	"undo":       "modes.md",
	"redo":       "modes.md",
	"edit":       "modes.md",
	"history":    "modes.md",
	"games":      "data.md",
	"use":        "data.md",
	"export":     "data.md",
	"import":     "data.md",
	"doctor":     "data.md",
	"rules":      "rules.md",
	"check":      "rules.md",
	"serve":      "serve.md",
	"stats":      "stats.md",
	"players":    "stats.md",
	"cards":      "notation.md",
	"version":    "scripting.md",
	"completion": "scripting.md",
}

// docPage is the page of docs/ for c, "" for the root (every page).
func docPage(c *cobra.Command) string {
	for ; c != nil && c.HasParent(); c = c.Parent() {
		path := strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" ")
		if p, ok := docPages[path]; ok {
			return p
		}
	}
	return ""
}

// addDocLines ends the long help of root and every command made under it
// with a "docs:" line naming its page; the root's names the folder.
// cobra's own help command is left as it is.
func addDocLines(c *cobra.Command) {
	if c.Name() == "help" && c.HasParent() && !c.Parent().HasParent() {
		return
	}
	link := strings.TrimSuffix(strings.Replace(docsURL, "/blob/", "/tree/", 1), "/")
	if p := docPage(c); p != "" {
		link = docsURL + p
	} else if c.HasParent() {
		link = ""
	}
	if link != "" {
		c.Long = cmp.Or(c.Long, c.Short) + "\n\ndocs: " + link
	}
	for _, sub := range c.Commands() {
		addDocLines(sub)
	}
}
