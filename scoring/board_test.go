package scoring

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseModeAndFits(t *testing.T) {
	for in, want := range map[string]Mode{"": Standard, "STD": Standard, "low": Lowest, "teams": Partners, "elimination": Challenge, " Challenge ": Challenge} {
		if got, err := ParseMode(in); err != nil || got != want {
			t.Errorf("ParseMode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseMode("speed"); err == nil || !strings.Contains(err.Error(), "the modes are standard, lowest, partners, challenge") {
		t.Errorf("ParseMode(speed): %v", err)
	}
	tests := []struct {
		m   Mode
		n   int
		bad string
	}{
		{Standard, 2, ""}, {Standard, 10, ""}, {Standard, 1, "2 to 10 players, not 1"}, {Lowest, 11, "not 11"},
		{Partners, 4, ""}, {Challenge, 3, ""},
	}
	for _, tt := range tests {
		err := tt.m.Fits(tt.n)
		if (err == nil) != (tt.bad == "") || err != nil && !strings.Contains(err.Error(), tt.bad) {
			t.Errorf("%s.Fits(%d) = %v, want %q", tt.m, tt.n, err, tt.bad)
		}
	}
	for _, m := range Modes {
		if m.info().mode != m {
			t.Errorf("mode %q has no row of its own", m)
		}
	}
}

// TestColumnsAndCells checks what the board says each hand did to each
// column, and the running totals, in every mode.
func TestColumnsAndCells(t *testing.T) {
	four := []string{"Ann", "Bob", "Cat", "Dan"}
	tests := []struct {
		name    string
		s       Settings
		hands   []Hand
		columns [][]int
		cells   [][]Cell // per hand, per column
		totals  [][]int
		leading []int
	}{
		{
			name:    "standard",
			s:       Settings{Players: four[:3]},
			hands:   []Hand{hand(t, "Ann", "Bob=r7 wd4", "Cat=9"), hand(t, "Cat", "Ann=2", "Bob=5")},
			columns: [][]int{{0}, {1}, {2}},
			cells: [][]Cell{
				{{Kind: Won, Points: 66}, {Kind: Held, Points: 57}, {Kind: Held, Points: 9}},
				{{Kind: Held, Points: 2}, {Kind: Held, Points: 5}, {Kind: Won, Points: 7}},
			},
			totals:  [][]int{{66, 0, 0}, {66, 0, 7}},
			leading: []int{0},
		},
		{
			name:    "partners: a column per team",
			s:       Settings{Mode: Partners, Players: four},
			hands:   []Hand{hand(t, "Cat", "Bob=r7 wd4", "Dan=9"), hand(t, "Dan", "Ann=w", "Cat=w")},
			columns: [][]int{{0, 2}, {1, 3}},
			cells: [][]Cell{
				{{Kind: Won, Points: 66}, {Kind: Held, Points: 66}},
				{{Kind: Held, Points: 100}, {Kind: Won, Points: 100}},
			},
			totals:  [][]int{{66, 0}, {66, 100}},
			leading: []int{1},
		},
		{
			name:    "lowest: tallies, a tie for the lead",
			s:       Settings{Mode: Lowest, Players: four[:3]},
			hands:   []Hand{hand(t, "Ann", "Bob=wd4", "Cat=5"), hand(t, "Cat", "Ann=5", "Bob=r9 1")},
			columns: [][]int{{0}, {1}, {2}},
			cells: [][]Cell{
				{{Kind: Clean}, {Kind: Tallied, Points: 50}, {Kind: Tallied, Points: 5}},
				{{Kind: Tallied, Points: 5}, {Kind: Tallied, Points: 10}, {Kind: Clean}},
			},
			totals:  [][]int{{0, 50, 5}, {5, 60, 5}},
			leading: []int{0, 2},
		},
		{
			name:    "challenge: eliminated, then no part",
			s:       Settings{Mode: Challenge, Target: 100, Players: four[:3]},
			hands:   []Hand{hand(t, "Ann", "Bob=2xwd4", "Cat=5"), hand(t, "Cat", "Ann=5")},
			columns: [][]int{{0}, {1}, {2}},
			cells: [][]Cell{
				{{Kind: Clean}, {Kind: Tallied, Points: 100, Eliminated: true}, {Kind: Tallied, Points: 5}},
				{{Kind: Tallied, Points: 5}, {Kind: NotIn}, {Kind: Clean}},
			},
			totals:  [][]int{{0, 100, 5}, {5, 100, 5}},
			leading: []int{0, 2},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Replay(tt.s, tt.hands)
			if err != nil {
				t.Fatal(err)
			}
			var cols [][]int
			for _, c := range b.Columns() {
				cols = append(cols, c.Seats)
			}
			if !reflect.DeepEqual(cols, tt.columns) {
				t.Fatalf("columns %v, want %v", cols, tt.columns)
			}
			for i, r := range b.Rows {
				if !reflect.DeepEqual(r.Cells, tt.cells[i]) {
					t.Errorf("hand %d cells %+v, want %+v", i+1, r.Cells, tt.cells[i])
				}
				if !reflect.DeepEqual(r.Totals, tt.totals[i]) {
					t.Errorf("hand %d totals %v, want %v", i+1, r.Totals, tt.totals[i])
				}
			}
			for c := range cols {
				if got, want := b.ColumnScore(c), tt.totals[len(tt.totals)-1][c]; got != want {
					t.Errorf("column %d score %d, want %d", c, got, want)
				}
			}
			if got := b.LeadingColumns(); !reflect.DeepEqual(got, tt.leading) {
				t.Errorf("leading columns %v, want %v", got, tt.leading)
			}
		})
	}
}

func TestSideAndTables(t *testing.T) {
	b := mustBoard(t, Settings{Mode: Partners, Players: []string{"Ann", "Bob", "Cat", "Dan"}, Dealer: "Bob"})
	if got := b.Side(1, 2); !reflect.DeepEqual(got, []int{0, 2}) {
		t.Errorf("Cat's side %v", got)
	}
	tables := b.Tables()
	if len(tables) != 1 || tables[0].Dealer != 1 || tables[0].Done || len(tables[0].Seats) != 4 {
		t.Errorf("tables %+v", tables)
	}
	s := mustBoard(t, Settings{Players: []string{"Ann", "Bob"}})
	if got := s.Side(1, 1); !reflect.DeepEqual(got, []int{1}) {
		t.Errorf("Bob's side in standard %v", got)
	}
}
