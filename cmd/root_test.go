package cmd

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// TestWithHint: the command line adds what to type next to the lower
// layers' typed errors, wrapped or not, and picks the exit code.
func TestWithHint(t *testing.T) {
	tests := []struct {
		err  error
		want string
		code ExitCode
	}{
		{store.ErrNoGame, `there is no game yet: start one with "unoscore new --players Ann,Bob,Cat"`, ExitUsage},
		{&store.NotFoundError{ID: "zz"}, `no game has the id "zz"; "unoscore games" lists them`, ExitUsage},
		{&store.AmbiguousError{Prefix: "a", Matches: []string{"ab", "ac"}}, `"a" could be any of ab, ac; type more of the id`, ExitUsage},
		{scoring.ErrNothingToUndo, "there is no hand to undo in this game", ExitUsage},
		{&store.LockedError{Path: "u.db", Wait: 0}, "the database u.db is in use by another unoscore (waited 0s); try again when it has finished", ExitFailure},
		{fmt.Errorf("reading: %w", &store.CorruptError{Path: "u.db", Err: errors.New("cut short")}), "reading: the database u.db is damaged or not a unoscore database (cut short); it was left untouched: move it aside and import your last export, or use another file with --db", ExitFailure},
		{&store.NewerError{Path: "u.db", Version: 99}, fmt.Sprintf("the database u.db was written by a newer unoscore (schema 99; this one knows %d); it was left untouched: upgrade unoscore", store.SchemaVersion), ExitFailure},
		{&scoring.GameOverError{Winners: []string{"Ann", "Bob"}}, `the game is over: Ann and Bob won; start a new game with "unoscore new"`, ExitUsage},
		{&scoring.GameOverError{Winners: []string{"Ann"}, PlayOn: 1000}, `the game is over: Ann won; play on with "unoscore target 1000", or start a new game with "unoscore new"`, ExitUsage},
		{&rules.TopicError{Query: "skp", Suggest: []string{"skip"}}, `no rules topic matches "skp": did you mean "skip"? ("unoscore rules" lists them all)`, ExitUsage},
		{&rules.TopicError{Query: "zzz"}, `no rules topic matches "zzz"; "unoscore rules" lists the topics`, ExitUsage},
	}
	for _, tt := range tests {
		if got := withHint(tt.err); got != tt.want {
			t.Errorf("withHint(%T):\ngot  %s\nwant %s", tt.err, got, tt.want)
		}
		if got := exitCode(tt.err); got != tt.code {
			t.Errorf("exitCode(%T) = %d, want %d", tt.err, got, tt.code)
		}
	}
}

// panicky is a prompter with a bug: it panics when asked anything.
type panicky struct{ prompter.Fake }

func (panicky) Input(string, string, func(string) error) (string, error) { panic("a bug") }

// TestPanicStackOnlyWithDebug: a panic is one sentence and exit 1; with
// UNOSCORE_DEBUG=1 the stack follows it, for a maintainer.
func TestPanicStackOnlyWithDebug(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	for _, debug := range []string{"", "1"} {
		t.Setenv("UNOSCORE_DEBUG", debug)
		var out, errb strings.Builder
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true}
		code := Run([]string{"--db", db, "new"}, ios, &panicky{})
		first, rest, _ := strings.Cut(errb.String(), "\n")
		if code != ExitFailure || !strings.HasPrefix(first, "unoscore: internal error: a bug;") {
			t.Fatalf("UNOSCORE_DEBUG=%q: exit %d, stderr %q", debug, code, errb.String())
		}
		if stack := strings.Contains(rest, "goroutine ") && strings.Contains(rest, "panicky"); stack != (debug == "1") {
			t.Errorf("UNOSCORE_DEBUG=%q: stack shown %v:\n%s", debug, stack, errb.String())
		}
	}
}

// TestMemoryLimit: every command runs under heapLimit, unless GOMEMLIMIT
// sets a limit of its own, which the runtime keeps.
func TestMemoryLimit(t *testing.T) {
	for _, c := range []struct {
		env  string
		want int64
		set  bool
	}{
		{"", heapLimit, true},
		{"64MiB", 0, false},
		{"off", 0, false},
	} {
		got, set := memoryLimit(func(k string) string {
			if k == "GOMEMLIMIT" {
				return c.env
			}
			return ""
		})
		if got != c.want || set != c.set {
			t.Errorf("GOMEMLIMIT=%q: memoryLimit = %d, %v; want %d, %v", c.env, got, set, c.want, c.set)
		}
	}
	if heapLimit+10<<20 > 30<<20 {
		t.Errorf("heapLimit %d MiB leaves no room for the binary's 10 MiB under 30 MiB", heapLimit>>20)
	}
}
