package browser

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// axeAll runs axe-core on the page as it stands and returns every
// violation, whatever its level, one line each.
func axeAll(t *testing.T, ctx context.Context, script, what string) []string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, stepLimit)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Evaluate[bool](script+";true")); err != nil {
		t.Fatalf("%s: injecting axe-core: %v", what, err)
	}
	out, err := chromedp.Run(c, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ["violations"]}).then(r =>
		r.violations.map(v => v.id + " (" + v.impact + "): " + v.help + " — " + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: running axe-core: %v", what, err)
	}
	return out
}

// TestBrowserNoGameHeading: with no game yet, the scorer's page (the form
// to start one, open) and the viewer's page each have a heading of the
// first level, "No game yet", before anything else, and axe-core finds
// nothing on them at any level (the scorer's page failed
// page-has-heading-one, a moderate violation; the viewer's, meta-refresh,
// a critical one, for its refresh every 5 s, now made by its script);
// and the viewer's page shows a game started meanwhile by itself.
func TestBrowserNoGameHeading(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{})
	script := axeScript(t)
	ctx := s.window(t)
	step := stepper(t)
	for _, page := range []struct{ what, url, ready string }{
		{"the scorer's page", s.Score, `#newform input[name="players"]`},
		{"the viewer's page", s.View, `.note`},
	} {
		step(ctx, page.what, bypassCSP, phoneView, navigate(page.url), chromedp.WaitVisible(chromedp.CSS(page.ready)))
		first, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const h = document.querySelector("h1, h2, h3, summary, form"); return h ? h.tagName + " " + h.textContent : "nothing"; })()`))
		if err != nil {
			t.Fatal(err)
		}
		if first != "H1 No game yet" {
			t.Errorf("%s: the first heading is %q, not the heading \"No game yet\"", page.what, first)
		}
		for _, v := range axeAll(t, ctx, script, page.what) {
			t.Errorf("%s: %s", page.what, v)
		}
	}
	// The viewer's page refreshes without a meta refresh now: a game
	// started shows by itself.
	harness.NewGame(t, s.DB, "--players", "Ann,Bob,Cat", "--name", "Started meanwhile")
	step(ctx, "the game started", across(`document.querySelector(".top h1") && document.querySelector(".top h1").textContent === "Started meanwhile"`, 10*time.Second))
}
