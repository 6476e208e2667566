package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/store"
)

func newExportCmd(app *App) *cobra.Command {
	var output string
	var asCSV bool
	c := &cobra.Command{
		Use:   "export [-o FILE] [--csv]",
		Short: "Write every game, with its whole history, as JSON",
		Long: `Write every game, hands and history included, as JSON: to standard output,
or with -o to a file (written whole, then moved into place). "unoscore
import" reads it back.

--csv writes a table for spreadsheets instead: one row per player per
counted hand (game id, game name, date, mode, hand number, player, went out,
cards, points), oldest game first.`,
		Example: `  unoscore export > backup.json
  unoscore export -o backup.json
  unoscore export --csv -o hands.csv`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, args []string) error {
			if output != "" && output != "-" {
				// Never onto the database itself, a device or a pipe.
				path, err := app.dbPath()
				if err != nil {
					return err
				}
				if output, err = store.OutputTarget(output, path, "-o"); err != nil {
					return err
				}
			}
			db, err := app.open(true)
			if errors.Is(err, store.ErrNoDatabase) {
				db = nil
			} else if err != nil {
				return err
			}
			write := func(w io.Writer) error {
				if db == nil && asCSV {
					return writeCSV(w, nil)
				}
				if db == nil {
					_, err := io.WriteString(w, "{\n  \"unoscore_export\": 1,\n  \"games\": []\n}\n")
					return err
				}
				defer db.Close()
				if asCSV {
					return writeCSV(w, db)
				}
				return db.Export(w)
			}
			if output == "" || output == "-" {
				bw := bufio.NewWriter(app.IO.Out)
				if err := write(bw); err != nil {
					return err
				}
				return bw.Flush()
			}
			return writeFileAtomic(output, write)
		},
	}
	c.Flags().StringVarP(&output, "output", "o", "", "write to this file instead of standard output")
	c.Flags().BoolVar(&asCSV, "csv", false, "write one row per player per counted hand, for spreadsheets")
	return c
}

// writeFileAtomic writes a file whole or not at all.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".unoscore-export-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	defer os.Remove(f.Name())
	bw := bufio.NewWriter(f)
	if err := write(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

func newImportCmd(app *App) *cobra.Command {
	return &cobra.Command{
		Use:   "import FILE",
		Short: "Add the games of an export (- reads standard input); all or nothing",
		Long: `Add every game of a file written by "unoscore export". The import is all or
nothing: a game that does not replay, or whose id is already in the database,
stops it and nothing is kept, even if the import is killed in the middle.`,
		Example: `  unoscore import backup.json`,
		Args:    exactArgs(1, "the file to import (- for standard input)"),
		RunE: func(c *cobra.Command, args []string) error {
			var r io.Reader = app.IO.In
			name := "standard input"
			if args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return usagef("cannot read %s: %v", args[0], errors.Unwrap(err))
				}
				defer f.Close()
				r, name = f, args[0]
			}
			n, err := importGames(app, bufio.NewReader(r))
			if err != nil {
				return err
			}
			fmt.Fprintf(app.IO.Out, "Imported %s from %s.\n", words.Count(n, "game"), name)
			return nil
		},
	}
}

// importGames adds the games of an export to the database, creating the file
// if there is none; an import that fails leaves no file it created.
func importGames(app *App, r io.Reader) (int, error) {
	path, err := app.dbPath()
	if err != nil {
		return 0, err
	}
	_, statErr := os.Stat(path)
	db, err := app.open(false)
	if err != nil {
		return 0, err
	}
	n, err := db.Import(r)
	if err != nil && errors.Is(statErr, os.ErrNotExist) {
		// Removed while still locked: another unoscore that opened it
		// meanwhile notices (store.Open) and opens the path again.
		os.Remove(path)
	}
	if cerr := db.Close(); err == nil && cerr != nil {
		return 0, cerr
	}
	return n, err
}
