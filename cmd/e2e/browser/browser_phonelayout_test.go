package browser

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// covered is a script saying what of the page lies under the footer's
// "reconnecting…" bar, at the top, middle and end of the page's scroll
// (the window's, or main's where main scrolls): a total's number, a badge,
// a key of the keypad, a line of the key or a cell of the pad whose middle
// shows on the screen (within the viewport and within main's box) but
// where the bar, not it, is what a tap or an eye meets.
const covered = `(() => {
	const main = document.querySelector("body > main"), foot = document.querySelector(".foot");
	const scroller = getComputedStyle(main).overflowY === "auto" || getComputedStyle(main).overflowY === "scroll" ? main : document.scrollingElement;
	const bad = [];
	for (const at of [0, .5, 1]) {
		scroller.scrollTop = at * (scroller.scrollHeight - scroller.clientHeight);
		const m = main.getBoundingClientRect();
		for (const e of document.querySelectorAll(".total .score, .total .badge, #scorer button, #why, .key, .pad td, .head")) {
			if (!e.getClientRects().length) continue;
			const r = e.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
			if (y < 0 || y > innerHeight || y < m.top || y > m.bottom || x < 0 || x > innerWidth) continue;
			const hit = document.elementFromPoint(x, y);
			if (hit && foot.contains(hit)) bad.push(e.className + " " + JSON.stringify(e.textContent.trim().slice(0, 30)) + " at " + Math.round(y) + " (scrolled " + at + ")");
		}
	}
	return [...new Set(bad)].slice(0, 6).join("; ");
})()`

// TestBrowserReconnectingTakesItsRoom: with the server stopped, the phones'
// red "reconnecting…" bar takes a room of its own at the foot of the
// screen and covers nothing, scrolled to the top, the middle or the end:
// on the scorer's phone (the leading total, the keypad) and on a viewer's
// (the KO key). It lay over them, fixed at the bottom of the screen.
func TestBrowserReconnectingTakesItsRoom(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	players := []string{"Mom", "Dad", "Zoe", "Max", "Grandma Rosalind"}
	harness.NewGame(t, db, "--players", strings.Join(players, ","), "--deck", "no-mercy")
	for h := 0; h < 3; h++ {
		hand := []string{"hand", "--out", players[h%5]}
		for i, p := range players {
			if i == 4 && h == 0 {
				hand = append(hand, "--knocked-out", p)
			} else if i != h%5 {
				hand = append(hand, "--left", fmt.Sprintf("%s=r%d", p, i+h))
			}
		}
		if code, _, errs := harness.Unoscore(t, db, hand...); code != 0 {
			t.Fatal(errs)
		}
	}
	s := harness.StartServe(t, db)
	phone, viewer := browser(t, exe), browser(t, exe)
	step := stepper(t)
	step(phone, "the scorer's phone, mid-hand", phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Zoe"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Zoe"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-face="7"]`)),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second))
	step(viewer, "a viewer's phone", phoneView, navigate(s.View),
		chromedp.WaitVisible(chromedp.CSS(`.ko-key`)),
		poll(`document.getElementById("status").textContent === "live"`, 10*time.Second))
	s.Stop(t)
	dir := screenshots(t)
	for i, page := range []string{"the scorer's phone", "a viewer's phone"} {
		ctx := phone
		if i == 1 {
			ctx = viewer
		}
		step(ctx, page+" reconnecting", poll(`document.body.classList.contains("stale") && document.getElementById("status").textContent.startsWith("reconnecting")`, 5*time.Second))
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](covered))
		if err != nil || got != "" {
			t.Errorf("%s: the reconnecting bar covers %s %v", page, got, err)
		}
		shoot(t, ctx, dir, fmt.Sprintf("serve-reconnecting-%d.png", i))
	}
}

// TestBrowserWhyLineRoom: the line under the keys that says why a key is
// greyed ("The deck has 4 Wild Draw Fours, all tapped already.", two lines
// at 390 px) has room for all its lines: every line of its text inside its
// box, and its last line clear of the ×1 to ×4 keys below, outline of the
// key picked included. Its second line sat under the ×1 key's outline.
func TestBrowserWhyLineRoom(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	harness.NewGame(t, db, "--players", "Mom,Dad,Zoe,Max,Grandma Rosalind")
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	step(phone, "Mom went out; Max: four Wild Draw Fours", phoneView, navigate(s.Score),
		chromedp.WaitVisible(chromedp.CSS(`button[data-player="Mom"]`)),
		chromedp.Click(chromedp.CSS(`button[data-player="Mom"]`)),
		chromedp.WaitVisible(chromedp.CSS(`button[data-hand="Max"]`)),
		chromedp.Click(chromedp.CSS(`button[data-hand="Max"]`)),
		chromedp.Click(chromedp.CSS(`.tools button[data-key="n:4"]`)),
		chromedp.Click(chromedp.CSS(`button[data-face="wd4"]`)),
		poll(`document.getElementById("why") && document.getElementById("why").textContent === "The deck has 4 Wild Draw Fours, all tapped already."`, time.Second))
	got, err := chromedp.Run(phone, chromedp.Evaluate[string](`(() => {
		const why = document.getElementById("why"), box = why.getBoundingClientRect(), r = document.createRange();
		r.selectNodeContents(why);
		const lines = [...r.getClientRects()], bottom = Math.max(...lines.map(l => l.bottom)), bad = [];
		if (new Set(lines.map(l => Math.round(l.top))).size < 2) bad.push("the line is not on two lines at 390 px (the test's premise)");
		if (bottom > box.bottom + .5) bad.push("its text ends at " + bottom.toFixed(1) + ", its box at " + box.bottom.toFixed(1));
		for (const b of document.querySelectorAll(".tools button")) {
			const cs = getComputedStyle(b), out = cs.outlineStyle === "none" ? 0 : parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset);
			const top = b.getBoundingClientRect().top - Math.max(0, out);
			if (top < bottom - .5) bad.push(b.textContent + "'s key (its outline) starts at " + top.toFixed(1) + ", above the line's end at " + bottom.toFixed(1));
		}
		return bad.join("; ");
	})()`))
	if err != nil || got != "" {
		t.Errorf("the line under the keys: %s %v", got, err)
	}
	shoot(t, phone, screenshots(t), "serve-why-two-lines.png")
}

// level is a script saying which cards' big numbers are not level with
// the others of their row (cards whose tops are within a pixel share a
// row).
const level = `(() => {
	const rows = new Map(), bad = [];
	for (const c of document.querySelectorAll(".total")) {
		const top = Math.round(c.getBoundingClientRect().top), s = c.querySelector(".score").getBoundingClientRect();
		const row = [...rows.keys()].find(k => Math.abs(k - top) <= 1) ?? top;
		if (!rows.has(row)) rows.set(row, []);
		rows.get(row).push([c.querySelector(".name").textContent, (s.top + s.bottom) / 2]);
	}
	for (const cards of rows.values()) {
		for (const [name, y] of cards) {
			if (Math.abs(y - cards[0][1]) > 1) bad.push(name + "'s number at " + y.toFixed(1) + ", " + cards[0][0] + "'s at " + cards[0][1].toFixed(1));
		}
	}
	return bad.join("; ");
})()`

// TestBrowserPhoneNumbersLevel: on phones (390 and 360 px, the viewer's
// page and the scorer's), the big numbers of the cards in a row are
// level when one card's note goes onto two lines ("deals next" and "100
// to spare", 8 players at lowest) or one name does: the cards of a row
// share their name's, number's and note's tracks, as on a television.
// The number of a card with a two-line note sat higher than its
// neighbour's.
func TestBrowserPhoneNumbersLevel(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	players := []string{"Aunt Evangeline", "Cousin Frederick", "Grandma Rosalind", "Grandpa Bartholomew", "Mom", "Dad", "Zoe", "Max"}
	harness.NewGame(t, db, "--players", strings.Join(players, ","), "--mode", "lowest", "--target", "100")
	for h := 0; h < 2; h++ {
		hand := []string{"hand", "--out", players[6+h]}
		for i, p := range players {
			if i != 6+h {
				hand = append(hand, "--left", fmt.Sprintf("%s=r%d", p, (i*3+h)%10))
			}
		}
		if code, _, errs := harness.Unoscore(t, db, hand...); code != 0 {
			t.Fatal(errs)
		}
	}
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	dir := screenshots(t)
	for _, w := range []int64{390, 360} {
		for _, page := range []struct{ what, url string }{{"the viewer's page", s.View}, {"the scorer's page", s.Score}} {
			what := fmt.Sprintf("%s at %d px", page.what, w)
			step(phone, what, chromedp.EmulateViewport(w, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait), navigate(page.url),
				chromedp.WaitVisible(chromedp.CSS(".totals")))
			got, err := chromedp.Run(phone, chromedp.Evaluate[string](level))
			if err != nil || got != "" {
				t.Errorf("%s: %s %v", what, got, err)
			}
			// The cards still fit: no name or number spills out of its card.
			got, err = chromedp.Run(phone, chromedp.Evaluate[string](overflow+fmt.Sprintf("(%d)", w)))
			if err != nil || got != "" {
				t.Errorf("%s: %s %v", what, got, err)
			}
		}
		shoot(t, phone, dir, fmt.Sprintf("serve-level-%d.png", w))
	}
}

// phoneSmallText is a script naming the text on the board set smaller than
// 14 px (each element holding text of its own, shown), with its size.
const phoneSmallText = `(() => {
	const bad = [];
	for (const e of document.querySelectorAll(".board *, .foot *")) {
		if (!e.getClientRects().length || e.closest(".sr")) continue;
		if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
		const px = parseFloat(getComputedStyle(e).fontSize);
		if (px < 14 - .01) bad.push(e.tagName.toLowerCase() + "." + e.className + " " + JSON.stringify(e.textContent.trim().slice(0, 30)) + " " + px.toFixed(1) + " px");
	}
	return [...new Set(bad)].slice(0, 8).join("; ");
})()`

// TestBrowserPhoneTextSize: on a viewer's phone (390x844 and 360x640),
// read across the table, no text of the board is smaller than 14 px: the
// pad's caption, figures and headings, the key, the notes and badges of
// the totals, with 8 players whose pad scrolls sideways. The caption was
// 10.6 px, the pad 12.5 and its key 12.8.
func TestBrowserPhoneTextSize(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	players := []string{"Aunt Evangeline", "Cousin Frederick", "Grandma Rosalind", "Grandpa Bartholomew", "Mom", "Dad", "Zoe", "Max"}
	harness.NewGame(t, db, "--players", strings.Join(players, ","), "--mode", "lowest", "--target", "100")
	for h := 0; h < 3; h++ {
		hand := []string{"hand", "--out", players[h]}
		for i, p := range players {
			if i != h {
				hand = append(hand, "--left", fmt.Sprintf("%s=r%d", p, (i*3+h)%10))
			}
		}
		if code, _, errs := harness.Unoscore(t, db, hand...); code != 0 {
			t.Fatal(errs)
		}
	}
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	for _, size := range [][2]int64{{390, 844}, {360, 640}} {
		what := fmt.Sprintf("the viewer's page at %dx%d", size[0], size[1])
		step(phone, what, chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateMobile, chromedp.EmulatePortrait), navigate(s.View),
			chromedp.WaitVisible(chromedp.CSS(".pad")))
		got, err := chromedp.Run(phone, chromedp.Evaluate[string](phoneSmallText))
		if err != nil || got != "" {
			t.Errorf("%s: %s %v", what, got, err)
		}
		got, err = chromedp.Run(phone, chromedp.Evaluate[string](`document.documentElement.scrollWidth > innerWidth ? "the page is " + document.documentElement.scrollWidth + " px wide" : ""`))
		if err != nil || got != "" {
			t.Errorf("%s: %s %v (the pad scrolls within itself)", what, got, err)
		}
	}
	step(phone, "the pad's end", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.body.scrollHeight)`))
	shoot(t, phone, screenshots(t), "serve-viewer-360-text.png")
}

// TestBrowserFormSelectsWhole: on phones 390 and 360 px wide, every
// choice of the new-game form's lists (mode, deck, who receives the 250)
// reads whole in its list's box: its text, set in the list's font, is no
// wider than the box less its padding and arrow. They showed "no-mercy
// (UNO Show 'Em No M" and "the hand's winner, for each pla".
func TestBrowserFormSelectsWhole(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	db := filepath.Join(t.TempDir(), "u.db")
	s := harness.StartServe(t, db)
	phone := browser(t, exe)
	step := stepper(t)
	for _, w := range []int64{390, 360} {
		what := fmt.Sprintf("the new-game form at %d px", w)
		step(phone, what, chromedp.EmulateViewport(w, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait), navigate(s.Score),
			chromedp.WaitVisible(chromedp.CSS(`#newform select[name="deck"]`)),
			chromedp.SetValue(chromedp.CSS(`#newform select[name="deck"]`), "no-mercy"),
			chromedp.Evaluate[chromedp.Void](`document.querySelector('#newform select[name="deck"]').dispatchEvent(new Event("change", {bubbles: true}))`),
			chromedp.WaitVisible(chromedp.CSS(`#newform select[name="mercy_bonus"]`)))
		got, err := chromedp.Run(phone, chromedp.Evaluate[string](`(() => {
			const bad = [], c = document.createElement("canvas").getContext("2d");
			for (const sel of document.querySelectorAll("#newform select")) {
				if (!sel.getClientRects().length) continue;
				const cs = getComputedStyle(sel);
				c.font = cs.fontWeight + " " + cs.fontSize + " " + cs.fontFamily;
				// The room for the text: the box less its padding and
				// borders, and the arrow (about 1.2em).
				const room = sel.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth) - 1.2 * parseFloat(cs.fontSize);
				for (const o of sel.options) {
					const w = c.measureText(o.textContent).width;
					if (w > room) bad.push(JSON.stringify(o.textContent) + " is " + Math.round(w) + " px in " + Math.round(room));
				}
			}
			return bad.join("; ");
		})()`))
		if err != nil || got != "" {
			t.Errorf("%s: %s %v", what, got, err)
		}
		shoot(t, phone, screenshots(t), fmt.Sprintf("serve-form-selects-%d.png", w))
	}
}

// TestBrowserTVFivePlus: on a television at 1280×720, with 5 and with 10
// players, every player's card has a colour of its own, every name is set
// at one size (a long one goes onto two lines), and the score pad's
// players' columns are one width; axe-core finds no contrast to fault in
// either colour scheme. Five players gave Mom and Grandma Rosalind both
// red, set "Grandma Rosalind" smaller, and left a wide gap before its
// column.
func TestBrowserTVFivePlus(t *testing.T) {
	t.Parallel()
	exe := chromium(t)
	script := axeScript(t)
	db := filepath.Join(t.TempDir(), "u.db")
	s := harness.StartServe(t, db)
	tv := browser(t, exe)
	step := stepper(t)
	dir := screenshots(t)
	for _, players := range [][]string{
		{"Mom", "Dad", "Zoe", "Max", "Grandma Rosalind"},
		{"Mom", "Dad", "Zoe", "Max", "Grandma Rosalind", "Ann", "Bob", "Cat", "Dan", "Eve"},
	} {
		harness.NewGame(t, db, "--players", strings.Join(players, ","), "--deck", "no-mercy")
		hand := []string{"hand", "--out", players[1]}
		for i, p := range players {
			if i != 1 {
				hand = append(hand, "--left", fmt.Sprintf("%s=r%d", p, i))
			}
		}
		if code, _, errs := harness.Unoscore(t, db, hand...); code != 0 {
			t.Fatal(errs)
		}
		for _, scheme := range []string{"light", "dark"} {
			what := fmt.Sprintf("%d players, %s", len(players), scheme)
			step(tv, what, chromedp.EmulateViewport(1280, 720), colorScheme(scheme), bypassCSP, navigate(s.View),
				poll(`document.querySelectorAll(".total").length === `+fmt.Sprint(len(players)), 5*time.Second))
			got, err := chromedp.Run(tv, chromedp.Evaluate[string](`(() => {
				const bad = [], seen = new Map(), sizes = new Set();
				for (const c of document.querySelectorAll(".total")) {
					const n = c.querySelector(".name"), bg = getComputedStyle(n).backgroundColor;
					if (seen.has(bg)) bad.push(n.textContent + " has " + seen.get(bg) + "'s colour");
					seen.set(bg, n.textContent);
					sizes.add(getComputedStyle(n).fontSize);
				}
				if (sizes.size > 1) bad.push("the names are set at " + [...sizes].join(", "));
				const ths = [...document.querySelectorAll(".pad thead th")].slice(-`+fmt.Sprint(len(players))+`).map(th => Math.round(th.getBoundingClientRect().width));
				if (Math.max(...ths) - Math.min(...ths) > 1) bad.push("the players' columns are " + ths.join(", ") + " px wide");
				return bad.join("; ");
			})()`))
			if err != nil || got != "" {
				t.Errorf("%s: %s %v", what, got, err)
			}
			if v := axe(t, tv, script, what); len(v) > 0 {
				t.Errorf("%s: %s", what, strings.Join(v, "\n"))
			}
			shoot(t, tv, dir, fmt.Sprintf("serve-tv-%d-%s.png", len(players), scheme))
		}
	}
}
