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
	Head     string // the headline: the winner, the leader
	Detail   string // once over: how the game was won
	Dealer   string // deals the next hand; "" once over
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

// column is one scoring column: a player, or a team in partners mode.
type column struct {
	title string
	seats []int
}

func columns(b *scoring.Board) []column {
	if teams := b.Teams(); teams != nil {
		cols := make([]column, len(teams))
		for i, t := range teams {
			cols[i] = column{title: strings.Join(b.Names(t.Seats), " & "), seats: t.Seats}
		}
		return cols
	}
	cols := make([]column, b.Players())
	for seat := range cols {
		cols[seat] = column{title: b.Name(seat), seats: []int{seat}}
	}
	return cols
}

func newBoardView(g *store.Game) boardView {
	b := g.Board
	s := b.Settings
	v := boardView{ID: g.ID, Title: g.Name, Changes: g.Changes(), Over: b.Over(), Hands: b.Hands(),
		Tally: s.Mode == scoring.Lowest || s.Mode == scoring.Challenge}
	if v.Title == "" {
		v.Title = "Game " + g.ID
	}
	goal := fmt.Sprintf("first to %d", s.Target)
	switch s.Mode {
	case scoring.Lowest:
		goal = fmt.Sprintf("lowest tally wins when anyone reaches %d", s.Target)
	case scoring.Challenge:
		goal = fmt.Sprintf("out at %d; the last one left wins", s.Target)
	}
	v.Subtitle = fmt.Sprintf("%s · %s · %s deck", strings.ToUpper(string(s.Mode[:1]))+string(s.Mode[1:]), goal, s.Deck)

	lead := b.Leaders()
	cols := columns(b)
	var leadNames []string
	for i, c := range cols {
		seat := c.seats[0]
		cv := colView{Name: c.title, Score: b.Score(seat), Hue: hues[i%len(hues)],
			Lead: slices.ContainsFunc(c.seats, func(x int) bool { return slices.Contains(lead, x) })}
		if cv.Lead {
			leadNames = append(leadNames, c.title)
		}
		switch {
		case b.Eliminated(seat):
			cv.Out = true
			cv.Note = fmt.Sprintf("out in hand %d", b.EliminatedIn(seat))
		case b.Over():
		case v.Tally:
			cv.Note = fmt.Sprintf("%d to spare", b.ToGo(seat))
		default:
			cv.Note = fmt.Sprintf("%d to go", b.ToGo(seat))
		}
		if !b.Over() && slices.Contains(c.seats, b.Dealer()) {
			cv.Deals = true
		}
		v.Cols = append(v.Cols, cv)
	}
	if !b.Over() {
		v.Dealer = b.Name(b.Dealer())
	}
	switch {
	case b.Over():
		verb := "wins"
		if len(b.Winners()) > 1 {
			verb = "win"
		}
		v.Head = fmt.Sprintf("%s %s!", scoring.JoinNames(leadNames), verb)
		hands := "1 hand"
		if b.Hands() != 1 {
			hands = fmt.Sprintf("%d hands", b.Hands())
		}
		switch score := b.Score(b.Winners()[0]); s.Mode {
		case scoring.Lowest:
			v.Detail = fmt.Sprintf("With the lowest tally, %d, after %s.", score, hands)
		case scoring.Challenge:
			v.Detail = fmt.Sprintf("The last one left, after %s.", hands)
		default:
			v.Detail = fmt.Sprintf("With %d points, after %s.", score, hands)
		}
	case len(leadNames) > 1:
		v.Head = "Tied for the lead: " + scoring.JoinNames(leadNames)
	case len(leadNames) == 1 && b.Teams() != nil:
		v.Head = leadNames[0] + " lead"
	case len(leadNames) == 1:
		v.Head = leadNames[0] + " leads"
	default:
		v.Head = "No hands yet"
	}
	for i := len(b.Rows) - 1; i >= 0; i-- {
		r := b.Rows[i]
		rv := rowView{Number: r.Number, Dealer: b.Name(r.Dealer), Out: b.Name(r.Out)}
		for _, c := range cols {
			rv.Cells = append(rv.Cells, cell(b, r, c))
		}
		v.Rows = append(v.Rows, rv)
	}
	return v
}

// cell is one column's entry for one hand, as on the command line's board:
// "+94" for points won, "(57)" for points caught with but not counted, a
// tally's "+12", "0" for the player who went out, "–" where nothing was
// entered.
func cell(b *scoring.Board, r scoring.Row, c column) cellView {
	held, entered := 0, false
	for _, seat := range c.seats {
		if r.Held[seat] >= 0 {
			held += r.Held[seat]
			entered = true
		}
	}
	switch b.Settings.Mode {
	case scoring.Standard, scoring.Partners:
		if b.TeamOf(r.Out) == b.TeamOf(c.seats[0]) {
			return cellView{Text: "+" + strconv.Itoa(r.Won), Won: true}
		}
		return cellView{Text: "(" + strconv.Itoa(held) + ")"}
	}
	if c.seats[0] == r.Out {
		return cellView{Text: "0", Won: true}
	}
	if !entered {
		return cellView{Text: "–"}
	}
	t := "+" + strconv.Itoa(held)
	if slices.Contains(r.Eliminated, c.seats[0]) {
		t += " out"
	}
	return cellView{Text: t}
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
