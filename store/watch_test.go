package store

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/unoscore/unoscore/scoring"
)

// TestReadStamp: every write changes the stamp, a read does not, and the
// stamp is read while another process holds the file's lock.
func TestReadStamp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	if _, err := ReadStamp(path); !errors.Is(err, ErrNoDatabase) {
		t.Fatalf("missing file: %v", err)
	}
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s0, err := ReadStamp(path) // read while db holds the exclusive lock
	if err != nil {
		t.Fatal(err)
	}
	if cur, err := db.Current(); err != nil || cur != "" {
		t.Fatalf("Current before any game: %q, %v", cur, err)
	}
	g, err := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	s1, _ := ReadStamp(path)
	if s1.TxID <= s0.TxID {
		t.Fatalf("creating a game left the transaction id at %d (was %d)", s1.TxID, s0.TxID)
	}
	if cur, _ := db.Current(); cur != g.ID {
		t.Fatalf("Current: %q, want %q", cur, g.ID)
	}
	if _, err := db.Game(""); err != nil {
		t.Fatal(err)
	}
	if s, _ := ReadStamp(path); s != s1 {
		t.Fatalf("a read changed the stamp: %+v -> %+v", s1, s)
	}
	g2, err := db.AddHand("", hand(t, "Ann", "Bob=r7"))
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := ReadStamp(path); s.TxID != s1.TxID+1 {
		t.Fatalf("a hand moved the transaction id from %d to %d", s1.TxID, s.TxID)
	}
	if g.Changes() != 1 || g2.Changes() != 2 {
		t.Fatalf("change counters %d, %d; want 1, 2", g.Changes(), g2.Changes())
	}
}

func TestReadStampDamaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	if err := os.WriteFile(path, []byte("not a database at all, just some words padded out to a page"), 0o600); err != nil {
		t.Fatal(err)
	}
	var corrupt *CorruptError
	if _, err := ReadStamp(path); !errors.As(err, &corrupt) {
		t.Fatalf("a text file: %v, want a CorruptError", err)
	}
}
