package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The arrows of ../shared/STYLE.md's picture (and docs/design.md's architecture
// section): each of unoscore's packages imports only packages on a floor
// below its own, and never one above. Packages on one floor may import each
// other (Go refuses cycles).
var floors = []struct {
	floor    int
	packages []string // import paths under the module; a trailing / takes the folder
}{
	{0, []string{"rules/words", "rules/decks", "internal/jsonin"}},
	{1, []string{"rules"}},
	{2, []string{"scoring"}},
	{3, []string{"store/internal/", "internal/outfile"}},
	{4, []string{"store", "store/"}},
	{5, []string{"cmd/internal/"}},
	{6, []string{"cmd/internal/flow"}}, // the prompt flows: over prompter, ui and present; cmd → flow, never back
	{7, []string{"cmd"}},
	{8, []string{"", "cmd/gen-docs", "cmd/e2e", "cmd/e2e/"}},
}

// pure are the packages that touch no files, clocks, terminals or network,
// so that table tests reach all of them; what they must not import.
var pure = map[string][]string{
	"rules/words": nil, "rules/decks": nil, "rules": nil, "scoring": nil, "internal/jsonin": nil,
}

// never are imports the floors alone would allow but the layers forbid
// (issue 32 §2): scoring owns the game and store only keeps it, so what
// shows a game (ui, present) or asks about it (flow) takes scoring's
// values and never store's (flow is given the games by cmd, in its Env,
// and tells store's refusals apart as scoring's errors); the file format's
// packages under store know nothing of words. A key or an import of never
// ending in / takes the folder.
var never = map[string][]string{
	"cmd/internal/ui":      {"store", "store/"},
	"cmd/internal/present": {"store", "store/"},
	"cmd/internal/flow":    {"store", "store/"},
	"store/":               {"rules/words"},
}

// forbids says whether never forbids package from (relative to the
// module) importing to.
func forbids(from, to string) bool {
	in := func(p, rule string) bool {
		return p == rule || strings.HasSuffix(rule, "/") && strings.HasPrefix(p, rule)
	}
	for key, bads := range never {
		if !in(from, key) {
			continue
		}
		for _, bad := range bads {
			if in(to, bad) {
				return true
			}
		}
	}
	return false
}

var impure = []string{"os", "os/exec", "os/signal", "net", "net/http", "syscall", "golang.org/x/sys/unix",
	"golang.org/x/term", "github.com/mattn/go-isatty", "go.etcd.io/bbolt"}

func floorOf(rel string) int {
	best, bestLen := -1, -1
	for _, f := range floors {
		for _, p := range f.packages {
			match := rel == p || (strings.HasSuffix(p, "/") && strings.HasPrefix(rel, p))
			if match && len(p) > bestLen {
				best, bestLen = f.floor, len(p)
			}
		}
	}
	return best
}

// TestArrows runs go list over the module and checks every import of every
// package against the floors.
func TestArrows(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	// The package's imports, then (after |) its tests': never holds for
	// both, so that a layer's tests, too, use the values its code takes.
	c := exec.Command(goTool, "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}} | {{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "./...")
	c.Dir, c.Env = root, append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := c.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/unoscore/unoscore"
	rel := func(p string) (string, bool) {
		if p == module {
			return "", true
		}
		r, ok := strings.CutPrefix(p, module+"/")
		return r, ok
	}
	seen := 0
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		bar := slices.Index(fields, "|")
		fields, tests := fields[:bar], fields[bar+1:]
		from, _ := rel(fields[0])
		ff := floorOf(from)
		if ff < 0 {
			t.Errorf("package %q is on no floor of the picture: add it to floors (and to docs/design.md)", fields[0])
			continue
		}
		seen++
		for _, imp := range fields[1:] {
			if bad, ok := pure[from]; ok {
				for _, b := range append(bad, impure...) {
					if imp == b {
						t.Errorf("%s imports %s: rules and scoring touch no files, clocks, terminals or network", fields[0], imp)
					}
				}
			}
			to, ours := rel(imp)
			if !ours {
				continue
			}
			if ft := floorOf(to); ft > ff {
				t.Errorf("%s (floor %d) imports %s (floor %d): the arrows point down only", fields[0], ff, imp, ft)
			}
			if forbids(from, to) {
				t.Errorf("%s imports %s: the layers forbid it (never, in arrows_test.go, says why)", fields[0], imp)
			}
		}
		for _, imp := range tests {
			if to, ours := rel(imp); ours && forbids(from, to) {
				t.Errorf("the tests of %s import %s: the layers forbid it (never, in arrows_test.go, says why)", fields[0], imp)
			}
		}
	}
	// No clock either: a time is passed in, never read.
	for _, dir := range []string{"rules", "rules/words", "scoring"} {
		files, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), "time.Now(") {
				t.Errorf("%s reads the clock (time.Now): rules and scoring are given the time", f)
			}
		}
	}
	if seen < 10 {
		t.Fatalf("go list found only %d packages:\n%s", seen, out)
	}
}

// TestNeverForbids: the rule of never reads as meant, the folder's key
// included, so that TestArrows can fail.
func TestNeverForbids(t *testing.T) {
	for _, c := range []struct {
		from, to string
		want     bool
	}{
		{"cmd/internal/ui", "store", true},
		{"cmd/internal/present", "store/internal/flock", true},
		{"cmd/internal/flow", "store", true},
		{"cmd/internal/flow", "store/internal/flock", true},
		{"cmd/internal/flow", "scoring", false},
		{"cmd/internal/ui", "scoring", false},
		{"cmd", "store", false},
		{"cmd/internal/present", "storefront", false},
		{"store/internal/boltfile", "rules/words", true},
		{"store", "rules/words", false},
	} {
		if got := forbids(c.from, c.to); got != c.want {
			t.Errorf("forbids(%q, %q) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

// TestFlowFloor: cmd may import the prompt flows, the flows may not import
// cmd, and the packages the flows use may not import them.
func TestFlowFloor(t *testing.T) {
	cmd, flow := floorOf("cmd"), floorOf("cmd/internal/flow")
	if !(cmd > flow) {
		t.Errorf("cmd is on floor %d, cmd/internal/flow on %d: cmd → flow must point down", cmd, flow)
	}
	for _, below := range []string{"cmd/internal/prompter", "cmd/internal/ui", "cmd/internal/present", "store"} {
		if f := floorOf(below); !(f < flow) {
			t.Errorf("%s is on floor %d, not below cmd/internal/flow (%d)", below, f, flow)
		}
	}
}
