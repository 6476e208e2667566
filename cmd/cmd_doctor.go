package cmd

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/internal/outfile"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/store"
)

type doctorOptions struct {
	app         *App
	Backup      string
	JSON        bool
	AcceptOlder bool
}

func newDoctorCmd(app *App, runF func(*doctorOptions) error) *cobra.Command {
	o := &doctorOptions{app: app}
	c := &cobra.Command{
		Use:   "doctor [--backup FILE]",
		Short: "Check the database file and every game in it (--backup FILE also writes a copy)",
		Long: `Check the database: every page (each read once, with bounds, so a damaged
file is reported, never followed round a loop) and that each is in use or
free, the schema version, that every game's log replays, and that the list
of games agrees with the logs. With --backup, also write a consistent copy of the file.

If the newest record of the file's state (a meta page) is damaged, the last
change may be lost: doctor says so, and every command that writes refuses.
--accept-older copies the file aside as it is, then makes the state before
that change the file's state again, so that writing can go on.

Exit 0 when all is well, 1 when a problem was found (it is reported, not
repaired: import your last export into a new file, or restore a backup).`,
		Example: `  unoscore doctor
  unoscore doctor --backup ~/unoscore-backup.db`,
		Args: exactArgs(0, "no arguments"),
		RunE: seam(o, runF, runDoctor),
	}
	c.Flags().StringVar(&o.Backup, "backup", "", "also write a consistent copy of the database to this file")
	jsonFlag(c, &o.JSON, "print the report as JSON")
	c.Flags().BoolVar(&o.AcceptOlder, "accept-older", false, "when the newest state of the file is damaged, copy the file aside and go on from the state before it")
	return c
}

// errProblems: doctor found problems, and said what they were.
var errProblems = errors.New("the database has problems (see above)")

func runDoctor(o *doctorOptions) error {
	var r store.Report
	if o.Backup != "" {
		path, err := o.app.dbPath()
		if err != nil {
			return err
		}
		if _, err := outfile.Target(o.Backup, path, "--backup"); err != nil {
			return err
		}
	}
	var accepted string
	run := func(db *store.DB) error {
		var err error
		accepted = db.Accepted
		if r, err = db.Doctor(); err != nil {
			return err
		}
		if w := db.Warning; w != "" && len(r.Problems) > 0 && r.Problems[0] == w {
			r.Problems[0] = w + `: to go on from the state before that change, run "unoscore doctor --accept-older", which first copies the file aside`
		}
		if o.Backup != "" && len(r.Problems) == 0 {
			if swept := store.SweepLeftovers(filepath.Dir(o.Backup), store.BackupTemp); swept != "" {
				fmt.Fprintf(o.app.IO.Err, "unoscore: %s.\n", swept)
			}
			if err := db.Backup(o.Backup); err != nil {
				return err
			}
			o.app.writer = true // a file written: its report lost is said
		}
		return nil
	}
	var err error
	if o.AcceptOlder {
		// Open to write: a damaged newest state is copied aside and the
		// older one made the file's state again.
		var db *store.DB
		if db, err = o.app.openWith(store.Options{NoCreate: true, AcceptOlder: true}); err == nil {
			err = run(db)
			db.Close()
		} else if errors.Is(err, store.ErrNoDatabase) {
			err = store.ErrNoGame
		}
	} else {
		err = o.app.withDB(readDB, run)
	}
	if err != nil {
		return err
	}
	out := o.app.IO.Out
	if accepted != "" {
		fmt.Fprintf(o.app.IO.Err, "unoscore: the damaged file was copied to %s; the database now holds the state before its last change.\n", accepted)
	}
	if o.JSON {
		if err := writeJSON(out, r); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(out, "Database: %s (%d bytes, schema %d)\n", r.Path, r.Size, r.Schema)
		fmt.Fprintf(out, "Holds %s, %s, %s.\n", words.Count(r.Games, "game"), words.Count(r.Hands, "counted hand"), words.Count(r.Events, "history entry"))
		for _, p := range r.Problems {
			fmt.Fprintf(out, "Problem: %s\n", p)
		}
		for _, n := range r.Notes {
			fmt.Fprintf(out, "Note: %s\n", n)
		}
		if len(r.Problems) == 0 {
			fmt.Fprintln(out, "All checks passed: every page is sound and every game replays.")
			if o.Backup != "" {
				fmt.Fprintf(out, "Backup written to %s.\n", o.Backup)
			}
		}
	}
	if len(r.Problems) > 0 {
		if o.Backup != "" {
			return fmt.Errorf("%w; no backup was written from a damaged file", errProblems)
		}
		return errProblems
	}
	return nil
}

// plural writes "1 game", "2 games", "3 history entries".
