// Package present is what unoscore says, once, for the terminal, the web
// page and --json alike: the objects printed with --json and served over
// HTTP (the board, the list of games), a mode's words (modes.go), and the
// reading of a player's cards as typed.
package present

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

// Board is the board object of the contract, with a few additions (name,
// leaders, dealer, rows) that scripts find useful.
type Board struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Mode      string     `json:"mode"`
	Target    int        `json:"target"`
	Deck      string     `json:"deck"`
	Players   []string   `json:"players"`
	Hands     int        `json:"hands"`
	Changes   int        `json:"changes"` // events in the game's log: the event stream's id
	Standings []Standing `json:"standings"`
	Teams     []Team     `json:"teams,omitempty"`
	Over      bool       `json:"over"`
	// EndedEarly: the table ended the game before anyone reached the
	// target (unoscore end); its leaders then are in leaders.
	EndedEarly bool     `json:"ended_early"`
	Winners    []string `json:"winners"`
	Leaders    []string `json:"leaders"`
	Dealer     *string  `json:"dealer"` // deals the next hand; null once the game is over
	Rows       []Row    `json:"rows"`
	// The deck's colours, in the order its rulebook prints them, for a deck
	// that is not red, green, blue and yellow (the themed deck).
	Colors []string `json:"colors,omitempty"`
	// The Wild Customizable cards in a shuffle deck, and their rules.
	Custom      int      `json:"custom,omitempty"`
	CustomRules []string `json:"custom_rules,omitempty"`
	// Settings holds what the table agreed on beyond the mode and deck.
	Settings BoardSettings `json:"settings"`
	// Rotating: the hands in each round, each table as it stands, and the
	// whole schedule.
	HandsPerRound int     `json:"hands_per_round,omitempty"`
	Tables        []Table `json:"tables,omitempty"`
	Schedule      []Round `json:"schedule,omitempty"`
	// Rotating with 5, 9 or 13 players: who sits out the round under way
	// (that of the table furthest behind; each table's own is in tables);
	// absent when nobody does.
	SittingOut *string `json:"sitting_out,omitempty"`
}

// BoardSettings are a game's agreements beyond the mode and deck.
type BoardSettings struct {
	House []string `json:"house"` // the house rules, by id; empty when none
	// MercyBonus: in a No Mercy game, who receives the knock-out bonus:
	// "winner" (the hand's winner) or "knocker"; absent in other decks.
	MercyBonus string `json:"mercy_bonus,omitempty"`
	// MercyCharge: a No Mercy game in lowest or challenge that charges a
	// knock-out to the player knocked out (every one begun since unoscore
	// does); absent in one begun before, which charges no one, and in
	// every other game.
	MercyCharge bool `json:"mercy_charge,omitempty"`
}

// Table is one table of a rotating game as it stands.
type Table struct {
	Table  int        `json:"table"`
	Round  int        `json:"round"`
	Hands  int        `json:"hands"` // played in its current round
	Teams  [][]string `json:"teams"`
	Done   bool       `json:"done"`
	Dealer *string    `json:"dealer"` // deals its next hand; null once done
	// The players seated there in its round who have not finished the
	// round before at another table: no hand is played there until they
	// have (empty when the table can play).
	WaitingFor []string `json:"waiting_for"`
	// Why the table waits, the sentence a hand there is refused with; ""
	// when it can play.
	Waiting string `json:"waiting,omitempty"`
	// Who sits out the table's round (5, 9 or 13 players); absent when
	// nobody does.
	SittingOut *string `json:"sitting_out,omitempty"`
}

// Round is one round of a rotating game's schedule.
type Round struct {
	Round  int       `json:"round"`
	Tables []Seating `json:"tables"`
	// Who sits out the round (5, 9 or 13 players); absent when nobody does.
	SittingOut *string `json:"sitting_out,omitempty"`
}

// Seating is one table in one round: its two pairs of partners.
type Seating struct {
	Table int        `json:"table"`
	Teams [][]string `json:"teams"`
}

// Standing is one player's total.
type Standing struct {
	Player     string `json:"player"`
	Score      int    `json:"score"`
	Eliminated bool   `json:"eliminated"`
	ToGo       int    `json:"to_go"`
}

// Team is a partnership's total.
type Team struct {
	Players []string `json:"players"`
	Score   int      `json:"score"`
}

// Row is one counted hand.
type Row struct {
	Hand       int               `json:"hand"`
	Table      int               `json:"table,omitempty"` // rotating: where it was played
	Round      int               `json:"round,omitempty"`
	Dealer     string            `json:"dealer"`
	Out        string            `json:"out"`
	Points     int               `json:"points"`
	Held       map[string]int    `json:"held"`
	Cards      map[string]string `json:"cards"`
	Eliminated []string          `json:"eliminated,omitempty"`
	// KnockedOut and Bonus: No Mercy's knock-outs in the hand and the
	// points they added (empty and 0 in every other game).
	KnockedOut []string `json:"knocked_out"`
	Bonus      int      `json:"bonus"`
	// KnockedBy: in a No Mercy game that gives the bonus to the knocker
	// (settings.mercy_bonus "knocker"), who knocked each player out;
	// absent otherwise. The bonus is then the knockers', not in points.
	KnockedBy map[string]string `json:"knocked_by,omitempty"`
	// Charged: No Mercy in lowest and challenge mode, what each player
	// knocked out was charged onto their tally for it (the deck's bonus);
	// absent otherwise.
	Charged map[string]int `json:"charged,omitempty"`
	// Side: in an UNO Flip game, "light", "dark" or null (no card left
	// tells); absent in other games.
	Side json.RawMessage `json:"side,omitempty"`
	// Said is the hand in a few words, as undo asks about it (HandBrief):
	// "Ann went out, 57 points", in lowest "Ann went out; caught with
	// cards: Bob 5, Cat 12".
	Said string `json:"said"`
}

// Voided names the hand an undo voided: its number, its table in a
// rotating game (else left out), and who had gone out in it.
type Voided struct {
	Hand  int    `json:"hand"`
	Table int    `json:"table,omitempty"`
	Out   string `json:"out"`
}

// NewVoided names row, a hand of g's that an undo voided.
func NewVoided(g *scoring.Game, row scoring.Row) *Voided {
	if row.Number == 0 { // a target or end voided: no hand
		return nil
	}
	return &Voided{Hand: row.Number, Table: row.Table, Out: g.Board.Name(row.Out)}
}

// Undone is what an undo answers: the board after it, and beside it the
// hand voided (`undo --json` and POST /api/games/ID/undo alike).
type Undone struct {
	Board
	Voided *Voided `json:"voided,omitempty"`
}

// NewBoard is a game's board object.
func NewBoard(g *scoring.Game) Board {
	b := g.Board
	s := b.Settings
	out := Board{
		ID: g.ID, Name: g.Name(), Mode: string(s.Mode), Target: s.Target, Deck: s.Deck,
		Players: s.Players, Hands: b.Hands(), Changes: g.Changes(), Over: b.Over(), EndedEarly: b.EndedEarly(),
		Winners: words.NonNil(b.Names(b.Winners())), Leaders: words.NonNil(b.Names(b.Leaders())),
		Standings: []Standing{}, Rows: []Row{},
		Custom: s.Custom, CustomRules: s.CustomRules,
		Settings: BoardSettings{House: words.NonNil(s.House), MercyBonus: s.MercyBonus, MercyCharge: s.Charged()},
	}
	if !slices.Equal(b.Deck.Colors, rules.Colors) {
		out.Colors = b.Deck.ColorNames()
	}
	for seat, name := range s.Players {
		out.Standings = append(out.Standings, Standing{Player: name, Score: b.Score(seat), Eliminated: b.Eliminated(seat), ToGo: b.ToGo(seat)})
	}
	for _, t := range b.Teams() {
		out.Teams = append(out.Teams, Team{Players: b.Names(t.Seats), Score: t.Score})
	}
	if !b.Over() {
		d := b.Name(b.Dealer())
		out.Dealer = &d
	}
	for _, r := range b.Rows {
		row := Row{Hand: r.Number, Table: r.Table, Round: r.Round, Dealer: b.Name(r.Dealer), Out: b.Name(r.Out), Points: r.Won,
			Held: map[string]int{}, Cards: map[string]string{}, Eliminated: b.Names(r.Eliminated),
			KnockedOut: words.NonNil(b.Names(r.KnockedOut)), Bonus: r.Bonus, KnockedBy: r.Hand.KnockedBy,
			Said: HandBrief(b, r.Hand)}
		for _, seat := range r.KnockedOut {
			if c := r.ChargeOf(seat); c > 0 {
				if row.Charged == nil {
					row.Charged = map[string]int{}
				}
				row.Charged[b.Name(seat)] = c
			}
		}
		for _, l := range r.Hand.Left {
			row.Held[l.Player] = b.Deck.HandPoints(l.Cards)
			row.Cards[l.Player] = l.Cards.String()
		}
		if b.Deck.Sides != nil {
			row.Side = json.RawMessage("null")
			if r.FlipSide != rules.NoSide {
				row.Side = json.RawMessage(strconv.Quote(r.FlipSide.String()))
			}
		}
		out.Rows = append(out.Rows, row)
	}
	if sched := b.Schedule(); sched != nil {
		out.HandsPerRound = s.Hands
		for _, t := range b.Tables() {
			tj := Table{Table: t.Number, Round: t.Round, Hands: t.Hands, Done: t.Done,
				WaitingFor: words.NonNil(b.Names(t.WaitingFor)), Waiting: b.WaitSentence(t)}
			for _, pair := range t.Teams {
				tj.Teams = append(tj.Teams, b.Names(pair))
			}
			if !t.Done {
				d := b.Name(t.Dealer)
				tj.Dealer = &d
				tj.SittingOut = nameOf(b, t.SittingOut)
			}
			out.Tables = append(out.Tables, tj)
		}
		out.SittingOut = nameOf(b, b.SittingOutNow())
		for r, round := range sched {
			rj := Round{Round: r + 1, SittingOut: nameOf(b, b.SittingOut(r+1))}
			for t, st := range round {
				rj.Tables = append(rj.Tables, Seating{Table: t + 1, Teams: [][]string{b.Names(st[0][:]), b.Names(st[1][:])}})
			}
			out.Schedule = append(out.Schedule, rj)
		}
	}
	return out
}

// Game is one game in the list of games.
type Game struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Mode    string    `json:"mode"`
	Deck    string    `json:"deck"` // its id: "classic", "no-mercy"
	Players []string  `json:"players"`
	Hands   int       `json:"hands"`
	Over    bool      `json:"over"`
	Winners []string  `json:"winners"`
	Leaders []string  `json:"leaders"`
	Current bool      `json:"current"`
}

// NewGame is one game's entry in the list of games.
func NewGame(s scoring.Summary) Game {
	return Game{ID: s.ID, Name: s.Name, Created: s.Created, Mode: s.Mode, Deck: s.DeckID(),
		Players: s.Players, Hands: s.Hands, Over: s.Over, Winners: words.NonNil(s.Winners),
		Leaders: words.NonNil(s.Leaders), Current: s.Current}
}

// nameOf is the name of the player in seat, or nil for no seat (-1).
func nameOf(b *scoring.Board, seat int) *string {
	if seat < 0 {
		return nil
	}
	name := b.Name(seat)
	return &name
}

// Left reads the cards one player was left holding, as typed, into an
// entry of a hand; a name or a card that cannot be read is bad input.
func Left(name, cards string) (scoring.Left, error) {
	if err := scoring.ValidateStoredName(name); err != nil {
		return scoring.Left{}, err
	}
	h, err := rules.ParseAnyHand(cards)
	if err != nil {
		return scoring.Left{}, &CardsError{InputError: scoring.InputError{Msg: name + "'s cards: " + err.Error()}, Name: name, Cards: cards}
	}
	return scoring.Left{Player: name, Cards: h}, nil
}

// CardsError is a player's cards that could not be read, before the game
// they are for was read: the name and the cards as typed. CardsIn words it
// for the game.
type CardsError struct {
	scoring.InputError
	Name, Cards string
}

// Unwrap makes it an InputError to errors.As.
func (e *CardsError) Unwrap() error { return &e.InputError }

// CardsIn words err, when it is a *CardsError, for the game it was meant
// for: the player as the game spells them ("Dan's cards", for d), the
// cards read again by the game's deck, so that what is suggested is a card
// of that deck. Any other error, or a game that cannot be read, leaves err
// as it is.
func CardsIn(err error, game func() (*scoring.Game, error)) error {
	var ce *CardsError
	if !errors.As(err, &ce) {
		return err
	}
	g, gerr := game()
	if gerr != nil || g == nil {
		return err
	}
	b := g.Board
	seat, serr := b.Settings.Seat(ce.Name)
	if serr != nil {
		// A name that picks no one ("m" for Mom or Max) is the first
		// thing wrong: the cards are for nobody yet.
		return serr
	}
	name := b.Name(seat)
	_, why := b.Deck.ParseHand(ce.Cards)
	if why == nil {
		return err
	}
	return &scoring.InputError{Msg: name + "'s cards: " + why.Error()}
}

// EmptyName refuses a comma list of players with an empty entry ("Ann,,Bob",
// "Ann, ,Bob", "Ann,Bob,"), naming its position: "the 2nd name is empty".
// SplitNames would skip it, and the game would have a player fewer than
// were meant. A list that names nobody at all ("", ",") is not refused
// here: the caller asks for names in its own words.
func EmptyName(s string) error {
	if len(SplitNames(s)) == 0 {
		return nil
	}
	for i, n := range strings.Split(s, ",") {
		if strings.TrimSpace(n) == "" {
			return &scoring.InputError{Msg: fmt.Sprintf("the %s name is empty", words.Ordinal(i+1))}
		}
	}
	return nil
}

// SplitNames reads a comma list of players, as --players takes it: spaces
// around names dropped, empty entries skipped.
func SplitNames(s string) []string {
	var names []string
	for n := range strings.SplitSeq(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// NotAcross names the pairs of partners who would not sit across from
// each other, as the rulebook seats them: two partners at an even table
// whose seats are not half the table apart ("Ann & Bob"). order is a
// seating, clockwise, that puts every pair across, when every team is a
// pair; else nil. Names are as the settings spell the players.
func NotAcross(s scoring.Settings) (bad, order []string) {
	n := len(s.Players)
	if !s.Mode.NamedTeams() || n%2 != 0 {
		return nil, nil
	}
	// The players no team names are the last team, as scoring makes it. A
	// team may name a player by the start of the name ("a" for Ann), as
	// scoring reads it: the seats say who is named.
	all := slices.Clone(s.Teams)
	named := map[int]bool{}
	for _, t := range s.Teams {
		for _, q := range t {
			if seat, err := s.Seat(q); err == nil {
				named[seat] = true
			}
		}
	}
	var rest []string
	for seat, p := range s.Players {
		if !named[seat] {
			rest = append(rest, p)
		}
	}
	if len(s.Teams) > 0 && len(rest) > 0 {
		all = append(all, rest)
	}
	pairs := len(all) == n/2
	var teams [][2]int
	for _, t := range all {
		if len(t) != 2 {
			pairs = false
			continue
		}
		a, errA := s.Seat(t[0])
		b, errB := s.Seat(t[1])
		if errA != nil || errB != nil {
			return nil, nil // scoring refuses such a team
		}
		teams = append(teams, [2]int{a, b})
		if (b-a+n)%n != n/2 {
			bad = append(bad, s.Players[a]+" & "+s.Players[b])
		}
	}
	if len(bad) == 0 || !pairs {
		return bad, nil
	}
	order = make([]string, n)
	for i, t := range teams {
		order[i], order[i+n/2] = s.Players[t[0]], s.Players[t[1]]
	}
	return bad, order
}

// SpacedNames is err, a refusal of how many players there are, told how
// to separate the names when one of them holds spaces ("Ann Bob Cat" read
// as one player): "UNO is for 2 to 10 players, not 1: separate names with
// commas, as in --players Ann,Bob,Cat". example writes the names split at
// their spaces as the caller's input takes them. Any other err is itself.
func SpacedNames(err error, players []string, example func([]string) string) error {
	var ie *scoring.InputError
	if err == nil || !errors.As(err, &ie) {
		return err
	}
	// Every refusal of a count of players ends so: "UNO is for 2 to 10
	// players, not 1", "partners is for 4 or more players (...), not 1".
	count := strings.Contains(ie.Msg, " players") && strings.HasSuffix(strings.TrimSuffix(ie.Msg, "."), fmt.Sprintf(", not %d", len(players)))
	var split []string
	for _, n := range players {
		split = append(split, strings.Fields(n)...)
	}
	if !count || len(split) <= len(players) {
		return err
	}
	return &scoring.InputError{Msg: fmt.Sprintf("%s: separate names with commas, as in %s", strings.TrimSuffix(ie.Msg, "."), example(split))}
}

// NotPositive refuses a number that was given but is not positive (a given
// 0 is never taken for the default), naming its flag: "--target must be a
// positive number of points, not 0". The command line and the web page
// say the same.
func NotPositive(flag, unit string, n int) error {
	return &scoring.InputError{Msg: fmt.Sprintf("--%s must be a positive number of %s, not %d", flag, unit, n)}
}

// ErrMissingPlayers is a game started with no players named.
var ErrMissingPlayers = &scoring.InputError{Msg: "missing --players: name the players in seating order, as in --players Ann,Bob,Cat"}

// PartnersPlayers is the fewest players a new partners game takes: two
// teams of at least two.
const PartnersPlayers = 4

// CheckTeams refuses a new partners game that is not two teams or more of
// at least two players each (a 1-against-1 or 2-against-1 "partners" game
// is a standard game with extra steps). s may be checked by scoring already,
// its teams filled in, or not yet (then only the count is checked). Games
// saved before this check stay as they are.
func CheckTeams(s scoring.Settings) error {
	if !s.Mode.NamedTeams() {
		return nil
	}
	if n := len(s.Players); n < PartnersPlayers {
		return &scoring.InputError{Msg: fmt.Sprintf("partners is for %d or more players (teams of at least two), not %d", PartnersPlayers, n)}
	}
	for _, t := range s.Teams {
		if len(t) == 1 {
			return &scoring.InputError{Msg: fmt.Sprintf("%s would be a team of one: partners play in teams of at least two", t[0])}
		}
	}
	return nil
}

// Rematch is the settings of a rematch of a game played with p ("new
// --again", the phone's "play again"): what s gives, and the rest from p:
// the same players, mode, target, deck and teams, the deal one seat on; a
// rotating game's schedule made afresh with the seats one on. modeGiven:
// s's mode was asked for (then p's teams are not carried over).
func Rematch(p, s scoring.Settings, modeGiven bool) scoring.Settings {
	if s.House == nil {
		s.House = p.House // the table plays by its house rules again
	}
	mode := s.Mode
	if mode == "" {
		mode = p.Mode
	}
	if mode.Scheduled() && p.Mode.Scheduled() && len(s.Players) == 0 {
		// A fresh schedule, seated from the next player on: the first
		// table's first seat, who deals first, moves one seat on.
		s.Players = append(slices.Clone(p.Players[1:]), p.Players[0])
		if s.Hands == 0 {
			s.Hands = p.Hands
		}
		if s.Deck == "" {
			s.Deck = p.Deck
		}
		s.Mode = mode
		return rematchMercy(p, s)
	}
	if len(s.Players) == 0 {
		s.Players = append([]string(nil), p.Players...)
		if len(s.Teams) == 0 && !modeGiven {
			s.Teams = p.Teams
		}
		if s.Dealer == "" {
			seat, err := p.Seat(p.Dealer)
			if err == nil {
				s.Dealer = p.Players[(seat+1)%len(p.Players)]
			}
		}
	}
	if s.Mode == "" {
		s.Mode = p.Mode
	}
	if s.Target == 0 {
		s.Target = p.Target
	}
	if s.Deck == "" {
		s.Deck = p.Deck
		if s.Custom == 0 && len(s.CustomRules) == 0 {
			s.Custom, s.CustomRules = p.Custom, p.CustomRules
		}
	}
	return rematchMercy(p, s)
}

// rematchMercy keeps who receives No Mercy's knock-out bonus for a
// rematch with the same deck, in a mode that gives it, where s does not
// say.
func rematchMercy(p, s scoring.Settings) scoring.Settings {
	if s.MercyBonus == "" && s.Deck == p.Deck && !s.Mode.LowWins() {
		s.MercyBonus = p.MercyBonus
	}
	return s
}

// UnchargedPhrase is MercyPhrase for a No Mercy game in lowest or
// challenge begun before unoscore charged a knock-out to the player
// knocked out (scoring.Settings.MercyCharge): it is scored as it was
// played, the knock-out costing no one anything.
const UnchargedPhrase = ", a knock-out not charged (the rule when the game began)"

// MercyPhrase names, in a game with a knock-out bonus (No Mercy), who
// receives it, after the deck on the board's deck line and elsewhere:
// ", knock-out bonus to the hand's winner" (in lowest and challenge, ", a
// knock-out charged to the player knocked out", or UnchargedPhrase in a
// game begun before unoscore charged it); "" in any other game.
func MercyPhrase(s scoring.Settings) string {
	switch {
	case s.Charged(): // no one wins a hand's points
		return ", a knock-out charged to the player knocked out"
	case s.MercyBonus != "" && s.Mode.LowWins(): // a game begun before the charge
		return UnchargedPhrase
	case s.MercyBonus == scoring.MercyWinner:
		return ", knock-out bonus to the hand's winner"
	case s.MercyBonus == scoring.MercyKnocker:
		return ", knock-out bonus to the knocker"
	}
	return ""
}

// BadInput reports whether err is input that cannot be used, as rules,
// scoring, store and the command line mark it (an error in its chain with
// Invalid() true): exit 2 on the command line, 400 on the web, nothing
// written. Anything else is the program's or the machine's failure.
func BadInput(err error) bool {
	var invalid interface{ Invalid() bool }
	return errors.As(err, &invalid) && invalid.Invalid()
}
