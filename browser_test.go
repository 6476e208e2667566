package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// chromium finds a Chromium to drive, or skips the test saying why. In CI
// (.ci/run installs Debian's chromium package) a missing browser fails.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium found in CI: .ci/run installs Debian's chromium package")
	}
	t.Skip("SKIPPED: no Chromium on this machine, so the pages were not tried in a real browser; install Debian's chromium package (apt-get install chromium) to run this test")
	return ""
}

// screenshots is where the browser test saves its pictures: docs/ when
// UNOSCORE_SCREENSHOTS=docs (to refresh the README's), else a temporary
// folder.
func screenshots(t *testing.T) string {
	if os.Getenv("UNOSCORE_SCREENSHOTS") == "docs" {
		return "docs"
	}
	return t.TempDir()
}

func shoot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	})
}

// TestBrowser drives the pages in headless Chromium: the viewer's page
// changes without a reload when the command line records a hand, and a
// hand tapped in on the scorer's page is saved.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	dir := screenshots(t)
	db := filepath.Join(t.TempDir(), "u.db")
	id := newGame(t, db, "--players", "Ann,Cat,Bob,Dan", "--name", "Friday night")
	for _, h := range [][]string{
		{"--out", "Ann", "--left", "Bob=r7 wd4", "--left", "Cat=37pts", "--left", "Dan=g2"},
		{"--out", "Cat", "--left", "Ann=w", "--left", "Bob=b9 y5", "--left", "Dan=rs r3"},
	} {
		if code, _, errs := unoscore(t, db, append([]string{"hand"}, h...)...); code != 0 {
			t.Fatal(errs)
		}
	}
	s := startServe(t, db)

	alloc, cancel := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Flag("disable-gpu", true), chromedp.Flag("hide-scrollbars", true))...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := chromedp.Do(c, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	if err := chromedp.Do(ctx); err != nil { // start the browser without a timeout
		t.Fatal(err)
	}

	// The viewer's page on a television, landscape.
	step("open the viewer's page",
		chromedp.EmulateViewport(1280, 720),
		chromedp.Navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(".totals")),
		chromedp.Poll[chromedp.Void](`document.getElementById("status").textContent === "live"`, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Poll[chromedp.Void](`(window.unoscoreMark = "same page", true)`))
	if code, _, errs := unoscore(t, db, "hand", "--out", "Ann", "--left", "Bob=r2", "--left", "Cat=g4", "--left", "Dan=wd4 ys"); code != 0 {
		t.Fatal(errs)
	}
	start := time.Now()
	step("see the hand from the command line",
		chromedp.Poll[chromedp.Void](`document.querySelector(".total .score").textContent === "172"`, chromedp.WithPollingTimeout(2*time.Second)),
		chromedp.Poll[chromedp.Void](`window.unoscoreMark === "same page" && document.querySelectorAll(".pad tbody tr").length === 3`, chromedp.WithPollingTimeout(time.Second)))
	t.Logf("the viewer's page showed the hand %s after the command line recorded it, without a reload", time.Since(start).Round(time.Millisecond))
	// The server restarts: the page reconnects by itself and goes on.
	s.stop(t)
	host := strings.TrimSuffix(strings.TrimPrefix(s.View, "http://"), "/")
	step("see the server gone", chromedp.Poll[chromedp.Void](`document.getElementById("status").textContent !== "live"`, chromedp.WithPollingTimeout(5*time.Second)))
	s = startServeAt(t, db, host)
	step("reconnect after a restart",
		chromedp.Poll[chromedp.Void](`document.getElementById("status").textContent === "live" && window.unoscoreMark === "same page"`, chromedp.WithPollingTimeout(15*time.Second)))
	if code, _, errs := unoscore(t, db, "undo"); code != 0 {
		t.Fatal(errs)
	}
	step("see an undo after the restart",
		chromedp.Poll[chromedp.Void](`document.querySelectorAll(".pad tbody tr").length === 2 && document.querySelector(".total .score").textContent === "96"`, chromedp.WithPollingTimeout(2*time.Second)))
	if code, _, errs := unoscore(t, db, "hand", "--out", "Ann", "--left", "Bob=r2", "--left", "Cat=g4", "--left", "Dan=wd4 ys"); code != 0 {
		t.Fatal(errs)
	}
	step("see the hand again",
		chromedp.Poll[chromedp.Void](`document.querySelectorAll(".pad tbody tr").length === 3 && document.querySelector(".total .score").textContent === "172"`, chromedp.WithPollingTimeout(2*time.Second)))
	shoot(t, ctx, dir, "serve-view.png")
	step("dark", colorScheme("dark"))
	shoot(t, ctx, dir, "serve-view-dark.png")
	step("light", colorScheme("light"), chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	shoot(t, ctx, dir, "serve-view-phone.png")

	// The scorer's page on a phone: Dan went out; Ann red 7 and two Wild
	// Draw Fours, Bob 12 points counted by hand, Cat a blue Skip, tapped in
	// that order.
	step("open the scorer's page",
		chromedp.Navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Dan"]`)),
		// Who went out: the players in seating order.
		chromedp.Poll[chromedp.Void](`Array.from(document.querySelectorAll("button[data-player]"), b => b.dataset.player).join() === "Ann,Cat,Bob,Dan"`, chromedp.WithPollingTimeout(time.Second)),
		chromedp.Click(chromedp.CSS(`button[data-player="Dan"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[aria-label="red"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`.tools button:nth-child(2)`)), // ×2
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.SendKeys(chromedp.CSS(`.ptsrow input`), "12"),
		chromedp.Click(chromedp.CSS(`.ptsrow button`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[aria-label="blue"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="s"]`)),
		chromedp.Poll[chromedp.Void](`document.querySelector(".worth").textContent === "This hand: 139 points"`, chromedp.WithPollingTimeout(2*time.Second)),
		chromedp.Poll[chromedp.Void](`document.querySelector('button[data-hand="Ann"] .pts').textContent === "107"`, chromedp.WithPollingTimeout(time.Second)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)))
	shoot(t, ctx, dir, "serve-score.png")
	step("save the hand",
		chromedp.Click(chromedp.ID("save")),
		chromedp.Poll[chromedp.Void](`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 4")`, chromedp.WithPollingTimeout(5*time.Second)))
	code, out, errs := unoscore(t, db, "board", "--json", "--game", id)
	if code != 0 {
		t.Fatal(errs)
	}
	var b struct {
		Hands int
		Rows  []struct {
			Out   string
			Cards map[string]string
		}
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	last := b.Rows[len(b.Rows)-1]
	if b.Hands != 4 || last.Out != "Dan" || last.Cards["Ann"] != "r7 2xwd4" || last.Cards["Bob"] != "12pts" || last.Cards["Cat"] != "bs" {
		t.Fatalf("the hand tapped in was saved as %+v", last)
	}
	// An impossible hand is refused with the command line's sentence.
	step("refuse an impossible hand",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`.tools button:nth-child(4)`)), // ×4
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Dan"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="1"]`)),
		chromedp.Click(chromedp.ID("save")),
		chromedp.Poll[chromedp.Void](`document.querySelector(".msg.bad") && document.querySelector(".msg.bad").textContent.includes("has only 4 Wild Draw Fours, but these hands name 5")`, chromedp.WithPollingTimeout(5*time.Second)))
	// Undo, after the page's question.
	step("undo",
		chromedp.Click(chromedp.ID("restart")),
		chromedp.Poll[chromedp.Void](`(window.confirm = () => true, true)`),
		chromedp.WaitVisible(chromedp.ID("undo")),
		chromedp.Click(chromedp.ID("undo")),
		chromedp.Poll[chromedp.Void](`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.includes("3 hands count now")`, chromedp.WithPollingTimeout(5*time.Second)))
	if _, out, _ := unoscore(t, db, "board", "--json"); !strings.Contains(out, `"hands": 3`) {
		t.Fatalf("after undo on the page: %s", out)
	}
}
