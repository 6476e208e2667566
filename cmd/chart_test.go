package cmd

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/ui"
)

// chartPicture is a chart read back from the screen: the y-axis's label of
// each row of the plot, the rows themselves (what is right of the axis),
// the columns of the x-axis's ticks and the numbers under them.
type chartPicture struct {
	labels []int // from the top
	rows   [][]rune
	target int // the row ending in "target", or -1
	ticks  []int
	hands  []int
	key    string
}

func readChart(t *testing.T, out string) chartPicture {
	t.Helper()
	p := chartPicture{target: -1}
	lines := strings.Split(out, "\n")
	axisRow := regexp.MustCompile(`^ *(\d+) [┤┼]`)
	i := 0
	for ; i < len(lines) && !axisRow.MatchString(lines[i]); i++ {
	}
	start := 0
	for ; i < len(lines); i++ {
		m := axisRow.FindStringSubmatchIndex(lines[i])
		if m == nil {
			break
		}
		v, _ := strconv.Atoi(lines[i][m[2]:m[3]])
		p.labels = append(p.labels, v)
		start = len([]rune(lines[i][:m[1]]))
		row := []rune(lines[i])[start:]
		if s, ok := strings.CutSuffix(string(row), " target"); ok {
			p.target = len(p.rows)
			row = []rune(s)
		}
		p.rows = append(p.rows, row)
	}
	if i+2 >= len(lines) {
		t.Fatalf("no x-axis under the plot:\n%s", out)
	}
	axis := []rune(lines[i])
	for x, r := range axis {
		if r == '┬' {
			p.ticks = append(p.ticks, x-start)
		}
	}
	nums := []rune(lines[i+1])
	for _, x := range p.ticks {
		m := regexp.MustCompile(`^\d+`).FindString(string(nums[x+start:]))
		if m == "" || nums[x+start-1] != ' ' {
			t.Fatalf("no hand number under the tick at column %d:\n%s", x, out)
		}
		n, _ := strconv.Atoi(m)
		p.hands = append(p.hands, n)
	}
	if !strings.HasSuffix(lines[i+1], "  hand") {
		t.Errorf("the x-axis is not named: %q", lines[i+1])
	}
	p.key = strings.Join(lines[i+2:], "\n")
	return p
}

// rowOf is the plot's row nearest to v, by the axis's labels.
func (p chartPicture) rowOf(v int) int {
	best := 0
	for r, l := range p.labels {
		if math.Abs(float64(l-v)) < math.Abs(float64(p.labels[best]-v)) {
			best = r
		}
	}
	return best
}

// at is what the plot shows in row r at column x ("" past the row's end).
func (p chartPicture) at(r, x int) string {
	if x >= len(p.rows[r]) {
		return " "
	}
	return string(p.rows[r][x])
}

// checkPlayer checks a player's line: at every hand shown, their mark in
// their own column (the i-th after the hand's tick) at the row of their
// total, and a stem down (or up) to where they were just before the hand
// (totals holds their total after every hand of the game), and nothing
// else in the column.
func (p chartPicture) checkPlayer(t *testing.T, i int, mark string, totals []int) {
	t.Helper()
	for j, h := range p.hands {
		x := p.ticks[j] + i
		r := p.rowOf(totals[h-1])
		if got := p.at(r, x); got != mark {
			t.Errorf("hand %d: %s's mark should be at %d (row %d, column %d), found %q", h, mark, totals[h-1], r, x, got)
		}
		prev := 0
		if h > 1 {
			prev = totals[h-2]
		}
		from := p.rowOf(prev)
		for k := range p.rows {
			got := p.at(k, x)
			switch {
			case k > min(r, from) && k < max(r, from) && got != "│":
				t.Errorf("hand %d: %s's stem from %d to %d is broken at row %d: %q", h, mark, prev, totals[h-1], k, got)
			case (k < min(r, from) || k > max(r, from)) && got == "│":
				t.Errorf("hand %d: %s's column has a stem at row %d, outside %d to %d", h, mark, k, prev, totals[h-1])
			}
		}
	}
}

func TestBoardChart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat", "--target", "200", "--mode", "standard", "--dealer", "Ann")
	// After one hand the picture already reads: Ann up at 59 (a Wild and a
	// 9), Bob and Cat still at 0; the target a line at 200.
	runAt(t, db, nil, "--no-input", "hand", "--out", "Ann", "--left", "Bob=w", "--left", "Cat=9")
	code, out, errs, _ := runAt(t, db, nil, "board", "--chart")
	if code != 0 {
		t.Fatal(errs)
	}
	p := readChart(t, out)
	if len(p.labels) < 10 || p.labels[len(p.labels)-1] != 0 {
		t.Fatalf("the y-axis: %v\n%s", p.labels, out)
	}
	for r := 1; r < len(p.labels); r++ {
		if p.labels[r-1]-p.labels[r] != p.labels[0]-p.labels[1] {
			t.Errorf("the y-axis's steps are uneven: %v", p.labels)
		}
	}
	if p.target < 0 || p.labels[p.target] != 200 || !regexp.MustCompile(`^[┈ABC│]+$`).MatchString(string(p.rows[p.target])) {
		t.Errorf("no target line at 200 (row %d):\n%s", p.target, out)
	}
	if fmt.Sprint(p.hands) != "[1]" {
		t.Errorf("hand numbers on the x-axis: %v\n%s", p.hands, out)
	}
	p.checkPlayer(t, 0, "A", []int{59})
	p.checkPlayer(t, 1, "B", []int{0})
	p.checkPlayer(t, 2, "C", []int{0})
	if p.rowOf(0)-p.rowOf(59) < 2 {
		t.Errorf("Ann's 59 is hardly above 0:\n%s", out)
	}
	if !strings.Contains(p.key, "A Ann 59   B Bob 0   C Cat 0") {
		t.Errorf("the key: %q", p.key)
	}

	// Three more hands: each player's line through every hand, none hiding
	// another where they are level.
	runAt(t, db, nil, "--no-input", "hand", "--out", "Bob", "--left", "Cat=w", "--left", "Ann=9")
	runAt(t, db, nil, "--no-input", "hand", "--out", "Cat", "--left", "Ann=wd4 r5", "--left", "Bob=9")
	runAt(t, db, nil, "--no-input", "hand", "--out", "Ann", "--left", "Bob=2", "--left", "Cat=3")
	_, out, _, _ = runAt(t, db, nil, "board", "--chart")
	p = readChart(t, out)
	if fmt.Sprint(p.hands) != "[1 2 3 4]" {
		t.Errorf("hand numbers on the x-axis: %v\n%s", p.hands, out)
	}
	p.checkPlayer(t, 0, "A", []int{59, 59, 59, 64})
	p.checkPlayer(t, 1, "B", []int{0, 59, 59, 59})
	p.checkPlayer(t, 2, "C", []int{0, 0, 64, 64})
	if !strings.Contains(p.key, "A Ann 64   B Bob 59   C Cat 64") {
		t.Errorf("the key: %q", p.key)
	}
}

// TestChartFitsManyHands: more hands than fit are spread over the game, the
// last always shown, and the chart says so.
func TestChartFitsManyHands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	playHands(t, db, "standard", 10, 12)
	out := runWide(t, db, 80, "board", "--chart")
	checkFits(t, "chart", out, 80)
	if p := readChart(t, out); len(p.hands) < 2 || p.hands[len(p.hands)-1] != 12 {
		t.Errorf("the hands shown end with hand %v:\n%s", p.hands, out)
	}
	if !strings.Contains(out, "of the 12 hands shown; unoscore board --chart --wide shows every one.") {
		t.Errorf("no word of the hands left out:\n%s", out)
	}
	// Issue 22, item 5: with the early hands left out, each column shown
	// still shows that hand alone: only its winner has a stem.
	_, js, _, _ := runAt(t, db, nil, "board", "--json")
	var board struct {
		Players []string
		Rows    []struct {
			Out    string
			Points int
		}
	}
	if err := json.Unmarshal([]byte(js), &board); err != nil || len(board.Players) != 10 || len(board.Rows) != 12 {
		t.Fatalf("%v: %s", err, js)
	}
	p := readChart(t, out)
	if p.hands[0] == 1 {
		t.Fatalf("the first hand is shown: %v", p.hands)
	}
	marks := strings.Fields(p.key) // "A Annabelle 120   B ..."
	for i, name := range board.Players {
		var totals []int
		sum := 0
		for _, r := range board.Rows {
			if r.Out == name {
				sum += r.Points
			}
			totals = append(totals, sum)
		}
		mark := marks[slices.Index(marks, strings.Fields(name)[0])-1]
		p.checkPlayer(t, i, mark, totals)
	}
	wide := runWide(t, db, 80, "board", "--chart", "--wide")
	if strings.Contains(wide, "hands shown") || ui.Widest(wide) <= 80 {
		t.Errorf("--wide does not show every hand:\n%s", wide)
	}
}
