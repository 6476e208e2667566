package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
)

// schema1 replaces a database with one of the first layout, of as many
// games of five hands as it held (see writeOldFile).
func schema1(t *testing.T, path string) {
	t.Helper()
	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	n := must[int](t)(db.List(0, func(Summary) error { return nil }))
	ok(t, db.Close())
	ok(t, os.Remove(path))
	writeOldFile(t, path, 1, n)
}

// TestOlderSchemaBadInputWritesNothing: on a schema-1 file, a change that is
// refused leaves the file as it was, with no upgrade and no backup; the
// first change that goes ahead upgrades it, after the backup.
func TestOlderSchemaBadInputWritesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.db")
	fill(t, path, 2)
	schema1(t, path)
	before, _ := os.ReadFile(path)

	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.AddHand("", hand(t, "Nobody", "Bob=r7", "Cat=9"))
	var in *scoring.InputError
	if !errors.As(err, &in) {
		t.Fatalf("a hand by an unknown player: %v", err)
	}
	var nf *NotFoundError
	if _, err := db.Use("nosuchgame"); !errors.As(err, &nf) {
		t.Fatalf("use of an unknown game: %v", err)
	}
	db.Close()
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("refused input changed the file")
	}
	if _, err := os.Lstat(BackupPath(path, 1)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("refused input wrote a backup: %v", err)
	}

	db, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddHand("", hand(t, "Ann", "Bob=r7", "Cat=9")); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if b, err := os.ReadFile(BackupPath(path, 1)); err != nil || !bytes.Equal(b[2*4096:], before[2*4096:len(b)]) {
		t.Fatalf("the backup is not the file as it was: %v", err)
	}
	db, _ = Open(path, Options{ReadOnly: true})
	defer db.Close()
	r, err := db.Doctor()
	if err != nil || len(r.Problems) > 0 || r.Schema != SchemaVersion || r.Hands != 11 {
		t.Fatalf("after the upgrade: %+v %v", r, err)
	}
}

// TestUpgradeBackupNeverFollowsLinks: a link already where the backup goes
// is left alone, and so is what it points at; the backup takes a new name.
func TestUpgradeBackupNeverFollowsLinks(t *testing.T) {
	for _, dangling := range []bool{false, true} {
		dir := t.TempDir()
		path := filepath.Join(dir, "old.db")
		fill(t, path, 1)
		schema1(t, path)
		outside := filepath.Join(t.TempDir(), "precious")
		if !dangling {
			os.WriteFile(outside, []byte("keep me"), 0o600)
		}
		symlink(t, outside, BackupPath(path, 1))
		db, err := Open(path, Options{}) // a change upgrades the file
		if err != nil {
			t.Fatal(err)
		}
		ok(t, db.Upgrade())
		db.Close()
		got, err := os.ReadFile(outside)
		switch {
		case dangling && !errors.Is(err, os.ErrNotExist):
			t.Fatalf("a file was made through a dangling link: %v", err)
		case !dangling && string(got) != "keep me":
			t.Fatalf("the link's target was overwritten: %q", got)
		}
		if fi, err := os.Lstat(BackupPath(path, 1) + "-2"); err != nil || !fi.Mode().IsRegular() || unixPerm && fi.Mode().Perm() != 0o600 {
			t.Fatalf("no backup beside the link: %v", err)
		}
	}
}

// TestDamagedEventIsDamage: an event whose text no longer reads (a card
// that does not exist, broken JSON) is damage, exit 1, not bad input.
func TestDamagedEventIsDamage(t *testing.T) {
	for _, text := range []string{
		`{"type":"hand","hand":{"out":"Ann","left":[{"player":"Bob","cards":"zz9"}]}}`,
		`{"type":"hand","hand":`,
		`{"type":"hand","hand":{"out":"Nobody","left":[{"player":"Bob","cards":"r7"}]}}`,
	} {
		path := filepath.Join(t.TempDir(), "u.db")
		fill(t, path, 1)
		b, err := bolt.Open(path, 0o600, nil)
		if err != nil {
			t.Fatal(err)
		}
		ok(t, b.Update(func(tx *bolt.Tx) error {
			id, _ := readCurrent(tx)

			return putRaw(tx, bucketEvents, eventKey(rawNum(tx, id), 2), []byte(text))
		}))
		b.Close()
		db, err := Open(path, Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.Game("")
		// Doctor names the game once, and says what is wrong with it.
		r, _ := db.Doctor()
		db.Close()
		if len(r.Problems) != 1 || strings.Count(r.Problems[0], "game ") != 1 || strings.Contains(r.Problems[0], "move it aside") {
			t.Errorf("doctor: %q", r.Problems)
		}
		var ce *CorruptError
		var in interface{ Invalid() bool }
		if !errors.As(err, &ce) || errors.As(err, &in) {
			t.Errorf("%s: %T %v, want damage and not bad input", text, err, err)
		}
	}
}

// TestImportRefusesMalformed: an export is exactly one JSON object with a
// format number and a games list, no key twice at any depth, nothing after
// it, names by the command line's rules, and no bigger than the limit,
// which the refusal names. Nothing is written when it is refused.
func TestImportRefusesMalformed(t *testing.T) {
	game := func(id, name string) string {
		return `{"id": "` + id + `", "name": ` + name + `, "events": [{"type":"created","name":` + name + `,"settings":{"players":["A","B"]}}]}`
	}
	good := `{"unoscore_export": 1, "games": [` + game("a", `""`) + `]}`
	tests := map[string]struct{ data, want string }{
		"trailing garbage":       {good + ` xyz`, "more after the end of the export"},
		"two exports":            {good + good, "more after the end of the export"},
		"no format":              {`{"games": []}`, `no "unoscore_export"`},
		"negative format":        {`{"unoscore_export": -1, "games": []}`, "format number from 1"},
		"fractional format":      {`{"unoscore_export": 1.5, "games": []}`, "format number from 1"},
		"format as text":         {`{"unoscore_export": "1", "games": []}`, "format number from 1"},
		"newer format":           {`{"unoscore_export": 2, "games": []}`, "newer than this unoscore"},
		"games twice":            {`{"unoscore_export": 1, "games": [` + game("a", `""`) + `], "games": []}`, `the key "games" twice`},
		"format twice":           {`{"unoscore_export": 1, "unoscore_export": 1, "games": []}`, `the key "unoscore_export" twice`},
		"id twice in a game":     {`{"unoscore_export": 1, "games": [{"id": "a", "id": "b", "events": []}]}`, `"id" appears twice`},
		"id twice, once escaped": {`{"unoscore_export": 1, "games": [{"id": "a", "\u0069d": "b", "events": []}]}`, `"id" appears twice`},
		"key twice in an event":  {`{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","type":"hand"}]}]}`, `"type" appears twice`},
		"unknown key":            {`{"unoscore_export": 1, "games": [], "gmaes": []}`, `a key "gmaes"`},
		"games not a list":       {`{"unoscore_export": 1, "games": {}}`, `"games" is not a list`},
		"not an object":          {`[1]`, "does not begin with a JSON object"},
		"empty":                  {``, "does not begin with a JSON object"},
		"cut short":              {`{"unoscore_export": 1, "games": [` + game("a", `""`), "the file ends before the export does"},
		"cut in a game":          {`{"unoscore_export": 1, "games": [{"id": "a"`, "the file ends before the export does"},
		"escape codes in a name": {`{"unoscore_export": 1, "games": [` + game("a", `"\u001b]0;PWNED\u0007\u001b[2J"`) + `]}`, "does not print"},
		"a 200 KB name":          {`{"unoscore_export": 1, "games": [` + game("a", `"`+strings.Repeat("x", 200000)+`"`) + `]}`, "the most is 80"},
		"bidi override":          {`{"unoscore_export": 1, "games": [` + game("a", `"\u202eevil"`) + `]}`, "does not print"},
		"a lone surrogate":       {`{"unoscore_export": 1, "games": [` + game("a", `"Ann\ud800"`) + `]}`, "lone surrogate"},
		"a lone low surrogate":   {`{"unoscore_export": 1, "games": [` + game("a", `"\udc00"`) + `]}`, "lone surrogate"},
		"bytes not UTF-8":        {`{"unoscore_export": 1, "games": [` + game("a", "\"Ann\xff\"") + `]}`, "not UTF-8"},
	}
	for name, tt := range tests {
		db := openTemp(t)
		n, err := db.Import(strings.NewReader(tt.data))
		var ie *ImportError
		if err == nil || !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: imported %d, %v; want %q", name, n, err, tt.want)
		}
		if l, _ := listAll(t, db); len(l) != 0 {
			t.Errorf("%s: wrote %d games", name, len(l))
		}
		db.Close()
	}
	// The one good export, with whitespace after it, goes in.
	db := openTemp(t)
	if n, err := db.Import(strings.NewReader(good + "\n\n")); err != nil || n != 1 {
		t.Fatalf("good export: %d %v", n, err)
	}

	// Too big: the refusal names the limit.
	defer func(old int64) { importLimit = old }(importLimit)
	importLimit = 1 << 10
	big := `{"unoscore_export": 1, "games": [`
	for i := range 20 {
		big += game(fmt.Sprintf("g%d", i), `""`) + ","
	}
	big += game("b", `""`) + `]}`
	if _, err := db.Import(strings.NewReader(big)); err == nil || !strings.Contains(err.Error(), "larger than 1 KiB") {
		t.Fatalf("too big: %v", err)
	}
	exact := good + strings.Repeat(" ", int(importLimit)-len(good))
	if _, err := openTemp(t).Import(strings.NewReader(exact)); err != nil {
		t.Fatalf("an export of exactly the limit: %v", err)
	}
}

// TestImportRefusesHistoryNoUnoscoreWrote: an export may hold only what
// unoscore itself could have written: a redo brings back the hand just
// voided, as it was; no game has the id that stands for the current game;
// no object has two keys that differ only in case (encoding/json would
// keep the last). Each is refused with a sentence, nothing written.
func TestImportRefusesHistoryNoUnoscoreWrote(t *testing.T) {
	const created = `{"type":"created","at":"2026-01-01T20:00:00Z","settings":{"players":["Ann","Bob"],"target":500}}`
	const hand = `{"type":"hand","at":"2026-01-01T20:01:00Z","hand":{"out":"Ann","left":[{"player":"Bob","cards":"r7"}]}}`
	const void = `{"type":"void","at":"2026-01-01T20:02:00Z","number":1}`
	export := func(id string, events ...string) string {
		return `{"unoscore_export": 1, "games": [{"id": "` + id + `", "events": [` + strings.Join(events, ",") + `]}]}`
	}
	redo := func(cards string) string {
		return `{"type":"redo","at":"2026-01-01T20:03:00Z","number":1,"hand":{"out":"Ann","left":[{"player":"Bob","cards":"` + cards + `"}]}}`
	}
	tests := map[string]struct{ data, want string }{
		"a redo of another hand": {export("a", created, hand, void, redo("4xwd4")), "brings back hand 1 as another hand (Ann out, 200 points left) than the one the undo voided (Ann out, 7 points left)"},
		"a redo with no undo":    {export("a", created, redo("r7")), "nothing before it was undone"},
		"the id current":         {export("current", created), `has the id "current", which serve's addresses take to mean the current game`},
		"a key in two cases":     {export("a", strings.Replace(created, `"target":500`, `"target":500,"Target":5`, 1)), `the keys "target" and "Target" differ only in case`},
		"a key in two scripts":   {export("a", strings.Replace(created, `"target":500`, `"target":500,"player\u017f":["Cat","Dan"]`, 1)), `differ only in case`},
	}
	for name, tt := range tests {
		db := openTemp(t)
		n, err := db.Import(strings.NewReader(tt.data))
		var ie *ImportError
		if err == nil || !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: imported %d, %v; want %q", name, n, err, tt.want)
		}
		if l, _ := listAll(t, db); len(l) != 0 {
			t.Errorf("%s: wrote %d games", name, len(l))
		}
		db.Close()
	}
	// The redo of the hand voided, as it was, goes in.
	if n, err := openTemp(t).Import(strings.NewReader(export("a", created, hand, void, redo("r7")))); err != nil || n != 1 {
		t.Fatalf("a true redo: %d %v", n, err)
	}
}
