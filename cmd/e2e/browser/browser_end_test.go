package browser

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserEndNamingWinner: "End the game" on the phone asks in the page
// who won: a button per player still in the game (with their total, and
// who leads), "End, naming no winner" and "Keep playing". The focus goes
// to the question, Escape and Keep playing put it back on End the game
// with nothing written, and it all works from the keyboard. What the
// phone records is what "unoscore end --winner NAME" (or "unoscore end")
// records: the board of a twin game ended on the command line is the
// same. A player out of a Challenge game has no button.
func TestBrowserEndNamingWinner(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	script := axeScript(t)
	dir := screenshots(t)
	db := filepath.Join(t.TempDir(), "u.db")
	hands := map[string][][]string{
		// Ann leads with 68 after two hands; Bob has 27.
		"standard": {{"--out", "Ann", "--left", "Bob=r7 wd4", "--left", "Cat=g2", "--left", "Dan=b9"}, {"--out", "Bob", "--left", "Ann=y5", "--left", "Cat=20pts", "--left", "Dan=2"}},
		// Bob holds 60 at a target of 50: out of the game.
		"challenge": {{"--out", "Ann", "--left", "Bob=60pts", "--left", "Cat=10pts"}},
	}
	play := func(mode, name string) string {
		t.Helper()
		players := "Ann,Bob,Cat,Dan"
		args := []string{"--players", players, "--name", name}
		if mode == "challenge" {
			args = []string{"--players", "Ann,Bob,Cat", "--name", name, "--mode", "challenge", "--target", "50"}
		}
		id := harness.NewGame(t, db, args...)
		for _, h := range hands[mode] {
			if code, _, errs := harness.Unoscore(t, db, append([]string{"hand", "--game", id}, h...)...); code != 0 {
				t.Fatal(errs)
			}
		}
		return id
	}
	// same compares the boards of the game ended on the phone and its twin
	// ended on the command line, but for their ids and names.
	same := func(phone, cli string) {
		t.Helper()
		a, b := boardOf(t, db, "--game", phone), boardOf(t, db, "--game", cli)
		for _, m := range []map[string]any{a, b} {
			delete(m, "id")
			delete(m, "name")
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("ended on the phone:\n%v\nended by the command line:\n%v", a, b)
		}
	}
	twin := play("standard", "Ended by the command line")
	game := play("standard", "Ended on the phone")
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	defer func() {
		if t.Failed() {
			v, _ := chromedp.Run(phone, chromedp.Evaluate[string](`document.getElementById("scorer").innerText + " | focus: " + (document.activeElement && (document.activeElement.id || document.activeElement.textContent))`))
			t.Log(v)
		}
	}()
	focused := func(id string) string {
		return `document.activeElement && document.activeElement.id === "` + id + `"`
	}
	step(phone, "End the game asks who won", bypassCSP, phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.ID("end")),
		chromedp.Click(chromedp.ID("end")),
		chromedp.WaitVisible(chromedp.ID("endq")),
		poll(focused("endq"), time.Second),
		poll(`document.getElementById("endq").textContent === "End the game after 2 hands: who won?"`, time.Second),
		poll(`[...document.querySelectorAll("button[data-winner]")].map(b => b.textContent).join("; ") === "Ann won 68 points, leading; Bob won 27 points; Cat won 0 points; Dan won 0 points"`, time.Second),
		poll(`document.getElementById("endwhy").textContent === "Name the winner the table agrees on, or none: then Ann, leading now, is named as leading, not as the winner. Undo takes the end back."`, time.Second),
		poll(`!document.querySelector('button[data-player]') && !document.getElementById("undo")`, time.Second))
	for _, v := range axe(t, phone, script, "the question") {
		t.Errorf("the question: %s", v)
	}
	// Every button of the question at least 44 px tall, none wider than
	// the screen.
	if bad, err := chromedp.Run(phone, chromedp.Evaluate[string](`[...document.querySelectorAll("#scorer button")].filter(b => b.getBoundingClientRect().height < 44 || b.getBoundingClientRect().right > innerWidth || b.scrollWidth > b.clientWidth + 1).map(b => b.textContent).join("; ")`)); err != nil || bad != "" {
		t.Errorf("buttons under 44 px, or cut: %s %v", bad, err)
	}
	shoot(t, phone, dir, "serve-end.png")
	step(phone, "Escape keeps playing",
		chromedp.KeyEvent("\x1b"),
		poll(`!document.getElementById("endq") && !!document.querySelector('button[data-player="Ann"]')`, time.Second),
		poll(focused("end"), time.Second))
	step(phone, "Keep playing keeps playing",
		chromedp.KeyEvent("\r"),
		poll(focused("endq"), time.Second),
		chromedp.Click(chromedp.ID("endkeep")),
		poll(`!document.getElementById("endq")`, time.Second),
		poll(focused("end"), time.Second))
	if b := boardOf(t, db, "--game", game); b["over"] != false {
		t.Fatalf("keep playing ended the game: %v", b)
	}
	// From the keyboard: Enter on End the game, Tab to Bob, Enter.
	step(phone, "name Bob from the keyboard",
		chromedp.KeyEvent("\r"),
		poll(focused("endq"), time.Second),
		chromedp.KeyEvent("\t"),
		poll(`document.activeElement.dataset.winner === "Ann"`, time.Second),
		chromedp.KeyEvent("\t"),
		poll(`document.activeElement.dataset.winner === "Bob"`, time.Second),
		chromedp.KeyEvent("\r"),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Ended here: Bob won."`, 5*time.Second),
		poll(`document.activeElement && document.activeElement.classList.contains("msg")`, 5*time.Second))
	if code, _, errs := harness.Unoscore(t, db, "end", "--game", twin, "--winner", "Bob"); code != 0 {
		t.Fatal(errs)
	}
	same(game, twin)
	if b := boardOf(t, db, "--game", game); fmt.Sprint(b["winners"]) != "[Bob]" || b["ended_early"] != true {
		t.Errorf("the game ended on the phone: winners %v, ended early %v", b["winners"], b["ended_early"])
	}

	// A Challenge game: Bob is out of it, so he has no button; ended
	// naming no winner, as "unoscore end" ends it.
	twin = play("challenge", "Challenge, the command line")
	game = play("challenge", "Challenge, the phone")
	step(phone, "the challenge game", navigate(strings.Replace(s.Score, "/score#", "/score?game="+game+"#", 1)),
		chromedp.WaitVisible(chromedp.ID("end")),
		chromedp.Click(chromedp.ID("end")),
		chromedp.WaitVisible(chromedp.ID("endnone")),
		poll(`[...document.querySelectorAll("button[data-winner]")].map(b => b.dataset.winner).join() === "Ann,Cat"`, time.Second),
		chromedp.Click(chromedp.ID("endnone")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.indexOf("Ended here, with ") === 0`, 5*time.Second))
	if code, _, errs := harness.Unoscore(t, db, "end", "--game", twin); code != 0 {
		t.Fatal(errs)
	}
	same(game, twin)
}
