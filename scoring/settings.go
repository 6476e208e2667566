// Package scoring is the arithmetic of a game of UNO: from a game's settings
// and the hands played it folds the board (scores, eliminations, winners and
// who deals next). It touches no files, clocks or terminals.
package scoring

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
)

// DefaultTarget is the score that ends a game unless told otherwise.
const DefaultTarget = 500

// DeckTarget is the target a game with deck d plays to when none is
// given: the deck's own (No Mercy plays to 1,000), else DefaultTarget.
func DeckTarget(d *rules.Deck) int {
	if d != nil && d.Decl != nil && d.Decl.Target > 0 {
		return d.Decl.Target
	}
	return DefaultTarget
}

// MaxTarget bounds the target so totals stay small numbers.
const MaxTarget = 100000

// MaxPlayers and MinPlayers bound a table, as the rulebooks do (2 to 10);
// a mode may take other counts (Mode.Fits).
const (
	MinPlayers = 2
	MaxPlayers = 10
)

// MaxNameLen is the longest player name, in characters.
const MaxNameLen = 24

// Settings are what a game is played by. They are fixed when the game starts.
type Settings struct {
	Mode    Mode       `json:"mode"`
	Target  int        `json:"target"`
	Deck    string     `json:"deck"`
	Players []string   `json:"players"`         // seating order, clockwise
	Teams   [][]string `json:"teams,omitempty"` // partners: every player in one team
	Dealer  string     `json:"dealer"`          // who deals the first hand
	// Custom is how many Wild Customizable cards the table put in a deck
	// that has them (1 to 3 in the shuffle deck; all of them unless told),
	// CustomRules what the table wrote on them (at most Custom).
	Custom      int      `json:"custom,omitempty"`
	CustomRules []string `json:"custom_rules,omitempty"`
	// Rotating: the hands in each round at each table, and the schedule:
	// for each round, each table's two pairs of partners.
	Hands    int       `json:"hands,omitempty"`
	Schedule [][]Pairs `json:"schedule,omitempty"`
	// House are the house rules the table agreed on (rules.HouseRules'
	// ids, in that list's order): the referee answers by them.
	House []string `json:"house,omitempty"`
	// MercyBonus: in a deck with a knock-out bonus (No Mercy), who
	// receives it, where the sheets stay open: MercyWinner (the default),
	// or MercyKnocker. Empty in every other deck.
	MercyBonus string `json:"mercy_bonus,omitempty"`
	// MercyCharge: in a deck with a knock-out bonus (No Mercy) played in
	// a mode where the lowest tally wins (lowest, challenge), whether a
	// knock-out is charged to the player knocked out, the bonus onto their
	// own tally. Two releases wrote such games without it: the one before
	// the charge (53cfdd2, which wrote no mercy_bonus either) and the
	// first to charge (d03b780, which wrote mercy_bonus at new), so a
	// stored game without it is charged when its settings have a
	// mercy_bonus and not otherwise (Charged). Normalized settings of such
	// a game always hold true or false; nil in every other game. Read it
	// with Charged.
	MercyCharge *bool `json:"mercy_charge,omitempty"`
}

// Who receives No Mercy's knock-out bonus: the sources read the sheet two
// ways, so the table chooses at new.
const (
	MercyWinner  = "winner"  // the hand's winner, for each player knocked out (the default)
	MercyKnocker = "knocker" // the player who knocked each one out
)

// MercyBonuses are the readings, the default first.
var MercyBonuses = []string{MercyWinner, MercyKnocker}

// MaxCustomRuleLen is the longest rule written on a Wild Customizable card,
// in characters.
const MaxCustomRuleLen = 120

// InputError is input that does not fit the game: an unknown player, an
// impossible hand, a finished game.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// Invalid marks the error as bad input.
func (e *InputError) Invalid() bool { return true }

// NoHandError is hand n asked for (edit N) where only counted hands have
// been counted: "only hand 1 has been counted", "hands 1 to 4 have been
// counted".
func NoHandError(n, counted int) *InputError {
	switch counted {
	case 0:
		return &InputError{Msg: fmt.Sprintf("there is no hand %d: no hand has been counted yet", n)}
	case 1:
		return &InputError{Msg: fmt.Sprintf("there is no hand %d: only hand 1 has been counted", n)}
	}
	return &InputError{Msg: fmt.Sprintf("there is no hand %d: hands 1 to %d have been counted", n, counted)}
}

// GameOverError is a hand for a game that is already won.
type GameOverError struct {
	Winners []string
	// Ended is, for a game the table ended early, the change that ended
	// it; nil for a game won at its target.
	Ended *Change
	// PlayOn is a target the game could play on to (the target doubled),
	// for a game won at its target where raising it lets it go on; else 0.
	PlayOn int
}

func (e *GameOverError) Error() string {
	if e.Ended != nil {
		return "the game is over: it was " + e.Ended.Sentence()
	}
	return "the game is over: " + words.Join(e.Winners) + " won"
}

// Invalid marks the error as bad input.
func (e *GameOverError) Invalid() bool { return true }

// UnknownPlayerError is a name that is no player's, with no name close
// enough to suggest: an InputError, after which the command line says
// where to look.
type UnknownPlayerError struct{ InputError }

// Unwrap makes it an InputError to errors.As.
func (e *UnknownPlayerError) Unwrap() error { return &e.InputError }

func invalid(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// ValidateName checks one player's name: not empty, at most MaxNameLen
// characters, no comma or '=' (a name is typed in "--left NAME=CARDS") or
// ':' (a list to pick from ends a name with it: "Ann: not entered yet"), and
// only characters that print (no control or formatting character: a name is
// printed on a terminal). Every way a new name comes in is checked by it:
// flags, prompts, a rename, the web.
func ValidateName(name string) error { return validateName(name, false) }

// ValidateStoredName checks a name that may already be a player's in a
// stored game: as ValidateName, except that a ':' is let through, as the
// names given before ':' was refused hold it. A game that holds such a name
// loads, exports and imports as it was; a hand names such a player as they
// are called. No new name comes in by it.
func ValidateStoredName(name string) error { return validateName(name, true) }

func validateName(name string, stored bool) error {
	if strings.TrimSpace(name) == "" {
		return invalid("a player's name cannot be empty")
	}
	if !utf8.ValidString(name) {
		return invalid("player name %q is not valid text (UTF-8)", name)
	}
	if n := utf8.RuneCountInString(name); n > MaxNameLen {
		return invalid("player name %q is %d characters; the most is %d", clipName(name), n, MaxNameLen)
	}
	for _, r := range name {
		if r == ',' || r == '=' {
			return invalid("player name %q holds %q, which separates names and cards; choose another name", name, r)
		}
		if r == ':' && !stored {
			return invalid("player name %q holds %q, which ends a name in the lists to pick from (\"Ann: not entered yet\"); choose another name", name, r)
		}
	}
	if r, ok := unprintable(name); !ok {
		return invalid("player name %q holds %U, which does not print (a control character or the like)", name, r)
	}
	// Marks alone (combining accents) print as nothing at all, and so do
	// the letters that are fillers (U+3164). A stored name is read as it
	// was let in before the fillers were known.
	if !strings.ContainsFunc(name, func(r rune) bool { return (unicode.IsLetter(r) || unicode.IsNumber(r)) && (stored || !invisible(r)) }) {
		return invalid("player name %+q shows no letter or digit on screen; a name needs one", name)
	}
	return nil
}

// clipName shortens a name that goes into a message.
func clipName(s string) string {
	if r := []rune(s); len(r) > MaxNameLen {
		return string(r[:MaxNameLen]) + "…"
	}
	return s
}

// Normalize checks the settings and fills in the defaults: the standard mode,
// a target of 500, the classic deck, the first player dealing, and for
// partners the teams (players left out of the named teams form one more
// team; with none named, seat i partners seat i+n/2). Names are trimmed and
// spelled as in Players.
func (s *Settings) Normalize() error { return s.normalize(false) }

// normalize is Normalize; stored: the settings of a game already stored,
// whose names are checked by ValidateStoredName.
func (s *Settings) normalize(stored bool) error {
	m, err := ParseMode(string(s.Mode))
	if err != nil {
		return err
	}
	s.Mode = m
	if s.Deck == "" {
		s.Deck = rules.DefaultDeck
	}
	d, err := rules.LookupDeck(s.Deck)
	if err != nil {
		return err
	}
	s.Deck = d.ID
	if m.HasTarget() {
		if s.Target == 0 {
			s.Target = DeckTarget(d)
		}
		if s.Target < 1 || s.Target > MaxTarget {
			return invalid("target %d is out of range: choose 1 to %d", s.Target, MaxTarget)
		}
	} else if s.Target != 0 {
		return invalid("the %s mode plays a fixed number of hands, not to a target; leave the target out", m)
	}
	if err := s.normalizeCustom(d); err != nil {
		return err
	}
	if err := s.normalizeHouse(); err != nil {
		return err
	}
	hadBonus := hasBonus(*s) // before normalizeMercy fills it in
	if err := s.normalizeMercy(d); err != nil {
		return err
	}
	if err := s.normalizeCharge(d, stored, hadBonus); err != nil {
		return err
	}

	if err := s.Mode.fitsDeck(d, len(s.Players)); err != nil {
		return err
	}
	seen := map[string]string{}
	for i, p := range s.Players {
		p = strings.TrimSpace(p)
		if err := validateName(p, stored); err != nil {
			return err
		}
		key := NameKey(p)
		if stored {
			// Names that differ only in what prints as nothing were
			// let in before NameKey left it out: the game stays readable.
			key = nameKey(p, false)
		}
		if other, ok := seen[key]; ok {
			if other == p {
				return invalid("two players are called %q: names must differ", p)
			}
			return invalid("two players are called %q and %q, which read as the same name: names must differ, ignoring case and look-alike letters", other, p)
		}
		seen[key] = p
		s.Players[i] = p
	}

	if err := s.normalizeSchedule(); err != nil {
		return err
	}
	if s.Dealer == "" {
		s.Dealer = s.Players[0]
	}
	dealer, err := s.Seat(s.Dealer)
	if err != nil {
		return err
	}
	s.Dealer = s.Players[dealer]

	return s.normalizeTeams()
}

// normalizeCustom checks the Wild Customizable cards: only in a deck that
// has them, 1 to as many as it holds (all of them by default), and no more
// written rules than cards, each one line of text.
func (s *Settings) normalizeCustom(d *rules.Deck) error {
	if d.Customizable() == 0 {
		if s.Custom != 0 || len(s.CustomRules) > 0 {
			return invalid("the %s has no Wild Customizable cards; they come with the shuffle deck", d.Name)
		}
		return nil
	}
	if s.Custom == 0 {
		s.Custom = d.Customizable()
	}
	if _, err := d.WithCustom(s.Custom); err != nil {
		return err
	}
	if len(s.CustomRules) > s.Custom {
		cards := "cards"
		if s.Custom == 1 {
			cards = "card"
		}
		return invalid("%d custom rules for %d Wild Customizable %s: write at most one rule a card", len(s.CustomRules), s.Custom, cards)
	}
	for i, r := range s.CustomRules {
		r = strings.TrimSpace(r)
		switch {
		case r == "":
			return invalid("custom rule %d is empty", i+1)
		case !utf8.ValidString(r):
			return invalid("custom rule %d is not valid text", i+1)
		case utf8.RuneCountInString(r) > MaxCustomRuleLen:
			return invalid("custom rule %d is %d characters; the most is %d", i+1, utf8.RuneCountInString(r), MaxCustomRuleLen)
		}
		// The same rule as names: only characters that print.
		if c, ok := unprintable(r); !ok {
			return invalid("custom rule %d holds %U, which does not print (a control character or the like)", i+1, c)
		}
		s.CustomRules[i] = r
	}
	return nil
}

// normalizeMercy checks who receives a knock-out bonus: only a deck that
// has one takes the choice (the hand's winner unless told), and only a mode
// where a hand's points are won gives it to the knocker.
func (s *Settings) normalizeMercy(d *rules.Deck) error {
	m := strings.ToLower(strings.TrimSpace(s.MercyBonus))
	if d.Decl.Rules.KnockOutBonus == 0 {
		if m != "" {
			return invalid("the %s has no knock-out bonus; only a No Mercy game chooses who receives it", d.Name)
		}
		s.MercyBonus = ""
		return nil
	}
	switch m {
	case "":
		m = MercyWinner
	case MercyWinner, MercyKnocker:
	default:
		return invalid("%q is not a way to give the knock-out bonus: choose %s (the hand's winner) or %s (who knocked the player out)", words.Clip(s.MercyBonus), MercyWinner, MercyKnocker)
	}
	if m == MercyKnocker && s.Mode.LowWins() {
		return invalid("in %s mode no one wins a hand's points, so there is no knock-out bonus to give the knocker; leave the choice out", s.Mode)
	}
	s.MercyBonus = m
	return nil
}

// normalizeCharge sets whether a knock-out is charged to the player
// knocked out, which only a No Mercy game of lowest or challenge mode may
// say (nil in any other): a new game is charged; a stored game keeps what
// it started with, and one stored without the field by a release that did
// not record it is charged as that release charged it: when its settings
// as stored had a mercy_bonus (hadBonus; the release that began charging
// wrote one at new), not when they had none (the release before the
// charge knew no mercy_bonus).
func (s *Settings) normalizeCharge(d *rules.Deck, stored, hadBonus bool) error {
	fits := d.Decl.Rules.KnockOutBonus > 0 && s.Mode.LowWins()
	if !fits {
		if s.MercyCharge != nil && *s.MercyCharge {
			return invalid("only a game with a knock-out bonus (No Mercy) in lowest or challenge mode charges a knock-out to the player knocked out; leave mercy_charge out")
		}
		s.MercyCharge = nil
		return nil
	}
	switch {
	case !stored:
		s.MercyCharge = ptr(true)
	case s.MercyCharge == nil:
		s.MercyCharge = ptr(hadBonus)
	default:
		s.MercyCharge = ptr(*s.MercyCharge) // not shared with the caller's settings
	}
	return nil
}

// Charged reports whether the game charges a No Mercy knock-out to the
// player knocked out (lowest and challenge). On settings as stored, not
// yet normalized, a game without mercy_charge reads as the release that
// wrote it charged it: charged when they have a mercy_bonus.
func (s Settings) Charged() bool {
	if s.MercyCharge != nil {
		return *s.MercyCharge
	}
	return hasBonus(s) && s.Mode.LowWins()
}

// hasBonus: the settings as stored name who receives a knock-out bonus,
// as release B (d03b780), which charged knock-outs, wrote in every No
// Mercy game; release A wrote none.
func hasBonus(s Settings) bool { return strings.TrimSpace(s.MercyBonus) != "" }

func ptr[T any](v T) *T { return &v }

// normalizeHouse reads the house rules by id or alias, each once, in the
// order rules.HouseRules gives them.
func (s *Settings) normalizeHouse() error {
	if len(s.House) == 0 {
		s.House = nil
		return nil
	}
	on := map[string]bool{}
	for _, h := range s.House {
		r, err := rules.LookupHouseRule(strings.TrimSpace(h))
		if err != nil {
			return err
		}
		on[r.ID] = true
	}
	s.House = s.House[:0]
	for _, r := range rules.HouseRules {
		if on[r.ID] {
			s.House = append(s.House, r.ID)
		}
	}
	return nil
}

// GameDeck is the deck a game is played with: the deck named, with the
// number of Wild Customizable cards the table put in.
func (s *Settings) GameDeck() (*rules.Deck, error) {
	d, err := rules.LookupDeck(s.Deck)
	if err != nil || s.Custom == 0 || d.Customizable() == 0 {
		return d, err
	}
	return d.WithCustom(s.Custom)
}

func (s *Settings) normalizeTeams() error {
	if !s.Mode.NamedTeams() {
		if len(s.Teams) > 0 {
			return invalid("teams are only for the partners mode; add --mode partners or leave the teams out")
		}
		return nil
	}
	n := len(s.Players)
	team := make([]int, n)
	for i := range team {
		team[i] = -1
	}
	if len(s.Teams) == 0 {
		if n%2 != 0 || n < 4 {
			return invalid("partners pairs players across the table, which needs an even number of at least 4; %d players need their teams named", n)
		}
		for i := range n {
			team[i] = i % (n / 2)
		}
	} else {
		for t, members := range s.Teams {
			if len(members) == 0 {
				return invalid("team %d has no players", t+1)
			}
			for _, m := range members {
				seat, err := s.Seat(m)
				if err != nil {
					return err
				}
				if team[seat] >= 0 {
					return invalid("%s is named in two teams", s.Players[seat])
				}
				team[seat] = t
			}
		}
		rest := len(s.Teams)
		for i := range team {
			if team[i] < 0 {
				team[i] = rest
			}
		}
	}
	// Rebuild the teams in seating order of their first member.
	index := map[int]int{}
	var teams [][]string
	for seat, t := range team {
		k, ok := index[t]
		if !ok {
			k = len(teams)
			index[t] = k
			teams = append(teams, nil)
		}
		teams[k] = append(teams[k], s.Players[seat])
	}
	if len(teams) < 2 {
		return invalid("partners needs at least two teams, but every player is in one")
	}
	s.Teams = teams
	return nil
}

// Seat finds a player by name, any case, and returns their seat (0 is the
// first player named).
func (s *Settings) Seat(name string) (int, error) {
	t := strings.TrimSpace(name)
	for i, p := range s.Players {
		if SameName(p, t) {
			return i, nil
		}
	}
	// A whole name typed without its accents ("jose" for José), when it
	// fits one player alone, beats a start, as an exact name does.
	whole := -1
	for i, p := range s.Players {
		if PlainKey(p) == PlainKey(t) {
			if whole >= 0 {
				whole = -1 // José and Jose: only the accent tells
				break
			}
			whole = i
		}
	}
	if whole >= 0 {
		return whole, nil
	}
	if seat, err := s.seatByStart(t, NameKey); seat >= 0 || err != nil {
		return seat, err
	}
	if seat, err := s.seatByStart(t, PlainKey); seat >= 0 || err != nil {
		return seat, err
	}
	msg := fmt.Sprintf("no player is called %q", name)
	best, bestD := "", 1<<30
	for _, p := range s.Players {
		if d := words.Distance(PlainKey(t), PlainKey(p)); d < bestD {
			best, bestD = p, d
		}
	}
	if best != "" && bestD <= max(1, len(best)/3) {
		msg += fmt.Sprintf(": did you mean %q?", best)
	} else {
		msg += " (the players are " + strings.Join(s.Players, ", ") + ")"
	}
	return -1, &InputError{Msg: msg}
}

// seatByStart finds the one player whose name starts with t, in any case
// ("c" for Cat), names compared by fold (NameKey, or PlainKey): -1 and no
// error when none does, an error naming them when several do. Seat tries
// it after a whole name, so Dan beats Dana.
func (s *Settings) seatByStart(t string, fold func(string) string) (int, error) {
	if t == "" {
		return -1, nil
	}
	seat, matches := -1, []string(nil)
	for i, p := range s.Players {
		if strings.HasPrefix(fold(p), fold(t)) {
			seat = i
			matches = append(matches, p)
		}
	}
	if len(matches) > 1 {
		return -1, &InputError{Msg: fmt.Sprintf("%q could be %s: type more of the name", t, words.JoinOr(matches))}
	}
	return seat, nil
}
