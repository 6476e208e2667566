package browser

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserToldFromElsewhere: a hand recorded from the command line
// while the scorer's phone is open is said on the phone in scoring.Missed's
// words ("Hand 2 was just recorded from another device: …"): under the
// keys, in the place of the phone's own "Saved hand 1…" the new hand made
// old, and, while a hand is being entered, above it, the hand staying as
// tapped. The phone's own saves are never told as another device's, even
// when the live update reaches the page before the save's own answer (the
// page's POSTs are answered 1.5 s late). The phone moved on to the next
// hand without a word, leaving a blank line.
func TestBrowserToldFromElsewhere(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{New: []string{"--players", "Ann,Bob,Cat"}})
	phone := s.phone(t, s.Score)
	step := stepper(t)
	step(phone, "the page's writes answered late; every 'another device' it shows recorded",
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Cat"]`)),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second),
		chromedp.Evaluate[chromedp.Void](`(() => {
			const f = window.fetch;
			window.fetch = (url, opts) => opts && opts.method && opts.method !== "GET"
				? f(url, opts).then(r => new Promise(ok => setTimeout(() => ok(r), 1500))) : f(url, opts);
			window.told = [];
			new MutationObserver(() => {
				for (const e of document.querySelectorAll("#scorer .msg")) if (e.textContent.includes("another device") && !told.includes(e.textContent)) told.push(e.textContent);
			}).observe(document.getElementById("scorer"), {childList: true, subtree: true, characterData: true});
		})()`))
	step(phone, "hand 1 saved on the phone: Cat went out, Ann 7, Bob 5",
		chromedp.Click(chromedp.CSS(`button[data-player="Cat"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 1: Cat went out, 12 points."`, 5*time.Second),
		chromedp.Sleep(time.Second)) // the keypad read after the answer
	if code, _, errs := harness.Unoscore(t, s.DB, "hand", "--out", "Bob", "--left", "Ann=r1", "--left", "Cat=g2"); code != 0 {
		t.Fatal(errs)
	}
	const hand2 = "Hand 2 was just recorded from another device: Bob went out, 3 points."
	step(phone, "hand 2 from the command line is told under the keys",
		poll(`document.querySelector("#scorer h2") && document.querySelector("#scorer h2").textContent === "Hand 3: who went out?"`, 5*time.Second),
		poll(`document.querySelector('[data-key="msg"]').textContent === `+jsString(hand2), 5*time.Second))
	shoot(t, phone, screenshots(t), "serve-told.png")
	step(phone, "hand 3 being entered on the phone: Ann went out, Bob 7",
		chromedp.Click(chromedp.CSS(`button[data-player="Ann"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="7"]`)),
		poll(chipsOf("Bob")+` === "7"`, time.Second))
	if code, _, errs := harness.Unoscore(t, s.DB, "hand", "--out", "Cat", "--left", "Ann=r2", "--left", "Bob=g2"); code != 0 {
		t.Fatal(errs)
	}
	const hand3 = "Hand 3 was just recorded from another device: Cat went out, 4 points."
	step(phone, "hand 3 from the command line is told above the hand being entered, which stays",
		poll(`document.getElementById("told") && document.getElementById("told").textContent === `+jsString(hand3), 5*time.Second))
	got, err := chromedp.Run(phone, chromedp.Evaluate[string](`(() => {
		const bad = [], told = document.getElementById("told"), hands = document.querySelector(".hands");
		if (!(told.compareDocumentPosition(hands) & Node.DOCUMENT_POSITION_FOLLOWING)) bad.push("the sentence is not above the hand");
		if (`+chipsOf("Bob")+` !== "7") bad.push("Bob's cards are now " + JSON.stringify(`+chipsOf("Bob")+`));
		if (!document.querySelector('button[data-hand="Bob"]').closest(".hand").classList.contains("on")) bad.push("Bob's hand is no longer the one tapped");
		if (!document.getElementById("changeout") || document.getElementById("changeout").textContent !== "Ann") bad.push("who went out is gone");
		return bad.join("; ");
	})()`))
	if err != nil || got != "" {
		t.Errorf("while a hand is entered: %s %v", got, err)
	}
	shoot(t, phone, screenshots(t), "serve-told-entering.png")
	step(phone, "Start over: the sentence stays, under the keys",
		chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`),
		chromedp.Click(chromedp.ID("restart")),
		poll(`document.querySelector('[data-key="msg"]').textContent === `+jsString(hand3)+` && !document.getElementById("told")`, time.Second))
	step(phone, "hand 4 saved on the phone: Bob went out, Ann 9 (its answer late)",
		chromedp.Click(chromedp.CSS(`button[data-player="Bob"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Ann"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="9"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Cat"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="1"]`)),
		chromedp.Click(chromedp.ID("save")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent === "Saved hand 4: Bob went out, 10 points."`, 5*time.Second),
		chromedp.Sleep(2*time.Second))
	told, err := chromedp.Run(phone, chromedp.Evaluate[[]string](`told`))
	if err != nil {
		t.Fatal(err)
	}
	if len(told) != 2 || told[0] != hand2 || told[1] != hand3 {
		t.Errorf("the phone told %q; want only hands 2 and 3 (the command line's)", told)
	}
}
