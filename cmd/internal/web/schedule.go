package web

import (
	"fmt"
	"net/http"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// scheduleView is a rotating game's whole evening on one page, to print
// on A4 for the wall or to show on a television: each round's tables and
// pairs, who sits out, and how far play has got.
type scheduleView struct {
	Title    string
	Subtitle string
	Note     string // when there is no schedule to show
	Refresh  bool   // the game goes on: the page follows it (live, or reloaded now and then without JavaScript)
	ID       string // the game shown, whose event stream the page follows; "" when none
	Follow   bool   // no ?game=: the page follows the current game to a new one
	Rounds   []schedRound
}

type schedRound struct {
	Number int
	State  string // "played", "playing", or "" (to come)
	Text   string // "played", "under way", "to come"
	Tables []schedTable
	SitOut string // "Eve sits out."
}

type schedTable struct {
	Number int
	Pairs  [2]string
	Hue    [2]string
	State  string // "played", "playing", "waiting", or ""
	Text   string // "✓ played", "hand 2 of 4", "waits for Bob and Cat", ""
}

func newScheduleView(g *store.Game) scheduleView {
	b := g.Board
	v := scheduleView{Title: g.Name(), Refresh: !b.Over(), ID: g.ID}
	if v.Title == "" {
		v.Title = "Game " + g.ID
	}
	v.Title = "Schedule · " + v.Title
	sched := b.Schedule()
	if sched == nil {
		v.Note = fmt.Sprintf("Game %s is played in %s mode, which has no schedule: only rotating games do.", g.ID, b.Settings.Mode)
		v.Refresh = false
		return v
	}
	v.Subtitle = fmt.Sprintf("%s · every player partners every other once · the highest total wins", present.Goal(b.Settings))
	if scoring.SitsOut(b.Players()) {
		v.Subtitle += " · each round one player sits out"
	}
	tables := b.Tables()
	for r, round := range sched {
		rv := schedRound{Number: r + 1}
		played, under := 0, 0
		for t, st := range round {
			tv := schedTable{Number: t + 1}
			for p := range st {
				tv.Pairs[p] = present.PairName(b, st[p][:])
				tv.Hue[p] = hues[(2*t+p)%len(hues)]
			}
			now := tables[t]
			switch {
			case now.Done || now.Round > r+1:
				tv.State, tv.Text = "played", "✓ played"
				played++
			case now.Round == r+1 && len(now.WaitingFor) > 0:
				tv.State, tv.Text = "waiting", "waits for "+words.Join(b.Names(now.WaitingFor))
				under++
			case now.Round == r+1:
				tv.State, tv.Text = "playing", fmt.Sprintf("hand %d of %d", now.Hands+1, b.Settings.Hands)
				under++
			}
			rv.Tables = append(rv.Tables, tv)
		}
		switch {
		case played == len(round):
			rv.State, rv.Text = "played", "played"
		case played+under > 0:
			rv.State, rv.Text = "playing", "under way"
		default:
			rv.Text = "to come"
		}
		if seat := b.SittingOut(r + 1); seat >= 0 {
			rv.SitOut = b.Name(seat) + " sits out."
		}
		v.Rounds = append(v.Rounds, rv)
	}
	return v
}

// schedulePage is GET /schedule: the schedule of the game the query names
// (?game=ID), else of the current game. With ?part=1 it is the page's body
// alone, which the page's script fetches on each change of the game.
func (s *Server) schedulePage(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("game")
	if id != "" && !store.ValidID(id) {
		s.fail(w, r, http.StatusNotFound, fmt.Sprintf("%q is not a game id", id))
		return
	}
	var v scheduleView
	g, err := s.game(id)
	switch {
	case err == nil:
		v = newScheduleView(g)
	case err == store.ErrNoGame:
		v = scheduleView{Title: "Schedule", Note: "No game yet. Start a rotating one on the scorer's computer: unoscore new --players Ann,Bob,Cat,Dan,Eve --mode rotating", Refresh: true}
	default:
		s.failErr(w, r, err, true)
		return
	}
	v.Follow = id == ""
	name := "schedule.html"
	if r.URL.Query().Get("part") == "1" {
		name = "schedule-body"
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if err := s.tmpl.ExecuteTemplate(w, name, v); err != nil {
		s.logf("rendering %s: %v", name, err)
	}
}
