package cmd

import (
	"os"
	"os/exec"
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// TestReferenceLoadsLazily: commands that do not ask about the rules never
// read the reference (its topics, facts and search index), so they pay
// nothing for it at start; "rules" does. It runs in a fresh process, since
// other tests of this package read the reference.
func TestReferenceLoadsLazily(t *testing.T) {
	if os.Getenv("UNOSCORE_LAZY_CHILD") == "1" {
		db := t.TempDir() + "/u.db"
		for _, args := range [][]string{
			{"version"},
			{"new", "--players", "Ann,Bob"},
			{"hand", "--out", "Ann", "--left", "Bob=r7"},
			{"board"},
			{"check", "play", "r7", "--on", "r8"},
			{"check", "start", "rev"},
		} {
			if code, _, errs := run(t, db, false, args...); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			if rules.Loaded() {
				t.Fatalf("%v read the rules reference", args)
			}
		}
		// A topic named by its id reads its file alone (and those of the
		// topics whose id begins with it: challenge-uno): files counts
		// them from the start.
		for _, c := range []struct {
			args  []string
			files int
		}{{[]string{"rules", "skip"}, 1}, {[]string{"rules", "challenge"}, 3}} {
			if code, out, _ := run(t, db, false, c.args...); code != 0 || rules.Loaded() || rules.TopicFilesRead() != c.files {
				t.Fatalf("%v: exit %d, the whole reference read: %v, %d topic files read, want %d\n%s", c.args, code, rules.Loaded(), rules.TopicFilesRead(), c.files, out)
			}
		}
		if code, _, _ := run(t, db, false, "rules", "can", "I", "stack", "draw", "2"); code != 0 || !rules.Loaded() {
			t.Fatalf("rules did not read the reference (exit %d)", code)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestReferenceLoadsLazily$")
	cmd.Env = append(os.Environ(), "UNOSCORE_LAZY_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
