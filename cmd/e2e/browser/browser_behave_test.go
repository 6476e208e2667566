package browser

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// rotatingPhones starts a rotating game of eight with one hand recorded at
// each table (table 1: Ann went out, 10 points; table 2: Eve, 57), serves
// it, and opens a phone at each table with its questions answered yes and
// kept in window.asked.
func rotatingPhones(t *testing.T) (one, two context.Context, db string) {
	return rotatingPhonesAfter(t, nil)
}

// rotatingPhonesAfter is rotatingPhones with more flags for new (--hands
// 1, say) and more hands recorded before the phones open.
func rotatingPhonesAfter(t *testing.T, flags []string, more ...[]string) (one, two context.Context, db string) {
	s := servedGame(t, setup{New: append([]string{"--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating"}, flags...), Hands: append([][]string{
		{"--table", "1", "--out", "Ann", "--left", "Bob=r7", "--left", "Dan=g3"},
		{"--table", "2", "--out", "Eve", "--left", "Fay=r7", "--left", "Hal=wd4"},
	}, more...)})
	one, two = s.window(t), s.window(t)
	step := stepper(t)
	for i, ctx := range []context.Context{one, two} {
		table := string(rune('1' + i))
		step(ctx, "table "+table+"'s phone", phoneView, navigate(s.Score),
			chromedp.WaitVisible(chromedp.CSS(`button[data-table="`+table+`"]`)),
			chromedp.Click(chromedp.CSS(`button[data-table="`+table+`"]`)),
			chromedp.WaitVisible(chromedp.ID("undo")),
			poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), true), true)`, time.Second))
	}
	return one, two, s.DB
}

// TestBrowserRedoAtItsTable: after table 1 voids its hand (table 2's is
// renumbered 2 -> 1), only table 1's phone offers it back, naming it by
// who went out rather than by a number that changed, and asks first,
// saying the number it will count as.
func TestBrowserRedoAtItsTable(t *testing.T) {
	t.Parallel()
	one, two, db := rotatingPhones(t)
	step := stepper(t)
	step(one, "table 1 undoes", chromedp.Click(chromedp.ID("undo")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Voided hand 1 at table 1: Ann went out.")`, 5*time.Second),
		poll(`document.getElementById("redo") && document.getElementById("redo").textContent === "Bring back table 1's voided hand (Ann went out, 10 points)"`, 5*time.Second))
	step(two, "table 2 offers no redo",
		poll(`document.getElementById("undo").textContent === "Undo hand 1 at table 2"`, 5*time.Second),
		poll(`!document.getElementById("redo")`, time.Second))
	shoot(t, one, screenshots(t), "serve-redo-table.png")
	// Table 2 plays on meanwhile: table 1's voided hand is still offered
	// there, and comes back as hand 3.
	step(one, "count reads", poll(countReads, time.Second))
	if code, _, errs := harness.Unoscore(t, db, "hand", "--table", "2", "--out", "Fay", "--left", "Eve=r1", "--left", "Gus=g2"); code != 0 {
		t.Fatal(errs)
	}
	changes := fmt.Sprint(boardOf(t, db)["changes"])
	step(one, "table 1 brings it back, after a question",
		poll(`window.seen === `+changes, 5*time.Second),
		chromedp.Click(chromedp.ID("redo")),
		poll(`window.asked[1] === "Bring back the hand voided at table 1: Ann went out, 10 points? It counts again as hand 3."`, time.Second),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Brought back hand 3 at table 1: Ann went out, 10 points."`, 5*time.Second))
	rows := boardOf(t, db)["rows"].([]any)
	if len(rows) != 3 || rows[2].(map[string]any)["out"] != "Ann" {
		t.Fatalf("after the redo: %v", rows)
	}
	// A question answered no brings nothing back.
	step(one, "table 1 undoes again, then says no to bringing it back",
		chromedp.Click(chromedp.ID("undo")),
		poll(`!!document.getElementById("redo")`, 5*time.Second),
		poll(`(window.confirm = q => (window.asked.push(q), false), true)`, time.Second),
		chromedp.Click(chromedp.ID("redo")),
		poll(`window.asked.length === 4`, time.Second))
	if got := boardOf(t, db)["hands"]; got != 2.0 {
		t.Fatalf("after a redo answered no: %v hands, want 2", got)
	}
}

// countReads makes a page keep the change counter of the last keypad read
// (?since= or not) it has acted on (window.seen), so that a test can wait
// for the page to have read a change.
const countReads = `(window.seen = 0, window.fetch = (f => (...a) => f(...a).then(r => {
	if (/\/keypad(\?|$)/.test(String(a[0]))) { const j = r.json.bind(r); r.json = () => j().then(d => (setTimeout(() => window.seen = d.changes), d)); }
	return r;
}))(window.fetch), true)`

// TestBrowserSavedMessageStaysAtItsTable: in a rotating game, the phone
// at table 1 keeps "Saved hand 3 at table 1: ..." when a hand is recorded
// at table 2, and lets it go when table 1's own state moves on.
func TestBrowserSavedMessageStaysAtItsTable(t *testing.T) {
	t.Parallel()
	one, _, db := rotatingPhones(t)
	step := stepper(t)
	saved := `document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 3 at table 1: Cat went out, 10 points."`
	step(one, "table 1 saves a hand",
		chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Dan"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="3"]`)),
		poll(`document.querySelector(".worth").textContent === "This hand: 10 points"`, time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(saved, 5*time.Second),
		poll(countReads, time.Second))
	if code, _, errs := harness.Unoscore(t, db, "hand", "--table", "2", "--out", "Fay", "--left", "Eve=r1", "--left", "Gus=g2"); code != 0 {
		t.Fatal(errs)
	}
	changes := fmt.Sprint(boardOf(t, db)["changes"])
	step(one, "a hand at table 2 leaves table 1's message", poll(`window.seen === `+changes, 5*time.Second), poll(saved, time.Second))
	if code, _, errs := harness.Unoscore(t, db, "hand", "--table", "1", "--out", "Bob", "--left", "Ann=r1", "--left", "Cat=g2"); code != 0 {
		t.Fatal(errs)
	}
	step(one, "a hand at table 1 takes it away", poll(`!document.querySelector(".msg.good") || document.querySelector(".msg.good").textContent === ""`, 5*time.Second))
}

// TestBrowserWrongToken: a mistyped scorer's link says so as the page
// opens, before any hand is tapped, and does not speak of a new token that
// was never made.
func TestBrowserWrongToken(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	phone := s.phone(t, strings.Replace(s.Score, s.Token, "wrongtoken", 1))
	step := stepper(t)
	step(phone, "the mistyped link",
		poll(`document.getElementById("tokenbad") && document.getElementById("tokenbad").textContent === "This link's token is not the scorer's: open the scorer's address unoscore serve printed (scan its Score code, or type the address)."`, 5*time.Second),
		poll(`!document.querySelector('button[data-player]')`, time.Second))
	shoot(t, phone, screenshots(t), "serve-wrong-token.png")
	step(phone, "the right link, same tab", navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`!document.getElementById("tokenbad")`, time.Second))
}

// TestBrowserUndoWording: a hand another table's later hand needed is
// refused at once when Undo is tapped, in a capitalised sentence, without
// a question first; "1 hand counts now".
func TestBrowserUndoWording(t *testing.T) {
	t.Parallel()
	// One hand a round: table 1's hand 3 is in round 2, which needed table
	// 2's hand 2 (round 1) finished.
	one, two, _ := rotatingPhonesAfter(t, []string{"--hands", "1"}, []string{"--table", "1", "--out", "Ann", "--left", "Gus=r1", "--left", "Hal=g2"})
	step := stepper(t)
	msg := func(good bool, want string) chromedp.Action[chromedp.Void] {
		class := map[bool]string{true: ".msg.good", false: ".msg.bad"}[good]
		return poll(`document.querySelector("`+class+`") && document.querySelector("`+class+`").textContent === `+jsString(want), 5*time.Second)
	}
	step(two, "table 2's undo is refused at once", chromedp.Click(chromedp.ID("undo")),
		msg(false, "Hand 2 cannot be voided: hand 3 at table 1 was played in a round that needed it (without it, table 1 waits for round 2: Gus and Hal are still playing round 1 at table 2); void hand 3 first."),
		poll(`window.asked.length === 0`, time.Second))
	shoot(t, two, screenshots(t), "serve-undo-refused.png")
	step(one, "table 1 voids hand 3", chromedp.Click(chromedp.ID("undo")),
		poll(`window.asked.length === 1`, time.Second),
		msg(true, "Voided hand 3 at table 1: Ann went out. It stays in the history; 2 hands count now."))
	step(two, "then table 2 may void hand 2",
		chromedp.Click(chromedp.ID("undo")),
		poll(`window.asked.length === 1`, time.Second),
		msg(true, "Voided hand 2 at table 2: Eve went out. It stays in the history; 1 hand counts now."))
}

// TestBrowserNewGameChecksFirst: with an unfinished game open, a new game
// the server would refuse is refused at once, without "... is not
// finished. Start a new game anyway?"; only one that would start asks.
func TestBrowserNewGameChecksFirst(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--name", "Friday"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "a game with one player",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), false), document.getElementById("newgame").open = true, true)`, time.Second),
		chromedp.SendKeys(chromedp.CSS(`#newform input[name="players"]`), "Ann"),
		chromedp.Click(chromedp.ID("start")),
		poll(`document.getElementById("newmsg").textContent === "UNO is for 2 to 10 players, not 1." && window.asked.length === 0`, 5*time.Second))
	step(phone, "a game that would start asks first",
		chromedp.SendKeys(chromedp.CSS(`#newform input[name="players"]`), ", Bob"),
		chromedp.Click(chromedp.ID("start")),
		poll(`window.asked.length === 1 && window.asked[0].startsWith("\u201cFriday\u201d is not finished. Start a new game anyway?")`, 5*time.Second))
	if g := boardOf(t, s.DB); g["name"] != "Friday" {
		t.Fatalf("a game answered no was started: %v", g["name"])
	}
}

// TestBrowserTableDoneSaysASentence: a table that has played all its
// rounds, picked on the phone, says so in a capitalised sentence (the
// command line's words start lower-case).
func TestBrowserTableDoneSaysASentence(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	harness.NewGame(t, db, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1")
	schedule := boardOf(t, db)["schedule"].([]any)
	play := func(round, table int) {
		at := schedule[round-1].(map[string]any)["tables"].([]any)[table-1].(map[string]any)["teams"].([]any)
		us, them := at[0].([]any), at[1].([]any)
		if code, _, errs := harness.Unoscore(t, db, "hand", "--table", fmt.Sprint(table), "--out", us[0].(string),
			"--left", them[0].(string)+"=r5", "--left", them[1].(string)+"=g2"); code != 0 {
			t.Fatal(errs)
		}
	}
	for r := 1; r <= 6; r++ {
		play(r, 1)
		play(r, 2)
	}
	play(7, 2)
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	step(phone, "table 2, done", phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-table="2"]`)),
		chromedp.Click(chromedp.CSS(`button[data-table="2"]`)),
		poll(`document.querySelector("#scorer .msg").textContent.startsWith("Table 2 has played all 7 rounds") && /[.?!]$/.test(document.querySelector("#scorer .msg").textContent)`, 5*time.Second))
	// It is news, not an error: not in the red of a refusal.
	if style, err := chromedp.Run(phone, chromedp.Evaluate[string](`(() => { const m = document.querySelector("#scorer .msg");
		return m.classList.contains("bad") || getComputedStyle(m).color !== getComputedStyle(document.body).color ? m.className + " in " + getComputedStyle(m).color : ""; })()`)); err != nil || style != "" {
		t.Errorf("a table done is said as %q, not in the page's ink %v", style, err)
	}
	shoot(t, phone, screenshots(t), "serve-table-done.png")
	// The game ends: on a television the final standings take the
	// screen's width (the tables' third stood empty).
	play(7, 1)
	step(phone, "the television, the game over", chromedp.EmulateViewport(1280, 720), navigate(s.View),
		poll(`document.querySelector(".board.over") !== null`, 5*time.Second))
	if right, err := chromedp.Run(phone, chromedp.Evaluate[float64](`Math.max(...[...document.querySelectorAll(".total")].map(e => e.getBoundingClientRect().right))`)); err != nil || right < 1280*0.9 {
		t.Errorf("the final standings end at %v px of 1280 %v", right, err)
	}
	shoot(t, phone, screenshots(t), "serve-rotating-over-tv.png")
}
