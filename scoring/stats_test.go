package scoring

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

// pg is a PlayerGame written short: name, team, hands, went out, held,
// hands held, best out, place, won.
func pg(name string, team, hands, out, held, heldHands, best, place int, won bool) PlayerGame {
	return PlayerGame{Player: name, Team: team, Hands: hands, WentOut: out, Held: held, HeldHands: heldHands, BestOut: best, Place: place, Won: won}
}

func TestSummarize(t *testing.T) {
	abc := []string{"Ann", "Bob", "Cat"}
	abcd := []string{"Ann", "Bob", "Cat", "Dan"}
	tests := []struct {
		name  string
		s     Settings
		hands []Hand
		want  []PlayerGame
	}{
		{name: "no hands yet", s: Settings{Players: abc},
			want: []PlayerGame{pg("Ann", 0, 0, 0, 0, 0, 0, 0, false), pg("Bob", 0, 0, 0, 0, 0, 0, 0, false), pg("Cat", 0, 0, 0, 0, 0, 0, 0, false)}},
		{name: "standard, under way", s: Settings{Players: abc, Target: 100},
			hands: []Hand{
				hand(t, "Ann", "Bob=r7", "Cat=wd4 2"),
				hand(t, "Bob", "Ann=9", "Cat=w"),
			},
			want: []PlayerGame{pg("Ann", 0, 2, 1, 9, 1, 59, 0, false), pg("Bob", 0, 2, 1, 7, 1, 59, 0, false), pg("Cat", 0, 2, 0, 102, 2, 0, 0, false)}},
		{name: "standard, won", s: Settings{Players: abc, Target: 100},
			hands: []Hand{
				hand(t, "Ann", "Bob=r7", "Cat=wd4 2"),
				hand(t, "Bob", "Ann=9", "Cat=w"),
				hand(t, "Ann", "Bob=2xs", "Cat=1"),
			},
			want: []PlayerGame{pg("Ann", 0, 3, 2, 9, 1, 59, 1, true), pg("Bob", 0, 3, 1, 47, 2, 59, 2, false), pg("Cat", 0, 3, 0, 103, 3, 0, 3, false)}},
		{name: "lowest, a tie for the win; no best hand where the lowest tally wins (issue 22, item 9)", s: Settings{Mode: Lowest, Players: abc, Target: 50},
			hands: []Hand{
				hand(t, "Ann", "Bob=9", "Cat=8"),
				hand(t, "Bob", "Ann=wd4", "Cat=1"),
			},
			want: []PlayerGame{pg("Ann", 0, 2, 1, 50, 1, 0, 3, false), pg("Bob", 0, 2, 1, 9, 1, 0, 1, true), pg("Cat", 0, 2, 0, 9, 2, 0, 1, true)}},
		{name: "partners: the partner of who went out played with no cards entered", s: Settings{Mode: Partners, Players: abcd, Target: 100},
			hands: []Hand{
				hand(t, "Ann", "Bob=w", "Dan=r5"),
				hand(t, "Bob", "Ann=9", "Cat=1"),
				hand(t, "Cat", "Bob=wd4", "Dan=2"),
			},
			want: []PlayerGame{pg("Ann", 1, 3, 1, 9, 1, 55, 1, true), pg("Bob", 2, 3, 1, 100, 2, 10, 2, false),
				pg("Cat", 1, 3, 1, 1, 1, 52, 1, true), pg("Dan", 2, 3, 0, 7, 2, 0, 2, false)}},
		{name: "partners: three teams, two tied behind the winners", s: Settings{Mode: Partners, Players: []string{"A", "B", "C", "D", "E", "F"}, Target: 50},
			hands: []Hand{
				hand(t, "A", "B=1", "C=1", "E=1", "F=1"),
				hand(t, "D", "B=wd4", "C=1", "E=1", "F=1"),
			},
			want: []PlayerGame{pg("A", 1, 2, 1, 0, 0, 4, 1, true), pg("B", 2, 2, 0, 51, 2, 0, 2, false), pg("C", 3, 2, 0, 2, 2, 0, 2, false),
				pg("D", 1, 2, 1, 0, 0, 53, 1, true), pg("E", 2, 2, 0, 2, 2, 0, 2, false), pg("F", 3, 2, 0, 2, 2, 0, 2, false)}},
		{name: "challenge: the eliminated play no more hands", s: Settings{Mode: Challenge, Players: abc, Target: 50},
			hands: []Hand{
				hand(t, "Ann", "Bob=wd4", "Cat=5"),
				hand(t, "Cat", "Ann=9"),
				hand(t, "Ann", "Cat=w"),
			},
			want: []PlayerGame{pg("Ann", 0, 3, 2, 9, 1, 0, 1, true), pg("Bob", 0, 1, 0, 50, 1, 0, 3, false), pg("Cat", 0, 3, 1, 55, 2, 0, 2, false)}},
		{name: "challenge: two out in one hand, the lower tally ahead", s: Settings{Mode: Challenge, Players: abcd, Target: 50},
			hands: []Hand{
				hand(t, "Ann", "Bob=wd4", "Cat=w r9", "Dan=1"),
				hand(t, "Ann", "Dan=wd4"),
			},
			want: []PlayerGame{pg("Ann", 0, 2, 2, 0, 0, 0, 1, true), pg("Bob", 0, 1, 0, 50, 1, 0, 3, false),
				pg("Cat", 0, 1, 0, 59, 1, 0, 4, false), pg("Dan", 0, 2, 0, 51, 2, 0, 2, false)}},
		// No Mercy, 250 a knock-out. The winner's reading: Ann's best is
		// Bob's 7 + Dan's 5 + 250 for Cat = 262.
		{name: "no mercy, the winner receives the knock-out", s: Settings{Deck: "no-mercy", Players: abcd, Target: 1000},
			hands: []Hand{knocks(hand(t, "Ann", "Bob=r7", "Dan=5"), "Cat", "")},
			want: []PlayerGame{pg("Ann", 0, 1, 1, 0, 0, 262, 0, false), pg("Bob", 0, 1, 0, 7, 1, 0, 0, false),
				pg("Cat", 0, 1, 0, 0, 0, 0, 0, false), pg("Dan", 0, 1, 0, 5, 1, 0, 0, false)}},
		// The knocker's reading: Ann went out and knocked Cat out herself,
		// so her hand out is worth 12 + 250 = 262, as her cell "+12 +250"
		// says (the old code counted 12); Bob's is his 10, Dan's 250 for
		// knocking Cat out being Dan's, in a hand Dan did not go out in.
		{name: "no mercy, the knocker receives the knock-out", s: Settings{Deck: "no-mercy", MercyBonus: MercyKnocker, Players: abcd, Target: 1000},
			hands: []Hand{
				knocks(hand(t, "Ann", "Bob=r7", "Dan=5"), "Cat", "Ann"),
				knocks(hand(t, "Bob", "Ann=9", "Dan=1"), "Cat", "Dan"),
			},
			want: []PlayerGame{pg("Ann", 0, 2, 1, 9, 1, 262, 0, false), pg("Bob", 0, 2, 1, 7, 1, 10, 0, false),
				pg("Cat", 0, 2, 0, 0, 0, 0, 0, false), pg("Dan", 0, 2, 0, 6, 2, 0, 0, false)}},
		// Partners, the knocker's reading: Cat knocked Dan out while her
		// partner Ann went out; the team's cell is "+7 +250", Ann's best 257.
		{name: "no mercy partners, the partner knocks out", s: Settings{Mode: Partners, Deck: "no-mercy", MercyBonus: MercyKnocker, Players: abcd, Target: 1000},
			hands: []Hand{knocks(hand(t, "Ann", "Bob=r7"), "Dan", "Cat")},
			want: []PlayerGame{pg("Ann", 1, 1, 1, 0, 0, 257, 0, false), pg("Bob", 2, 1, 0, 7, 1, 0, 0, false),
				pg("Cat", 1, 1, 0, 0, 0, 0, 0, false), pg("Dan", 2, 1, 0, 0, 0, 0, 0, false)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Replay(tt.s, tt.hands)
			if err != nil {
				t.Fatal(err)
			}
			got := Summarize(b).Players
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Summarize:\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// knocks adds to h a No Mercy knock-out of name, by knocker ("" where the
// hand's winner receives the bonus).
func knocks(h Hand, name, knocker string) Hand {
	h.KnockedOut = append(h.KnockedOut, name)
	if knocker != "" {
		if h.KnockedBy == nil {
			h.KnockedBy = map[string]string{}
		}
		h.KnockedBy[name] = knocker
	}
	return h
}

var day = time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)

// rec builds a GameRecord of two or more players from "Name:place" entries
// (place 0: the game is under way; 1 won).
func rec(id string, days int, mode Mode, entries ...string) GameRecord {
	g := GameRecord{ID: id, Name: "game " + id, Created: day.AddDate(0, 0, days), Mode: mode, Over: true}
	for _, e := range entries {
		name, place, _ := strings.Cut(e, ":")
		p := int(place[0] - '0')
		team := 0
		if len(place) > 1 { // "Ann:1a": team a
			team = int(place[1]-'a') + 1
		}
		if p == 0 {
			g.Over = false
		}
		g.Players = append(g.Players, PlayerGame{Player: name, Team: team, Hands: 10, WentOut: 3, Held: 40, HeldHands: 7, BestOut: 20 * p, Place: p, Won: p == 1})
	}
	return g
}

func TestComputeStats(t *testing.T) {
	games := []GameRecord{
		rec("d", 3, Standard, "Bob:1", "ann:2"),
		rec("a", 0, Standard, "Ann:1", "Bob:2", "Cat:3"),
		rec("c", 2, Lowest, "Ann:0", "Cat:0"),
		rec("b", 1, Lowest, "ANN:1", "Bob:1", "Cat:3"),
		rec("e", 4, Partners, "Ann:1a", "Bob:2b", "Cat:1a", "Dan:2b"),
	}
	s := ComputeStats(games)
	if ids := []string{s.Games[0].ID, s.Games[1].ID, s.Games[2].ID, s.Games[3].ID, s.Games[4].ID}; !reflect.DeepEqual(ids, []string{"a", "b", "c", "d", "e"}) {
		t.Fatalf("games not in order of play: %v", ids)
	}
	ann, err := s.Find("ANN")
	if err != nil {
		t.Fatal(err)
	}
	want := PlayerStats{Player: "Ann", Spellings: []string{"Ann", "ann", "ANN"}, Games: 5, Finished: 4, Wins: 3,
		Hands: 50, WentOut: 15, Held: 200, HeldHands: 35, BestOut: 40, BestGame: "d", ScoredOut: 9, Streak: 2, Current: 1, Rated: 4,
		First: day, Last: day.AddDate(0, 0, 4)}
	got := *ann
	got.Rating, got.games = Rating{}, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Ann:\n got %+v\nwant %+v", got, want)
	}
	// Going out where the lowest tally wins scores no hand: no best.
	low := ComputeStats([]GameRecord{rec("f", 0, Lowest, "Eve:1", "Fay:2"), rec("g", 1, Challenge, "Eve:2", "Fay:1")})
	if eve, _ := low.Find("Eve"); eve.WentOut != 6 || eve.ScoredOut != 0 {
		t.Errorf("Eve, lowest and challenge only: went out %d, in %d that scored", eve.WentOut, eve.ScoredOut)
	}
	if ann.WinRate() != 0.75 || ann.AvgHeld() != 200.0/35 {
		t.Errorf("Ann's win rate %v, average held %v", ann.WinRate(), ann.AvgHeld())
	}

	// The ratings follow the games in order: replay them by hand.
	r := map[string]Rating{"Ann": NewRating(), "Bob": NewRating(), "Cat": NewRating(), "Dan": NewRating()}
	solo := func(ranks []int, names ...string) {
		teams := make([][]Rating, len(names))
		for i, n := range names {
			teams[i] = []Rating{r[n]}
		}
		for i, t := range RateTeams(teams, ranks, RatingTau) {
			r[names[i]] = t[0]
		}
	}
	solo([]int{1, 2, 3}, "Ann", "Bob", "Cat")
	solo([]int{1, 1, 3}, "Ann", "Bob", "Cat")
	solo([]int{1, 2}, "Bob", "Ann")
	teams := RateTeams([][]Rating{{r["Ann"], r["Cat"]}, {r["Bob"], r["Dan"]}}, []int{1, 2}, RatingTau)
	r["Ann"], r["Cat"], r["Bob"], r["Dan"] = teams[0][0], teams[0][1], teams[1][0], teams[1][1]
	for name, want := range r {
		p, _ := s.Find(name)
		if math.Abs(p.Rating.Mu-want.Mu) > 1e-12 || math.Abs(p.Rating.Sigma-want.Sigma) > 1e-12 {
			t.Errorf("%s's rating is %v, want %v", name, p.Rating, want)
		}
	}
	var order []string
	for _, p := range s.Players {
		order = append(order, p.Player)
	}
	if !reflect.DeepEqual(order, []string{"Ann", "Bob", "Cat", "Dan"}) {
		t.Errorf("players sorted %v", order)
	}
	for _, p := range s.Players[1:] {
		if p.Rating.Ordinal() > s.Players[0].Rating.Ordinal() {
			t.Errorf("%s (%.3f) rated above Ann (%.3f) but listed below", p.Player, p.Rating.Ordinal(), s.Players[0].Rating.Ordinal())
		}
	}

	// A correction to an old game changes every rating after it.
	fixed := []GameRecord{
		rec("a", 0, Standard, "Ann:3", "Bob:2", "Cat:1"),
		rec("b", 1, Lowest, "ANN:1", "Bob:1", "Cat:3"),
		rec("c", 2, Lowest, "Ann:0", "Cat:0"),
		rec("d", 3, Standard, "Bob:1", "ann:2"),
		rec("e", 4, Partners, "Ann:1a", "Bob:2b", "Cat:1a", "Dan:2b"),
	}
	s2 := ComputeStats(fixed)
	ann2, _ := s2.Find("ann")
	if ann2.Rating == ann.Rating || s2.After[4][0] == s.After[4][0] {
		t.Errorf("correcting game a left Ann's later rating at %v", ann2.Rating)
	}
	if s2.After[2] != nil {
		t.Errorf("a game under way was rated: %v", s2.After[2])
	}
}

func TestStatsPage(t *testing.T) {
	s := ComputeStats([]GameRecord{
		rec("a", 0, Standard, "Ann:1", "Bob:2", "Cat:3"),
		rec("b", 1, Partners, "Ann:1a", "Bob:2b", "Cat:1a", "Dan:2b"),
		rec("c", 2, Standard, "Bob:0", "Ann:0"),
		rec("d", 3, Standard, "Bob:1", "Ann:2"),
	})
	ann, _ := s.Find("an")
	page := s.Page(ann)
	want := []HeadToHead{
		{Player: "Bob", Games: 4, Finished: 3, Wins: 2, Losses: 1, Ahead: 2, Behind: 1},
		{Player: "Cat", Games: 2, Finished: 2, Wins: 2, Losses: 1, Ahead: 1, Partnered: 1},
		{Player: "Dan", Games: 1, Finished: 1, Wins: 1, Ahead: 1},
	}
	if !reflect.DeepEqual(page.Opponents, want) {
		t.Errorf("head to head:\n got %+v\nwant %+v", page.Opponents, want)
	}
	if len(page.Played) != 4 || page.Played[2].Game.ID != "c" || page.Played[2].Rating != nil || page.Played[3].Rating == nil {
		t.Fatalf("games played: %+v", page.Played)
	}
	if *page.Played[3].Rating != ann.Rating || page.Played[3].Self.Place != 2 {
		t.Errorf("last game: %+v, rating now %v", page.Played[3], ann.Rating)
	}
}

func TestStatsFind(t *testing.T) {
	s := ComputeStats([]GameRecord{rec("a", 0, Standard, "Ann:1", "Anna:2", "Bob:3")})
	tests := []struct{ in, want, err string }{
		{in: "ann", want: "Ann"},
		{in: "ANNA", want: "Anna"},
		{in: "b", want: "Bob"},
		{in: "an", err: `"an" could be Ann or Anna; type more of the name`},
		{in: "Bbo", err: `no player is called "Bbo": did you mean "Bob"?`},
		{in: "Zed", err: `no player is called "Zed"`}, // the command line adds where to look (cmd: TestUnknownPlayerHint)
		{in: "", err: `no player is called ""`},
	}
	for _, tt := range tests {
		p, err := s.Find(tt.in)
		switch {
		case tt.err != "":
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("Find(%q): error %v, want %q", tt.in, err, tt.err)
			}
		case err != nil:
			t.Errorf("Find(%q): %v", tt.in, err)
		case p.Player != tt.want:
			t.Errorf("Find(%q) = %s, want %s", tt.in, p.Player, tt.want)
		}
	}
	if _, err := ComputeStats(nil).Find("Ann"); err == nil || !strings.Contains(err.Error(), "there are no games") {
		t.Errorf("Find in no games: %v", err)
	}
}

func TestStatsFilter(t *testing.T) {
	g := rec("a", 5, Lowest, "Ann:1", "Bob:2")
	tests := []struct {
		f    StatsFilter
		keep bool
	}{
		{StatsFilter{}, true},
		{StatsFilter{Since: day.AddDate(0, 0, 5)}, true},
		{StatsFilter{Since: day.AddDate(0, 0, 6)}, false},
		{StatsFilter{Mode: Lowest}, true},
		{StatsFilter{Mode: Standard}, false},
		{StatsFilter{Since: day, Mode: Lowest}, true},
	}
	for _, tt := range tests {
		if got := tt.f.Keep(g); got != tt.keep {
			t.Errorf("%+v.Keep = %v, want %v", tt.f, got, tt.keep)
		}
	}
}

func TestRenamePlayer(t *testing.T) {
	s := Settings{Mode: Partners, Players: []string{"Ann", "Bbo", "Cat", "Dan"}, Dealer: "bbo"}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	r, err := s.RenamePlayer("BBO", "Bob")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Players, []string{"Ann", "Bob", "Cat", "Dan"}) || r.Dealer != "Bob" || !reflect.DeepEqual(r.Teams, [][]string{{"Ann", "Cat"}, {"Bob", "Dan"}}) {
		t.Errorf("renamed: %+v", r)
	}
	if s.Players[1] != "Bbo" || s.Teams[1][0] != "Bbo" || s.Dealer != "Bbo" {
		t.Errorf("the original changed: %+v", s)
	}
	if _, err := s.RenamePlayer("bbo", "ann"); err == nil || err.Error() != "Bbo and Ann both play in this game, so Bbo cannot be renamed ann" {
		t.Errorf("rename onto another player: %v", err)
	}
	if _, err := s.RenamePlayer("Zed", "Bob"); err == nil {
		t.Error("renamed a player who is not in the game")
	}
	if _, err := s.RenamePlayer("Bbo", "B=b"); err == nil {
		t.Error("renamed to a name holding '='")
	}
	if r, err := s.RenamePlayer("bbo", "BBO"); err != nil || r.Players[1] != "BBO" {
		t.Errorf("a change of case: %v %v", r.Players, err)
	}

	h := hand(t, "bbo", "Ann=r7", "Cat=9")
	h2 := h.RenamePlayer("Bbo", "Bob")
	if h2.Out != "Bob" || h.Out != "bbo" {
		t.Errorf("hand renamed: %+v (original %+v)", h2, h)
	}
	h3 := hand(t, "Ann", "Bbo=r7", "Cat=9").RenamePlayer("Bbo", "Bob")
	if h3.Left[0].Player != "Bob" || h3.Left[1].Player != "Cat" {
		t.Errorf("hand renamed: %+v", h3)
	}
}

// TestRenamePlayerRotating renames each player of rotating games of 4, 5,
// 8, 9, 13 and 16 players, with hands played at every table: the schedule
// (every round, every table), who sits out, each hand's table and every
// total follow the new name, and the renamed game replays.
func TestRenamePlayerRotating(t *testing.T) {
	for _, n := range []int{4, 5, 8, 9, 13, 16} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := Settings{Mode: Rotating, Hands: 1}
			for i := range n {
				s.Players = append(s.Players, fmt.Sprintf("P%02d", i+1))
			}
			if err := s.Normalize(); err != nil {
				t.Fatal(err)
			}
			b := mustBoard(t, s)
			var hands []Hand
			for tn := range len(b.Schedule()[0]) {
				h, err := playAt(b, tn+1)
				if err != nil {
					t.Fatal(err)
				}
				hands = append(hands, h)
			}
			// A second round at table 1 where nobody waits.
			if h, err := playAt(b, 1); err == nil {
				hands = append(hands, h)
			}
			for seat, from := range s.Players {
				to := "Renamed " + from
				r, err := s.RenamePlayer(strings.ToLower(from), to)
				if err != nil {
					t.Fatalf("rename %s: %v", from, err)
				}
				for round, tables := range r.Schedule {
					for tn, pairs := range tables {
						for i := range pairs {
							for j, p := range pairs[i] {
								if want := s.Schedule[round][tn][i][j]; p != want && !(want == from && p == to) {
									t.Fatalf("rename %s: round %d, table %d says %s where it said %s", from, round+1, tn+1, p, want)
								}
								if p == from {
									t.Fatalf("rename %s: round %d, table %d still says %s", from, round+1, tn+1, p)
								}
							}
						}
					}
				}
				if s.Schedule[0][0][0][0] != "P01" {
					t.Fatalf("rename %s changed the original schedule: %v", from, s.Schedule[0])
				}
				renamed := make([]Hand, len(hands))
				for k, h := range hands {
					renamed[k] = h.RenamePlayer(from, to)
					if renamed[k].Table != h.Table {
						t.Fatalf("rename %s: hand %d moved from table %d to %d", from, k+1, h.Table, renamed[k].Table)
					}
				}
				rb, err := ReplayRecorded(r, renamed)
				if err != nil {
					t.Fatalf("rename %s: the game no longer replays: %v", from, err)
				}
				if rb.Name(seat) != to || !reflect.DeepEqual(scores(rb), scores(b)) || !reflect.DeepEqual(rb.Schedule(), b.Schedule()) {
					t.Fatalf("rename %s: %s, scores %v want %v", from, rb.Name(seat), scores(rb), scores(b))
				}
				for round := range b.Schedule() {
					if rb.SittingOut(round+1) != b.SittingOut(round+1) {
						t.Fatalf("rename %s: round %d: %d sits out, want %d", from, round+1, rb.SittingOut(round+1), b.SittingOut(round+1))
					}
				}
				for k, row := range rb.Rows {
					if row.Table != b.Rows[k].Table || row.Round != b.Rows[k].Round || row.Out != b.Rows[k].Out {
						t.Fatalf("rename %s: hand %d is %+v, was %+v", from, k+1, row, b.Rows[k])
					}
				}
			}
		})
	}
}
