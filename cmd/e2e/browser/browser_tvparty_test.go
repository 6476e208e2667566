package browser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// levelTotals measures that every card of a row has its big number at one
// height, whatever badges its note holds ("leads", "deals next", both) or
// its name's lines: the middles of the numbers' text, and the bottoms of
// their "to go", within a pixel along each row.
const levelTotals = `(() => {
	const bad = [], rows = new Map();
	for (const c of document.querySelectorAll(".total")) {
		const top = Math.round(c.getBoundingClientRect().top), r = document.createRange();
		r.selectNodeContents(c.querySelector(".score"));
		const t = r.getBoundingClientRect(), say = c.querySelector(".note .say");
		if (!rows.has(top)) rows.set(top, []);
		rows.get(top).push({name: c.querySelector(".name").textContent, mid: (t.top + t.bottom) / 2, foot: say ? say.getBoundingClientRect().bottom : null});
	}
	for (const cards of rows.values()) {
		for (const [what, key] of [["number", "mid"], ["\"to go\"", "foot"]]) {
			const at = cards.filter(c => c[key] !== null), lo = Math.min(...at.map(c => c[key]));
			const off = at.filter(c => c[key] - lo > 1);
			if (off.length) bad.push(off.map(c => c.name + "'s " + what + " is " + (c[key] - lo).toFixed(1) + " px lower than " + at.find(c => c[key] === lo).name + "'s").join(", "));
		}
	}
	return bad.join("; ");
})()`

// fitRows measures the totals as fitTotals does, but for the heights: the
// cards of a row are one height (a row whose card has two badges may be
// taller than the other row).
const fitRows = `(() => {
	const bad = [], rows = new Map();
	for (const c of document.querySelectorAll(".total")) {
		const s = c.querySelector(".score"), r = document.createRange();
		r.selectNodeContents(s);
		const t = r.getBoundingClientRect(), b = c.getBoundingClientRect(), room = b.width * .04;
		if (t.left < b.left + room - .5 || t.right > b.right - room + .5) {
			bad.push(JSON.stringify(s.textContent) + " is " + Math.round(t.width) + " px wide in a card " + Math.round(b.width) + " px wide");
		}
		const top = Math.round(b.top);
		if (!rows.has(top)) rows.set(top, []);
		rows.get(top).push(Math.round(b.height));
	}
	for (const hs of rows.values()) {
		if (Math.max(...hs) - Math.min(...hs) > 1) bad.push("the cards of a row are " + hs.join(", ") + " px tall");
	}
	return bad.join("; ");
})()`

// padShows measures a television's score pad: its headings whole and on
// the screen, and at least least hands shown, every one whole (none cut
// by the foot of the pad's room or of the screen), and the page no taller
// or wider than the screen.
const padShows = `((least) => {
	const bad = [], d = document.documentElement;
	if (d.scrollWidth > innerWidth) bad.push("the page is " + d.scrollWidth + " px wide");
	if (d.scrollHeight > innerHeight) bad.push("the page is " + d.scrollHeight + " px tall");
	for (const c of document.querySelectorAll(".total")) {
		const r = c.getBoundingClientRect();
		if (r.right > innerWidth + 1 || r.bottom > innerHeight + 1) bad.push(c.querySelector(".name").textContent + "'s card ends at " + Math.round(r.right) + "," + Math.round(r.bottom));
	}
	const wrap = document.querySelector(".padwrap");
	if (!wrap) return "no score pad";
	const end = Math.min(wrap.getBoundingClientRect().bottom, innerHeight), head = wrap.querySelector("thead tr").getBoundingClientRect();
	if (head.height < 10 || head.bottom > end + .5) bad.push("the pad's headings end at " + Math.round(head.bottom) + ", its room at " + Math.round(end));
	const shown = [...wrap.querySelectorAll("tbody tr")].filter(r => !r.hidden && r.getClientRects().length);
	if (shown.length < least) bad.push("the pad shows " + shown.length + " hands, fewer than " + least);
	for (const r of shown) {
		if (r.getBoundingClientRect().bottom > end + .5) bad.push("hand " + r.cells[0].textContent + "'s row is cut at " + Math.round(end));
	}
	return bad.join("; ");
})`

// TestBrowserTVParty: a Party deck game of 12, 13 and 16 players at one table
// (standard mode) on a television, 1280×720 and 1920×1080, after eight
// hands: the totals in two rows (6 + 6, 7 + 6, 8 + 8), every name whole at the
// board's least size, every badge inside its card, every number whole,
// the numbers of a row level whether a card has no badge, "deals next",
// or "leads" and "deals next" both, and the score pad showing its
// headings and at least the last three hands whole below them. (Three
// rows of six cards left the pad a strip with its headings cut, and a
// card with "deals next" had its number raised above its row's.) Four
// players keep their look, and their numbers level too.
func TestBrowserTVParty(t *testing.T) {
	t.Parallel()
	_, dir, db, s, tv, step := layoutMeasure(t)
	for _, g := range []struct {
		players string
		lead    int // who goes out of the last hand, with the most points
		pad     int // hands the pad shows at least
	}{
		// Ida deals next and leads: two badges on one card.
		{"Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ida,Jo,Kim,Lou,Max,Ned,Oli,Pam", 8, 3},
		// Grandma Rose leads, Ida deals next, on the other row.
		{"Grandma Rose,Dad,Mum,Uncle Bartholomew,Lily,Max,Evangeline,Kim,Ida,Leo,Gus,Ivy,Zoë", 0, 3},
		// Twelve with long names: 6 + 6.
		{"Grandma Rose,Dad,Grandmother Rosemary Ann,Uncle Bartholomew,Mum,Cousin Maximilian,Lily,Max,Evangeline,Christopher,Kim,Leo", 3, 3},
		{"Ann,Bob,Cat,Dan", 2, 3},
	} {
		players := strings.Split(g.players, ",")
		n := len(players)
		args := []string{"--players", g.players, "--name", fmt.Sprintf("%d at the party", n)}
		if n > 10 {
			args = append(args, "--deck", "party")
		}
		harness.NewGame(t, db, args...)
		for h := range 8 {
			out := players[h%n]
			if h == 7 {
				out = players[g.lead]
			}
			hand := []string{"hand", "--out", out}
			for i, p := range players {
				if p != out {
					pts := (i*7 + h*3) % 12
					if h == 7 {
						pts += 20
					}
					hand = append(hand, "--left", fmt.Sprintf("%s=%dpts", p, pts))
				}
			}
			if code, _, errs := harness.Unoscore(t, db, hand...); code != 0 {
				t.Fatalf("%d players, hand %d: %s", n, h+1, errs)
			}
		}
		for _, size := range [][2]int64{{1280, 720}, {1920, 1080}} {
			what := fmt.Sprintf("%d players at %dx%d", n, size[0], size[1])
			step(tv, what, chromedp.EmulateViewport(size[0], size[1]), navigate(s.View),
				chromedp.WaitVisible(chromedp.CSS(".totals")),
				poll(`document.getElementById("status").textContent === "live"`, 5e9))
			least := 24 * size[1] / 1080
			for _, check := range []struct{ name, js string }{
				{"cards", fmt.Sprintf("%s(%d, true, true)", tvCards, least)},
				{"numbers", fitRows},
				{"level", levelTotals},
				{"pad", fmt.Sprintf("%s(%d)", padShows, g.pad)},
				{"text", fmt.Sprintf("%s(%d)", smallText, least)},
			} {
				bad, err := chromedp.Run(tv, chromedp.Evaluate[string](check.js))
				if err != nil {
					t.Fatal(err)
				}
				if bad != "" {
					t.Errorf("%s, %s: %s", what, check.name, bad)
				}
			}
			if n > 10 {
				rows, err := chromedp.Run(tv, chromedp.Evaluate[string](`[...new Set([...document.querySelectorAll(".total")].map(c => Math.round(c.getBoundingClientRect().top)))].length + " rows"`))
				if err != nil || rows != "2 rows" {
					t.Errorf("%s: the totals take %s (%v), not 2 rows", what, rows, err)
				}
			}
			name := fmt.Sprintf("tvparty-%d-%d.png", n, size[0])
			if n == 16 && size[0] == 1280 {
				name = "serve-party-16-tv.png" // docs/serve.md's
			}
			shoot(t, tv, dir, name)
		}
	}
}
