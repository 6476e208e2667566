// Package outfile checks the file a copy of the database (an export, a backup)
// is about to replace: what `export -o` and `doctor --backup` may write over.
package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

// Target checks a file that a copy of the database (an export, a
// backup) is about to replace, and returns the path to write. The copy is
// written beside it and moved into place, so the target must not be the
// database itself, by any name (a symbolic or a hard link): replacing the
// database while another unoscore waits on it would lose what that one
// writes. An existing target must be a regular file: a device or a pipe is
// never replaced. A symbolic link to a regular file is followed, so the link
// stays and its target gets the copy.
func Target(target, dbPath, flag string) (string, error) {
	if target == "" {
		return "", &scoring.InputError{Msg: fmt.Sprintf("%s needs a file name", flag)}
	}
	resolved := target
	if li, err := os.Lstat(target); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		r, err := filepath.EvalSymlinks(target)
		if err != nil {
			return "", &scoring.InputError{Msg: fmt.Sprintf("%s %s is a link to nothing; give a file name", flag, words.Clip(target))}
		}
		resolved = r
	}
	info, err := os.Stat(resolved)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return resolved, nil
	case err != nil:
		return "", fmt.Errorf("cannot write %s: %w", words.Clip(target), err)
	case !info.Mode().IsRegular():
		return "", &scoring.InputError{Msg: fmt.Sprintf("%s %s is not a regular file (a folder, device or pipe), and is never replaced; give a file name, or use > to write to it", flag, words.Clip(target))}
	}
	if db, err := os.Stat(dbPath); err == nil && os.SameFile(info, db) {
		return "", &scoring.InputError{Msg: fmt.Sprintf("%s %s is the database itself; write the copy to another file", flag, words.Clip(target))}
	}
	return resolved, nil
}
