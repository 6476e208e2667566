package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// TestCheckHelpNamesEveryDeck: check's help lists the decks --deck takes
// from the decks' declarations, so a deck added there is named here too.
func TestCheckHelpNamesEveryDeck(t *testing.T) {
	code, out, errs := run(t, filepath.Join(t.TempDir(), "u.db"), false, "check", "--help")
	if code != 0 {
		t.Fatalf("check --help: exit %d: %s", code, errs)
	}
	_, line, ok := strings.Cut(strings.Join(strings.Fields(out), " "), "--deck names the deck")
	if !ok {
		t.Fatalf("check --help says nothing of --deck:\n%s", out)
	}
	line, _, _ = strings.Cut(line, "Without it")
	for _, id := range rules.DeckIDs() {
		if !strings.Contains(line, id) {
			t.Errorf("check --help's list of decks leaves out %q: %s", id, line)
		}
	}
}
