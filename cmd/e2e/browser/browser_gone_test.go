package browser

import (
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserGameDeleted: a game deleted while the television shows it is
// said on the page, in the status line ("Game … was deleted, so this board
// will not change again …"), and the page stops reconnecting: the sentence
// is still there seconds later. Before, the page stayed live-looking and
// silent while serve logged the missing game at every poll.
func TestBrowserGameDeleted(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	tv := s.window(t)
	step := stepper(t)
	step(tv, "the television, live", navigate(s.View),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second))
	if code, _, errs := harness.Unoscore(t, s.DB, "games", "delete", s.ID, "--yes"); code != 0 {
		t.Fatal(errs)
	}
	said := `document.getElementById("status").textContent.startsWith("Game ` + s.ID + ` was deleted, so this board will not change again.") && document.body.classList.contains("stale")`
	step(tv, "the television, told", poll(said, 10*time.Second))
	time.Sleep(3 * time.Second) // past a reconnection's wait
	step(tv, "the television, still told", poll(said, time.Second))
}
