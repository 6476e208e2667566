package scoring

import (
	"fmt"
	"slices"
	"strings"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
)

// Mode is a way of scoring a game.
type Mode string

// The ways unoscore scores a game.
const (
	Standard  Mode = "standard"
	Lowest    Mode = "lowest"
	Partners  Mode = "partners"
	Challenge Mode = "challenge"
	Rotating  Mode = "rotating"
)

// modeInfo is what a mode means to the arithmetic: one row per mode. The
// words people read about a mode are cmd's; how a hand counts is Play's.
type modeInfo struct {
	mode    Mode
	aliases []string // other names ParseMode accepts
	lowWins bool     // a score is a tally of the cards caught with: lowest is best
	target  bool     // a target score ends the game
	teams   bool     // fixed teams, named when the game starts
	// New partners each round by a schedule, at tables of four; the
	// schedule says who deals, and the game ends when it has been played.
	scheduled bool
	// The player counts the mode is played with: from min to max in steps,
	// or only those listed.
	minPlayers, maxPlayers, step int
	only                         []int
	counts                       string // why those counts, when not every count between
}

var modeInfos = [...]modeInfo{
	{mode: Standard, aliases: []string{"std", "normal"}, target: true, minPlayers: MinPlayers, maxPlayers: MaxPlayers, step: 1},
	{mode: Lowest, aliases: []string{"low", "lowest-wins", "alternative"}, lowWins: true, target: true, minPlayers: MinPlayers, maxPlayers: MaxPlayers, step: 1},
	{mode: Partners, aliases: []string{"partner", "teams"}, target: true, teams: true, minPlayers: MinPlayers, maxPlayers: MaxPlayers, step: 1},
	{mode: Challenge, aliases: []string{"challenge-uno", "elimination"}, lowWins: true, target: true, minPlayers: MinPlayers, maxPlayers: MaxPlayers, step: 1},
	{mode: Rotating, aliases: []string{"rotate", "rotating-partners", "tournament", "whist"}, scheduled: true, minPlayers: 4, maxPlayers: 16,
		only: []int{4, 5, 8, 9, 12, 13, 16}, counts: "a table of four for every four players; with 5, 9 or 13, one sits out each round"},
}

// Modes lists every mode, the default first.
var Modes = func() []Mode {
	ms := make([]Mode, len(modeInfos))
	for i, in := range modeInfos {
		ms[i] = in.mode
	}
	return ms
}()

// MostPlayers is the most players any mode takes.
var MostPlayers = func() int {
	n := 0
	for _, in := range modeInfos {
		n = max(n, in.maxPlayers)
	}
	return n
}()

func (m Mode) info() modeInfo {
	for _, in := range modeInfos {
		if in.mode == m {
			return in
		}
	}
	return modeInfos[0]
}

// LowWins reports whether a score is a tally of cards caught with, so that
// the lowest is best.
func (m Mode) LowWins() bool { return m.info().lowWins }

// HasTarget reports whether a target score ends the game.
func (m Mode) HasTarget() bool { return m.info().target }

// NamedTeams reports whether the mode plays in fixed teams named at the start.
func (m Mode) NamedTeams() bool { return m.info().teams }

// Scheduled reports whether partners change each round by a schedule, at
// tables of four.
func (m Mode) Scheduled() bool { return m.info().scheduled }

// Fits says whether the mode can be played by n players: nil, or an error
// naming the counts it takes.
func (m Mode) Fits(n int) error {
	in := m.info()
	if in.only != nil {
		if slices.Contains(in.only, n) {
			return nil
		}
	} else if n >= in.minPlayers && n <= in.maxPlayers && (n-in.minPlayers)%in.step == 0 {
		return nil
	}
	if in.step == 1 {
		return invalid("UNO is for %d to %d players, not %d", in.minPlayers, in.maxPlayers, n)
	}
	var counts []string
	for _, k := range in.only {
		counts = append(counts, fmt.Sprint(k))
	}
	return invalid("the %s mode is for %s players (%s), not %d", m, words.JoinOr(counts), in.counts, n)
}

// FitsDeck reports why n players cannot play mode m with deck d (nil when
// they can): the check a game's settings get, for a list of decks to offer.
func (m Mode) FitsDeck(d *rules.Deck, n int) error { return m.fitsDeck(d, n) }

// fitsDeck is Fits for a game with deck d: a deck for more or fewer players
// than UNO's 2 to 10 (UNO Party: 6 to 16) sets the range of the modes that
// take any count.
func (m Mode) fitsDeck(d *rules.Deck, n int) error {
	in := m.info()
	lo, hi := d.Decl.MinPlayers, d.Decl.MaxPlayers
	if in.scheduled && (lo > 4 || hi != 0 && hi < 4) {
		// Rotating partners play at tables of four, each with its deck.
		return invalid("the %s is for %d to %d players at a table, and the %s mode plays at tables of four", d.Name, lo, hi, m)
	}
	if in.only != nil || in.step != 1 || lo == 0 && hi == 0 {
		return m.Fits(n)
	}
	if lo == 0 {
		lo = in.minPlayers
	}
	if hi == 0 {
		hi = in.maxPlayers
	}
	if n < lo || n > hi {
		return invalid("the %s is for %d to %d players, not %d", d.Name, lo, hi, n)
	}
	return nil
}

// ParseMode reads a mode's name or one of its aliases, any case.
func ParseMode(s string) (Mode, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return Modes[0], nil
	}
	for _, in := range modeInfos {
		if t == string(in.mode) {
			return in.mode, nil
		}
		for _, a := range in.aliases {
			if t == a {
				return in.mode, nil
			}
		}
	}
	names := make([]string, len(Modes))
	for i, m := range Modes {
		names[i] = string(m)
	}
	// The closest name or alias, as the mode it names ("partnrs": partners).
	best, bestD := Mode(""), 1<<30
	for _, in := range modeInfos {
		for _, a := range append([]string{string(in.mode)}, in.aliases...) {
			if d := words.Distance(t, a); d < bestD {
				best, bestD = in.mode, d
			}
		}
	}
	if bestD <= 2 && 3*bestD <= len(t) {
		return "", invalid("unknown mode %q: did you mean %q? The modes are %s", s, best, strings.Join(names, ", "))
	}
	return "", invalid("unknown mode %q: the modes are %s", s, strings.Join(names, ", "))
}
