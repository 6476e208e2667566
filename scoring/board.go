package scoring

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
)

// Hand is the outcome of one hand of play: who went out, and what every
// player who scores was left holding.
type Hand struct {
	Out   string `json:"out"`
	Left  []Left `json:"left"`
	Table int    `json:"table,omitempty"` // rotating: the table it was played at, from 1
	// KnockedOut: in a No Mercy game, the players knocked out of the hand
	// by the mercy rule; their cards are not entered, and the winner
	// scores the deck's bonus for each (in lowest and challenge, each
	// knocked out is charged it onto their own tally: Settings.MercyCharge).
	KnockedOut []string `json:"knocked_out,omitempty"`
	// KnockedBy: in a No Mercy game that gives the bonus to the knocker
	// (Settings.MercyBonus), who knocked each player out: knocked-out
	// name to knocker's name, one for each of KnockedOut. Empty when the
	// hand's winner receives the bonus.
	KnockedBy map[string]string `json:"knocked_by,omitempty"`
}

// Left is what one player was left holding at the end of a hand.
type Left struct {
	Player string     `json:"player"`
	Cards  rules.Hand `json:"cards"`
}

// Row is one counted hand on the board.
type Row struct {
	Number int   // from 1, in the order played
	Table  int   // rotating: the table it was played at, from 1; else 0
	Round  int   // rotating: that table's round, from 1; else 0
	Out    int   // seat of the player who went out
	Dealer int   // seat of the player who dealt it
	Held   []int // per seat: points left in hand; -1 where not entered
	Won    int   // the points the hand is worth (all the hands entered)
	Side   []int // who went out and their partners, in seating order
	// FlipSide: in an UNO Flip game, the side of the cards in play when
	// the hand ended, as the cards left tell (NoSide when none tells);
	// NoSide in every other game.
	FlipSide   rules.Side
	Eliminated []int // challenge: seats eliminated by this hand
	KnockedOut []int // No Mercy: seats knocked out of this hand by the mercy rule
	Bonus      int   // No Mercy: the points the knock-outs brought (added to Won when the winner receives them)
	// Charge: No Mercy in the modes where the lowest tally wins (lowest,
	// challenge), where no one wins a hand's points, what each player
	// knocked out is charged onto their own tally: the deck's knock-out
	// bonus (the rulebook is silent; this is unoscore's reading). 0 in
	// every other mode, and in a game started before the charge
	// (Settings.MercyCharge).
	Charge int
	// KnockedBy: No Mercy, the knocker receiving the bonus: per seat of
	// KnockedOut, the seat that knocked it out; nil when the hand's
	// winner receives the bonus.
	KnockedBy []int
	Cells     []Cell // per column (Columns): what the hand did to it
	Totals    []int  // per column: its score after the hand
	Hand      Hand   // as entered, names spelled as in the settings
	// Waited is, for a hand recorded while its table had to wait for
	// players still at another table (possible only before the rule that
	// refuses it, and kept when such a game is read back), the sentence
	// that refuses such a hand now; else "".
	Waited string
}

// CellKind says what one hand did to one column of the board.
type CellKind int

// The kinds of cell.
const (
	NotIn      CellKind = iota // the column took no part: eliminated earlier
	Won                        // the column went out and won the hand's points
	Held                       // the column was left holding points that count for others
	Tallied                    // the column's cards were added to its own tally
	Clean                      // the column went out and adds nothing to its tally
	Away                       // the column played at another table
	KnockedOut                 // No Mercy: the column was knocked out of the hand (mercy rule)
)

// Cell is what one hand did to one column of the board.
type Cell struct {
	Kind       CellKind
	Points     int  // Won: the points won; Held, Tallied: the points held; KnockedOut: the charge onto the tally (lowest, challenge), else 0
	Bonus      int  // No Mercy, bonus to the knocker: the knock-out points the column received
	Eliminated bool // the hand put the column out of the game
}

// Column is one scoring column of the board: a player, or a team in
// partners mode.
type Column struct {
	Seats []int // in seating order
}

// Team is a partnership and its score.
type Team struct {
	Seats []int
	Score int
}

// Table is one table as it stands: who plays at it and who deals next.
type Table struct {
	Number int     // from 1
	Seats  []int   // the players still in the game there, in seating order
	Dealer int     // the seat that deals the next hand there; -1 once it is done
	Done   bool    // no more hands are played there
	Round  int     // rotating: the round it plays, from 1 (the last once done); else 0
	Hands  int     // rotating: the hands played in that round
	Teams  [][]int // rotating: the two pairs of partners in that round
	// SittingOut is the player who sits out the table's round (rotating
	// with 5, 9 or 13 players), or -1.
	SittingOut int
	// WaitingFor lists, in seating order of the game, the players seated
	// here in the table's round who have not yet finished the round before
	// it at another table (rotating; empty when the table can play).
	WaitingFor []int
}

// Board is a game folded from its settings and hands.
type Board struct {
	Settings Settings
	Deck     *rules.Deck
	Rows     []Row

	scores     []int // standard/partners: points won; lowest/challenge: tally
	eliminated []int // challenge: the hand that eliminated each seat, or 0
	teamOf     []int // partners: each seat's team
	teams      []Team
	columns    []Column
	columnOf   []int       // each seat's column
	schedule   [][]Seating // rotating: each round's tables
	handsAt    []int       // rotating: the hands played at each table
	over       bool
	winners    []int
	dealer     int      // seat that deals the next hand
	recorded   bool     // folding hands already recorded: a waiting table's hand is kept (Row.Waited)
	changes    []Change // changes made to how the game ends, in order
	ended      bool     // the table ended the game early
	endLeaders []int    // ended early: the seats leading when it stopped
}

// New starts a board for a game with the given settings, normalizing them.
func New(s Settings) (*Board, error) { return newBoard(s, false) }

// NewStored is New for the settings of a game already stored (or exported):
// its players' names are checked by ValidateStoredName, so that a name
// given before a rule on names stays readable.
func NewStored(s Settings) (*Board, error) { return newBoard(s, true) }

func newBoard(s Settings, stored bool) (*Board, error) {
	s.Players = slices.Clone(s.Players)
	s.CustomRules = slices.Clone(s.CustomRules)
	if err := s.normalize(stored); err != nil {
		return nil, err
	}
	d, err := s.GameDeck()
	if err != nil {
		return nil, err
	}
	n := len(s.Players)
	b := &Board{Settings: s, Deck: d, scores: make([]int, n), eliminated: make([]int, n), columnOf: make([]int, n)}
	b.dealer, _ = s.Seat(s.Dealer)
	if s.Mode.NamedTeams() {
		b.teamOf = make([]int, n)
		for t, members := range s.Teams {
			team := Team{}
			for _, m := range members {
				seat, _ := s.Seat(m)
				b.teamOf[seat] = t
				team.Seats = append(team.Seats, seat)
			}
			b.teams = append(b.teams, team)
			b.columns = append(b.columns, Column{Seats: team.Seats})
		}
	} else {
		for seat := range n {
			b.columns = append(b.columns, Column{Seats: []int{seat}})
		}
	}
	for c, col := range b.columns {
		for _, seat := range col.Seats {
			b.columnOf[seat] = c
		}
	}
	b.schedule, _ = s.seatings() // Normalize has read it: every name is a player
	if b.schedule != nil {
		b.handsAt = make([]int, len(b.schedule[0]))
	}
	return b, nil
}

// Replay folds a game from its settings and its counted hands, in order.
func Replay(s Settings, hands []Hand) (*Board, error) {
	b, err := New(s)
	if err != nil {
		return nil, err
	}
	b.Rows = slices.Grow(b.Rows, len(hands)) // a row each, made once
	for i, h := range hands {
		if _, err := b.Play(h); err != nil {
			return nil, &InputError{Msg: "hand " + strconv.Itoa(i+1) + ": " + err.Error()}
		}
	}
	return b, nil
}

// ReplayRecorded is Replay for hands a database has already recorded: a
// hand played at a table that had to wait for players still at another
// table (which unoscore accepted before it knew the rule) is counted all
// the same, and its row says so (Row.Waited), so that a game recorded then
// stays readable; so do the players' names (NewStored). Every other rule
// holds as in Replay.
func ReplayRecorded(s Settings, hands []Hand) (*Board, error) {
	b, err := NewStored(s)
	if err != nil {
		return nil, err
	}
	b.recorded = true
	b.Rows = slices.Grow(b.Rows, len(hands)) // a row each, made once
	for i, h := range hands {
		if _, err := b.Play(h); err != nil {
			return nil, &InputError{Msg: "hand " + strconv.Itoa(i+1) + ": " + err.Error()}
		}
	}
	b.recorded = false
	return b, nil
}

// CheckRecorded is Check for a hand recorded before the waiting rule: a
// hand at a table that had to wait is not refused for it (a correction of
// such a hand keeps it where it was played).
func (b *Board) CheckRecorded(h Hand) (Hand, error) {
	b.recorded = true
	defer func() { b.recorded = false }()
	return b.Check(h)
}

// PlayRecorded counts one more hand as ReplayRecorded does: a hand at a
// waiting table is kept, its row marked.
func (b *Board) PlayRecorded(h Hand) (Hand, error) {
	b.recorded = true
	defer func() { b.recorded = false }()
	return b.Play(h)
}

// Players is the number of seats at the table.
func (b *Board) Players() int { return len(b.Settings.Players) }

// Name is the name of the player in a seat.
func (b *Board) Name(seat int) string { return b.Settings.Players[seat] }

// Score is a seat's score: in standard and partners the points won (a
// partner's is the team's), in lowest and challenge the points caught with.
func (b *Board) Score(seat int) int { return b.scores[seat] }

// Teams lists the partnerships, in seating order of their first member; nil
// outside partners mode.
func (b *Board) Teams() []Team { return b.teams }

// TeamOf is the seat's team in partners mode.
func (b *Board) TeamOf(seat int) int {
	if b.teamOf == nil {
		return seat
	}
	return b.teamOf[seat]
}

// Columns lists the board's scoring columns: a team each in partners mode,
// a player each otherwise.
func (b *Board) Columns() []Column { return b.columns }

// ColumnOf is the column a seat scores in.
func (b *Board) ColumnOf(seat int) int { return b.columnOf[seat] }

// ColumnScore is a column's score.
func (b *Board) ColumnScore(c int) int { return b.scores[b.columns[c].Seats[0]] }

// ColumnToGo is how far a column is from the target (see ToGo).
func (b *Board) ColumnToGo(c int) int { return b.ToGo(b.columns[c].Seats[0]) }

// ColumnEliminated reports whether a column is out of a challenge game.
func (b *Board) ColumnEliminated(c int) bool { return b.Eliminated(b.columns[c].Seats[0]) }

// EliminatedIn is the hand that eliminated the seat in challenge mode, or 0.
func (b *Board) EliminatedIn(seat int) int { return b.eliminated[seat] }

// Eliminated reports whether the seat is out of a challenge game.
func (b *Board) Eliminated(seat int) bool { return b.eliminated[seat] > 0 }

// Active lists the seats still in the game, in seating order.
func (b *Board) Active() []int {
	var a []int
	for i := range b.Settings.Players {
		if !b.Eliminated(i) {
			a = append(a, i)
		}
	}
	return a
}

// Over reports whether the game has been decided.
func (b *Board) Over() bool { return b.over }

// Winners lists the winning seats once the game is over.
func (b *Board) Winners() []int { return b.winners }

// Dealer is the seat that deals the next hand (at the first table still
// playing).
func (b *Board) Dealer() int {
	for _, t := range b.Tables() {
		if !t.Done {
			return t.Dealer
		}
	}
	return b.dealer
}

// Tables lists the tables as they stand.
func (b *Board) Tables() []Table {
	tables := make([]Table, b.tableCount())
	for i := range tables {
		tables[i] = b.tableNumber(i + 1)
	}
	return tables
}

// tableCount is how many tables the game is played at: 1 outside a
// rotating game.
func (b *Board) tableCount() int {
	if b.schedule == nil {
		return 1
	}
	return len(b.handsAt)
}

// tableNumber is table n (from 1 to tableCount) as it stands, as Tables
// lists it: a hand looks up its one table without listing them all.
func (b *Board) tableNumber(n int) Table {
	if b.schedule == nil {
		t := Table{Number: 1, Seats: b.Active(), Dealer: b.dealer, Done: b.over, SittingOut: -1}
		if b.over {
			t.Dealer = -1
		}
		return t
	}
	t := b.table(n)
	if b.ended { // no more hands at any table
		t.Done, t.Dealer, t.WaitingFor = true, -1, nil
	}
	return t
}

// table is table number t (from 1) as it stands, in a rotating game.
func (b *Board) table(t int) Table {
	h, rounds := b.Settings.Hands, len(b.schedule)
	played := b.handsAt[t-1]
	r := min(played/h, rounds-1)
	st := b.schedule[r][t-1]
	c := st.Clockwise()
	tb := Table{Number: t, Seats: c[:], Round: r + 1, Hands: played - r*h, Dealer: -1,
		Teams: [][]int{st[0][:], st[1][:]}, Done: played >= rounds*h, SittingOut: b.SittingOut(r + 1)}
	if !tb.Done {
		tb.Dealer = c[tb.Hands%4]
		for _, seat := range slices.Sorted(slices.Values(c[:])) {
			if !b.finished(seat, r-1) {
				tb.WaitingFor = append(tb.WaitingFor, seat)
			}
		}
	}
	return tb
}

// SittingOut is the player who sits out round r (from 1) of a rotating
// game of 5, 9 or 13 players; -1 when nobody does (or there is no such
// round).
func (b *Board) SittingOut(r int) int {
	if r < 1 || r > len(b.schedule) {
		return -1
	}
	return SittingOut(b.Players(), b.schedule[r-1])
}

// SittingOutNow is the player who sits out the round under way: the round
// of the table furthest behind, the one that plays next whatever the
// others do (-1 when nobody sits out, or the game is over).
func (b *Board) SittingOutNow() int {
	round := 0
	for _, t := range b.Tables() {
		if !t.Done && (round == 0 || t.Round < round) {
			round = t.Round
		}
	}
	return b.SittingOut(round)
}

// tableAt is the table (from 0) that seats the player in round r (from 0)
// of a rotating game, or -1 when they sit out that round.
func (b *Board) tableAt(seat, r int) int {
	for t, st := range b.schedule[r] {
		if st[0][0] == seat || st[0][1] == seat || st[1][0] == seat || st[1][1] == seat {
			return t
		}
	}
	return -1
}

// finished reports whether the player has finished round r (from 0; -1 is
// before the first) of a rotating game: its table has played all of that
// round's hands, or, in a round the player sits out, they have finished
// the round before.
func (b *Board) finished(seat, r int) bool {
	for ; r >= 0; r-- {
		if t := b.tableAt(seat, r); t >= 0 {
			return b.handsAt[t] >= (r+1)*b.Settings.Hands
		}
	}
	return true
}

// WaitSentence says why a table that waits cannot play (see
// Table.WaitingFor): "Table 2 waits for round 2: Bob and Cat are still
// playing round 1 at table 1". "" when it need not wait.
func (b *Board) WaitSentence(tb Table) string {
	if len(tb.WaitingFor) == 0 {
		return ""
	}
	type place struct{ round, table int } // from 1
	var places []place
	who := map[place][]int{}
	for _, seat := range tb.WaitingFor {
		r := tb.Round - 2
		for r > 0 && b.tableAt(seat, r) < 0 {
			r--
		}
		p := place{r + 1, b.tableAt(seat, r) + 1}
		if _, ok := who[p]; !ok {
			places = append(places, p)
		}
		who[p] = append(who[p], seat)
	}
	var parts []string
	for _, p := range places {
		names := words.Join(b.Names(who[p]))
		verb := "is"
		if len(who[p]) > 1 {
			verb = "are"
		}
		// The table the players are at may not have reached that round.
		doing := "playing"
		if now := min(b.handsAt[p.table-1]/b.Settings.Hands, len(b.schedule)-1) + 1; now < p.round {
			doing = "to play"
		}
		parts = append(parts, fmt.Sprintf("%s %s still %s round %d at table %d", names, verb, doing, p.round, p.table))
	}
	return fmt.Sprintf("Table %d waits for round %d: %s", tb.Number, tb.Round, strings.Join(parts, "; "))
}

// Schedule lists a rotating game's rounds, each its tables; nil in the
// other modes.
func (b *Board) Schedule() [][]Seating { return b.schedule }

// Table is table n (from 1; 0 is table 1) as it stands, or an error that
// says why no hand can be played there: no such table, its rounds are all
// played, or it waits for players still playing the round before at
// another table (the table is returned with that error).
func (b *Board) Table(n int) (Table, error) {
	t, err := b.tableOf(n)
	if err == nil && len(t.WaitingFor) > 0 {
		return t, &InputError{Msg: b.WaitSentence(t)}
	}
	return t, err
}

// NoTable refuses a table number the game does not have, naming the
// tables it has ("there is no table 0: this game has tables 1 and 2"); nil
// for a table it has. Every refusal of a table number says it so.
func (b *Board) NoTable(n int) error {
	count := b.tableCount()
	if n >= 1 && n <= count {
		return nil
	}
	if count <= 1 {
		return invalid("there is no table %d: this game is played at one table", n)
	}
	var numbers []string
	for t := 1; t <= count; t++ { // the tables' numbers
		numbers = append(numbers, strconv.Itoa(t))
	}
	return invalid("there is no table %d: this game has tables %s", n, words.Join(numbers))
}

// GivenTable is the one rule for a table number a writer gave (hand,
// edit, undo and redo's --table, the phone's "table"): only a rotating
// game is played at tables, so outside one any number is refused, 1
// included; in one, a table it does not have (0 included) is refused as
// NoTable says. nil for a table the game has.
func (b *Board) GivenTable(n int) error {
	if b.schedule == nil {
		return invalid("there is no table %d: only a rotating game is played at tables", n)
	}
	return b.NoTable(n)
}

// tableOf is the table a hand names, as it stands: table 0 is table 1.
func (b *Board) tableOf(n int) (Table, error) {
	if n == 0 {
		n = 1
	}
	if err := b.NoTable(n); err != nil {
		return Table{}, err
	}
	t := b.tableNumber(n)
	if t.Done {
		msg := fmt.Sprintf("table %d has played all %d rounds", n, len(b.schedule))
		var open []string
		for _, o := range b.Tables() {
			if !o.Done {
				open = append(open, strconv.Itoa(o.Number))
			}
		}
		if len(open) > 0 {
			msg += "; hands are still to be played at table " + words.Join(open)
		}
		return Table{}, &InputError{Msg: msg}
	}
	return t, nil
}

// Hands is the number of counted hands.
func (b *Board) Hands() int { return len(b.Rows) }

// Leaders lists the seats in the lead (every seat tied for it); in
// challenge mode only players still in count. Before the first hand nobody
// leads.
func (b *Board) Leaders() []int {
	if b.over {
		if b.ended && len(b.winners) == 0 {
			return b.endLeaders
		}
		return b.winners
	}
	if len(b.Rows) == 0 {
		return nil
	}
	return b.best(b.Active())
}

// LeadingColumns lists the columns in the lead (or that won), in order.
func (b *Board) LeadingColumns() []int {
	var cols []int
	for _, seat := range b.Leaders() {
		if c := b.columnOf[seat]; !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
	}
	slices.Sort(cols)
	return cols
}

// lowScores reports whether a lower score is better (the tally modes).
func (b *Board) lowScores() bool { return b.Settings.Mode.LowWins() }

// best lists the seats tied for the best score among seats: the lowest in
// the tally modes, the highest otherwise.
func (b *Board) best(seats []int) []int {
	var best []int
	low := b.lowScores()
	for _, seat := range seats {
		switch {
		case len(best) == 0:
			best = []int{seat}
		case b.scores[seat] == b.scores[best[0]]:
			best = append(best, seat)
		case (b.scores[seat] < b.scores[best[0]]) == low:
			best = []int{seat}
		}
	}
	return best
}

// ToGo is how far the seat is from the target: the points still to win in
// standard and partners, the points it may still be caught with before
// reaching the target in lowest and challenge. Never below zero; 0 in a mode
// without a target.
func (b *Board) ToGo(seat int) int {
	if !b.Settings.Mode.HasTarget() {
		return 0
	}
	return max(0, b.Settings.Target-b.scores[seat])
}

// partners reports whether two different seats play on the same side at a
// table as it stands.
func (b *Board) partners(tb Table, a, c int) bool {
	if a == c {
		return false
	}
	if tb.Teams != nil {
		for _, pair := range tb.Teams {
			if slices.Contains(pair, a) && slices.Contains(pair, c) {
				return true
			}
		}
		return false
	}
	return b.teamOf != nil && b.teamOf[a] == b.teamOf[c]
}

// Side lists the seat and its partners at table t as it stands (table 0 is
// table 1), in seating order.
func (b *Board) Side(t, seat int) []int {
	tb, _ := b.tableOf(t)
	return b.side(tb, seat)
}

// side is Side at table tb.
func (b *Board) side(tb Table, seat int) []int {
	var side []int
	for s := range b.Settings.Players {
		if s == seat || b.partners(tb, seat, s) {
			side = append(side, s)
		}
	}
	return side
}

// Scorers lists, in seating order starting after the player who went out,
// the seats whose cards are entered when out goes out: every other player
// still in the game, except out's partners.
func (b *Board) Scorers(out int) []int { return b.ScorersAt(1, out) }

// ScorersAt is Scorers at table t as it stands: in a rotating game the two
// players of the opposing pair, clockwise from the player who went out.
func (b *Board) ScorersAt(t, out int) []int {
	tb, err := b.tableOf(t)
	if err != nil {
		return nil
	}
	return b.scorersAt(tb, out)
}

// scorersAt is ScorersAt at table tb.
func (b *Board) scorersAt(tb Table, out int) []int {
	i := slices.Index(tb.Seats, out)
	if i < 0 {
		return nil
	}
	var s []int
	n := len(tb.Seats)
	for k := 1; k < n; k++ {
		if seat := tb.Seats[(i+k)%n]; !b.partners(tb, seat, out) {
			s = append(s, seat)
		}
	}
	return s
}

// Check validates a hand against the board as it stands, without playing it,
// and returns it with the names spelled as in the settings and the hands in
// seating order from the player who went out.
func (b *Board) Check(h Hand) (Hand, error) {
	norm, _, _, err := b.check(h)
	return norm, err
}

// check is Check, returning also the table the hand was played at and the
// cards left, in the order of the hand's Left: what Play counts.
func (b *Board) check(h Hand) (Hand, Table, []rules.Hand, error) {
	if b.over {
		return Hand{}, Table{}, nil, b.overError()
	}
	table, err := b.tableOf(h.Table)
	if err != nil {
		return Hand{}, Table{}, nil, err
	}
	if len(table.WaitingFor) > 0 && !b.recorded {
		return Hand{}, Table{}, nil, &InputError{Msg: b.WaitSentence(table)}
	}
	notHere := func(seat int) error {
		if seat == b.SittingOut(table.Round) {
			return invalid("%s sits out round %d: table %d's players are %s", b.Name(seat), table.Round, table.Number,
				words.Join(b.Names(table.Seats)))
		}
		return invalid("%s is not at table %d in round %d: its players are %s", b.Name(seat), table.Number, table.Round,
			words.Join(b.Names(table.Seats)))
	}
	out, err := b.Settings.Seat(h.Out)
	if err != nil {
		return Hand{}, Table{}, nil, err
	}
	if b.Eliminated(out) {
		return Hand{}, Table{}, nil, invalid("%s was eliminated in hand %d and cannot go out", b.Name(out), b.eliminated[out])
	}
	if !slices.Contains(table.Seats, out) {
		return Hand{}, Table{}, nil, notHere(out)
	}
	knocked := map[int]bool{}
	var knockedNames []string
	if len(h.KnockedOut) > 0 && b.Deck.Decl.Rules.Mercy == 0 {
		return Hand{}, Table{}, nil, invalid("only a No Mercy game knocks players out; the %s has no mercy rule", b.Deck.Name)
	}
	for _, name := range h.KnockedOut {
		seat, err := b.Settings.Seat(name)
		if err != nil {
			return Hand{}, Table{}, nil, err
		}
		switch {
		case seat == out:
			return Hand{}, Table{}, nil, invalid("%s went out, so was not knocked out", b.Name(seat))
		case knocked[seat]:
			return Hand{}, Table{}, nil, invalid("%s is named knocked out twice", b.Name(seat))
		case !slices.Contains(table.Seats, seat) || b.Eliminated(seat):
			return Hand{}, Table{}, nil, notHere(seat)
		}
		knocked[seat] = true
	}
	for _, seat := range table.Seats {
		if knocked[seat] {
			knockedNames = append(knockedNames, b.Name(seat))
		}
	}
	knockedBy, err := b.knockers(h, table, knocked)
	if err != nil {
		return Hand{}, Table{}, nil, err
	}
	given := map[int]rules.Hand{}
	for _, l := range h.Left {
		seat, err := b.Settings.Seat(l.Player)
		if err != nil {
			return Hand{}, Table{}, nil, err
		}
		name := b.Name(seat)
		switch {
		case seat == out:
			return Hand{}, Table{}, nil, invalid("%s went out and holds no cards; enter only the other players' hands", name)
		case b.Eliminated(seat):
			return Hand{}, Table{}, nil, invalid("%s was eliminated in hand %d; their cards are not entered", name, b.eliminated[seat])
		case !slices.Contains(table.Seats, seat):
			return Hand{}, Table{}, nil, notHere(seat)
		case b.partners(table, seat, out):
			return Hand{}, Table{}, nil, invalid("%s is %s's partner; only the opposing hands are entered", name, b.Name(out))
		}
		if _, dup := given[seat]; dup {
			return Hand{}, Table{}, nil, invalid("%s's hand is entered twice", name)
		}
		if knocked[seat] {
			return Hand{}, Table{}, nil, invalid("%s was knocked out: their cards are not scored, so leave them out", name)
		}
		if l.Cards.Empty() {
			return Hand{}, Table{}, nil, invalid("%s's hand is empty: everyone but the player who went out holds at least one card", name)
		}
		if m := b.Deck.Decl.Rules.Mercy; m > 0 && len(l.Cards.Cards) >= m {
			return Hand{}, Table{}, nil, invalid("%s holds %d cards: with %d or more a player is knocked out (mercy rule); record it with --knocked-out %s", name, len(l.Cards.Cards), m, name)
		}
		if err := b.Deck.Lacking(l.Cards); err != nil {
			return Hand{}, Table{}, nil, invalid("%s's cards: %v", name, err)
		}
		given[seat] = l.Cards
	}
	norm := Hand{Out: b.Name(out), KnockedOut: knockedNames, KnockedBy: knockedBy}
	if table.Round > 0 {
		norm.Table = table.Number
	}
	var hands []rules.Hand
	var missing []string
	scorers := b.scorersAt(table, out)
	for _, seat := range scorers {
		cards, ok := given[seat]
		if !ok && knocked[seat] {
			continue
		}
		if !ok {
			missing = append(missing, b.Name(seat))
			continue
		}
		if norm.Left == nil { // nil when none is entered, as the log has it
			norm.Left, hands = make([]Left, 0, len(scorers)), make([]rules.Hand, 0, len(scorers))
		}
		norm.Left = append(norm.Left, Left{Player: b.Name(seat), Cards: cards})
		hands = append(hands, cards)
	}
	if len(missing) > 0 {
		names := slices.Clone(missing)
		for i, m := range missing {
			missing[i] = m + "'s"
		}
		if b.Deck.Decl != nil && b.Deck.Decl.Rules.KnockOutBonus > 0 {
			// No Mercy: a player with no cards given may have been
			// knocked out rather than forgotten.
			return Hand{}, Table{}, nil, invalid("%s cards are missing (or, if the mercy rule knocked them out, record %s as knocked out)", words.Join(missing), words.Join(names))
		}
		return Hand{}, Table{}, nil, invalid("%s cards are missing", words.Join(missing))
	}
	if err := b.Deck.Check(hands...); err != nil {
		return Hand{}, Table{}, nil, err
	}
	return norm, table, hands, nil
}

// tallied is what the hand adds to seat's tally in the modes where the
// lowest tally wins: the cards it was caught with, or, knocked out (No
// Mercy), the charge for it; false when the seat had neither.
func (r Row) tallied(seat int) (int, bool) {
	if r.Held[seat] >= 0 {
		return r.Held[seat], true
	}
	if r.Charge > 0 && slices.Contains(r.KnockedOut, seat) {
		return r.Charge, true
	}
	return 0, false
}

// ChargeOf is what the hand charged seat for being knocked out (No
// Mercy, lowest and challenge modes): Charge when seat was knocked out,
// else 0.
func (r Row) ChargeOf(seat int) int {
	if slices.Contains(r.KnockedOut, seat) {
		return r.Charge
	}
	return 0
}

// BonusOf is the knock-out points (No Mercy) the hand brought seat itself:
// the hand's winner all of them, or each knocker theirs; no one in lowest
// and challenge, where they are charged to the players knocked out (in
// such a game started before the charge, the hand's winner, as it was
// recorded then, though no tally counts them).
func (r Row) BonusOf(seat int) int {
	if r.Charge > 0 {
		return 0
	}
	if r.KnockedBy == nil {
		if seat == r.Out {
			return r.Bonus
		}
		return 0
	}
	n := 0
	for _, k := range r.KnockedBy {
		if k == seat {
			n++
		}
	}
	return n * r.Bonus / len(r.KnockedOut)
}

// ToKnocker reports whether the game gives No Mercy's knock-out bonus to
// the player who knocked each one out (else to the hand's winner).
func (b *Board) ToKnocker() bool { return b.Settings.MercyBonus == MercyKnocker }

// Charges reports whether the game charges a No Mercy knock-out to the
// player knocked out (lowest and challenge, Settings.MercyCharge): every
// such game started since unoscore charges it; one started before is
// scored as it was played, charging no one.
func (b *Board) Charges() bool { return b.Settings.Charged() }

// Uncharged reports whether the game is of a mode where the lowest tally
// wins with a deck that knocks players out (No Mercy), started before
// unoscore charged the knock-out: a knock-out there costs no one anything.
func (b *Board) Uncharged() bool {
	return !b.Settings.Charged() && b.Settings.Mode.LowWins() && b.Deck.Decl != nil && b.Deck.Decl.Rules.KnockOutBonus > 0
}

// knockers reads who knocked each player out, in a game that gives the
// bonus to the knocker: every player knocked out needs one, another
// player at the table still in the game. In a game that gives it to the
// hand's winner, none is named. It returns them with the names spelled as
// in the settings.
func (b *Board) knockers(h Hand, table Table, knocked map[int]bool) (map[string]string, error) {
	if !b.ToKnocker() {
		if len(h.KnockedBy) > 0 {
			return nil, invalid("this game gives the %d for a knock-out to the hand's winner, so who knocked a player out is not recorded; name only who was knocked out", b.Deck.Decl.Rules.KnockOutBonus)
		}
		return nil, nil
	}
	by := map[int]int{}
	for name, knocker := range h.KnockedBy {
		seat, err := b.Settings.Seat(name)
		if err != nil {
			return nil, err
		}
		if !knocked[seat] {
			return nil, invalid("%s is named as knocked out by %s but not as knocked out: add %s to the players knocked out", b.Name(seat), knocker, b.Name(seat))
		}
		if _, dup := by[seat]; dup {
			return nil, invalid("who knocked %s out is named twice", b.Name(seat))
		}
		k, err := b.Settings.Seat(knocker)
		if err != nil {
			return nil, err
		}
		switch {
		case k == seat:
			return nil, invalid("%s cannot knock themselves out: name the player whose card made them draw", b.Name(seat))
		case !slices.Contains(table.Seats, k) || b.Eliminated(k):
			return nil, invalid("%s did not play this hand, so did not knock %s out", b.Name(k), b.Name(seat))
		}
		by[seat] = k
	}
	// A knocker knocked out in the same hand went out after the player
	// they knocked: following who knocked whom ends at a player still
	// in, never back where it began.
	for seat := range by {
		circle := []int{seat}
		for k, ok := by[seat]; ok; k, ok = by[k] {
			if k == seat {
				return nil, invalid("%s cannot have knocked each other out: the first of them knocked out was knocked out by a player still in then; name that player", words.Join(b.Names(circle)))
			}
			if slices.Contains(circle, k) {
				break // a circle further on, said from its own start
			}
			circle = append(circle, k)
		}
	}
	out := map[string]string{}
	for _, seat := range table.Seats {
		if !knocked[seat] {
			continue
		}
		k, ok := by[seat]
		if !ok {
			return nil, invalid("who knocked %s out? This game gives the %d to the knocker: write it as --knocked-out %s=NAME", b.Name(seat), b.Deck.Decl.Rules.KnockOutBonus, b.Name(seat))
		}
		out[b.Name(seat)] = b.Name(k)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// Play checks a hand and counts it. It returns the hand as counted.
func (b *Board) Play(h Hand) (Hand, error) {
	// The table Check found the hand played at, and the cards left in the
	// order of h.Left: nothing is done to the board between.
	h, table, left, err := b.check(h)
	if err != nil {
		return Hand{}, err
	}
	out, _ := b.Settings.Seat(h.Out)
	row := Row{Number: len(b.Rows) + 1, Table: h.Table, Round: table.Round, Out: out, Dealer: table.Dealer,
		Held: make([]int, b.Players()), Side: b.side(table, out), Hand: h, Waited: b.WaitSentence(table)}
	for i := range row.Held {
		row.Held[i] = -1
	}
	for _, l := range h.Left {
		seat, _ := b.Settings.Seat(l.Player)
		row.Held[seat] = b.Deck.HandPoints(l.Cards)
		row.Won += row.Held[seat]
	}
	row.FlipSide, _ = b.Deck.HandsSide(left...) // Check refused a hand of both sides
	bonus := b.Deck.Decl.Rules.KnockOutBonus
	for _, name := range h.KnockedOut {
		seat, _ := b.Settings.Seat(name)
		row.KnockedOut = append(row.KnockedOut, seat)
		if by, ok := h.KnockedBy[name]; ok {
			k, _ := b.Settings.Seat(by)
			row.KnockedBy = append(row.KnockedBy, k)
		}
	}
	row.Bonus = len(row.KnockedOut) * bonus
	if b.Charges() && len(row.KnockedOut) > 0 {
		row.Charge = bonus // a knock-out costs the one knocked out
	}
	if row.KnockedBy == nil {
		row.Won += row.Bonus // the hand's winner receives it
	}
	playing := table.Seats
	// The knockers' bonus, by seat, where the knocker receives it: the
	// knocker's score in standard, their team's in partners, theirs and
	// their partner's at the table in rotating (lowest and challenge do
	// not give it: Settings).
	knockerGot := map[int]int{}
	for _, k := range row.KnockedBy {
		if b.Settings.Mode == Rotating {
			for _, seat := range b.side(table, k) { // the knocker's pair at the table
				knockerGot[seat] += bonus
			}
			continue
		}
		knockerGot[k] += bonus
	}

	// How the hand counts: one case per mode.
	switch b.Settings.Mode {
	case Standard:
		b.scores[out] += row.Won
		for k, p := range knockerGot {
			b.scores[k] += p
		}
		// Whoever reached the target, the most points among them winning
		// (a knocker may reach it in the same hand as the winner).
		var reached []int
		for _, seat := range playing {
			if b.scores[seat] >= b.Settings.Target {
				reached = append(reached, seat)
			}
		}
		if len(reached) > 0 {
			b.finish(b.best(reached))
		}
	case Partners:
		got := map[int]int{b.teamOf[out]: row.Won}
		for k, p := range knockerGot {
			got[b.teamOf[k]] += p
		}
		var reached []int
		for t := range b.teams {
			b.teams[t].Score += got[t]
			for _, seat := range b.teams[t].Seats {
				b.scores[seat] = b.teams[t].Score
			}
			if b.teams[t].Score >= b.Settings.Target {
				reached = append(reached, t)
			}
		}
		if len(reached) > 0 {
			best := []int{reached[0]}
			for _, t := range reached[1:] {
				switch {
				case b.teams[t].Score > b.teams[best[0]].Score:
					best = []int{t}
				case b.teams[t].Score == b.teams[best[0]].Score:
					best = append(best, t)
				}
			}
			var seats []int
			for _, t := range best {
				seats = append(seats, b.teams[t].Seats...)
			}
			slices.Sort(seats)
			b.finish(seats)
		}
	case Lowest:
		reached := false
		for seat := range row.Held {
			if p, ok := row.tallied(seat); ok {
				b.scores[seat] += p
				reached = reached || b.scores[seat] >= b.Settings.Target
			}
		}
		if reached {
			b.finish(b.best(playing))
		}
	case Challenge:
		for seat := range row.Held {
			if p, ok := row.tallied(seat); ok {
				b.scores[seat] += p
				if b.scores[seat] >= b.Settings.Target {
					b.eliminated[seat] = row.Number
					row.Eliminated = append(row.Eliminated, seat)
				}
			}
		}
		if a := b.Active(); len(a) == 1 {
			b.finish(a)
		}
	case Rotating:
		for _, seat := range row.Side {
			b.scores[seat] += row.Won
		}
		for seat, p := range knockerGot {
			b.scores[seat] += p
		}
		b.handsAt[table.Number-1]++
		if !slices.ContainsFunc(b.Tables(), func(t Table) bool { return !t.Done }) {
			b.finish(b.best(b.Active()))
		}
	}
	b.fillCells(&row, playing, knockerGot)
	b.Rows = append(b.Rows, row)
	if !b.over {
		b.dealer = b.nextActive(b.dealer)
	}
	return h, nil
}

// fillCells records what the hand did to each column, and each column's
// score after it. playing lists the seats that played the hand.
// bonus is, per seat, the knock-out points it received as a knocker.
func (b *Board) fillCells(row *Row, playing []int, bonus map[int]int) {
	low := b.Settings.Mode.LowWins()
	row.Cells = make([]Cell, len(b.columns))
	row.Totals = make([]int, len(b.columns))
	for c, col := range b.columns {
		row.Totals[c] = b.ColumnScore(c)
		cell := Cell{Kind: NotIn}
		held, entered := 0, false
		for _, seat := range col.Seats {
			if row.Held[seat] >= 0 {
				held += row.Held[seat]
				entered = true
			}
			if slices.Contains(row.Eliminated, seat) {
				cell.Eliminated = true
			}
		}
		for _, seat := range col.Seats {
			cell.Bonus += bonus[seat]
		}
		switch {
		case !slices.ContainsFunc(col.Seats, func(s int) bool { return slices.Contains(playing, s) }):
			if !b.ColumnEliminated(c) {
				cell.Kind = Away
			}
		case slices.Contains(row.Side, col.Seats[0]) && low:
			cell.Kind = Clean
		case slices.Contains(row.Side, col.Seats[0]):
			cell.Kind, cell.Points = Won, row.Won
		case !entered && slices.ContainsFunc(col.Seats, func(s int) bool { return slices.Contains(row.KnockedOut, s) }):
			cell.Kind = KnockedOut
			for _, seat := range col.Seats {
				cell.Points += row.ChargeOf(seat) // lowest, challenge: onto the tally
			}
		case entered && low:
			cell.Kind, cell.Points = Tallied, held
		case entered:
			cell.Kind, cell.Points = Held, held
		}
		row.Cells[c] = cell
	}
}

func (b *Board) finish(winners []int) {
	b.over = true
	b.winners = winners
}

// nextActive is the first seat to the left of seat (clockwise) still in the
// game.
func (b *Board) nextActive(seat int) int {
	n := b.Players()
	for k := 1; k <= n; k++ {
		if s := (seat + k) % n; !b.Eliminated(s) {
			return s
		}
	}
	return seat
}

// Names lists the players in the seats.
func (b *Board) Names(seats []int) []string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = b.Name(s)
	}
	return names
}

// JoinNames writes a list of names for a sentence: "Ann", "Ann and Bob",
// "Ann, Bob and Cat".
