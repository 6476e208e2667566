package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store/internal/boltfile"
)

// tamper changes a closed database with bbolt itself, as damage or a
// stray key would leave it, and returns the file's bytes after.
func tamper(t *testing.T, path string, fn func(tx *bolt.Tx) error) []byte {
	t.Helper()
	b := must[*bolt.DB](t)(bolt.Open(path, 0o600, nil))
	ok(t, b.Update(func(tx *bolt.Tx) error {
		return fn(tx)
	}))
	ok(t, b.Close())
	return must[[]byte](t)(os.ReadFile(path))
}

func problems(t *testing.T, path string) Report {
	t.Helper()
	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	defer db.Close()
	return must[Report](t)(db.Doctor())
}

func isDamage(err error) bool {
	var ce *CorruptError
	var in interface{ Invalid() bool }
	return errors.As(err, &ce) && !errors.As(err, &in)
}

// TestCounterBelowAGameIsDamage: one bit of the counter of games flipped
// (3 to 2) made the next new game overwrite game 3. Now Create and Import
// refuse, as damage, with the file left byte for byte as it was, and
// doctor reports it.
func TestCounterBelowAGameIsDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 3)
	before := tamper(t, path, func(tx *bolt.Tx) error {
		return setCounter(tx, 2)
	})
	db := must[*DB](t)(Open(path, Options{}))
	_, err := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}})
	if !isDamage(err) || !strings.Contains(err.Error(), "game number 3 is in the file") {
		t.Fatalf("new on a counter below a game: %v", err)
	}
	_, err = db.Import(strings.NewReader(smallExport(2, "")))
	if !isDamage(err) {
		t.Fatalf("import on a counter below a game: %v", err)
	}
	ok(t, db.Close())
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("a refused new game changed the file")
	}
	r := problems(t, path)
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "counter of games says the last game is number 2, but game number 3") {
		t.Fatalf("doctor: %q", r.Problems)
	}

	// A number in use is never written over, whatever the counter says
	// (the events of a game whose summary is gone, say).
	path = filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 1)
	tamper(t, path, func(tx *bolt.Tx) error {
		return putRaw(tx, bucketEvents, eventKey(2, 1), []byte(`{}`))
	})
	db = must[*DB](t)(Open(path, Options{}))
	defer db.Close()
	if _, err := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}}); !isDamage(err) {
		t.Fatalf("new over stray events: %v", err)
	}
}

// TestStrayImportMarkDeletesNothing: a mark of an unfinished import that
// names a number below the last game made the next command, even a read,
// delete every game above it. Now a read writes nothing at all, and a
// write removes only what an import can have written: here, nothing.
func TestStrayImportMarkDeletesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 5)
	before := tamper(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(keyImport, gameKey(2))
	})
	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	if l, cur := listAll(t, db); len(l) != 5 || cur == "" {
		t.Fatalf("a read sees %d games, current %q", len(l), cur)
	}
	if _, err := db.Game(""); err != nil {
		t.Fatal(err)
	}
	r := must[Report](t)(db.Doctor())
	ok(t, db.Close())
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("a read changed the file")
	}
	if len(r.Problems) != 0 || r.Games != 5 || len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "covers no game") {
		t.Fatalf("doctor: %+v", r)
	}
	db = must[*DB](t)(Open(path, Options{}))
	if l, _ := listAll(t, db); len(l) != 5 || db.Notice != "" {
		t.Fatalf("after a write's open: %d games, notice %q", len(l), db.Notice)
	}
	ok(t, db.bolt.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketMeta).Get(keyImport) != nil {
			t.Error("the stray mark is still there")
		}
		return nil
	}))
	ok(t, db.Close())
	if r := problems(t, path); len(r.Problems)+len(r.Notes) != 0 {
		t.Fatalf("doctor after: %+v", r)
	}
}

// TestUnfinishedImportHiddenThenRemoved: what an import killed after its
// first batch wrote (games numbered from its mark + 2^32 down) is left out
// of every read, which writes nothing, and the next write removes it and
// says how many games it removed.
func TestUnfinishedImportHiddenThenRemoved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 2)
	// Two games of an import that began when the counter was at 2.
	staged := must[*DB](t)(Open(filepath.Join(t.TempDir(), "x.db"), Options{}))
	must[int](t)(staged.Import(strings.NewReader(smallExport(2, ""))))
	var keys, vals [][]byte
	ok(t, staged.bolt.View(func(tx *bolt.Tx) error {
		for _, name := range [][]byte{bucketIDs, bucketSummaries, bucketEvents} {
			_ = tx.Bucket(name).ForEach(func(k, v []byte) error {
				keys, vals = append(keys, append(append([]byte{}, name...), append([]byte{0}, k...)...)), append(vals, bytes.Clone(v))
				return nil
			})
		}
		return nil
	}))
	ok(t, staged.Close())
	before := tamper(t, path, func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketMeta).Put(keyImport, gameKey(2)); err != nil {
			return err
		}
		for i, k := range keys {
			name, key := k[:bytes.IndexByte(k, 0)], k[bytes.IndexByte(k, 0)+1:]
			v, _ := unseal(name, key, vals[i])
			if string(name) == "ids" {
				v = gameKey(numOf(v) + 2) // they were numbered from 0 + 2^32 down
			} else {
				key = bytes.Clone(key)
				copy(key, gameKey(numOf(key[:8])+2))
			}
			if err := putRaw(tx, name, key, v); err != nil {
				return err
			}
		}
		return nil
	})
	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	l, _ := listAll(t, db)
	if len(l) != 2 {
		t.Fatalf("a read sees %d games", len(l))
	}
	// A listing of some: the newest game there is, and the games there
	// are counted without the import's.
	var newest []string
	total, err := db.List(1, func(s Summary) error { newest = append(newest, s.ID); return nil })
	if err != nil || total != 2 || len(newest) != 1 || newest[0] != l[0].ID {
		t.Fatalf("List(1): %v of %d (%v), want [%s] of 2", newest, total, err, l[0].ID)
	}
	var nf *NotFoundError
	if _, err := db.Game("s0000"); !errors.As(err, &nf) {
		t.Fatalf("a game of the unfinished import: %v", err)
	}
	r := must[Report](t)(db.Doctor())
	ok(t, db.Close())
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("a read changed the file")
	}
	if len(r.Problems) != 0 || r.Games != 2 || len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "left 2 games") {
		t.Fatalf("doctor: %+v", r)
	}
	db = must[*DB](t)(Open(path, Options{}))
	if !strings.Contains(db.Notice, "(2 games) was removed") {
		t.Fatalf("notice: %q", db.Notice)
	}
	if l, _ := listAll(t, db); len(l) != 2 {
		t.Fatalf("after: %d games", len(l))
	}
	ok(t, db.Close())
	if r := problems(t, path); len(r.Problems)+len(r.Notes) != 0 || r.Games != 2 || r.Events != 12 {
		t.Fatalf("doctor after: %+v", r)
	}
}

// TestCurrentNamingNoGameIsDamage: "current" is only ever set to a game in
// the file; naming none, it is damage (exit 1), not bad input, and doctor
// says so.
func TestCurrentNamingNoGameIsDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 1)
	tamper(t, path, func(tx *bolt.Tx) error {
		return putCurrent(tx, "gone42")
	})
	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	defer db.Close()
	if _, err := db.Game(""); !isDamage(err) || !strings.Contains(err.Error(), `"gone42"`) {
		t.Fatalf("board: %v", err)
	}
	r := must[Report](t)(db.Doctor())
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], `the current game is "gone42"`) {
		t.Fatalf("doctor: %q", r.Problems)
	}
}

// rawNum is the game number the index of ids keeps for id.
func rawNum(tx *bolt.Tx, id []byte) uint64 {
	v, _ := unseal(bucketIDs, id, tx.Bucket(bucketIDs).Get(id))
	return numOf(v)
}

// putRaw puts a value as unoscore keeps it, with its checksum.
func putRaw(tx *bolt.Tx, bucket, k, v []byte) error {
	return putSealed(tx.Bucket(bucket), bucket, k, v)
}

// flip flips one bit of the value kept under key in bucket, leaving its
// checksum as it was: what a random bit flip on the disk does.
func flip(t *testing.T, path string, bucket, key []byte, bit int) {
	t.Helper()
	tamper(t, path, func(tx *bolt.Tx) error {
		v := bytes.Clone(tx.Bucket(bucket).Get(key))
		v[bit/8] ^= 1 << (bit % 8)
		return tx.Bucket(bucket).Put(key, v)
	})
}

// TestFlippedBitIsDamage: one flipped bit in a summary ("held 16" became
// 96 and stats printed it), in an event, in the index of ids or in the
// counter of games is caught by its checksum when it is read: damage
// (not bad input) naming the game, and doctor lists it.
func TestFlippedBitIsDamage(t *testing.T) {
	orig := filepath.Join(t.TempDir(), "u.db")
	fill(t, orig, 2)
	data := must[[]byte](t)(os.ReadFile(orig))
	var first string
	db := must[*DB](t)(Open(orig, Options{ReadOnly: true}))
	l, _ := listAll(t, db)
	first = l[1].ID
	ok(t, db.Close())
	fresh := func() string {
		path := filepath.Join(t.TempDir(), "u.db")
		ok(t, os.WriteFile(path, data, 0o600))
		return path
	}
	wantDamage := func(what string, err error) {
		t.Helper()
		if !isDamage(err) || !strings.Contains(err.Error(), "game "+first) || !strings.Contains(err.Error(), "checksum") {
			t.Errorf("%s: %v; want damage naming game %s", what, err, first)
		}
	}
	doctorFinds := func(path string) {
		t.Helper()
		r := problems(t, path)
		if !strings.Contains(strings.Join(r.Problems, "\n"), "game "+first) {
			t.Errorf("doctor: %q", r.Problems)
		}
	}

	// A summary: the list, statistics and export read it.
	path := fresh()
	flip(t, path, bucketSummaries, gameKey(1), 8*20+1)
	db = must[*DB](t)(Open(path, Options{ReadOnly: true}))
	_, err := db.List(0, func(Summary) error { return nil })
	wantDamage("games", err)
	wantDamage("stats", db.EachSummary(func(Summary) error { return nil }))
	wantDamage("export", db.Export(io.Discard))
	ok(t, db.Close())
	doctorFinds(path)

	// An event: every read of the game.
	path = fresh()
	flip(t, path, bucketEvents, eventKey(1, 3), 8*10+2)
	db = must[*DB](t)(Open(path, Options{ReadOnly: true}))
	_, err = db.Game(first)
	wantDamage("board", err)
	wantDamage("export", db.Export(io.Discard))
	wantDamage("each game", db.EachGame(func(*Game) error { return nil }))
	ok(t, db.Close())
	doctorFinds(path)

	// Its entry in the index of ids.
	path = fresh()
	flip(t, path, bucketIDs, []byte(first), 3)
	db = must[*DB](t)(Open(path, Options{ReadOnly: true}))
	_, err = db.Game(first)
	wantDamage("board", err)
	ok(t, db.Close())
	doctorFinds(path)

	// The counter of games: a new game is refused, nothing written.
	path = fresh()
	flip(t, path, bucketMeta, keyCounter, 1)
	before := must[[]byte](t)(os.ReadFile(path))
	db = must[*DB](t)(Open(path, Options{}))
	if _, err := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}}); !isDamage(err) || !strings.Contains(err.Error(), "counter") {
		t.Errorf("new with a damaged counter: %v", err)
	}
	ok(t, db.Close())
	if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(before, after) {
		t.Error("a refused new game changed the file")
	}
	if r := problems(t, path); !strings.Contains(strings.Join(r.Problems, "\n"), "counter of games") {
		t.Errorf("doctor: %q", r.Problems)
	}
}

// TestTimesExportCannotWrite: an import whose time is year 10000 in UTC
// ("9999-12-31T23:59:59-23:59") is refused, nothing written, and a stored
// time of 1e18 s (which doctor passed and export could not write) is
// damage that every read and doctor report.
func TestTimesExportCannotWrite(t *testing.T) {
	db := openTemp(t)
	exp := `{"unoscore_export": 1, "games": [{"id": "far", "events": [{"type":"created","at":"9999-12-31T23:59:59-23:59","settings":{"players":["A","B"]}}]}]}`
	_, err := db.Import(strings.NewReader(exp))
	var ie *ImportError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "years 0 to 9999") {
		t.Fatalf("import of year 10000: %v", err)
	}
	if l, _ := listAll(t, db); len(l) != 0 {
		t.Fatal("the refused import wrote a game")
	}
	g := must[*Game](t)(db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}}))
	path := db.Path()
	ok(t, db.Close())
	tamper(t, path, func(tx *bolt.Tx) error {
		return putRaw(tx, bucketEvents, eventKey(rawNum(tx, []byte(g.ID)), 1), []byte(`{"type":"created","t":1000000000000000000,"settings":{"players":["Ann","Bob"]}}`))
	})
	db = must[*DB](t)(Open(path, Options{ReadOnly: true}))
	defer db.Close()
	if _, err := db.Game(""); !isDamage(err) || !strings.Contains(err.Error(), "game "+g.ID) {
		t.Fatalf("board: %v", err)
	}
	if err := db.Export(io.Discard); !isDamage(err) {
		t.Fatalf("export: %v", err)
	}
	if r := must[Report](t)(db.Doctor()); !strings.Contains(strings.Join(r.Problems, "\n"), "outside the years 0 to 9999") {
		t.Fatalf("doctor: %q", r.Problems)
	}
}

// TestOlderMetaDamagedOnly: when only the older of the two meta pages is
// damaged (it still says it held the state before), nothing is lost: reads
// say so without the warning of a lost change, doctor notes it, writes go
// on, and the next write mends it.
func TestOlderMetaDamagedOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 1)
	data := must[[]byte](t)(os.ReadFile(path))
	const page = 4096
	txid := func(p int) uint64 { return binary.LittleEndian.Uint64(data[p*page+16+48:]) }
	older := 0
	if txid(0) > txid(1) {
		older = 1
	}
	data[older*page+16+16] ^= 0xff // its root: the checksum no longer matches
	ok(t, os.WriteFile(path, data, 0o600))

	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	if db.Warning != "" || !strings.Contains(db.Notice, "nothing is lost") {
		t.Fatalf("warning %q, notice %q", db.Warning, db.Notice)
	}
	if g := must[*Game](t)(db.Game("")); g.Board.Hands() != 5 {
		t.Fatalf("%d hands", g.Board.Hands())
	}
	r := must[Report](t)(db.Doctor())
	ok(t, db.Close())
	if len(r.Problems) != 0 || len(r.Notes) != 1 {
		t.Fatalf("doctor: %+v", r)
	}
	db = must[*DB](t)(Open(path, Options{}))
	must[*Game](t)(db.AddHand("", hand(t, "Ann", "Bob=r7", "Cat=9")))
	ok(t, db.Close())
	f := must[*os.File](t)(os.Open(path))
	defer f.Close()
	for p := range 2 {
		if _, ok := boltfile.ReadMeta(f, int64(p*page)); !ok {
			t.Errorf("meta page %d is still damaged after a write", p)
		}
	}
}

// TestDeleteGame: a game that holds a time export cannot write (so every
// read of it is damage) is deleted whole, after a copy of the file is kept;
// the other games, and export, carry on.
func TestDeleteGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 3)
	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	l, cur := listAll(t, db)
	ok(t, db.Close())
	bad := l[0].ID // the newest, the current one
	tamper(t, path, func(tx *bolt.Tx) error {
		return putRaw(tx, bucketEvents, eventKey(rawNum(tx, []byte(bad)), 2), []byte(`{"type":"hand","t":1000000000000000000}`))
	})
	db = must[*DB](t)(Open(path, Options{}))
	if err := db.Export(io.Discard); !isDamage(err) {
		t.Fatalf("export before: %v", err)
	}
	d, err := db.Delete(bad[:4])
	kept := d.Copy
	if err != nil || d.ID != bad || cur != bad || !d.WasCurrent || d.Current.ID != l[1].ID {
		t.Fatalf("delete: %+v %v", d, err)
	}
	if err := db.Export(io.Discard); err != nil {
		t.Fatalf("export after: %v", err)
	}
	// It was the current game: the one played most recently is now (all
	// three were played in the same second: the later created).
	if l2, cur := listAll(t, db); len(l2) != 2 || cur != l[1].ID {
		t.Fatalf("after: %d games, current %q", len(l2), cur)
	}
	if g, err := db.Game(""); err != nil || g.ID != l[1].ID {
		t.Fatalf("the current game after: %v", err)
	}
	var nf *NotFoundError
	if _, err := db.Delete(bad); !errors.As(err, &nf) {
		t.Fatalf("deleted twice: %v", err)
	}
	ok(t, db.Close())
	if r := problems(t, path); len(r.Problems) != 0 || r.Games != 2 {
		t.Fatalf("doctor after: %+v", r)
	}
	// The copy is the file as it was, the game in it.
	cp := must[*DB](t)(Open(kept, Options{ReadOnly: true}))
	defer cp.Close()
	if l, _ := listAll(t, cp); len(l) != 3 {
		t.Fatalf("the copy holds %d games", len(l))
	}
}

// endless is an export whose first game's name never ends: a token of n
// bytes, made as it is read.
type endless struct {
	head []byte
	n    int64
}

func (e *endless) Read(p []byte) (int, error) {
	if len(e.head) > 0 {
		c := copy(p, e.head)
		e.head = e.head[c:]
		return c, nil
	}
	if e.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), e.n)
	for i := range k {
		p[i] = 'x'
	}
	e.n -= k
	return int(k), nil
}

// TestImportTokenBounded: a 300 MB name in an export (it took 863 MB per
// 100 MB of string before) is refused after a few MiB, and the whole
// import allocates well within 64 MiB.
func TestImportTokenBounded(t *testing.T) {
	db := openTemp(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := db.Import(&endless{head: []byte(`{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type": "created", "name": "`), n: 300 << 20})
	runtime.ReadMemStats(&after)
	var ie *ImportError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "game 1 of the export (or what comes before it) is larger than 4 MiB") {
		t.Fatalf("a 300 MB name: %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
		t.Fatalf("the refused import allocated %d MiB", got>>20)
	}
	if l, _ := listAll(t, db); len(l) != 0 {
		t.Fatal("it wrote a game")
	}
}

// TestImportSaysWhatIsWrong: what encoding/json finds is said in
// unoscore's words, not as a Go type or struct field.
func TestImportSaysWhatIsWrong(t *testing.T) {
	for data, want := range map[string]string{
		`{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"],"target":"500"}}]}]}`: `"events.settings.target" is string where a whole number belongs`,
		`{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"],"target":1e99}}]}]}`:  `"events.settings.target" is number 1e99 where a whole number belongs`,
		// A value of an object of values is said of the value, by its key,
		// without the web API's words on what it holds.
		`{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"]}}, {"type":"hand","hand":{"out":"A","left":[],"knocked_out":["B"],"knocked_by":{"B":7}}}]}]}`: `game 1: each value in "events.hand.knocked_by" must be text in quotes; B's is a number`,
		`{"unoscore_export": 1, "games": [` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `]}`:                                                                                                     `nested deeper than JSON allows`,
	} {
		_, err := openTemp(t).Import(strings.NewReader(data))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "Go struct") || strings.Contains(err.Error(), "json:") {
			t.Errorf("%.60s: %v; want %q", data, err, want)
		}
	}
}

// TestBackupCopiesOpen: a copy written by bbolt (doctor --backup, the
// upgrade's backup) has transaction n on meta page 0 and n-1 on page 1,
// whatever n: it opens, odd n or even.
func TestBackupCopiesOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 1)
	for i := range 2 {
		db := must[*DB](t)(Open(path, Options{}))
		must[*Game](t)(db.AddHand("", hand(t, "Ann", "Bob=r7", "Cat=9")))
		cp := filepath.Join(t.TempDir(), "copy.db")
		ok(t, db.Backup(cp))
		ok(t, db.Close())
		c, err := Open(cp, Options{ReadOnly: true})
		if err != nil {
			t.Fatalf("copy %d: %v", i, err)
		}
		ok(t, c.Close())
	}
}

// TestOneWayToCommit: every transaction unoscore commits goes through
// update (safe.go), which upgrades an older file in the same transaction,
// turns a panic on damage into a CorruptError and a failed write into a
// WriteError: no other bolt Update, Batch or Begin(true) in the store.
func TestOneWayToCommit(t *testing.T) {
	files := must[[]string](t)(filepath.Glob("*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src := string(must[[]byte](t)(os.ReadFile(f)))
		for _, call := range []string{"bolt.Update(", "bolt.Batch(", "Begin(true)", ".Begin(!"} {
			n := strings.Count(src, call)
			if f == "safe.go" && call == "bolt.Update(" {
				n -= 1 // run's one: update's, and view's upgrade, rolled back
			}
			if n != 0 {
				t.Errorf("%s: %d uses of %s outside update", f, n, call)
			}
		}
	}
}

// TestDeleteCurrentGame: deleting the current game makes the remaining game
// played most recently current (not the one created last), and board goes
// on with it; deleting a game that is not current leaves the current game;
// deleting the last game leaves none, and says so.
func TestDeleteCurrentGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	fill(t, path, 3) // oldest, middle, newest: all played at once
	db := must[*DB](t)(Open(path, Options{}))
	defer db.Close()
	l, _ := listAll(t, db)
	newest, middle, oldest := l[0].ID, l[1].ID, l[2].ID
	later := time.Now().UTC().Add(time.Hour).Truncate(time.Second)
	db.now = func() time.Time { return later }
	must[*Game](t)(db.AddHand(oldest, hand(t, "Ann", "Bob=r7", "Cat=9")))
	must[*Game](t)(db.Use(newest))

	d := must[Deleted](t)(db.Delete(newest))
	if !d.WasCurrent || d.Current.ID != oldest {
		t.Fatalf("deleting the current game: %+v (want %s, played last)", d, oldest)
	}
	if g := must[*Game](t)(db.Game("")); g.ID != oldest {
		t.Fatalf("the board's game after: %s", g.ID)
	}
	d = must[Deleted](t)(db.Delete(middle))
	if d.WasCurrent || must[string](t)(db.Current()) != oldest {
		t.Fatalf("deleting another game moved the current one: %+v", d)
	}
	d = must[Deleted](t)(db.Delete(oldest))
	if !d.WasCurrent || d.Current.ID != "" {
		t.Fatalf("deleting the last game: %+v", d)
	}
	if _, err := db.Game(""); !errors.Is(err, ErrNoGame) {
		t.Fatalf("no game left: %v", err)
	}
}
