package browser

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserNoMercyKnockOut enters a No Mercy hand on the scorer's phone
// with one player knocked out: the toggle greys that player's hand and says
// why (a card tapped for them before is set aside, not scored), the hand's
// total counts the 250 bonus, and the board records it (Ann out, Bob's r7:
// 7 + 250 = 257; Cat knocked out, no cards). A second hand is won by the
// last player not knocked out (Bob: 2 × 250 = 500). The page at 390 and
// 320 px (no sideways scroll) passes axe-core, and the television shows
// "KO" in the pad.
func TestBrowserNoMercyKnockOut(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--deck", "no-mercy", "--name", "No Mercy night"}})
	script := axeScript(t)
	dir := screenshots(t)
	ctx := s.window(t)
	step := stepper(t)

	step(ctx, "open the scorer's page and pick who went out", bypassCSP, phoneView,
		navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`document.querySelector("#scorer h2").textContent === "Hand 1: who went out (or was the last player not knocked out)?"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-ko="Cat"]`)),
		// The limit comes from the deck: 25.
		poll(`document.querySelector('button[data-ko="Bob"]').textContent === "Knocked out (25+ cards)" && document.querySelector('button[data-ko="Bob"]').getAttribute("aria-pressed") === "false"`, time.Second),
		poll(`document.querySelector('button[data-ko="Ann"]') === null`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-color="r"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		poll(`document.querySelector('button[data-hand="Bob"] .pts').textContent === "7"`, time.Second),
		// A card tapped for Cat, then Cat is knocked out: it is set aside.
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd10"]`)),
		poll(`document.querySelector('button[data-hand="Cat"] .pts').textContent === "50"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-ko="Cat"]`)),
		poll(`document.querySelector('button[data-ko="Cat"]').getAttribute("aria-pressed") === "true"`, time.Second),
		poll(`document.querySelector('button[data-hand="Cat"]').disabled && document.querySelector('button[data-hand="Cat"] .pts').textContent === "KO"`, time.Second),
		poll(`document.getElementById("ko-why-Cat").textContent === "Cat holds no cards that count; Ann scores 250 points for the knock-out."`, time.Second),
		// The tapping moved on to a hand still in.
		poll(`document.querySelector('button[data-hand="Bob"]').getAttribute("aria-current") === "true"`, time.Second),
		poll(`document.querySelector(".worth").textContent === "This hand: 257 points (250 for knock-outs)"`, time.Second))
	shoot(t, ctx, dir, "serve-no-mercy.png")
	for _, v := range axe(t, ctx, script, "No Mercy keypad at 390 px") {
		t.Errorf("No Mercy keypad at 390 px: %s", v)
	}
	step(ctx, "320 px wide", chromedp.EmulateViewport(320, 640, chromedp.EmulateMobile, chromedp.EmulatePortrait),
		poll(`document.documentElement.scrollWidth <= 320`, 2*time.Second),
		poll(oneLineKeys, time.Second),
		poll(`(() => { const r = document.querySelector('button[data-ko="Cat"]').getBoundingClientRect(); return r.left >= 0 && r.right <= 320; })()`, time.Second))
	shoot(t, ctx, dir, "serve-no-mercy-320.png")
	for _, v := range axe(t, ctx, script, "No Mercy keypad at 320 px") {
		t.Errorf("No Mercy keypad at 320 px: %s", v)
	}

	step(ctx, "save the hand", phoneView,
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 1: Ann went out, 257 points."`, 5*time.Second))
	b := boardOf(t, s.DB, "--game", s.ID)
	rows := b["rows"].([]any)
	r := rows[0].(map[string]any)
	cards := r["cards"].(map[string]any)
	ko := r["knocked_out"].([]any)
	if len(rows) != 1 || r["points"] != 257.0 || r["bonus"] != 250.0 || len(ko) != 1 || ko[0] != "Cat" || cards["Bob"] != "r7" || cards["Cat"] != nil {
		t.Fatalf("the hand tapped in was saved as %v", r)
	}

	step(ctx, "a hand won by the last player not knocked out",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Bob"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-ko="Ann"]`)),
		// The toggles start off again for the new hand.
		poll(`document.querySelector('button[data-ko="Cat"]').getAttribute("aria-pressed") === "false"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-ko="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-ko="Cat"]`)),
		poll(`document.querySelector("#scorer h2").textContent === "Bob is the last player not knocked out, and wins the hand."`, time.Second),
		poll(`document.querySelector(".worth").textContent === "This hand: 500 points (500 for knock-outs)"`, time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 2: Bob was last standing, 500 points."`, 5*time.Second))
	b = boardOf(t, s.DB, "--game", s.ID)
	rows = b["rows"].([]any)
	r = rows[1].(map[string]any)
	if len(rows) != 2 || r["points"] != 500.0 || r["bonus"] != 500.0 || len(r["knocked_out"].([]any)) != 2 {
		t.Fatalf("the last player standing's hand was saved as %v", r)
	}

	correcting := []chromedp.Action[chromedp.Void]{
		chromedp.WaitVisible(chromedp.ID("correct")),
		chromedp.Click(chromedp.ID("correct")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-edit="1"]`)),
		chromedp.Click(chromedp.CSS(`button[data-edit="1"]`)),
		// The hand comes back with Cat knocked out.
		poll(`document.querySelector("h2").textContent.startsWith("Correcting hand 1: Ann went out.") && document.querySelector('button[data-ko="Cat"]').getAttribute("aria-pressed") === "true" && document.querySelector('button[data-hand="Cat"]').disabled`, 2*time.Second),
	}
	step(ctx, "a correction reads the knock-out back; unchanged, it drops unasked", append(append([]chromedp.Action[chromedp.Void]{
		poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), false), true)`, time.Second)}, correcting...),
		chromedp.Click(chromedp.ID("restart")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`window.asked.length === 0`, time.Second))...)
	step(ctx, "the knock-out changed in a correction: Start over asks", append(correcting,
		chromedp.Click(chromedp.CSS(`button[data-ko="Cat"]`)),
		chromedp.Click(chromedp.ID("restart")),
		poll(`window.asked.length === 1 && window.asked[0] === "Drop this correction? Who was knocked out is changed; hand 1 stays as it was saved."`, time.Second),
		poll(`(window.confirm = q => true, true)`, time.Second),
		chromedp.Click(chromedp.ID("restart")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)))...)

	step(ctx, "the television shows who was knocked out",
		chromedp.EmulateViewport(1280, 720),
		navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(".pad")),
		poll(`Array.from(document.querySelectorAll(".pad tbody td"), td => td.textContent).filter(x => x === "KO").length === 3`, 2*time.Second),
		poll(`document.querySelector(".ko-key").textContent === "KO: knocked out by the mercy rule (25 cards or more); the hand's winner scores 250 for each."`, time.Second))
	shoot(t, ctx, dir, "serve-view-no-mercy.png")
}

// TestBrowserAllWildKeypad: All Wild's deck has no colours, so its keypad
// has no colour keys, only its faces (from the server's keypad), and a
// card tapped is counted at its value.
func TestBrowserAllWildKeypad(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob", "--deck", "all-wild"}})
	dir := screenshots(t)
	ctx := s.window(t)
	step := stepper(t)
	step(ctx, "the keypad of an All Wild hand", phoneView,
		navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`.faces button`)),
		poll(`document.querySelector(".colors") === null && document.querySelector("[data-color]") === null`, time.Second),
		poll(`document.querySelectorAll(".faces button").length === 8`, time.Second),
		// No knock-out toggle outside No Mercy.
		poll(`document.querySelector("[data-ko]") === null`, time.Second),
		chromedp.Click(chromedp.CSS(`.faces button:first-child`)),
		poll(`Number(document.querySelector('button[data-hand="Bob"] .pts').textContent) > 0`, time.Second),
		poll(oneLineKeys, time.Second))
	shoot(t, ctx, dir, "serve-score-all-wild.png")
	step(ctx, "320 px wide", chromedp.EmulateViewport(320, 640, chromedp.EmulateMobile, chromedp.EmulatePortrait),
		poll(`document.documentElement.scrollWidth <= 320`, 2*time.Second),
		poll(oneLineKeys, time.Second))
	shoot(t, ctx, dir, "serve-score-all-wild-320.png")
}

// oneLineKeys: every card key's letters are on one line, not broken
// ("WD1" over "0") nor cut.
const oneLineKeys = `Array.from(document.querySelectorAll(".faces button")).every(b => {
	const r = document.createRange();
	r.selectNodeContents(b.firstChild);
	return r.getClientRects().length === 1 && b.scrollWidth <= b.clientWidth;
})`

// TestBrowserNoMercyKnocker: the new-game form, for a No Mercy deck only,
// asks who receives the 250 (the hand's winner first) and does not offer
// the house rules No Mercy already plays by (stacking, Seven-O, draw to
// match). With "whoever knocked the player out" picked, a knocked-out
// player's hand on the keypad offers who knocked them out (the winner
// until another is tapped), and the hand is saved with knocked_by: Ann
// out, Bob r7 = 7; Cat knocked out by Bob, 250 to Bob.
func TestBrowserNoMercyKnocker(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{})
	script := axeScript(t)
	phone := s.phone(t, s.Score)
	step := stepper(t)
	shown := func(sel string) string { return `!document.querySelector('` + sel + `').closest("[hidden]")` }
	step(phone, "the form: a classic deck asks nothing of knock-outs",
		chromedp.WaitVisible(chromedp.CSS(`#newgame summary`)),
		poll(`document.getElementById("newgame").open || (document.querySelector("#newgame summary").click(), true)`, time.Second),
		chromedp.WaitVisible(chromedp.CSS(`#newform input[name="players"]`)),
		poll(`!`+shown(`#newform select[name="mercy_bonus"]`)+` && `+shown(`#newform input[value="stacking"]`), time.Second),
		chromedp.SendKeys(chromedp.CSS(`#newform input[name="players"]`), "Ann, Bob, Cat"),
		chromedp.SetValue(chromedp.CSS(`#newform select[name="deck"]`), "no-mercy"),
		poll(`(document.querySelector('#newform select[name="deck"]').dispatchEvent(new Event("change")), true)`, time.Second),
		poll(shown(`#newform select[name="mercy_bonus"]`)+` && document.getElementById("mercylabel").textContent === "Who receives the 250 for each player knocked out"`, time.Second),
		poll(`document.querySelector('#newform select[name="mercy_bonus"]').value === "winner"`, time.Second),
		// No Mercy stacks, draws until a card fits and swaps on 7 and 0.
		poll(`!`+shown(`#newform input[value="stacking"]`)+` && !`+shown(`#newform input[value="seven-o"]`)+` && !`+shown(`#newform input[value="draw-to-match"]`)+` && `+shown(`#newform input[value="jump-in"]`), time.Second),
		chromedp.SetValue(chromedp.CSS(`#newform select[name="mercy_bonus"]`), "knocker"))
	for _, v := range axe(t, phone, script, "new-game form, No Mercy") {
		t.Errorf("new-game form, No Mercy: %s", v)
	}
	step(phone, "start the game",
		chromedp.Click(chromedp.ID("start")),
		across(`!!document.querySelector(".sub") && document.querySelector(".sub").textContent.includes("knock-out bonus to the knocker")`, 10*time.Second))
	if got := boardOf(t, s.DB)["settings"].(map[string]any)["mercy_bonus"]; got != "knocker" {
		t.Fatalf("mercy_bonus %v", got)
	}
	step(phone, "the keypad asks who knocked Cat out",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-ko="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-color="r"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-ko="Cat"]`)),
		poll(`document.querySelectorAll('.koby button').length === 2 && document.querySelector('.koby button[data-knocker="Ann"]').getAttribute("aria-pressed") === "true"`, time.Second),
		chromedp.Click(chromedp.CSS(`.koby button[data-knocker="Bob"]`)),
		poll(`document.querySelector('.koby button[data-knocker="Bob"]').getAttribute("aria-pressed") === "true"`, time.Second),
		poll(`document.getElementById("ko-why-Cat").textContent === "Cat holds no cards that count; Bob scores 250 points for the knock-out."`, time.Second),
		poll(`document.querySelector(".worth").textContent === "This hand: 7 points; 250 to the knockers"`, time.Second))
	shoot(t, phone, screenshots(t), "serve-no-mercy-knocker.png")
	for _, v := range axe(t, phone, script, "No Mercy keypad, knocker") {
		t.Errorf("No Mercy keypad, knocker: %s", v)
	}
	step(phone, "save",
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 1: Ann went out, 7 points."`, 5*time.Second))
	r := boardOf(t, s.DB)["rows"].([]any)[0].(map[string]any)
	by, _ := r["knocked_by"].(map[string]any)
	if r["points"] != 7.0 || by["Cat"] != "Bob" {
		t.Fatalf("the hand was saved as %v", r)
	}
	st := boardOf(t, s.DB)["standings"].([]any)[1].(map[string]any)
	if st["player"] != "Bob" || st["score"] != 250.0 {
		t.Errorf("Bob's standing %v, want 250", st)
	}
	tv := s.window(t)
	step(tv, "the television shows the knocker's 250 beside their cell", chromedp.EmulateViewport(1280, 720), navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(".pad")),
		poll(`Array.from(document.querySelectorAll(".pad tbody td"), td => td.textContent).includes("(7) +250")`, 2*time.Second),
		poll(`document.querySelector(".ko-key").textContent.includes("whoever knocked the player out scores 250")`, time.Second),
		poll(`document.querySelector(".sub").textContent.includes("knock-out bonus to the knocker")`, time.Second))
}

// TestBrowserNoMercyLowestKeypad: in a No Mercy game in lowest mode a
// knock-out is charged to the player knocked out (250 onto their tally);
// no one scores it. The scorer's keypad said "Cat holds no cards that
// count; Ann scores 250 points for the knock-out." and "This hand: 255
// points", saved "Ann went out, 255 points" and offered to undo and bring
// back the hand as 255 points. It now words the hand as the board, undo
// and redo do (present.HandBrief), at 390 px, and passes axe-core.
func TestBrowserNoMercyLowestKeypad(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--deck", "no-mercy", "--mode", "lowest"}})
	script := axeScript(t)
	dir := screenshots(t)
	ctx := s.window(t)
	step := stepper(t)
	const brief = "Ann went out; caught with cards: Bob 5; Cat knocked out, charged 250"

	step(ctx, "Ann out, Bob holds r5, Cat knocked out", bypassCSP, phoneView,
		navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-ko="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-color="r"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		poll(`document.querySelector('button[data-hand="Bob"] .pts').textContent === "5"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-ko="Cat"]`)),
		poll(`document.querySelector('button[data-ko="Cat"]').getAttribute("aria-pressed") === "true"`, time.Second),
		poll(`document.getElementById("ko-why-Cat").textContent === "Cat holds no cards that count; Cat is charged 250 points onto their tally for the knock-out."`, time.Second),
		poll(`document.querySelector(".worth").textContent === "Caught with cards: Bob 5; Cat knocked out, charged 250"`, time.Second))
	shoot(t, ctx, dir, "serve-no-mercy-lowest.png")
	for _, v := range axe(t, ctx, script, "No Mercy lowest keypad at 390 px") {
		t.Errorf("No Mercy lowest keypad at 390 px: %s", v)
	}
	step(ctx, "save it", chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 1: `+brief+`."`, 5*time.Second))
	r := boardOf(t, s.DB, "--game", s.ID)["rows"].([]any)[0].(map[string]any)
	if r["charged"].(map[string]any)["Cat"] != 250.0 || r["held"].(map[string]any)["Bob"] != 5.0 {
		t.Fatalf("the hand tapped in was saved as %v", r)
	}
	step(ctx, "undo asks about the hand as the board words it",
		poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), true), true)`, time.Second),
		chromedp.WaitVisible(chromedp.ID("undo")),
		chromedp.Click(chromedp.ID("undo")),
		poll(`window.asked.length === 1 && window.asked[0] === "Void hand 1: `+brief+`? It stays in the game's history."`, 2*time.Second),
		poll(`document.getElementById("redo") !== null && document.getElementById("redo").textContent === "Bring back the voided hand (`+brief+`)"`, 5*time.Second))
	shoot(t, ctx, dir, "serve-no-mercy-lowest-redo.png")
	step(ctx, "redo asks and says it the same way",
		chromedp.Click(chromedp.ID("redo")),
		poll(`window.asked.length === 2 && window.asked[1] === "Bring back the hand voided: `+brief+`? It counts again as hand 1."`, 2*time.Second),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Brought back hand 1: `+brief+`."`, 5*time.Second))
}
