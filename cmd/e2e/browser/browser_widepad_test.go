package browser

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserWidePadKeyboard: a score pad wider than a phone scrolls
// sideways within itself; a keyboard reaches it (axe-core's
// scrollable-region-focusable, serious, failed on the viewer's and the
// scorer's page with ten players at 390 px), and a pad that fits takes no
// stop of its own.
func TestBrowserWidePadKeyboard(t *testing.T) {
	t.Parallel()
	players := "Grandma Rosemary,Grandpa Bartholomew,Aunt Penelope,Uncle Maximilian,Cousin Alexandria,Mom,Dad,Kid,Baby,Nana"
	args := []string{"--out", "Mom"}
	for i, p := range strings.Split(players, ",") {
		if p != "Mom" {
			args = append(args, "--left", p+"="+string(rune('0'+i))) // no more copies than the deck holds
		}
	}
	s := servedGame(t, setup{New: []string{"--players", players}, Hands: [][]string{args}})
	script := axeScript(t)
	phone := s.window(t)
	step := stepper(t)
	for _, page := range []string{s.View, s.Score} {
		step(phone, "a phone: "+page, phoneView, navigate(page), chromedp.WaitVisible(chromedp.CSS(".padwrap")),
			poll(`(w => w.scrollWidth > w.clientWidth + 1 && w.tabIndex === 0 && w.getAttribute("role") === "region")(document.querySelector(".padwrap"))`, 5*time.Second))
		if bad := axe(t, phone, script, page); len(bad) != 0 {
			t.Errorf("%s on a phone: %s", page, strings.Join(bad, "; "))
		}
	}
	step(phone, "the television: the pad fits, no stop", chromedp.EmulateViewport(1920, 1080), navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(".padwrap")),
		poll(`!document.querySelector(".padwrap").hasAttribute("tabindex")`, 5*time.Second))
}
