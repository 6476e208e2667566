package ui

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

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

// WriteBoard prints the score pad: a row per hand, the totals, how far each
// is from the target, who deals next and, at the end, the winner. In a
// terminal nothing is wider than st.Width: a table that would not fit is
// printed in a narrower layout (writeScorePad) and long lines are broken
// between words.
func WriteBoard(w io.Writer, g *scoring.Game, st Style) error {
	b := g.Board
	s := b.Settings
	var out bytes.Buffer
	title := fmt.Sprintf("Game %s", g.ID)
	if name := g.Name(); name != "" {
		title = fmt.Sprintf("%s (game %s)", name, g.ID)
	}
	fmt.Fprintf(&out, "%s: %s, %s, %s%s\n\n", st.Bold(title), s.Mode, present.Goal(s), deckPhrase(b.Deck, st), present.MercyPhrase(s)+housePhrase(s.House))

	if len(b.Rows) > 0 {
		if err := writeScorePad(&out, b, st); err != nil {
			return err
		}
		// What "KO" stands for, as the web page says it under its pad.
		if k := present.KOKey(b); k != "" {
			fmt.Fprintln(&out, k)
		}
		fmt.Fprintln(&out)
	} else {
		fmt.Fprintf(&out, "No hands yet. Players, in seating order: %s.\n", strings.Join(s.Players, ", "))
	}

	if elim := EliminatedLine(b); elim != "" {
		fmt.Fprintln(&out, elim)
	}
	writeNotes(&out, b, st)
	if b.Over() {
		fmt.Fprintln(&out, st.Win(WinnerLine(b)))
	} else {
		if l := leaderLine(b); l != "" {
			fmt.Fprintln(&out, l)
		}
		for _, line := range present.TableLinesSeated(b) {
			fmt.Fprintln(&out, line)
		}
	}
	return WriteWrapped(w, out.String(), st.Width)
}

// writeScorePad prints the hands and totals in the first layout that fits
// st.Width: the full table; a table without borders whose columns are
// headed by short names, with a key to them; or one line per player (per
// team) with as many of the last hands as fit.
func writeScorePad(w io.Writer, b *scoring.Board, st Style) error {
	var full bytes.Buffer
	if err := writeFullPad(&full, b, st); err != nil {
		return err
	}
	if Fits(full.String(), st.Width) {
		_, err := w.Write(full.Bytes())
		return err
	}
	short := ShortNames(b.Settings.Players)
	var narrow bytes.Buffer
	writeShortPad(&narrow, b, st, short)
	if Fits(narrow.String(), st.Width) {
		_, err := w.Write(narrow.Bytes())
		// The key is prose, broken into lines like the rest.
		if k := nameKey(b.Settings.Players, short); k != "" {
			fmt.Fprintln(w, k)
		}
		return err
	}
	writePlayerPad(w, b, st)
	return nil
}

// padColumns are the columns of the score pad before the scores: the hand's
// number, where or in which round it was played, who dealt and who went
// out. A game in rounds says in which each hand was played; at several
// tables, at which table and round ("T2 R1"), in place of the dealer (the
// lines below the table say who deals next at each). name writes a seat's
// name (in full, or short).
func padColumns(b *scoring.Board, name func(int) string) (header []string, align []Align, cells func(scoring.Row) []string) {
	manyTables, rounds := len(b.Tables()) > 1, b.Schedule() != nil
	header, align = []string{"Hand"}, []Align{AlignRight}
	switch {
	case manyTables:
		header, align = append(header, "At"), append(align, AlignLeft)
	case rounds:
		header, align = append(header, "Round", "Dealer"), append(align, AlignRight, AlignLeft)
	default:
		header, align = append(header, "Dealer"), append(align, AlignLeft)
	}
	header, align = append(header, "Out"), append(align, AlignLeft)
	flip := b.Deck.Sides != nil
	if flip {
		header, align = append(header, "Side"), append(align, AlignLeft)
	}
	cells = func(r scoring.Row) []string {
		row := []string{strconv.Itoa(r.Number)}
		switch {
		case manyTables:
			row = append(row, fmt.Sprintf("T%d R%d", r.Table, r.Round))
		case rounds:
			row = append(row, strconv.Itoa(r.Round), name(r.Dealer))
		default:
			row = append(row, name(r.Dealer))
		}
		row = append(row, name(r.Out))
		if flip {
			row = append(row, cmp.Or(r.FlipSide.String(), "-"))
		}
		return row
	}
	return header, align, cells
}

// footerCells are each column's total and, where there is a target, how far
// it is from it (or "out"); the leaders' totals stand out in colour.
func footerCells(b *scoring.Board, st Style) (totals, togo []string) {
	leading := b.LeadingColumns()
	for i := range b.Columns() {
		total := strconv.Itoa(b.ColumnScore(i))
		if slices.Contains(leading, i) {
			total = st.Win(total)
		}
		totals = append(totals, total)
		if b.Settings.Mode.HasTarget() {
			t := strconv.Itoa(b.ColumnToGo(i))
			if b.ColumnEliminated(i) {
				t = st.Warn("out")
			}
			togo = append(togo, t)
		}
	}
	return totals, togo
}

// titles are the score columns' titles, written by name; the leaders' (or
// winners') stand out in colour.
func titles(b *scoring.Board, st Style, name func(int) string, and string) []string {
	leading := b.LeadingColumns()
	var ts []string
	for i, c := range b.Columns() {
		names := make([]string, len(c.Seats))
		for j, seat := range c.Seats {
			names[j] = name(seat)
		}
		t := strings.Join(names, and)
		if slices.Contains(leading, i) {
			t = st.Win(t)
		}
		ts = append(ts, t)
	}
	return ts
}

// writeFullPad is the full table, with borders and every name in full: what
// a pipe, a file or --wide gets.
func writeFullPad(w io.Writer, b *scoring.Board, st Style) error {
	header, align, lead := padColumns(b, b.Name)
	nlead := len(header) - 1 // columns before the first score, after "Hand"
	header = append(header, titles(b, st, b.Name, " & ")...)
	for range b.Columns() {
		align = append(align, AlignRight)
	}
	t := NewTable(w, align, st.Unicode)
	t.Header(header)
	for _, r := range b.Rows {
		row := lead(r)
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
	if b.Settings.Mode.HasTarget() {
		label += "\nTo " + strconv.Itoa(b.Settings.Target)
	}
	footer := append([]string{label}, make([]string, nlead)...)
	totals, togo := footerCells(b, st)
	for i := range totals {
		if togo != nil {
			totals[i] += "\n" + togo[i]
		}
	}
	t.Footer(append(footer, totals...))
	return t.Render()
}

// writeShortPad is the score pad without borders, every name in its short
// form, with a key to the short forms under it.
func writeShortPad(w io.Writer, b *scoring.Board, st Style, short []string) {
	name := func(seat int) string { return short[seat] }
	header, align, lead := padColumns(b, name)
	nlead := len(header) - 1
	header = append(header, titles(b, st, name, "&")...)
	for range b.Columns() {
		align = append(align, AlignRight)
	}
	g := &Grid{Align: align}
	g.Add(header...)
	g.Rule()
	for _, r := range b.Rows {
		row := lead(r)
		for _, c := range r.Cells {
			row = append(row, cellText(c))
		}
		g.Add(row...)
	}
	g.Rule()
	totals, togo := footerCells(b, st)
	g.Add(append(append([]string{"Total"}, make([]string, nlead)...), totals...)...)
	if togo != nil {
		g.Add(append(append([]string{"To " + strconv.Itoa(b.Settings.Target)}, make([]string, nlead)...), togo...)...)
	}
	g.Render(w, st)
}

// nameKey says what each short name stands for: "Key: Anna Annabelle
// Fitzgerald, Bart Bartholomew Okonkwo." Nothing when every name is whole.
func nameKey(names, short []string) string {
	var parts []string
	for i, n := range names {
		if short[i] != n {
			parts = append(parts, short[i]+" = "+n)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Key: " + strings.Join(parts, ", ") + "."
}

// writePlayerPad is the narrowest layout: a line per player (per team), with
// that column's cells for as many of the last hands as fit, its total and
// how far it is from the target. Names too long for the width are cut.
func writePlayerPad(w io.Writer, b *scoring.Board, st Style) {
	cols := b.Columns()
	names := titles(b, Style{}, b.Name, " & ")
	totals, togo := footerCells(b, st)
	width := st.Width
	// Names that would take more than half the width are shortened, with
	// a key to them under the table.
	key := ""
	if maxWidth(names) > width/2 {
		short := ShortNames(b.Settings.Players)
		names = titles(b, Style{}, func(seat int) string { return short[seat] }, " & ")
		key = nameKey(b.Settings.Players, short)
	}
	// The fixed part: the name, the total and the target's column.
	fixedW := func(nameW int) int {
		n := nameW + 2 + max(len("Total"), maxWidth(totals))
		if togo != nil {
			n += 2 + max(len("To "+strconv.Itoa(b.Settings.Target)), maxWidth(togo))
		}
		return n
	}
	nameW := max(len("Hand"), maxWidth(names))
	if fixedW(nameW) > width {
		nameW = max(len("Hand"), width-fixedW(0))
	}
	room := width - fixedW(nameW)
	// As many of the last hands as fit, newest last.
	first := len(b.Rows)
	for first > 0 {
		r := b.Rows[first-1]
		cw := len(strconv.Itoa(r.Number))
		for _, c := range r.Cells {
			cw = max(cw, len(cellText(c)))
		}
		if room < cw+2 {
			break
		}
		room -= cw + 2
		first--
	}
	shown := b.Rows[first:]
	align := []Align{AlignLeft}
	header := []string{"Hand"}
	for _, r := range shown {
		header, align = append(header, strconv.Itoa(r.Number)), append(align, AlignRight)
	}
	header, align = append(header, "Total"), append(align, AlignRight)
	if togo != nil {
		header, align = append(header, "To "+strconv.Itoa(b.Settings.Target)), append(align, AlignRight)
	}
	g := &Grid{Align: align}
	g.Add(header...)
	g.Rule()
	leading := b.LeadingColumns()
	for i := range cols {
		n := Truncate(names[i], nameW)
		if slices.Contains(leading, i) {
			n = st.Win(n)
		}
		row := []string{n}
		for _, r := range shown {
			row = append(row, cellText(r.Cells[i]))
		}
		row = append(row, totals[i])
		if togo != nil {
			row = append(row, togo[i])
		}
		g.Add(row...)
	}
	g.Render(w, st)
	if first > 0 {
		fmt.Fprintf(w, "%s left out: board --wide shows all.\n", hiddenHands(first))
	}
	if key != "" {
		fmt.Fprintln(w, key)
	}
}

// hiddenHands names the first n hands: "Hand 1", "Hands 1-4".
func hiddenHands(n int) string {
	if n == 1 {
		return "Hand 1"
	}
	return fmt.Sprintf("Hands 1-%d", n)
}

func maxWidth(cells []string) int {
	n := 0
	for _, c := range cells {
		n = max(n, Width(c))
	}
	return n
}

func cellText(c scoring.Cell) string { return present.CellText(c, "-") }

func EliminatedLine(b *scoring.Board) string {
	var parts []string
	// In the order they went out of the game; seating order within a hand.
	for n := 1; n <= b.Hands(); n++ {
		for seat := range b.Settings.Players {
			if b.EliminatedIn(seat) == n {
				parts = append(parts, fmt.Sprintf("%s (hand %d)", b.Name(seat), n))
			}
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Eliminated: " + strings.Join(parts, ", ") + "."
}

// WinnerLine announces the winners: "Ann wins with 512 points, after 9
// hands."
func WinnerLine(b *scoring.Board) string {
	if c, ok := b.Ended(); ok {
		return words.Capitalize(c.Sentence()) + "."
	}
	verb := "wins"
	if len(b.Winners()) > 1 {
		verb = "win"
	}
	return fmt.Sprintf("%s %s%s, %s.", words.Join(b.Names(b.Winners())), verb, present.WinPhrase(b), present.AfterHands(b.Hands()))
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
	return fmt.Sprintf("%s: %s%s", verb, words.Join(names), present.LeadPhrase(b))
}
