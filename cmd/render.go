package cmd

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/unoscore/unoscore/cmd/api"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// boardJSON is the board object of the contract; it lives in cmd/api, so
// that the web server (cmd/web) serves the same object.
type boardJSON = api.Board

func newBoardJSON(g *store.Game) boardJSON { return api.NewBoard(g) }

func nonNil(s []string) []string { return api.NonNil(s) }

// newTable is a table with stable, plain output: no header auto-format, ASCII
// symbols when colour is off.
func newTable(w io.Writer, align []tw.Align, unicode bool) *tablewriter.Table {
	style := tw.StyleASCII
	if unicode {
		style = tw.StyleLight
	}
	return tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(style)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithFooterAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignCenter),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithFooterAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithTrimSpace(tw.Off),
	)
}

// column is one scoring column of the board: a player, or a team in
// partners mode.
type column struct {
	title string
	seats []int
}

func columns(b *scoring.Board) []column {
	if teams := b.Teams(); teams != nil {
		cols := make([]column, len(teams))
		for i, t := range teams {
			cols[i] = column{title: strings.Join(b.Names(t.Seats), " & "), seats: t.Seats}
		}
		return cols
	}
	cols := make([]column, b.Players())
	for seat := range cols {
		cols[seat] = column{title: b.Name(seat), seats: []int{seat}}
	}
	return cols
}

// writeBoard prints the score pad: a row per hand, the totals, how far each
// is from the target, who deals next and, at the end, the winner.
func writeBoard(w io.Writer, g *store.Game, st style) error {
	b := g.Board
	s := b.Settings
	title := fmt.Sprintf("Game %s", g.ID)
	if g.Name != "" {
		title = fmt.Sprintf("%s (game %s)", g.Name, g.ID)
	}
	fmt.Fprintf(w, "%s: %s, %s, %s\n\n", st.bold(title), s.Mode, targetPhrase(s), deckPhrase(b.Deck, st))

	cols := columns(b)
	// In colour, the leaders (or winners) stand out at a glance.
	leads := func(c column) bool {
		for _, l := range b.Leaders() {
			if slices.Contains(c.seats, l) {
				return true
			}
		}
		return false
	}
	if len(b.Rows) > 0 {
		header := []string{"Hand", "Dealer", "Out"}
		align := []tw.Align{tw.AlignRight, tw.AlignLeft, tw.AlignLeft}
		for _, c := range cols {
			title := c.title
			if leads(c) {
				title = st.win(title)
			}
			header = append(header, title)
			align = append(align, tw.AlignRight)
		}
		t := newTable(w, align, st.unicode)
		t.Header(header)
		for _, r := range b.Rows {
			row := []string{strconv.Itoa(r.Number), b.Name(r.Dealer), b.Name(r.Out)}
			for _, c := range cols {
				row = append(row, cell(b, r, c))
			}
			if err := t.Append(row); err != nil {
				return err
			}
		}
		// Two footer lines in one row: the totals, and how far each is from
		// the target.
		footer := []string{"Total\nTo " + strconv.Itoa(s.Target), "", ""}
		for _, c := range cols {
			seat := c.seats[0]
			togo := strconv.Itoa(b.ToGo(seat))
			if b.Eliminated(seat) {
				togo = st.warn("out")
			}
			total := strconv.Itoa(b.Score(seat))
			if leads(c) {
				total = st.win(total)
			}
			footer = append(footer, total+"\n"+togo)
		}
		t.Footer(footer)
		if err := t.Render(); err != nil {
			return err
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintf(w, "No hands yet. Players, in seating order: %s.\n", strings.Join(s.Players, ", "))
	}

	if elim := eliminatedLine(b); elim != "" {
		fmt.Fprintln(w, elim)
	}
	writeNotes(w, b, st)
	if b.Over() {
		fmt.Fprintln(w, st.win(winnerLine(b)))
		return nil
	}
	if l := leaderLine(b); l != "" {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintf(w, "Next to deal: %s.\n", b.Name(b.Dealer()))
	return nil
}

func targetPhrase(s scoring.Settings) string {
	switch s.Mode {
	case scoring.Lowest:
		return fmt.Sprintf("lowest tally wins when anyone reaches %d", s.Target)
	case scoring.Challenge:
		return fmt.Sprintf("out of the game at %d", s.Target)
	}
	return fmt.Sprintf("first to %d", s.Target)
}

// cell is one column's entry for one hand: "+94" for points won, "(57)" for
// points caught with but not counted, "12" for a tally, "-" where nothing
// was entered.
func cell(b *scoring.Board, r scoring.Row, c column) string {
	held, entered := 0, false
	for _, seat := range c.seats {
		if r.Held[seat] >= 0 {
			held += r.Held[seat]
			entered = true
		}
	}
	switch b.Settings.Mode {
	case scoring.Standard, scoring.Partners:
		if b.TeamOf(r.Out) == b.TeamOf(c.seats[0]) {
			return "+" + strconv.Itoa(r.Won)
		}
		return "(" + strconv.Itoa(held) + ")"
	}
	if c.seats[0] == r.Out {
		return "0"
	}
	if !entered {
		return "-"
	}
	s := "+" + strconv.Itoa(held)
	for _, e := range r.Eliminated {
		if e == c.seats[0] {
			s += " out"
		}
	}
	return s
}

func eliminatedLine(b *scoring.Board) string {
	var parts []string
	for seat := range b.Settings.Players {
		if n := b.EliminatedIn(seat); n > 0 {
			parts = append(parts, fmt.Sprintf("%s (hand %d)", b.Name(seat), n))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Eliminated: " + strings.Join(parts, ", ") + "."
}

func winnerLine(b *scoring.Board) string {
	w := b.Winners()
	names := scoring.JoinNames(b.Names(w))
	score := b.Score(w[0])
	hands := fmt.Sprintf("after %d hands", b.Hands())
	if b.Hands() == 1 {
		hands = "after 1 hand"
	}
	switch b.Settings.Mode {
	case scoring.Lowest:
		if len(w) > 1 {
			return fmt.Sprintf("%s win, tied at the lowest tally (%d), %s.", names, score, hands)
		}
		return fmt.Sprintf("%s wins with the lowest tally (%d), %s.", names, score, hands)
	case scoring.Partners:
		return fmt.Sprintf("%s win with %d points, %s.", names, score, hands)
	case scoring.Challenge:
		return fmt.Sprintf("%s wins: the last player left, %s.", names, hands)
	}
	return fmt.Sprintf("%s wins with %d points, %s.", names, score, hands)
}

func leaderLine(b *scoring.Board) string {
	l := b.Leaders()
	if len(l) == 0 {
		return ""
	}
	names := scoring.JoinNames(b.Names(l))
	tied := len(l) > 1
	if b.Settings.Mode == scoring.Partners {
		// Name the leading teams, each as "Ann & Cat".
		var teams []string
		for _, c := range columns(b) {
			if slices.Contains(l, c.seats[0]) {
				teams = append(teams, c.title)
			}
		}
		names, tied = scoring.JoinNames(teams), len(teams) > 1
	}
	verb := "Leading"
	if tied {
		verb = "Tied for the lead"
	}
	if b.Settings.Mode == scoring.Lowest || b.Settings.Mode == scoring.Challenge {
		return fmt.Sprintf("%s: %s with the lowest tally, %d.", verb, names, b.Score(l[0]))
	}
	return fmt.Sprintf("%s: %s with %d.", verb, names, b.Score(l[0]))
}
