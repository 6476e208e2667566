package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/internal/outfile"
	"github.com/unoscore/unoscore/store"
)

type exportOptions struct {
	app    *App
	Output string
	CSV    bool
}

func newExportCmd(app *App, runF func(*exportOptions) error) *cobra.Command {
	o := &exportOptions{app: app}
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
			if runF != nil {
				return runF(o)
			}
			return runExport(o)
		},
	}
	c.Flags().StringVarP(&o.Output, "output", "o", "", "write to this file instead of standard output")
	c.Flags().BoolVar(&o.CSV, "csv", false, "write one row per player per counted hand, for spreadsheets")
	return c
}

func runExport(o *exportOptions) error {
	app := o.app
	if o.Output != "" && o.Output != "-" {
		// Never onto the database itself, a device or a pipe.
		path, err := app.dbPath()
		if err != nil {
			return err
		}
		if o.Output, err = outfile.Target(o.Output, path, "-o"); err != nil {
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
		if db == nil && o.CSV {
			return writeCSV(w, nil)
		}
		if db == nil {
			_, err := io.WriteString(w, "{\n  \"unoscore_export\": 1,\n  \"games\": []\n}\n")
			return err
		}
		defer db.Close()
		if o.CSV {
			return writeCSV(w, db)
		}
		return db.Export(w)
	}
	if o.Output == "" || o.Output == "-" {
		bw := bufio.NewWriter(app.IO.Out)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	if swept := store.SweepLeftovers(filepath.Dir(o.Output), store.ExportTemp); swept != "" {
		fmt.Fprintf(app.IO.Err, "unoscore: %s.\n", swept)
	}
	if err := writeFileAtomic(o.Output, write); err != nil {
		return err
	}
	app.writer = true // a file written: output lost after it is said
	return nil
}

// writeFileAtomic writes a file whole or not at all.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), store.ExportTemp+"*")
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
