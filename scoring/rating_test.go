package scoring

import (
	"math"
	"testing"
)

// The worked examples below are the published test vectors of openskill.js
// (src/__tests__/rate.test.js) and openskill.py (tests/models/
// test_plackett_luce.py, tests/test_rate.py), whose Plackett-Luce model
// RateTeams implements.
func TestRateTeamsWorkedExamples(t *testing.T) {
	r := NewRating
	rs := func(mu, sigma float64) Rating { return Rating{Mu: mu, Sigma: sigma} }
	solo := func(rr ...Rating) [][]Rating {
		teams := make([][]Rating, len(rr))
		for i, x := range rr {
			teams[i] = []Rating{x}
		}
		return teams
	}
	a1, b1, c1 := rs(29.182, 4.782), rs(27.174, 4.922), rs(16.672, 6.217)
	w1, x1, y1, z1 := rs(15, 25/3.0), rs(20, 25/3.0), rs(25, 25/3.0), rs(30, 25/3.0)
	tests := []struct {
		name  string
		teams [][]Rating
		ranks []int
		tau   float64
		want  [][]Rating
	}{
		{"one team is left alone", solo(r()), []int{1}, 0, [][]Rating{{r()}}},
		{"2 players", solo(r(), r()), []int{1, 2}, 0, [][]Rating{
			{rs(27.63523138347365, 8.065506316323548)}, {rs(22.36476861652635, 8.065506316323548)}}},
		{"2 players, reversed ranks", solo(r(), r()), []int{2, 1}, 0, [][]Rating{
			{rs(22.36476861652635, 8.065506316323548)}, {rs(27.63523138347365, 8.065506316323548)}}},
		{"3 players", solo(r(), r(), r()), []int{1, 2, 3}, 0, [][]Rating{
			{rs(27.868876552746237, 8.204837030780652)}, {rs(25.717219138186557, 8.057829747583874)},
			{rs(21.413904309067206, 8.057829747583874)}}},
		{"4 players", solo(r(), r(), r(), r()), []int{1, 2, 3, 4}, 0, [][]Rating{
			{rs(27.795084971874736, 8.263160757613477)}, {rs(26.552824984374855, 8.179213704945203)},
			{rs(24.68943500312503, 8.083731307186588)}, {rs(20.96265504062538, 8.083731307186588)}}},
		{"5 players", solo(r(), r(), r(), r(), r()), []int{1, 2, 3, 4, 5}, 0, [][]Rating{
			{rs(27.666666666666668, 8.290556877154474)}, {rs(26.833333333333332, 8.240145629781066)},
			{rs(25.72222222222222, 8.179996679645559)}, {rs(24.055555555555557, 8.111796013701358)},
			{rs(20.72222222222222, 8.111796013701358)}}},
		{"teams of 3, 1 and 2", [][]Rating{{r(), r(), r()}, {r()}, {r(), r()}}, []int{1, 2, 3}, 0, [][]Rating{
			{rs(25.939870821784513, 8.247641552260456), rs(25.939870821784513, 8.247641552260456), rs(25.939870821784513, 8.247641552260456)},
			{rs(27.21366020491262, 8.274321317985242)},
			{rs(21.84646897330287, 8.213058173195341), rs(21.84646897330287, 8.213058173195341)}}},
		{"rated players", solo(a1, b1, c1, r()), []int{1, 2, 3, 4}, 0, [][]Rating{
			{rs(30.209971908310553, 4.764898977359521)}, {rs(27.64460833689499, 4.882789305097372)},
			{rs(17.403586731283518, 6.100723440599442)}, {rs(19.214790707434826, 7.8542613981643985)}}},
		{"ranks out of order", solo(r(), r(), r(), r()), []int{2, 1, 4, 3}, 0, [][]Rating{
			{rs(26.552824984374855, 8.179213704945203)}, {rs(27.795084971874736, 8.263160757613477)},
			{rs(20.96265504062538, 8.083731307186588)}, {rs(24.68943500312503, 8.083731307186588)}}},
		{"ranks out of order, rated", solo(w1, x1, y1, z1), []int{1, 3, 4, 2}, 0, [][]Rating{
			{rs(18.13094482387197, 8.283124738447958)}, {rs(20.40517319790051, 8.107463101775272)},
			{rs(20.65608164139383, 8.082178279446465)}, {rs(30.80780033683369, 8.154697408620104)}}},
		{"teams of 2, ranks out of order", [][]Rating{{a1, r()}, {b1, r()}, {c1, r()}}, []int{3, 1, 2}, 0, [][]Rating{
			{rs(27.857928218465247, 4.743791738484319), rs(20.979038689398703, 8.129445198549202)},
			{rs(27.99071775460834, 4.901007097140011), rs(27.341134074194173, 8.231039243636156)},
			{rs(17.60695098907354, 6.140737155130899), rs(26.679827236407125, 8.148750467726549)}}},
		{"a tie for second", solo(rs(10, 8), rs(5, 10), rs(0, 12)), []int{1, 2, 2}, 0, [][]Rating{
			{rs(11.942833056030613, 7.926463661123746)}, {rs(2.938193791485662, 9.65347573412201)},
			{rs(-1.4023734358082325, 11.323360667700934)}}},
		{"four-way tie", solo(r(), r(), r(), r()), []int{1, 1, 1, 1}, 0, [][]Rating{
			{rs(25, 8.263160757613477)}, {rs(25, 8.263160757613477)}, {rs(25, 8.263160757613477)}, {rs(25, 8.263160757613477)}}},
		{"ties out of order", solo(w1, x1, y1, z1), []int{2, 4, 2, 1}, 0, [][]Rating{
			{rs(15.340046366255285, 8.21273604193863)}, {rs(18.007807436399276, 8.188629384105589)},
			{rs(24.25804790911316, 8.166514496319483)}, {rs(32.39409828823228, 8.247276990243211)}}},
		{"three-way tie", solo(r(), r(), r()), []int{1, 1, 1}, 0, [][]Rating{
			{rs(25, 8.204837030780652)}, {rs(25, 8.204837030780652)}, {rs(25, 8.204837030780652)}}},
		{"tau", solo(rs(25, 3), rs(25, 3)), []int{1, 2}, 0.3, [][]Rating{
			{rs(25.624880438870754, 2.9879993738476953)}, {rs(24.375119561129246, 2.9879993738476953)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := RateTeams(tt.teams, tt.ranks, tt.tau)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d teams, want %d", len(got), len(tt.want))
			}
			for i := range got {
				for j := range got[i] {
					g, w := got[i][j], tt.want[i][j]
					if math.Abs(g.Mu-w.Mu) > 1e-9 || math.Abs(g.Sigma-w.Sigma) > 1e-9 {
						t.Errorf("team %d player %d: got %v, want %v", i+1, j+1, g, w)
					}
				}
			}
		})
	}
}

func TestRateTeamsLeavesArgumentsAlone(t *testing.T) {
	teams := [][]Rating{{NewRating()}, {NewRating()}}
	RateTeams(teams, []int{1, 2}, RatingTau)
	if teams[0][0] != NewRating() || teams[1][0] != NewRating() {
		t.Fatalf("RateTeams changed its arguments: %v", teams)
	}
}

func TestOrdinal(t *testing.T) {
	if got := (Rating{Mu: 43.07, Sigma: 2.42}).Ordinal(); math.Abs(got-35.81) > 1e-9 {
		t.Fatalf("Ordinal = %v, want 35.81", got)
	}
	if got := NewRating().Ordinal(); math.Abs(got) > 1e-9 {
		t.Fatalf("a new player's ordinal = %v, want 0", got)
	}
}
