// Package browser drives unoscore serve's pages in a headless Chromium
// (chromedp): a test binary of its own, apart from the end-to-end tests.
package browser

import (
	"os"
	"testing"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestMain lets the test binary run as unoscore, for the server it starts.
func TestMain(m *testing.M) {
	harness.AsUnoscore()
	os.Exit(m.Run())
}
