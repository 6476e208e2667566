package browser

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// stepper runs named browser steps on a tab, failing the test on the
// first that does not finish within 20 seconds.
func stepper(t *testing.T) func(ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	return func(ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, stepLimit)
		defer cancel()
		if err := chromedp.Do(c, append([]chromedp.Action[chromedp.Void]{front}, actions...)...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
}

var phoneView = chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait)

// boardOf reads a game's board as the command line prints it.
func boardOf(t *testing.T, db string, args ...string) map[string]any {
	t.Helper()
	code, out, errs := harness.Unoscore(t, db, append([]string{"board", "--json"}, args...)...)
	if code != 0 {
		t.Fatal(errs)
	}
	var b map[string]any
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBrowserSameHandTwice: two scorers tap in the same hand; the first
// save is recorded, the second is refused with a sentence naming the hand
// recorded meanwhile, and one tap on "Save anyway" records it too.
func TestBrowserSameHandTwice(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan", "--mode", "partners"}})
	a, b := s.window(t), s.window(t)
	step := stepper(t)
	tap := func(ctx context.Context, who string) {
		step(ctx, who+": Dan went out, Ann 7, Cat 3", phoneView, navigate(s.Score),
			chromedp.WaitVisible(chromedp.CSS(`button[data-player="Dan"]`)),
			chromedp.Click(chromedp.CSS(`button[data-player="Dan"]`)),
			chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
			chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
			chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
			chromedp.Click(chromedp.CSS(`button[data-face="3"]`)),
			poll(`document.querySelector(".worth").textContent === "This hand: 10 points"`, time.Second))
	}
	tap(a, "phone A")
	tap(b, "phone B")
	step(a, "phone A saves", chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 1: Dan went out, 10 points.")`, 5*time.Second))
	step(b, "phone B is told", chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.bad") && document.querySelector(".msg.bad").textContent === "Hand 1 was just recorded from another device: Dan went out, 10 points. Save this one as well?" && !!document.getElementById("anyway")`, 5*time.Second))
	if got := boardOf(t, s.DB)["hands"]; got != 1.0 {
		t.Fatalf("after the refusal: %v hands, want 1", got)
	}
	shoot(t, b, screenshots(t), "serve-changed.png")
	step(b, "phone B saves anyway", chromedp.Click(chromedp.ID("anyway")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 2: Dan went out, 10 points.")`, 5*time.Second))
	if got := boardOf(t, s.DB)["hands"]; got != 2.0 {
		t.Fatalf("after save anyway: %v hands, want 2", got)
	}
	// Phone A's message spoke of the board before hand 2: it goes.
	step(a, "phone A's stale message goes", poll(`!document.querySelector(".msg.good") || document.querySelector(".msg.good").textContent === ""`, 5*time.Second))
	// Phone B corrects hand 1: Ann held a 9, not a 7.
	step(b, "phone B corrects hand 1",
		chromedp.Click(chromedp.ID("correct")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-edit="1"]`)),
		poll(`document.querySelector('button[data-edit="2"]').textContent === "Hand 2: Dan went out, 10 points"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-edit="1"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		poll(`document.querySelector("h2").textContent.startsWith("Correcting hand 1: Dan went out.") && document.querySelector(".worth").textContent === "This hand: 10 points"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"] + .chips .chip`)),
		chromedp.Click(chromedp.CSS(`button[data-face="9"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Corrected hand 1: Dan went out, 12 points.")`, 5*time.Second))
	rows := boardOf(t, s.DB)["rows"].([]any)
	if c := rows[0].(map[string]any)["cards"].(map[string]any); c["Ann"] != "9" || c["Cat"] != "3" || len(rows) != 2 {
		t.Fatalf("after the correction: %v", rows)
	}
}

// TestBrowserUndoPerTable: in a rotating game, each table's phone voids
// the last hand at its own table, after a question naming it.
func TestBrowserUndoPerTable(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating"}, Hands: [][]string{
		{"--table", "1", "--out", "Ann", "--left", "Bob=r7 g3", "--left", "Dan=wd4"},
		{"--table", "2", "--out", "Fay", "--left", "Gus=b+2", "--left", "Eve=ys y9"},
		{"--table", "1", "--out", "Dan", "--left", "Ann=w", "--left", "Cat=r2 b4 g6"},
		{"--table", "2", "--out", "Eve", "--left", "Fay=g+2", "--left", "Hal=r1"},
	}})
	one, two := s.window(t), s.window(t)
	step := stepper(t)
	at := func(ctx context.Context, table string) {
		step(ctx, "table "+table+"'s phone", phoneView, navigate(s.Score),
			chromedp.WaitVisible(chromedp.CSS(`button[data-table="`+table+`"]`)),
			chromedp.Click(chromedp.CSS(`button[data-table="`+table+`"]`)),
			chromedp.WaitVisible(chromedp.ID("undo")),
			poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), true), true)`, time.Second))
	}
	at(one, "1")
	at(two, "2")
	step(one, "table 1 undoes", chromedp.Click(chromedp.ID("undo")),
		poll(`window.asked[0] === "Void hand 3 at table 1: Dan went out, 62 points? It stays in the game's history."`, time.Second),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Voided hand 3 at table 1: Dan went out.")`, 5*time.Second))
	b := boardOf(t, s.DB)
	rows := b["rows"].([]any)
	if len(rows) != 3 || rows[2].(map[string]any)["out"] != "Eve" || rows[1].(map[string]any)["out"] != "Fay" {
		t.Fatalf("after table 1's undo: %v", rows)
	}
	step(two, "table 2 undoes its own",
		poll(`document.getElementById("undo").textContent === "Undo hand 3 at table 2"`, 5*time.Second),
		chromedp.Click(chromedp.ID("undo")),
		poll(`window.asked[0] && window.asked[0].startsWith("Void hand 3 at table 2: Eve went out")`, time.Second),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Voided hand 3 at table 2: Eve went out.")`, 5*time.Second))
	rows = boardOf(t, s.DB)["rows"].([]any)
	var outs []string
	for _, r := range rows {
		outs = append(outs, r.(map[string]any)["out"].(string))
	}
	if strings.Join(outs, ",") != "Ann,Fay" {
		t.Fatalf("after both undos the hands are %v, want Ann's and Fay's", outs)
	}
	// Table 2 brings its hand back.
	step(two, "table 2 redoes", chromedp.WaitVisible(chromedp.ID("redo")), chromedp.Click(chromedp.ID("redo")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Brought back hand 3 at table 2: Eve went out")`, 5*time.Second))
	if got := boardOf(t, s.DB)["hands"]; got != 3.0 {
		t.Fatalf("after redo: %v hands", got)
	}
}

// TestBrowserRestart: the server restarts while a phone is mid-hand. The
// token is kept, so the phone goes on; a save tried while the server is
// down is kept on the phone and saved once it is back, without a reload,
// and "Failed to fetch" never shows. A television following the current
// game moves, after the restart, to a game started meanwhile. A new token
// (serve --new-token) reaches the open page by its address's fragment,
// without a reload.
func TestBrowserRestart(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--name", "First"}})
	host := strings.TrimSuffix(strings.TrimPrefix(s.View, "http://"), "/")
	phone, tv := s.window(t), s.window(t)
	step := stepper(t)
	step(tv, "the television", chromedp.EmulateViewport(1280, 720), navigate(s.View),
		poll(`document.getElementById("status").textContent === "live" && (window.mark = 1)`, 10*time.Second))
	step(phone, "the phone, mid-hand", phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		poll(`(window.mark = 1)`, time.Second))
	s.Stop(t)
	step(tv, "the television dims its board", poll(`document.body.classList.contains("stale")`, 5*time.Second))
	step(phone, "save while the server is down", chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg").textContent.includes("kept on this phone") && !document.body.textContent.includes("Failed to fetch")`, 5*time.Second))
	shoot(t, phone, screenshots(t), "serve-kept.png")
	// A new game is started meanwhile on the command line; the first hand
	// still belongs to the first game.
	second := harness.NewGame(t, s.DB, "--players", "Dan,Eve", "--name", "Second")
	s2 := harness.StartServeAt(t, s.DB, host)
	if s2.Token != s.Token {
		t.Fatalf("the token changed over a restart: %q, then %q", s.Token, s2.Token)
	}
	start := time.Now()
	step(tv, "the television moves to the new game",
		across(`document.querySelector("h1") && document.querySelector("h1").textContent === "Second" && document.getElementById("status").textContent === "live"`, 5*time.Second))
	t.Logf("the television showed the game started meanwhile %s after the restart", time.Since(start).Round(time.Millisecond))
	step(phone, "the kept hand is saved, no reload",
		poll(`window.mark === 1 && document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 1: Cat went out, 57 points.")`, 10*time.Second))
	step(phone, "then the phone moves to the new game", across(`document.querySelector("h1") && document.querySelector("h1").textContent === "Second" && !!document.querySelector('button[data-player="Dan"]')`, 8*time.Second))
	if got := boardOf(t, s.DB, "--game", s.ID)["hands"]; got != 1.0 {
		t.Fatalf("the first game has %v hands, want 1", got)
	}
	if got := boardOf(t, s.DB, "--game", second)["hands"]; got != 0.0 {
		t.Fatalf("the second game has %v hands, want 0", got)
	}
	// A new token: the page at the old address is refused, and the new
	// address, opened in the same tab (only the fragment changes), works.
	s2.Stop(t)
	s3 := harness.StartServeAt(t, s.DB, host, "--new-token")
	if s3.Token == s.Token {
		t.Fatal("--new-token kept the token")
	}
	step(phone, "the new address, same tab", navigate(s3.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Dan"]`)),
		poll(`(window.mark = 2)`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-player="Dan"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Eve"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		// The old address, opened in the same tab mid-hand, is told at
		// once that its token was replaced; the hand waits on the keypad.
		navigate(strings.Replace(s3.Score, s3.Token, s.Token, 1)),
		poll(`window.mark === 2`, time.Second),
		poll(`document.getElementById("tokenbad") && document.getElementById("tokenbad").textContent.startsWith("This link's token was replaced (serve --new-token made a new one): open the scorer's address unoscore serve printed (scan its Score code, or type the address). The hand stays on this phone") && `+chipsOf("Eve")+` === "5"`, 5*time.Second),
		navigate(s3.Score),
		poll(`window.mark === 2`, time.Second),
		chromedp.WaitVisible(chromedp.ID("save")),
		chromedp.Click(chromedp.ID("save")),
		poll(`window.mark === 2 && document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 1: Dan went out, 5 points.")`, 5*time.Second))
}

// TestBrowserPlayAgain: the hand that ends the game is saved in the
// success style, the new-game form opens by itself, and "play again"
// starts a rematch (as new --again): the same players and target, the
// deal one seat on; the phone moves to it.
func TestBrowserPlayAgain(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--target", "50", "--name", "Quick"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	defer func() {
		if t.Failed() {
			v, _ := chromedp.Run(phone, chromedp.Evaluate[string](`document.getElementById("scorer").innerText + " | open=" + document.getElementById("newgame").open + " hidden=" + document.getElementById("againrow").hidden`))
			t.Log(v)
		}
	}()
	step(phone, "the winning hand",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Bob"]`)),
		poll(`!document.getElementById("newgame").open && document.getElementById("againrow").hidden`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-player="Bob"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="9"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 1: Bob went out, 59 points. Bob wins." && document.getElementById("scorer").innerText.split("game is over").length === 2 && !document.querySelector(".msg.bad")`, 5*time.Second),
		poll(`document.getElementById("newgame").open && !document.getElementById("againrow").hidden`, 5*time.Second))
	shoot(t, phone, screenshots(t), "serve-again.png")
	step(phone, "play again", chromedp.Click(chromedp.ID("again")),
		// The rematch keeps the name, as new --again does.
		across(`document.querySelector("h1") && document.querySelector("h1").textContent === "Quick" && document.querySelector("#scorer h2") && document.querySelector("#scorer h2").textContent === "Hand 1: who went out?" && !!document.querySelector('button[data-player="Ann"]')`, 5*time.Second))
	b := boardOf(t, s.DB)
	if b["target"] != 50.0 || b["dealer"] != "Bob" || b["hands"] != 0.0 || b["name"] != "Quick" {
		t.Fatalf("the rematch: %v", b)
	}
}

// TestBrowserRotatingLastHand: the hand that ends a rotating game is said
// in the success style, never as a red error.
func TestBrowserRotatingLastHand(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	harness.NewGame(t, db, "--players", "Ann,Bob,Cat,Dan", "--mode", "rotating", "--hands", "1")
	for r := 0; r < 2; r++ {
		b := boardOf(t, db)
		teams := b["tables"].([]any)[0].(map[string]any)["teams"].([]any)
		us, them := teams[0].([]any), teams[1].([]any)
		if code, _, errs := harness.Unoscore(t, db, "hand", "--out", us[0].(string), "--left", them[0].(string)+"=7", "--left", them[1].(string)+"=3"); code != 0 {
			t.Fatal(errs)
		}
	}
	b := boardOf(t, db)
	teams := b["tables"].([]any)[0].(map[string]any)["teams"].([]any)
	out := teams[0].([]any)[0].(string)
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	step(phone, "the last hand", phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-table="1"]`)),
		chromedp.Click(chromedp.CSS(`button[data-table="1"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="`+out+`"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="`+out+`"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.CSS(`.hands .hand:nth-child(2) button.pick`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 3 at table 1: `+out+` went out, 10 points. ") && / wins?\.$/.test(document.querySelector(".msg.good").textContent) && !document.querySelector(".msg.good").textContent.includes("game is over")`, 5*time.Second),
		poll(`!document.querySelector(".msg.bad") || document.querySelector(".msg.bad").textContent === ""`, time.Second))
}

// TestBrowserCorrectCardsAndOut: correcting a hand from the phone shows
// the earlier cards as the keypad's chips, one a card (one can be taken
// away), and who went out can be changed: the cards of players who still
// count are kept. Before, each player's cards were one chip, and who went
// out could not be changed. In a rotating game the players offered are
// those at the hand's table in its round.
func TestBrowserCorrectCardsAndOut(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	harness.NewGame(t, db, "--players", "Ann,Bob,Cat")
	if code, _, errs := harness.Unoscore(t, db, "hand", "--out", "Ann", "--left", "Bob=r7 2xs wd4", "--left", "Cat=9 40pts"); code != 0 {
		t.Fatal(errs)
	}
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	step(phone, "the hand to correct", phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.ID("correct")),
		chromedp.Click(chromedp.ID("correct")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-edit="1"]`)),
		chromedp.Click(chromedp.CSS(`button[data-edit="1"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-out="Bob"]`)),
		poll(chipsOf("Bob")+` === "r7 2×s wd4" && `+chipsOf("Cat")+` === "9 40pts" && document.querySelector(".worth").textContent === "This hand: 146 points" &&
			document.querySelector('button[data-out="Ann"]').getAttribute("aria-pressed") === "true"`, 2*time.Second))
	shoot(t, phone, screenshots(t), "serve-correct.png")
	step(phone, "Bob went out, Ann held a 5",
		chromedp.Click(chromedp.CSS(`button[data-out="Bob"]`)),
		poll(`document.querySelector("h2").textContent.startsWith("Correcting hand 1: Bob went out.") && !document.querySelector('button[data-hand="Bob"]') && `+chipsOf("Cat")+` === "9 40pts" && `+chipsOf("Ann")+` === ""`, 2*time.Second),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		poll(chipsOf("Ann")+` === "5 wd4"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"] + .chips .chip:last-child`)),
		poll(chipsOf("Ann")+` === "5" && document.querySelector(".worth").textContent === "This hand: 54 points"`, time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Corrected hand 1: Bob went out, 54 points.")`, 5*time.Second))
	r := boardOf(t, db)["rows"].([]any)[0].(map[string]any)
	if c := r["cards"].(map[string]any); r["out"] != "Bob" || c["Ann"] != "5" || c["Cat"] != "9 40pts" || len(c) != 2 {
		t.Fatalf("after the correction: %v", r)
	}

	// A rotating game: the hand's own table and round.
	db = filepath.Join(t.TempDir(), "r.db")
	harness.NewGame(t, db, "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating")
	if code, _, errs := harness.Unoscore(t, db, "hand", "--table", "1", "--out", "Ann", "--left", "Bob=r7", "--left", "Dan=9"); code != 0 {
		t.Fatal(errs)
	}
	s.Stop(t)
	s = harness.StartServe(t, db)
	step(phone, "table 1's hand to correct", navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-table="1"]`)),
		chromedp.Click(chromedp.CSS(`button[data-table="1"]`)),
		chromedp.WaitVisible(chromedp.ID("correct")),
		chromedp.Click(chromedp.ID("correct")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-edit="1"]`)),
		chromedp.Click(chromedp.CSS(`button[data-edit="1"]`)),
		poll(`Array.from(document.querySelectorAll("button[data-out]")).map(b => b.dataset.out).join(" ") === "Ann Bob Cat Dan"`, 2*time.Second),
		chromedp.Click(chromedp.CSS(`button[data-out="Dan"]`)),
		poll(`Array.from(document.querySelectorAll("button[data-hand]")).map(b => b.dataset.hand).join(" ") === "Ann Cat"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="3"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="4"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Corrected hand 1 at table 1: Dan went out, 7 points.")`, 5*time.Second))
	r = boardOf(t, db)["rows"].([]any)[0].(map[string]any)
	if c := r["cards"].(map[string]any); r["out"] != "Dan" || c["Ann"] != "3" || c["Cat"] != "4" || len(c) != 2 {
		t.Fatalf("after the rotating correction: %v", r)
	}
}

// TestBrowserNewTokenSave: after serve --new-token, Save on a phone still
// at the old address is refused where the scorer is looking: the sentence
// (what happened, what to do, and that the hand stays) is under Save, on
// the screen, and holds the focus; the keypad and the hand's cards stay,
// and the hand is saved once the new address is open. The refusal was
// shown at the top of the page, 370 px above the screen, the keypad gone
// and the focus dropped to the page's body.
func TestBrowserNewTokenSave(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	host := strings.TrimSuffix(strings.TrimPrefix(s.View, "http://"), "/")
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "Cat went out, Ann 7, Bob wd4",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)))
	s.Stop(t)
	s2 := harness.StartServeAt(t, s.DB, host, "--new-token")
	step(phone, "Save at the old address",
		chromedp.Click(chromedp.ID("save")),
		poll(`!!document.getElementById("tokenbad")`, 5*time.Second))
	got, err := chromedp.Run(phone, chromedp.Evaluate[string](`(() => {
		const m = document.getElementById("tokenbad"), r = m.getBoundingClientRect();
		const bad = [];
		if (m.textContent !== "This link's token was replaced (serve --new-token made a new one): open the scorer's address unoscore serve printed (scan its Score code, or type the address). The hand stays on this phone: once that address is open, tap Save hand again.") bad.push("it says " + JSON.stringify(m.textContent));
		if (r.top < 0 || r.bottom > innerHeight) bad.push("it is at " + Math.round(r.top) + " to " + Math.round(r.bottom) + " px, the screen 0 to " + innerHeight);
		if (document.activeElement !== m) bad.push("the focus is on " + document.activeElement.tagName + "#" + document.activeElement.id);
		const save = document.getElementById("save");
		if (!save || save.compareDocumentPosition(m) !== Node.DOCUMENT_POSITION_FOLLOWING) bad.push("it is not under Save");
		if (`+chipsOf("Ann")+` !== "7" || `+chipsOf("Bob")+` !== "wd4") bad.push("the hand's cards are gone");
		return bad.join("; ");
	})()`))
	if err != nil || got != "" {
		t.Errorf("the refusal of Save after serve --new-token: %s %v", got, err)
	}
	shoot(t, phone, screenshots(t), "serve-new-token.png")
	step(phone, "the new address, same tab: Save",
		navigate(s2.Score),
		poll(`!document.getElementById("tokenbad")`, 5*time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 1: Cat went out, 57 points.")`, 5*time.Second))
	if got := boardOf(t, s.DB)["hands"]; got != 1.0 {
		t.Fatalf("%v hands, want 1", got)
	}
}
