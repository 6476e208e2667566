package present

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

// ModeText is what people read about one mode, on the command line and on
// the web page alike. This table is the only place in cmd that tells the
// modes apart: what a mode means is scoring's (its table of modes), how it
// reads is here, and everything else renders from the board. A template's
// {words} are filled in by Fill.
type ModeText struct {
	Describe string // one line for "new --help"
	Short    string // a few words for the list of modes to choose from
	Goal     string // how the game is won, after the mode's name: {target} {rounds} {hands} {tables}
	Hand     string // a counted hand: {out} {went} {side} {won} {held} {table}
	Summary  string // a hand about to be saved: the same words
	Win      string // after "Ann wins" or "Ann and Cat win": {score}
	Tie      string // after "Ann and Bob win", when several columns share the win: {score}
	Lead     string // after "Leading: Ann": {score}
}

var modeTexts = map[scoring.Mode]ModeText{
	scoring.Standard: {
		Describe: "whoever goes out scores the cards left in the other hands; first to the target wins",
		Short:    "whoever goes out scores the others' cards",
		Goal:     "first to {target}",
		Hand:     "{out} {went} and scores {won} ({held}).",
		Summary:  "{out} {went}: {held}, {won} points in all for {side}.",
		Win:      " with {score} points",
		Tie:      ", tied at {score} points",
		Lead:     " with {score}.",
	},
	scoring.Lowest: {
		Describe: "everyone keeps a tally of the cards they are caught with; when one reaches the target, the lowest tally wins",
		Short:    "everyone tallies what they're caught with; lowest wins",
		Goal:     "lowest tally wins when anyone reaches {target}",
		Hand:     "{out} {went}; caught with cards: {held}.",
		Summary:  "{out} {went}: {added}.",
		Win:      " with the lowest tally ({score})",
		Tie:      ", tied at the lowest tally ({score})",
		Lead:     " with the lowest tally, {score}.",
	},
	scoring.Partners: {
		Describe: "teams; when a partner goes out, the team scores both opposing hands; first team to the target wins",
		Short:    "teams; a partner going out scores both opposing hands",
		Goal:     "first to {target}",
		Hand:     "{out} {went}; {side} score {won} ({held}).",
		Summary:  "{out} {went}: {held}, {won} points in all for {side}.",
		Win:      " with {score} points",
		Tie:      ", tied at {score} points",
		Lead:     " with {score}.",
	},
	scoring.Challenge: {
		Describe: "tally of cards caught with; at the target a player is out of the game; the last one left wins",
		Short:    "tallies; out at the target; the last one left wins",
		Goal:     "out of the game at {target}",
		Hand:     "{out} {went}; caught with cards: {held}.",
		Summary:  "{out} {went}: {added}.",
		Win:      ": the last player left",
		Tie:      ": the last players left",
		Lead:     " with the lowest tally, {score}.",
	},
	scoring.Rotating: {
		Describe: "4, 5, 8, 9, 12, 13 or 16 players at tables of four (with 5, 9 or 13, one sits out each round) take a new partner each round until everyone has partnered everyone; each keeps their own total, the highest wins",
		Short:    "a new partner each round; highest own total wins",
		Goal:     "{rounds} of {hands}{tables}",
		Hand:     "{out} {went} at table {table}; {side} score {won} each ({held}).",
		Summary:  "{out} {went} at table {table}: {held}, {won} points each for {side}.",
		Win:      " with the highest total ({score})",
		Tie:      ", tied at the highest total ({score})",
		Lead:     " with {score}.",
	},
}

// Text is a mode's wording.
func Text(m scoring.Mode) ModeText { return modeTexts[m] }

// Fill replaces each {word} in a template with its value.
func Fill(template string, words map[string]string) string {
	pairs := make([]string, 0, 2*len(words))
	for k, v := range words {
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(template)
}

// Goal says how a game is won or how long it lasts: "first to 500", "7
// rounds of 4 hands at 2 tables".
func Goal(s scoring.Settings) string {
	tables := ""
	if len(s.Schedule) > 0 && len(s.Schedule[0]) > 1 {
		tables = fmt.Sprintf(" at %d tables", len(s.Schedule[0]))
	}
	return Fill(Text(s.Mode).Goal, map[string]string{
		"target": strconv.Itoa(s.Target), "rounds": words.Count(len(s.Schedule), "round"),
		"hands": words.Count(s.Hands, "hand"), "tables": tables,
	})
}

// HandWords are the words a hand's templates are filled with.
// knocked are No Mercy's players knocked out of the hand, each adding the
// deck's bonus to the hand's points, or, when by names who knocked them out
// (the knocker receives it), to the knocker's; in lowest and challenge, to
// the tally of the one knocked out (nothing in a game started before
// unoscore charged it: Board.Charges).
func HandWords(b *scoring.Board, out string, side []int, left []scoring.Left, table int, knocked []string, by map[string]string) map[string]string {
	total := 0
	var held, owned []string
	for _, l := range left {
		p := b.Deck.HandPoints(l.Cards)
		total += p
		held = append(held, fmt.Sprintf("%s %d", l.Player, p))
		owned = append(owned, fmt.Sprintf("%s's %d", l.Player, p))
	}
	low, uncharged := b.Charges(), b.Uncharged()
	for _, k := range knocked {
		bonus := b.Deck.Decl.Rules.KnockOutBonus
		if knocker, ok := by[k]; ok { // the knocker receives it, not the winner
			held = append(held, fmt.Sprintf("%s knocked out by %s, %d to %s", k, knocker, bonus, knocker))
			continue
		}
		if uncharged { // lowest, challenge, a game started before the charge: as played
			held = append(held, fmt.Sprintf("%s knocked out (not charged)", k))
			continue
		}
		total += bonus
		if low { // lowest, challenge: charged to the one knocked out
			held = append(held, fmt.Sprintf("%s knocked out (charged %d)", k, bonus))
			owned = append(owned, fmt.Sprintf("%s's %d for the knock-out", k, bonus))
			continue
		}
		held = append(held, fmt.Sprintf("%s knocked out %d", k, bonus))
	}
	// added: what goes onto the tallies, in a sentence that agrees with
	// one player or several ("200 is added to Mom's tally", "Mom's 200
	// and Dad's 30 are added to their tallies (230 in all)").
	added := ""
	switch len(owned) {
	case 0:
	case 1:
		if len(left) == 1 {
			added = fmt.Sprintf("%d is added to %s's tally", total, left[0].Player)
		} else {
			added = fmt.Sprintf("%d for the knock-out is added to %s's tally", total, knocked[0])
		}
	default:
		added = fmt.Sprintf("%s are added to their tallies (%d in all)", words.Join(owned), total)
	}
	went := Went(scoring.Hand{Left: left, KnockedOut: knocked})
	return map[string]string{
		"out": out, "went": went, "side": words.Join(b.Names(side)),
		"won": strconv.Itoa(total), "held": strings.Join(held, ", "), "table": strconv.Itoa(table),
		"added": added,
	}
}

// Went says how the hand's winner won it: "went out", or in No Mercy,
// with every other player knocked out, "was last standing".
func Went(h scoring.Hand) string {
	if len(h.KnockedOut) > 0 && len(h.Left) == 0 {
		return "was last standing"
	}
	return "went out"
}

// HandBrief says in a few words what a hand did, for a question about it
// or the line a screen reader says: "Ann went out, 57 points" (in No
// Mercy, with the knock-outs the winner receives). In lowest and
// challenge, where no one wins a hand's points and a knock-out is charged
// to the player knocked out, the charge is said apart, as the board's
// hand line and the history say it: "Ann went out, 5 points; Cat knocked
// out, charged 250", "Ann was last standing; Bob and Cat knocked out,
// charged 250 each".
func HandBrief(b *scoring.Board, h scoring.Hand) string {
	return b.HandBrief(h) // one wording for every device (scoring.Missed too)
}

// HandLine says in one sentence what a counted hand did: "Hand 3: Ann went
// out: ...", and who it eliminated.
func HandLine(b *scoring.Board, r scoring.Row) string {
	w := HandWords(b, b.Name(r.Out), r.Side, r.Hand.Left, r.Table, r.Hand.KnockedOut, r.Hand.KnockedBy)
	s := fmt.Sprintf("Hand %d: %s", r.Number, Fill(Text(b.Settings.Mode).Hand, w))
	if len(r.Eliminated) > 0 {
		verb := "is"
		if len(r.Eliminated) > 1 {
			verb = "are"
		}
		s += fmt.Sprintf(" %s %s eliminated.", words.Join(b.Names(r.Eliminated)), verb)
	}
	return s
}

// HandSummary sums up a hand before it is saved.
func HandSummary(b *scoring.Board, h scoring.Hand) string {
	out, _ := b.Settings.Seat(h.Out)
	return Fill(Text(b.Settings.Mode).Summary, HandWords(b, h.Out, b.Side(h.Table, out), h.Left, h.Table, h.KnockedOut, h.KnockedBy))
}

// WinPhrase is what follows the winners' names: " with 250 points", ",
// tied at the lowest tally (5)", ": the last player left".
func WinPhrase(b *scoring.Board) string {
	text := Text(b.Settings.Mode)
	phrase := text.Win
	if len(b.Winners()) == 0 { // a game ended early with no winner named
		return ""
	}
	if len(b.LeadingColumns()) > 1 {
		phrase = text.Tie
	}
	return Fill(phrase, map[string]string{"score": strconv.Itoa(b.Score(b.Winners()[0]))})
}

// LeadPhrase is what follows the leaders' names: " with 94.".
func LeadPhrase(b *scoring.Board) string {
	l := b.LeadingColumns()
	return Fill(Text(b.Settings.Mode).Lead, map[string]string{"score": strconv.Itoa(b.ColumnScore(l[0]))})
}

// AfterHands says how long a game took: "after 1 hand", "after 9 hands".
func AfterHands(n int) string { return "after " + words.Count(n, "hand") }

// PairName writes two partners: "Ann & Cat".
func PairName(b *scoring.Board, pair []int) string { return strings.Join(b.Names(pair), " & ") }

// TableLines say where each table stands and who deals there next: "Next
// to deal: Ann." at a game's one table; in a rotating game each table's
// round, pairs and dealer, and the rounds still to play.
func TableLines(b *scoring.Board) []string { return tableLines(b, false) }

// TableLinesSeated are TableLines with, under the line of each table
// whose round has just changed, where everyone sits there (SeatingLine):
// what the terminal shows above the next hand and under the board.
func TableLinesSeated(b *scoring.Board) []string { return tableLines(b, true) }

func tableLines(b *scoring.Board, seated bool) []string {
	tables := b.Tables()
	if b.Schedule() == nil {
		return []string{fmt.Sprintf("Next to deal: %s.", b.Name(tables[0].Dealer))}
	}
	var lines, left []string
	rounds := len(b.Schedule())
	for _, t := range tables {
		lines = append(lines, TableLine(b, t))
		if l := SeatingLine(b, t); seated && l != "" {
			lines = append(lines, "  "+l)
		}
		if !t.Done {
			left = append(left, fmt.Sprintf("%d at table %d", rounds-t.Round+1, t.Number))
		}
		if w := waitLine(b, t); w != "" {
			lines = append(lines, w)
		}
	}
	// Who sits out, in each round under way, so that they are not
	// forgotten.
	var under []int
	for _, t := range tables {
		if !t.Done && !slices.Contains(under, t.Round) {
			under = append(under, t.Round)
		}
	}
	slices.Sort(under)
	for _, r := range under {
		if l := SitOutLine(b, r); l != "" {
			lines = append(lines, l)
		}
	}
	if len(tables) == 1 {
		left = []string{strconv.Itoa(rounds - tables[0].Round + 1)}
	}
	lines = append(lines, "Rounds still to play: "+strings.Join(left, ", ")+", counting the round under way.")
	return lines
}

// SeatingLine says where everyone sits at table t of a rotating game when
// its round has just changed (no hand played in it yet, after round 1):
// the four players clockwise from the one who deals first, the order the
// deal follows, and who comes over from another table or back from
// sitting out: "Seats clockwise: Ann, Gus, Dan, Hal; from table 2: Gus and
// Hal." Partners sit across, as the 1998 rulebook seats them: the
// first and third, the second and fourth. "" at any other time.
func SeatingLine(b *scoring.Board, t scoring.Table) string {
	sched := b.Schedule()
	if sched == nil || t.Done || t.Round < 2 || t.Hands > 0 {
		return ""
	}
	before := map[int]int{} // seat -> its table (from 1) the round before; 0: sat out
	for i, st := range sched[t.Round-2] {
		for _, seat := range st.Clockwise() {
			before[seat] = i + 1
		}
	}
	from := map[int][]string{} // by the table they come from
	var tables []int
	for _, seat := range t.Seats {
		if was := before[seat]; was != t.Number {
			if _, ok := from[was]; !ok {
				tables = append(tables, was)
			}
			from[was] = append(from[was], b.Name(seat))
		}
	}
	slices.Sort(tables)
	var moves []string
	for _, was := range tables {
		// The names last, so that a line broken at the width never ends
		// with a table's number alone.
		if was == 0 {
			moves = append(moves, "back from sitting out: "+words.Join(from[was]))
		} else {
			moves = append(moves, fmt.Sprintf("from table %d: %s", was, words.Join(from[was])))
		}
	}
	l := "Seats clockwise: " + strings.Join(b.Names(t.Seats), ", ")
	if len(moves) > 0 {
		l += "; " + strings.Join(moves, "; ")
	}
	return l + "."
}

// SitOutLine says who sits out round r (from 1) of a rotating game of 5,
// 9 or 13 players: "Eve sits out round 3."; "" when nobody does.
func SitOutLine(b *scoring.Board, r int) string {
	seat := b.SittingOut(r)
	if seat < 0 {
		return ""
	}
	return fmt.Sprintf("%s sits out round %d.", b.Name(seat), r)
}

// TableLine says where one table of a rotating game stands: "Table 1,
// round 2 of 3, hand 3 of 4: Ann & Dan against Bob & Cat; Dan deals."
func TableLine(b *scoring.Board, t scoring.Table) string {
	rounds := len(b.Schedule())
	if t.Done {
		return fmt.Sprintf("Table %d has played all %d rounds.", t.Number, rounds)
	}
	return fmt.Sprintf("Table %d, round %d of %d, hand %d of %d: %s against %s; %s deals.", t.Number, t.Round, rounds,
		t.Hands+1, b.Settings.Hands, PairName(b, t.Teams[0]), PairName(b, t.Teams[1]), b.Name(t.Dealer))
}

// waitLine says why a table waits for players still playing the round
// before at another table: "Table 2 waits for round 2: Bob and Cat are
// still playing round 1 at table 1."; "" when it can play.
func waitLine(b *scoring.Board, t scoring.Table) string {
	if w := b.WaitSentence(t); w != "" {
		return "  " + w + "."
	}
	return ""
}

// plural writes a count of things: "1 hand", "4 hands".

// cellTexts write what a hand did to a column: "+94" for points won, "(57)"
// for points caught holding that count for others, a tally's "+12", "0" for
// going out in a tally mode, nothing for a hand at another table, "KO" for
// a player No Mercy's mercy rule knocked out of the hand ("KO +250" in
// lowest and challenge, where the knock-out is charged onto the knocked-out
// player's tally), then "+250" for
// knock-out points the column received as the knocker; noPart
// (given by the caller) for no part in the hand.
var cellTexts = [...]string{
	scoring.Away:    "",
	scoring.Won:     "+{p}",
	scoring.Held:    "({p})",
	scoring.Tallied: "+{p}",
	scoring.Clean:   "0",
	// No Mercy: knocked out of the hand by the mercy rule.
	scoring.KnockedOut: "KO",
}

// KOKey says what the score pad's "KO" stands for and what a knock-out
// scored, once a hand of the game knocked a player out (No Mercy): "KO:
// knocked out by the mercy rule (25 cards or more); the hand's winner
// scores 250 for each." The terminal's board and the web page show it
// under the pad; "" when no "KO" shows.
func KOKey(b *scoring.Board) string {
	r := b.Deck.Decl.Rules
	if r.Mercy == 0 || !slices.ContainsFunc(b.Rows, func(row scoring.Row) bool { return len(row.KnockedOut) > 0 }) {
		return ""
	}
	switch {
	case b.Charges():
		return fmt.Sprintf("KO: knocked out by the mercy rule (%d cards or more); the player knocked out is charged %d onto their tally (+%d beside KO).", r.Mercy, r.KnockOutBonus, r.KnockOutBonus)
	case b.Uncharged():
		return fmt.Sprintf("KO: knocked out by the mercy rule (%d cards or more); this game began before unoscore charged a knock-out in %s mode, so it costs the player knocked out nothing.", r.Mercy, b.Settings.Mode)
	case b.ToKnocker():
		return fmt.Sprintf("KO: knocked out by the mercy rule (%d cards or more); whoever knocked the player out scores %d (+%d beside their cell).", r.Mercy, r.KnockOutBonus, r.KnockOutBonus)
	}
	return fmt.Sprintf("KO: knocked out by the mercy rule (%d cards or more); the hand's winner scores %d for each.", r.Mercy, r.KnockOutBonus)
}

// CellText writes one cell of the score pad, the same on the command line
// and the web page; noPart is how "no part in the hand" reads there ("-" in
// a terminal, "–" on a page).
func CellText(c scoring.Cell, noPart string) string {
	s := noPart
	if c.Kind != scoring.NotIn {
		s = strings.ReplaceAll(cellTexts[c.Kind], "{p}", strconv.Itoa(c.Points))
	}
	if c.Kind == scoring.KnockedOut && c.Points > 0 { // lowest, challenge: the charge onto the tally
		s += " +" + strconv.Itoa(c.Points)
	}
	if c.Bonus > 0 { // No Mercy: knock-out points to the knocker
		s += " +" + strconv.Itoa(c.Bonus)
	}
	if c.Eliminated {
		s += " out"
	}
	return s
}
