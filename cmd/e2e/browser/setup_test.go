package browser

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// setup is what servedGame records before it serves: unoscore new's flags
// (none: an empty database, no game) and hand's flags for each hand
// recorded at the command line.
type setup struct {
	New   []string
	Hands [][]string
}

// served is a game served for a browser test: the server (its View and
// Score addresses, its Token), the database and the game's id ("" when
// the database was left empty).
type served struct {
	*harness.Server
	DB, ID string
	exe    string // the Chromium the test's windows open in
}

// servedGame finds Chromium (or skips the test), makes a database, starts
// the game and records the hands of g there, and starts serve on it; the
// test's end stops the server.
func servedGame(t *testing.T, g setup) *served {
	t.Helper()
	s := &served{exe: chromium(t), DB: filepath.Join(t.TempDir(), "u.db")}
	if g.New != nil {
		s.ID = harness.NewGame(t, s.DB, g.New...)
	}
	for _, h := range g.Hands {
		if code, _, errs := harness.Unoscore(t, s.DB, append([]string{"hand"}, h...)...); code != 0 {
			t.Fatal(errs)
		}
	}
	s.Server = harness.StartServe(t, s.DB)
	return s
}

// window opens a window of the test's own in the shared Chromium (see
// browser): a television, or a phone yet to be sized.
func (s *served) window(t *testing.T) context.Context {
	t.Helper()
	return browser(t, s.exe)
}

// phone opens a window of the test's own at a phone's size and loads url
// there (s.Score, or an address made from it); what the page shows then
// is for the test to wait for.
func (s *served) phone(t *testing.T, url string) context.Context {
	t.Helper()
	ctx := s.window(t)
	stepper(t)(ctx, "open "+url+" on a phone", phoneView, navigate(url))
	return ctx
}
