// Package browser drives unoscore serve's pages in a headless Chromium
// (chromedp): a test binary of its own, apart from the end-to-end tests.
package browser

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestMain lets the test binary run as unoscore, for the server it starts,
// and stops the one Chromium the tests shared.
func TestMain(m *testing.M) {
	harness.AsUnoscore()
	code := m.Run()
	if shared.stop != nil {
		shared.stop()
	}
	os.Exit(code)
}

// shared is the one Chromium every test of the package drives: starting a
// browser costs a second or more of a small machine's CPU (and under load
// was what failed, "chrome failed to start"), a new window in it a few
// milliseconds.
var shared struct {
	once sync.Once
	ctx  context.Context // the browser's first tab, never driven itself
	stop func()
	err  error
}

// browser opens a window of its own for the test in the shared Chromium,
// started by the first test that asks. The window has a browser context of
// its own (cookies, storage and cache apart, as another phone's), and
// closes with the test. A window of its own is visible, so it gets
// animation frames while another test's window is in front.
func browser(t *testing.T, exe string) context.Context {
	t.Helper()
	shared.once.Do(func() {
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Flag("disable-gpu", true), chromedp.Flag("hide-scrollbars", true))...)
		ctx, cancel := chromedp.NewContext(alloc)
		shared.ctx, shared.stop = ctx, func() { cancel(); cancelAlloc() }
		shared.err = chromedp.Do(ctx) // start the browser without a timeout
	})
	if shared.err != nil {
		t.Fatalf("starting Chromium: %v", shared.err)
	}
	ctx, cancel := chromedp.NewContext(shared.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // open the window without a timeout
		t.Fatal(err)
	}
	return ctx
}
