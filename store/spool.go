package store

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// A spool holds the games of an import that were checked but not yet
// written: an import reads and checks the whole export first, so that
// everything it would refuse is found before anything is written (bbolt
// never gives back the space a written batch took, so a refusal found
// after the first batch would leave the file grown). The games go to a
// temporary file, not memory, so an import of any size stays within a few
// MiB, and the export itself is read once, whatever it comes from (standard
// input cannot be read twice). What is kept is each game as it will be
// stored (its events and summary encoded), so writing it afterwards
// decodes and replays nothing.
type spool struct {
	f       *os.File
	removed bool
	w       *bufio.Writer
	r       *bufio.Reader
	games   int // written to it
}

// newSpool makes the temporary file beside the database (the same file
// system: where the database fits, its import does), or in the system's
// temporary folder if that is not writable. It is removed at once where a
// file can be removed while open, so a kill leaves nothing behind.
func newSpool(dbPath string) (*spool, error) {
	f, err := os.CreateTemp(filepath.Dir(dbPath), "."+filepath.Base(dbPath)+".import-*")
	if err != nil {
		if f, err = os.CreateTemp("", "unoscore-import-*"); err != nil {
			return nil, fmt.Errorf("cannot make a temporary file to check the export in (%s); nothing was imported", ioProblem(err))
		}
	}
	s := &spool{f: f, w: bufio.NewWriterSize(f, 64<<10)}
	s.removed = os.Remove(f.Name()) == nil
	return s, nil
}

// close closes and removes the temporary file.
func (s *spool) close() {
	s.f.Close()
	if !s.removed {
		os.Remove(s.f.Name())
	}
}

func (s *spool) putBytes(b []byte) error {
	var n [binary.MaxVarintLen64]byte
	if _, err := s.w.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))]); err != nil {
		return err
	}
	_, err := s.w.Write(b)
	return err
}

// put adds one checked game.
func (s *spool) put(g stagedGame) error {
	var n [binary.MaxVarintLen64]byte
	if _, err := s.w.Write(n[:binary.PutUvarint(n[:], g.index)]); err != nil {
		return err
	}
	if _, err := s.w.Write(n[:binary.PutUvarint(n[:], uint64(len(g.events)))]); err != nil {
		return err
	}
	if err := s.putBytes([]byte(g.id)); err != nil {
		return err
	}
	for _, e := range g.events {
		if err := s.putBytes(e); err != nil {
			return err
		}
	}
	if err := s.putBytes(g.summary); err != nil {
		return err
	}
	s.games++
	return nil
}

// rewind ends the writing and goes back to the first game.
func (s *spool) rewind() error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	s.r = bufio.NewReaderSize(s.f, 64<<10)
	return nil
}

// spoolMax bounds what is read back as one length: a spool that says more
// is not what was written.
const spoolMax = 1 << 30

// errSpool: the temporary file does not read back what was written to it.
var errSpool = errors.New("the temporary file of the import does not read back what was written to it")

func (s *spool) getBytes(limit uint64) ([]byte, error) {
	n, err := binary.ReadUvarint(s.r)
	if err != nil || n > limit {
		return nil, errSpool
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(s.r, b); err != nil {
		return nil, errSpool
	}
	return b, nil
}

// get reads the next game back.
func (s *spool) get() (stagedGame, error) {
	var g stagedGame
	var err error
	if g.index, err = binary.ReadUvarint(s.r); err != nil {
		return g, errSpool
	}
	count, err := binary.ReadUvarint(s.r)
	if err != nil || count > spoolMax {
		return g, errSpool
	}
	id, err := s.getBytes(64)
	if err != nil {
		return g, err
	}
	g.id = string(id)
	g.events = make([][]byte, count)
	for i := range g.events {
		if g.events[i], err = s.getBytes(spoolMax); err != nil {
			return g, err
		}
	}
	g.summary, err = s.getBytes(spoolMax)
	return g, err
}
