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

// whistBases are the starting rounds the schedules are developed from. For
// n players, point n-1 stands apart and the others are the numbers modulo
// n-1; round r adds r to every other point. Each base table is {a, b, c, d}
// clockwise, a & c against b & d. They were found by a search for a base
// whose partner differences cover every difference once and whose opponent
// differences cover each twice (a Z-cyclic whist tournament); Whist checks
// every schedule it develops all the same.
var whistBases = map[int][][4]int{
	4:  {{0, 2, 1, 3}},
	8:  {{0, 2, 1, 4}, {3, 5, 6, 7}},
	12: {{0, 2, 1, 5}, {3, 8, 7, 10}, {4, 6, 9, 11}},
	16: {{0, 2, 1, 6}, {3, 7, 9, 15}, {4, 8, 14, 11}, {5, 10, 13, 12}},
}

// Whist makes the schedule of a whist tournament for n players (4, 8, 12
// or 16): n-1 rounds of n/4 tables, in which every player partners every
// other player once and has each as an opponent twice. The first round
// seats the players in order: table 1 seats 0, 1, 2 and 3 clockwise (0 & 2
// against 1 & 3), table 2 seats 4 to 7, and so on.
func Whist(n int) ([][]Seating, error) {
	base, ok := whistBases[n]
	if !ok {
		return nil, fmt.Errorf("no whist schedule for %d players", n)
	}
	m := n - 1
	point := func(x, r int) int {
		if x == m {
			return m
		}
		return (x + r) % m
	}
	// Renumber so that the first round reads in seating order.
	label := make([]int, n)
	for t, table := range base {
		for i, x := range table {
			label[x] = 4*t + i
		}
	}
	// Each pair is written lowest seat first, the pair with the lowest seat
	// first, and the tables in order of their lowest seat: the first
	// player listed at a table deals there first.
	rounds := make([][]Seating, m)
	for r := range rounds {
		for _, tb := range base {
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

// CheckWhist verifies a schedule for n players: n-1 rounds, each seating
// every player once at n/4 tables of four, and over them every player
// partnering every other exactly once and opposing each exactly twice.
func CheckWhist(n int, rounds [][]Seating) error {
	if n < 4 || n%4 != 0 {
		return fmt.Errorf("%d players do not fill tables of four", n)
	}
	if len(rounds) != n-1 {
		return fmt.Errorf("%d rounds, not %d", len(rounds), n-1)
	}
	partner := make([][]int, n)
	against := make([][]int, n)
	for i := range n {
		partner[i], against[i] = make([]int, n), make([]int, n)
	}
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
	}
	for a := range n {
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
		for r, round := range s.Schedule {
			var tables []Seating
			for t, pairs := range round {
				var st Seating
				for p := range pairs {
					for i, name := range pairs[p] {
						seat, err := s.Seat(name)
						if err != nil {
							return invalid("the schedule's round %d, table %d: %v", r+1, t+1, err)
						}
						st[p][i] = seat
					}
				}
				tables = append(tables, st)
			}
			rounds = append(rounds, tables)
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
