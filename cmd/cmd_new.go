package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/unoscore/unoscore/cmd/internal/flow"
	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type newOptions struct {
	app     *App
	Players string
	Mode    string
	Target  int
	Hands   int
	Deck    string
	Teams   []string
	Dealer  string
	Name    string
	JSON    bool
	// Custom and CustomRules: the Wild Customizable cards of the shuffle deck.
	Custom      int
	CustomRules []string
	customGiven bool
	House       []string // house rules, by id or alias
	MercyBonus  string   // No Mercy: who receives the knock-out bonus
	Again       bool     // a rematch of Game (default the current game)
	Game        string   // with --again
	given       map[string]bool
}

// newNewCmd builds "new"; runF, when not nil, runs instead of runNew, so a
// test can check what the flags filled in.
func newNewCmd(app *App, runF func(*newOptions) error) *cobra.Command {
	o := &newOptions{app: app}
	c := &cobra.Command{
		Use:   "new --players A,B,C [--mode M] [--target N] [--hands N] [--deck D] [--team A,C]... [--dealer NAME] [--name TEXT]",
		Short: "Start a game (it becomes the current one)",
		Long: strings.TrimSuffix(wrap("Start a game with 2 to 10 players ("+deckPlayersHelp()+"rotating: 4, 5, 8, 9, 12, 13 or 16), "+
			"named in seating order (clockwise).", 79, "", ""), "\n") + `

Modes:
` + modeHelp() + `

In partners mode each --team names one team; players left out of the named
teams form one more team, and with no --team an even table pairs across
(seat 1 with seat 1+n/2).

In rotating mode the players sit at tables of four, in the order named
(players 1 to 4 at table 1, partners across), and take a new partner each
round until everyone has partnered everyone: 3 rounds for four players, 7
for eight. Each round lasts --hands hands at every table (default 4).
"unoscore board --schedule" prints who sits where in every round.`,
		Example: `  unoscore new --players Ann,Bob,Cat
  unoscore new --players Ann,Bob,Cat,Dan --mode partners --target 300
  unoscore new --players Ann,Bob,Cat --mode challenge --deck shuffle --dealer Cat
  unoscore new --players Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal --mode rotating`,
		Args: exactArgs(0, "no arguments (name the players with --players)"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := o.setFlags(c); err != nil {
				return err
			}
			if err := o.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(o)
			}
			return runNew(o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.Players, "players", "", "the players in seating order, comma-separated")
	names := modeNames()
	f.StringVar(&o.Mode, "mode", "", strings.Join(names[:len(names)-1], ", ")+" or "+names[len(names)-1]+" (default "+names[0]+")")
	f.IntVar(&o.Target, "target", scoring.DefaultTarget, "the score that ends the game"+deckTargetHelp())
	f.IntVar(&o.Hands, "hands", scoring.DefaultHandsPerRound, "rotating: the hands in each round at each table")
	f.StringVar(&o.Deck, "deck", rules.DefaultDeck, "the deck: "+strings.Join(rules.DeckIDs(), ", "))
	f.StringArrayVar(&o.Teams, "team", nil, "partners: one team's players, comma-separated (repeat for each team)")
	f.StringVar(&o.Dealer, "dealer", "", "who deals the first hand (default the first player)")
	f.StringVar(&o.Name, "name", "", "a name for the game, such as \"Friday night\"")
	jsonFlag(c, &o.JSON, jsonBoardUsage)
	f.IntVar(&o.Custom, "custom", 0, "shuffle deck: how many Wild Customizable cards the table put in (1 to 3, default 3)")
	f.StringArrayVar(&o.CustomRules, "custom-rule", nil, "shuffle deck: the rule written on one Wild Customizable card (repeat for each, at most --custom)")
	f.StringSliceVar(&o.House, "house", nil, "a house rule the table agreed on (repeat, or comma-separate): "+strings.Join(rules.HouseRuleIDs(), ", "))
	f.StringVar(&o.MercyBonus, "mercy-bonus", "", "no-mercy deck: who receives the 250 for each player knocked out: "+scoring.MercyWinner+" (the hand's winner, the default) or "+scoring.MercyKnocker+" (who knocked the player out)")
	f.BoolVar(&o.Again, "again", false, "a rematch of the current game (or --game): same name, players, mode, target, deck and teams; the deal starts one seat on")
	gameFlag(c, app, &o.Game, "with --again: the game to play again (default the current game)")
	_ = c.RegisterFlagCompletionFunc("mode", fixedCompletion(modeNames()...))
	_ = c.RegisterFlagCompletionFunc("custom", fixedCompletion("1", "2", "3"))
	_ = c.RegisterFlagCompletionFunc("deck", fixedCompletion(rules.DeckIDs()...))
	_ = c.RegisterFlagCompletionFunc("house", fixedCompletion(rules.HouseRuleIDs()...))
	_ = c.RegisterFlagCompletionFunc("mercy-bonus", fixedCompletion(scoring.MercyBonuses...))
	return c
}

// set records which flags were given, for prompting only for the rest.
func (o *newOptions) setFlags(c *cobra.Command) error {
	// A number given is never taken for "not given": 0 is refused (--target
	// in check, with its upper bound).
	if c.Flags().Changed("hands") && o.Hands < 1 {
		return present.NotPositive("hands", "hands", o.Hands)
	}
	o.given = map[string]bool{}
	c.Flags().Visit(func(f *pflag.Flag) { o.given[f.Name] = true })
	if !c.Flags().Changed("target") {
		o.Target = 0
	}
	if !c.Flags().Changed("deck") {
		o.Deck = ""
	}
	o.customGiven = c.Flags().Changed("custom")
	if !c.Flags().Changed("hands") {
		o.Hands = 0
	}
	return nil
}

// check refuses a flag given with a value the prompt would refuse: a value
// given is never replaced by a default.
func (o *newOptions) check() error {
	if o.given["target"] && o.Target < 1 {
		return present.NotPositive("target", "points", o.Target)
	}
	if o.given["target"] && o.Target > scoring.MaxTarget {
		return usagef("--target must be 1 to %d points, not %d", scoring.MaxTarget, o.Target)
	}
	for _, f := range []struct {
		name, value, example string
	}{
		{"players", o.Players, "--players Ann,Bob,Cat"},
		{"mode", o.Mode, "--mode standard"},
		{"deck", o.Deck, "--deck classic"},
		{"dealer", o.Dealer, "--dealer Ann"},
		{"game", o.Game, "--game ID"},
		{"mercy-bonus", o.MercyBonus, "--mercy-bonus " + scoring.MercyKnocker},
	} {
		if o.given[f.name] && strings.TrimSpace(f.value) == "" {
			return usagef("--%s is empty: give a value, as in %s, or leave the flag out", f.name, f.example)
		}
	}
	if err := present.EmptyName(o.Players); err != nil {
		return usagef("--players %q: %v", o.Players, err)
	}
	for _, t := range o.Teams {
		if len(present.SplitNames(t)) == 0 {
			return usagef("--team is empty: name a team's players, as in --team Ann,Cat")
		}
		if err := present.EmptyName(t); err != nil {
			return usagef("--team %q: %v", t, err)
		}
	}
	if o.given["game"] && !o.Again {
		return usagef("--game goes with --again: unoscore new --again --game ID")
	}
	if o.given["house"] && len(o.House) == 0 {
		// --house '' made a game with no house rule, silently.
		return usagef("--house is empty: name a house rule, as in --house stacking, or leave the flag out")
	}
	for _, h := range o.House {
		if strings.TrimSpace(h) == "" {
			// "stacking," was "unknown house rule """.
			return usagef("--house %q names an empty house rule: separate house rules with single commas, as in --house stacking,jump-in", strings.Join(o.House, ","))
		}
		r, err := rules.LookupHouseRule(strings.TrimSpace(h))
		if err != nil {
			return usagef("--house: %v", err)
		}
		// No Mercy stacks by its own rules: a house rule saying so would
		// read as the table's choice (the phone does not offer it).
		if d, err := rules.LookupDeck(o.Deck); o.Deck != "" && err == nil && d.PlaysHouse(r.ID) {
			return usagef("--house %s: the %s plays it by its own rules already; leave it out", r.ID, d.Name)
		}
	}
	return nil
}

// playersFlag is --players naming these players, as a refusal suggests it.
func playersFlag(names []string) string { return "--players " + strings.Join(names, ",") }

func modeNames() []string {
	names := make([]string, len(scoring.Modes))
	for i, m := range scoring.Modes {
		names[i] = string(m)
	}
	return names
}

func runNew(o *newOptions) error {
	app := o.app
	if err := scoring.ValidateGameName(o.Name); err != nil {
		return usagef("--name: %v", err)
	}
	s := scoring.Settings{
		Mode: scoring.Mode(o.Mode), Target: o.Target, Deck: o.Deck, Hands: o.Hands,
		Players: present.SplitNames(o.Players), Dealer: o.Dealer,
		Custom: o.Custom, CustomRules: o.CustomRules, House: o.House, MercyBonus: o.MercyBonus,
	}
	if (o.Custom != 0 || len(o.CustomRules) > 0) && o.Deck != "" && o.Deck != "shuffle" {
		return usagef("--custom and --custom-rule are for the Wild Customizable cards of --deck shuffle, not the %s deck", o.Deck)
	}
	if o.customGiven && (o.Custom < 1 || o.Custom > 3) {
		return usagef("--custom must be 1 to 3 (how many Wild Customizable cards the table put in the deck), not %d", o.Custom)
	}
	deckFromCustom := false // the deck taken to be shuffle, to be said
	if (s.Custom != 0 || len(s.CustomRules) > 0) && s.Deck == "" {
		s.Deck = "shuffle" // only that deck has the cards
		deckFromCustom = true
	}
	if o.Mode != "" {
		m, err := scoring.ParseMode(o.Mode)
		if err != nil {
			return err
		}
		s.Mode = m
	}
	for _, t := range o.Teams {
		s.Teams = append(s.Teams, present.SplitNames(t))
	}
	if o.Again {
		var err error
		if s, err = rematch(app, o, s); err != nil {
			return err
		}
	}
	// --json is for scripts: it never prompts.
	interactive := app.canPrompt() && !o.JSON
	if interactive {
		var err error
		if s, err = flow.Settings(app.flowEnv(), s); err != nil {
			switch {
			case errors.Is(err, prompter.ErrInterrupted):
				return errInterruptedNew
			case errors.Is(err, prompter.ErrStopped):
				return errStoppedNew
			}
			return present.SpacedNames(err, s.Players, playersFlag)
		}
	} else if len(s.Players) == 0 {
		return present.ErrMissingPlayers
	}
	if o.Target < 0 {
		return present.NotPositive("target", "points", o.Target)
	}
	if err := present.CheckTeams(s); err != nil {
		return present.SpacedNames(err, s.Players, playersFlag)
	}
	checked, err := scoring.New(s)
	if err != nil {
		return present.SpacedNames(err, s.Players, playersFlag)
	}
	if err := present.CheckTeams(checked.Settings); err != nil {
		return err
	}
	if deckFromCustom {
		flag := "--custom"
		if !o.customGiven {
			flag = "--custom-rule"
		}
		fmt.Fprintf(app.IO.Err, "The deck is shuffle: %s is for its Wild Customizable cards, which only that deck has.\n", flag)
	}
	// At the prompts, the flow asked about the seating already.
	if w := acrossWarning(checked.Settings); w != "" && !interactive {
		fmt.Fprintln(app.IO.Err, w+".")
	}

	var g, left *store.Game // left: the current game, left unfinished
	create := func() error {
		return app.withDB(createDB, func(db *store.DB) error {
			if id, err := db.Current(); err == nil && id != "" {
				if cur, err := db.Game(id); err == nil && !cur.Board.Over() {
					left = cur
				}
			}
			var err error
			g, err = db.Create(o.Name, s)
			return err
		})
	}
	if interactive {
		// What was answered at the prompts is not lost to a file held
		// by another process: saved again, or dropped, as asked.
		saved, err := flow.SaveRetrying(app.flowEnv(), "game", create)
		if err == nil && !saved {
			fmt.Fprintln(app.IO.Out, "No game was started; nothing was written.")
			return nil
		}
		if err != nil {
			return err
		}
	} else if err := create(); err != nil {
		return err
	}
	// Saved: from here a failure to print exits 0 and says so, as a hand
	// does, so that a script that retries never starts the game twice.
	app.saved = fmt.Sprintf("New game %s was saved", g.ID)
	if o.JSON {
		return writeJSON(app.IO.Out, present.NewBoard(&g.Game))
	}
	app.unprinted = "its settings"
	b := g.Board
	st := app.style()
	// The house rules agreed, as the board's deck line names them.
	house := ""
	switch h := b.Settings.House; len(h) {
	case 0:
	case 1:
		house = ", house rule: " + h[0]
	default:
		house = ", house rules: " + strings.Join(h, ", ")
	}
	fmt.Fprintf(app.IO.Out, "New game %s: %s, %s, %s deck%s%s.\n", st.Bold(g.ID), b.Settings.Mode, present.Goal(b.Settings), b.Settings.Deck, present.MercyPhrase(b.Settings), house)
	fmt.Fprintf(app.IO.Out, "Players, in seating order: %s.\n", strings.Join(b.Settings.Players, ", "))
	for i, t := range b.Teams() {
		fmt.Fprintf(app.IO.Out, "Team %d: %s.\n", i+1, words.Join(b.Names(t.Seats)))
	}
	for _, l := range ui.CustomLines(b.Settings) {
		fmt.Fprintln(app.IO.Out, l)
	}
	tables := b.Tables()
	if b.Schedule() == nil {
		fmt.Fprintf(app.IO.Out, "%s deals first.\n", b.Name(b.Dealer()))
	} else {
		for _, t := range tables {
			fmt.Fprintln(app.IO.Out, present.TableLine(b, t))
		}
		if l := present.SitOutLine(b, 1); l != "" {
			fmt.Fprintln(app.IO.Out, l)
		}
		fmt.Fprintln(app.IO.Out, "Every round: unoscore board --schedule")
	}
	if left != nil {
		lb := left.Board
		fmt.Fprintf(app.IO.Out, "Game %s (%s) stays unfinished; to go back to it: unoscore use %s\n",
			left.ID, words.Join(lb.Settings.Players), left.ID)
	}
	if interactive {
		env := app.flowEnv()
		env.TablesShown = true // the lines above name each table's round and dealer
		saved := 0
		env.Saved = func(n int) {
			if saved++; saved == 1 {
				app.saved = fmt.Sprintf("New game %s and hand %d were saved", g.ID, n)
			} else {
				app.saved = fmt.Sprintf("New game %s and %d hands were saved (the last is hand %d)", g.ID, saved, n)
			}
			app.unprinted = ""
		}
		return flow.HandLoop(env, g.ID, 0)
	}
	if len(tables) > 1 {
		fmt.Fprintf(app.IO.Out, "After each hand: unoscore hand --table T --out NAME --left NAME=CARDS ...\n")
	} else {
		fmt.Fprintf(app.IO.Out, "After each hand: unoscore hand --out NAME --left NAME=CARDS ...\n")
	}
	return nil
}

// rematch fills what the flags left out from the game played before: the
// same players, mode, target, deck and teams (and name, unless --name gives one), and the deal one seat on from
// where that game started.
func rematch(app *App, o *newOptions, s scoring.Settings) (scoring.Settings, error) {
	prev, err := loadGame(app, o.Game)
	if err != nil {
		return s, err
	}
	// The rematch keeps the game's name unless --name gives another.
	if !o.given["name"] {
		o.Name = prev.Name()
	}
	return present.Rematch(prev.StartSettings(), s, o.given["mode"]), nil
}

// acrossWarning is a warning for partners who would not sit across from
// each other, as the rulebook seats them (present.NotAcross). It suggests
// a seating order when every team is a pair. "" when all is well.
func acrossWarning(s scoring.Settings) string {
	bad, order := present.NotAcross(s)
	if len(bad) == 0 {
		return ""
	}
	msg := fmt.Sprintf("warning: partners %s do not sit across from each other, as the rulebook seats partners (--players gives the seating order, clockwise)", words.Join(bad))
	if order != nil {
		msg += "; to seat them across: --players " + strings.Join(order, ",")
	}
	return msg
}

// modeHelp lists the modes for "new --help", one line each, in the words
// of cmd/internal/present/modes.go (the table the web page reads too).
func modeHelp() string {
	var lines []string
	for _, m := range scoring.Modes {
		lines = append(lines, fmt.Sprintf("  %-10s %s", m, present.Text(m).Describe))
	}
	return strings.Join(lines, "\n")
}

// deckPlayersHelp names the decks for another number of players than
// UNO's 2 to 10, from their declarations: "--deck party: 6 to 16; ".
func deckPlayersHelp() string {
	var b strings.Builder
	for _, id := range rules.DeckIDs() {
		d, err := rules.LookupDeck(id)
		if err != nil || d.Decl == nil || d.Decl.MinPlayers == 0 && d.Decl.MaxPlayers == 0 {
			continue
		}
		lo, hi := d.Decl.MinPlayers, d.Decl.MaxPlayers
		if lo == 0 {
			lo = scoring.MinPlayers
		}
		if hi == 0 {
			hi = scoring.MaxPlayers
		}
		if lo != scoring.MinPlayers || hi != scoring.MaxPlayers {
			fmt.Fprintf(&b, "--deck %s: %d to %d; ", id, lo, hi)
		}
	}
	return b.String()
}

// deckTargetHelp names the decks played to another target by default,
// from their declarations: "; a game with the ... deck plays to 1000
// unless --target says otherwise".
func deckTargetHelp() string {
	var games []string
	for _, id := range rules.DeckIDs() {
		d, err := rules.LookupDeck(id)
		if err != nil || d.Decl == nil || d.Decl.Target == 0 {
			continue
		}
		games = append(games, fmt.Sprintf("--deck %s plays to %d", id, d.Decl.Target))
	}
	if len(games) == 0 {
		return ""
	}
	return "; " + strings.Join(games, ", ") + " unless it is given"
}
