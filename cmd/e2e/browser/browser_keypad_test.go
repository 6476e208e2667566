package browser

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserColourPerPlayer: a colour or a count picked for one player's
// cards is not carried over to the next player's. Before, tapping Bob, Y,
// 7, then Cat, ×2, S stored Cat's cards as "2xys", yellow nobody tapped.
func TestBrowserColourPerPlayer(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	picked := `(document.querySelector('.colors button[aria-pressed="true"]') || {}).dataset.color + " " + (document.querySelector('.tools button[aria-pressed="true"]') || {}).textContent`
	step(phone, "Ann went out; Bob Y 7; Cat ×2 S; Dan ×3 then WD4",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`.colors button[data-color="y"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		poll(picked+` === "any ×1"`, time.Second),
		chromedp.Click(chromedp.CSS(`.tools button[data-key="n:2"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="s"]`)),
		// A count picked and not used stays with its player too.
		chromedp.Click(chromedp.CSS(`.colors button[data-color="r"]`)),
		chromedp.Click(chromedp.CSS(`.tools button[data-key="n:3"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Dan"]`)),
		poll(picked+` === "any ×1"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		poll(chipsOf("Bob")+` === "y7" && `+chipsOf("Cat")+` === "2×s" && `+chipsOf("Dan")+` === "wd4"`, time.Second),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 1")`, 5*time.Second))
	r := boardOf(t, s.DB)["rows"].([]any)[0].(map[string]any)
	if c := r["cards"].(map[string]any); r["out"] != "Ann" || c["Bob"] != "y7" || c["Cat"] != "2xs" || c["Dan"] != "wd4" {
		t.Fatalf("the hand stored: %v", r)
	}
}

// TestBrowserStartOverAsks: "Start over" with cards entered asks first,
// as the command line does, and keeps them on a no; who went out can be
// changed without starting over (tap the name), keeping the cards of the
// players who still count, and asking the same way before the new
// winner's own cards go (they went silently). Before, Start over dropped
// every card at once, and who went out could only be changed by starting
// over.
func TestBrowserStartOverAsks(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "Bob went out (a mistake); Ann 5, Cat 9",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Bob"]`)),
		poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), false), true)`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-player="Bob"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="9"]`)),
		chromedp.Click(chromedp.ID("restart")),
		poll(`window.asked.length === 1 && window.asked[0] === "Drop this hand? Cat's and Ann's cards are entered."`, time.Second))
	step(phone, "a no keeps the cards; a tap on Bob's name offers the players; Ann went out",
		poll(chipsOf("Ann")+` === "5" && `+chipsOf("Cat")+` === "9"`, time.Second),
		chromedp.Click(chromedp.ID("changeout")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-out="Ann"]`)),
		poll(`document.querySelector('button[data-out="Bob"]').getAttribute("aria-pressed") === "true"`, time.Second),
		// Ann's 5 would go: asked first, as Start over asks; a no keeps it.
		chromedp.Click(chromedp.CSS(`button[data-out="Ann"]`)),
		poll(`window.asked.length === 2 && window.asked[1] === "Drop Ann's cards? They are entered, and do not count if Ann went out."`, time.Second),
		poll(`document.querySelector("h2").textContent.startsWith("Bob went out.") && `+chipsOf("Ann")+` === "5"`, time.Second),
		poll(`(window.confirm = q => (window.asked.push(q), true), true)`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-out="Ann"]`)),
		poll(`window.asked.length === 3`, time.Second),
		poll(`document.querySelector("h2").textContent.startsWith("Ann went out.")`, time.Second),
		poll(`!document.querySelector("button[data-out]") && !document.querySelector('button[data-hand="Ann"]')`, time.Second),
		poll(chipsOf("Cat")+` === "9" && `+chipsOf("Bob")+` === "" && `+chipsOf("Dan")+` === ""`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="3"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Dan"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="0"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 1: Ann went out, 12 points.")`, 5*time.Second))
	r := boardOf(t, s.DB)["rows"].([]any)[0].(map[string]any)
	if c := r["cards"].(map[string]any); r["out"] != "Ann" || c["Bob"] != "3" || c["Cat"] != "9" || c["Dan"] != "0" || len(c) != 3 {
		t.Fatalf("the hand stored: %v", r)
	}
	step(phone, "a yes drops the hand; with no cards entered, nothing is asked",
		chromedp.Click(chromedp.CSS(`button[data-player="Dan"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.ID("restart")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		poll(`window.asked.length === 4 && window.asked[3] === "Drop this hand? Cat's cards are entered."`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.WaitVisible(chromedp.ID("restart")),
		chromedp.Click(chromedp.ID("restart")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		poll(`window.asked.length === 4`, time.Second))
	if got := boardOf(t, s.DB)["hands"]; got != 1.0 {
		t.Fatalf("after Start over: %v hands, want 1", got)
	}
}

// TestBrowserStartOverAsksInACorrection: "Start over" during the
// correction of a saved hand asks first too, naming what the correction
// changed, and keeps it on a no; a yes (or a correction that changed
// nothing, which asks nothing) leaves the hand as it was saved. Before, a
// correction was dropped at once, whatever had been changed.
func TestBrowserStartOverAsksInACorrection(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}, Hands: [][]string{{"--out", "Ann", "--left", "Bob=r7 2xs", "--left", "Cat=9"}}})
	phone := s.window(t)
	step := stepper(t)
	type actions = []chromedp.Action[chromedp.Void]
	correcting := actions{
		chromedp.WaitVisible(chromedp.ID("correct")),
		chromedp.Click(chromedp.ID("correct")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-edit="1"]`)),
		chromedp.Click(chromedp.CSS(`button[data-edit="1"]`)),
		poll(`document.querySelector("h2").textContent.startsWith("Correcting hand 1: Ann went out.") && `+chipsOf("Bob")+` === "r7 2×s" && `+chipsOf("Cat")+` === "9"`, 2*time.Second),
	}
	step(phone, "a correction that changed nothing is dropped unasked", append(append(actions{phoneView, navigate(s.Score),
		poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), false), true)`, time.Second)},
		correcting...),
		chromedp.Click(chromedp.ID("restart")),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`window.asked.length === 0`, time.Second))...)
	step(phone, "Cat's cards changed: asked, and a no keeps the correction", append(correcting,
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.ID("restart")),
		poll(`window.asked.length === 1 && window.asked[0] === "Drop this correction? Cat's cards are changed; hand 1 stays as it was saved."`, time.Second),
		poll(`document.querySelector("h2").textContent.startsWith("Correcting hand 1: Ann went out.") && `+chipsOf("Cat")+` === "9 5"`, time.Second))...)
	step(phone, "Cat's 5 taken away, Bob went out: asked again; a yes drops it",
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"] + .chips .chip:last-child`)),
		poll(chipsOf("Cat")+` === "9"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-out="Bob"]`)),
		poll(`document.querySelector("h2").textContent.startsWith("Correcting hand 1: Bob went out.")`, time.Second),
		poll(`(window.confirm = q => (window.asked.push(q), true), true)`, time.Second),
		chromedp.Click(chromedp.ID("restart")),
		poll(`window.asked.length === 2 && window.asked[1] === "Drop this correction? Who went out and Bob's cards are changed; hand 1 stays as it was saved."`, time.Second),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		poll(`!document.querySelector("#save")`, time.Second))
	b := boardOf(t, s.DB)
	r := b["rows"].([]any)[0].(map[string]any)
	if c := r["cards"].(map[string]any); b["hands"] != 1.0 || b["changes"] != 2.0 || r["out"] != "Ann" || c["Bob"] != "r7 2xs" || c["Cat"] != "9" {
		t.Fatalf("the hand after the correction was dropped: %v", b)
	}
}

// TestBrowserWhyGreyed: a greyed key says why, in one line under the keys:
// with R and ×3 picked every red face is greyed ("the deck has at most 2
// of each red card"), with ×2 only the red 0, and a red 7 once both are
// tapped. Before, the keys greyed with no reason given.
func TestBrowserWhyGreyed(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	// why waits for the line under the keys to read want ("" none), and
	// says what it read when it does not.
	why := func(want string) chromedp.Action[chromedp.Void] {
		check := `!document.getElementById("why")`
		if want != "" {
			check = `document.getElementById("why") && document.getElementById("why").textContent === ` + jsString(want)
		}
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			if _, err := poll(check, time.Second)(ctx, t); err != nil {
				got, _ := chromedp.Evaluate[string](`document.getElementById("why") ? document.getElementById("why").textContent : "(no line)"`)(ctx, t)
				return fmt.Errorf("the line under the keys reads %q, want %q", got, want)
			}
			return nil
		})
	}
	step(phone, "Ann went out; Bob: R, ×3, ×2, then two red 7s",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		why(""),
		chromedp.Click(chromedp.CSS(`.colors button[data-color="r"]`)),
		why(""),
		chromedp.Click(chromedp.CSS(`.tools button[data-key="n:3"]`)),
		poll(`document.querySelector('button[data-face="9"]').disabled && !document.querySelector('button[data-face="wd4"]').disabled`, time.Second),
		why("×3: the deck has at most 2 of each red card."))
	shoot(t, phone, screenshots(t), "serve-why-greyed.png")
	step(phone, "×2, then two red 7s",
		chromedp.Click(chromedp.CSS(`.tools button[data-key="n:2"]`)),
		why("×2: the deck has only 1 red 0."),
		chromedp.Click(chromedp.CSS(`.tools button[data-key="n:1"]`)),
		why(""),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		why(""),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		why("The deck has 2 red 7s, all tapped already."),
		chromedp.Click(chromedp.CSS(`.tools button[data-key="n:4"]`)),
		why("×4: the deck has fewer than 4 of each greyed card left in red."),
		chromedp.Click(chromedp.CSS(`.colors button[data-color="any"]`)),
		why(""))
}

// TestBrowserChipTakesOne: a tap on the chip "4×wd4" took all four Wild
// Draw Fours away at once; it takes one, and says so.
func TestBrowserChipTakesOne(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	const chip = `document.querySelector('button[data-hand="Bob"] + .chips .chip')`
	step(phone, "Ann out; Bob ×4 WD4",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-key="n:4"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		poll(chipsOf("Bob")+` === "4×wd4" && document.querySelector('button[data-hand="Bob"] .pts').textContent === "200"`, time.Second),
		poll(chip+`.getAttribute("aria-label") === "4×wd4: remove one from Bob's hand"`, time.Second))
	step(phone, "a tap on the chip takes one away",
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"] + .chips .chip`)),
		poll(chipsOf("Bob")+` === "3×wd4" && document.querySelector('button[data-hand="Bob"] .pts').textContent === "150"`, time.Second))
	shoot(t, phone, screenshots(t), "serve-chip-one.png")
	step(phone, "down to one, a tap removes the chip",
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"] + .chips .chip`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"] + .chips .chip`)),
		poll(chipsOf("Bob")+` === "wd4" && `+chip+`.getAttribute("aria-label") === "wd4: remove it from Bob's hand"`, time.Second),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"] + .chips .chip`)),
		poll(chipsOf("Bob")+` === "" && document.querySelector('button[data-hand="Bob"] .pts').textContent === "0"`, time.Second))
}
