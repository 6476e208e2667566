package browser

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// TestBrowserConflictSetsSaveAside: while the phone asks whether to save
// a hand over one recorded meanwhile from elsewhere, Save anyway (under
// the question) is the only save offered: Save hand is greyed, no longer
// the green button, and the focus, which was on it, is on Save anyway.
// A card changed after the question is part of what Save anyway saves.
// Save hand stayed green and enabled above Save anyway.
func TestBrowserConflictSetsSaveAside(t *testing.T) {
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
		chromedp.Click(chromedp.CSS(`button[data-face="5"]`)))
	if code, _, errs := harness.Unoscore(t, s.DB, "hand", "--out", "Bob", "--left", "Ann=r1", "--left", "Cat=g2"); code != 0 {
		t.Fatal(errs)
	}
	step(phone, "Save: the game changed meanwhile",
		chromedp.Focus(chromedp.ID("save")), chromedp.KeyEvent("\r"),
		poll(`!!document.getElementById("anyway")`, 5*time.Second))
	got, err := chromedp.Run(phone, chromedp.Evaluate[string](`(() => {
		const save = document.getElementById("save"), bad = [];
		if (!save.disabled) bad.push("Save hand is enabled");
		if (save.classList.contains("primary") || getComputedStyle(save).backgroundColor === getComputedStyle(document.getElementById("anyway")).backgroundColor) bad.push("Save hand looks as Save anyway does");
		if (document.activeElement !== document.getElementById("anyway")) bad.push("the focus is on " + document.activeElement.tagName + "#" + document.activeElement.id);
		return bad.join("; ");
	})()`))
	if err != nil || got != "" {
		t.Errorf("while the phone asks whether to save anyway: %s %v", got, err)
	}
	shoot(t, phone, screenshots(t), "serve-conflict.png")
	step(phone, "Bob's 5 becomes a 6, then Save anyway",
		chromedp.Click(chromedp.CSS(`button[data-hand="Bob"]`)),
		chromedp.Click(chromedp.CSS(`[data-key="back"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="6"]`)),
		poll(`!!document.getElementById("anyway") && document.getElementById("save").disabled`, time.Second),
		chromedp.Click(chromedp.ID("anyway")),
		poll(`document.querySelector(".msg.good") && document.querySelector(".msg.good").textContent.startsWith("Saved hand 2: Cat went out, 13 points.")`, 5*time.Second),
		poll(`!document.getElementById("save") || !document.getElementById("save").disabled`, time.Second))
	rows := boardOf(t, s.DB)["rows"].([]any)
	if len(rows) != 2 {
		t.Fatalf("%d hands, want 2", len(rows))
	}
	if cards := rows[1].(map[string]any)["cards"].(map[string]any); cards["Ann"] != "7" || cards["Bob"] != "6" {
		t.Fatalf("Save anyway saved %v", cards)
	}
}
