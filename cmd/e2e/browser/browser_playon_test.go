package browser

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPlayOn: a game won at 50 offers "Play on to 100" on the
// phone, asks first (a no changes nothing), and plays on, closing the
// new-game form the end had opened (it stayed open, Play again and all,
// under the game in play); "End the game"
// in the phone's tools asks first (who won: here, no one named) and ends
// it, the leader named as leading on the television, not as the winner.
func TestBrowserPlayOn(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat", "--target", "50"}, Hands: [][]string{{"--out", "Bob", "--left", "Ann=wd4", "--left", "Cat=9"}}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	defer func() {
		if t.Failed() {
			v, _ := chromedp.Run(phone, chromedp.Evaluate[string](`document.getElementById("scorer").innerText`))
			t.Log(v)
		}
	}()
	step(phone, "the game is over: Play on to 100 is offered",
		chromedp.WaitVisible(chromedp.ID("playon")),
		poll(`document.getElementById("newgame").open && !document.getElementById("againrow").hidden`, time.Second),
		poll(`document.getElementById("playon").textContent === "Play on to 100"`, time.Second),
		poll(`(window.asked = [], window.confirm = q => (window.asked.push(q), false), true)`, time.Second),
		chromedp.Click(chromedp.ID("playon")),
		poll(`window.asked.length === 1 && window.asked[0] === "Play on to 100? The game goes on from where it stands; undo takes it back."`, time.Second))
	if b := boardOf(t, s.DB); b["over"] != true || b["target"] != 50.0 {
		t.Fatalf("a no played on: %v", b)
	}
	shoot(t, phone, screenshots(t), "serve-play-on.png")
	step(phone, "yes plays on",
		poll(`(window.confirm = q => (window.asked.push(q), true), true)`, time.Second),
		chromedp.Click(chromedp.ID("playon")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "The target is now 100: the game goes on."`, 5*time.Second),
		poll(`!!document.querySelector('button[data-player="Ann"]') && !document.getElementById("playon")`, 5*time.Second),
		poll(`document.getElementById("undo") && document.getElementById("undo").textContent === "Undo: target raised to 100 after hand 1"`, 5*time.Second),
		// The game goes on: the new-game form, opened when it ended, closes,
		// and Play again goes (it stayed open under the game in play).
		poll(`!document.getElementById("newgame").open && document.getElementById("againrow").hidden`, 5*time.Second))
	shoot(t, phone, screenshots(t), "serve-played-on.png")
	b := boardOf(t, s.DB)
	if b["over"] != false || b["target"] != 100.0 || b["dealer"] != "Bob" {
		t.Fatalf("played on: %v", b)
	}
	step(phone, "End the game asks, then ends it",
		chromedp.WaitVisible(chromedp.ID("end")),
		chromedp.Click(chromedp.ID("end")),
		// It asks in the page who won (TestBrowserEndNamingWinner); no
		// winner named, the leader is named as leading.
		chromedp.WaitVisible(chromedp.ID("endnone")),
		chromedp.Click(chromedp.ID("endnone")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Ended here, with Bob leading."`, 5*time.Second),
		// The heading says the game is over; the message does not say it again.
		poll(`document.getElementById("scorer").innerText.split("game is over").length === 2`, time.Second))
	step(phone, "the game ended again: the form opens again, with Play again",
		poll(`document.getElementById("newgame").open && !document.getElementById("againrow").hidden`, 5*time.Second))
	if b := boardOf(t, s.DB); b["over"] != true || b["ended_early"] != true || len(b["winners"].([]any)) != 0 {
		t.Fatalf("ended: %v", b)
	}
	tv := s.window(t)
	step(tv, "the television says who led", chromedp.EmulateViewport(1280, 720), navigate(s.View),
		poll(`document.querySelector(".head") && document.querySelector(".head").textContent === "Game over"`, 5*time.Second),
		poll(`[...document.querySelectorAll("p.dealer")].some(p => p.textContent === "Ended after hand 1, Bob leading.")`, 5*time.Second),
		poll(`document.querySelector(".total.lead .badge").textContent === "led"`, time.Second))
	shoot(t, tv, screenshots(t), "serve-ended.png")
}
