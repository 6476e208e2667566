package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/store"
)

type gamesOptions struct {
	app   *App
	JSON  bool
	Limit int
	All   bool
	Wide  bool
}

func newGamesCmd(app *App, runF func(*gamesOptions) error) *cobra.Command {
	o := &gamesOptions{app: app}
	c := &cobra.Command{
		Use:   "games",
		Short: "List the games, newest first; * marks the current one",
		Args:  exactArgs(0, "no arguments"),
		RunE:  seam(o, runF, runGames),
	}
	c.AddCommand(newGamesDeleteCmd(app, nil))
	jsonFlag(c, &o.JSON, "print the list as JSON (every game unless --limit is given)")
	c.Flags().IntVar(&o.Limit, "limit", 20, "show at most this many games")
	c.Flags().BoolVar(&o.All, "all", false, "show every game")
	wideFlag(c, &o.Wide, wideUsage)
	c.PreRunE = func(c *cobra.Command, args []string) error {
		if o.Limit < 1 {
			return usagef("--limit must be at least 1")
		}
		if o.All || (o.JSON && !c.Flags().Changed("limit")) {
			o.Limit = 0
		}
		return nil
	}
	return c
}

func runGames(o *gamesOptions) error {
	db, err := o.app.open(true)
	if errors.Is(err, store.ErrNoDatabase) {
		db = nil
	} else if err != nil {
		return err
	}
	if db != nil {
		defer db.Close()
	}
	if o.JSON {
		return gamesAsJSON(o.app.IO.Out, db, o.Limit)
	}
	out := o.app.IO.Out
	total := 0
	var list []store.Summary
	if db != nil {
		total, err = db.List(o.Limit, func(s store.Summary) error {
			list = append(list, s)
			return nil
		})
		if err != nil {
			return err
		}
	}
	if total == 0 {
		fmt.Fprintln(out, "No games yet. Start one with: unoscore new --players Ann,Bob,Cat")
		return nil
	}
	st := o.app.style()
	if o.Wide {
		st.Width = 0
	}
	if err := writeGames(out, list, st); err != nil {
		return err
	}
	if total > len(list) {
		fmt.Fprintf(out, "%s not shown; --all lists them.\n", words.Count(total-len(list), "older game"))
	}
	return nil
}

// gameCells are a game's row of the list: whether it is the current game,
// its id, when it started, name, mode (and deck, when not the classic
// one: "standard, no-mercy"), hands, players and result.
func gameCells(s store.Summary, names func([]string) string) []string {
	mark := ""
	if s.Current {
		mark = "*"
	}
	result := ""
	switch {
	case s.Over && len(s.Winners) == 0 && len(s.Leaders) > 0:
		result = "ended, led by " + names(s.Leaders)
	case s.Over && len(s.Winners) == 0:
		result = "ended"
	case s.Over:
		result = "won by " + names(s.Winners)
	case len(s.Leaders) > 0:
		result = "led by " + names(s.Leaders)
	}
	mode := s.Mode
	if deck := s.DeckID(); deck != rules.DefaultDeck {
		mode += ", " + deck // as the board's first line names it
	}
	return []string{mark, s.ID, s.Created.Local().Format("2006-01-02 15:04"), s.Name, mode,
		strconv.Itoa(s.Hands), names(s.Players), result}
}

// The columns of the list of games.
const (
	gMark = iota
	gID
	gStarted
	gName
	gMode
	gHands
	gPlayers
	gResult
)

var gamesHeader = []string{"", "Id", "Started", "Name", "Mode", "Hands", "Players", "Result"}

// writeGames prints the list as a table with borders when it fits st.Width
// (always into a pipe); else without borders, the players by their first
// names, and the names, players and results cut as much as needed, leaving
// out the time a game started, then its mode, when even that is too wide.
func writeGames(w io.Writer, list []store.Summary, st ui.Style) error {
	align := []ui.Align{ui.AlignLeft, ui.AlignLeft, ui.AlignLeft, ui.AlignLeft, ui.AlignLeft, ui.AlignRight, ui.AlignLeft, ui.AlignLeft}
	// No game has a name: no Name column, empty all the way down.
	named := slices.ContainsFunc(list, func(s store.Summary) bool { return s.Name != "" })
	withoutName := func(r []string) []string {
		if named {
			return r
		}
		return slices.Delete(slices.Clone(r), gName, gName+1)
	}
	var full bytes.Buffer
	fullAlign := align
	if !named {
		fullAlign = slices.Delete(slices.Clone(align), gName, gName+1)
	}
	t := ui.NewTable(&full, fullAlign, st.Unicode)
	t.Header(withoutName(gamesHeader))
	rows := make([][]string, len(list))
	for i, s := range list {
		rows[i] = gameCells(s, func(n []string) string { return strings.Join(n, ", ") })
		if err := t.Append(withoutName(rows[i])); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if ui.Fits(full.String(), st.Width) {
		_, err := w.Write(full.Bytes())
		return err
	}
	for i, s := range list {
		rows[i] = gameCells(s, firstNames)
		rows[i][gStarted] = s.Created.Local().Format("2006-01-02")
	}
	// Columns to leave out, one more each time, until the rest fits with
	// the names, players and results cut to no less than minCut: 20 with
	// every column, 12 without the time.
	for _, drop := range [][]int{nil, {gStarted}, {gStarted, gMode}, {gStarted, gMode, gName}} {
		if !named && !slices.Contains(drop, gName) {
			drop = append(slices.Clone(drop), gName)
		}
		var keep []int
		for c := range gamesHeader {
			if !slices.Contains(drop, c) {
				keep = append(keep, c)
			}
		}
		minCut := 12
		if drop == nil {
			minCut = 20
		}
		widths := make([]int, len(gamesHeader))
		for c := range gamesHeader {
			widths[c] = ui.Width(gamesHeader[c])
			for _, r := range rows {
				widths[c] = max(widths[c], ui.Width(r[c]))
			}
		}
		total := func() int {
			n := 2 * (len(keep) - 1)
			for _, c := range keep {
				n += widths[c]
			}
			return n
		}
		// Cut the widest of the cuttable columns a column at a time, so
		// that what room there is is shared evenly among them.
		for total() > st.Width {
			widestCol := -1
			for _, c := range []int{gPlayers, gResult, gName} {
				if slices.Contains(keep, c) && widths[c] > minCut && (widestCol < 0 || widths[c] > widths[widestCol]) {
					widestCol = c
				}
			}
			if widestCol < 0 {
				break
			}
			widths[widestCol]--
		}
		last := len(drop) == 3 && slices.Contains(drop, gName)
		if total() > st.Width && !last {
			continue
		}
		g := &ui.Grid{}
		for _, c := range keep {
			g.Align = append(g.Align, align[c])
		}
		line := func(r []string) []string {
			var cells []string
			for _, c := range keep {
				cells = append(cells, ui.Truncate(r[c], widths[c]))
			}
			return cells
		}
		g.Add(line(gamesHeader)...)
		g.Rule()
		for _, r := range rows {
			g.Add(line(r)...)
		}
		if total() > st.Width {
			// Still too wide: only an impossibly narrow terminal gets here.
			var b bytes.Buffer
			g.Render(&b, st)
			return ui.WriteWrapped(w, b.String(), st.Width)
		}
		g.Render(w, st)
		return nil
	}
	return nil
}

// firstNames shortens a list of players to their first names: "Ann, Bob,
// Cat" for "Ann Lee, Bob Marsh, Cat Stone".
func firstNames(players []string) string {
	names := make([]string, len(players))
	for i, p := range players {
		names[i] = p
		if f := strings.Fields(p); len(f) > 0 {
			names[i] = f[0]
		}
	}
	return strings.Join(names, ", ")
}

// gamesAsJSON streams {"games": [...]} one game at a time, so listing years
// of game nights takes little memory. Each game is present.NewGame of the
// store's summary, the object GET /api/games serves too: what the file
// keeps is the store's business, and can change without changing this.
// The games are written into one buffer, handed to w 64 KB at a time (3 MB
// for 10,000 games: few writes). When every string of the games in the buffer is plain ASCII
// (plainGame), the output filter is told it prints as is rather than
// looking at every byte of it again.
func gamesAsJSON(w io.Writer, db *store.DB, limit int) error {
	const flushAt = 64 << 10
	buf := make([]byte, 0, flushAt+4<<10)
	buf = append(buf, "{\n  \"games\": ["...)
	plain := true // so far, every game in buf is plainGame
	write := func() error {
		var err error
		if so, ok := w.(*safeOutput); ok && plain {
			_, err = so.writeChecked(buf)
		} else {
			_, err = w.Write(buf)
		}
		buf, plain = buf[:0], true
		return err
	}
	if db != nil {
		n := 0
		_, err := db.ListBrief(limit, func(s store.Summary) error {
			if n > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, "\n    "...)
			g := present.NewGame(s)
			buf = g.AppendIndented(buf, "    ")
			plain = plain && plainGame(g)
			n++
			if len(buf) >= flushAt {
				return write()
			}
			return nil
		})
		if err != nil {
			return err
		}
		if n > 0 {
			buf = append(buf, "\n  "...)
		}
	}
	buf = append(buf, "]\n}\n"...)
	return write()
}

// plainGame reports whether every string of g is ASCII short of DEL. Its
// JSON then prints as is (printsAsIs): JSON escapes the control
// characters, and everything else it writes is plain ASCII.
func plainGame(g present.Game) bool {
	var high byte
	str := func(s string) {
		for i := 0; i < len(s); i++ {
			high |= s[i] | (s[i] + 1) // DEL (0x7f) and past ASCII set the high bit
		}
	}
	strs := func(ss []string) {
		for _, s := range ss {
			str(s)
		}
	}
	str(g.ID)
	str(g.Name)
	str(g.Mode)
	str(g.Deck)
	strs(g.Players)
	strs(g.Winners)
	strs(g.Leaders)
	return high < 0x80
}
