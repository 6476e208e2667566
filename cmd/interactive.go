package cmd

import (
	"errors"
	"fmt"
	"github.com/unoscore/unoscore/rules/words"
	"slices"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// promptSettings asks for whatever the flags of "new" did not give: the
// players, the mode, the target, the deck, the teams and the first dealer.
func promptSettings(app *App, s scoring.Settings) (scoring.Settings, error) {
	p := app.Prompt
	out := app.IO.Out
	if len(s.Players) == 0 {
		players, err := promptPlayers(app)
		if err != nil {
			return s, err
		}
		s.Players = players
	}
	if s.Mode == "" {
		// Only the modes the table can play: rotating needs tables of four.
		var modes []scoring.Mode
		for _, m := range scoring.Modes {
			if m.Fits(len(s.Players)) == nil {
				modes = append(modes, m)
			}
		}
		if len(modes) == 0 {
			return s, scoring.Modes[0].Fits(len(s.Players))
		}
		if len(modes) == 1 {
			s.Mode = modes[0]
			fmt.Fprintf(out, "With %d players the mode is %s: %s.\n", len(s.Players), s.Mode, textOf(s.Mode).Short)
		} else {
			i, err := p.Select("How do you score?", modeChoices(modes), 0)
			if err != nil {
				return s, err
			}
			s.Mode = modes[i]
		}
	}
	if s.Mode.Scheduled() && s.Hands == 0 {
		h, err := p.Input("Hands in each round at each table", strconv.Itoa(scoring.DefaultHandsPerRound), func(v string) error {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 1 || n > scoring.MaxHandsPerRound {
				return fmt.Errorf("a number from 1 to %d", scoring.MaxHandsPerRound)
			}
			return nil
		})
		if err != nil {
			return s, err
		}
		s.Hands, _ = strconv.Atoi(h)
	}
	if s.Target == 0 && s.Mode.HasTarget() {
		t, err := p.Input("Play to how many points", strconv.Itoa(scoring.DefaultTarget), func(v string) error {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 1 || n > scoring.MaxTarget {
				return fmt.Errorf("a number from 1 to %d", scoring.MaxTarget)
			}
			return nil
		})
		if err != nil {
			return s, err
		}
		s.Target, _ = strconv.Atoi(t)
	}
	if s.Deck == "" {
		decks := rules.Decks()
		items := make([]string, len(decks))
		for i, d := range decks {
			items[i] = fmt.Sprintf("%-8s %s", d.ID, d.Description)
		}
		i, err := p.Select("Which deck?", items, 0)
		if err != nil {
			return s, err
		}
		s.Deck = decks[i].ID
	}
	if s.Custom == 0 && len(s.CustomRules) == 0 {
		var err error
		if s.Custom, s.CustomRules, err = promptCustom(app, s.Deck); err != nil {
			return s, err
		}
	}
	if s.Mode.NamedTeams() && len(s.Teams) == 0 {
		teams, err := promptTeams(app, s)
		if err != nil {
			return s, err
		}
		s.Teams = teams
	}
	if s.Dealer == "" && !s.Mode.Scheduled() { // a schedule says who deals
		items := append([]string{"Draw for it: highest number deals"}, s.Players...)
		i, err := p.Select("Who deals first?", items, 0)
		if err != nil {
			return s, err
		}
		if i == 0 {
			d, err := drawForDealer(app, s.Players)
			if err != nil {
				return s, err
			}
			s.Dealer = d
		} else {
			s.Dealer = s.Players[i-1]
		}
	}
	fmt.Fprintln(out)
	return s, nil
}

// promptPlayers asks for the players: a comma list on one line, or one name
// per line ending with an empty line.
func promptPlayers(app *App) ([]string, error) {
	// check checks the names; a whole list must also be a count some mode
	// takes (more than 10 is rotating's 12 or 16).
	check := func(names []string, whole bool) error {
		if len(names) > scoring.MostPlayers {
			return fmt.Errorf("at most %d players", scoring.MostPlayers)
		}
		if whole && len(names) > scoring.MaxPlayers {
			if err := fitsSomeMode(len(names)); err != nil {
				return err
			}
		}
		for _, n := range names {
			if err := scoring.ValidateName(n); err != nil {
				return err
			}
		}
		for i := range names {
			for j := range i {
				if scoring.SameName(names[i], names[j]) {
					return fmt.Errorf("%s is named twice", names[i])
				}
			}
		}
		return nil
	}
	first, err := app.Prompt.Input("Players in seating order (Ann, Bob, Cat), or the first name", "", func(v string) error {
		names := splitNames(v)
		if len(names) == 0 {
			return errors.New("name at least the first player")
		}
		return check(names, true)
	})
	if err != nil {
		return nil, err
	}
	names := splitNames(first)
	if len(names) > 1 {
		return names, nil
	}
	for len(names) < scoring.MostPlayers {
		label := fmt.Sprintf("Player %d (empty line when done)", len(names)+1)
		next, err := app.Prompt.Input(label, "", func(v string) error {
			v = strings.TrimSpace(v)
			if v == "" {
				if len(names) < scoring.MinPlayers {
					return fmt.Errorf("UNO needs at least %d players", scoring.MinPlayers)
				}
				return fitsSomeMode(len(names))
			}
			return check(append(append([]string{}, names...), v), false)
		})
		if err != nil {
			return nil, err
		}
		if next == "" {
			break
		}
		names = append(names, next)
	}
	return names, nil
}

// fitsSomeMode is nil when some mode takes n players, else says which
// counts the modes take.
func fitsSomeMode(n int) error {
	var msgs []string
	for _, m := range scoring.Modes {
		err := m.Fits(n)
		if err == nil {
			return nil
		}
		if !slices.Contains(msgs, err.Error()) {
			msgs = append(msgs, err.Error())
		}
	}
	return errors.New(strings.Join(msgs, "; "))
}

// promptTeams offers pairing across the table, else asks for each team.
func promptTeams(app *App, s scoring.Settings) ([][]string, error) {
	n := len(s.Players)
	if n%2 == 0 && n >= 4 {
		var pairs []string
		for i := range n / 2 {
			pairs = append(pairs, s.Players[i]+" & "+s.Players[i+n/2])
		}
		ok, err := app.Prompt.Confirm("Partners across the table: "+strings.Join(pairs, ", ")+"?", true)
		if err != nil || ok {
			return nil, err
		}
	}
	var teams [][]string
	taken := map[string]bool{}
	for {
		left := 0
		for _, p := range s.Players {
			if !taken[strings.ToLower(p)] {
				left++
			}
		}
		if left == 0 {
			break
		}
		label := fmt.Sprintf("Team %d (names, comma-separated; empty: everyone left)", len(teams)+1)
		v, err := app.Prompt.Input(label, "", func(v string) error {
			for _, name := range splitNames(v) {
				seat, err := s.Seat(name)
				if err != nil {
					return err
				}
				if taken[strings.ToLower(s.Players[seat])] {
					return fmt.Errorf("%s already has a team", s.Players[seat])
				}
			}
			if strings.TrimSpace(v) == "" && len(teams) == 0 {
				return errors.New("name the first team's players")
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		names := splitNames(v)
		if len(names) == 0 {
			break
		}
		for _, name := range names {
			seat, _ := s.Seat(name)
			taken[strings.ToLower(s.Players[seat])] = true
		}
		teams = append(teams, names)
	}
	return teams, nil
}

// drawForDealer has each player draw a card: the highest number deals,
// action and wild cards count as zero, and a tie draws again among the tied.
func drawForDealer(app *App, players []string) (string, error) {
	out := app.IO.Out
	fmt.Fprintln(out, "Each player draws a card; the highest number deals (action and wild cards count as zero).")
	in := players
	for {
		best, bestVal := []string{}, -1
		for _, p := range in {
			v, err := app.Prompt.Input(p+" drew", "", func(v string) error {
				_, err := rules.ParseCard(strings.TrimSpace(v))
				return err
			})
			if err != nil {
				return "", err
			}
			c, _ := rules.ParseCard(v)
			val := 0
			if c.Face.IsNumber() {
				val = int(c.Face)
			}
			switch {
			case val > bestVal:
				best, bestVal = []string{p}, val
			case val == bestVal:
				best = append(best, p)
			}
		}
		if len(best) == 1 {
			fmt.Fprintf(out, "%s deals.\n", best[0])
			return best[0], nil
		}
		fmt.Fprintf(out, "%s tie with %d: they draw again.\n", words.Join(best), bestVal)
		in = best
	}
}

const notationHelp = `Cards: an optional colour (r g b y, or red green blue yellow; the themed
  deck: pu g pk y, or purple green pink yellow), then a face:
  0-9, d2 or +2 (Draw Two), s (Skip), rev (Reverse), w (Wild),
  wd4 or +4 (Wild Draw Four), ws (Wild Shuffle Hands), wc (Wild Customizable).
  3x7 is three 7s; 37pts is points already counted. Spaces or commas between.
  Examples: r7 wd4 gs b+2 yrev 3x7 37pts`

// deckNotationHelp explains the card notation with the deck's own colours.
func deckNotationHelp(d *rules.Deck) string {
	c := d.Colors[0].Letter()
	return "Cards: an optional colour (" + d.ColorList() + `), then a face:
  0-9, d2 or +2 (Draw Two), s (Skip), rev (Reverse), w (Wild),
  wd4 or +4 (Wild Draw Four), ws (Wild Shuffle Hands), wc (Wild Customizable).
  3x7 is three 7s; 37pts is points already counted. Spaces or commas between.
  Examples: ` + c + "7 wd4 " + c + "s " + c + "+2 yrev 3x7 37pts"
}

// handLoop enters hands at the terminal until the game is over or the
// person quits. Each confirmed hand is saved before the next question.
func handLoop(app *App, game string, table int) error {
	out := app.IO.Out
	st := app.style()
	twoShown := false
	for {
		g, err := loadGame(app, game)
		if err != nil {
			return err
		}
		game = g.ID
		b := g.Board
		if b.Over() {
			fmt.Fprintln(out)
			return writeBoard(out, g, st)
		}
		if len(b.Active()) == 2 && !twoShown {
			twoShown = true
			fmt.Fprintln(out, st.bold("Two players left: the two-player rules apply."))
			fmt.Fprintln(out, "  Reverse acts like a Skip, and after a Skip or Reverse you play again.")
			fmt.Fprintln(out, "  After a Draw Two or Wild Draw Four is picked up, play comes back to whoever laid it.")
		}
		if b.Schedule() == nil {
			fmt.Fprintf(out, "\n%s %s deals.\n", st.bold(fmt.Sprintf("Hand %d.", b.Hands()+1)), b.Name(b.Dealer()))
		} else {
			fmt.Fprintf(out, "\n%s\n", st.bold(fmt.Sprintf("Hand %d.", b.Hands()+1)))
		}

		h, ok, err := promptHand(app, b, table)
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintf(out, "Every counted hand is saved. Pick up where you left off with: unoscore hand\n")
			return nil
		}
		err = app.withDB(changeDB, func(db *store.DB) error {
			var err error
			g, err = db.AddHand(game, h)
			return err
		})
		if err != nil {
			var invalid interface{ Invalid() bool }
			if errors.As(err, &invalid) {
				// Another terminal changed the game meanwhile: say so, ask again.
				fmt.Fprintf(out, "Not saved: %v\n", err)
				continue
			}
			return err
		}
		fmt.Fprintf(out, "\nSaved. %s\n\n", handLine(g.Board, g.Board.Rows[len(g.Board.Rows)-1]))
		if err := writeBoard(out, g, st); err != nil {
			return err
		}
		twoShown = twoShown || twoLeft(g.Board) // the board said it
		if g.Board.Over() {
			return nil
		}
	}
}

// promptHand asks who went out and what everyone else held, shows the hand
// and asks to confirm. ok is false when the person chose to stop.
func promptHand(app *App, b *scoring.Board, want int) (scoring.Hand, bool, error) {
	out := app.IO.Out
	st := app.style()
	p := app.Prompt
	for {
		table, ok, err := promptTable(app, b, want)
		if err != nil || !ok {
			return scoring.Hand{}, false, err
		}
		active := table.Seats
		items := append(b.Names(active), "(stop for now)")
		i, err := p.Select("Who went out?", items, 0)
		if err != nil {
			return scoring.Hand{}, false, err
		}
		if i == len(active) {
			return scoring.Hand{}, false, nil
		}
		outSeat := active[i]
		fmt.Fprintln(out, "Enter the cards left in each hand (? shows the notation).")
		fmt.Fprintln(out, "If the last card was a Draw Two or Wild Draw Four, count the cards the next player drew.")
		h := scoring.Hand{Out: b.Name(outSeat)}
		if table.Round > 0 {
			h.Table = table.Number
		}
		defaults := map[int]string{}
		for {
			h.Left = h.Left[:0]
			for _, seat := range b.ScorersAt(table.Number, outSeat) {
				name := b.Name(seat)
				v, err := p.Input(name+"'s cards", defaults[seat], func(v string) error {
					if strings.TrimSpace(v) == "?" {
						return nil
					}
					hand, err := b.Deck.ParseHand(v)
					if err != nil {
						return err
					}
					if hand.Empty() {
						return errors.New("enter at least one card (or 0pts)")
					}
					return nil
				})
				if err != nil {
					return scoring.Hand{}, false, err
				}
				if strings.TrimSpace(v) == "?" {
					fmt.Fprintln(out, deckNotationHelp(b.Deck))
					v, err = p.Input(name+"'s cards", defaults[seat], func(v string) error {
						hand, err := b.Deck.ParseHand(v)
						if err == nil && hand.Empty() {
							return errors.New("enter at least one card (or 0pts)")
						}
						return err
					})
					if err != nil {
						return scoring.Hand{}, false, err
					}
				}
				hand, _ := b.Deck.ParseHand(v)
				defaults[seat] = v
				fmt.Fprintf(out, "  %s: %s = %d points\n", name, st.cards(hand), hand.Points())
				h.Left = append(h.Left, scoring.Left{Player: name, Cards: hand})
			}
			if _, err := b.Check(h); err != nil {
				fmt.Fprintf(out, "%s: %v. Enter the hands again.\n", st.warn("That can't be"), err)
				continue
			}
			break
		}
		fmt.Fprintln(out, summaryLine(b, h))
		save, err := p.Confirm("Save this hand", true)
		if err != nil {
			return scoring.Hand{}, false, err
		}
		if save {
			return h, true, nil
		}
		fmt.Fprintln(out, "Not saved. Enter the hand again.")
	}
}

// promptTable asks at which table the hand was played, when several are
// still playing, and shows that table's pairs and dealer in a rotating
// game; with want (hand --table) it asks nothing while that table plays.
// ok is false when the person chose to stop.
func promptTable(app *App, b *scoring.Board, want int) (scoring.Table, bool, error) {
	var open []scoring.Table
	for _, t := range b.Tables() {
		if !t.Done {
			open = append(open, t)
		}
	}
	t, asked := open[0], false
	mine, err := b.Table(want)
	if want > 0 && err != nil && !slices.ContainsFunc(b.Tables(), func(o scoring.Table) bool { return o.Number == want }) {
		return scoring.Table{}, false, err // no such table
	}
	if want > 0 && err != nil {
		fmt.Fprintf(app.IO.Out, "%s.\n", words.Capitalize(err.Error()))
	}
	switch {
	case want > 0 && err == nil:
		t = mine
	case len(open) > 1:
		var items []string
		for _, o := range open {
			items = append(items, fmt.Sprintf("Table %d: %s against %s", o.Number, pairName(b, o.Teams[0]), pairName(b, o.Teams[1])))
		}
		items = append(items, "(stop for now)")
		i, err := app.Prompt.Select("Which table?", items, 0)
		if err != nil || i == len(open) {
			return scoring.Table{}, false, err
		}
		t = open[i]
		asked = true
	}
	switch {
	case asked: // the pairs were on the list
		fmt.Fprintf(app.IO.Out, "Round %d of %d, hand %d of %d at table %d; %s deals.\n",
			t.Round, len(b.Schedule()), t.Hands+1, b.Settings.Hands, t.Number, b.Name(t.Dealer))
	case t.Round > 0:
		fmt.Fprintln(app.IO.Out, tableLine(b, t))
	}
	return t, true, nil
}

// summaryLine sums up a hand before it is saved.
func summaryLine(b *scoring.Board, h scoring.Hand) string {
	out, _ := b.Settings.Seat(h.Out)
	return fill(textOf(b.Settings.Mode).Summary, handWords(b, h.Out, b.Side(h.Table, out), h.Left, h.Table))
}
