package web

import (
	"errors"
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
	Players     string   `json:"players"` // comma-separated, as --players
	Mode        string   `json:"mode"`
	Target      *int     `json:"target"`
	Deck        string   `json:"deck"`
	Hands       *int     `json:"hands"`
	Name        string   `json:"name"`
	Teams       []string `json:"teams"`  // partners: each team's players, comma-separated, as --team
	Dealer      string   `json:"dealer"` // who deals first
	Custom      *int     `json:"custom"` // shuffle deck: Wild Customizable cards in the deck
	CustomRules []string `json:"custom_rules"`
	House       []string `json:"house"` // house rules, by id, as --house
	// MercyBonus: No Mercy, who receives the knock-out bonus, as
	// --mercy-bonus ("winner" or "knocker").
	MercyBonus string `json:"mercy_bonus"`
	// Again: a rematch of the current game, as "new --again" (what else is
	// given overrides it).
	Again bool `json:"again"`
	// Check: only check the request, as it would start a game, and write
	// nothing: the phone asks "start a new game anyway?" only for a game
	// that would start.
	Check bool `json:"check"`
}

// settings checks a request to start a game the way "unoscore new"
// checks its flags, with the same sentences (the flags' names included:
// the scorer's form labels its fields with them), and returns the game's
// settings, already checked by scoring.
func (req newRequest) settings(prev *store.Game) (scoring.Settings, error) {
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
	if err := present.EmptyName(req.Players); err != nil {
		return scoring.Settings{}, bad("--players %q: %v", req.Players, err)
	}
	for _, t := range req.Teams {
		if err := present.EmptyName(t); err != nil {
			return scoring.Settings{}, bad("--team %q: %v", t, err)
		}
	}
	s := scoring.Settings{Deck: strings.TrimSpace(req.Deck), Players: present.SplitNames(req.Players), Dealer: strings.TrimSpace(req.Dealer),
		CustomRules: nonEmpty(req.CustomRules), House: nonEmpty(req.House), MercyBonus: strings.TrimSpace(req.MercyBonus)}
	if len(req.House) > len(rules.HouseRules) {
		return scoring.Settings{}, bad("%d house rules: there are %d (%s)", len(req.House), len(rules.HouseRules), strings.Join(rules.HouseRuleIDs(), ", "))
	}
	for _, h := range s.House {
		if _, err := rules.LookupHouseRule(h); err != nil {
			return scoring.Settings{}, bad("--house: %v", err)
		}
	}
	if req.Target != nil {
		s.Target = *req.Target
	}
	if req.Hands != nil {
		s.Hands = *req.Hands
	}
	if req.Custom != nil {
		if *req.Custom < 1 || *req.Custom > 3 {
			return scoring.Settings{}, bad("custom cards must be 1 to 3 (how many Wild Customizable cards the table put in the deck), not %d", *req.Custom)
		}
		s.Custom = *req.Custom
	}
	if (s.Custom != 0 || len(s.CustomRules) > 0) && s.Deck != "" && s.Deck != "shuffle" {
		return scoring.Settings{}, bad("custom cards are the Wild Customizable cards of the shuffle deck, not the %s deck", s.Deck)
	}
	if (s.Custom != 0 || len(s.CustomRules) > 0) && s.Deck == "" {
		s.Deck = "shuffle"
	}
	for _, t := range req.Teams {
		if names := present.SplitNames(t); len(names) > 0 {
			s.Teams = append(s.Teams, names)
		}
	}
	if req.Mode != "" {
		m, err := scoring.ParseMode(req.Mode)
		if err != nil {
			return scoring.Settings{}, err
		}
		s.Mode = m
	}
	if req.Again {
		if prev == nil {
			return scoring.Settings{}, bad("there is no game to play again: start one with its players")
		}
		s = present.Rematch(prev.StartSettings(), s, req.Mode != "")
	}
	if len(s.Players) == 0 {
		return scoring.Settings{}, present.ErrMissingPlayers
	}
	commas := func(names []string) string { return strings.Join(names, ", ") }
	if err := present.CheckTeams(s); err != nil {
		return scoring.Settings{}, present.SpacedNames(err, s.Players, commas)
	}
	checked, err := scoring.New(s)
	if err != nil {
		return scoring.Settings{}, present.SpacedNames(err, s.Players, commas)
	}
	if err := present.CheckTeams(checked.Settings); err != nil {
		return scoring.Settings{}, err
	}
	return s, nil
}

func nonEmpty(list []string) []string {
	var out []string
	for _, s := range list {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// flagWords are the command line's flags as the form names its fields.
var flagWords = strings.NewReplacer(
	"missing --players: name the players in seating order, as in --players Ann,Bob,Cat", "name the players, in seating order, as in: Ann, Bob, Cat",
	"add --mode partners or leave the teams out", "pick the partners mode, or leave the teams out",
	"--players", "the players", "--team", "the teams", "--target", "the target", "--dealer", "the dealer",
	"--hands", "hands a round", "--mode", "the mode", "--deck", "the deck", "--custom-rule", "the custom cards' rules",
	"--custom", "custom cards", "--name", "the name", "--house", "the house rules",
)

// InWords is a refusal of the command line's "new" as the phone's form
// says it: its fields named in words ("the target must be a positive
// number of points, not 0"), not as flags.
func InWords(msg string) string {
	msg = flagWords.Replace(msg)
	if msg == "" {
		return msg
	}
	return strings.ToUpper(msg[:1]) + msg[1:]
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
	var prev *store.Game
	if req.Again {
		g, err := s.game("")
		if err != nil && !errors.Is(err, store.ErrNoGame) {
			return result{}, err
		}
		prev = g
	}
	settings, err := req.settings(prev)
	if present.BadInput(err) {
		return result{}, &scoring.InputError{Msg: InWords(err.Error())}
	}
	if err != nil {
		return result{}, err
	}
	if req.Check {
		return result{checked: true}, nil
	}
	db, err := store.Open(s.cfg.DBPath, store.Options{Timeout: s.cfg.Wait})
	if err != nil {
		return result{}, err
	}
	defer db.Close()
	// Play again keeps the game's name, as "new --again" does, unless the
	// form gives another.
	name := req.Name
	if req.Again && name == "" && prev != nil {
		name = prev.Name()
	}
	g, err := db.Create(name, settings)
	return result{game: g}, err
}

// choice is one option of the new-game form.
type choice struct {
	Value, Label string
	Note         string // a mode's description, shown beside the list: its label is short
	Default      bool
	// Bonus: a deck's knock-out bonus (No Mercy), for which the form asks
	// who receives it; Own: a house rule's, the decks (by id, spaced)
	// whose own rules already do it, with which it is not offered.
	Bonus int
	Own   string
	// Target: a deck's, the target a game with it plays to when the form
	// leaves it empty (No Mercy's 1000), for the field's hint.
	Target int
}

// newForm is what the scorer's form to start a game offers: the modes (a
// phone's list shows their names, each one's description (cmd/internal/
// present's words) below the list) and the decks.
type newForm struct {
	Modes         []choice
	Decks         []choice
	House         []choice // the house rules, Note saying what each changes
	MercyBonus    []choice // who receives a knock-out bonus (No Mercy), the default first
	DefaultTarget int
	DefaultHands  int
}

func newGameForm() *newForm {
	f := &newForm{DefaultHands: scoring.DefaultHandsPerRound}
	for i, m := range scoring.Modes {
		f.Modes = append(f.Modes, choice{Value: string(m), Label: string(m), Note: present.Text(m).Short, Default: i == 0})
	}
	for _, d := range rules.Decks() {
		label := d.ID // an edition's list entry says its name: "flip (UNO Flip)"
		if d.Decl != nil && d.Decl.Title != "" {
			// A long title leaves out "UNO", for a phone's list to show
			// it whole: "no-mercy (Show 'Em No Mercy)".
			title := d.Decl.Title
			if len(title) > 16 {
				title = strings.TrimPrefix(title, "UNO ")
			}
			label += " (" + title + ")"
		}
		if d.ID == rules.DefaultDeck {
			f.DefaultTarget = scoring.DeckTarget(d)
		}
		f.Decks = append(f.Decks, choice{Value: d.ID, Label: label, Default: d.ID == rules.DefaultDeck, Bonus: d.Decl.Rules.KnockOutBonus,
			Target: scoring.DeckTarget(d)})
	}
	for _, h := range rules.HouseRules {
		var own []string
		for _, d := range rules.Decks() {
			if d.PlaysHouse(h.ID) {
				own = append(own, d.ID)
			}
		}
		f.House = append(f.House, choice{Value: h.ID, Label: h.Name, Note: h.Says, Own: strings.Join(own, " ")})
	}
	f.MercyBonus = []choice{
		// Short, for a phone's select to show whole: the label above says
		// "for each player knocked out".
		{Value: scoring.MercyWinner, Label: "the hand's winner", Default: true},
		{Value: scoring.MercyKnocker, Label: "whoever knocked them out"},
	}
	return f
}
