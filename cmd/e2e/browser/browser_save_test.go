package browser

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserDoubleTapSavesOnce: two taps on "Save hand" before the first
// save is answered record the hand once: the button is disabled and busy
// while the save is in flight, and the phone never offers to save its own
// hand again as one "from another device".
func TestBrowserDoubleTapSavesOnce(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "Cat went out, Ann 7, Bob 5",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		// Two taps, and a tap on the button as redrawn, before any answer.
		poll(`(() => { const b = document.getElementById("save"); b.click(); b.click();
			const now = document.getElementById("save"); now.click();
			window.busyThen = now.disabled && now.getAttribute("aria-busy") === "true"; return true })()`, time.Second),
		poll(`window.busyThen === true`, time.Second))
	step(phone, "the saved hand",
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 1: Cat went out, 12 points.")`, 5*time.Second))
	if bad := holds(phone, `document.getElementById("anyway") || document.body.textContent.includes("another device") ? document.body.textContent : ""`, time.Second); bad != "" {
		t.Fatalf("after a double tap the phone says: %s", bad)
	}
	if got := boardOf(t, s.DB)["hands"]; got != 1.0 {
		t.Fatalf("after a double tap: %v hands, want 1", got)
	}
}

// TestBrowserLostAnswerIsSaved: the server saves a hand but its answer is
// lost (the network drops); the phone keeps the hand and sends it again,
// and the retry, refused because the table's game changed, finds this
// phone's own hand on the board: it says the hand is saved and offers no
// "Save anyway", though another table recorded a hand meanwhile (so the
// board's last hand is not this one).
func TestBrowserLostAnswerIsSaved(t *testing.T) {
	t.Parallel()
	one, _, db := rotatingPhones(t)
	step := stepper(t)
	step(one, "table 1: Ann went out, Bob 7, Dan 3; the first answer is lost",
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Dan"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="3"]`)),
		poll(`document.querySelector(".worth").textContent === "This hand: 10 points"`, time.Second),
		// The first POST reaches the server, which saves it; the phone
		// sees the network fail. Later ones wait for window.go.
		poll(`(() => { const real = window.fetch; window.lost = 0; window.go = false;
			window.fetch = function (u, o) {
				if (o && o.method === "POST" && /\/hands$/.test(u)) {
					if (window.lost++ === 0) return real(u, o).then(() => { throw new TypeError("Failed to fetch"); });
					return new Promise(res => { (function w() { if (window.go) res(); else setTimeout(w, 50); })(); }).then(() => real(u, o));
				}
				return real(u, o);
			}; return true })()`, time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg").textContent.includes("kept on this phone")`, 5*time.Second),
		poll(`document.getElementById("save").disabled && document.getElementById("save").getAttribute("aria-busy") === "true"`, time.Second),
		// The hand kept is the one sent again: its keys are locked, but
		// Start over.
		poll(`document.querySelector('button[data-face="5"]').disabled && document.querySelector('button[data-hand="Bob"] + .chips .chip').disabled && document.getElementById("ptsbox").disabled && !document.getElementById("restart").disabled`, time.Second))
	if got := boardOf(t, db)["hands"]; got != 3.0 {
		t.Fatalf("the server saved %v hands, want 3", got)
	}
	// Table 2 records a hand meanwhile.
	if code, _, errs := harness.Unoscore(t, db, "hand", "--table", "2", "--out", "Fay", "--left", "Eve=r5", "--left", "Gus=b2"); code != 0 {
		t.Fatal(errs)
	}
	step(one, "the retry finds its own hand",
		poll(`(window.go = true)`, time.Second),
		poll(`window.lost >= 2 && document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Hand 3 at table 1 is saved: Ann went out, 10 points."`, 10*time.Second))
	if bad := holds(one, `document.getElementById("anyway") || document.body.textContent.includes("another device") ? document.body.textContent : ""`, time.Second); bad != "" {
		t.Fatalf("after the retry the phone says: %s", bad)
	}
	rows := boardOf(t, db)["rows"].([]any)
	if len(rows) != 4 || rows[2].(map[string]any)["out"] != "Ann" || rows[3].(map[string]any)["out"] != "Fay" {
		t.Fatalf("after the retry: %v", rows)
	}
	shoot(t, one, screenshots(t), "lost-answer-saved.png")
}

// TestBrowserHandKeptOverReload: the hand being entered (who went out,
// each player's cards) comes back after a reload, with a line saying so;
// it is gone once saved, and after Start over. A hand saved meanwhile
// from elsewhere makes the restored hand one to check, and the save is
// then refused naming what was recorded.
func TestBrowserHandKeptOverReload(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	restored := `document.querySelector(".msg") && document.querySelector(".msg").textContent === "The hand being entered was restored." && ` +
		`document.querySelector(".worth") && document.getElementById("changeout").textContent === "Cat" && ` + chipsOf("Ann") + ` === "7" && ` + chipsOf("Bob") + ` === "wd4" && ` +
		`document.querySelector(".worth").textContent === "This hand: 57 points"`
	step(phone, "Cat went out, Ann 7, Bob wd4; reload",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		poll(`(window.mark = 1)`, time.Second),
		chromedp.Reload(),
		poll(`window.mark === undefined && `+restored, 5*time.Second))
	shoot(t, phone, screenshots(t), "restored.png")
	step(phone, "saved, then reloaded: nothing restored",
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 1: Cat went out, 57 points.")`, 5*time.Second),
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		poll(`document.querySelector("h2").textContent === "Hand 2: who went out?" && !document.body.textContent.includes("restored")`, 2*time.Second))
	step(phone, "Ann went out, Bob 5; Start over drops it",
		poll(`(window.confirm = () => true, true)`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.ID("restart")),
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`!document.body.textContent.includes("restored")`, time.Second))
	step(phone, "Ann went out, Bob 5, Cat 2",
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="2"]`)))
	if code, _, errs := harness.Unoscore(t, s.DB, "hand", "--out", "Bob", "--left", "Ann=r1", "--left", "Cat=g2"); code != 0 {
		t.Fatal(errs)
	}
	step(phone, "reloaded after a hand saved elsewhere: restored, to check",
		chromedp.Reload(),
		poll(`document.querySelector(".msg.bad") && document.querySelector(".msg.bad").textContent === "The hand being entered was restored, but a hand was saved since it was started: check it before saving." && `+chipsOf("Cat")+` === "2"`, 5*time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.bad") && document.querySelector(".msg.bad").textContent.startsWith("Hand 2 was just recorded from another device: Bob went out, 3 points.") && !!document.getElementById("anyway")`, 5*time.Second))
	if got := boardOf(t, s.DB)["hands"]; got != 2.0 {
		t.Fatalf("%v hands, want 2", got)
	}
}

// TestBrowserSavedMessageRenumbered: table 2's phone saves hand 3; table
// 1's undo then renumbers it hand 2, and the message above "Undo hand 2 at
// table 2" says hand 2 too (it said "Saved hand 3" over the button naming
// the same hand hand 2).
func TestBrowserSavedMessageRenumbered(t *testing.T) {
	t.Parallel()
	one, two, _ := rotatingPhones(t)
	step := stepper(t)
	step(two, "table 2: Fay went out, Eve 5, Gus 2",
		chromedp.Click(chromedp.CSS(`button[data-player="Fay"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Eve"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Eve"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Gus"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="2"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 3 at table 2: Fay went out, 7 points."`, 5*time.Second))
	step(one, "table 1 undoes its hand 1",
		poll(`document.getElementById("undo") && document.getElementById("undo").textContent === "Undo hand 1 at table 1"`, 5*time.Second),
		chromedp.Click(chromedp.ID("undo")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Voided hand 1 at table 1")`, 5*time.Second))
	step(two, "table 2's message follows the number",
		poll(`document.getElementById("undo").textContent === "Undo hand 2 at table 2" && document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 2 at table 2: Fay went out, 7 points."`, 5*time.Second))
}

// TestBrowserWrongTokenNewGame: on a page whose token is not the
// scorer's, "Start the game" says why not right under the button, and
// the focus moves to that sentence (it said nothing near the button: the
// only refusal was the line at the top of the page, scrolled away).
func TestBrowserWrongTokenNewGame(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	phone := s.phone(t, strings.Replace(s.Score, s.Token, "wrongtoken", 1))
	step := stepper(t)
	step(phone, "the mistyped link, a new game",
		poll(`!!document.getElementById("tokenbad")`, 5*time.Second),
		poll(`(window.confirm = () => true, document.getElementById("newgame").open = true)`, time.Second),
		chromedp.SendKeys(chromedp.CSS(`#newform input[name="players"]`), "X,Y"),
		chromedp.Click(chromedp.ID("start")),
		poll(`document.getElementById("newmsg").textContent === "This link's token is not the scorer's: open the scorer's address unoscore serve printed (scan its Score code, or type the address); nothing was started." && document.activeElement === document.getElementById("newmsg")`, 5*time.Second))
	shoot(t, phone, screenshots(t), "wrong-token-new.png")
}

// TestBrowserMissingCardsLineGoes: "Bob's cards are missing." goes once
// Bob's cards are tapped (it stayed on the screen, no longer true).
func TestBrowserMissingCardsLineGoes(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "Cat went out, Ann 7, saved without Bob's",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.bad") && document.querySelector(".msg.bad").textContent === "Bob's cards are missing."`, 5*time.Second),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		poll(`document.querySelector(".msg").textContent === ""`, time.Second))
}

// tapTargets is a script listing the scorer's controls under 44 px tall
// ("" when none), and anything wider than the screen. A check box is
// tapped by its label, which is measured instead.
const tapTargets = `(() => {
	const bad = [];
	for (const sel of ["#changeout", "button.chip", "button.pick", "#ptsbox", "#newgame summary", "#newform input:not([type=hidden]):not([type=checkbox])", "#newform label.check", "#newform select", "#save", "#restart"]) {
		for (const e of document.querySelectorAll(sel)) {
			const r = e.getBoundingClientRect();
			if (r.width === 0) continue; // hidden with its field
			if (r.height < 44) bad.push(sel + " " + Math.round(r.height) + " px tall");
		}
	}
	if (document.documentElement.scrollWidth > innerWidth) bad.push("the page is " + document.documentElement.scrollWidth + " px wide");
	return bad.join("; ");
})()`

// TestBrowserTapTargets: on the scorer's page at 390 and 320 px, who went
// out (to change it), the card chips, the hand rows, the points box and
// the new-game form's fields and summary are at least 44 px tall, and
// nothing is wider than the screen; on a phone on its side (844x390) the
// hand's total and Save stay on the screen below the keypad.
func TestBrowserTapTargets(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	dir := screenshots(t)
	phone := s.window(t)
	step := stepper(t)
	for _, w := range []int64{390, 320} {
		step(phone, "a hand tapped", chromedp.EmulateViewport(w, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait), navigate(s.Score),
			chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
			chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
			chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
			chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
			chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
			poll(`(document.getElementById("newgame").open = true)`, time.Second))
		if bad := holds(phone, tapTargets, time.Second); bad != "" {
			t.Errorf("at %d px: %s", w, bad)
		}
		shoot(t, phone, dir, fmt.Sprintf("tap-targets-%d.png", w))
		step(phone, "drop it", poll(`(window.confirm = () => true, document.getElementById("restart").click(), true)`, time.Second))
	}
	step(phone, "on its side", chromedp.EmulateViewport(844, 390, chromedp.EmulateMobile, chromedp.EmulateLandscape), navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		// A tap by script: a click at the key's place could land on the
		// bar, which covers the keys below it until they are scrolled up.
		poll(`(document.querySelector('button[data-face="7"]').click(), document.querySelector(".worth").textContent === "This hand: 7 points")`, time.Second),
		// At the top of the page: the hands, the colours, a keypad row.
		poll(`(scrollTo(0, 0), true)`, time.Second))
	on := `(() => { const bad = [];
		for (const sel of ["#save", ".worth"]) { const r = document.querySelector(sel).getBoundingClientRect();
			if (r.top < 0 || r.bottom > innerHeight) bad.push(sel + " at " + Math.round(r.top) + ".." + Math.round(r.bottom) + " of " + innerHeight); }
		const r = document.getElementById("save").getBoundingClientRect();
		if (document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) !== document.getElementById("save")) bad.push("Save is covered");
		return bad.join("; "); })()`
	if bad := holds(phone, on, time.Second); bad != "" {
		t.Errorf("at 844x390: %s", bad)
	}
	shoot(t, phone, dir, "tap-targets-landscape.png")
}

// TestBrowserCorrectionKeptOverReload: a correction in progress (who went
// out changed, a card taken away) comes back after a reload as the
// correction it was, and saves as one.
func TestBrowserCorrectionKeptOverReload(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}, Hands: [][]string{{"--out", "Ann", "--left", "Bob=r7 2xs wd4", "--left", "Cat=9 40pts"}}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "correcting hand 1: Bob went out, Ann 5; reload",
		chromedp.WaitVisible(chromedp.ID("correct")),
		chromedp.Click(chromedp.ID("correct")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-edit="1"]`)),
		chromedp.Click(chromedp.CSS(`button[data-edit="1"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-out="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-out="Bob"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Reload(),
		poll(`document.querySelector(".worth") && document.querySelector(".msg").textContent === "The correction being entered was restored." && document.querySelector("h2").textContent.startsWith("Correcting hand 1: Bob went out.") && `+
			chipsOf("Ann")+` === "5" && `+chipsOf("Cat")+` === "9 40pts" && document.querySelector(".worth").textContent === "This hand: 54 points" && document.getElementById("save").textContent === "Save the correction"`, 5*time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Corrected hand 1: Bob went out, 54 points.")`, 5*time.Second))
	if b := boardOf(t, s.DB); b["hands"] != 1.0 || b["rows"].([]any)[0].(map[string]any)["out"] != "Bob" {
		t.Fatalf("after the correction: %v", b["rows"])
	}
}
