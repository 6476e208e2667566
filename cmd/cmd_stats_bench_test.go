package cmd

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// Years of game nights for statistics: 10,000 games of 20 hands, 3 to 6
// players from a family of 12, every mode, most of them finished on their
// 20th hand, so that ratings have games to learn from: familyDB, the
// database of the statistics benchmarks ($UNOSCORE_STATS_BENCH_DB to keep
// it).
var familyDB = &benchFile{env: "UNOSCORE_STATS_BENCH_DB", name: "family.db",
	fill: func(path string) error { return fillStatsDB(path, benchGames, benchHands) }}

// targetModes are the modes played to a target, which these games are
// (a rotating game plays its schedule instead).
var targetModes = func() []scoring.Mode {
	var ms []scoring.Mode
	for _, m := range scoring.Modes {
		if m.HasTarget() {
			ms = append(ms, m)
		}
	}
	return ms
}()

func fillStatsDB(path string, games, hands int) error {
	r := rand.New(rand.NewPCG(3, 4))
	family := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"}
	var deck []rules.Card
	classic, _ := rules.LookupDeck(rules.DefaultDeck)
	for _, c := range rules.Colors {
		for _, f := range classic.Faces() {
			for range rules.PerColor(f) { // the classic deck's coloured cards: one 0, two of the rest
				deck = append(deck, rules.Card{Color: c, Face: f})
			}
		}
	}
	for range 4 {
		deck = append(deck, rules.Card{Face: rules.Wild}, rules.Card{Face: rules.WildDrawFour})
	}
	exp := store.Export{Format: store.ExportFormat, Games: make([]store.ExportGame, 0, games)}
	start := time.Date(2016, 1, 1, 19, 0, 0, 0, time.UTC)
	for i := range games {
		mode := targetModes[i%len(targetModes)]
		n := 3 + r.IntN(4)
		if mode == scoring.Partners {
			n = 4
		}
		perm := r.Perm(len(family))[:n]
		players := make([]string, n)
		for k, p := range perm {
			players[k] = family[p]
		}
		s := scoring.Settings{Mode: mode, Players: players, Target: scoring.MaxTarget}
		b, err := scoring.New(s)
		if err != nil {
			return err
		}
		var played []scoring.Hand
		for h := range hands {
			out := r.IntN(n)
			if h == hands-1 { // the last hand decides the game
				out = lastOut(b, r)
			}
			hand := scoring.Hand{Out: players[out]}
			r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			next := 0
			for _, seat := range b.Scorers(out) {
				k := 1 + r.IntN(3)
				hand.Left = append(hand.Left, scoring.Left{Player: players[seat], Cards: rules.Hand{Cards: slices.Clone(deck[next : next+k])}})
				next += k
			}
			if hand, err = b.Play(hand); err != nil {
				return err
			}
			played = append(played, hand)
		}
		// The target the last hand reached, so the game ends on it; if an
		// earlier hand would have ended it too, the game stays under way.
		if mode != scoring.Challenge {
			top := 0
			for seat := range n {
				top = max(top, b.Score(seat))
			}
			s.Target = top
			if g, err := scoring.Replay(s, played); err != nil || !g.Over() {
				s.Target = scoring.MaxTarget
			}
		}
		at := start.Add(time.Duration(i) * 8 * time.Hour)
		events := []store.Event{{Type: scoring.EventCreated, At: at, Settings: &s}}
		for k := range played {
			events = append(events, store.Event{Type: scoring.EventHand, At: at, Hand: &played[k]})
		}
		exp.Games = append(exp.Games, store.ExportGame{ID: fmt.Sprintf("s%05d", i), Events: events})
	}
	data, err := json.Marshal(exp)
	if err != nil {
		return err
	}
	return importInto(path, data)
}

// lastOut picks who goes out in a game's last hand so that it decides the
// game: the leader (a member of the leading team) where going out scores,
// anyone but the highest tally where holding cards does.
func lastOut(b *scoring.Board, r *rand.Rand) int {
	best := 0
	for seat := range b.Players() {
		if b.Score(seat) > b.Score(best) {
			best = seat
		}
	}
	switch b.Settings.Mode {
	case scoring.Standard, scoring.Partners:
		return best
	}
	out := r.IntN(b.Players() - 1)
	if out >= best {
		out++
	}
	return out
}

// BenchmarkStats is "unoscore stats" over 10,000 games of 20 hands: every
// summary read, every finished game rated, the table printed.
func BenchmarkStats(b *testing.B) { runOn(b, familyDB.get(b), "stats") }

// BenchmarkStatsJSON is "unoscore stats --json".
func BenchmarkStatsJSON(b *testing.B) { runOn(b, familyDB.get(b), "stats", "--json") }

// BenchmarkStatsPlayer is one player's page: head to head, thousands of
// games listed, the rating chart.
func BenchmarkStatsPlayer(b *testing.B) { runOn(b, familyDB.get(b), "stats", "--player", "Ann") }

// TestStatsBenchDB checks the benchmark's database is what it claims: games
// of 20 hands, most of them finished, every mode.
func TestStatsBenchDB(t *testing.T) {
	path := filepath.Join(t.TempDir(), "small.db")
	if err := fillStatsDB(path, 40, benchHands); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(path, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	finished := map[string]int{}
	_, err = db.List(0, func(s store.Summary) error {
		if s.Hands != benchHands {
			t.Errorf("game %s has %d hands", s.ID, s.Hands)
		}
		if s.Over {
			finished[s.Mode]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if finished["standard"] < 8 || finished["partners"] < 8 || finished["lowest"] < 5 {
		t.Errorf("finished games by mode: %v", finished)
	}
}
