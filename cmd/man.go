package cmd

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

func newManCmd(app *App) *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "Write unoscore's manual pages (section 1) into the folder DIR",
		Long: `Write one manual page per command into DIR (created if missing), for
man(1): for example "unoscore man ~/.local/share/man/man1", then "man unoscore".`,
		Args: exactArgs(1, "the folder to write into"),
		RunE: func(c *cobra.Command, args []string) error {
			dir := args[0]
			if dir == "" {
				return usagef("man needs a folder to write into")
			}
			if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
				return usagef("%q is not a folder; man writes one page per command into a folder", dir)
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			root := c.Root()
			root.DisableAutoGenTag = true // pages that do not change with the clock
			header := &doc.GenManHeader{Title: "UNOSCORE", Section: "1", Source: "unoscore " + readBuildInfo().Version, Manual: "unoscore manual"}
			if err := doc.GenManTree(root, header, dir); err != nil {
				return err
			}
			_, err := fmt.Fprintf(app.IO.Out, "Wrote the manual pages into %s\n", dir)
			return err
		},
	}
}
