package scoring

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestWhistSchedules checks every schedule unoscore makes by counting, on
// its own, what a whist tournament promises: with 4k players n-1 rounds
// seating everyone; with 4k+1, n rounds each leaving one out, everyone
// once; and every two players partners once and opponents twice.
func TestWhistSchedules(t *testing.T) {
	for _, n := range []int{4, 5, 8, 9, 12, 13, 16} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			rounds, err := Whist(n)
			if err != nil {
				t.Fatal(err)
			}
			wantRounds, seatedEach := n-1, n
			if n%4 == 1 {
				wantRounds, seatedEach = n, n-1
			}
			if len(rounds) != wantRounds {
				t.Fatalf("%d rounds, want %d", len(rounds), wantRounds)
			}
			partners := map[[2]int]int{}
			opponents := map[[2]int]int{}
			satOut := map[int]int{}
			key := func(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }
			for r, round := range rounds {
				if len(round) != seatedEach/4 {
					t.Fatalf("round %d: %d tables", r+1, len(round))
				}
				plays := map[int]int{}
				for _, table := range round {
					for _, seat := range table.Clockwise() {
						plays[seat]++
					}
					partners[key(table[0][0], table[0][1])]++
					partners[key(table[1][0], table[1][1])]++
					for _, a := range table[0] {
						for _, o := range table[1] {
							opponents[key(a, o)]++
						}
					}
				}
				out := 0
				for seat := range n {
					switch plays[seat] {
					case 0:
						out++
						satOut[seat]++
						if SittingOut(n, round) != seat {
							t.Fatalf("round %d: SittingOut says %d, %d is not seated", r+1, SittingOut(n, round), seat)
						}
					case 1:
					default:
						t.Fatalf("round %d: player %d plays %d times", r+1, seat, plays[seat])
					}
				}
				if out != n-seatedEach {
					t.Fatalf("round %d: %d players left out", r+1, out)
				}
			}
			for seat := range n {
				if want := n - seatedEach; satOut[seat] != want {
					t.Errorf("player %d sits out %d rounds, want %d", seat, satOut[seat], want)
				}
			}
			for a := range n {
				for c := a + 1; c < n; c++ {
					if partners[key(a, c)] != 1 || opponents[key(a, c)] != 2 {
						t.Errorf("players %d and %d: partners %d times, opponents %d times", a, c, partners[key(a, c)], opponents[key(a, c)])
					}
				}
			}
			// The first round seats the players in order, partners across;
			// with 4k+1 the last player sits it out.
			for k, table := range rounds[0] {
				want := Seating{{4 * k, 4*k + 2}, {4*k + 1, 4*k + 3}}
				if table != want {
					t.Errorf("round 1 table %d: %v, want %v", k+1, table, want)
				}
			}
			if n%4 == 1 && SittingOut(n, rounds[0]) != n-1 {
				t.Errorf("round 1: %d sits out, want the last player", SittingOut(n, rounds[0]))
			}
			if err := CheckWhist(n, rounds); err != nil {
				t.Errorf("CheckWhist: %v", err)
			}
		})
	}
	for _, n := range []int{0, 2, 3, 6, 7, 10, 11, 17, 20} {
		if _, err := Whist(n); err == nil {
			t.Errorf("Whist(%d) made a schedule", n)
		}
	}
}

func TestCheckWhistRefuses(t *testing.T) {
	good, _ := Whist(4)
	swapped := [][]Seating{good[0], good[0], good[2]}
	short := good[:2]
	twice := [][]Seating{{{{0, 0}, {1, 2}}}, good[1], good[2]}
	for name, tt := range map[string]struct {
		rounds [][]Seating
		bad    string
	}{
		"a round repeated": {swapped, "partners 2 times"},
		"too few rounds":   {short, "2 rounds, not 3"},
		"seated twice":     {twice, "seats player 1 twice"},
	} {
		if err := CheckWhist(4, tt.rounds); err == nil || !strings.Contains(err.Error(), tt.bad) {
			t.Errorf("%s: %v, want %q", name, err, tt.bad)
		}
	}
	// Five players: a round that leaves out someone who already sat out,
	// or one seat too few rounds.
	five, _ := Whist(5)
	sameOut := slices.Clone(five)
	sameOut[1] = sameOut[0]
	for name, tt := range map[string]struct {
		rounds [][]Seating
		bad    string
	}{
		"one sits out twice": {sameOut, "rounds, not one"},
		"four rounds":        {five[:4], "4 rounds, not 5"},
	} {
		if err := CheckWhist(5, tt.rounds); err == nil || !strings.Contains(err.Error(), tt.bad) {
			t.Errorf("five: %s: %v, want %q", name, err, tt.bad)
		}
	}
	if err := CheckWhist(6, nil); err == nil || !strings.Contains(err.Error(), "6 players do not fill tables of four, even with one sitting out") {
		t.Errorf("six players: %v", err)
	}
}

func TestRotatingSettings(t *testing.T) {
	four := []string{"Ann", "Bob", "Cat", "Dan"}
	b := mustBoard(t, Settings{Mode: "rotate", Players: four})
	s := b.Settings
	want := [][]Pairs{
		{{{"Ann", "Cat"}, {"Bob", "Dan"}}},
		{{{"Ann", "Dan"}, {"Bob", "Cat"}}},
		{{{"Ann", "Bob"}, {"Cat", "Dan"}}},
	}
	if s.Mode != Rotating || s.Hands != 4 || s.Target != 0 || s.Dealer != "Ann" || !reflect.DeepEqual(s.Schedule, want) {
		t.Fatalf("settings %+v", s)
	}
	// Read back (as from the file), the same schedule is kept.
	again := mustBoard(t, s)
	if !reflect.DeepEqual(again.Settings, s) {
		t.Fatalf("normalized twice: %+v", again.Settings)
	}
	tests := []struct {
		name string
		s    Settings
		bad  string
	}{
		{"six players", Settings{Mode: Rotating, Players: []string{"A", "B", "C", "D", "E", "F"}}, "is for 4, 5, 8, 9, 12, 13 or 16 players (a table of four for every four players; with 5, 9 or 13, one sits out each round), not 6"},
		{"two players", Settings{Mode: Rotating, Players: four[:2]}, "not 2"},
		{"a target", Settings{Mode: Rotating, Players: four, Target: 300}, "not to a target"},
		{"teams", Settings{Mode: Rotating, Players: four, Teams: [][]string{{"Ann", "Bob"}}}, "leave the teams out"},
		{"another dealer", Settings{Mode: Rotating, Players: four, Dealer: "Cat"}, "Ann deals first at table 1"},
		{"hands out of range", Settings{Mode: Rotating, Players: four, Hands: 101}, "101 hands per round"},
		{"hands outside rotating", Settings{Players: four, Hands: 4}, "only for the rotating mode"},
		{"a schedule that repeats a pairing", Settings{Mode: Rotating, Players: four, Schedule: [][]Pairs{want[0], want[0], want[2]}}, "partners 2 times"},
		{"a schedule naming a stranger", Settings{Mode: Rotating, Players: four, Schedule: [][]Pairs{want[0], {{{"Ann", "Zed"}, {"Cat", "Bob"}}}, want[2]}}, `no player is called "Zed"`},
	}
	for _, tt := range tests {
		s := tt.s
		if err := s.Normalize(); err == nil || !strings.Contains(err.Error(), tt.bad) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.bad)
		}
	}
	// Sixteen players: the most any mode takes.
	var sixteen []string
	for i := range 16 {
		sixteen = append(sixteen, fmt.Sprintf("P%d", i+1))
	}
	b = mustBoard(t, Settings{Mode: Rotating, Players: sixteen, Hands: 1})
	if len(b.Schedule()) != 15 || len(b.Tables()) != 4 {
		t.Fatalf("16 players: %d rounds, %d tables", len(b.Schedule()), len(b.Tables()))
	}
}

// TestRotatingFourPlayers plays the 1998 rulebook's four-player variation:
// three pairings of four hands each, every player keeping their own total.
func TestRotatingFourPlayers(t *testing.T) {
	b := mustBoard(t, Settings{Mode: Rotating, Players: []string{"Ann", "Bob", "Cat", "Dan"}})
	type step struct {
		h      Hand
		round  int // the round the hand is played in
		dealer string
		side   []string
		scores []int // Ann, Bob, Cat, Dan after it
	}
	steps := []step{
		// Round 1: Ann & Cat against Bob & Dan; Ann, Bob, Cat, Dan deal.
		{hand(t, "Ann", "Bob=r7 wd4", "Dan=9"), 1, "Ann", []string{"Ann", "Cat"}, []int{66, 0, 66, 0}},
		{hand(t, "Dan", "Ann=5", "Cat=w"), 1, "Bob", []string{"Bob", "Dan"}, []int{66, 55, 66, 55}},
		{hand(t, "Cat", "Bob=1", "Dan=2"), 1, "Cat", []string{"Ann", "Cat"}, []int{69, 55, 69, 55}},
		{hand(t, "Bob", "Ann=10pts", "Cat=10pts"), 1, "Dan", []string{"Bob", "Dan"}, []int{69, 75, 69, 75}},
		// Round 2: Ann & Dan against Bob & Cat.
		{hand(t, "Dan", "Bob=9", "Cat=1"), 2, "Ann", []string{"Ann", "Dan"}, []int{79, 75, 69, 85}},
		{hand(t, "Cat", "Ann=20pts", "Dan=0pts"), 2, "Bob", []string{"Bob", "Cat"}, []int{79, 95, 89, 85}},
		{hand(t, "Ann", "Bob=1", "Cat=1"), 2, "Dan", []string{"Ann", "Dan"}, []int{81, 95, 89, 87}},
		{hand(t, "Ann", "Bob=1", "Cat=1"), 2, "Cat", []string{"Ann", "Dan"}, []int{83, 95, 89, 89}},
		// Round 3: Ann & Bob against Cat & Dan.
		{hand(t, "Bob", "Cat=30pts", "Dan=30pts"), 3, "Ann", []string{"Ann", "Bob"}, []int{143, 155, 89, 89}},
		{hand(t, "Cat", "Ann=1", "Bob=1"), 3, "Cat", []string{"Cat", "Dan"}, []int{143, 155, 91, 91}},
		{hand(t, "Dan", "Ann=1", "Bob=1"), 3, "Bob", []string{"Cat", "Dan"}, []int{143, 155, 93, 93}},
		{hand(t, "Ann", "Cat=1", "Dan=1"), 3, "Dan", []string{"Ann", "Bob"}, []int{145, 157, 93, 93}},
	}
	for i, st := range steps {
		tb := b.Tables()[0]
		if tb.Round != st.round || tb.Hands != i%4 || b.Name(tb.Dealer) != st.dealer {
			t.Fatalf("before hand %d: table %+v, want round %d, dealer %s", i+1, tb, st.round, st.dealer)
		}
		played, err := b.Play(st.h)
		if err != nil {
			t.Fatalf("hand %d: %v", i+1, err)
		}
		if played.Table != 1 {
			t.Fatalf("hand %d: counted at table %d", i+1, played.Table)
		}
		r := b.Rows[i]
		if r.Round != st.round || r.Table != 1 || b.Name(r.Dealer) != st.dealer || !reflect.DeepEqual(b.Names(r.Side), st.side) {
			t.Fatalf("hand %d: row round %d table %d dealer %s side %v", i+1, r.Round, r.Table, b.Name(r.Dealer), b.Names(r.Side))
		}
		if got := scores(b); !reflect.DeepEqual(got, st.scores) {
			t.Fatalf("hand %d: scores %v, want %v", i+1, got, st.scores)
		}
		if !reflect.DeepEqual(r.Totals, st.scores) {
			t.Fatalf("hand %d: totals %v", i+1, r.Totals)
		}
		if i < len(steps)-1 && b.Over() {
			t.Fatalf("over after hand %d", i+1)
		}
	}
	if !b.Over() || !reflect.DeepEqual(b.Names(b.Winners()), []string{"Bob"}) {
		t.Fatalf("over %v winners %v", b.Over(), b.Names(b.Winners()))
	}
	if tb := b.Tables()[0]; !tb.Done || tb.Round != 3 || tb.Hands != 4 || tb.Dealer != -1 {
		t.Fatalf("table at the end: %+v", tb)
	}
	if _, err := b.Play(hand(t, "Ann", "Cat=1", "Dan=1")); err == nil || !strings.Contains(err.Error(), "the game is over: Bob won") {
		t.Fatalf("a hand after the end: %v", err)
	}
	// Each cell: the pair that went out won the hand; the other pair held.
	if got := b.Rows[0].Cells; !reflect.DeepEqual(got, []Cell{{Kind: Won, Points: 66}, {Kind: Held, Points: 57}, {Kind: Won, Points: 66}, {Kind: Held, Points: 9}}) {
		t.Fatalf("cells of hand 1: %+v", got)
	}
}

// TestRotatingEightPlayers plays two tables, one hand a round, entered
// interleaved, with every refusal along the way.
func TestRotatingEightPlayers(t *testing.T) {
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	b := mustBoard(t, Settings{Mode: Rotating, Players: players, Hands: 1})
	tables := b.Tables()
	if len(tables) != 2 || !reflect.DeepEqual(b.Names(tables[1].Seats), []string{"Eve", "Fay", "Gus", "Hal"}) ||
		!reflect.DeepEqual(b.Names(tables[1].Teams[0]), []string{"Eve", "Gus"}) {
		t.Fatalf("tables %+v", tables)
	}
	at := func(table int, h Hand) Hand { h.Table = table; return h }
	refusals := []struct {
		name string
		h    Hand
		bad  string
	}{
		{"no such table", at(3, hand(t, "Ann", "Bob=1", "Dan=1")), "there is no table 3: this game has tables 1 and 2"},
		{"out at the other table", at(1, hand(t, "Eve", "Fay=1", "Hal=1")), "Eve is not at table 1 in round 1: its players are Ann, Bob, Cat and Dan"},
		{"left at the other table", at(1, hand(t, "Ann", "Bob=1", "Fay=1")), "Fay is not at table 1 in round 1"},
		{"the winner's partner", at(2, hand(t, "Eve", "Fay=1", "Gus=1")), "Gus is Eve's partner; only the opposing hands are entered"},
		{"one opponent missing", at(2, hand(t, "Eve", "Fay=1")), "Hal's cards are missing"},
	}
	for _, r := range refusals {
		if _, err := b.Play(r.h); err == nil || !strings.Contains(err.Error(), r.bad) {
			t.Errorf("%s: %v, want %q", r.name, err, r.bad)
		}
	}
	if b.Hands() != 0 {
		t.Fatal("a refused hand was counted")
	}
	// Round by round, the first player at each table goes out with 10 points.
	sched := b.Schedule()
	for r := range 7 {
		for _, tn := range []int{2, 1} {
			st := sched[r][tn-1]
			h := Hand{Table: tn, Out: b.Name(st[0][0]), Left: []Left{{Player: b.Name(st[1][0]), Cards: hand(t, "", "x=4").Left[0].Cards}, {Player: b.Name(st[1][1]), Cards: hand(t, "", "x=6").Left[0].Cards}}}
			if _, err := b.Play(h); err != nil {
				t.Fatalf("round %d table %d: %v", r+1, tn, err)
			}
			if r == 0 && tn == 2 {
				if got := b.Rows[0].Cells[0]; got.Kind != Away {
					t.Fatalf("Ann's cell for a hand at table 2: %+v", got)
				}
			}
		}
		if r < 6 {
			if tb := b.Tables()[0]; tb.Round != r+2 || tb.Hands != 0 {
				t.Fatalf("after round %d: table 1 %+v", r+1, tb)
			}
		}
	}
	if !b.Over() {
		t.Fatal("both tables have played every round: the game should be over")
	}
	// Every player partnered each of the others once: the totals add up to
	// 10 points for each hand their pair went out in.
	total := 0
	for seat := range players {
		total += b.Score(seat)
	}
	if total != 14*2*10 {
		t.Fatalf("the totals sum to %d, want %d", total, 14*2*10)
	}
	winners := b.Winners()
	for _, w := range winners {
		for seat := range players {
			if b.Score(seat) > b.Score(w) {
				t.Fatalf("winner %s has %d, %s has more", b.Name(w), b.Score(w), b.Name(seat))
			}
		}
	}
}

func TestRotatingTableDone(t *testing.T) {
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	b := mustBoard(t, Settings{Mode: Rotating, Players: players, Hands: 1})
	for r := range 7 {
		for _, tn := range []int{1, 2} {
			if r == 6 && tn == 2 {
				break
			}
			st := b.Schedule()[r][tn-1]
			if _, err := b.Play(Hand{Table: tn, Out: b.Name(st[0][0]), Left: []Left{
				{Player: b.Name(st[1][0]), Cards: hand(t, "", "x=4").Left[0].Cards}, {Player: b.Name(st[1][1]), Cards: hand(t, "", "x=6").Left[0].Cards}}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	_, err := b.Play(Hand{Table: 1, Out: "Ann", Left: hand(t, "", "Bob=1", "Dan=1").Left})
	if err == nil || !strings.Contains(err.Error(), "table 1 has played all 7 rounds; hands are still to be played at table 2") {
		t.Fatalf("a hand at a finished table: %v", err)
	}
	if b.Over() || b.Tables()[1].Round != 7 {
		t.Fatalf("table 2 has not played its last round: over %v, %+v", b.Over(), b.Tables()[1])
	}
}

// TestRotatingStats: in a rotating game a player plays the hands at their
// table, the partner of the one who went out included, and none elsewhere.
func TestRotatingStats(t *testing.T) {
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	b := mustBoard(t, Settings{Mode: Rotating, Players: players})
	if _, err := b.Play(Hand{Table: 2, Out: "Eve", Left: hand(t, "", "Fay=r7", "Hal=9").Left}); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, p := range Summarize(b).Players {
		got[p.Player] = p.Hands
	}
	want := map[string]int{"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0, "Eve": 1, "Fay": 1, "Gus": 1, "Hal": 1}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("hands played: %v, want %v", got, want)
	}
}
