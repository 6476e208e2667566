package web

import (
	"fmt"
	"strings"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// newRequest is the body of POST /api/games, which starts a game as
// "unoscore new" does: the players in seating order, and optionally the
// mode, target, deck, hands per round (rotating) and a name. A number left
// out takes the command line's default; a number given is checked.
type newRequest struct {
	Players string `json:"players"` // comma-separated, as --players
	Mode    string `json:"mode"`
	Target  *int   `json:"target"`
	Deck    string `json:"deck"`
	Hands   *int   `json:"hands"`
	Name    string `json:"name"`
}

// settings checks a request to start a game the way "unoscore new"
// checks its flags, with the same sentences (the flags' names included:
// the scorer's form labels its fields with them), and returns the game's
// settings, already checked by scoring.
func (req newRequest) settings() (scoring.Settings, error) {
	bad := func(msg string, args ...any) error { return &scoring.InputError{Msg: fmt.Sprintf(msg, args...)} }
	if req.Target != nil && *req.Target < 1 {
		return scoring.Settings{}, present.NotPositive("target", "points", *req.Target)
	}
	if req.Hands != nil && *req.Hands < 1 {
		return scoring.Settings{}, present.NotPositive("hands", "hands", *req.Hands)
	}
	if err := scoring.ValidateGameName(req.Name); err != nil {
		return scoring.Settings{}, bad("--name: %v", err)
	}
	s := scoring.Settings{Deck: strings.TrimSpace(req.Deck), Players: present.SplitNames(req.Players)}
	if req.Target != nil {
		s.Target = *req.Target
	}
	if req.Hands != nil {
		s.Hands = *req.Hands
	}
	if req.Mode != "" {
		m, err := scoring.ParseMode(req.Mode)
		if err != nil {
			return scoring.Settings{}, err
		}
		s.Mode = m
	}
	if strings.TrimSpace(req.Players) == "" {
		return scoring.Settings{}, present.ErrMissingPlayers
	}
	if _, err := scoring.New(s); err != nil {
		return scoring.Settings{}, err
	}
	return s, nil
}

// create is POST /api/games: it checks the request before the file is
// opened (bad input writes nothing, not even a new file), then starts the
// game, which becomes the current one; the pages that follow the current
// game move to it.
func (s *Server) create(_ *store.DB, _ string, body []byte) (result, error) {
	var req newRequest
	if err := decode(body, &req, `{"players": "Ann,Bob,Cat", "mode": "standard"}`); err != nil {
		return result{}, err
	}
	settings, err := req.settings()
	if err != nil {
		return result{}, err
	}
	db, err := store.Open(s.cfg.DBPath, store.Options{Timeout: s.cfg.Wait})
	if err != nil {
		return result{}, err
	}
	defer db.Close()
	g, err := db.Create(req.Name, settings)
	return result{game: g}, err
}

// choice is one option of the new-game form.
type choice struct {
	Value, Label string
	Default      bool
}

// newForm is what the scorer's form to start a game offers: the modes with
// their one-line descriptions (cmd/api's words) and the decks.
type newForm struct {
	Modes         []choice
	Decks         []choice
	DefaultTarget int
	DefaultHands  int
}

func newGameForm() *newForm {
	f := &newForm{DefaultTarget: scoring.DefaultTarget, DefaultHands: scoring.DefaultHandsPerRound}
	for i, m := range scoring.Modes {
		label := string(m)
		if t := present.Text(m); t.Short != "" {
			label += ": " + t.Short
		}
		f.Modes = append(f.Modes, choice{Value: string(m), Label: label, Default: i == 0})
	}
	for _, d := range rules.DeckIDs() {
		f.Decks = append(f.Decks, choice{Value: d, Label: d, Default: d == rules.DefaultDeck})
	}
	return f
}
