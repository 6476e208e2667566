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

// column is one scoring column of the board, with its title: a player's
// name, or a team's ("Ann & Cat").
type column struct {
	title string
	seats []int
}

func columns(b *scoring.Board) []column {
	cols := make([]column, len(b.Columns()))
	for i, c := range b.Columns() {
		cols[i] = column{title: strings.Join(b.Names(c.Seats), " & "), seats: c.Seats}
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
	leading := b.LeadingColumns()
	// A game in rounds says in which each hand was played; at several
	// tables, at which table and round ("T2 R1"), in place of the dealer
	// (the lines below the table say who deals next at each), so that
	// eight players still fit a terminal.
	manyTables, rounds := len(b.Tables()) > 1, b.Schedule() != nil
	if len(b.Rows) > 0 {
		header := []string{"Hand"}
		align := []tw.Align{tw.AlignRight}
		switch {
		case manyTables:
			header, align = append(header, "At"), append(align, tw.AlignLeft)
		case rounds:
			header, align = append(header, "Round", "Dealer"), append(align, tw.AlignRight, tw.AlignLeft)
		default:
			header, align = append(header, "Dealer"), append(align, tw.AlignLeft)
		}
		header = append(header, "Out")
		align = append(align, tw.AlignLeft)
		lead := len(header) - 1 // columns before the first score
		for i, c := range cols {
			title := c.title
			if slices.Contains(leading, i) {
				title = st.win(title)
			}
			header = append(header, title)
			align = append(align, tw.AlignRight)
		}
		t := newTable(w, align, st.unicode)
		t.Header(header)
		for _, r := range b.Rows {
			row := []string{strconv.Itoa(r.Number)}
			switch {
			case manyTables:
				row = append(row, fmt.Sprintf("T%d R%d", r.Table, r.Round))
			case rounds:
				row = append(row, strconv.Itoa(r.Round), b.Name(r.Dealer))
			default:
				row = append(row, b.Name(r.Dealer))
			}
			row = append(row, b.Name(r.Out))
			for _, c := range r.Cells {
				row = append(row, cellText(c))
			}
			if err := t.Append(row); err != nil {
				return err
			}
		}
		// The totals and, where there is a target, how far each is from it:
		// two footer lines in one row.
		label := "Total"
		if s.Mode.HasTarget() {
			label += "\nTo " + strconv.Itoa(s.Target)
		}
		footer := append([]string{label}, make([]string, lead)...)
		for i := range cols {
			total := strconv.Itoa(b.ColumnScore(i))
			if slices.Contains(leading, i) {
				total = st.win(total)
			}
			if s.Mode.HasTarget() {
				togo := strconv.Itoa(b.ColumnToGo(i))
				if b.ColumnEliminated(i) {
					togo = st.warn("out")
				}
				total += "\n" + togo
			}
			footer = append(footer, total)
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
	for _, line := range tableLines(b) {
		fmt.Fprintln(w, line)
	}
	return nil
}

// cellTexts write what a hand did to a column: "+94" for points won, "(57)"
// for points held that count for others, "+12" added to a tally, "0" for
// going out in a tally mode, "-" for no part in the hand.
var cellTexts = [...]string{
	scoring.NotIn:   "-",
	scoring.Away:    "",
	scoring.Won:     "+{p}",
	scoring.Held:    "({p})",
	scoring.Tallied: "+{p}",
	scoring.Clean:   "0",
}

func cellText(c scoring.Cell) string {
	s := strings.ReplaceAll(cellTexts[c.Kind], "{p}", strconv.Itoa(c.Points))
	if c.Eliminated {
		s += " out"
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

// winnerLine announces the winners: "Ann wins with 512 points, after 9
// hands."
func winnerLine(b *scoring.Board) string {
	verb := "wins"
	if len(b.Winners()) > 1 {
		verb = "win"
	}
	return fmt.Sprintf("%s %s%s, %s.", scoring.JoinNames(b.Names(b.Winners())), verb, api.WinPhrase(b), api.AfterHands(b.Hands()))
}

// leaderLine names the leading columns: "Leading: Ann & Cat with 94."
func leaderLine(b *scoring.Board) string {
	l := b.LeadingColumns()
	if len(l) == 0 {
		return ""
	}
	cols := columns(b)
	var names []string
	for _, c := range l {
		names = append(names, cols[c].title)
	}
	verb := "Leading"
	if len(l) > 1 {
		verb = "Tied for the lead"
	}
	return fmt.Sprintf("%s: %s%s", verb, scoring.JoinNames(names), api.LeadPhrase(b))
}
