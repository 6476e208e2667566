package scoring

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules/words"
)

// playAt plays one hand at table tn of a rotating game, in the round the
// table is in: its first player goes out, the opposing pair holds a 4 and
// a 6.
func playAt(b *Board, tn int) (Hand, error) {
	tb := b.tableOfAnyway(tn)
	st := b.Schedule()[tb.Round-1][tn-1]
	four, _ := b.Deck.ParseHand("4")
	six, _ := b.Deck.ParseHand("6")
	return b.Play(Hand{Table: tn, Out: b.Name(st[0][0]), Left: []Left{{Player: b.Name(st[1][0]), Cards: four}, {Player: b.Name(st[1][1]), Cards: six}}})
}

// tableOfAnyway is table tn as it stands, whatever it waits for.
func (b *Board) tableOfAnyway(tn int) Table { return b.Tables()[tn-1] }

// waitModel is the waiting rule counted on its own: a player has done a
// round when the table that seated them in it has played all its hands, or
// when they sat it out; a table may play a hand of round r when every
// player seated there in round r has done every round before r.
type waitModel struct {
	sched  [][]Seating
	hands  int
	played []int // per table
	n      int
}

func (m *waitModel) round(t int) int { return min(m.played[t]/m.hands, len(m.sched)-1) } // from 0

func (m *waitModel) done(seat, r int) bool {
	for t, st := range m.sched[r] {
		c := st.Clockwise()
		if slices.Contains(c[:], seat) {
			return m.played[t] >= (r+1)*m.hands
		}
	}
	return true // sat out
}

// waiting lists the players table t waits for, in seat order.
func (m *waitModel) waiting(t int) []int {
	r := m.round(t)
	c := m.sched[r][t].Clockwise()
	var w []int
	for seat := range m.n {
		if !slices.Contains(c[:], seat) {
			continue
		}
		for k := range r {
			if !m.done(seat, k) {
				w = append(w, seat)
				break
			}
		}
	}
	return w
}

// TestWaitingEveryOrder tries every order in which the tables could finish
// their hands, two or three rounds of one or two hands at two, three and
// four tables: at each step a hand at each table still playing is either
// counted (the model says the table may play) or refused with the waiting
// sentence, and then nothing changes.
func TestWaitingEveryOrder(t *testing.T) {
	cases := []struct{ players, rounds, hands, orders int }{ // orders: how many to the end, when counted by hand
		// 8 players, 2 rounds of 1: the two round-1 hands in either order,
		// then round 2's in either order (each round-2 table seats players
		// from both round-1 tables).
		{8, 2, 1, 4}, {8, 3, 1, 0}, {8, 2, 2, 0}, {12, 2, 1, 0}, {12, 3, 1, 0}, {16, 2, 1, 0},
		// With a sit-out: one table (it never waits), two and three.
		{5, 5, 1, 1}, {9, 3, 1, 0}, {9, 4, 1, 0}, {13, 3, 1, 0},
	}
	for _, c := range cases {
		if testing.Short() && c.players*c.rounds >= 32 {
			continue
		}
		t.Run(fmt.Sprintf("%d players, %d rounds of %d", c.players, c.rounds, c.hands), func(t *testing.T) {
			var players []string
			for i := range c.players {
				players = append(players, fmt.Sprintf("P%02d", i+1))
			}
			s := Settings{Mode: Rotating, Players: players, Hands: c.hands}
			b0 := mustBoard(t, s)
			tables := len(b0.Tables())
			orders, refusals := 0, 0
			// A table's hands beyond round c.rounds are not tried.
			var walk func(seq []int)
			walk = func(seq []int) {
				hands := make([]Hand, 0, len(seq))
				b := mustBoard(t, s)
				m := &waitModel{sched: b.Schedule(), hands: c.hands, played: make([]int, tables), n: c.players}
				for _, tn := range seq {
					h, err := playAt(b, tn)
					if err != nil {
						t.Fatalf("%v: replaying: %v", seq, err)
					}
					hands = append(hands, h)
					m.played[tn-1]++
				}
				more := false
				for tn := 1; tn <= tables; tn++ {
					if m.played[tn-1] >= c.rounds*c.hands {
						continue
					}
					more = true
					want := m.waiting(tn - 1)
					tb := b.Tables()[tn-1]
					if !slices.Equal(tb.WaitingFor, want) {
						t.Fatalf("after %v, table %d waits for %v, the model says %v", seq, tn, b.Names(tb.WaitingFor), b.Names(want))
					}
					_, terr := b.Table(tn)
					before := b.Hands()
					_, err := playAt(b, tn)
					if len(want) > 0 {
						refusals++
						prefix := fmt.Sprintf("Table %d waits for round %d: ", tn, tb.Round)
						if err == nil || !strings.HasPrefix(err.Error(), prefix) || terr == nil || terr.Error() != err.Error() {
							t.Fatalf("after %v, a hand at table %d: %v (Table: %v), want %q...", seq, tn, err, terr, prefix)
						}
						for _, seat := range want {
							if !strings.Contains(err.Error(), b.Name(seat)) {
								t.Fatalf("after %v: %q does not name %s", seq, err, b.Name(seat))
							}
						}
						if b.Hands() != before {
							t.Fatalf("after %v: a refused hand was counted", seq)
						}
						continue
					}
					if err != nil || terr != nil {
						t.Fatalf("after %v, a hand at table %d: %v (Table: %v)", seq, tn, err, terr)
					}
					walk(append(slices.Clip(seq), tn))
					// Replay strictly what was allowed: the same board.
					b = mustBoard(t, s)
					for _, h := range hands {
						if _, err := b.Play(h); err != nil {
							t.Fatal(err)
						}
					}
				}
				if !more {
					orders++
				}
			}
			walk(nil)
			if refusals == 0 && tables > 1 {
				t.Fatal("no order was refused: the test proves nothing")
			}
			if c.orders > 0 && orders != c.orders {
				t.Errorf("%d orders to the end, want %d", orders, c.orders)
			}
			t.Logf("%d orders allowed, %d hands refused", orders, refusals)
		})
	}
}

// TestWaitingReproduction is issue 20's: table 2 plays round 1 and tries
// round 2 while Bob and Cat are still at table 1.
func TestWaitingReproduction(t *testing.T) {
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	s := Settings{Mode: Rotating, Players: players, Hands: 1}
	b := mustBoard(t, s)
	hands := []Hand{
		{Table: 2, Out: "Gus", Left: hand(t, "", "Hal=9", "Fay=2xs").Left},
		{Table: 2, Out: "Eve", Left: hand(t, "", "Cat=5", "Bob=5").Left},
		{Table: 2, Out: "Bob", Left: hand(t, "", "Dan=7", "Gus=8").Left},
	}
	if _, err := b.Play(hands[0]); err != nil {
		t.Fatal(err)
	}
	const want = "Table 2 waits for round 2: Bob and Cat are still playing round 1 at table 1"
	if _, err := b.Play(hands[1]); err == nil || err.Error() != want {
		t.Fatalf("round 2 at table 2: %v, want %q", err, want)
	}
	if tb := b.Tables()[1]; !slices.Equal(b.Names(tb.WaitingFor), []string{"Bob", "Cat"}) || b.WaitSentence(tb) != want {
		t.Fatalf("table 2: %+v", tb)
	}
	if tb := b.Tables()[0]; tb.WaitingFor != nil {
		t.Fatalf("table 1 waits for %v", tb.WaitingFor)
	}
	// Read back strictly (an import), the log is refused at hand 2.
	if _, err := Replay(s, hands); err == nil || err.Error() != "hand 2: "+want {
		t.Fatalf("Replay: %v", err)
	}
	// Recorded before the rule, it still reads, its rows marked.
	rb, err := ReplayRecorded(s, hands)
	if err != nil {
		t.Fatal(err)
	}
	if rb.Rows[0].Waited != "" || rb.Rows[1].Waited != want ||
		rb.Rows[2].Waited != "Table 2 waits for round 3: Dan and Gus are still to play round 2 at table 1" {
		t.Fatalf("rows: %q, %q, %q", rb.Rows[0].Waited, rb.Rows[1].Waited, rb.Rows[2].Waited)
	}
	// A new hand there is refused all the same.
	if _, err := playAt(rb, 2); err == nil || !strings.HasPrefix(err.Error(), "Table 2 waits for round 4: ") {
		t.Fatalf("a fourth hand at table 2: %v", err)
	}
}

// TestSittingOut: five players, one table: each round's sit-out is the one
// player the schedule leaves out, never asked for and never counted; over
// the game everyone sits out once and plays the same number of hands.
func TestSittingOut(t *testing.T) {
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve"}
	b := mustBoard(t, Settings{Mode: Rotating, Players: players, Hands: 2})
	if len(b.Schedule()) != 5 || len(b.Tables()) != 1 {
		t.Fatalf("%d rounds at %d tables", len(b.Schedule()), len(b.Tables()))
	}
	out := map[int]bool{}
	for r := 1; r <= 5; r++ {
		tb := b.Tables()[0]
		sitter := b.SittingOut(r)
		if tb.Round != r || tb.SittingOut != sitter || b.SittingOutNow() != sitter || sitter < 0 || slices.Contains(tb.Seats, sitter) {
			t.Fatalf("round %d: table %+v, sitting out %d (now %d)", r, tb, sitter, b.SittingOutNow())
		}
		out[sitter] = true
		// The player sitting out can neither go out nor be entered.
		if _, err := b.Play(Hand{Out: b.Name(sitter), Left: hand(t, "", b.Name(tb.Teams[1][0])+"=1", b.Name(tb.Teams[1][1])+"=2").Left}); err == nil ||
			err.Error() != fmt.Sprintf("%s sits out round %d: table 1's players are %s", b.Name(sitter), r, words.Join(b.Names(tb.Seats))) {
			t.Fatalf("round %d: %s went out: %v", r, b.Name(sitter), err)
		}
		for range 2 {
			if _, err := playAt(b, 1); err != nil {
				t.Fatalf("round %d: %v", r, err)
			}
		}
	}
	if len(out) != 5 || !b.Over() || b.SittingOutNow() != -1 {
		t.Fatalf("sat out: %v, over %v, now %d", out, b.Over(), b.SittingOutNow())
	}
	for _, p := range Summarize(b).Players {
		if p.Hands != 8 {
			t.Errorf("%s played %d hands, want 8 (4 rounds of 2; the round sat out counts none)", p.Player, p.Hands)
		}
	}
	// Nobody sits out with 4k players.
	if eight := mustBoard(t, Settings{Mode: Rotating, Players: []string{"A", "B", "C", "D", "E", "F", "G", "H"}}); eight.SittingOut(1) != -1 || eight.Tables()[0].SittingOut != -1 {
		t.Fatal("a player sits out with eight")
	}
}
