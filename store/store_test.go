package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

func openTemp(t testing.TB) *DB {
	t.Helper()
	db, err := Open(filepath.Join(t.TempDir(), "sub", "u.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// listAll returns every summary, newest first, and the current game.
func listAll(t testing.TB, db *DB) ([]Summary, string) {
	t.Helper()
	var l []Summary
	cur := ""
	total, err := db.List(0, func(s Summary) error {
		l = append(l, s)
		if s.Current {
			cur = s.ID
		}
		return nil
	})
	if err != nil || total != len(l) {
		t.Fatalf("List: %d of %d, %v", len(l), total, err)
	}
	return l, cur
}

// must fails the test on a setup step's error.
func must[T any](t testing.TB) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// ok fails the test on a setup step's error.
func ok(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// unixPerm: files here carry Unix permission bits to check (on Windows a
// file's mode says only whether it is read-only).
var unixPerm = runtime.GOOS != "windows"

// symlink makes a symbolic link, or skips the test where making one needs
// rights a test does not have (Windows, outside Developer Mode).
func symlink(t testing.TB, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		if runtime.GOOS == "windows" {
			t.Skipf("cannot make a symbolic link here (%v): on Windows that needs Developer Mode or administrator rights", err)
		}
		t.Fatal(err)
	}
}

func hand(t testing.TB, out string, left ...string) scoring.Hand {
	t.Helper()
	h := scoring.Hand{Out: out}
	for _, l := range left {
		name, cards, _ := strings.Cut(l, "=")
		c, err := rules.ParseHand(cards)
		if err != nil {
			t.Fatal(err)
		}
		h.Left = append(h.Left, scoring.Left{Player: name, Cards: c})
	}
	return h
}

func TestOpenModes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data", "u.db")
	if _, err := Open(path, Options{ReadOnly: true}); !errors.Is(err, ErrNoDatabase) {
		t.Fatalf("read-only open of a missing file: %v", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("a read-only open created the file")
	}
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ok(t, db.Close())
	fi := must[os.FileInfo](t)(os.Stat(path))
	di := must[os.FileInfo](t)(os.Stat(filepath.Dir(path)))
	if unixPerm && (fi.Mode().Perm() != 0o600 || di.Mode().Perm() != 0o700) {
		t.Fatalf("modes %v %v, want 0600 and 0700", fi.Mode().Perm(), di.Mode().Perm())
	}
}

func TestLocked(t *testing.T) {
	db := openTemp(t)
	start := time.Now()
	_, err := Open(db.Path(), Options{Timeout: 200 * time.Millisecond})
	var le *LockedError
	if !errors.As(err, &le) {
		t.Fatalf("second open: %v", err)
	}
	if d := time.Since(start); d > 30*time.Second { // a hang, not a loaded machine
		t.Fatalf("waited %v", d)
	}
	if !strings.Contains(err.Error(), "in use by another unoscore") {
		t.Fatal(err)
	}
}

func TestDamagedFiles(t *testing.T) {
	dir := t.TempDir()
	tests := map[string][]byte{
		"random":    bytes.Repeat([]byte{0x5a, 0x13, 0x77}, 3000),
		"few bytes": []byte("uno"),
	}
	for name, data := range tests {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_"))
		ok(t, os.WriteFile(p, data, 0o600))
		_, err := Open(p, Options{})
		var ce *CorruptError
		if !errors.As(err, &ce) {
			t.Errorf("%s: %v", name, err)
		}
		if got, _ := os.ReadFile(p); !bytes.Equal(got, data) {
			t.Errorf("%s: the file was changed", name)
		}
	}
	// A truncated database.
	db := openTemp(t)
	for range 30 {
		if _, err := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}}); err != nil {
			t.Fatal(err)
		}
	}
	ok(t, db.Close())
	data := must[[]byte](t)(os.ReadFile(db.Path()))
	p := filepath.Join(dir, "truncated")
	ok(t, os.WriteFile(p, data[:3*4096], 0o600)) // the meta pages survive, the games do not
	if _, err := Open(p, Options{}); !errors.As(err, new(*CorruptError)) {
		t.Errorf("truncated: %v", err)
	}
	// A bbolt file from another program.
	p = filepath.Join(dir, "other.db")
	other := must[*bolt.DB](t)(bolt.Open(p, 0o600, nil))
	ok(t, other.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("widgets")); return err }))
	ok(t, other.Close())
	if _, err := Open(p, Options{}); !errors.As(err, new(*CorruptError)) {
		t.Errorf("other program's file: %v", err)
	}
	// A folder where the file should be.
	if _, err := Open(dir, Options{}); !errors.As(err, new(*CorruptError)) {
		t.Errorf("folder: %v", err)
	}
}

func TestGameLifecycle(t *testing.T) {
	db := openTemp(t)
	if _, err := db.Game(""); err != ErrNoGame {
		t.Fatalf("no game yet: %v", err)
	}
	g, err := db.Create("Friday", scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 100})
	if err != nil {
		t.Fatal(err)
	}
	if !ValidID(g.ID) || len(g.ID) != 6 {
		t.Fatalf("id %q", g.ID)
	}
	if _, err := db.AddHand("", hand(t, "Ann", "Bob=r7 wd4", "Cat=3")); err != nil {
		t.Fatal(err)
	}
	// A rejected hand writes nothing.
	if _, err := db.AddHand("", hand(t, "Ann", "Bob=r7")); err == nil {
		t.Fatal("a hand with Cat missing was counted")
	}
	g, err = db.AddHand(g.ID[:3], hand(t, "bob", "cat=9", "ann=1"))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Events) != 3 || g.Board.Score(0) != 60 || g.Board.Score(1) != 10 {
		t.Fatalf("after two hands: %d events, %d %d", len(g.Events), g.Board.Score(0), g.Board.Score(1))
	}
	g, voided, err := db.Undo("")
	if err != nil || voided.Number != 2 || g.Board.Hands() != 1 || g.Board.Score(1) != 0 {
		t.Fatalf("undo: %v %+v", err, voided)
	}
	g, err = db.Edit("", 1, hand(t, "Cat", "Ann=5", "Bob=6"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Board.Score(0) != 0 || g.Board.Score(2) != 11 {
		t.Fatalf("after edit: %d %d", g.Board.Score(0), g.Board.Score(2))
	}
	if _, err := db.Edit("", 2, hand(t, "Cat", "Ann=5", "Bob=6")); err == nil || !strings.Contains(err.Error(), "there is no hand 2") {
		t.Fatalf("edit of a missing hand: %v", err)
	}
	// The log keeps everything: created, hand, hand, void, correct.
	g, err = db.Game("")
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range g.Events {
		kinds = append(kinds, e.Type)
	}
	if want := []string{"created", "hand", "hand", "void", "correct"}; !reflect.DeepEqual(kinds, want) {
		t.Fatalf("log %v", kinds)
	}
	list, current := listAll(t, db)
	if len(list) != 1 || current != g.ID || list[0].Hands != 1 || !reflect.DeepEqual(list[0].Leaders, []string{"Cat"}) {
		t.Fatalf("list %+v %q", list, current)
	}
}

func TestEditRefusedWhenLaterHandsBreak(t *testing.T) {
	db := openTemp(t)
	if _, err := db.Create("", scoring.Settings{Mode: scoring.Challenge, Target: 50, Players: []string{"Ann", "Bob", "Cat"}}); err != nil {
		t.Fatal(err)
	}
	must[*Game](t)(db.AddHand("", hand(t, "Ann", "Bob=9", "Cat=9")))
	must[*Game](t)(db.AddHand("", hand(t, "Bob", "Ann=9", "Cat=9")))
	// Correcting hand 1 so Cat is eliminated makes hand 2 impossible.
	_, err := db.Edit("", 1, hand(t, "Ann", "Bob=9", "Cat=w"))
	if err == nil || !strings.Contains(err.Error(), "with that correction, hand 2: Cat was eliminated") {
		t.Fatalf("edit: %v", err)
	}
	g := must[*Game](t)(db.Game(""))
	if len(g.Events) != 3 {
		t.Fatalf("a refused edit wrote %d events", len(g.Events))
	}
}

func TestExportImport(t *testing.T) {
	src := openTemp(t)
	a := must[*Game](t)(src.Create("A", scoring.Settings{Players: []string{"Ann", "Bob"}}))
	must[*Game](t)(src.AddHand("", hand(t, "Ann", "Bob=9")))
	must[*Game](t)(src.AddHand("", hand(t, "Bob", "Ann=wd4")))
	if _, _, err := src.Undo(""); err != nil {
		t.Fatal(err)
	}
	b := must[*Game](t)(src.Create("B", scoring.Settings{Mode: scoring.Partners, Players: []string{"Ann", "Bob", "Cat", "Dan"}}))
	must[*Game](t)(src.AddHand("", hand(t, "Cat", "Bob=9", "Dan=1")))
	var buf bytes.Buffer
	if err := src.Export(&buf); err != nil {
		t.Fatal(err)
	}
	dst := openTemp(t)
	n, err := dst.Import(bytes.NewReader(buf.Bytes()))
	if err != nil || n != 2 {
		t.Fatalf("import: %d %v", n, err)
	}
	for _, id := range []string{a.ID, b.ID} {
		x := must[*Game](t)(src.Game(id))
		y, err := dst.Game(id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(x.Events, y.Events) || !reflect.DeepEqual(x.Board.Rows, y.Board.Rows) {
			t.Fatalf("game %s differs after import", id)
		}
	}
	l1, c1 := listAll(t, src)
	l2, c2 := listAll(t, dst)
	if c1 != c2 || len(l1) != len(l2) || l1[0].ID != l2[0].ID {
		t.Fatalf("lists differ: %v %v", c1, c2)
	}
	// Importing again is refused whole.
	if _, err := dst.Import(bytes.NewReader(buf.Bytes())); err == nil || !strings.Contains(err.Error(), "already in the database") {
		t.Fatalf("second import: %v", err)
	}
	if l3, _ := listAll(t, dst); len(l3) != 2 {
		t.Fatalf("a refused import wrote games: %d", len(l3))
	}
}

func TestImportRefusesBadData(t *testing.T) {
	tests := map[string]string{
		"not json":       `{"unoscore_export": 1, "games": [`,
		"no games":       `{"unoscore_export": 1}`,
		"bad id":         `{"unoscore_export": 1, "games": [{"id": "Bad Id", "events": []}]}`,
		"twice":          `{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"]}}]}, {"id": "a", "events": [{"type":"created","settings":{"players":["A","B"]}}]}]}`,
		"unknown player": `{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"]}}, {"type":"hand","hand":{"out":"Zed","left":[{"player":"B","cards":"r7"}]}}]}]}`,
		"impossible":     `{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"]}}, {"type":"hand","hand":{"out":"A","left":[{"player":"B","cards":"5xwd4"}]}}]}]}`,
		"bad card":       `{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"]}}, {"type":"hand","hand":{"out":"A","left":[{"player":"B","cards":"r77"}]}}]}]}`,
		"void nothing":   `{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"]}}, {"type":"void","number":1}]}]}`,
		"no creation":    `{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"hand","hand":{"out":"A","left":[{"player":"B","cards":"r7"}]}}]}]}`,
	}
	for name, data := range tests {
		db := openTemp(t)
		if _, err := db.Import(strings.NewReader(data)); err == nil {
			t.Errorf("%s: imported", name)
		}
		if l, _ := listAll(t, db); len(l) != 0 {
			t.Errorf("%s: wrote %d games", name, len(l))
		}
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	db := openTemp(t)
	ok(t, db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keySchema, []byte("99")) }))
	ok(t, db.Close())
	before := must[[]byte](t)(os.ReadFile(db.Path()))
	_, err := Open(db.Path(), Options{})
	var ne *NewerError
	if !errors.As(err, &ne) || ne.Version != 99 {
		t.Fatalf("open: %v", err)
	}
	if after, _ := os.ReadFile(db.Path()); !bytes.Equal(before, after) {
		t.Fatal("the newer file was rewritten")
	}
}

// smallExport is an export of n games of one hand each, ids s0000 on.
func smallExport(n int, extra string) string {
	var b strings.Builder
	b.WriteString(`{"unoscore_export": 1, "games": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id": "s%04d", "events": [{"type":"created","settings":{"players":["A","B"]}}, {"type":"hand","hand":{"out":"A","left":[{"player":"B","cards":"r7"}]}}]}`, i)
	}
	b.WriteString(extra + "]}")
	return b.String()
}

// TestImportInBatches: an import bigger than a batch that fails after its
// first batches were written keeps nothing, and one that was cut off (the
// process died) is left out of reads, which write nothing, and removed by
// the next write.
func TestImportInBatches(t *testing.T) {
	db := openTemp(t)
	first := must[*Game](t)(db.Create("before", scoring.Settings{Players: []string{"Ann", "Bob"}}))
	n := 2*importBatch + 7
	bad := `, {"id": "s0003", "events": [{"type":"created","settings":{"players":["A","B"]}}]}`
	if _, err := db.Import(strings.NewReader(smallExport(n, bad))); err == nil || !strings.Contains(err.Error(), "holds game s0003 twice") {
		t.Fatalf("import with a repeated id: %v", err)
	}
	if l, cur := listAll(t, db); len(l) != 1 || cur != first.ID {
		t.Fatalf("a refused import kept %d games", len(l)-1)
	}

	// Cut off: two batches written, then the process dies.
	c := must[*CheckedImport](t)(CheckImport(strings.NewReader(smallExport(n, "")), db.Path()))
	defer c.Close()
	im := &importer{db: db, c: c}
	for k := range 2 { // the two oldest batches
		end := len(c.made) - k*importBatch
		ok(t, im.write(end-importBatch, end))
	}
	var marked bool
	var ids int
	ok(t, db.bolt.View(func(tx *bolt.Tx) error {
		marked = tx.Bucket(bucketMeta).Get(keyImport) != nil
		ids = tx.Bucket(bucketIDs).Stats().KeyN
		return nil
	}))
	if !marked || ids != 1+2*importBatch {
		t.Fatalf("before the next open: marked %v, %d ids", marked, ids)
	}
	ok(t, db.Close())
	ro := must[*DB](t)(Open(db.Path(), Options{ReadOnly: true}))
	if l, cur := listAll(t, ro); len(l) != 1 || cur != first.ID {
		t.Fatalf("after the next open, %d games", len(l))
	}
	r := must[Report](t)(ro.Doctor())
	ok(t, ro.Close())
	if len(r.Problems) > 0 || r.Games != 1 || r.Events != 1 {
		t.Fatalf("doctor after the discarded import: %+v", r)
	}

	// And whole, it is all there, in the export's order (its games were
	// all created at the same instant, long ago), listed after the game
	// that was there before, which is newer; new games come first.
	db = must[*DB](t)(Open(db.Path(), Options{}))
	defer db.Close()
	if got := must[int](t)(db.Import(strings.NewReader(smallExport(n, "")))); got != n {
		t.Fatalf("imported %d of %d", got, n)
	}
	later := must[*Game](t)(db.Create("after", scoring.Settings{Players: []string{"Ann", "Bob"}}))
	l, _ := listAll(t, db)
	if len(l) != n+2 || l[0].ID != later.ID || l[1].ID != first.ID || l[2].ID != "s0000" || l[n+1].ID != fmt.Sprintf("s%04d", n-1) {
		t.Fatalf("order after the import: %s %s %s %s", l[0].ID, l[1].ID, l[2].ID, l[n+1].ID)
	}
}

var command = regexp.MustCompile(`"unoscore|unoscore (new|games|use|hand|undo|edit|board|history|import|export|doctor|rules)`)

// TestTypedErrors: the store says what is wrong in its own terms, a type
// per kind, and names no command.
func TestTypedErrors(t *testing.T) {
	db := openTemp(t)
	var nf *NotFoundError
	if _, err := db.Game(""); !errors.As(err, &nf) || nf.ID != "" || err != ErrNoGame {
		t.Fatalf("no game yet: %v", err)
	}
	var ids []string
	for range 40 {
		ids = append(ids, must[*Game](t)(db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}})).ID)
	}
	if _, err := db.Game("zz-nothing"); !errors.As(err, &nf) || nf.ID != "zz-nothing" {
		t.Fatalf("unknown id: %v", err)
	}
	// With 40 ids of 6 characters from 32, some share their first one.
	slices.Sort(ids)
	prefix := ""
	for i := 1; i < len(ids) && prefix == ""; i++ {
		if ids[i][0] == ids[i-1][0] {
			prefix = ids[i][:1]
		}
	}
	var amb *AmbiguousError
	if _, err := db.Game(prefix); !errors.As(err, &amb) || amb.Prefix != prefix || len(amb.Matches) < 2 {
		t.Fatalf("ambiguous %q: %v", prefix, err)
	}
	if _, _, err := db.Undo(""); err != scoring.ErrNothingToUndo {
		t.Fatalf("undo with no hand: %v", err)
	}
	for _, err := range []error{ErrNoGame, &NotFoundError{ID: "x"}, amb, scoring.ErrNothingToUndo, &LockedError{Path: "p"}, &CorruptError{Path: "p", Err: errors.New("e")}, &NewerError{Path: "p", Version: 9}} {
		if command.MatchString(err.Error()) {
			t.Errorf("the store names a command: %v", err)
		}
	}
}

// TestRefusedImportLeavesTheFile: an export refused late, after many
// batches' worth of games (a game that does not replay, an id already in
// the database, the file cut short, a game past the size bound), leaves
// the database byte for byte as it was: everything an import refuses is
// found before its first batch is written (it grew 32 KB to 512 KB
// before), and its temporary file is gone.
func TestRefusedImportLeavesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "u.db")
	db := must[*DB](t)(Open(path, Options{}))
	before := must[*Game](t)(db.Create("before", scoring.Settings{Players: []string{"Ann", "Bob"}}))
	ok(t, db.Close())
	orig := must[[]byte](t)(os.ReadFile(path))
	n := 3*importBatch + 7
	game := func(id, cards string) string {
		return fmt.Sprintf(`, {"id": %q, "events": [{"type":"created","settings":{"players":["A","B"]}}, {"type":"hand","hand":{"out":"A","left":[{"player":"B","cards":%q}]}}]}`, id, cards)
	}
	for name, c := range map[string]struct{ export, says string }{
		"a game that does not replay":         {smallExport(n, game("late", "r77")), "unknown card \"r77\""},
		"an id already there":                 {smallExport(n, game(before.ID, "r7")), "already in the database"},
		"an id already there, ending a batch": {smallExport(3*importBatch-1, game(before.ID, "r7")), "already in the database"},
		"cut short":                           {strings.TrimSuffix(smallExport(n, ""), "]}"), "cut short"},
		"a game past the bound":               {smallExport(n, game("big", strings.Repeat("r", 2*int(maxPiece)))), "larger than"},
	} {
		db := must[*DB](t)(Open(path, Options{}))
		_, err := db.Import(struct{ io.Reader }{strings.NewReader(c.export)}) // not seekable, as standard input
		ok(t, db.Close())
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %.300v", name, err)
		}
		if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(after, orig) {
			t.Errorf("%s: the refused import changed the file (%d bytes to %d)", name, len(orig), len(after))
		}
	}
	if left := must[[]os.DirEntry](t)(os.ReadDir(dir)); len(left) != 1 {
		t.Errorf("left beside the database: %v", left)
	}
	db = must[*DB](t)(Open(path, Options{}))
	defer db.Close()
	if got := must[int](t)(db.Import(strings.NewReader(smallExport(n, "")))); got != n {
		t.Fatalf("imported %d of %d", got, n)
	}
}

// TestImportIntoOlderFile: an import of more than a batch into a file of an
// older schema checks its ids before its first batch (no upgrade thrown
// away at every batch): one already there, late, is refused with the file
// byte for byte as it was; the rest goes in, and the file is upgraded by
// the import's first batch.
func TestImportIntoOlderFile(t *testing.T) {
	for _, version := range []int{1, 4} {
		path := filepath.Join(t.TempDir(), "u.db")
		var old []string
		if version == 4 {
			fill(t, path, 2)
			db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
			l, _ := listAll(t, db)
			ok(t, db.Close())
			for _, s := range l {
				old = append(old, s.ID)
			}
			unsealToSchema4(t, path)
		} else {
			old = writeOldFile(t, path, 1, 2)
		}
		orig := must[[]byte](t)(os.ReadFile(path))
		n := 2*importBatch + 3
		dup := fmt.Sprintf(`, {"id": %q, "events": [{"type":"created","settings":{"players":["A","B"]}}]}`, old[1])
		db := must[*DB](t)(Open(path, Options{}))
		_, err := db.Import(strings.NewReader(smallExport(n, dup)))
		ok(t, db.Close())
		if err == nil || !strings.Contains(err.Error(), "game "+old[1]+" is already in the database") {
			t.Errorf("schema %d: import with an id already there: %v", version, err)
		}
		if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(after, orig) {
			t.Errorf("schema %d: the refused import changed the file", version)
		}
		db = must[*DB](t)(Open(path, Options{}))
		if got, err := db.Import(strings.NewReader(smallExport(n, ""))); err != nil || got != n {
			t.Errorf("schema %d: import: %d %v", version, got, err)
		}
		ok(t, db.Close())
		if r := problems(t, path); len(r.Problems) != 0 || r.Games != n+2 || r.Schema != SchemaVersion {
			t.Errorf("schema %d: after the import: %+v", version, r)
		}
	}
}

// unsealToSchema4 turns a schema 5 file into the schema 4 it was upgraded
// from: values without their checksums, the counter of games in the
// summaries bucket's sequence.
func unsealToSchema4(t *testing.T, path string) {
	t.Helper()
	b := must[*bolt.DB](t)(bolt.Open(path, 0o600, nil))
	defer b.Close()
	ok(t, b.Update(func(tx *bolt.Tx) error {
		for _, name := range layout {
			bk := tx.Bucket(name)
			var keys, vals [][]byte
			ok(t, bk.ForEach(func(k, v []byte) error {
				keys, vals = append(keys, bytes.Clone(k)), append(vals, bytes.Clone(v[:len(v)-sealSize]))
				return nil
			}))
			for i := range keys {
				ok(t, bk.Put(keys[i], vals[i]))
			}
		}
		n := must[uint64](t)(counter(tx))
		ok(t, tx.Bucket(bucketSummaries).SetSequence(n))
		meta := tx.Bucket(bucketMeta)
		ok(t, meta.Delete(keyCounter))
		ok(t, meta.Delete([]byte("last-tx")))
		if c := meta.Get(keyCurrent); c != nil { // sealed from schema 7
			ok(t, meta.Put(keyCurrent, bytes.Clone(c[:len(c)-sealSize])))
		}
		return meta.Put(keySchema, []byte("4"))
	}))
}

// TestAppendHandIsFold: a hand added to a game (played on the board as
// read) leaves the game as reading its whole log back makes it, in every
// mode, a game won included.
func TestAppendHandIsFold(t *testing.T) {
	db := openTemp(t)
	players := []string{"Ann", "Bob", "Cat", "Dan"}
	var games []scoring.Settings
	for _, mode := range scoring.Modes {
		s := scoring.Settings{Mode: mode, Players: players, Target: 1000}
		if mode == scoring.Rotating {
			s.Target = 0
		}
		games = append(games, s)
	}
	// Won by its fifth hand.
	games = append(games, scoring.Settings{Players: players, Target: 100})
	for _, s := range games {
		mode := s.Mode
		g, err := db.Create(string(mode), s)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		cards := []string{"=r1 g2", "=y3", "=b4 wd4", "=7"}
		for i := range 12 {
			b := g.Board
			var out, table int
			var others []int
			if mode == scoring.Rotating {
				var open []scoring.Table
				for _, tb := range b.Tables() {
					if !tb.Done && len(tb.WaitingFor) == 0 && len(tb.Teams) == 2 {
						open = append(open, tb)
					}
				}
				if len(open) == 0 {
					break
				}
				tb := open[i%len(open)]
				out, others, table = tb.Teams[i%2][0], tb.Teams[1-i%2], tb.Number
			} else {
				out = i % 4
				for seat := range 4 {
					if seat != out && (mode != scoring.Partners || b.TeamOf(seat) != b.TeamOf(out)) {
						others = append(others, seat)
					}
				}
			}
			var left []string
			for k, seat := range others {
				left = append(left, b.Name(seat)+cards[k])
			}
			h := hand(t, b.Name(out), left...)
			h.Table = table
			after, err := db.AddHand(g.ID, h)
			if err != nil {
				t.Logf("%s hand %d: %v", mode, i+1, err)
				break // the game is over, or the hand does not fit it
			}
			read := mustGame(t, db, g.ID)
			if !reflect.DeepEqual(after.Board, read.Board) || !reflect.DeepEqual(after.Events[len(after.Events)-1].Hand, read.Events[len(read.Events)-1].Hand) || len(after.Events) != len(read.Events) {
				t.Fatalf("%s, hand %d: the game after adding it is not the game read back", mode, i+1)
			}
			g = read
		}
		if len(g.Board.Rows) < 2 {
			t.Errorf("%s: only %d hands counted", mode, len(g.Board.Rows))
		}
	}
}
