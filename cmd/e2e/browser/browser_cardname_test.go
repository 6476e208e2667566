package browser

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// wholeNames says which totals' names do not show whole in their card: a
// name cut (its text wider or taller than its box, as an ellipsis cuts
// it), or one that sticks out of the card.
const wholeNames = `(() => {
	const bad = [];
	for (const c of document.querySelectorAll(".total")) {
		const n = c.querySelector(".name"), r = document.createRange();
		r.selectNodeContents(n);
		const t = r.getBoundingClientRect(), b = n.getBoundingClientRect(), card = c.getBoundingClientRect();
		if (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1 || getComputedStyle(n).textOverflow === "ellipsis" && getComputedStyle(n).whiteSpace === "nowrap"
			|| t.left < card.left - .5 || t.right > card.right + .5 || t.bottom > b.bottom + .5) {
			bad.push(JSON.stringify(n.textContent) + " (" + Math.round(t.width) + "x" + Math.round(t.height) + " in " + Math.round(b.width) + "x" + Math.round(b.height) + ")");
		}
		if (parseFloat(getComputedStyle(n).fontSize) < 12) bad.push(JSON.stringify(n.textContent) + " at " + getComputedStyle(n).fontSize);
	}
	return bad.join("; ");
})()`

// TestBrowserCardNamesWhole: on a phone (390x844) a card's header shows
// its name whole, on two lines where it must: a partners team of
// "Grandma Rosalind & Zoe" read "Grandma Rosal…", and a player's name of
// the most letters a name may have (24) was cut the same way.
func TestBrowserCardNamesWhole(t *testing.T) {
	t.Parallel()
	_, dir, db, s, phone, step := layoutMeasure(t)
	long := "Maximilianalexanderjones" // 24 letters, no break
	for _, g := range []struct {
		what string
		args []string
	}{
		{"partners", []string{"--players", "Grandma Rosalind,Max,Zoe,Mom", "--mode", "partners", "--team", "Grandma Rosalind,Zoe", "--team", "Max,Mom"}},
		{"long names", []string{"--players", long + ",Christopher Alexander,Bob,Wilhelmina Rosalind Jo"}},
	} {
		harness.NewGame(t, db, g.args...)
		step(phone, g.what, phoneView, navigate(s.View), chromedp.WaitVisible(chromedp.CSS(".totals")))
		bad, err := chromedp.Run(phone, chromedp.Evaluate[string](wholeNames))
		if err != nil {
			t.Fatal(err)
		}
		if bad != "" {
			t.Errorf("%s at 390x844: cut: %s", g.what, bad)
		}
		for _, more := range []string{fitTotals, fmt.Sprintf("%s(390)", overflow)} {
			if bad, err := chromedp.Run(phone, chromedp.Evaluate[string](more)); err != nil || bad != "" {
				t.Errorf("%s at 390x844: %s %v", g.what, bad, err)
			}
		}
		shoot(t, phone, dir, "card-names-"+g.args[1][:3]+".png")
	}
}
