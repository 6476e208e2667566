package scoring

import "math"

// Rating is a player's skill as the Weng-Lin (OpenSkill) model sees it: a
// normal curve with mean Mu and spread Sigma. A new player is 25 ± 25/3.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// The model's constants, the defaults of openskill.js and openskill.py.
const (
	ratingMu    = 25.0
	ratingSigma = ratingMu / 3
	ratingBeta  = ratingSigma / 2
	ratingKappa = 0.0001 // the smallest factor a sigma may shrink by in one game
	// RatingTau is the uncertainty added before every game, so that ratings
	// keep moving after years of games (openskill.py's default, 25/300).
	RatingTau = ratingMu / 300
)

// NewRating is a new player's rating.
func NewRating() Rating { return Rating{Mu: ratingMu, Sigma: ratingSigma} }

// Ordinal is the rating shown and sorted on: mu - 3 sigma, a skill the player
// is 99.7% likely to be above. It starts at 0 and rises as games show skill
// and shrink the uncertainty.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// RateTeams updates the ratings of the teams of one game from its final
// order, by the Weng-Lin Bayesian approximation with the Plackett-Luce model
// (Weng and Lin 2011, algorithm 4; the default model of openskill.js and
// openskill.py). teams[i] holds the ratings of team i's players (one player
// is a team of one); ranks[i] is its place, 1 the best, equal places a tie.
// tau is added to every sigma first (0: none). It returns new ratings, in
// the same shape; the arguments are not changed.
func RateTeams(teams [][]Rating, ranks []int, tau float64) [][]Rating {
	n := len(teams)
	out := make([][]Rating, n)
	for i, t := range teams {
		out[i] = make([]Rating, len(t))
		for j, r := range t {
			if tau > 0 {
				r.Sigma = math.Sqrt(r.Sigma*r.Sigma + tau*tau)
			}
			out[i][j] = r
		}
	}
	if n < 2 {
		return out
	}
	// Each team's strength: the sums of its players' means and variances.
	mu := make([]float64, n)
	sigmaSq := make([]float64, n)
	for i, t := range out {
		for _, r := range t {
			mu[i] += r.Mu
			sigmaSq[i] += r.Sigma * r.Sigma
		}
	}
	c := 0.0
	for i := range n {
		c += sigmaSq[i] + ratingBeta*ratingBeta
	}
	c = math.Sqrt(c)
	// sumQ[q]: the strengths of the teams placed q or worse; a[q]: how many
	// teams share q's place.
	sumQ := make([]float64, n)
	a := make([]float64, n)
	for q := range n {
		for i := range n {
			if ranks[i] >= ranks[q] {
				sumQ[q] += math.Exp(mu[i] / c)
			}
			if ranks[i] == ranks[q] {
				a[q]++
			}
		}
	}
	for i := range n {
		e := math.Exp(mu[i] / c)
		omega, delta := 0.0, 0.0
		for q := range n {
			if ranks[q] > ranks[i] {
				continue
			}
			p := e / sumQ[q]
			delta += p * (1 - p) / a[q]
			if q == i {
				omega += (1 - p) / a[q]
			} else {
				omega -= p / a[q]
			}
		}
		omega *= sigmaSq[i] / c
		gamma := math.Sqrt(sigmaSq[i]) / c
		delta *= gamma * sigmaSq[i] / (c * c)
		for j, r := range out[i] {
			share := r.Sigma * r.Sigma / sigmaSq[i]
			out[i][j] = Rating{
				Mu:    r.Mu + share*omega,
				Sigma: r.Sigma * math.Sqrt(math.Max(1-share*delta, ratingKappa)),
			}
		}
	}
	return out
}
