package cmd

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/guptarohit/asciigraph"
	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type statsOptions struct {
	app    *App
	Player string
	JSON   bool
	Since  string
	Mode   string
	Wide   bool
}

func newStatsCmd(app *App, runF func(*statsOptions) error) *cobra.Command {
	o := &statsOptions{app: app}
	c := &cobra.Command{
		Use:   "stats [--player NAME] [--since DATE] [--mode M]",
		Short: "Player statistics across every game: wins, hands, points held, a rating",
		Long: `Every player across every game, best rated first: games played and finished,
wins and the win rate, hands played and gone out in, the points they were
caught holding (in all, and on average per hand their cards were entered),
the best hand they went out on, and their longest winning streak.

A player is their name, ignoring case. The rating is the Weng-Lin (OpenSkill)
rating, worked out from the final order of each finished game in the order
they were played: mu - 3 sigma, 0 for a newcomer, rising as games show skill.

--player NAME shows one player's page: their figures, head to head against
everyone they have played with, their games in order, and their rating over
time. --since and --mode count only some games (and rate from them alone).`,
		Example: `  unoscore stats
  unoscore stats --player ann
  unoscore stats --since 2026-01-01 --mode partners
  unoscore stats --json`,
		Args: exactArgs(0, "no arguments (name a player with --player)"),
		RunE: func(c *cobra.Command, args []string) error {
			// A flag that was given is never read as one that was not.
			for _, name := range []string{"player", "since", "mode"} {
				if v, _ := c.Flags().GetString(name); c.Flags().Changed(name) && strings.TrimSpace(v) == "" {
					return usagef("--%s is empty: give it a value, or leave it out (\"unoscore stats\" alone counts every game of every player)", name)
				}
			}
			if runF != nil {
				return runF(o)
			}
			return runStats(o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.Player, "player", "", "show one player's page (a unique start of the name will do)")
	jsonFlag(c, &o.JSON, "print the statistics as JSON")
	f.StringVar(&o.Since, "since", "", "count only games started on or after this date (YYYY-MM-DD)")
	modes := modeNames()
	f.StringVar(&o.Mode, "mode", "", "count only games of this mode: "+strings.Join(modes[:len(modes)-1], ", ")+" or "+modes[len(modes)-1])
	wideFlag(c, &o.Wide, "every column, even when the terminal is narrower")
	_ = c.RegisterFlagCompletionFunc("mode", fixedCompletion(modeNames()...))
	_ = c.RegisterFlagCompletionFunc("player", knownPlayerCompletion(app))
	return c
}

// statsFilter reads --since and --mode.
func statsFilter(since, mode string) (scoring.StatsFilter, error) {
	var f scoring.StatsFilter
	if since != "" {
		t, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(since), time.Local)
		if err != nil {
			return f, usagef("--since %q is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31", since)
		}
		f.Since = t
	}
	if mode != "" {
		m, err := scoring.ParseMode(mode)
		if err != nil {
			return f, usagef("--mode: %v", err)
		}
		f.Mode = m
	}
	return f, nil
}

// loadStats reads every game's summary (never a log) and works out the
// statistics of the games the filter keeps.
func loadStats(app *App, f scoring.StatsFilter) (*scoring.Stats, error) {
	db, err := app.open(true)
	if errors.Is(err, store.ErrNoDatabase) {
		return scoring.ComputeStats(nil), nil
	} else if err != nil {
		return nil, err
	}
	defer db.Close()
	var games []scoring.GameRecord
	err = db.EachSummary(func(s store.Summary) error {
		if r := s.Record(); f.Keep(r) {
			games = append(games, r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return scoring.ComputeStats(games), nil
}

func runStats(o *statsOptions) error {
	f, err := statsFilter(o.Since, o.Mode)
	if err != nil {
		return err
	}
	st, err := loadStats(o.app, f)
	if err != nil {
		return err
	}
	out := o.app.IO.Out
	if o.Player != "" {
		p, err := st.Find(o.Player)
		if err != nil {
			return err
		}
		page := st.Page(p)
		if o.JSON {
			return writeJSON(out, present.NewPage(st, page))
		}
		fit := o.app.IO.TermWidth()
		if o.Wide {
			fit = 0
		}
		return writePage(out, st, page, o.app.IO.TermWidth(), fit)
	}
	if o.JSON {
		return writeJSON(out, present.Stats{Players: present.NewPlayers(st)})
	}
	if len(st.Players) == 0 {
		if f != (scoring.StatsFilter{}) {
			fmt.Fprintln(out, "No games match: nothing to count.")
			return nil
		}
		fmt.Fprintln(out, "No games yet. Start one with: unoscore new --players Ann,Bob,Cat")
		return nil
	}
	width := o.app.IO.TermWidth()
	if o.Wide {
		width = 0
	}
	return writeStatsTable(out, st, width)
}

// statsColumn is one column of the statistics table; when the terminal is
// too narrow, the columns of lowest keep are left out first.
type statsColumn struct {
	title string
	keep  int
	value func(p *scoring.PlayerStats) string
	key   string // what the key under the table says of it
}

var statsColumns = []statsColumn{
	{"Rating", 9, func(p *scoring.PlayerStats) string { return strconv.FormatFloat(p.Rating.Ordinal(), 'f', 1, 64) }, "Rating: OpenSkill's mu - 3 sigma, from each finished game's final order."},
	{"Games", 8, func(p *scoring.PlayerStats) string { return strconv.Itoa(p.Games) }, ""},
	{"Done", 3, func(p *scoring.PlayerStats) string { return strconv.Itoa(p.Finished) }, "Done: games finished."},
	{"Wins", 8, func(p *scoring.PlayerStats) string { return strconv.Itoa(p.Wins) }, ""},
	{"Win%", 7, func(p *scoring.PlayerStats) string { return percent(p.Wins, p.Finished) }, ""},
	{"Hands", 5, func(p *scoring.PlayerStats) string { return strconv.Itoa(p.Hands) }, ""},
	{"Out", 6, func(p *scoring.PlayerStats) string { return strconv.Itoa(p.WentOut) }, "Out: hands gone out in."},
	{"Held", 2, func(p *scoring.PlayerStats) string { return strconv.Itoa(p.Held) }, "Held: points caught holding."},
	{"Avg", 6, func(p *scoring.PlayerStats) string { return strconv.FormatFloat(p.AvgHeld(), 'f', 1, 64) }, "Avg: points held per hand."},
	{"Best", 4, bestOut, "Best: best hand out (- for none that scored)."},
	{"Streak", 5, func(p *scoring.PlayerStats) string { return strconv.Itoa(p.Streak) }, "Streak: wins in a row."},
}

// bestOut is the most a hand the player went out in brought them, or "-"
// when they went out in no hand whose points are scored: only in lowest
// or challenge games, where the lowest tally wins and nobody scores a
// hand, or in none at all. 0 there would read as a real best.
func bestOut(p *scoring.PlayerStats) string {
	if p.ScoredOut == 0 {
		return "-"
	}
	return strconv.Itoa(p.BestOut)
}

func percent(a, b int) string {
	if b == 0 {
		return "-"
	}
	return strconv.Itoa(int(float64(a)*100/float64(b)+0.5)) + "%"
}

// writeStatsTable prints the table of every player. With a width (a
// terminal), columns are left out, least needed first, until it fits.
func writeStatsTable(w io.Writer, st *scoring.Stats, width int) error {
	cols := statsColumns
	nameW := len("Player")
	for _, p := range st.Players {
		nameW = max(nameW, ui.Width(p.Player))
	}
	lineWidth := func(cols []statsColumn) int {
		n := 3 + 2 + nameW
		for _, c := range cols {
			cw := len(c.title)
			for _, p := range st.Players {
				cw = max(cw, len(c.value(p)))
			}
			n += 2 + cw
		}
		return n
	}
	narrowed := false
	for width > 0 && lineWidth(cols) > width && len(cols) > 1 {
		low := 0
		for i, c := range cols {
			if c.keep < cols[low].keep {
				low = i
			}
		}
		cols = append(cols[:low:low], cols[low+1:]...)
		narrowed = true
	}
	// A blank first column: every line starts two spaces in.
	g := &ui.Grid{Align: []ui.Align{ui.AlignLeft, ui.AlignRight, ui.AlignLeft}}
	header := []string{"", "#", "Player"}
	for _, c := range cols {
		header = append(header, c.title)
		g.Align = append(g.Align, ui.AlignRight)
	}
	g.Add(header...)
	for i, p := range st.Players {
		row := []string{"", strconv.Itoa(i + 1), p.Player}
		for _, c := range cols {
			row = append(row, c.value(p))
		}
		g.Add(row...)
	}
	if err := g.Render(w, ui.Style{}); err != nil {
		return err
	}
	games, finished := len(st.Games), 0
	for _, g := range st.Games {
		if g.Over {
			finished++
		}
	}
	// The key explains only the columns shown.
	key := []string{fmt.Sprintf("%s, %d finished.", words.Count(games, "game"), finished)}
	for _, c := range cols {
		if c.key != "" {
			key = append(key, c.key)
		}
	}
	keyWidth := width
	if keyWidth <= 0 {
		keyWidth = 80
	}
	// No explanation is broken over two lines unless it is wider than the
	// terminal by itself.
	if err := ui.WriteWrapped(w, "\n"+ui.JoinWrapped(key, " ", keyWidth)+"\n", keyWidth); err != nil {
		return err
	}
	if narrowed {
		return ui.WriteWrapped(w, leftOut+"\n", width)
	}
	return nil
}

// leftOut is the note under a table narrowed to fit.
const leftOut = "Some columns were left out to fit; --wide shows them all."

// result says how the game went for the player: "won", "2nd of 4",
// "=2nd of 4" (tied), "under way".
func result(g scoring.GameRecord, self scoring.PlayerGame) string {
	if !g.Over {
		return "under way"
	}
	tied := 0
	for _, p := range g.Players {
		if p.Place == self.Place {
			tied++
		}
	}
	if self.Team != 0 {
		tied = 0
		for _, p := range g.Players {
			if p.Place == self.Place && p.Team != self.Team {
				tied++
			}
		}
		tied++
	}
	if self.Won {
		if tied > 1 {
			return "won (tied)"
		}
		return "won"
	}
	units := len(g.Players)
	if self.Team != 0 {
		teams := map[int]bool{}
		for _, p := range g.Players {
			teams[p.Team] = true
		}
		units = len(teams)
	}
	place := words.Ordinal(self.Place) + " of " + strconv.Itoa(units)
	if tied > 1 {
		place = "=" + place
	}
	return place
}

// playedColumns are the columns of a player's games, and how much each is
// needed: when the terminal is too narrow, the lowest go first.
var playedColumns = []struct {
	title string
	keep  int
}{{"Date", 9}, {"Game", 10}, {"Mode", 5}, {"Players", 3}, {"Result", 9}, {"Hands", 4}, {"Out", 6}, {"Held", 2}, {"Rating", 8}}

// writeGamesPlayed prints the table of a player's games (rows hold a cell
// per playedColumns). With a width (a terminal), columns are left out,
// least needed first, then the games' names shortened, until it fits.
func writeGamesPlayed(w io.Writer, rows [][]string, width int) (narrowed bool, err error) {
	shown := make([]int, len(playedColumns))
	for i := range shown {
		shown[i] = i
	}
	colW := func(c int) int {
		n := len(playedColumns[c].title)
		for _, r := range rows {
			n = max(n, ui.Width(r[c]))
		}
		return n
	}
	lineWidth := func() int {
		n := 0
		for k, c := range shown {
			if k > 0 {
				n += 2
			}
			n += colW(c)
		}
		return n
	}
	// drop leaves out the least needed column kept below keep; false when
	// there is none.
	drop := func(keep int) bool {
		low := -1
		for k, c := range shown {
			if playedColumns[c].keep < keep && (low < 0 || playedColumns[c].keep < playedColumns[shown[low]].keep) {
				low = k
			}
		}
		if low < 0 {
			return false
		}
		shown = append(shown[:low:low], shown[low+1:]...)
		narrowed = true
		return true
	}
	// shorten cuts the games' names so the line fits, to no less than
	// floor columns (a game's ID stays whole).
	shorten := func(floor int) {
		over := lineWidth() - width
		if over <= 0 {
			return
		}
		gw := max(colW(1)-over, floor)
		for _, r := range rows {
			id, _, _ := strings.Cut(r[1], " ")
			r[1] = ui.Truncate(r[1], max(gw, ui.Width(id)))
		}
	}
	if width > 0 {
		// The small columns go first, then the names are cut to a few
		// words, then the rating goes, then the names are cut to their IDs.
		for lineWidth() > width && drop(8) {
		}
		shorten(24)
		for lineWidth() > width && drop(9) {
		}
		shorten(len("Game"))
	}
	g := &ui.Grid{}
	var line []string
	for _, c := range shown {
		line = append(line, playedColumns[c].title)
		g.Align = append(g.Align, ui.AlignLeft)
	}
	g.Add(line...)
	for _, r := range rows {
		line = line[:0]
		for _, c := range shown {
			line = append(line, r[c])
		}
		g.Add(line...)
	}
	return narrowed, g.Render(w, ui.Style{})
}

// ints writes each number.
func ints(ns ...int) []string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return s
}

// writePage prints one player's page; fit is the width its tables must fit
// (0: any), width the terminal's, for the chart.
func writePage(w io.Writer, st *scoring.Stats, pg *scoring.Page, width, fit int) error {
	p := pg.PlayerStats
	fmt.Fprintf(w, "%s: rating %.1f (mu %.1f, sigma %.1f), %s of %d\n", p.Player, p.Rating.Ordinal(), p.Rating.Mu, p.Rating.Sigma,
		words.Ordinal(present.Rank(st, p)), len(st.Players))
	fmt.Fprintf(w, "Games: %d, %d finished, %s won (%s)", p.Games, p.Finished, strconv.Itoa(p.Wins), percent(p.Wins, p.Finished))
	fmt.Fprintf(w, "; longest winning streak %d, current %d.\n", p.Streak, p.Current)
	fmt.Fprintf(w, "Hands: %d, went out in %d (%s).\n", p.Hands, p.WentOut, percent(p.WentOut, p.Hands))
	fmt.Fprintf(w, "Caught holding %s in %s, %.1f a hand.\n", words.Count(p.Held, "point"), words.Count(p.HeldHands, "hand"), p.AvgHeld())
	if p.BestOut > 0 {
		fmt.Fprintf(w, "Best hand gone out on: %s (game %s).\n", words.Count(p.BestOut, "point"), p.BestGame)
	}
	if len(p.Spellings) > 1 {
		fmt.Fprintf(w, "Spelled: %s (\"unoscore players rename\" mends a misspelling).\n", strings.Join(p.Spellings, ", "))
	}

	if len(pg.Opponents) > 0 {
		fmt.Fprintf(w, "\nHead to head (finished games: who won, who placed ahead):\n")
		g := &ui.Grid{Align: []ui.Align{ui.AlignLeft, ui.AlignLeft}}
		g.Add("", "Player", "Games", "Done", "You won", "They won", "Ahead", "Behind", "Partners")
		for range 7 {
			g.Align = append(g.Align, ui.AlignRight)
		}
		for _, h := range pg.Opponents {
			g.Add(append([]string{"", h.Player}, ints(h.Games, h.Finished, h.Wins, h.Losses, h.Ahead, h.Behind, h.Partnered)...)...)
		}
		if err := g.Render(w, ui.Style{}); err != nil {
			return err
		}
	}

	fmt.Fprintf(w, "\nGames, oldest first:\n")
	var rows [][]string
	var ratings []float64
	for _, g := range pg.Played {
		rating := ""
		if g.Rating != nil {
			rating = strconv.FormatFloat(g.Rating.Ordinal(), 'f', 1, 64)
			ratings = append(ratings, g.Rating.Ordinal())
		}
		id := g.Game.ID
		if g.Game.Name != "" {
			id += " " + g.Game.Name
		}
		rows = append(rows, []string{g.Game.Created.Local().Format("2006-01-02"), id, string(g.Game.Mode),
			strconv.Itoa(len(g.Game.Players)), result(g.Game, g.Self), strconv.Itoa(g.Self.Hands),
			strconv.Itoa(g.Self.WentOut), strconv.Itoa(g.Self.Held), rating})
	}
	narrowed, err := writeGamesPlayed(w, rows, fit)
	if err != nil {
		return err
	}
	if narrowed {
		if err := ui.WriteWrapped(w, leftOut+"\n", fit); err != nil {
			return err
		}
	}

	if len(ratings) < 2 {
		fmt.Fprintln(w, "\nThe rating chart needs two finished games.")
		return nil
	}
	if width <= 20 {
		width = 80
	}
	data := append([]float64{scoring.NewRating().Ordinal()}, ratings...)
	fmt.Fprintln(w)
	fmt.Fprintln(w, ratingChart(p.Player, data, width))
	return nil
}

// ratingChart plots a player's rating after each finished game. The axis's
// zero is 0.0, never -0.0 (a label that rounds to zero from below).
func ratingChart(player string, data []float64, width int) string {
	plot := asciigraph.Plot(data, asciigraph.Height(8), asciigraph.Precision(1),
		asciigraph.Width(min(width-10, max(len(data)*3, 30))),
		asciigraph.Caption(fmt.Sprintf("%s's rating after each finished game", player)))
	return negativeZero().ReplaceAllString(plot, " 0.0")
}

// negativeZero is an axis label of -0.0.
var negativeZero = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`-0\.0\b`) })
