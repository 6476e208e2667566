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

// tableLines say where each table stands and who deals there next: "Next
// to deal: Ann." at a game's one table; in a rotating game each table's
// round, pairs and dealer, and the rounds still to play.
func tableLines(b *scoring.Board) []string {
	tables := b.Tables()
	if b.Schedule() == nil {
		return []string{fmt.Sprintf("Next to deal: %s.", b.Name(tables[0].Dealer))}
	}
	var lines, left []string
	rounds := len(b.Schedule())
	for _, t := range tables {
		lines = append(lines, tableLine(b, t))
		if !t.Done {
			left = append(left, fmt.Sprintf("%d at table %d", rounds-t.Round+1, t.Number))
		}
		if w := waitLine(b, t, tables); w != "" {
			lines = append(lines, w)
		}
	}
	if len(tables) == 1 {
		left = []string{strconv.Itoa(rounds - tables[0].Round + 1)}
	}
	lines = append(lines, "Rounds still to play: "+strings.Join(left, ", ")+", counting the round under way.")
	return lines
}

// tableLine says where one table of a rotating game stands: "Table 1,
// round 2 of 3, hand 3 of 4: Ann & Dan against Bob & Cat; Dan deals."
func tableLine(b *scoring.Board, t scoring.Table) string {
	rounds := len(b.Schedule())
	if t.Done {
		return fmt.Sprintf("Table %d has played all %d rounds.", t.Number, rounds)
	}
	return fmt.Sprintf("Table %d, round %d of %d, hand %d of %d: %s against %s; %s deals.", t.Number, t.Round, rounds,
		t.Hands+1, b.Settings.Hands, pairName(b, t.Teams[0]), pairName(b, t.Teams[1]), b.Name(t.Dealer))
}

// waitLine warns that a table has finished a round before another table
// whose players it needs: "Table 1 starts round 2 when table 2 finishes
// round 1: Eve and Fay play there."
func waitLine(b *scoring.Board, t scoring.Table, tables []scoring.Table) string {
	if t.Done || t.Hands > 0 {
		return ""
	}
	for _, o := range tables {
		if o.Number == t.Number || o.Done || o.Round >= t.Round {
			continue
		}
		var away []int
		for _, seat := range t.Seats {
			if slices.Contains(o.Seats, seat) {
				away = append(away, seat)
			}
		}
		if len(away) > 0 {
			return fmt.Sprintf("  Table %d starts round %d when table %d finishes round %d: %s play there.",
				t.Number, t.Round, o.Number, o.Round, scoring.JoinNames(b.Names(away)))
		}
	}
	return ""
}

// pairName writes two partners: "Ann & Cat".
func pairName(b *scoring.Board, pair []int) string { return strings.Join(b.Names(pair), " & ") }

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
	w := b.Winners()
	text := textOf(b.Settings.Mode)
	verb, phrase := "wins", text.win
	if len(w) > 1 {
		verb = "win"
	}
	if len(b.LeadingColumns()) > 1 {
		phrase = text.tie
	}
	hands := fmt.Sprintf("after %d hands", b.Hands())
	if b.Hands() == 1 {
		hands = "after 1 hand"
	}
	score := fill(phrase, map[string]string{"score": strconv.Itoa(b.Score(w[0]))})
	return fmt.Sprintf("%s %s%s, %s.", scoring.JoinNames(b.Names(w)), verb, score, hands)
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
	score := fill(textOf(b.Settings.Mode).lead, map[string]string{"score": strconv.Itoa(b.ColumnScore(l[0]))})
	return fmt.Sprintf("%s: %s%s", verb, scoring.JoinNames(names), score)
}
