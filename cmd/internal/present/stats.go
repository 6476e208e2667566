package present

import (
	"strconv"
	"time"

	"github.com/unoscore/unoscore/scoring"
)

// Stats is what stats --json prints, the contract's object; each player
// carries the contract's fields first, then the program's own.
type Stats struct {
	Players []Player `json:"players"`
}

// Player is one player's line of the statistics.
type Player struct {
	Player        string    `json:"player"`
	Games         int       `json:"games"`
	Finished      int       `json:"finished"`
	Wins          int       `json:"wins"`
	Hands         int       `json:"hands"`
	WentOut       int       `json:"went_out"`
	HeldPoints    int       `json:"held_points"`
	Rank          int       `json:"rank"`
	Rating        float64   `json:"rating"`
	Mu            float64   `json:"mu"`
	Sigma         float64   `json:"sigma"`
	Rated         int       `json:"rated_games"`
	WinRate       float64   `json:"win_rate"`
	HeldHands     int       `json:"held_hands"`
	AvgHeld       float64   `json:"avg_held"`
	BestOut       int       `json:"best_out"`
	BestOutGame   string    `json:"best_out_game,omitempty"`
	LongestStreak int       `json:"longest_streak"`
	CurrentStreak int       `json:"current_streak"`
	First         time.Time `json:"first_game"`
	Last          time.Time `json:"last_game"`
	Spellings     []string  `json:"spellings"`
}

func round(x float64, places int) float64 {
	p, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', places, 64), 64)
	return p
}

// NewPlayer is p's line, at place rank.
func NewPlayer(rank int, p *scoring.PlayerStats) Player {
	return Player{
		Player: p.Player, Games: p.Games, Finished: p.Finished, Wins: p.Wins, Hands: p.Hands,
		WentOut: p.WentOut, HeldPoints: p.Held, Rank: rank,
		Rating: round(p.Rating.Ordinal(), 3), Mu: round(p.Rating.Mu, 3), Sigma: round(p.Rating.Sigma, 3), Rated: p.Rated,
		WinRate: round(p.WinRate(), 4), HeldHands: p.HeldHands, AvgHeld: round(p.AvgHeld(), 2),
		BestOut: p.BestOut, BestOutGame: p.BestGame, LongestStreak: p.Streak, CurrentStreak: p.Current,
		First: p.First, Last: p.Last, Spellings: p.Spellings,
	}
}

// NewPlayers is every player's line, in the table's order.
func NewPlayers(st *scoring.Stats) []Player {
	list := make([]Player, 0, len(st.Players))
	for i, p := range st.Players {
		list = append(list, NewPlayer(i+1, p))
	}
	return list
}

// Rank is a player's place in the table, from 1.
func Rank(st *scoring.Stats, p *scoring.PlayerStats) int {
	for i, q := range st.Players {
		if q == p {
			return i + 1
		}
	}
	return 0
}

// Page is what stats --player --json prints: one player's page: the contract's players list holding them,
// then their head to head and their games.
type Page struct {
	Players    []Player     `json:"players"`
	HeadToHead []HeadToHead `json:"head_to_head"`
	Games      []Played     `json:"games"`
}

// HeadToHead is the player against one other.
type HeadToHead struct {
	Player    string `json:"player"`
	Games     int    `json:"games"`
	Finished  int    `json:"finished"`
	Wins      int    `json:"wins"`
	Losses    int    `json:"their_wins"`
	Ahead     int    `json:"ahead"`
	Behind    int    `json:"behind"`
	Partnered int    `json:"partnered"`
}

// Played is one game the player played.
type Played struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Mode    string    `json:"mode"`
	Players []string  `json:"players"`
	Over    bool      `json:"over"`
	Place   int       `json:"place,omitempty"`
	Won     bool      `json:"won"`
	Hands   int       `json:"hands"`
	WentOut int       `json:"went_out"`
	Held    int       `json:"held_points"`
	BestOut int       `json:"best_out"`
	Rating  *float64  `json:"rating"` // after the game; null unless it was rated
}

// NewPage is the page of pg's player.
func NewPage(st *scoring.Stats, pg *scoring.Page) Page {
	out := Page{Players: []Player{NewPlayer(Rank(st, pg.PlayerStats), pg.PlayerStats)},
		HeadToHead: []HeadToHead{}, Games: []Played{}}
	for _, h := range pg.Opponents {
		out.HeadToHead = append(out.HeadToHead, HeadToHead(h))
	}
	for _, g := range pg.Played {
		pj := Played{ID: g.Game.ID, Name: g.Game.Name, Created: g.Game.Created, Mode: string(g.Game.Mode), Over: g.Game.Over,
			Place: g.Self.Place, Won: g.Self.Won, Hands: g.Self.Hands, WentOut: g.Self.WentOut, Held: g.Self.Held, BestOut: g.Self.BestOut}
		for _, p := range g.Game.Players {
			pj.Players = append(pj.Players, p.Player)
		}
		if g.Rating != nil {
			r := round(g.Rating.Ordinal(), 3)
			pj.Rating = &r
		}
		out.Games = append(out.Games, pj)
	}
	return out
}
