package web

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/cmd/api"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

var funcs = template.FuncMap{}

// hues are UNO's four colours, given to the columns in turn.
var hues = []string{"red", "blue", "green", "yellow"}

// boardView is what the board fragment shows: built from scoring's board,
// as the command line's table is.
type boardView struct {
	ID       string
	Title    string
	Subtitle string // mode, target, deck
	Changes  int
	Cols     []colView
	Head     string   // the headline: the winner, the leader
	Detail   string   // once over: how the game was won
	Dealer   string   // deals the next hand; "" once over, and in a rotating game
	Tables   []string // a rotating game: each table's round, pairs and dealer
	Over     bool
	Hands    int
	Rows     []rowView // newest first
	Tally    bool      // lowest and challenge: low scores are good
}

type colView struct {
	Name   string
	Score  int
	Note   string // "388 to go", "out in hand 4"
	Lead   bool
	Out    bool // eliminated
	Deals  bool
	Hue    string
	Points string // "points" or "tally"
}

type rowView struct {
	Number int
	Dealer string
	Out    string
	Cells  []cellView
}

type cellView struct {
	Text string
	Won  bool
}

// newBoardView builds the page's board from scoring's board and the one
// table of each mode's words (cmd/api), as the command line's board is: no
// switch on the mode here.
func newBoardView(g *store.Game) boardView {
	b := g.Board
	s := b.Settings
	v := boardView{ID: g.ID, Title: g.Name, Changes: g.Changes(), Over: b.Over(), Hands: b.Hands(),
		Tally: s.Mode.LowWins()}
	if v.Title == "" {
		v.Title = "Game " + g.ID
	}
	v.Subtitle = fmt.Sprintf("%s · %s · %s deck", strings.ToUpper(string(s.Mode[:1]))+string(s.Mode[1:]), api.Goal(s), s.Deck)

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
	for i, c := range b.Columns() {
		seat := c.Seats[0]
		name := strings.Join(b.Names(c.Seats), " & ")
		cv := colView{Name: name, Score: b.ColumnScore(i), Hue: hues[i%len(hues)], Lead: slices.Contains(lead, i)}
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
	switch {
	case b.Over():
	case b.Schedule() != nil:
		for _, l := range api.TableLines(b) {
			v.Tables = append(v.Tables, strings.TrimSpace(l))
		}
	default:
		v.Dealer = b.Name(b.Dealer())
	}
	switch {
	case b.Over():
		verb := "wins"
		if len(b.Winners()) > 1 {
			verb = "win"
		}
		v.Head = fmt.Sprintf("%s %s!", scoring.JoinNames(leadNames), verb)
		phrase := strings.TrimLeft(api.WinPhrase(b), " ,:")
		v.Detail = fmt.Sprintf("%s%s, %s.", strings.ToUpper(phrase[:1]), phrase[1:], api.AfterHands(b.Hands()))
	case len(leadNames) > 1:
		v.Head = "Tied for the lead: " + scoring.JoinNames(leadNames)
	case len(leadNames) == 1 && plural:
		v.Head = leadNames[0] + " lead"
	case len(leadNames) == 1:
		v.Head = leadNames[0] + " leads"
	default:
		v.Head = "No hands yet"
	}
	for i := len(b.Rows) - 1; i >= 0; i-- {
		r := b.Rows[i]
		rv := rowView{Number: r.Number, Dealer: b.Name(r.Dealer), Out: b.Name(r.Out)}
		for _, c := range r.Cells {
			rv.Cells = append(rv.Cells, cell(c))
		}
		v.Rows = append(v.Rows, rv)
	}
	return v
}

// cellTexts are what a hand did to a column, as on the command line's
// board: "+94" for points won, "(57)" for points caught with that count for
// others, a tally's "+12", "0" for going out in a tally, "–" for no part in
// the hand, nothing for a hand at another table.
var cellTexts = [...]string{
	scoring.NotIn:   "–",
	scoring.Away:    "",
	scoring.Won:     "+{p}",
	scoring.Held:    "({p})",
	scoring.Tallied: "+{p}",
	scoring.Clean:   "0",
}

func cell(c scoring.Cell) cellView {
	t := strings.ReplaceAll(cellTexts[c.Kind], "{p}", strconv.Itoa(c.Points))
	if c.Eliminated {
		t += " out"
	}
	return cellView{Text: t, Won: c.Kind == scoring.Won || c.Kind == scoring.Clean}
}

func jsonLine(g *store.Game) ([]byte, error) { return json.Marshal(api.NewBoard(g)) }

// pageView is a whole page: the board, or a note that there is no game.
type pageView struct {
	Board  *boardView
	Follow bool   // the page follows the current game
	Note   string // when there is no board to show
	Score  bool   // the scorer's page
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
		v.Note = "No game yet. Start one on the scorer's computer: unoscore new --players Ann,Bob,Cat"
	default:
		s.failErr(w, r, err, true)
		return
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

// colorsOf lists the colours a card may be tapped in.
func colorsOf() []colorJSON {
	var cs []colorJSON
	for _, c := range rules.Colors {
		cs = append(cs, colorJSON{Letter: c.Letter(), Name: c.String()})
	}
	return cs
}

// facesOf lists the faces of the game's deck with their points: the one
// table of card values the scorer's page adds up.
func facesOf(b *scoring.Board) []faceJSON {
	var fs []faceJSON
	for _, f := range rules.Faces {
		if n := b.Deck.Copies(f); n > 0 {
			fs = append(fs, faceJSON{Token: f.Token(), Name: f.String(), Points: f.Points(), Wild: f.IsWild(), Copies: n})
		}
	}
	return fs
}
