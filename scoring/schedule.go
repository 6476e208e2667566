package scoring

import (
	"fmt"
	"slices"
	"strings"
)

// Seating is one table in one round of a rotating game: two pairs of
// partners, as seats. Partners sit across, so clockwise the table reads
// Pairs[0][0], Pairs[1][0], Pairs[0][1], Pairs[1][1]; the first of them
// deals the round's first hand, and the deal passes left.
type Seating [2][2]int

// Clockwise lists the table's four players clockwise from its first dealer.
func (s Seating) Clockwise() [4]int { return [4]int{s[0][0], s[1][0], s[0][1], s[1][1]} }

// Pairs is a Seating by name, as a game's settings keep it.
type Pairs [2][2]string

// MaxHandsPerRound bounds the hands of a round at each table.
const MaxHandsPerRound = 100

// DefaultHandsPerRound is the 1998 rulebook's four hands with each partner.
const DefaultHandsPerRound = 4

// whistBase is the starting round a schedule is developed from, and the
// group it is developed by.
type whistBase struct {
	// The group's points are the numbers 0 to m-1, m the product of the
	// moduli, written in mixed radix (for {3, 3}, 3a+b is the pair (a, b));
	// round r adds point r to every point, digit by digit.
	moduli []int
	// Each table is {a, b, c, d} clockwise, a & c against b & d.
	tables [][4]int
}

// whistBases are the starting rounds the schedules are developed from.
// For 4k players, point n-1 stands apart (it plays in every round, at the
// table of its base seat) and the others are the numbers modulo n-1; for
// 4k+1 players every point moves, and point 0, left out of the base
// round, is the one who sits out (each round another). They were found by
// a search for a base whose partner differences cover every difference
// once and whose opponent differences cover each twice (a Z-cyclic whist
// tournament; for 9 players there is none modulo 9, and the search found
// one over pairs of numbers modulo 3); Whist checks every schedule it
// develops all the same.
var whistBases = map[int]whistBase{
	4:  {[]int{3}, [][4]int{{0, 2, 1, 3}}},
	5:  {[]int{5}, [][4]int{{1, 2, 4, 3}}},
	8:  {[]int{7}, [][4]int{{0, 2, 1, 4}, {3, 5, 6, 7}}},
	9:  {[]int{3, 3}, [][4]int{{1, 3, 2, 6}, {4, 5, 8, 7}}},
	12: {[]int{11}, [][4]int{{0, 2, 1, 5}, {3, 8, 7, 10}, {4, 6, 9, 11}}},
	13: {[]int{13}, [][4]int{{1, 2, 4, 7}, {3, 6, 12, 8}, {5, 9, 11, 10}}},
	16: {[]int{15}, [][4]int{{0, 2, 1, 6}, {3, 7, 9, 15}, {4, 8, 14, 11}, {5, 10, 13, 12}}},
}

// SitsOut reports whether n players leave one out of every round (5, 9
// or 13: one more than the tables of four seat).
func SitsOut(n int) bool { return n%4 == 1 }

// Whist makes the schedule of a whist tournament for n players (4, 5, 8,
// 9, 12, 13 or 16): rounds of n/4 tables (rounded down), n-1 rounds for
// 4k players and n for 4k+1, where each round one player sits out and
// everyone sits out once; every player partners every other player once
// and has each as an opponent twice. The first round seats the players in
// order: table 1 seats 0, 1, 2 and 3 clockwise (0 & 2 against 1 & 3),
// table 2 seats 4 to 7, and so on; with 4k+1 players the last sits it out.
func Whist(n int) ([][]Seating, error) {
	base, ok := whistBases[n]
	if !ok {
		return nil, fmt.Errorf("no whist schedule for %d players", n)
	}
	m := 1
	for _, q := range base.moduli {
		m *= q
	}
	fixed := !SitsOut(n) // point m (= n-1) stays where it is
	add := func(x, y int) int {
		sum, place := 0, 1
		for i := len(base.moduli) - 1; i >= 0; i-- {
			q := base.moduli[i]
			sum += (x%q + y%q) % q * place
			x, y, place = x/q, y/q, place*q
		}
		return sum
	}
	point := func(x, r int) int {
		if fixed && x == m {
			return m
		}
		return add(x, r)
	}
	// Renumber so that the first round reads in seating order.
	label := make([]int, n)
	for t, table := range base.tables {
		for i, x := range table {
			label[x] = 4*t + i
		}
	}
	if !fixed {
		label[0] = n - 1
	}
	// Each pair is written lowest seat first, the pair with the lowest seat
	// first, and the tables in order of their lowest seat: the first
	// player listed at a table deals there first.
	rounds := make([][]Seating, m)
	for r := range rounds {
		for _, tb := range base.tables {
			p := func(i int) int { return label[point(tb[i], r)] }
			st := Seating{{min(p(0), p(2)), max(p(0), p(2))}, {min(p(1), p(3)), max(p(1), p(3))}}
			if st[1][0] < st[0][0] {
				st[0], st[1] = st[1], st[0]
			}
			rounds[r] = append(rounds[r], st)
		}
		slices.SortFunc(rounds[r], func(a, b Seating) int { return a[0][0] - b[0][0] })
	}
	if err := CheckWhist(n, rounds); err != nil {
		return nil, fmt.Errorf("the schedule for %d players is wrong: %w", n, err)
	}
	return rounds, nil
}

// SittingOut is the player a round of a schedule for n players leaves out,
// or -1 when every player is seated (or more than one is not).
func SittingOut(n int, round []Seating) int {
	seated := make([]bool, n)
	for _, table := range round {
		for _, seat := range table.Clockwise() {
			if seat >= 0 && seat < n {
				seated[seat] = true
			}
		}
	}
	out := -1
	for seat, in := range seated {
		if !in {
			if out >= 0 {
				return -1
			}
			out = seat
		}
	}
	return out
}

// CheckWhist verifies a schedule for n players: with 4k players, n-1
// rounds each seating every player once at n/4 tables of four; with 4k+1,
// n rounds each seating all but one at (n-1)/4 tables, every player sitting
// out exactly once; and over the rounds every player partnering every
// other exactly once and opposing each exactly twice.
func CheckWhist(n int, rounds [][]Seating) error {
	if n < 4 || (n%4 != 0 && !SitsOut(n)) {
		return fmt.Errorf("%d players do not fill tables of four, even with one sitting out", n)
	}
	want := n - 1
	if SitsOut(n) {
		want = n
	}
	if len(rounds) != want {
		return fmt.Errorf("%d rounds, not %d", len(rounds), want)
	}
	partner := make([][]int, n)
	against := make([][]int, n)
	for i := range n {
		partner[i], against[i] = make([]int, n), make([]int, n)
	}
	satOut := make([]int, n)
	for r, round := range rounds {
		if len(round) != n/4 {
			return fmt.Errorf("round %d has %d tables, not %d", r+1, len(round), n/4)
		}
		seen := make([]bool, n)
		for _, table := range round {
			for _, seat := range table.Clockwise() {
				if seat < 0 || seat >= n {
					return fmt.Errorf("round %d seats player %d of %d", r+1, seat+1, n)
				}
				if seen[seat] {
					return fmt.Errorf("round %d seats player %d twice", r+1, seat+1)
				}
				seen[seat] = true
			}
			for p, pair := range table {
				partner[pair[0]][pair[1]]++
				partner[pair[1]][pair[0]]++
				for _, a := range pair {
					for _, o := range table[1-p] {
						against[a][o]++
					}
				}
			}
		}
		for seat, in := range seen {
			if !in {
				satOut[seat]++
			}
		}
	}
	for a := range n {
		if SitsOut(n) && satOut[a] != 1 {
			return fmt.Errorf("player %d sits out %d rounds, not one", a+1, satOut[a])
		}
		for c := range n {
			if a == c {
				continue
			}
			if partner[a][c] != 1 {
				return fmt.Errorf("players %d and %d are partners %d times, not once", a+1, c+1, partner[a][c])
			}
			if against[a][c] != 2 {
				return fmt.Errorf("players %d and %d are opponents %d times, not twice", a+1, c+1, against[a][c])
			}
		}
	}
	return nil
}

// normalizeSchedule checks and fills in what a rotating game needs: the
// hands in each round, a schedule (made here for a new game, checked for
// one read back), and the first dealer the schedule names. Other modes must
// have none of it.
func (s *Settings) normalizeSchedule() error {
	if !s.Mode.Scheduled() {
		if s.Hands != 0 || len(s.Schedule) > 0 {
			return invalid("hands per round and a schedule are only for the rotating mode")
		}
		return nil
	}
	if len(s.Teams) > 0 {
		return invalid("the %s mode pairs the players by its schedule, a new partner each round; leave the teams out", s.Mode)
	}
	if s.Hands == 0 {
		s.Hands = DefaultHandsPerRound
	}
	if s.Hands < 1 || s.Hands > MaxHandsPerRound {
		return invalid("%d hands per round is out of range: choose 1 to %d", s.Hands, MaxHandsPerRound)
	}
	n := len(s.Players)
	var rounds [][]Seating
	if len(s.Schedule) == 0 {
		var err error
		if rounds, err = Whist(n); err != nil {
			return err
		}
	} else {
		var err error
		if rounds, err = s.seatings(); err != nil {
			return err
		}
		if err := CheckWhist(n, rounds); err != nil {
			return invalid("the schedule is not one where every player partners every other once: %v", err)
		}
	}
	s.Schedule = make([][]Pairs, len(rounds))
	for r, round := range rounds {
		for _, st := range round {
			var p Pairs
			for i := range st {
				for j := range st[i] {
					p[i][j] = s.Players[st[i][j]]
				}
			}
			s.Schedule[r] = append(s.Schedule[r], p)
		}
	}
	first := s.Schedule[0][0][0][0]
	if s.Dealer == "" {
		s.Dealer = first
	}
	if !strings.EqualFold(strings.TrimSpace(s.Dealer), first) {
		return invalid("in the %s mode the schedule says who deals: %s deals first at table 1, and the deal passes left", s.Mode, first)
	}
	return nil
}

// seatings reads the schedule's names as seats; a name that is no player's
// is refused, with the round and table it stands at.
func (s *Settings) seatings() ([][]Seating, error) {
	var rounds [][]Seating
	for r, round := range s.Schedule {
		var tables []Seating
		for t, pairs := range round {
			var st Seating
			for p := range pairs {
				for i, name := range pairs[p] {
					seat, err := s.Seat(name)
					if err != nil {
						return nil, invalid("the schedule's round %d, table %d: %v", r+1, t+1, err)
					}
					st[p][i] = seat
				}
			}
			tables = append(tables, st)
		}
		rounds = append(rounds, tables)
	}
	return rounds, nil
}
