package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/unoscore/unoscore/scoring"
)

// exportTimed is an export of games named by id, each created at its time,
// in the order given.
func exportTimed(t testing.TB, ids []string, at []time.Time) []byte {
	t.Helper()
	exp := Export{Format: ExportFormat, Games: make([]ExportGame, len(ids))}
	for i, id := range ids {
		s := scoring.Settings{Players: []string{"Ann", "Bob"}}
		exp.Games[i] = ExportGame{ID: id, Events: []Event{{Type: scoring.EventCreated, At: at[i], Name: id, Settings: &s}}}
	}
	return must[[]byte](t)(json.Marshal(exp))
}

// checkNewestFirst checks that every listing is newest first by creation
// (the later number first between games created together), and that a
// listing of the first n is the start of the whole.
func checkNewestFirst(t *testing.T, db *DB, want int) []Summary {
	t.Helper()
	l, _ := listAll(t, db)
	if len(l) != want {
		t.Fatalf("%d games listed, want %d", len(l), want)
	}
	for i := 1; i < len(l); i++ {
		if a, b := l[i-1], l[i]; a.Created.Before(b.Created) || a.Created.Equal(b.Created) && a.Seq < b.Seq {
			t.Fatalf("listing %d: %s (%s, %d) before %s (%s, %d)", i, a.ID, a.Created, a.Seq, b.ID, b.Created, b.Seq)
		}
	}
	for _, n := range []int{1, 20} {
		var brief []string
		total := must[int](t)(db.ListBrief(n, func(s Summary) error { brief = append(brief, s.ID); return nil }))
		var full []string
		for _, s := range l[:min(n, len(l))] {
			full = append(full, s.ID)
		}
		if total != want || !slices.Equal(brief, full) {
			t.Fatalf("ListBrief(%d): %v of %d, want %v of %d", n, brief, total, full, want)
		}
	}
	return l
}

// An import of games older than the file's newest is listed by creation,
// not by arrival: "Old" (00:38) under "New" (00:39), whatever the order
// the import wrote them in.
func TestListNewestFirstAfterImport(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 0, 38, 0, 0, time.UTC)
	db := openTemp(t)
	db.now = func() time.Time { return t0.Add(time.Minute) }
	newer := must[*Game](t)(db.Create("New", scoring.Settings{Players: []string{"Cat", "Dan"}}))
	must[int](t)(db.Import(bytes.NewReader(exportTimed(t, []string{"old001"}, []time.Time{t0}))))
	l := checkNewestFirst(t, db, 2)
	if l[0].ID != newer.ID || l[1].ID != "old001" {
		t.Fatalf("listed %s, %s; want New, then Old", l[0].ID, l[1].ID)
	}
	// A game made now is the newest; the listing stays sorted.
	db.now = func() time.Time { return t0.Add(time.Hour) }
	later := must[*Game](t)(db.Create("Later", scoring.Settings{Players: []string{"Cat", "Dan"}}))
	if l := checkNewestFirst(t, db, 3); l[0].ID != later.ID {
		t.Fatalf("listed %s first, want the game made last", l[0].ID)
	}
}

// An export in any order (oldest first, as a script may write one) is
// numbered by creation: into an empty file, or one with older games, the
// keys stay the order of creation and a listing walks them (the fast way).
func TestImportNumbersByCreation(t *testing.T) {
	t0 := time.Date(2020, 1, 1, 19, 0, 0, 0, time.UTC)
	db := openTemp(t)
	var ids []string
	var at []time.Time
	for i := range 1200 { // more than two batches
		ids = append(ids, fmt.Sprintf("a%05d", i))
		at = append(at, t0.Add(time.Duration(i)*time.Hour))
	}
	must[int](t)(db.Import(bytes.NewReader(exportTimed(t, ids, at))))
	if l := checkNewestFirst(t, db, 1200); l[0].ID != "a01199" || l[1199].ID != "a00000" {
		t.Fatalf("listed %s ... %s", l[0].ID, l[1199].ID)
	}
	// Newer games, shuffled, after them: still in order.
	ids, at = ids[:0], at[:0]
	for i := range 300 {
		ids = append(ids, fmt.Sprintf("b%05d", i))
		at = append(at, t0.AddDate(1, 0, i))
	}
	r := rand.New(rand.NewPCG(3, 4))
	r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j], at[i], at[j] = ids[j], ids[i], at[j], at[i] })
	must[int](t)(db.Import(bytes.NewReader(exportTimed(t, ids, at))))
	checkNewestFirst(t, db, 1500)
}

// 10,000 games imported into a file of newer and older ones, at random
// times among them: every listing is by creation, and a file that was
// taken for out of order is found in order again when it is.
func TestListSortedTenThousand(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 games")
	}
	t0 := time.Date(2024, 1, 1, 19, 0, 0, 0, time.UTC)
	db := openTemp(t)
	for i := range 5 {
		db.now = func() time.Time { return t0.AddDate(0, i*3, 0) }
		must[*Game](t)(db.Create(fmt.Sprintf("here %d", i), scoring.Settings{Players: []string{"Ann", "Bob"}}))
	}
	r := rand.New(rand.NewPCG(5, 6))
	var ids []string
	var at []time.Time
	for i := range 10000 {
		ids = append(ids, fmt.Sprintf("t%05d", i))
		at = append(at, t0.AddDate(0, -2, 0).Add(time.Duration(r.IntN(24*400))*time.Hour))
	}
	must[int](t)(db.Import(bytes.NewReader(exportTimed(t, ids, at))))
	checkNewestFirst(t, db, 10005)
	db.now = func() time.Time { return t0.AddDate(5, 0, 0) }
	g := must[*Game](t)(db.Create("newest", scoring.Settings{Players: []string{"Ann", "Bob"}}))
	if l := checkNewestFirst(t, db, 10006); l[0].ID != g.ID {
		t.Fatalf("listed %s first", l[0].ID)
	}
}

// A game made after the clock was set back is older than the newest: the
// file records that its keys are out of order, and lists by creation.
func TestClockSetBack(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 0, 38, 0, 0, time.UTC)
	db := openTemp(t)
	db.now = func() time.Time { return t0.Add(time.Hour) }
	later := must[*Game](t)(db.Create("Later", scoring.Settings{Players: []string{"Ann", "Bob"}}))
	db.now = func() time.Time { return t0 }
	earlier := must[*Game](t)(db.Create("Earlier", scoring.Settings{Players: []string{"Ann", "Bob"}}))
	if l := checkNewestFirst(t, db, 2); l[0].ID != later.ID || l[1].ID != earlier.ID {
		t.Fatalf("listed %s, %s", l[0].ID, l[1].ID)
	}
	db.now = func() time.Time { return t0.Add(2 * time.Hour) }
	newest := must[*Game](t)(db.Create("Newest", scoring.Settings{Players: []string{"Ann", "Bob"}}))
	if l := checkNewestFirst(t, db, 3); l[0].ID != newest.ID {
		t.Fatalf("listed %s first", l[0].ID)
	}
}

// A file of schema 4 with more games than fit in one page is upgraded by
// the first change, in the same transaction: what a new game and an
// import read of the newest game is read as the transaction has rewritten
// it (sealed), not from the file's pages, which still hold the values as
// they were ("game ...: its summary does not match its checksum").
func TestOrderAfterUpgradeInTheSameTransaction(t *testing.T) {
	t0 := time.Date(2024, 1, 1, 19, 0, 0, 0, time.UTC)
	var ids []string
	var at []time.Time
	for i := range 300 {
		ids = append(ids, fmt.Sprintf("u%05d", i))
		at = append(at, t0.Add(time.Duration(i)*time.Hour))
	}
	for _, step := range []string{"create", "import"} {
		path := filepath.Join(t.TempDir(), "u.db")
		db := must[*DB](t)(Open(path, Options{}))
		must[int](t)(db.Import(bytes.NewReader(exportTimed(t, ids, at))))
		ok(t, db.Close())
		unsealToSchema4(t, path)
		db = must[*DB](t)(Open(path, Options{}))
		switch step {
		case "create":
			db.now = func() time.Time { return t0.AddDate(1, 0, 0) }
			must[*Game](t)(db.Create("after", scoring.Settings{Players: []string{"Ann", "Bob"}}))
		case "import":
			must[int](t)(db.Import(bytes.NewReader(exportTimed(t, []string{"v00000"}, []time.Time{t0.AddDate(1, 0, 0)}))))
		}
		checkNewestFirst(t, db, 301)
		ok(t, db.Close())
	}
}
