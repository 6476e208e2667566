package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/store"
)

type importOptions struct {
	app  *App
	File string
}

func newImportCmd(app *App, runF func(*importOptions) error) *cobra.Command {
	o := &importOptions{app: app}
	return &cobra.Command{
		Use:   "import FILE",
		Short: "Add the games of an export (- reads standard input); all or nothing",
		Long: `Add every game of a file written by "unoscore export". The import is all or
nothing: a game that does not replay, or whose id is already in the database,
stops it and nothing is kept, even if the import is killed in the middle.`,
		Example: `  unoscore import backup.json`,
		Args:    exactArgs(1, "the file to import (- for standard input)"),
		RunE: func(c *cobra.Command, args []string) error {
			o.File = args[0]
			if runF != nil {
				return runF(o)
			}
			return runImport(o)
		},
	}
}

func runImport(o *importOptions) error {
	app := o.app
	var r io.Reader = app.IO.In
	name := "standard input"
	if o.File != "-" {
		f, err := os.Open(o.File)
		if err != nil {
			return usagef("cannot read %s: %v", o.File, errors.Unwrap(err))
		}
		defer f.Close()
		r, name = f, o.File
	}
	n, err := importGames(app, bufio.NewReader(r))
	if err != nil {
		return err
	}
	fmt.Fprintf(app.IO.Out, "Imported %s from %s.\n", words.Count(n, "game"), name)
	return nil
}

// importGames adds the games of an export to the database, creating the file
// if there is none; an import that fails leaves no file it created. The
// whole export is read and checked before the database is opened: an input
// that stalls (import -) holds no lock meanwhile.
func importGames(app *App, r io.Reader) (int, error) {
	path, err := app.dbPath()
	if err != nil {
		return 0, err
	}
	checked, err := store.CheckImport(r, path)
	if err != nil {
		return 0, err
	}
	defer checked.Close()
	_, statErr := os.Stat(path)
	db, err := app.open(false)
	if err != nil {
		return 0, err
	}
	n, err := db.ImportChecked(checked)
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
