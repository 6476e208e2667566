package browser

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTVStaleKeepsLayout: on a television at 1280×720, the board
// does not move when the server goes away and the footer says
// "reconnecting…" in its larger pill: the totals and the score pad keep
// their places and sizes, and no row of the pad is cut by the pad's
// bottom. The stale footer took the room of the pad's last row, which then
// showed cut in half.
func TestBrowserTVStaleKeepsLayout(t *testing.T) {
	t.Parallel()
	players := []string{"Ann", "Bob", "Cat", "Dan"}
	var hands [][]string
	for h := 0; h < 16; h++ {
		hand := []string{"--out", players[h%4]}
		for i, p := range players {
			if i != h%4 {
				hand = append(hand, "--left", fmt.Sprintf("%s=r%d", p, (h+i)%10))
			}
		}
		hands = append(hands, hand)
	}
	s := servedGame(t, setup{New: []string{"--players", strings.Join(players, ","), "--name", "Friday night"}, Hands: hands})
	tv := s.window(t)
	step := stepper(t)
	// layout: where the totals and the pad are, and the rows cut.
	layout := `(() => {
		const at = s => { const r = document.querySelector(s).getBoundingClientRect(); return s + " " + [r.left, r.top, r.width, r.height].map(Math.round).join(","); };
		const wrap = document.querySelector(".padwrap"), end = wrap.getBoundingClientRect().bottom;
		const cut = [...wrap.querySelectorAll("tbody tr")].filter(r => r.getClientRects().length && r.getBoundingClientRect().bottom > end + 1).map(r => "hand " + r.cells[0].textContent + "'s row is cut");
		const shown = [...wrap.querySelectorAll("tbody tr")].filter(r => r.getClientRects().length).length;
		return [at(".totals"), at(".padwrap"), shown + " rows"].concat(cut).join("; ");
	})()`
	step(tv, "the television, live", chromedp.EmulateViewport(1280, 720), navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(".totals")),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second))
	live, err := chromedp.Run(tv, chromedp.Evaluate[string](layout))
	if err != nil {
		t.Fatal(err)
	}
	s.Stop(t)
	step(tv, "the television, reconnecting", poll(`document.body.classList.contains("stale") && document.getElementById("status").textContent.startsWith("reconnecting")`, 5*time.Second))
	stale, err := chromedp.Run(tv, chromedp.Evaluate[string](layout))
	if err != nil {
		t.Fatal(err)
	}
	if stale != live || strings.Contains(live, "cut") {
		t.Errorf("the board moved when the server went away:\nlive:         %s\nreconnecting: %s", live, stale)
	}
	if over, err := chromedp.Run(tv, chromedp.Evaluate[string](`(() => {
		const d = document.documentElement, f = document.getElementById("status").getBoundingClientRect();
		return (d.scrollHeight > innerHeight ? "the page is " + d.scrollHeight + " px high; " : "") + (f.bottom > innerHeight || f.right > innerWidth ? "the pill is off the screen" : "");
	})()`)); err != nil || over != "" {
		t.Errorf("reconnecting: %s %v", over, err)
	}
	shoot(t, tv, screenshots(t), "serve-tv-reconnecting.png")
}
