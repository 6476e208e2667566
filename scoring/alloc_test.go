package scoring

import (
	"runtime"
	"testing"
)

// replayGame is a game of 20 hands at 4 players, in standard mode, as
// doctor and export replay 10,000 of them (cmd's BenchmarkDoctor).
func replayGame(t *testing.T) (Settings, []Step) {
	t.Helper()
	players := []string{"Ann", "Bob", "Cat", "Dan"}
	var steps []Step
	for i := range 20 {
		out := players[i%len(players)]
		var left []string
		for k, p := range players {
			if p != out {
				left = append(left, p+"="+[]string{"r7 g2", "b5 wd4", "y9", "rs g1 w"}[k])
			}
		}
		h := hand(t, out, left...)
		steps = append(steps, Step{Hand: &h})
	}
	return Settings{Players: players, Target: 100000}, steps
}

// TestReplayAllocations: replaying a game allocates what its board keeps
// (each row's lists) and little more for each hand: doctor and export
// replay every game of a file, and the garbage collector of a loaded
// machine falls behind what they allocate (docs/speed.md).
func TestReplayAllocations(t *testing.T) {
	s, steps := replayGame(t)
	n := testing.AllocsPerRun(20, func() {
		if _, err := ReplaySteps(s, steps); err != nil {
			t.Fatal(err)
		}
	})
	// A row's Held, Side, Cells and Totals, the hand's Left as checked,
	// its cards, its scorers and the players still in: 8 a hand, and the
	// board's own. (Before: 31 a hand, the table listed 8 times a hand.)
	const most = 16 // some room for a race build (13)
	if perHand := n / float64(len(steps)); perHand > most {
		t.Errorf("replaying %d hands allocates %.0f times, %.1f a hand; want at most %d a hand", len(steps), n, perHand, most)
	}
}

// TestReplayBytes: the rows of a replayed game are made once, at its number
// of hands, not grown by doubling (copying them each time, and leaving up
// to twice the room): rows are most of what a replay allocates.
func TestReplayBytes(t *testing.T) {
	s, steps := replayGame(t)
	var before, after runtime.MemStats
	const runs = 20
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		if _, err := ReplaySteps(s, steps); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	perHand := (after.TotalAlloc - before.TotalAlloc) / runs / uint64(len(steps))
	// A row is about 400 bytes, its lists about 400 more (before: 1,840
	// bytes a hand, the rows grown 6 times for 20 hands).
	const most = 1500 // some room for a race build (1,405)
	if perHand > most {
		t.Errorf("replaying %d hands allocates %d bytes a hand; want at most %d", len(steps), perHand, most)
	}
}
