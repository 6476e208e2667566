package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// Years of game nights: 10,000 games of 20 hands each.
const (
	benchGames = 10000
	benchHands = 20
)

// benchFile is a database the benchmarks build once per test binary, by
// fill. With the variable env set, it is built at that path (or reused if
// it is there) and kept, so that the real binary can be measured on it;
// else it is built in a temporary folder that TestMain removes.
type benchFile struct {
	env, name  string
	fill       func(path string) error
	once       sync.Once
	path, temp string
	err        error
}

// get is the file's path, built on the first call.
func (f *benchFile) get(b testing.TB) string {
	f.once.Do(func() {
		if p := os.Getenv(f.env); p != "" {
			f.path = p
			if _, err := os.Stat(p); err == nil {
				return
			}
		} else {
			dir, err := os.MkdirTemp("", "unoscore-bench-")
			if err != nil {
				f.err = err
				return
			}
			f.temp, f.path = dir, filepath.Join(dir, f.name)
		}
		f.err = f.fill(f.path)
	})
	if f.err != nil {
		b.Fatal(f.err)
	}
	return f.path
}

// remove removes the file when it was built in a temporary folder.
func (f *benchFile) remove() {
	if f.temp != "" {
		os.RemoveAll(f.temp)
	}
}

// TestBenchFile: a benchmark's database is built once, kept where the
// variable names a path (and reused there), else removed.
func TestBenchFile(t *testing.T) {
	kept := filepath.Join(t.TempDir(), "kept.db")
	fills := 0
	fill := func(path string) error { fills++; return os.WriteFile(path, []byte("db"), 0o600) }
	t.Setenv("UNOSCORE_TEST_BENCH_DB", kept)
	f := &benchFile{env: "UNOSCORE_TEST_BENCH_DB", name: "x.db", fill: fill}
	first, second := f.get(t), f.get(t)
	if first != kept || second != kept || fills != 1 {
		t.Fatalf("kept: %s, %s, %d fills", first, second, fills)
	}
	f.remove()
	if _, err := os.Stat(kept); err != nil {
		t.Errorf("the kept file went: %v", err)
	}
	again := &benchFile{env: "UNOSCORE_TEST_BENCH_DB", name: "x.db", fill: fill}
	if again.get(t) != kept || fills != 1 {
		t.Errorf("a kept file was built again: %d fills", fills)
	}
	t.Setenv("UNOSCORE_TEST_BENCH_DB", "")
	tmp := &benchFile{env: "UNOSCORE_TEST_BENCH_DB", name: "x.db", fill: fill}
	path := tmp.get(t)
	if filepath.Base(path) != "x.db" || fills != 2 {
		t.Fatalf("temporary: %s, %d fills", path, fills)
	}
	tmp.remove()
	if _, err := os.Stat(path); err == nil {
		t.Errorf("the temporary file stays: %s", path)
	}
}

// yearsDB is years of game nights, built through Import the way a person's
// years of exports would arrive ($UNOSCORE_BENCH_DB to keep it).
var yearsDB = &benchFile{env: "UNOSCORE_BENCH_DB", name: "years.db",
	fill: func(path string) error { return fillDB(path, benchGames, benchHands) }}

// TestMain removes the big database the benchmarks built. Started with
// UNOSCORE_BENCH_AS_MAIN=1, the test binary is unoscore (see benchProcess).
func TestMain(m *testing.M) {
	if os.Getenv("UNOSCORE_BENCH_AS_MAIN") == "1" {
		os.Exit(Execute())
	}
	code := m.Run()
	yearsDB.remove()
	familyDB.remove()
	if startupTemp != "" {
		os.RemoveAll(startupTemp)
	}
	os.Exit(code)
}

// benchDB is the big database (yearsDB).
func benchDB(b *testing.B) string { return yearsDB.get(b) }

func fillDB(path string, games, hands int) error {
	data, err := exportData(games, hands)
	if err != nil {
		return err
	}
	return importInto(path, data)
}

// importInto imports an export into the database at path, making it.
func importInto(path string, data []byte) error {
	db, err := store.Open(path, store.Options{})
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.Import(bytes.NewReader(data))
	return err
}

// exportData is an export of games of hands each, dealt at random from the
// classic deck (the same every time).
func exportData(games, hands int) ([]byte, error) {
	r := rand.New(rand.NewPCG(1, 2))
	players := []string{"Ann", "Bob", "Cat", "Dan"}
	// The classic deck, card by card, to deal each hand's leftovers from.
	var deck []string
	for _, c := range []string{"r", "g", "b", "y"} {
		deck = append(deck, c+"0")
		for _, f := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "d2", "s", "rev"} {
			deck = append(deck, c+f, c+f)
		}
	}
	for range 4 {
		deck = append(deck, "w", "wd4")
	}
	exp := store.Export{Format: store.ExportFormat, Games: make([]store.ExportGame, 0, games)}
	start := time.Date(2016, 1, 1, 19, 0, 0, 0, time.UTC)
	for i := range games {
		at := start.Add(time.Duration(i) * 8 * time.Hour)
		s := scoring.Settings{Players: players, Target: 100000}
		events := []store.Event{{Type: scoring.EventCreated, At: at, Name: fmt.Sprintf("Night %d", i+1), Settings: &s}}
		for range hands {
			out := players[r.IntN(len(players))]
			h := map[string]any{"out": out}
			var left []map[string]string
			r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			next := 0
			for _, p := range players {
				if p == out {
					continue
				}
				var cards []string
				for range 1 + r.IntN(3) {
					cards = append(cards, deck[next])
					next++
				}
				left = append(left, map[string]string{"player": p, "cards": strings.Join(cards, " ")})
			}
			h["left"] = left
			data, _ := json.Marshal(h)
			var sh scoring.Hand
			if err := json.Unmarshal(data, &sh); err != nil {
				return nil, err
			}
			events = append(events, store.Event{Type: scoring.EventHand, At: at, Hand: &sh})
		}
		exp.Games = append(exp.Games, store.ExportGame{ID: fmt.Sprintf("g%05d", i), Events: events})
	}
	return json.Marshal(exp)
}

// benchRun runs unoscore args on the big database, in-process.
func benchRun(b *testing.B, args ...string) { runOn(b, benchDB(b), args...) }

// runOn runs unoscore --db path args in-process, as often as the benchmark
// wants.
func runOn(b *testing.B, path string, args ...string) {
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}
	args = append([]string{"--db", path}, args...)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if code := Run(args, ios, nil); code != 0 {
			b.Fatalf("unoscore %v: exit %d", args, code)
		}
	}
}

// BenchmarkBoard is "unoscore board" on the big database: open, read one
// game's log, replay it, render the table.
func BenchmarkBoard(b *testing.B) { benchRun(b, "board", "--game", "g04242") }

// BenchmarkBoardOneGame is "unoscore board" on a database of one game of
// the same size: with BenchmarkBoard, what 9,999 other games cost a
// command that reads one (the goal: nothing, within noise).
func BenchmarkBoardOneGame(b *testing.B) {
	path := filepath.Join(b.TempDir(), "one.db")
	if err := fillDB(path, 1, benchHands); err != nil {
		b.Fatal(err)
	}
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}
	args := []string{"--db", path, "board", "--game", "g00000"}
	b.ReportAllocs()
	for b.Loop() {
		if code := Run(args, ios, nil); code != 0 {
			b.Fatalf("unoscore %v: exit %d", args, code)
		}
	}
}

// BenchmarkBoardJSON is the same with --json.
func BenchmarkBoardJSON(b *testing.B) { benchRun(b, "board", "--game", "g04242", "--json") }

// BenchmarkGames is "unoscore games": the newest 20 of 10,000 games.
func BenchmarkGames(b *testing.B) { benchRun(b, "games") }

// BenchmarkGamesAllJSON lists all 10,000 games as JSON.
func BenchmarkGamesAllJSON(b *testing.B) { benchRun(b, "games", "--json") }

// BenchmarkHand records one hand and undoes it, in a game of the big
// database: two write transactions.
func BenchmarkHandUndo(b *testing.B) {
	path := benchDB(b)
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if code := Run([]string{"--db", path, "hand", "--game", "g00007", "--out", "Ann", "--left", "Bob=r7", "--left", "Cat=wd4", "--left", "Dan=3x9"}, ios, nil); code != 0 {
			b.Fatalf("hand: exit %d", code)
		}
		if code := Run([]string{"--db", path, "undo", "--game", "g00007"}, ios, nil); code != 0 {
			b.Fatalf("undo: exit %d", code)
		}
	}
}

// BenchmarkOpen opens the big database and closes it: the checks of its
// meta pages, free-page list and top-level page trees that every command
// runs before bbolt maps the file (to read, then to write).
func BenchmarkOpen(b *testing.B) {
	path := benchDB(b)
	for _, write := range []bool{false, true} {
		name := "read"
		if write {
			name = "write"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				db, err := store.Open(path, store.Options{ReadOnly: !write})
				if err != nil {
					b.Fatal(err)
				}
				db.Close()
			}
		})
	}
}

// BenchmarkImport imports all 10,000 games of 20 hands into a new file: the
// export read one game at a time, written in batches.
func BenchmarkImport(b *testing.B) {
	data, err := exportData(benchGames, benchHands)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	path := filepath.Join(dir, "import.db")
	in := filepath.Join(dir, "export.json")
	if err := os.WriteFile(in, data, 0o600); err != nil {
		b.Fatal(err)
	}
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		os.Remove(path)
		b.StartTimer()
		if code := Run([]string{"--db", path, "import", in}, ios, nil); code != 0 {
			b.Fatalf("import: exit %d", code)
		}
	}
}

// BenchmarkDoctor checks every page and every game of the big database.
func BenchmarkDoctor(b *testing.B) { benchRun(b, "doctor") }

// BenchmarkStart is the cost of starting: the version, no database.
func BenchmarkStart(b *testing.B) { benchRun(b, "--version") }

// benchProcess runs unoscore as a process of its own each time, as a person
// or a script starts it: start-up included.
func benchProcess(b *testing.B, args ...string) {
	path := benchDB(b)
	args = append([]string{"--db", path}, args...)
	b.ResetTimer()
	for b.Loop() {
		c := exec.Command(os.Args[0], args...)
		c.Env = append(os.Environ(), "UNOSCORE_BENCH_AS_MAIN=1")
		if out, err := c.CombinedOutput(); err != nil {
			b.Fatalf("unoscore %v: %v\n%.300s", args, err, out)
		}
	}
}

// BenchmarkProcessStart starts unoscore to print its version: the cost of
// starting the binary, which the others are measured against.
func BenchmarkProcessStart(b *testing.B) { benchProcess(b, "--version") }

// BenchmarkProcessGamesAllJSON starts unoscore to list all 10,000 games as
// JSON.
func BenchmarkProcessGamesAllJSON(b *testing.B) { benchProcess(b, "games", "--json") }
