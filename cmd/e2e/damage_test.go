//go:build unix

package e2e

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// The damaged-file tests run unoscore as a separate process under a memory
// limit (ulimit -v: 2 GiB of address space, of which the Go runtime reserves about 1.2 at start) and a time limit, so that a
// damaged file that sends it round a loop fails the test instead of
// exhausting the machine.
const (
	memLimitKiB = 2 << 20
	timeLimit   = 20 * time.Second
)

type outcome struct {
	code         int
	stdout, errs string
}

// limited runs this test binary as unoscore under the limits.
func limited(t *testing.T, db string, args ...string) outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeLimit)
	defer cancel()
	sh := `ulimit -v ` + strconv.Itoa(memLimitKiB) + `; exec "$0" "$@"`
	c := exec.CommandContext(ctx, "sh", append([]string{"-c", sh, os.Args[0], "--db", db, "--wait", "1s"}, args...)...)
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1", "NO_COLOR=1")
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	o := outcome{stdout: out.String(), errs: errb.String()}
	if ctx.Err() != nil {
		t.Fatalf("unoscore %s ran past %s on a damaged file (a hang)", strings.Join(args, " "), timeLimit)
	}
	if ee, ok := err.(*exec.ExitError); ok {
		o.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o
}

// crashed says how a run crashed, or "".
func (o outcome) crashed() string {
	for _, sign := range []string{"fatal error", "goroutine ", "panic:", "SIGSEGV", "out of memory", "internal error"} {
		if strings.Contains(o.errs, sign) {
			return sign
		}
	}
	if o.code != 0 && o.code != 1 {
		return "exit " + strconv.Itoa(o.code)
	}
	return ""
}

// damagedDB makes a database big enough for branch pages: 300 games.
func damagedDB(t *testing.T, path string) {
	t.Helper()
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c1, _ := rules.ParseHand("r7 wd4")
	c2, _ := rules.ParseHand("9")
	for i := range 300 {
		if _, err := db.Create(fmt.Sprintf("night %d", i), scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 10000}); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			h := scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: c1}, {Player: "Cat", Cards: c2}}}
			if _, err := db.AddHand("", h); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// file is a bbolt file's bytes, read as pages.
type file struct {
	data []byte
	ps   int
}

func (f file) u16(off int) uint16 { return binary.LittleEndian.Uint16(f.data[off:]) }
func (f file) u32(off int) uint32 { return binary.LittleEndian.Uint32(f.data[off:]) }
func (f file) u64(off int) uint64 { return binary.LittleEndian.Uint64(f.data[off:]) }
func (f file) put16(off int, v uint16) {
	binary.LittleEndian.PutUint16(f.data[off:], v)
}
func (f file) put32(off int, v uint32) {
	binary.LittleEndian.PutUint32(f.data[off:], v)
}
func (f file) put64(off int, v uint64) {
	binary.LittleEndian.PutUint64(f.data[off:], v)
}

// metaOff is the offset of the meta page in force.
func (f file) metaOff() int {
	if f.u64(f.ps+16+48) > f.u64(16+48) {
		return f.ps
	}
	return 0
}

// resum rewrites a meta page's checksum after a change to it.
func (f file) resum(off int) {
	h := fnv.New64a()
	h.Write(f.data[off+16 : off+16+56])
	f.put64(off+16+56, h.Sum64())
}

// pages lists the ids of the pages with the given flags.
func (f file) pages(flags uint16) []int {
	var ids []int
	for p := 2; (p+1)*f.ps <= len(f.data); p++ {
		if f.u64(p*f.ps) == uint64(p) && f.u16(p*f.ps+8) == flags {
			ids = append(ids, p)
		}
	}
	return ids
}

// TestDamagedFilesEndCleanly crafts the damage that used to crash or hang
// unoscore (a branch page pointing at itself or at the root, free-page
// counts of 2^40 and 2^64-1, a missing free-page list, a page claiming
// 2^32 overflow pages, entries larger than their page), or that a write
// would spread (a free-page list naming a page in use), and runs every
// kind of command on each: every run ends within the time limit, under
// the memory limit, with exit 1 (or 0 where the damage is not on its path)
// and a message, never a crash. A write that refuses leaves the file as it
// was.
func TestDamagedFilesEndCleanly(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs unoscore a few hundred times")
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	damagedDB(t, good)
	orig, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	const ps = 4096
	cases := map[string]func(f file){
		"branch page points at itself": func(f file) {
			p := f.pages(0x01)[0]
			f.put64(p*ps+16+8, uint64(p))
		},
		"branch page points at the root": func(f file) {
			root := f.u64(f.metaOff() + 16 + 16)
			for _, p := range f.pages(0x01) {
				if uint64(p) != root {
					f.put64(p*ps+16+8, root)
					return
				}
			}
		},
		"free-page count 2^40": func(f file) {
			p := int(f.u64(f.metaOff() + 16 + 32))
			f.put16(p*ps+10, 0xFFFF)
			f.put64(p*ps+16, 1<<40)
		},
		"free-page count 2^64-1": func(f file) {
			p := int(f.u64(f.metaOff() + 16 + 32))
			f.put16(p*ps+10, 0xFFFF)
			f.put64(p*ps+16, ^uint64(0))
		},
		"no free-page list": func(f file) {
			m := f.metaOff()
			f.put64(m+16+32, ^uint64(0))
			f.resum(m)
		},
		"leaf page claims 2^32-1 overflow pages": func(f file) {
			for _, p := range f.pages(0x02) {
				f.put32(p*ps+12, 0xFFFFFFFF)
			}
		},
		"leaf entry larger than its page": func(f file) {
			for _, p := range f.pages(0x02) {
				f.put32(p*ps+16+12, 0x7FFFFFFF)
			}
		},
		"entries of the buckets' leaves claim 1.6 GB": func(f file) {
			root := f.u64(f.metaOff() + 16 + 16)
			for _, p := range f.pages(0x02) {
				if uint64(p) != root {
					f.put32(p*ps+16+12, 0x64250006)
				}
			}
		},
		// A write would reuse a page still in use: the events bucket's
		// first leaf, below a branch page opening to write reads only for
		// its page ids.
		"free-page list names a leaf in use": func(f file) {
			root := int(f.u64(f.metaOff() + 16 + 16))
			events := 0
			for i := range int(f.u16(root*ps + 10)) {
				e := root*ps + 16 + i*16
				k, n := e+int(f.u32(e+4)), int(f.u32(e+8))
				if string(f.data[k:k+n]) == "events" {
					events = int(f.u64(k + n))
				}
			}
			list := int(f.u64(f.metaOff() + 16 + 32))
			if f.u16(events*ps+8) != 0x01 || f.u16(list*ps+10) == 0 {
				panic("the events bucket has no branch page, or no page is free")
			}
			f.put64(list*ps+16, f.u64(events*ps+16+8))
		},
		"root bucket is the free-page list": func(f file) {
			m := f.metaOff()
			f.put64(m+16+16, f.u64(m+16+32))
			f.resum(m)
		},
	}
	commands := [][]string{
		{"board"}, {"games", "--json"}, {"export"}, {"doctor"}, {"history"},
		{"hand", "--out", "Ann", "--left", "Bob=r7", "--left", "Cat=9"},
		{"new", "--players", "Dan,Eve"},
	}
	for name, damage := range cases {
		t.Run(name, func(t *testing.T) {
			f := file{data: bytes.Clone(orig), ps: ps}
			damage(f)
			path := filepath.Join(t.TempDir(), "bad.db")
			os.WriteFile(path, f.data, 0o600)
			for _, args := range commands {
				o := limited(t, path, args...)
				if how := o.crashed(); how != "" {
					t.Fatalf("%s: %s\n%s", strings.Join(args, " "), how, clipped(o.errs))
				}
				if args[0] == "doctor" && o.code != 1 {
					t.Errorf("doctor passed a damaged file:\n%s", o.stdout)
				}
				if (args[0] == "hand" || args[0] == "new") && o.code != 1 {
					t.Errorf("%s wrote to a damaged file (exit %d)", args[0], o.code)
				}
				if o.code == 1 && !strings.HasPrefix(o.errs, "unoscore: ") {
					t.Errorf("%s: exit 1 without a message: %q", args[0], clipped(o.errs))
				}
				if after, _ := os.ReadFile(path); !bytes.Equal(after, f.data) {
					t.Fatalf("%s changed the damaged file", strings.Join(args, " "))
				}
			}
		})
	}
}

// TestRandomDamageEndsCleanly damages the file at random (a fixed seed;
// the file's own layout varies with its random game ids): single flipped
// bits, overwritten runs of bytes and page-header bytes anywhere past the
// meta pages. Every command ends in time and memory with exit 0 or 1, never a
// crash; a write refused leaves the file unchanged; and a write that goes
// ahead never leaves a file that doctor passed before failing after.
func TestRandomDamageEndsCleanly(t *testing.T) {
	t.Parallel()
	harness.Slow(t, "runs unoscore a few hundred times")
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	damagedDB(t, good)
	orig, _ := os.ReadFile(good)
	const ps = 4096
	r := rand.New(rand.NewPCG(14, 3))
	hw := int(file{data: orig, ps: ps}.u64(file{data: orig, ps: ps}.metaOff() + 16 + 40))
	rejected, wroteOnRejected := 0, 0
	defer func() {
		t.Logf("doctor rejected %d of the damaged files; a hand was written to %d of those (damage off its path)", rejected, wroteOnRejected)
	}()
	for trial := range 60 {
		bad := bytes.Clone(orig)
		p := 2 + r.IntN(hw-2)
		switch trial % 3 {
		case 0: // one flipped bit
			bit := r.IntN(ps * 8)
			bad[p*ps+bit/8] ^= 1 << (bit % 8)
		case 1: // a run of random bytes
			off := p*ps + r.IntN(ps-32)
			for k := off; k < off+1+r.IntN(32); k++ {
				bad[k] = byte(r.IntN(256))
			}
		case 2: // a byte of a page header: its id, kind, count or overflow
			bad[p*ps+r.IntN(16)] = byte(r.IntN(256))
		}
		path := filepath.Join(dir, fmt.Sprintf("bad%d.db", trial))
		os.WriteFile(path, bad, 0o600)
		doctor := limited(t, path, "doctor")
		if doctor.code != 0 {
			rejected++
		}
		for _, args := range [][]string{{"board"}, {"export"}, {"games", "--json"}, {"hand", "--out", "Ann", "--left", "Bob=r7", "--left", "Cat=9"}} {
			before, _ := os.ReadFile(path)
			o := limited(t, path, args...)
			if how := o.crashed(); how != "" {
				t.Fatalf("trial %d (page %d), %s: %s\n%s", trial, p, args[0], how, clipped(o.errs))
			}
			after, _ := os.ReadFile(path)
			if o.code != 0 && !bytes.Equal(before, after) {
				t.Fatalf("trial %d: %s failed but changed the file", trial, args[0])
			}
			if args[0] == "hand" && o.code == 0 && doctor.code != 0 {
				wroteOnRejected++
			}
		}
		if doctor.crashed() != "" {
			t.Fatalf("trial %d: doctor: %s", trial, clipped(doctor.errs))
		}
		if doctor.code == 0 {
			// A file doctor passed stays sound after the write.
			if o := limited(t, path, "doctor"); o.code != 0 {
				t.Fatalf("trial %d: doctor passed the file, then failed it after a hand:\n%s", trial, o.stdout)
			}
		}
		os.Remove(path)
	}
}

// TestFifoAsDatabase: a pipe where the database should be is refused at
// once, never waited on.
func TestFifoAsDatabase(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "pipe.db")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip(err)
	}
	for _, args := range [][]string{{"board"}, {"doctor"}, {"new", "--players", "Ann,Bob"}, {"export"}} {
		o := limited(t, path, args...)
		if o.code != 1 || !strings.Contains(o.errs, "not a regular file") {
			t.Errorf("%s on a pipe: exit %d, %q", args[0], o.code, o.errs)
		}
	}
}

func clipped(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}

// TestFullDiskLeavesNoFile: a new database that cannot be written whole (a
// file-size limit stands in for a full disk) is not left behind, half made,
// for the next command to stumble on.
func TestFullDiskLeavesNoFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "z.db")
	c := exec.Command("sh", "-c", `ulimit -f 8; exec "$0" "$@"`, os.Args[0], "--db", path, "new", "--players", "Ann,Bob")
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
	out, err := c.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.HasPrefix(string(out), "unoscore: ") {
		t.Fatalf("new on a full disk: %v %s", err, out)
	}
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		t.Fatalf("a half-made file was left behind: %v", err)
	}
}

// TestFullDiskSaysNothingSaved: a change that cannot be written (the file
// may not grow: a full disk) is one sentence saying that nothing of it was
// saved, exit 1, and every game reads as before (the bytes may not be).
func TestFullDiskSaysNothingSaved(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "u.db")
	if code, _, errs := harness.Unoscore(t, path, "new", "--players", "Ann,Bob"); code != 0 {
		t.Fatal(errs)
	}
	export := filepath.Join(dir, "export.json")
	if err := os.WriteFile(export, exportOf(300), 0o600); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	c := exec.Command("sh", "-c", `ulimit -f 64; exec "$0" "$@"`, os.Args[0], "--db", path, "import", export)
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
	out, err := c.CombinedOutput()
	// What is true is said: the games read as before, but the bytes of
	// the file may not be as they were (the change's pages went into
	// free space, or grew the file).
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "could not be written to") || !strings.Contains(string(out), "nothing of it was saved: every game reads as before it (only space the file does not use may have been written, or added)") || strings.Contains(string(out), "the file is as it was") || strings.Contains(string(out), "copy: write") || strings.Contains(string(out), "resize error") {
		t.Fatalf("import on a full disk: %v %s", err, out)
	}
	if code, out, _ := harness.Unoscore(t, path, "games", "--json"); code != 0 || strings.Count(out, `"id"`) != 1 {
		t.Fatalf("after: %s", out)
	}
	after, _ := os.ReadFile(path)
	if len(after) < len(before) {
		t.Fatal("the file shrank")
	}
}
