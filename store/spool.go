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
// written: an import reads and checks the whole export first, before it
// opens the database, so that a stalled input never holds the lock and
// everything it would refuse is found before anything is written (bbolt
// never gives back the space a written batch took, so a refusal found
// after the first batch would leave the file grown). The games go to a
// temporary file, not memory, so an import of any size stays within a few
// MiB, and the export itself is read once, whatever it comes from (standard
// input cannot be read twice). What is kept is each game as it will be
// stored (its events and summary encoded), so writing it afterwards
// decodes and replays nothing. Games are read back in any order (by their
// place in the export), so they are written in the order of their keys.
// An import of one batch or fewer games keeps them in memory, and makes
// no file.
type spool struct {
	dbPath  string
	mem     []stagedGame // the games, until there are more than a batch
	f       *os.File
	removed bool
	w       *bufio.Writer
	size    int64   // bytes written
	at      []int64 // where each game begins, by its place in the export
	r       *bufio.Reader
}

// makeFile makes the temporary file beside the database (the same file
// system: where the database fits, its import does), or in the system's
// temporary folder if that is not writable. It is removed at once where a
// file can be removed while open, so a kill leaves nothing behind.
func (s *spool) makeFile() error {
	f, err := os.CreateTemp(filepath.Dir(s.dbPath), "."+filepath.Base(s.dbPath)+".import-*")
	if err != nil {
		if f, err = os.CreateTemp("", "unoscore-import-*"); err != nil {
			return fmt.Errorf("cannot make a temporary file to check the export in (%s); nothing was imported", ioProblem(err))
		}
	}
	s.f, s.w = f, bufio.NewWriterSize(f, 64<<10)
	s.removed = os.Remove(f.Name()) == nil
	return nil
}

// close closes and removes the temporary file, if there is one.
func (s *spool) close() {
	if s.f == nil {
		return
	}
	s.f.Close()
	if !s.removed {
		os.Remove(s.f.Name())
	}
}

func (s *spool) write(b []byte) error {
	n, err := s.w.Write(b)
	s.size += int64(n)
	return err
}

func (s *spool) putBytes(b []byte) error {
	var n [binary.MaxVarintLen64]byte
	if err := s.write(n[:binary.PutUvarint(n[:], uint64(len(b)))]); err != nil {
		return err
	}
	return s.write(b)
}

// put adds one checked game, the next in the export's order.
func (s *spool) put(g stagedGame) error {
	if s.f == nil && len(s.mem) < importBatch {
		s.mem = append(s.mem, g)
		return nil
	}
	if s.f == nil {
		if err := s.makeFile(); err != nil {
			return err
		}
		held := s.mem
		s.mem = nil
		for _, h := range held {
			if err := s.putFile(h); err != nil {
				return keepProblem(err)
			}
		}
	}
	return keepProblem(s.putFile(g))
}

// keepProblem says that a game could not be kept in the temporary file.
func keepProblem(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("cannot keep the checked games of the import in a temporary file (%s); nothing was imported", ioProblem(err))
}

func (s *spool) putFile(g stagedGame) error {
	s.at = append(s.at, s.size)
	var n [binary.MaxVarintLen64]byte
	if err := s.write(n[:binary.PutUvarint(n[:], uint64(len(g.events)))]); err != nil {
		return err
	}
	for _, e := range g.events {
		if err := s.putBytes(e); err != nil {
			return err
		}
	}
	return s.putBytes(g.summary)
}

// done ends the writing.
func (s *spool) done() error {
	if s.f == nil {
		return nil
	}
	return s.w.Flush()
}

// spoolMax bounds what is read back as one length: a spool that says more
// is not what was written.
const spoolMax = 1 << 30

// errSpool: the temporary file does not read back what was written to it.
var errSpool = errors.New("the temporary file of the import does not read back what was written to it")

func (s *spool) getBytes() ([]byte, error) {
	n, err := binary.ReadUvarint(s.r)
	if err != nil || n > spoolMax {
		return nil, errSpool
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(s.r, b); err != nil {
		return nil, errSpool
	}
	return b, nil
}

// get reads back the game at index of the export (its id aside).
func (s *spool) get(index uint64) (stagedGame, error) {
	if s.f == nil && index < uint64(len(s.mem)) {
		return s.mem[index], nil
	}
	g := stagedGame{index: index}
	if index >= uint64(len(s.at)) {
		return g, errSpool
	}
	sr := io.NewSectionReader(s.f, s.at[index], s.size-s.at[index])
	if s.r == nil {
		s.r = bufio.NewReaderSize(sr, 16<<10)
	} else {
		s.r.Reset(sr)
	}
	count, err := binary.ReadUvarint(s.r)
	if err != nil || count > spoolMax {
		return g, errSpool
	}
	g.events = make([][]byte, count)
	for i := range g.events {
		if g.events[i], err = s.getBytes(); err != nil {
			return g, err
		}
	}
	g.summary, err = s.getBytes()
	return g, err
}
