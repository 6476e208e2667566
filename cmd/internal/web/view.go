package web

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

var funcs = template.FuncMap{}

// hues are UNO's four colours, given to the columns in turn.
var hues = []string{"red", "blue", "green", "yellow"}

// darkHues are UNO Flip's dark-side colours, which the columns take while
// its last hand ended on the dark side.
var darkHues = []string{"pink", "teal", "orange", "purple"}

// columnHues gives each player's column (or team's) a colour of its own,
// up to the ten players of a table: the side's four, the other side's
// four, then brown and lime. (A rotating game's pairs take the side's four
// by table.)
func columnHues(dark bool) []string {
	if dark {
		return slices.Concat(darkHues, hues, []string{"brown", "lime"})
	}
	return slices.Concat(hues, darkHues, []string{"brown", "lime"})
}

// lastSide is the side an UNO Flip game's last hand that tells one ended
// on: "light", "dark", or "" (no such hand, or not an UNO Flip game).
func lastSide(b *scoring.Board) string {
	for i := len(b.Rows) - 1; i >= 0; i-- {
		if s := b.Rows[i].FlipSide; s != rules.NoSide {
			return s.String()
		}
	}
	return ""
}

// boardView is what the board fragment shows: built from scoring's board,
// as the command line's table is.
type boardView struct {
	// NoWinner: the game was ended early with no winner named; its leaders
	// are badged as having led, not as winners.
	NoWinner  bool
	ID        string
	Title     string
	Subtitle  string // mode, target, deck
	Changes   int
	Cols      []colView
	Head      string      // the headline: the winner, the leader
	Detail    string      // once over: how the game was won
	Dealer    string      // deals the next hand; "" once over, and in a rotating game
	Tables    []tableView // a rotating game: each table's round, pairs and dealer
	Left      string      // a rotating game: the rounds still to play
	SitOut    []string    // a rotating game of 5, 9 or 13: "Eve sits out round 3."
	Totals    []colView   // the columns as the totals show them: a rotating game's by table and pair
	Many      bool        // more totals than a row holds: smaller numbers
	PerRow    int         // a television: the totals a row holds, rows balanced (10 is 5 + 5)
	TotalRows int         // a television: the rows of totals (two: smaller numbers, for the pad to show)
	Rotating  bool
	Over      bool
	Hands     int
	Rows      []rowView // newest first
	Tally     bool      // lowest and challenge: low scores are good
	Key       string    // the score pad's names are short: what each stands for
	Short     bool      // the score pad's names are short: so are its first headings ("#", "T", "Deal")
	// A phone: the score pad's names short where a name is longer than
	// four letters (the television's short names, a second form in each
	// cell that only a phone shows), with its key.
	PhoneKey string
	// KOKey: No Mercy, once a hand knocked a player out: what the pad's
	// "KO" stands for and what it scored.
	KOKey string
	// What a screen reader says when the board changes (live.js, in a
	// polite live region): the newest hand ("Hand 5: Ann went out, 42
	// points.") and the lead ("Ann leads with 310.").
	SaidHand, SaidLead string
	Flip               bool // UNO Flip: the score pad has each hand's side
	// Widths: the letters the score pad's first columns take, at most
	// (heading or cell), for a television to give each column what its
	// text needs (the class w4 on its heading): a number is never cut.
	Widths struct{ N, T, Dealer, Out, Side int }
	Dark   bool // UNO Flip: its last hand ended on the dark side
	hues   []string
}

type colView struct {
	Name    string
	Score   int
	Note    string // "388 to go", "out in hand 4"
	Lead    bool
	Out     bool // eliminated
	Deals   bool
	Hue     string
	Points  string // "points" or "tally"
	Table   int    // a rotating game: the table the player sits at now (or last sat at)
	Head    string // the score pad's heading: the name, or its short form
	Brief   string // a phone's heading: the short names ("" when they are the heading)
	Width   int    // the letters its column of the score pad takes, at most: its heading or a hand's points ("+1200")
	oneLine bool   // a rotating game's card: the name sized to one line (Letters)
	order   int    // a rotating game: where the totals show it
}

// Digits is how many characters the total takes ("-85": 3), for the card
// to size its number to fit (the class d1, d2, ...).
func (c colView) Digits() int { return len(strconv.Itoa(c.Score)) }

// Letters is how many letters a line of the name takes, up to 24, for
// its card to size it to fit (the class l12 to l24; up to 11 letters need
// no class): a name of several words goes onto two lines at the size of
// the others ("Grandma" over "Rosalind"), so it counts its longest word,
// or half its letters if more; one word counts them all. A rotating
// game's cards (up to 16, in rows that must leave the pad room) keep a
// name on one line where it fits: all its letters.
func (c colView) Letters() int {
	n := (utf8.RuneCountInString(c.Name) + 1) / 2
	words := strings.Fields(c.Name)
	if len(words) < 2 || c.oneLine {
		n = utf8.RuneCountInString(c.Name)
	}
	for _, w := range words {
		n = max(n, utf8.RuneCountInString(w))
	}
	return min(24, n)
}

// tableView is one table of a rotating game as the page shows it.
type tableView struct {
	Number int
	Line   string // the command line's sentence for it, for screen readers and the test
	Round  string // "round 2 of 7 · hand 3 of 4"
	Pairs  []pairView
	Dealer string
	Done   string // "Table 1 has played all 7 rounds."
	Wait   string // it waits for another table to finish a round
}

type pairView struct {
	Names string
	Hue   string
}

type rowView struct {
	Number int
	Side   string // UNO Flip: "light", "dark" or "" (no card left told)
	Table  int    // a rotating game: where it was played
	Dealer string
	Out    string
	// A phone's short names for the dealer and who went out ("" when the
	// names are short already).
	DealerBrief, OutBrief string
	Cells                 []cellView
}

type cellView struct {
	Text string
	Won  bool
}

// newBoardView builds the page's board from scoring's board and the one
// table of each mode's words (cmd/internal/present), as the command line's
// board is: no switch on the mode here.
func newBoardView(g *store.Game) boardView {
	b := g.Board
	s := b.Settings
	v := boardView{ID: g.ID, Title: g.Name(), Changes: g.Changes(), Over: b.Over(), Hands: b.Hands(),
		Tally: s.Mode.LowWins(), Flip: b.Deck.Sides != nil, Dark: lastSide(b) == "dark", hues: hues}
	if v.Dark {
		v.hues = darkHues
	}
	if v.Title == "" {
		v.Title = "Game " + g.ID
	}
	v.Subtitle = fmt.Sprintf("%s · %s · %s deck", words.Capitalize(string(s.Mode)), present.Goal(s), s.Deck)
	if m := present.MercyPhrase(s); m != "" {
		v.Subtitle += " · " + strings.TrimPrefix(m, ", ")
	}
	if len(s.House) > 0 {
		v.Subtitle += " · house rules: " + strings.Join(s.House, ", ")
	}

	// Who deals next, at every table still playing.
	var dealers []int
	for _, t := range b.Tables() {
		if !t.Done {
			dealers = append(dealers, t.Dealer)
		}
	}
	lead := b.LeadingColumns()
	var leadNames []string
	plural := false
	colHues := columnHues(v.Dark)
	for i, c := range b.Columns() {
		seat := c.Seats[0]
		name := strings.Join(b.Names(c.Seats), " & ")
		cv := colView{Name: name, Score: b.ColumnScore(i), Hue: colHues[i%len(colHues)], Lead: slices.Contains(lead, i)}
		if cv.Lead {
			leadNames = append(leadNames, name)
			plural = plural || len(c.Seats) > 1
		}
		switch {
		case b.ColumnEliminated(i):
			cv.Out = true
			cv.Note = fmt.Sprintf("out in hand %d", b.EliminatedIn(seat))
		case b.Over(), !s.Mode.HasTarget():
		case v.Tally:
			cv.Note = fmt.Sprintf("%d to spare", b.ColumnToGo(i))
		default:
			cv.Note = fmt.Sprintf("%d to go", b.ColumnToGo(i))
		}
		if !b.Over() && slices.ContainsFunc(c.Seats, func(x int) bool { return slices.Contains(dealers, x) }) {
			cv.Deals = true
		}
		v.Cols = append(v.Cols, cv)
	}
	v.Totals = v.Cols
	switch {
	case b.Schedule() != nil:
		v.Rotating = true
		for i := range v.Cols {
			v.Cols[i].oneLine = true
		}
		v.tables(b)
	case b.Over():
	default:
		v.Dealer = b.Name(b.Dealer())
	}
	v.Many = len(v.Totals) > 8
	v.PerRow = perRow(len(v.Totals))
	v.TotalRows = (len(v.Totals) + v.PerRow - 1) / max(v.PerRow, 1)
	ended, isEnded := b.Ended()
	// A tie of many is counted, not listed: sixteen names made two huge
	// lines on a television ("All 16 tied at 0"; "6 tied for the lead at
	// 40"). Teams are named as teams.
	tied, everyone, who := len(leadNames) > 4, len(leadNames) > 2 && len(leadNames) == len(v.Cols), ""
	if plural {
		who = " teams"
	}
	top := 0
	if len(lead) > 0 {
		top = b.ColumnScore(lead[0])
	}
	switch {
	case isEnded && ended.Winner == "":
		v.NoWinner = true
		v.Head = "Game over"
		v.Detail = words.Capitalize(ended.Sentence()) + "."
	case isEnded:
		v.Head = ended.Winner + " wins!"
		v.Detail = words.Capitalize(ended.Sentence()) + "."
	case b.Over():
		verb := "wins"
		if len(b.Winners()) > 1 {
			verb = "win"
		}
		switch {
		case everyone:
			v.Head = fmt.Sprintf("All %d%s win, tied at %d!", len(leadNames), who, top)
		case tied:
			v.Head = fmt.Sprintf("%d%s win, tied at %d!", len(leadNames), who, top)
		default:
			v.Head = fmt.Sprintf("%s %s!", words.Join(leadNames), verb)
		}
		phrase := strings.TrimLeft(present.WinPhrase(b), " ,:")
		v.Detail = fmt.Sprintf("%s%s, %s.", strings.ToUpper(phrase[:1]), phrase[1:], present.AfterHands(b.Hands()))
	case everyone:
		v.Head = fmt.Sprintf("All %d%s tied at %d", len(leadNames), who, top)
	case tied:
		v.Head = fmt.Sprintf("%d%s tied for the lead at %d", len(leadNames), who, top)
	case len(leadNames) > 1:
		v.Head = "Tied for the lead: " + words.Join(leadNames)
	case len(leadNames) == 1 && plural:
		v.Head = leadNames[0] + " lead"
	case len(leadNames) == 1:
		v.Head = leadNames[0] + " leads"
	default:
		v.Head = "No hands yet"
	}
	v.said(b, lead, everyone || tied)
	// The score pad's names: short ones, with a key, where the whole names
	// would make it wider than a screen, or one name is longer than its
	// column holds (a dealer's "Grandmother Rosemary Ann" was cut).
	name := b.Name
	wide, longest := 0, 0
	for _, c := range v.Cols {
		wide += max(4, utf8.RuneCountInString(c.Name))
		longest = max(longest, utf8.RuneCountInString(c.Name))
	}
	if wide > 48 || longest > 16 {
		short := ui.ShortNames(s.Players)
		name = func(seat int) string { return short[seat] }
		var parts []string
		for i, n := range s.Players {
			if short[i] != n {
				parts = append(parts, short[i]+" "+n)
			}
		}
		// The first columns' headings are as short as the names, said
		// first in the key: cut to fit, they read "Ha…", "Ta…", "De…".
		v.Short = true
		heads := []string{"# hand"}
		if b.Schedule() != nil {
			heads = append(heads, "T table")
		}
		parts = append(append(heads, "Deal dealer"), parts...)
		v.Key = "Key: " + strings.Join(parts, " · ")
	}
	v.KOKey = present.KOKey(b)
	// A phone's pad takes the short names too (with the key, which only a
	// phone shows) where one differs from its name: 4 to 6 players fit
	// 390 px whatever their names.
	var brief func(seat int) string
	if !v.Short {
		short := ui.ShortNames(s.Players)
		var parts []string
		for i, n := range s.Players {
			if short[i] != n {
				parts = append(parts, short[i]+" "+n)
			}
		}
		if parts != nil {
			brief = func(seat int) string { return short[seat] }
			v.PhoneKey = "Key: " + strings.Join(append([]string{"# hand", "Deal dealer"}, parts...), " · ")
		}
	}
	for i, c := range b.Columns() {
		var heads, briefs []string
		for _, seat := range c.Seats {
			heads = append(heads, name(seat))
			if brief != nil {
				briefs = append(briefs, brief(seat))
			}
		}
		v.Cols[i].Head = strings.Join(heads, " & ")
		if brief != nil {
			v.Cols[i].Brief = strings.Join(briefs, " & ")
		}
	}
	for i := len(b.Rows) - 1; i >= 0; i-- {
		r := b.Rows[i]
		rv := rowView{Number: r.Number, Side: r.FlipSide.String(), Table: r.Table, Dealer: name(r.Dealer), Out: name(r.Out)}
		if brief != nil {
			rv.DealerBrief, rv.OutBrief = brief(r.Dealer), brief(r.Out)
		}
		for _, c := range r.Cells {
			rv.Cells = append(rv.Cells, cell(c))
		}
		v.Rows = append(v.Rows, rv)
	}
	v.widths()
	return v
}

// widths counts the letters each column of the score pad takes at most,
// its heading's or a cell's, capped at 30 (the classes w1 to w30).
func (v *boardView) widths() {
	n := func(s string) int { return min(30, utf8.RuneCountInString(s)) }
	w := &v.Widths
	w.N, w.T, w.Dealer, w.Out, w.Side = n("Hand"), n("Table"), n("Dealer"), n("Out"), n("Side")
	if v.Short {
		w.N, w.T, w.Dealer = 2, 1, n("Deal") // "#" is wider than a digit
	}
	for i := range v.Cols {
		v.Cols[i].Width = n(v.Cols[i].Head)
	}
	for _, r := range v.Rows {
		w.N = max(w.N, n(strconv.Itoa(r.Number)))
		w.T = max(w.T, n(strconv.Itoa(r.Table)))
		w.Dealer, w.Out, w.Side = max(w.Dealer, n(r.Dealer)), max(w.Out, n(r.Out)), max(w.Side, n(r.Side))
		for i, c := range r.Cells {
			if i < len(v.Cols) {
				v.Cols[i].Width = max(v.Cols[i].Width, n(c.Text))
			}
		}
	}
	// The players' columns are one width, the widest's: the room left is
	// shared evenly, not most of it to one long name ("Grandma Rosalind"
	// far from its neighbour). (A rotating game's 8 to 16 columns keep
	// their own, to fit.)
	if v.Rotating {
		return
	}
	most := 0
	for _, c := range v.Cols {
		most = max(most, c.Width)
	}
	for i := range v.Cols {
		v.Cols[i].Width = most
	}
}

// said words the change a screen reader announces: the newest hand, and
// who leads with what (the headline, with the leader's total).
func (v *boardView) said(b *scoring.Board, lead []int, scored bool) {
	if n := len(b.Rows); n > 0 {
		r := b.Rows[n-1]
		at := ""
		if r.Table > 0 {
			at = fmt.Sprintf(" at table %d", r.Table)
		}
		v.SaidHand = fmt.Sprintf("Hand %d%s: %s.", r.Number, at, present.HandBrief(b, r.Hand))
	}
	v.SaidLead = v.Head
	switch {
	case b.Over():
	case len(lead) > 0 && b.Hands() > 0 && !scored: // "All 16 tied at 0" says the score
		v.SaidLead = fmt.Sprintf("%s with %d.", v.Head, b.ColumnScore(lead[0]))
	default:
		v.SaidLead = v.Head + "."
	}
}

// nextTable is the table where seat plays next, when that table has not
// reached that round yet (0 when the seat plays now, or has no round left).
func nextTable(b *scoring.Board, seat int) int {
	tables := b.Tables()
	for r, round := range b.Schedule() {
		for i, at := range round {
			seats := at.Clockwise()
			if i >= len(tables) || !slices.Contains(seats[:], seat) {
				continue
			}
			t := tables[i]
			switch {
			case t.Done || t.Round > r+1: // played
			case t.Round == r+1:
				return 0 // at the table now
			default:
				return t.Number
			}
		}
	}
	return 0
}

// perRow is how many totals a row of a television holds for n players: at
// most six a row, the rows as even as they go (7 is 4 + 3, 10 is 5 + 5),
// never one player alone on a row under a full one. Past twelve (a Party
// deck takes sixteen) at most eight a row, in two rows (13 is 7 + 6, 16 is
// 8 + 8): a third row of cards left the score pad no room on the screen.
func perRow(n int) int {
	most := 6
	if n > 12 {
		most = 8
	}
	rows := (n + most - 1) / most
	return (n + rows - 1) / max(rows, 1)
}

// tables fills in a rotating game's tables, and orders and colours the
// totals by them: each table's two pairs side by side, partners in one
// colour, as the table cards show them.
func (v *boardView) tables(b *scoring.Board) {
	lines := present.TableLines(b) // each table's line, maybe a wait line, then the rounds left
	v.Left = lines[len(lines)-1]
	if b.Over() {
		v.Left = ""
	}
	next := 0
	for _, t := range b.Tables() {
		tv := tableView{Number: t.Number, Line: lines[next]}
		next++
		if next < len(lines)-1 && strings.HasPrefix(lines[next], " ") {
			tv.Wait = strings.TrimSpace(lines[next])
			next++
		}
		rounds := len(b.Schedule())
		if t.Done {
			tv.Done = tv.Line
		} else {
			tv.Round = fmt.Sprintf("round %d of %d · hand %d of %d", t.Round, rounds, t.Hands+1, b.Settings.Hands)
			tv.Dealer = b.Name(t.Dealer)
		}
		for p, pair := range t.Teams {
			hue := v.hues[(2*(t.Number-1)+p)%len(v.hues)]
			tv.Pairs = append(tv.Pairs, pairView{Names: present.PairName(b, pair), Hue: hue})
			for k, seat := range pair {
				c := &v.Cols[b.ColumnOf(seat)]
				c.Hue, c.Table, c.order = hue, t.Number, 4*(t.Number-1)+2*p+k
				if t.Done && !b.Over() {
					c.Hue = "done" // this table waits for the others
				}
			}
		}
		v.Tables = append(v.Tables, tv)
	}
	// Who sits out the rounds under way: a line under the tables, and a
	// note on their total, so that they are not forgotten.
	v.SitOut = append(v.SitOut, lines[next:len(lines)-1]...)
	var seated []int
	for _, t := range b.Tables() {
		if !t.Done {
			seated = append(seated, t.Seats...)
		}
	}
	for _, t := range b.Tables() {
		if seat := t.SittingOut; seat >= 0 && !t.Done && !slices.Contains(seated, seat) {
			c := &v.Cols[b.ColumnOf(seat)]
			c.Note, c.Table, c.Hue, c.order = fmt.Sprintf("sits out round %d", t.Round), 0, "done", len(v.Cols)*4
		}
	}
	// A player between rounds (their round finished, their next table
	// still in the round before) is seated at no table now: their total
	// names the table they go to next, and that they wait for it.
	if !b.Over() {
		for i := range v.Cols {
			c := &v.Cols[i]
			if c.Table != 0 || c.Note != "" {
				continue
			}
			if t := nextTable(b, b.Columns()[i].Seats[0]); t > 0 {
				c.Table, c.Note, c.Hue, c.order = t, "· waiting", "done", 4*len(b.Tables())+t
			}
		}
	}
	v.Totals = slices.Clone(v.Cols)
	if b.Over() {
		// The final standings, highest first; the tables have no more to say.
		v.Tables = nil
		slices.SortStableFunc(v.Totals, func(a, b colView) int { return b.Score - a.Score })
		for i := range v.Totals {
			v.Totals[i].Table = 0
		}
		return
	}
	slices.SortStableFunc(v.Totals, func(a, b colView) int { return a.order - b.order })
}

func cell(c scoring.Cell) cellView {
	return cellView{Text: present.CellText(c, "–"), Won: c.Kind == scoring.Won || c.Kind == scoring.Clean}
}

func jsonLine(g *store.Game) ([]byte, error) { return json.Marshal(present.NewBoard(&g.Game)) }

// pageView is a whole page: the board, or a note that there is no game.
type pageView struct {
	Board  *boardView
	Follow bool   // the page follows the current game
	Note   string // when there is no board to show
	Score  bool   // the scorer's page
	// The scorer's form to start a game: open when there is no game in
	// play.
	NewGame *newForm
	NewOpen bool
	Over    bool // the game shown is over: "play again" is offered
}

// page renders the viewer's or the scorer's page for the game the query
// names (?game=ID), else the current game.
func (s *Server) page(w http.ResponseWriter, r *http.Request, name string, score bool) {
	id := r.URL.Query().Get("game")
	if id != "" && !store.ValidID(id) {
		s.fail(w, r, http.StatusNotFound, fmt.Sprintf("%q is not a game id", id))
		return
	}
	v := pageView{Follow: id == "", Score: score}
	g, err := s.game(id)
	switch {
	case err == nil:
		bv := newBoardView(g)
		v.Board = &bv
	case err == store.ErrNoGame:
		// Under the page's heading, "No game yet".
		v.Note = "Start one on the scorer's phone (Start a new game, under the keypad) or on the scorer's computer: unoscore new --players Ann,Bob,Cat"
		if score {
			v.Note = "Start one above, or on the scorer's computer: unoscore new --players Ann,Bob,Cat"
		}
	default:
		s.failErr(w, r, err, true)
		return
	}
	if score {
		v.NewGame, v.NewOpen = newGameForm(), v.Board == nil || v.Board.Over
		v.Over = v.Board != nil && v.Board.Over
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if err := s.tmpl.ExecuteTemplate(w, name, v); err != nil {
		s.logf("rendering %s: %v", name, err)
	}
}

func (s *Server) viewPage(w http.ResponseWriter, r *http.Request) { s.page(w, r, "view.html", false) }

func (s *Server) scorePage(w http.ResponseWriter, r *http.Request) {
	s.page(w, r, "score.html", true)
}

// colorsOf lists the colours a card of the game's deck may be tapped in:
// its own (none for All Wild).
func colorsOf(b *scoring.Board) []colorJSON { return colorList(b.Deck.Colors) }

func colorList(cols []rules.Color) []colorJSON {
	cs := []colorJSON{}
	for _, c := range cols {
		cs = append(cs, colorJSON{Letter: c.Letter(), Name: c.String()})
	}
	return cs
}

// sidesOf is, for an UNO Flip game, each side's colours and faces (the
// keypad's light/dark switch); nil for every other deck.
func sidesOf(b *scoring.Board) []sideJSON {
	var out []sideJSON
	for _, sd := range b.Deck.Sides {
		sj := sideJSON{Side: sd.Side.String(), Colors: colorList(sd.Colors)}
		for _, f := range sd.Faces() {
			sj.Faces = append(sj.Faces, faceJSON{Token: f.Token(), Name: f.String(), Plural: f.Plural(), Points: sd.Points(rules.Card{Face: f}), Wild: f.IsWild(), Copies: sd.Copies(f)})
		}
		out = append(out, sj)
	}
	return out
}

// facesOf lists the faces of the game's deck with their points: the one
// table of card values the scorer's page adds up.
func facesOf(b *scoring.Board) []faceJSON {
	var fs []faceJSON
	for _, f := range rules.Faces {
		if n := b.Deck.Copies(f); n > 0 {
			fs = append(fs, faceJSON{Token: f.Token(), Name: f.String(), Plural: f.Plural(), Points: b.Deck.Points(rules.Card{Face: f}), Wild: f.IsWild(), Copies: n})
		}
	}
	return fs
}
