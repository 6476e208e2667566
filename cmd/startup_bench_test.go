package cmd

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// BenchmarkStartup runs the real unoscore binary as a person or a script
// starts it, beside two floors built from the same module versions: the bare
// floor, a binary of cobra and bbolt alone that prints its version, and the
// linked floor, a binary that links every package unoscore links (it calls
// unoscore's cmd.Execute for any other argument) and prints its version
// before anything else runs. Each iteration runs the bare floor, the linked
// floor, then the command, so a drift of the machine's speed touches all
// three; it reports the command's CPU time (user + system, as the operating
// system counts it), its ratio to each floor's (the median of the
// iterations' ratios) and its peak memory. docs/speed.md's table comes from
// it:
//
//	go test -run '^$' -bench BenchmarkStartup -benchtime 20x ./cmd
//
// Goals (issue 32): board (with --game ID as without) and rules TOPIC at
// most 1.25 times the linked floor, board on 10,000 games no dearer than on
// one, hand (a durable write) 3 times the bare floor, games --json of 10,000
// games 12 times the bare floor, and every peak at most 30 MiB.
func BenchmarkStartup(b *testing.B) {
	bins := startupBinaries(b)
	big := benchDB(b)
	dir := b.TempDir()
	one := filepath.Join(dir, "one.db")
	if err := fillDB(one, 1, benchHands); err != nil {
		b.Fatal(err)
	}
	// hand writes: into a copy, so the other benchmarks' file stays as made.
	writable := filepath.Join(dir, "hand.db")
	if err := copyFile(big, writable); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"floor", nil},
		{"linked-floor", []string{"--version"}},
		{"version", []string{"--version"}},
		{"board", []string{"--db", big, "board", "--game", "g04242"}},
		// The same board without --game: an exact id costs one look-up.
		{"board-current", []string{"--db", big, "board"}},
		{"board-1-game", []string{"--db", one, "board", "--game", "g00000"}},
		{"rules-skip", []string{"--db", big, "rules", "skip"}},
		{"hand", []string{"--db", writable, "hand", "--game", "g00007", "--out", "Ann", "--left", "Bob=r7", "--left", "Cat=wd4", "--left", "Dan=3x9"}},
		{"games-json-10000", []string{"--db", big, "games", "--json"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			bin := bins.unoscore
			if c.name == "linked-floor" {
				bin = bins.linked
			}
			var floorCPU, linkedCPU, cmdCPU, ratios, linkedRatios []float64
			for b.Loop() {
				f := runCPU(b, bins.floor, "--version")
				l := runCPU(b, bins.linked, "--version")
				floorCPU, linkedCPU = append(floorCPU, f), append(linkedCPU, l)
				r := f
				if c.args != nil {
					r = runCPU(b, bin, c.args...)
				}
				cmdCPU = append(cmdCPU, r)
				ratios = append(ratios, r/max(f, 1e-6))
				linkedRatios = append(linkedRatios, r/max(l, 1e-6))
			}
			b.StopTimer()
			args := c.args
			if args == nil {
				bin, args = bins.floor, []string{"--version"}
			}
			peak := peakMiB(b, bin, args...)
			b.ReportMetric(median(cmdCPU)*1e3, "cpu-ms")
			b.ReportMetric(median(floorCPU)*1e3, "floor-cpu-ms")
			b.ReportMetric(median(linkedCPU)*1e3, "linked-cpu-ms")
			b.ReportMetric(median(ratios), "x-floor")
			b.ReportMetric(median(linkedRatios), "x-linked")
			if peak > 0 {
				b.ReportMetric(peak, "peak-MiB")
			}
		})
	}
}

// runCPU runs bin and returns its CPU time in seconds, user + system.
func runCPU(b *testing.B, bin string, args ...string) float64 {
	c := exec.Command(bin, args...)
	c.Env = append(os.Environ(), "NO_COLOR=1")
	c.Stdout = io.Discard
	var stderr bytes.Buffer
	c.Stderr = &stderr
	if err := c.Run(); err != nil {
		b.Fatalf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, stderr.String())
	}
	ps := c.ProcessState
	return (ps.UserTime() + ps.SystemTime()).Seconds()
}

// peakMiB is bin's peak resident memory, as GNU time reports it (0 without
// /usr/bin/time). The operating system's own count for a child of this
// test, which holds the big database's building in its memory, would start
// from this process's size; time is a small parent.
func peakMiB(b *testing.B, bin string, args ...string) float64 {
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		return 0
	}
	out := filepath.Join(b.TempDir(), "time")
	c := exec.Command("/usr/bin/time", append([]string{"-f", "%M", "-o", out, bin}, args...)...)
	c.Env = append(os.Environ(), "NO_COLOR=1")
	if err := c.Run(); err != nil {
		return 0
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return 0
	}
	kb, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return 0
	}
	return float64(kb) / 1024
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

var (
	startupOnce sync.Once
	startupBins struct{ unoscore, floor, linked string }
	startupErr  error
)

// startupBinaries builds unoscore and the floor once per test binary, in a
// folder removed with the test binary's other files (TestMain).
func startupBinaries(b *testing.B) struct{ unoscore, floor, linked string } {
	startupOnce.Do(func() {
		dir, err := os.MkdirTemp("", "unoscore-startup-")
		if err != nil {
			startupErr = err
			return
		}
		startupTemp = dir
		startupBins.unoscore = filepath.Join(dir, "unoscore")
		startupBins.floor = filepath.Join(dir, "floor")
		if out, err := exec.Command("go", "build", "-o", startupBins.unoscore, "github.com/unoscore/unoscore").CombinedOutput(); err != nil {
			startupErr = &buildError{"unoscore", err, out}
			return
		}
		startupBins.linked = filepath.Join(dir, "linked")
		startupErr = buildFloor(filepath.Join(dir, "floor-src"), startupBins.floor, floorMain)
		if startupErr == nil {
			startupErr = buildFloor(filepath.Join(dir, "linked-src"), startupBins.linked, linkedMain)
		}
	})
	if startupErr != nil {
		b.Fatal(startupErr)
	}
	return startupBins
}

var startupTemp string

// floorMain is the floor: cobra and bbolt linked in, the version printed.
const floorMain = `package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	bolt "go.etcd.io/bbolt"
)

func main() {
	root := &cobra.Command{
		Use:     "floor",
		Version: "v0.0.0",
		RunE: func(c *cobra.Command, args []string) error {
			db, err := bolt.Open(args[0], 0o600, &bolt.Options{ReadOnly: true})
			if err != nil {
				return err
			}
			return db.Close()
		},
	}
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

// linkedMain is the linked floor: main.go's call of cmd.Execute keeps every
// package unoscore links in the binary, their inits run, and the version is
// printed before cobra or any command is made.
const linkedMain = `package main

import (
	"fmt"
	"os"

	"github.com/unoscore/unoscore/cmd"
)

func main() {
	if len(os.Args) == 2 && os.Args[1] == "--version" {
		fmt.Println("linked v0.0.0")
		return
	}
	os.Exit(cmd.Execute())
}
`

// buildFloor builds a floor from main as a module of its own with
// unoscore's go.mod and go.sum (so the same versions of cobra and bbolt),
// unoscore itself replaced by this folder's module, in src.
func buildFloor(src, out, main string) error {
	root, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return err
	}
	modDir := strings.TrimSpace(string(root))
	gomod, err := os.ReadFile(filepath.Join(modDir, "go.mod"))
	if err != nil {
		return err
	}
	gosum, err := os.ReadFile(filepath.Join(modDir, "go.sum"))
	if err != nil {
		return err
	}
	lines := strings.SplitN(string(gomod), "\n", 2)
	if err := os.MkdirAll(src, 0o755); err != nil {
		return err
	}
	for name, data := range map[string]string{
		"go.mod": "module floor\n" + lines[1] +
			"\nrequire github.com/unoscore/unoscore v0.0.0\n" +
			"replace github.com/unoscore/unoscore => " + modDir + "\n",
		"go.sum":  string(gosum),
		"main.go": main,
	} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(data), 0o644); err != nil {
			return err
		}
	}
	c := exec.Command("go", "build", "-o", out, ".")
	c.Dir = src
	c.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if o, err := c.CombinedOutput(); err != nil {
		return &buildError{"the floor", err, o}
	}
	return nil
}

type buildError struct {
	what string
	err  error
	out  []byte
}

func (e *buildError) Error() string {
	return "building " + e.what + ": " + e.err.Error() + "\n" + string(e.out)
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
