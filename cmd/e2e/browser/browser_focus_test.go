package browser

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserFocusMovesOn: on the scorer's keypad, driven from the
// keyboard, the focus goes to the next thing to do wherever the key it
// was on goes away or is greyed; it dropped to the page's body after each
// of these: picking who went out (to the keypad's colour key), the last
// red 7 greying its own key (to the next card key), removing the last
// chip of a hand (to the chip before it, then to the hand), picking
// another winner (to the colour key), Save (to who went out in the next
// hand), bringing back a voided hand (the same), and Correct a hand (to
// the hands to correct, then, one picked, to the colour key).
func TestBrowserFocusMovesOn(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat,Dan"}, Hands: [][]string{{"--out", "Ann", "--left", "Bob=r7 wd4", "--left", "Cat=37pts", "--left", "Dan=g2"}}})
	phone := s.window(t)
	step := stepper(t)
	defer func() {
		if t.Failed() {
			v, _ := chromedp.Run(phone, chromedp.Evaluate[string](`document.activeElement.outerHTML.slice(0, 200) + " | " + document.getElementById("scorer").innerText.slice(0, 400)`))
			t.Log(v)
		}
	}()
	on := func(key string) chromedp.Action[chromedp.Void] {
		return poll(`document.activeElement && document.activeElement.dataset.key === `+jsString(key), 5*time.Second)
	}
	enter := func(key string) []chromedp.Action[chromedp.Void] {
		return []chromedp.Action[chromedp.Void]{chromedp.Focus(chromedp.CSS(`[data-key=` + jsString(key) + `]`)), chromedp.KeyEvent("\r")}
	}
	steps := func(parts ...[]chromedp.Action[chromedp.Void]) []chromedp.Action[chromedp.Void] {
		var all []chromedp.Action[chromedp.Void]
		for _, p := range parts {
			all = append(all, p...)
		}
		return all
	}
	one := func(a ...chromedp.Action[chromedp.Void]) []chromedp.Action[chromedp.Void] { return a }

	step(phone, "who went out: Dan; the focus on the keypad's colour key", steps(one(phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Dan"]`))),
		enter("o:Dan"), one(on("c:")))...)
	step(phone, "the second red 7 greys its key; the focus on the 8", steps(enter("c:r"), enter("f:7"), one(on("f:7"), chromedp.KeyEvent("\r"),
		poll(`document.querySelector('[data-key="f:7"]').disabled`, time.Second), on("f:8")))...)
	shoot(t, phone, screenshots(t), "focus-after-grey.png")
	step(phone, "the last chip removed; the focus on the chip before, then on the hand", steps(enter("x:Ann:1"), one(on("x:Ann:0"), chromedp.KeyEvent("\r"),
		poll(chipsOf("Ann")+` === ""`, time.Second), on("h:Ann")))...)
	step(phone, "another winner: Bob; the focus on the colour key", steps(enter("changeout"), one(chromedp.WaitVisible(chromedp.CSS(`[data-key="eo:Bob"]`))),
		enter("eo:Bob"), one(poll(`document.getElementById("changeout").textContent === "Bob"`, time.Second), on("c:")))...)
	step(phone, "Save; the focus on who went out in the next hand", steps(one(
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)), chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)), chromedp.Click(chromedp.CSS(`button[data-face="6"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Dan"]`)), chromedp.Click(chromedp.CSS(`button[data-face="9"]`))),
		enter("save"), one(poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 2: Bob went out, 20 points.")`, 5*time.Second),
			on("o:Ann")))...)
	step(phone, "undo, then bring it back; the focus on who went out", steps(one(poll(`(window.confirm = () => true, true)`, time.Second)),
		enter("undo"), one(chromedp.WaitVisible(chromedp.ID("redo"))), enter("redo"),
		one(poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Brought back hand 2")`, 5*time.Second), on("o:Ann")))...)
	step(phone, "Correct a hand; the focus on the hands, then on the keypad", steps(enter("correct"), one(on("e:2")), enter("e:2"),
		one(poll(`document.querySelector(".scorer h2").textContent.startsWith("Correcting hand 2")`, time.Second), on("c:")))...)
	if got := boardOf(t, s.DB)["hands"]; got != 2.0 {
		t.Fatalf("%v hands, want 2", got)
	}
}
