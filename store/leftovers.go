package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/unoscore/unoscore/rules/words"
)

// LeftoverAge is how long a temporary file of unoscore's must have been
// left unchanged to be taken for a leftover of an unoscore that was
// killed: one still being written (by another unoscore) is never touched.
const LeftoverAge = time.Hour

// The starts of the names of unoscore's temporary files (see writeBeside,
// newSpool, Backup and the command line's export).
const (
	BackupTemp = ".unoscore-backup-"
	ExportTemp = ".unoscore-export-"
)

// SweepLeftovers removes from dir the temporary files that an unoscore
// killed while writing them left behind: regular files whose names start
// with one of prefixes, unchanged for LeftoverAge. It says what it
// removed in a sentence, "" when nothing.
func SweepLeftovers(dir string, prefixes ...string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var removed []string
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() {
			continue
		}
		ours := false
		for _, p := range prefixes {
			ours = ours || strings.HasPrefix(name, p)
		}
		if !ours {
			continue
		}
		if info, err := e.Info(); err != nil || time.Since(info.ModTime()) < LeftoverAge {
			continue
		}
		if os.Remove(filepath.Join(dir, name)) == nil {
			removed = append(removed, name)
		}
	}
	if len(removed) == 0 {
		return ""
	}
	return fmt.Sprintf("removed %s that an unoscore stopped in the middle left in %s (%s)",
		words.Count(len(removed), "unfinished temporary file"), dir, words.Join(removed))
}

// sweepBeside removes the leftovers of unoscore's temporary files beside
// the database at path (see SweepLeftovers): its unfinished copies and
// imports, and backups and exports written in its folder.
func sweepBeside(path string) string {
	base := "." + filepath.Base(path)
	return SweepLeftovers(filepath.Dir(path), base+".unfinished-copy-", base+".import-", BackupTemp, ExportTemp)
}
