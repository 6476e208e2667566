package browser

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserNoTokenNoForm: the scorer's page opened without its token
// offers no new-game form (it was open, to be filled in and then refused
// with "Starting a game needs the scorer's address"), and says which address
// starts a game; with the token, the form is there.
func TestBrowserNoTokenNoForm(t *testing.T) {
	t.Parallel()
	s := servedGame(t, setup{})
	bare, _, _ := strings.Cut(s.Score, "#")
	phone := s.phone(t, bare)
	step := stepper(t)
	step(phone, "no token, no game",
		chromedp.WaitReady(chromedp.CSS(`#newgame`)),
		poll(`document.getElementById("newgame").hidden && document.getElementById("newgame").getBoundingClientRect().height === 0`, 5*time.Second),
		poll(`!!document.getElementById("newnotoken") && document.getElementById("newnotoken").textContent.startsWith("Starting a game needs the scorer's address with its token")`, time.Second))
	step(phone, "the token given", navigate(s.Score),
		poll(`!document.getElementById("newgame").hidden && document.getElementById("newgame").open && !document.getElementById("newnotoken")`, 5*time.Second))
}
