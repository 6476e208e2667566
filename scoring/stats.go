package scoring

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/unoscore/unoscore/rules/words"
)

// GameStats is what player statistics need of one game, worked out from its
// board. The store keeps it in each game's summary, so that statistics over
// years of games read summaries and never replay a log.
type GameStats struct {
	Players []PlayerGame `json:"players"` // in seating order
}

// PlayerGame is one player's part in one game.
type PlayerGame struct {
	Player    string `json:"player"`
	Team      int    `json:"team,omitempty"`     // partners: the team, from 1
	Hands     int    `json:"hands"`              // counted hands they played
	WentOut   int    `json:"went_out"`           // hands they went out in
	Held      int    `json:"held"`               // points of the cards they were left holding
	HeldHands int    `json:"held_hands"`         // hands in which their cards were entered
	BestOut   int    `json:"best_out,omitempty"` // the most a hand they went out in brought them (No Mercy: a knocker's own 250s included)
	Place     int    `json:"place,omitempty"`    // final place once the game is over, 1 the best; ties share it
	Won       bool   `json:"won,omitempty"`
}

// Summarize works out every player's part in a game from its board.
//
// A player played a hand when they went out, when their cards were entered,
// or when a partner of theirs went out (partners: they played, but hold
// nothing that scores). A player eliminated in Challenge UNO plays no more
// hands, and their cards are no longer entered.
func Summarize(b *Board) GameStats {
	ps := make([]PlayerGame, b.Players())
	for seat := range ps {
		ps[seat].Player = b.Name(seat)
		if b.Teams() != nil {
			ps[seat].Team = b.TeamOf(seat) + 1
		}
	}
	for _, r := range b.Rows {
		for seat := range ps {
			if !playedHand(b, r, seat) {
				continue
			}
			p := &ps[seat]
			p.Hands++
			if seat == r.Out {
				p.WentOut++
				// In the modes where the lowest tally wins (lowest,
				// challenge) nobody scores the cards of the hand that
				// was won: it is worth nothing to the one who went out.
				// What the hand brought their column, as the board's
				// cell says it: the hand's points and, in a No Mercy
				// game that gives the 250 to the knocker, what their
				// own knock-outs (or their partner's) brought.
				if !b.Settings.Mode.LowWins() {
					p.BestOut = max(p.BestOut, r.Won+r.Cells[b.ColumnOf(seat)].Bonus)
				}
			}
			if r.Held[seat] >= 0 {
				p.Held += r.Held[seat]
				p.HeldHands++
			}
		}
	}
	if b.Over() {
		for seat, place := range finalPlaces(b) {
			ps[seat].Place = place
			ps[seat].Won = slices.Contains(b.Winners(), seat)
		}
	}
	return GameStats{Players: ps}
}

// playedHand reports whether the player in seat took part in hand r. A mode
// whose hands are played by only some of the table (rotating partners: the
// four at one table) must count the partner of the player who went out
// here too.
func playedHand(b *Board, r Row, seat int) bool {
	// The side that went out: the player and their partners at that table;
	// No Mercy: a player knocked out of the hand played it too.
	return r.Held[seat] >= 0 || slices.Contains(r.Side, seat) || slices.Contains(r.KnockedOut, seat)
}

// finalPlaces ranks the seats of a finished game, 1 the best, ties sharing a
// place: the winners first; then, in Challenge UNO, those eliminated later
// ahead of those eliminated earlier; then by score (the lower tally ahead in
// the tally modes, the higher score ahead otherwise). Partners share their
// team's place.
func finalPlaces(b *Board) []int {
	n := b.Players()
	winner := make([]bool, n)
	for _, w := range b.Winners() {
		winner[w] = true
	}
	// better < 0: seat x finished ahead of seat y.
	better := func(x, y int) int {
		if winner[x] != winner[y] {
			if winner[x] {
				return -1
			}
			return 1
		}
		ex, ey := b.EliminatedIn(x), b.EliminatedIn(y)
		if ex != ey {
			switch {
			case ex == 0:
				return -1
			case ey == 0:
				return 1
			}
			return cmp.Compare(ey, ex)
		}
		if b.lowScores() {
			return cmp.Compare(b.Score(x), b.Score(y))
		}
		return cmp.Compare(b.Score(y), b.Score(x))
	}
	places := make([]int, n)
	for x := range n {
		places[x] = 1
		for y := range n {
			if better(y, x) < 0 {
				places[x]++
			}
		}
	}
	// Partners hold the same score, so they already share a place; count
	// places by team, not by player: the second team is second.
	if b.Teams() != nil {
		for x := range n {
			ahead := map[int]bool{}
			for y := range n {
				if better(y, x) < 0 {
					ahead[b.TeamOf(y)] = true
				}
			}
			places[x] = 1 + len(ahead)
		}
	}
	return places
}

// GameRecord is one game as statistics read it: what the list of games
// shows of it, and its GameStats.
type GameRecord struct {
	ID      string
	Name    string
	Created time.Time
	Seq     uint64 // creation order in the database: breaks ties of Created
	Mode    Mode
	Over    bool
	Players []PlayerGame
}

// StatsFilter narrows the games statistics count.
type StatsFilter struct {
	Since time.Time // games started at or after it; zero: all
	Mode  Mode      // games of this mode; "": all
}

// Keep reports whether the filter counts the game.
func (f StatsFilter) Keep(g GameRecord) bool {
	if !f.Since.IsZero() && g.Created.Before(f.Since) {
		return false
	}
	return f.Mode == "" || g.Mode == f.Mode
}

// PlayerStats is one player's figures over the games counted.
type PlayerStats struct {
	Player    string   // as spelled in their latest game
	Spellings []string // every spelling seen, latest first
	Games     int      // games they are in
	Finished  int      // of those, the ones that are over
	Wins      int      // finished games they won (a shared win counts for each)
	Hands     int      // counted hands they played
	WentOut   int      // hands they went out in
	Held      int      // points of the cards they were left holding
	HeldHands int      // hands in which their cards were entered
	BestOut   int      // the most a hand they went out in was worth
	BestGame  string   // the game of that hand
	ScoredOut int      // hands they went out in that scored (not lowest, challenge); none: no best at all
	Streak    int      // the longest run of finished games won in a row
	Current   int      // the run of wins up to their latest finished game
	Rating    Rating
	Rated     int // finished games that moved the rating
	First     time.Time
	Last      time.Time

	games []int // indexes into Stats.Games, in order
}

// WinRate is the share of their finished games they won, 0 to 1.
func (p *PlayerStats) WinRate() float64 { return ratio(p.Wins, p.Finished) }

// AvgHeld is the average of the points they were caught holding, over the
// hands in which their cards were entered.
func (p *PlayerStats) AvgHeld() float64 { return ratio(p.Held, p.HeldHands) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Stats is every player's figures over a set of games.
type Stats struct {
	Players []*PlayerStats // best rating first
	Games   []GameRecord   // oldest first
	// After[g][i]: the rating of player i of game g after it (finished
	// games only; nil otherwise).
	After [][]Rating
	byKey map[string]*PlayerStats
}

// ComputeStats works out every player's figures from the games, in the
// order they were played (by start, then creation order), rating each
// finished game from its final order. The games slice is sorted in place.
func ComputeStats(games []GameRecord) *Stats {
	slices.SortStableFunc(games, func(a, b GameRecord) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return cmp.Compare(a.Seq, b.Seq)
	})
	s := &Stats{Games: games, After: make([][]Rating, len(games)), byKey: map[string]*PlayerStats{}}
	for gi, g := range games {
		ps := make([]*PlayerStats, len(g.Players))
		for i, pg := range g.Players {
			p := s.player(pg.Player)
			ps[i] = p
			p.games = append(p.games, gi)
			p.Games++
			p.Hands += pg.Hands
			p.WentOut += pg.WentOut
			if !g.Mode.LowWins() {
				p.ScoredOut += pg.WentOut
			}
			p.Held += pg.Held
			p.HeldHands += pg.HeldHands
			if pg.BestOut > p.BestOut {
				p.BestOut, p.BestGame = pg.BestOut, g.ID
			}
			if p.First.IsZero() {
				p.First = g.Created
			}
			p.Last = g.Created
			if !g.Over {
				continue
			}
			p.Finished++
			if pg.Won {
				p.Wins++
				p.Current++
				p.Streak = max(p.Streak, p.Current)
			} else {
				p.Current = 0
			}
		}
		if g.Over {
			s.After[gi] = rateGame(g, ps)
		}
	}
	for _, p := range s.byKey {
		s.Players = append(s.Players, p)
	}
	slices.SortFunc(s.Players, func(a, b *PlayerStats) int {
		if c := cmp.Compare(b.Rating.Ordinal(), a.Rating.Ordinal()); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Wins, a.Wins); c != 0 {
			return c
		}
		return cmp.Compare(PlayerKey(a.Player), PlayerKey(b.Player))
	})
	return s
}

// player finds or adds the player of that name, and notes the spelling.
func (s *Stats) player(name string) *PlayerStats {
	k := PlayerKey(name)
	p := s.byKey[k]
	if p == nil {
		p = &PlayerStats{Rating: NewRating()}
		s.byKey[k] = p
	}
	p.Player = name
	if i := slices.Index(p.Spellings, name); i != 0 {
		if i > 0 {
			p.Spellings = slices.Delete(p.Spellings, i, i+1)
		}
		p.Spellings = slices.Insert(p.Spellings, 0, name)
	}
	return p
}

// rateGame moves the ratings of a finished game's players by its final
// order (partners as teams) and returns each player's rating after it.
func rateGame(g GameRecord, ps []*PlayerStats) []Rating {
	var teams [][]Rating
	var ranks []int
	var members [][]int
	unit := map[int]int{} // partners: team -> index in teams
	for i, pg := range g.Players {
		if pg.Place < 1 {
			return nil // not ranked: nothing to learn
		}
		k, ok := unit[pg.Team]
		if !ok || pg.Team == 0 {
			k = len(teams)
			teams, ranks, members = append(teams, nil), append(ranks, pg.Place), append(members, nil)
			if pg.Team != 0 {
				unit[pg.Team] = k
			}
		}
		teams[k] = append(teams[k], ps[i].Rating)
		members[k] = append(members[k], i)
	}
	if len(teams) < 2 {
		return nil
	}
	after := make([]Rating, len(g.Players))
	for k, rated := range RateTeams(teams, ranks, RatingTau) {
		for j, r := range rated {
			i := members[k][j]
			ps[i].Rating = r
			ps[i].Rated++
			after[i] = r
		}
	}
	return after
}

// Find looks a player up by name: their name in any case, else the one
// player whose name starts with it.
func (s *Stats) Find(name string) (*PlayerStats, error) {
	k := PlayerKey(name)
	if p := s.byKey[k]; p != nil && k != "" {
		return p, nil
	}
	var starts []*PlayerStats
	for _, p := range s.Players {
		if k != "" && strings.HasPrefix(PlayerKey(p.Player), k) {
			starts = append(starts, p)
		}
	}
	switch len(starts) {
	case 1:
		return starts[0], nil
	case 0:
		return nil, s.unknown(name)
	}
	names := make([]string, len(starts))
	for i, p := range starts {
		names[i] = p.Player
	}
	return nil, invalid("%q could be %s; type more of the name", name, words.JoinOr(names))
}

// unknown is the error for a name no game has, with the closest name known.
func (s *Stats) unknown(name string) error {
	if len(s.Players) == 0 {
		return invalid("no player is called %q: there are no games to count", name)
	}
	names := make([]string, len(s.Players))
	for i, p := range s.Players {
		names[i] = p.Player
	}
	if best, near := Closest(name, names); near {
		return invalid("no player is called %q: did you mean %q?", name, best)
	}
	return &UnknownPlayerError{InputError{Msg: fmt.Sprintf("no player is called %q", name)}}
}

// Closest is the name of names nearest to name, as names are compared (the
// first of equals), and whether it is near enough to suggest.
func Closest(name string, names []string) (string, bool) {
	best, bestD := "", 1<<30
	for _, p := range names {
		if d := words.Distance(PlayerKey(name), PlayerKey(p)); d < bestD {
			best, bestD = p, d
		}
	}
	return best, bestD <= max(1, len(best)/3)
}

// HeadToHead is how a player fared against one other player, in the games
// they both played.
type HeadToHead struct {
	Player    string // the other player
	Games     int    // games together
	Finished  int    // of those, the ones that are over
	Wins      int    // finished games together the player won
	Losses    int    // finished games together the other player won
	Ahead     int    // finished games the player placed ahead of the other
	Behind    int    // finished games the other placed ahead
	Partnered int    // games they played as partners
}

// PlayedGame is one game of a player's, as their page lists it.
type PlayedGame struct {
	Game   GameRecord
	Self   PlayerGame // the player's part in it
	Rating *Rating    // the player's rating after it, if it was rated
}

// Page is one player's figures with their head to head against every other
// player they have played with (most games together first) and their games
// in order, oldest first.
type Page struct {
	*PlayerStats
	Opponents []HeadToHead
	Played    []PlayedGame
}

// Page gathers a player's page.
func (s *Stats) Page(p *PlayerStats) *Page {
	pg := &Page{PlayerStats: p}
	h2h := map[string]*HeadToHead{}
	var order []string
	key := PlayerKey(p.Player)
	for _, gi := range p.games {
		g := s.Games[gi]
		me := slices.IndexFunc(g.Players, func(x PlayerGame) bool { return PlayerKey(x.Player) == key })
		self := g.Players[me]
		played := PlayedGame{Game: g, Self: self}
		if s.After[gi] != nil {
			r := s.After[gi][me]
			played.Rating = &r
		}
		pg.Played = append(pg.Played, played)
		for i, other := range g.Players {
			if i == me {
				continue
			}
			ok := PlayerKey(other.Player)
			h := h2h[ok]
			if h == nil {
				h = &HeadToHead{}
				h2h[ok] = h
				order = append(order, ok)
			}
			h.Player = s.byKey[ok].Player
			h.Games++
			if self.Team != 0 && self.Team == other.Team {
				h.Partnered++
			}
			if !g.Over {
				continue
			}
			h.Finished++
			if self.Won {
				h.Wins++
			}
			if other.Won {
				h.Losses++
			}
			switch {
			case self.Place < other.Place:
				h.Ahead++
			case self.Place > other.Place:
				h.Behind++
			}
		}
	}
	for _, k := range order {
		pg.Opponents = append(pg.Opponents, *h2h[k])
	}
	slices.SortStableFunc(pg.Opponents, func(a, b HeadToHead) int { return cmp.Compare(b.Games, a.Games) })
	return pg
}

// PlayedHand reports whether the player in seat took part in counted hand
// r (see Summarize).
func (b *Board) PlayedHand(r Row, seat int) bool { return playedHand(b, r, seat) }
