package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
)

// statsOf reads the player statistics kept in a game's summary.
func statsOf(t *testing.T, db *DB, id string) []scoring.PlayerGame {
	t.Helper()
	list, _ := listAll(t, db)
	for _, s := range list {
		if s.ID == id {
			if s.Stats == nil {
				t.Fatalf("game %s: no statistics in its summary", id)
			}
			return s.Stats.Players
		}
	}
	t.Fatalf("no game %s", id)
	return nil
}

// The summary written with each event keeps the players' figures, undos and
// corrections applied.
func TestSummaryStatsFollowUndoAndEdit(t *testing.T) {
	db := openTemp(t)
	g, _ := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 100})
	db.AddHand("", hand(t, "Ann", "Bob=r7", "Cat=wd4 2"))
	db.AddHand("", hand(t, "Bob", "Ann=9", "Cat=w"))
	got := statsOf(t, db, g.ID)
	if got[1].Hands != 2 || got[1].WentOut != 1 || got[1].BestOut != 59 || got[2].Held != 102 {
		t.Fatalf("after two hands: %+v", got)
	}
	db.Undo("")
	got = statsOf(t, db, g.ID)
	if got[1].Hands != 1 || got[1].WentOut != 0 || got[1].BestOut != 0 || got[1].Held != 7 || got[2].Held != 52 {
		t.Fatalf("after the undo: %+v", got)
	}
	db.Edit("", 1, hand(t, "Cat", "Ann=2xwd4", "Bob=1"))
	got = statsOf(t, db, g.ID)
	want := []scoring.PlayerGame{
		{Player: "Ann", Hands: 1, Held: 100, HeldHands: 1},
		{Player: "Bob", Hands: 1, Held: 1, HeldHands: 1},
		{Player: "Cat", Hands: 1, WentOut: 1, BestOut: 101, Place: 1, Won: true},
	}
	want[0].Place, want[1].Place = 2, 2 // both scored nothing: a tie
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after the correction:\n got %+v\nwant %+v", got, want)
	}
}

func TestRename(t *testing.T) {
	db := openTemp(t)
	g1, _ := db.Create("one", scoring.Settings{Players: []string{"Ann", "Bbo", "Cat"}, Dealer: "Bbo"})
	db.AddHand("", hand(t, "bbo", "Ann=r7", "Cat=9"))
	g2, _ := db.Create("two", scoring.Settings{Mode: scoring.Partners, Players: []string{"bbo", "Cat", "Dan", "Ann"}})
	if _, err := db.AddHand("", hand(t, "Cat", "bbo=w", "dan=1")); err != nil {
		t.Fatal(err)
	}
	g3, _ := db.Create("three", scoring.Settings{Players: []string{"Bob", "Dan"}})
	before3, _ := db.Game(g3.ID)

	// Bad input writes nothing.
	for _, tt := range []struct{ from, to, err string }{
		{"Bpb", "Bob", `no game has a player called "Bpb": did you mean`},
		{"Zed", "Bob", `no game has a player called "Zed"`}, // the command line adds where to look (cmd: TestUnknownPlayerHint)
		{"Bbo", "B=b", `holds '='`},
		{"Bbo", "", "cannot be empty"},
		{"Dan", "Ann", "Dan and Ann both play in this game, so Dan cannot be renamed Ann; nothing was renamed"},
	} {
		_, err := db.Rename(tt.from, tt.to)
		var ie *scoring.InputError
		if err == nil || !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Rename(%q, %q): %v, want %q", tt.from, tt.to, err, tt.err)
		}
	}
	for _, id := range []string{g1.ID, g2.ID} {
		if g, _ := db.Game(id); len(g.Events) != 2 {
			t.Fatalf("a refused rename wrote to game %s: %d events", id, len(g.Events))
		}
	}

	renamed, err := db.Rename("BBO", "Bob")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(renamed, []string{g1.ID, g2.ID}) && !reflect.DeepEqual(renamed, []string{g2.ID, g1.ID}) {
		t.Fatalf("renamed %v", renamed)
	}
	g, _ := db.Game(g1.ID)
	last := g.Events[len(g.Events)-1]
	if last.Type != scoring.EventRename || last.From != "Bbo" || last.To != "Bob" || g.Events[1].Hand.Out != "Bbo" {
		t.Fatalf("game one's log: %+v", g.Events)
	}
	if g.Board.Name(1) != "Bob" || g.Settings().Dealer != "Bob" || g.Hands()[0].Out != "Bob" || g.Events[0].Settings.Players[1] != "Bbo" {
		t.Fatalf("game one after the rename: %+v, hands %+v, created %+v", g.Settings(), g.Hands(), g.Events[0].Settings)
	}
	g, _ = db.Game(g2.ID)
	if last := g.Events[len(g.Events)-1]; last.From != "bbo" || g.Settings().Teams[0][0] != "Bob" || g.Board.Score(1) != 51 {
		t.Fatalf("game two after the rename: %+v %+v", g.Events, g.Settings())
	}
	if after3, _ := db.Game(g3.ID); len(after3.Events) != len(before3.Events) {
		t.Fatal("game three, which already says Bob, was written to")
	}
	if s := statsOf(t, db, g2.ID); s[0].Player != "Bob" || s[0].Held != 50 {
		t.Fatalf("game two's statistics: %+v", s)
	}
	// The same again finds nothing to do.
	if _, err := db.Rename("bob", "Bob"); err == nil || !strings.Contains(err.Error(), "every game already calls bob Bob") {
		t.Fatalf("a second rename: %v", err)
	}
	// A change of case is a rename too.
	if renamed, err := db.Rename("bob", "BOB"); err != nil || len(renamed) != 3 {
		t.Fatalf("rename to BOB: %v %v", renamed, err)
	}

	// The renamed games export and import, and then replay the same.
	var buf bytes.Buffer
	if err := db.Export(&buf); err != nil {
		t.Fatal(err)
	}
	db2 := openTemp(t)
	if _, err := db2.Import(&buf); err != nil {
		t.Fatalf("import of renamed games: %v", err)
	}
	for _, id := range []string{g1.ID, g2.ID, g3.ID} {
		a, _ := db.Game(id)
		b, err := db2.Game(id)
		if err != nil || !reflect.DeepEqual(a.Events, b.Events) || !reflect.DeepEqual(a.Board.Settings, b.Board.Settings) {
			t.Fatalf("game %s after export and import: %v", id, err)
		}
	}
	if r, err := db.Doctor(); err != nil || len(r.Problems) > 0 {
		t.Fatalf("doctor after renames: %+v %v", r.Problems, err)
	}
}

func TestEachGameOldestFirst(t *testing.T) {
	db := openTemp(t)
	var want []string
	for range 3 {
		g, _ := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob"}})
		want = append(want, g.ID)
	}
	var got []string
	if err := db.EachGame(func(g *Game) error { got = append(got, g.ID); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("EachGame: %v, want %v", got, want)
	}
}

// TestMigrateSchema2 upgrades a file whose summaries have no statistics, and
// doctor notices statistics that disagree with the log.
func TestMigrateSchema2(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeOldFile(t, path, 2, 3)

	db, err := Open(path, Options{}) // a change upgrades the file
	if err != nil {
		t.Fatal(err)
	}
	ok(t, db.Upgrade())
	list, _ := listAll(t, db)
	db.Close()
	for _, s := range list {
		if s.Stats == nil || s.Stats.Players[0].WentOut != 5 || s.Stats.Players[1].Held != 59*5 {
			t.Fatalf("after the upgrade, game %s has statistics %+v", s.ID, s.Stats)
		}
	}
	if _, err := os.Stat(BackupPath(path, 2)); err != nil {
		t.Fatalf("no backup: %v", err)
	}

	// Doctor compares the statistics with the log.
	db, _ = Open(path, Options{})
	if r, err := db.Doctor(); err != nil || len(r.Problems) > 0 || r.Schema != SchemaVersion {
		t.Fatalf("doctor after the upgrade: %+v %v", r, err)
	}
	ok(t, db.update(func(tx *bolt.Tx) error {
		sums := tx.Bucket(bucketSummaries)
		id := gameKey(list[0].Seq)
		var s Summary
		v, _ := unseal(bucketSummaries, id, sums.Get(id))
		json.Unmarshal(v, &s)
		s.Stats.Players[2].Held++
		return putRaw(tx, bucketSummaries, id, must[[]byte](t)(json.Marshal(s)))
	}))
	r, err := db.Doctor()
	db.Close()
	if err != nil || len(r.Problems) != 1 || r.Problems[0] != "game "+list[0].ID+": the player statistics in its summary do not match its log" {
		t.Fatalf("doctor after tampering: %+v %v", r.Problems, err)
	}
}

// TestRenameRotating renames players of rotating games of 5, 8 and 16
// players with hands at several tables, and of a Flip partners game: each
// game replays with the new name in the seating, the schedule, the hands
// and the sit-outs, every total where it was, and survives export and
// import.
func TestRenameRotating(t *testing.T) {
	db := openTemp(t)
	names := strings.Split("Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy,Jon,Kim,Lea,Max,Ned,Oli,Pam", ",")
	var ids []string
	for _, n := range []int{5, 8, 16} {
		g, err := db.Create("", scoring.Settings{Mode: scoring.Rotating, Players: names[:n], Hands: 2})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
		for tn, st := range g.Board.Schedule()[0] {
			name := g.Board.Name
			for range 2 - tn%2 { // two hands at odd tables, one at even ones
				h := hand(t, name(st[0][tn%2]), name(st[1][0])+"=r5 2xg7", name(st[1][1])+"=wd4")
				h.Table = tn + 1
				if g, err = db.AddHand(g.ID, h); err != nil {
					t.Fatalf("%d players, table %d: %v", n, tn+1, err)
				}
			}
		}
	}
	flip, err := db.Create("flip", scoring.Settings{Mode: scoring.Partners, Deck: "flip", Players: []string{"Eve", "Ann", "Hal", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddHand(flip.ID, hand(t, "hal", "Ann=pk5 tse", "Bob=o3")); err != nil {
		t.Fatal(err)
	}
	ids = append(ids, flip.ID)
	before := map[string]*Game{}
	for _, id := range ids {
		before[id], _ = db.Game(id)
	}

	for _, r := range [][2]string{{"Eve", "Evie"}, {"hal", "Hank"}, {"Ann", "Anne"}, {"Pam", "Pat"}} {
		if _, err := db.Rename(r[0], r[1]); err != nil {
			t.Fatalf("rename %s %s: %v", r[0], r[1], err)
		}
	}
	rename := func(p string) string {
		return map[string]string{"Eve": "Evie", "Hal": "Hank", "Ann": "Anne", "Pam": "Pat"}[p]
	}
	for _, id := range ids {
		a, b := before[id], mustGame(t, db, id)
		for seat, p := range a.Settings().Players {
			want := p
			if r := rename(p); r != "" {
				want = r
			}
			if b.Board.Name(seat) != want || b.Board.Score(seat) != a.Board.Score(seat) {
				t.Errorf("game %s, seat %d: %s with %d, want %s with %d", id, seat, b.Board.Name(seat), b.Board.Score(seat), want, a.Board.Score(seat))
			}
		}
		if !reflect.DeepEqual(a.Board.Schedule(), b.Board.Schedule()) || len(a.Board.Rows) != len(b.Board.Rows) {
			t.Fatalf("game %s: the schedule or the hands changed", id)
		}
		for k, row := range b.Board.Rows {
			if row.Table != a.Board.Rows[k].Table || row.Round != a.Board.Rows[k].Round || row.Won != a.Board.Rows[k].Won {
				t.Errorf("game %s, hand %d: %+v, was %+v", id, k+1, row, a.Board.Rows[k])
			}
		}
		for round, tables := range b.Settings().Schedule {
			if out := b.Board.SittingOut(round + 1); out != a.Board.SittingOut(round+1) {
				t.Errorf("game %s, round %d: seat %d sits out, was %d", id, round+1, out, a.Board.SittingOut(round+1))
			}
			for _, pairs := range tables {
				for _, pair := range pairs {
					for _, p := range pair {
						if rename(p) != "" {
							t.Errorf("game %s, round %d still seats %s", id, round+1, p)
						}
					}
				}
			}
		}
		for _, team := range b.Settings().Teams {
			for _, p := range team {
				if rename(p) != "" {
					t.Errorf("game %s: team %v still names %s", id, team, p)
				}
			}
		}
	}

	var buf bytes.Buffer
	if err := db.Export(&buf); err != nil {
		t.Fatal(err)
	}
	db2 := openTemp(t)
	if _, err := db2.Import(&buf); err != nil {
		t.Fatalf("import of renamed rotating games: %v", err)
	}
	for _, id := range ids {
		a, b := mustGame(t, db, id), mustGame(t, db2, id)
		if !reflect.DeepEqual(a.Board.Settings, b.Board.Settings) || !reflect.DeepEqual(a.Board.Rows, b.Board.Rows) {
			t.Errorf("game %s replays differently after export and import", id)
		}
	}
}

func mustGame(t *testing.T, db *DB, id string) *Game {
	t.Helper()
	g, err := db.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
