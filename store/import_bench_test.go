//go:build unix

package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// exportOf makes an export of n games of 5 hands each, with random-looking
// ids, as a real database's would be.
func exportOf(b testing.TB, n int) []byte {
	b.Helper()
	cards, _ := rules.ParseHand("r7 wd4 3x9")
	at := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	exp := Export{Format: ExportFormat, Games: make([]ExportGame, 0, n)}
	for i := range n {
		s := scoring.Settings{Mode: scoring.Standard, Target: 10000, Deck: "classic", Players: []string{"Ann", "Bob", "Cat"}, Dealer: "Ann"}
		ev := []Event{{Type: scoring.EventCreated, At: at, Name: "night", Settings: &s}}
		for range 5 {
			h := scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: cards}, {Player: "Cat", Cards: cards}}}
			ev = append(ev, Event{Type: scoring.EventHand, At: at, Hand: &h})
		}
		// Ids in no order, as newID makes them.
		id := fmt.Sprintf("%06x", (uint32(i)*2654435761)&0xFFFFFF)
		exp.Games = append(exp.Games, ExportGame{ID: id, Events: ev})
	}
	data, err := json.Marshal(exp)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkImport imports exports of growing size into a new database:
// the time per game stays flat (it grew with the number of games before).
// Besides the time, it reports the processor time per game, which a busy
// machine does not blur.
func BenchmarkImport(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			data := exportOf(b, n)
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				db, err := Open(filepath.Join(b.TempDir(), fmt.Sprintf("i%d.db", i)), Options{})
				if err != nil {
					b.Fatal(err)
				}
				if got, err := db.Import(bytes.NewReader(data)); err != nil || got != n {
					b.Fatalf("import: %d %v", got, err)
				}
				db.Close()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/game")
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N*n), "cpu-ns/game")
		})
	}
}

// benchSizes are the numbers of games imported: small enough for CI's one
// quick pass; UNOSCORE_IMPORT_BENCH=N adds a size.
var benchSizes = func() []int {
	sizes := []int{1000, 4000, 16000}
	if n, err := strconv.Atoi(os.Getenv("UNOSCORE_IMPORT_BENCH")); err == nil && n > 0 {
		sizes = append(sizes, n)
	}
	return sizes
}()

// cpuTime is the processor time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
