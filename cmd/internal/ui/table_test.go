package ui

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// tablewriterTable is the table unoscore drew with tablewriter v1 before
// Table replaced it (tablewriter is linked into this test only).
func tablewriterTable(w *bytes.Buffer, align []Align, unicode bool, header []string, rows [][]string, footer []string) error {
	symbols := tw.StyleASCII
	if unicode {
		symbols = tw.StyleLight
	}
	var twAlign []tw.Align
	for _, a := range align {
		twAlign = append(twAlign, map[Align]tw.Align{AlignLeft: tw.AlignLeft, AlignRight: tw.AlignRight, AlignCenter: tw.AlignCenter}[a])
	}
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(symbols)})),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithFooterAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignCenter),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: twAlign}),
		tablewriter.WithFooterAlignmentConfig(tw.CellAlignment{PerColumn: twAlign}),
		tablewriter.WithTrimSpace(tw.Off),
	)
	if header != nil {
		t.Header(header)
	}
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return err
		}
	}
	if footer != nil {
		t.Footer(footer)
	}
	return t.Render()
}

func ourTable(w *bytes.Buffer, align []Align, unicode bool, header []string, rows [][]string, footer []string) error {
	t := NewTable(w, align, unicode)
	if header != nil {
		t.Header(header)
	}
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return err
		}
	}
	if footer != nil {
		t.Footer(footer)
	}
	return t.Render()
}

type tableCase struct {
	name   string
	align  []Align
	header []string
	rows   [][]string
	footer []string
}

func compareTables(t *testing.T, tc tableCase) {
	t.Helper()
	for _, unicode := range []bool{false, true} {
		var want, got bytes.Buffer
		if err := tablewriterTable(&want, tc.align, unicode, tc.header, tc.rows, tc.footer); err != nil {
			t.Fatalf("%s: tablewriter: %v", tc.name, err)
		}
		if err := ourTable(&got, tc.align, unicode, tc.header, tc.rows, tc.footer); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got.String() != want.String() {
			t.Errorf("%s (unicode %v): Table drew\n%s\ntablewriter drew\n%s", tc.name, unicode, got.String(), want.String())
		}
	}
}

// Table draws what tablewriter drew, byte for byte, for the tables unoscore
// prints: a score pad (two-line footer cells, colour codes, wide names), the
// games list (no footer), and the edges (no rows, a header wider than every
// cell, odd gaps to centre, empty cells).
func TestTableDrawsWhatTablewriterDrew(t *testing.T) {
	R, L := AlignRight, AlignLeft
	for _, tc := range []tableCase{
		{
			name:   "score pad",
			align:  []Align{R, L, L, R, R, R},
			header: []string{"Hand", "Dealer", "Out", "Ann", "Bob", "李小龙"},
			rows: [][]string{
				{"1", "Ann", "Bob", "", "37", ""},
				{"2", "Bob", "李小龙", "", "", "120"},
				{"3", "李小龙", "Ann", "5", "", ""},
			},
			footer: []string{"Total\nTo 500", "", "", "5\n495", "37\n463", "120\n380"},
		},
		{
			name:   "colour codes",
			align:  []Align{R, L, R, R},
			header: []string{"Hand", "Out", "\x1b[1mAnn\x1b[0m", "\x1b[32mBob & Cat\x1b[0m"},
			rows:   [][]string{{"1", "Ann", "\x1b[32m12\x1b[0m", ""}, {"2", "Bob", "", "\x1b[33m150\x1b[0m"}},
			footer: []string{"Total", "", "\x1b[1m12\x1b[0m", "150"},
		},
		{
			name:   "games list",
			align:  []Align{L, L, L, L, L, R, L, L},
			header: []string{"", "Id", "Started", "Name", "Mode", "Hands", "Players", "Result"},
			rows: [][]string{
				{"*", "g00001", "2016-01-01 19:00", "Night 1", "standard", "20", "Ann, Bob, Cat, Dan", "Ann won"},
				{"", "8tgjqv", "2026-11-25 16:12", "", "partners", "0", "Ann, Bob", ""},
			},
		},
		{
			name:   "no rows",
			align:  []Align{R, L, R},
			header: []string{"Hand", "Out", "Ann"},
			footer: []string{"Total", "", "0"},
		},
		{
			name:   "header wider than every cell, odd gaps",
			align:  []Align{R, L, R},
			header: []string{"Hand", "Dealer", "Wonderful"},
			rows:   [][]string{{"1", "A", "7"}, {"10", "", "12345"}},
		},
		{
			name:   "cells wider than the header",
			align:  []Align{L, R},
			header: []string{"A", "B"},
			rows:   [][]string{{"a long name", "1234567"}},
			footer: []string{"", "x"},
		},
	} {
		compareTables(t, tc)
	}
}

// Random tables of words, numbers, wide letters, colour codes and
// two-line cells, against tablewriter.
func TestTableMatchesTablewriterOnRandomTables(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 3))
	words := []string{"", "7", "37", "150", "Ann", "Bob & Cat", "李小龙", "Zoë", "\x1b[32m12\x1b[0m", "Total\nTo 500", "a\nbc\ndef", "g04242", "2016-01-01 19:00", "Über"}
	cell := func() string { return words[r.IntN(len(words))] }
	for i := range 300 {
		cols := 1 + r.IntN(7)
		tc := tableCase{name: "random " + strings.Repeat("·", i%3)}
		for range cols {
			tc.align = append(tc.align, Align(r.IntN(2)))
			tc.header = append(tc.header, strings.ReplaceAll(cell(), "\n", " "))
		}
		for range r.IntN(5) {
			var row []string
			for range cols {
				row = append(row, cell())
			}
			tc.rows = append(tc.rows, row)
		}
		if r.IntN(2) == 0 {
			for range cols {
				tc.footer = append(tc.footer, cell())
			}
		}
		compareTables(t, tc)
		if t.Failed() {
			t.Fatalf("case %d: header %q rows %q footer %q", i, tc.header, tc.rows, tc.footer)
		}
	}
}
