package browser

import (
	"path/filepath"
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
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	id := harness.NewGame(t, db, "--players", "Ann,Bob,Cat")
	s := harness.StartServe(t, db)
	tv := browser(t, exe)
	step := stepper(t)
	step(tv, "the television, live", navigate(s.View),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second))
	if code, _, errs := harness.Unoscore(t, db, "games", "delete", id, "--yes"); code != 0 {
		t.Fatal(errs)
	}
	said := `document.getElementById("status").textContent.startsWith("Game ` + id + ` was deleted, so this board will not change again.") && document.body.classList.contains("stale")`
	step(tv, "the television, told", poll(said, 10*time.Second))
	time.Sleep(3 * time.Second) // past a reconnection's wait
	step(tv, "the television, still told", poll(said, time.Second))
}
