package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
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
// UNOSCORE_SCREENSHOTS=docs (to refresh docs/serve.md's), else a temporary
// folder.
func screenshots(t *testing.T) string {
	if d := os.Getenv("UNOSCORE_SCREENSHOTS"); d != "" {
		if d == "docs" {
			// docs/, beside the pages that show them, at the module's root.
			return filepath.Join("..", "..", "..", "docs")
		}
		return d // a folder of one's own to look at them
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
	t.Parallel()
	exe := chromium(t)
	dir := screenshots(t)
	db := filepath.Join(t.TempDir(), "u.db")
	id := harness.NewGame(t, db, "--players", "Ann,Cat,Bob,Dan", "--name", "Friday night")
	for _, h := range [][]string{
		{"--out", "Ann", "--left", "Bob=r7 wd4", "--left", "Cat=37pts", "--left", "Dan=g2"},
		{"--out", "Cat", "--left", "Ann=w", "--left", "Bob=b9 y5", "--left", "Dan=rs r3"},
	} {
		if code, _, errs := harness.Unoscore(t, db, append([]string{"hand"}, h...)...); code != 0 {
			t.Fatal(errs)
		}
	}
	s := harness.StartServe(t, db)

	ctx := browser(t, exe)
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, stepLimit)
		defer cancel()
		if err := chromedp.Do(c, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	// The viewer's page on a television, landscape.
	step("open the viewer's page",
		chromedp.EmulateViewport(1280, 720),
		navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(".totals")),
		chromedp.Poll[chromedp.Void](`document.getElementById("status").textContent === "live"`, chromedp.WithPollingTimeout(patient(10*time.Second))),
		chromedp.Poll[chromedp.Void](`(window.unoscoreMark = "same page", true)`))
	if code, _, errs := harness.Unoscore(t, db, "hand", "--out", "Ann", "--left", "Bob=r2", "--left", "Cat=g4", "--left", "Dan=wd4 ys"); code != 0 {
		t.Fatal(errs)
	}
	start := time.Now()
	step("see the hand from the command line",
		chromedp.Poll[chromedp.Void](`document.querySelector(".total .score").textContent === "172"`, chromedp.WithPollingTimeout(patient(2*time.Second))),
		chromedp.Poll[chromedp.Void](`window.unoscoreMark === "same page" && document.querySelectorAll(".pad tbody tr").length === 3`, chromedp.WithPollingTimeout(patient(time.Second))))
	t.Logf("the viewer's page showed the hand %s after the command line recorded it, without a reload", time.Since(start).Round(time.Millisecond))
	// The server restarts: the page reconnects by itself and goes on.
	s.Stop(t)
	host := strings.TrimSuffix(strings.TrimPrefix(s.View, "http://"), "/")
	step("see the server gone", chromedp.Poll[chromedp.Void](`document.getElementById("status").textContent !== "live"`, chromedp.WithPollingTimeout(patient(5*time.Second))))
	s = harness.StartServeAt(t, db, host)
	step("reconnect after a restart",
		chromedp.Poll[chromedp.Void](`document.getElementById("status").textContent === "live" && window.unoscoreMark === "same page"`, chromedp.WithPollingTimeout(patient(15*time.Second))))
	if code, _, errs := harness.Unoscore(t, db, "undo"); code != 0 {
		t.Fatal(errs)
	}
	step("see an undo after the restart",
		chromedp.Poll[chromedp.Void](`document.querySelectorAll(".pad tbody tr").length === 2 && document.querySelector(".total .score").textContent === "96"`, chromedp.WithPollingTimeout(patient(2*time.Second))))
	if code, _, errs := harness.Unoscore(t, db, "hand", "--out", "Ann", "--left", "Bob=r2", "--left", "Cat=g4", "--left", "Dan=wd4 ys"); code != 0 {
		t.Fatal(errs)
	}
	step("see the hand again",
		chromedp.Poll[chromedp.Void](`document.querySelectorAll(".pad tbody tr").length === 3 && document.querySelector(".total .score").textContent === "172"`, chromedp.WithPollingTimeout(patient(2*time.Second))))
	shoot(t, ctx, dir, "serve-view.png")
	step("dark", colorScheme("dark"))
	shoot(t, ctx, dir, "serve-view-dark.png")
	step("light", colorScheme("light"), chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait))
	shoot(t, ctx, dir, "serve-view-phone.png")

	// The scorer's page on a phone: Dan went out; Ann red 7 and two Wild
	// Draw Fours, Bob 12 points counted by hand, Cat a blue Skip, tapped in
	// that order.
	step("open the scorer's page",
		navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Dan"]`)),
		// Who went out: the players in seating order.
		chromedp.Poll[chromedp.Void](`Array.from(document.querySelectorAll("button[data-player]"), b => b.dataset.player).join() === "Ann,Cat,Bob,Dan"`, chromedp.WithPollingTimeout(patient(time.Second))),
		chromedp.Click(chromedp.CSS(`button[data-player="Dan"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-color="r"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`.tools button:nth-child(2)`)), // ×2
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.SendKeys(chromedp.CSS(`.ptsrow input`), "12"),
		chromedp.Click(chromedp.CSS(`.ptsrow button`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-color="b"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="s"]`)),
		chromedp.Poll[chromedp.Void](`document.querySelector(".worth").textContent === "This hand: 139 points"`, chromedp.WithPollingTimeout(patient(2*time.Second))),
		chromedp.Poll[chromedp.Void](`document.querySelector('button[data-hand="Ann"] .pts').textContent === "107"`, chromedp.WithPollingTimeout(patient(time.Second))),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)))
	shoot(t, ctx, dir, "serve-score.png")
	step("save the hand",
		chromedp.Click(chromedp.ID("save")),
		chromedp.Poll[chromedp.Void](`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 4")`, chromedp.WithPollingTimeout(patient(5*time.Second))))
	code, out, errs := harness.Unoscore(t, db, "board", "--json", "--game", id)
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
	// The keypad greys out what the deck no longer holds (a fifth Wild
	// Draw Four), and a hand the server refuses shows the command line's
	// sentence.
	step("refuse an impossible hand",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`.tools button:nth-child(4)`)), // ×4
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		poll(`document.querySelector('button[data-face="wd4"]').disabled && !document.querySelector('button[data-face="w"]').disabled`, time.Second),
		chromedp.Click(chromedp.ID("save")),
		chromedp.Poll[chromedp.Void](`document.querySelector(".msg.bad") && document.querySelector(".msg.bad").textContent === "Cat's and Dan's cards are missing."`, chromedp.WithPollingTimeout(patient(5*time.Second))))
	// Start over and undo, each after the page's question.
	step("undo",
		chromedp.Poll[chromedp.Void](`(window.confirm = () => true, true)`),
		chromedp.Click(chromedp.ID("restart")),
		chromedp.WaitVisible(chromedp.ID("undo")),
		chromedp.Click(chromedp.ID("undo")),
		chromedp.Poll[chromedp.Void](`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.includes("3 hands count now")`, chromedp.WithPollingTimeout(patient(5*time.Second))))
	if _, out, _ := harness.Unoscore(t, db, "board", "--json"); !strings.Contains(out, `"hands": 3`) {
		t.Fatalf("after undo on the page: %s", out)
	}
}

// TestBrowserRotating drives a rotating game's pages in headless Chromium:
// two phones score two tables at once, each picking its table, who went
// out there, and the opposing pair's cards; a hand made stale by the other
// table's scorer is refused with the command line's sentence; the viewer's
// page shows each table on a television and a phone; and a game started
// from the scorer's form becomes the one every page follows.
func TestBrowserRotating(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--name", "Saturday tournament"}, Hands: [][]string{
		{"--table", "1", "--out", "Ann", "--left", "Bob=r7 g3", "--left", "Dan=wd4"},
		{"--table", "2", "--out", "Fay", "--left", "Gus=b+2", "--left", "Eve=ys y9"},
		{"--table", "1", "--out", "Dan", "--left", "Ann=w", "--left", "Cat=r2 b4 g6"},
		{"--table", "2", "--out", "Eve", "--left", "Fay=g+2", "--left", "Hal=r1"},
		{"--table", "1", "--out", "Cat", "--left", "Bob=y8", "--left", "Dan=bs brev"},
	}})
	dir := screenshots(t)

	// Each phone and the television is a browser of its own, as they are
	// at the table (and tabs of one headless browser do not all navigate).
	phoneA, phoneB, tv := s.window(t), s.window(t), s.window(t)
	step := func(ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, stepLimit)
		defer cancel()
		if err := chromedp.Do(c, append([]chromedp.Action[chromedp.Void]{front}, actions...)...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	phone := chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait)
	saved := func(prefix string) chromedp.Action[chromedp.Void] {
		return poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith(`+jsString(prefix)+`)`, 5*time.Second)
	}

	// The television follows the current game.
	step(tv, "open the viewer's page", chromedp.EmulateViewport(1280, 720), navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(".tables")),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second))

	// Phone A takes table 1: hand 4 of round 1, Bob went out; phone B
	// takes table 2, where Gus went out, and saves first.
	step(phoneA, "phone A: table 1, Bob went out", phone, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-table="2"]`)),
		chromedp.Click(chromedp.CSS(`button[data-table="1"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Bob"]`)),
		// Only table 1's four, in seating order.
		poll(`Array.from(document.querySelectorAll("button[data-player]"), b => b.dataset.player).join() === "Ann,Bob,Cat,Dan"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-player="Bob"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Cat"]`)),
		// Only the opposing pair's hands.
		poll(`Array.from(document.querySelectorAll("button[data-hand]"), b => b.dataset.hand).join() === "Cat,Ann"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-color="b"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="s"]`)),
		chromedp.ScrollIntoView(chromedp.CSS(`#scorer`)))
	shoot(t, phoneA, dir, "serve-rotating-keypad.png")
	step(phoneB, "phone B: table 2, Gus went out, save", phone, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-table="2"]`)),
		chromedp.Click(chromedp.CSS(`button[data-table="2"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Gus"]`)),
		poll(`Array.from(document.querySelectorAll("button[data-player]"), b => b.dataset.player).join() === "Eve,Fay,Gus,Hal"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-player="Gus"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Hal"]`)),
		poll(`Array.from(document.querySelectorAll("button[data-hand]"), b => b.dataset.hand).join() === "Hal,Fay"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-color="r"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Fay"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		poll(`document.querySelector(".worth").textContent === "This hand: 57 points"`, 2*time.Second),
		chromedp.Click(chromedp.ID("save")),
		saved("Saved hand 6 at table 2: Gus went out, 57 points."))
	step(phoneA, "phone A: finish table 1's hand and save", chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.SendKeys(chromedp.CSS(`.ptsrow input`), "12"),
		chromedp.Click(chromedp.CSS(`.ptsrow button`)),
		chromedp.Click(chromedp.ID("save")),
		saved("Saved hand 7 at table 1: Bob went out, 32 points."),
		// Table 1's round 2 seats Gus and Hal, still at table 2: the phone
		// says so, and who it waits for, instead of the keypad of round 2.
		poll(`document.getElementById("waiting") && document.getElementById("waiting").textContent === "Table 1 waits for round 2: Gus and Hal are still playing round 1 at table 2.The keypad comes back by itself when they finish." && !document.querySelector("button[data-player]")`, 5*time.Second),
		chromedp.ScrollIntoView(chromedp.CSS(`#scorer`)))
	shoot(t, phoneA, dir, "serve-rotating-waiting.png")
	step(phoneA, "phone A: the other tables",
		chromedp.Click(chromedp.ID("tables")),
		poll(`document.querySelector('button[data-table="1"]').textContent.includes("round 2 waits for Gus and Hal")`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-table="1"]`)),
		chromedp.WaitVisible(chromedp.ID("waiting")))
	_, out, _ := harness.Unoscore(t, s.DB, "board", "--json", "--game", s.ID)
	var b struct {
		Rows []struct {
			Table int
			Out   string
			Cards map[string]string
		}
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	if len(b.Rows) != 7 {
		t.Fatalf("%d hands, want 7", len(b.Rows))
	}
	if r := b.Rows[5]; r.Table != 2 || r.Out != "Gus" || r.Cards["Hal"] != "r7" || r.Cards["Fay"] != "wd4" || len(r.Cards) != 2 {
		t.Fatalf("phone B's hand was saved as %+v", r)
	}
	if r := b.Rows[6]; r.Table != 1 || r.Out != "Bob" || r.Cards["Cat"] != "bs" || r.Cards["Ann"] != "12pts" || len(r.Cards) != 2 {
		t.Fatalf("phone A's hand was saved as %+v", r)
	}
	step(tv, "the television shows both hands",
		poll(`document.querySelectorAll(".pad tbody tr").length === 7 && document.querySelector(".table h2 span").textContent === "round 2 of 7 · hand 1 of 4"`, 2*time.Second))

	// Phone B starts table 2's last hand of round 1 (Eve went out), but
	// the command line records that hand first: table 2 moves on to round
	// 2, and the phone's hand is refused with the command line's sentence.
	step(phoneB, "phone B: Eve went out at table 2",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Eve"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Eve"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Fay"]`)))
	if code, _, errs := harness.Unoscore(t, s.DB, "hand", "--table", "2", "--out", "Hal", "--left", "Eve=g5", "--left", "Gus=y2"); code != 0 {
		t.Fatal(errs)
	}
	_, _, cliErr := harness.Unoscore(t, s.DB, "hand", "--table", "2", "--out", "Eve", "--left", "Fay=r1", "--left", "Hal=g2")
	want := strings.TrimSuffix(strings.TrimPrefix(cliErr, "unoscore: "), "\n")
	if want == "" {
		t.Fatal("the command line took a hand at table 2 from round 1's pairs in round 2")
	}
	// Table 2 has finished round 1: table 1's phone shows its keypad again
	// by itself.
	step(phoneA, "phone A: the keypad is back by itself",
		poll(`!document.getElementById("waiting") && !!document.querySelector("button[data-player]") && document.querySelector(".where").textContent.startsWith("Table 1, round 2 of 7, hand 1 of 4")`, 5*time.Second))
	step(phoneB, "phone B: the stale hand is refused",
		chromedp.Click(chromedp.CSS(`button[data-hand="Fay"]`)),
		chromedp.Click(chromedp.CSS(`button[data-color="r"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="1"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Hal"]`)),
		chromedp.Click(chromedp.CSS(`button[data-color="g"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="2"]`)),
		chromedp.Click(chromedp.ID("save")),
		// The phone saw the game before the command line's hand at its
		// table: it says so, and offers to save anyway.
		poll(`document.querySelector(".msg.bad") && document.querySelector(".msg.bad").textContent.startsWith("Hand 8 at table 2 was just recorded from another device: Hal went out") && !!document.getElementById("anyway")`, 5*time.Second),
		chromedp.Click(chromedp.ID("anyway")),
		poll(`document.querySelector(".msg.bad") && document.querySelector(".msg.bad").textContent === `+jsString(phoneSentence(want)), 5*time.Second))
	if _, out, _ := harness.Unoscore(t, s.DB, "board", "--json", "--game", s.ID); !strings.Contains(out, `"hands": 8`) {
		t.Fatal("the refused hand was written")
	}
	step(phoneB, "phone B: start over (after the question), pick the table again",
		poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), true), true)`, time.Second),
		chromedp.Click(chromedp.ID("restart")),
		poll(`window.asked.length === 1 && window.asked[0].startsWith("Drop this hand? ")`, time.Second),
		chromedp.WaitVisible(chromedp.ID("tables")),
		chromedp.Click(chromedp.ID("tables")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-table="2"]`)))
	shoot(t, phoneB, dir, "serve-rotating-score.png")

	// The viewer's page: a television in landscape, a phone in portrait.
	step(tv, "the television", poll(`document.querySelectorAll(".pad tbody tr").length === 8`, 2*time.Second))
	shoot(t, tv, dir, "serve-rotating-tv.png")
	step(tv, "dark", colorScheme("dark"))
	shoot(t, tv, dir, "serve-rotating-tv-dark.png")
	step(tv, "light", colorScheme("light"))
	step(phoneB, "a phone viewing", navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".tables")))
	shoot(t, phoneB, dir, "serve-rotating-phone.png")

	// Sixteen players at four tables, on the television.
	big := harness.NewGame(t, s.DB, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ida,Jon,Kim,Lea,Max,Ned,Oli,Pam", "--mode", "rotating", "--name", "Club night")
	for _, h := range [][]string{
		{"--table", "1", "--out", "Ann", "--left", "Bob=r7 g3", "--left", "Dan=wd4"},
		{"--table", "2", "--out", "Fay", "--left", "Gus=b+2", "--left", "Eve=ys y9"},
		{"--table", "3", "--out", "Ida", "--left", "Jon=w", "--left", "Lea=r2 b4 g6"},
		{"--table", "4", "--out", "Pam", "--left", "Max=g+2", "--left", "Oli=r1"},
	} {
		if code, _, errs := harness.Unoscore(t, s.DB, append([]string{"hand", "--game", big}, h...)...); code != 0 {
			t.Fatal(errs)
		}
	}
	step(tv, "the television moves to the new current game",
		across(`document.querySelector("h1") && document.querySelector("h1").textContent === "Club night" && document.querySelectorAll(".table").length === 4`, 5*time.Second))
	shoot(t, tv, dir, "serve-rotating-16-tv.png")
	step(phoneB, "a phone viewing sixteen", navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".tables")))
	shoot(t, phoneB, dir, "serve-rotating-16-phone.png")

	// A game started from the scorer's form becomes the current one: the
	// phone moves to it, and so does the television.
	step(phoneA, "start a game from the phone",
		navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`#newgame summary`)),
		chromedp.Click(chromedp.CSS(`#newgame summary`)),
		chromedp.WaitVisible(chromedp.CSS(`#newform input[name="players"]`)),
		chromedp.SendKeys(chromedp.CSS(`#newform input[name="players"]`), "Ann, Bob"),
		chromedp.SetValue(chromedp.CSS(`#newform select[name="mode"]`), "rotating"),
		poll(`document.querySelector('#newform select[name="mode"]').dispatchEvent(new Event("change")) && !document.getElementById("handsfield").hidden && document.getElementById("targetfield").hidden`, time.Second),
		// The game on the page is unfinished, but this one would not
		// start: refused at once, without a question.
		poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), true), true)`, time.Second),
		chromedp.Click(chromedp.ID("start")),
		poll(`document.getElementById("newmsg").textContent.includes("The rotating mode is for 4, 5, 8, 9, 12, 13 or 16 players") && !document.getElementById("newmsg").textContent.includes("--")`, 5*time.Second),
		poll(`window.asked.length === 0`, time.Second))
	shoot(t, phoneA, dir, "serve-new.png")
	step(phoneA, "a good game",
		chromedp.SendKeys(chromedp.CSS(`#newform input[name="players"]`), ", Cat, Dan"),
		chromedp.SendKeys(chromedp.CSS(`#newform input[name="name"]`), "Rematch"),
		// One that would start: the phone asks first (kept across the
		// page's move to the new game).
		poll(`(window.confirm = q => (sessionStorage.setItem("asked", q), true), true)`, time.Second),
		chromedp.Click(chromedp.ID("start")),
		across(`sessionStorage.getItem("asked") === "\u201cClub night\u201d is not finished. Start a new game anyway? It stays in the list of games."`, 5*time.Second),
		across(`document.querySelector("h1") && document.querySelector("h1").textContent === "Rematch" && !!document.querySelector('button[data-table="1"]')`, 5*time.Second))
	step(tv, "the television follows",
		across(`document.querySelector("h1") && document.querySelector("h1").textContent === "Rematch"`, 5*time.Second))
	_, out, _ = harness.Unoscore(t, s.DB, "board", "--json")
	var g struct {
		Name, Mode string
		Players    []string
	}
	if err := json.Unmarshal([]byte(out), &g); err != nil || g.Name != "Rematch" || g.Mode != "rotating" || strings.Join(g.Players, ",") != "Ann,Bob,Cat,Dan" {
		t.Fatalf("the game started from the phone: %s", out)
	}
}

// browser starts a headless Chromium of its own and opens its first tab.
// layoutMeasure starts what a test of a page's layout needs: one of the
// slow suites (UNOSCORE_SLOW=1; CI's -race -short pass leaves it out),
// Chromium, the folder for screenshots, an empty database served, one
// browser, and a stepper; exe opens a second browser where one is needed.
func layoutMeasure(t *testing.T) (exe, dir, db string, s *harness.Server, page context.Context, step func(ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void])) {
	t.Helper()
	harness.Slow(t, "a layout measure")
	g := servedGame(t, setup{})
	return g.exe, screenshots(t), g.DB, g.Server, g.window(t), stepper(t)
}

// front brings a tab to the front: a hidden tab gets no animation frames.
var front = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	if t == nil {
		return nil
	}
	_, err := cdp.Call(ctx, t, page.BringToFront, cdp.Empty{})
	return err
})

// across waits for a condition on a page that reloads itself meanwhile
// (a page that follows the current game moves to a new one).
func across(expr string, d time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		deadline := time.Now().Add(patient(d))
		for {
			_, err := chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(500*time.Millisecond), chromedp.WithPollingInterval(50*time.Millisecond))(ctx, t)
			if err == nil || time.Now().After(deadline) {
				return err
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
}

// chipsOf is a script that reads the chips of the cards tapped for who on
// the scorer's keypad, as their text, space-separated ("r7 2×s").
func chipsOf(who string) string {
	return `Array.from(document.querySelectorAll('button[data-hand="` + who + `"] + .chips .chip')).map(c => c.textContent).join(" ")`
}

// stepLimit bounds one step of a test: it stops a test that would hang,
// and is far above what any step takes on a loaded machine.
const stepLimit = 90 * time.Second

// patient is how long a test waits for what it expects to see within d on
// a quiet machine: at least 30 seconds, so that a machine loaded by other
// work (or by the package's other tests, run in parallel) fails no test;
// a page that never shows it still fails, only later. No test asserts a
// wall-clock window.
func patient(d time.Duration) time.Duration { return max(d, 30*time.Second) }

// poll waits for a condition on a page, checking it on a timer: a tab in
// the background runs no animation frames.
func poll(expr string, d time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(patient(d)), chromedp.WithPollingInterval(50*time.Millisecond))
}

// phoneSentence is a sentence of the command line's as the phone shows
// it: capitalised, ending with a stop.
func phoneSentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.ContainsAny(s[len(s)-1:], ".?!") {
		s += "."
	}
	return s
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestBrowserSitOut: with five players one sits out each round, and the
// phone's table picker, its hand screen and the television all say who,
// so that they are not forgotten; the schedule page of nine players fits
// a television and one A4 page.
func TestBrowserSitOut(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	dir := screenshots(t)
	db := filepath.Join(t.TempDir(), "u.db")
	nine := harness.NewGame(t, db, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy", "--mode", "rotating", "--hands", "2", "--name", "Nine on Friday")
	for _, h := range [][]string{
		{"--table", "1", "--out", "Ann", "--left", "Bob=r7", "--left", "Dan=9"},
		{"--table", "1", "--out", "Bob", "--left", "Ann=w", "--left", "Cat=1"},
		{"--table", "2", "--out", "Eve", "--left", "Fay=2", "--left", "Hal=3"},
	} {
		if code, _, errs := harness.Unoscore(t, db, append([]string{"hand"}, h...)...); code != 0 {
			t.Fatal(errs)
		}
	}
	harness.NewGame(t, db, "--players", "Ann,Bob,Cat,Dan,Eve", "--mode", "rotating", "--hands", "1", "--name", "Family five")
	s := harness.StartServe(t, db)
	phone, tv := browser(t, exe), browser(t, exe)
	step := func(ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, stepLimit)
		defer cancel()
		if err := chromedp.Do(c, append([]chromedp.Action[chromedp.Void]{front}, actions...)...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	step(phone, "the phone's table picker", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait),
		navigate(s.Score), chromedp.WaitVisible(chromedp.CSS(`button[data-table="1"]`)),
		poll(`document.querySelector("#scorer .sitout") && document.querySelector("#scorer .sitout").textContent === "Eve sits out round 1."`, 5*time.Second),
		chromedp.Click(chromedp.CSS(`button[data-table="1"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`document.querySelector("#scorer .sitout").textContent === "Eve sits out round 1." && !document.querySelector('button[data-player="Eve"]')`, time.Second))
	shoot(t, phone, dir, "serve-sitout-phone.png")
	step(tv, "the television", chromedp.EmulateViewport(1280, 720), navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(".tables")),
		poll(`document.querySelector(".tables .sitout").textContent === "Eve sits out round 1." &&
			Array.from(document.querySelectorAll(".total")).some(e => e.querySelector(".name").textContent === "Eve" && e.querySelector(".note").textContent.includes("sits out round 1"))`, 5*time.Second))
	shoot(t, tv, dir, "serve-sitout-tv.png")
	// A hand is recorded: the round moves on, and so does the sit-out.
	if code, _, errs := harness.Unoscore(t, db, "hand", "--out", "Ann", "--left", "Bob=1", "--left", "Dan=2"); code != 0 {
		t.Fatal(errs)
	}
	step(tv, "the television, round 2", poll(`document.querySelector(".tables .sitout") && document.querySelector(".tables .sitout").textContent === "Ann sits out round 2."`, 5*time.Second))

	// The schedule of nine players: on a television, and on one A4 page.
	step(tv, "the schedule on a television", chromedp.EmulateViewport(1920, 1080), navigate(s.View+"schedule?game="+nine),
		chromedp.WaitVisible(chromedp.CSS(".rounds")),
		// Round 1 is under way at table 2; table 1 has played it and waits
		// for round 2's players there.
		poll(`document.querySelectorAll(".round").length === 9 && document.querySelectorAll(".round.played").length === 0 &&
			document.querySelectorAll(".round.playing").length === 2 && document.querySelectorAll(".sitout").length === 9 &&
			document.querySelector(".round .seat.played") && document.querySelector(".round .seat.waiting")`, 2*time.Second))
	if height, err := chromedp.Run(tv, chromedp.Evaluate[int](`document.documentElement.scrollHeight`)); err != nil || height > 1080 {
		t.Errorf("the schedule of nine players is %dpx high on a 1920x1080 television (%v)", height, err)
	}
	shoot(t, tv, dir, "serve-schedule-tv.png")
	var pdf []byte
	step(tv, "the schedule printed on A4", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		css := true
		res, err := cdp.Call(ctx, tg, page.PrintToPDF, page.PrintToPDFParams{PreferCSSPageSize: &css})
		pdf = res.Data
		return err
	}))
	if pages := len(regexp.MustCompile(`/Type\s*/Page\b[^s]`).FindAll(pdf, -1)); pages != 1 {
		t.Errorf("the schedule of nine players prints on %d A4 pages, want 1", pages)
	}
}

// TestBrowserScheduleLive: the schedule on a television follows the game
// as the board does, with no reload: a hand recorded at the command line
// marks its round played within seconds, and the page is the same page
// (a mark set on it before is still there). It reloaded every 15 s.
func TestBrowserScheduleLive(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy", "--mode", "rotating", "--hands", "1", "--name", "Nine"}, Hands: [][]string{{"--table", "1", "--out", "Ann", "--left", "Bob=r7", "--left", "Dan=9"}}})
	tv := s.window(t)
	step := stepper(t)
	step(tv, "the schedule", chromedp.EmulateViewport(1280, 720), navigate(s.View+"schedule"),
		chromedp.WaitVisible(chromedp.CSS(".rounds")),
		poll(`document.querySelectorAll(".round.played").length === 0 && document.querySelector(".round .seat.played") !== null`, 5*time.Second),
		chromedp.Evaluate[chromedp.Void](`window.unoscoreSamePage = true`))
	// Table 2 plays its round 1: the round is played, on the same page.
	if code, _, errs := harness.Unoscore(t, s.DB, "hand", "--game", s.ID, "--table", "2", "--out", "Eve", "--left", "Fay=2", "--left", "Hal=3"); code != 0 {
		t.Fatal(errs)
	}
	step(tv, "the schedule after a hand", poll(`document.querySelectorAll(".round.played").length === 1`, 5*time.Second))
	if same, err := chromedp.Run(tv, chromedp.Evaluate[bool](`window.unoscoreSamePage === true && !document.body.classList.contains("stale")`)); err != nil || !same {
		t.Errorf("the schedule was reloaded (or is dimmed) to show the hand: %v %v", same, err)
	}
}

// navigate opens url in the tab and waits for it to load. A page that
// follows the current game reloads itself when a game starts (the
// scorer's page a few seconds later), and if that reload lands while the
// test navigates, the test's request is cut short (net::ERR_ABORTED) or,
// worse, the load waited for is the old page's: the tab then shows the
// scorer's page where the test asked for the viewer's. Either is the
// page's doing, not the server's, so navigate asks again, at most three
// times, until the tab shows url; any other load error fails at once.
func navigate(url string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		var err error
		for range 3 {
			_, err = chromedp.Navigate(url)(ctx, t)
			var load *chromedp.LoadError
			if errors.As(err, &load) && load.ErrorText == "net::ERR_ABORTED" {
				continue
			}
			if err != nil {
				return err
			}
			var at string
			if at, err = chromedp.Evaluate[string](`location.href`)(ctx, t); err != nil || at == url {
				return err
			}
			err = fmt.Errorf("navigate to %s: the tab shows %s", url, at)
		}
		return err
	})
}
