package cmd

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
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
			if m.Fits(len(s.Players)) == nil && (!m.NamedTeams() || len(s.Players) >= present.PartnersPlayers) {
				modes = append(modes, m)
			}
		}
		if len(modes) == 0 {
			return s, scoring.Modes[0].Fits(len(s.Players))
		}
		if len(modes) == 1 {
			s.Mode = modes[0]
			fmt.Fprintf(out, "With %d players the mode is %s: %s.\n", len(s.Players), s.Mode, present.Text(s.Mode).Short)
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
			items[i] = deckItem(d, app.IO.TermWidth())
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
		if err := present.CheckTeams(s); err != nil {
			return s, err // too few players for teams of two
		}
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
			d, err := drawForDealer(app, s.Players, s.Deck)
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

// deckShort says each deck in a few words, for a narrow terminal.
var deckShort = map[string]string{
	"classic": "108 cards, the usual deck",
	"deluxe":  "112 cards, 8 Wilds",
	"shuffle": "112 cards, Wild Shuffle Hands",
	"themed":  "112 cards, purple green pink yellow",
	"flip":    "112 double-sided cards",
}

// deckItem is a deck in the list of decks, in words that fit width (less
// the list's margin of four): its description, without its count of cards
// if that is what makes it fit, else its few words; never cut in a word.
func deckItem(d *rules.Deck, width int) string {
	room := width - 4
	full := fmt.Sprintf("%-8s %s", d.ID, d.Description)
	if width <= 0 || ui.Width(full) <= room {
		return full
	}
	if _, rest, ok := strings.Cut(d.Description, " cards: "); ok {
		if s := fmt.Sprintf("%-8s %s", d.ID, rest); ui.Width(s) <= room {
			return s
		}
	}
	if short, ok := deckShort[d.ID]; ok && ui.Width(fmt.Sprintf("%-8s %s", d.ID, short)) <= room {
		return fmt.Sprintf("%-8s %s", d.ID, short)
	}
	return d.ID
}

// promptPlayers asks for the players: a comma list on one line, or one name
// per line ending with an empty line.
func promptPlayers(app *App) ([]string, error) {
	// check checks the names; a whole list must also be a count some mode
	// takes (more than 10 is rotating's 12, 13 or 16).
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
	// spaced is the players named with spaces between ("Ann Bob Cat"), when
	// there is no comma and every word could be a player; else nil.
	spaced := func(v string) []string {
		f := strings.Fields(v)
		if strings.Contains(v, ",") || len(f) < 2 || check(f, true) != nil {
			return nil
		}
		return f
	}
	first, err := app.Prompt.Input("Players in seating order (Ann, Bob, Cat), or the first name", "", func(v string) error {
		names := present.SplitNames(v)
		if len(names) == 0 {
			return errors.New("name at least the first player")
		}
		err := check(names, true)
		if err != nil && spaced(v) != nil {
			return nil
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	names := present.SplitNames(first)
	if len(names) > 1 {
		return names, nil
	}
	if f := spaced(first); f != nil {
		// Spaces between single words are most likely a list of players;
		// a name with a space in it stays possible: ask, unless the words
		// cannot be one name.
		if check(names, true) != nil {
			return f, nil
		}
		ok, err := app.Prompt.Confirm(fmt.Sprintf("%d players: %s?", len(f), words.Join(f)), true)
		if err != nil {
			return nil, err
		}
		if ok {
			return f, nil
		}
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
		var left []string
		for _, p := range s.Players {
			if !taken[strings.ToLower(p)] {
				left = append(left, p)
			}
		}
		if len(left) < 2*2 {
			// Too few to make two teams of two: they are the last team.
			break
		}
		label := fmt.Sprintf("Team %d (two or more names, comma-separated)", len(teams)+1)
		if len(teams) > 0 {
			label = fmt.Sprintf("Team %d (two or more names, comma-separated; empty: %s)", len(teams)+1, words.Join(left))
		}
		v, err := app.Prompt.Input(label, "", func(v string) error {
			names := present.SplitNames(v)
			if len(names) == 0 {
				if len(teams) == 0 {
					return errors.New("name the first team's players")
				}
				return nil
			}
			mine := map[string]bool{}
			for _, name := range names {
				seat, err := s.Seat(name)
				if err != nil {
					return err
				}
				key := strings.ToLower(s.Players[seat])
				if taken[key] {
					return fmt.Errorf("%s already has a team", s.Players[seat])
				}
				if mine[key] {
					return fmt.Errorf("%s is named twice", s.Players[seat])
				}
				mine[key] = true
			}
			if len(names) < 2 {
				return errors.New("a team has at least two players")
			}
			if len(teams) == 0 && len(names) == len(left) {
				return errors.New("that is everyone: leave two or more players for another team")
			}
			if rest := len(left) - len(names); rest == 1 {
				for _, p := range left {
					if !mine[strings.ToLower(p)] {
						return fmt.Errorf("that leaves %s alone: teams have at least two players", p)
					}
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		names := present.SplitNames(v)
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
func drawForDealer(app *App, players []string, deckID string) (string, error) {
	out := app.IO.Out
	deck, err := rules.LookupDeck(cmp.Or(deckID, rules.DefaultDeck))
	if err != nil {
		return "", err
	}
	fmt.Fprintln(out, "Each player draws a card: the highest number deals (action and wilds count 0).")
	in := players
	var drawn []rules.Card // every card drawn stays out of the deck
	for {
		best, bestVal := []string{}, -1
		for _, p := range in {
			v, err := app.Prompt.Input(p+" drew", "", func(v string) error {
				c, err := deck.ParseCard(strings.TrimSpace(v))
				if err != nil {
					return err
				}
				return deck.Check(rules.Hand{Cards: append(slices.Clone(drawn), c)})
			})
			if err != nil {
				return "", err
			}
			c, _ := deck.ParseCard(strings.TrimSpace(v))
			drawn = append(drawn, c)
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

// deckNotationHelp explains the card notation with the deck's own colours.
func deckNotationHelp(d *rules.Deck) string {
	if d.Sides != nil {
		return `Cards: a colour, light side r y g b, dark side pk t o pu; then a face:
  1-9, d1 or +1 (Draw One), d5 or +5 (Draw Five), s (Skip), se (Skip
  Everyone), rev (Reverse), f (Flip), w (Wild), wd2 (Wild Draw Two),
  wdc (Wild Draw Color). Every hand's cards are on the side in play.
  3x7 is three 7s; 37pts is points already counted. Spaces or commas between.
  Examples: r7 wd2 gd1 on the light side; t7 wdc pkse on the dark side`
	}
	c := d.Colors[0].Letter()
	// Only the deck's own wild cards: a classic game has no ws or wc.
	wilds := "wd4 or +4 (Wild Draw Four)"
	var special []string
	if d.Copies(rules.WildShuffle) > 0 {
		special = append(special, "ws (Wild Shuffle Hands)")
	}
	if d.Copies(rules.WildCustom) > 0 {
		special = append(special, "wc (Wild Customizable)")
	}
	if len(special) > 0 {
		wilds += ", " + strings.Join(special, ", ")
	}
	return "Cards: an optional colour (" + d.ColorList() + `), then a face:
  0-9, d2 or +2 (Draw Two), s (Skip), rev (Reverse), w (Wild),
  ` + wilds + `.
  3x7 is three 7s; 37pts is points already counted. Spaces or commas between.
  Examples: ` + c + "7 wd4 " + c + "s " + c + "+2 yrev 3x7 37pts"
}

// handLoop enters hands at the terminal until the game is over or the
// person quits. Each confirmed hand is saved before the next question.
func handLoop(app *App, game string, table int) error {
	out := app.IO.Out
	twoShown := false
	var pending *scoring.Hand // a hand entered but not saved: the game changed
	afresh := 0               // a table whose hand is asked again from the start
	for {
		st := app.style() // the window's width as it is now
		g, err := loadGame(app, game)
		if err != nil {
			return err
		}
		game = g.ID
		b := g.Board
		if b.Over() {
			fmt.Fprintln(out)
			if err := ui.WriteBoard(out, g, st); err != nil {
				return err
			}
			// What to do next, rather than an end with nothing to type.
			fmt.Fprintf(out, "\nPlay again with the same table: unoscore new --again\nOr start a new game: unoscore new\n")
			return nil
		}
		if len(b.Active()) == 2 && !twoShown {
			twoShown = true
			fmt.Fprintln(out, st.Bold("Two players left: the two-player rules apply."))
			fmt.Fprintln(out, "  Reverse acts like a Skip, and after a Skip or Reverse you play again.")
			fmt.Fprintln(out, "  After a Draw Two or Wild Draw Four is drawn, play comes back to its player.")
		}
		fmt.Fprintln(out)
		for _, l := range compactBoard(b, app.IO.TermWidth()) {
			fmt.Fprintln(out, l)
		}
		if b.Schedule() == nil {
			fmt.Fprintf(out, "%s %s deals.\n", st.Bold(fmt.Sprintf("Hand %d.", b.Hands()+1)), b.Name(b.Dealer()))
		}
		// A rotating game numbers its hands as they are saved, at any
		// table: the table's line says which of its own hands this is, and
		// "Saved." the number it is saved as.

		want := table
		if want == 0 {
			want = afresh // the table whose hand starts again
		}
		afresh = 0
		h, ok, err := promptHand(app, b, want, pending, "Save this hand?")
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintf(out, "Every counted hand is saved. Pick up where you left off with: unoscore hand\n")
			return nil
		}
		pending = nil
		var changed string
		keep := false
		err = app.withDB(changeDB, func(db *store.DB) error {
			// The file stays locked from this read to the save: the hand is
			// saved as the number shown, or not at all.
			now, err := db.Game(game)
			if err != nil {
				return err
			}
			if changed, keep = whatChanged(b, now.Board, h.Table); changed != "" {
				return nil
			}
			g, err = db.AddHand(game, h)
			return err
		})
		if err == nil && changed != "" {
			fmt.Fprintf(out, "%s %s.\n", st.Warn("Not saved:"), changed)
			if keep {
				fmt.Fprintln(out, "What you entered is kept: check it and save it again.")
				pending = &h
			} else if h.Table > 0 {
				afresh = h.Table
			}
			continue // the game as it is now: over, or the hand asked again
		}
		if err != nil {
			if present.BadInput(err) {
				fmt.Fprintf(out, "%s %v\n", st.Warn("Not saved:"), err)
				pending = &h
				continue
			}
			return err
		}
		fmt.Fprintln(out)
		say(app, "Saved. "+handLine(g.Board, g.Board.Rows[len(g.Board.Rows)-1]))
	}
}

// whatChanged says how another unoscore changed the game since the hand
// loop read it, or "" when the hand entered would still be saved as shown.
// keep says whether what was entered can be kept, to be saved again: not
// when the game is over, nor when the table moved on to a round with other
// partners. In a rotating game a hand entered at another table changes
// nothing here.
func whatChanged(was, now *scoring.Board, table int) (msg string, keep bool) {
	n, m := was.Hands(), now.Hands()
	if now.Over() {
		what := "in another terminal, a correction ended the game"
		switch {
		case m > n:
			what = fmt.Sprintf("hand %d, entered in another terminal, ended the game", m)
		case m < n:
			what = "in another terminal, the game was changed and is over"
		}
		return what + "; the game is over", false
	}
	if m > n && now.Schedule() != nil {
		before, err1 := was.Table(table)
		after, err2 := now.Table(table)
		switch {
		case err1 == nil && err2 == nil && before.Round == after.Round && before.Hands == after.Hands:
			return "", false
		case err1 == nil && err2 == nil && after.Round != before.Round:
			return fmt.Sprintf("in another terminal, table %d moved on to round %d: %s against %s now; enter the hand of this round",
				table, after.Round, present.PairName(now, after.Teams[0]), present.PairName(now, after.Teams[1])), false
		case err1 == nil && err2 != nil:
			return fmt.Sprintf("in another terminal, table %d played its last hand of round %d", table, before.Round), false
		}
		return fmt.Sprintf("a hand was entered at table %d in another terminal", max(table, 1)), true
	}
	switch {
	case m < n:
		return fmt.Sprintf("hand %d was undone in another terminal; this hand is now hand %d", n, m+1), true
	case m > n:
		return fmt.Sprintf("hand %d was entered in another terminal; this hand is now hand %d", n+1, m+1), true
	}
	return "", false
}

// compactBoard is the board in a few short lines, for the top of each hand
// in the loop: the totals (teams in partners), and what they play to. No
// line is wider than width (80 when unknown).
func compactBoard(b *scoring.Board, width int) []string {
	if b.Hands() == 0 {
		return nil
	}
	if width <= 0 {
		width = 80
	}
	var parts []string
	switch {
	case len(b.Teams()) > 0 && b.Schedule() == nil:
		for _, t := range b.Teams() {
			parts = append(parts, fmt.Sprintf("%s %d", strings.Join(b.Names(t.Seats), " & "), t.Score))
		}
	default:
		for seat := range b.Settings.Players {
			p := fmt.Sprintf("%s %d", b.Name(seat), b.Score(seat))
			if b.Eliminated(seat) {
				p += " (out)"
			}
			parts = append(parts, p)
		}
	}
	what := "Totals"
	switch b.Settings.Mode {
	case scoring.Lowest, scoring.Challenge:
		what = "Tallies"
	}
	first := fmt.Sprintf("%s after %s: ", what, words.Count(b.Hands(), "hand"))
	if b.Settings.Mode.HasTarget() {
		first = fmt.Sprintf("%s after %s, to %d: ", what, words.Count(b.Hands(), "hand"), b.Settings.Target)
	}
	if len(parts) > 0 {
		parts[len(parts)-1] += "."
	}
	lines := ui.Fill(parts, ", ", width, first, "  ")
	if b.Schedule() != nil {
		// Rotating: where each table stands and who deals there.
		lines = append(lines, present.TableLines(b)...)
	}
	return lines
}

// handEntry is one hand being entered: who went out and each scoring
// player's cards as typed.
type handEntry struct {
	b     *scoring.Board
	table scoring.Table  // where it was played (the one table, outside rotating)
	out   int            // the seat that went out; -1 before it is known
	cards map[int]string // by seat, as typed
}

// scorers are the seats whose cards count, in seating order after out.
func (e *handEntry) scorers() []int { return e.b.ScorersAt(e.table.Number, e.out) }

func (e *handEntry) hand() scoring.Hand {
	h := scoring.Hand{Out: e.b.Name(e.out)}
	if e.table.Round > 0 {
		h.Table = e.table.Number
	}
	for _, seat := range e.scorers() {
		if v, ok := e.cards[seat]; ok {
			cards, _ := e.b.Deck.ParseHand(v)
			h.Left = append(h.Left, scoring.Left{Player: e.b.Name(seat), Cards: cards})
		}
	}
	return h
}

// missing is the first scoring seat whose cards are not entered, or -1.
func (e *handEntry) missing() int {
	for _, seat := range e.scorers() {
		if _, ok := e.cards[seat]; !ok {
			return seat
		}
	}
	return -1
}

// handHelp is one paragraph: the terminal's width breaks it into lines.
// flipHandHelp is the same for UNO Flip, whose draw cards are others and
// whose cards count on the side in play.
const (
	handHelpStart = "Enter the cards left in each hand (? shows the notation; an empty line lets " +
		"you choose whose cards to enter)"
	handHelp     = handHelpStart + ". After a Draw Two or Wild Draw Four, count the cards the next player drew."
	flipHandHelp = handHelpStart + ", all on the side in play when the hand ended. After a Draw One, " +
		"Draw Five, Wild Draw Two or Wild Draw Color, count the cards the next player drew."
)

// promptHand asks who went out and what everyone else held, in seating
// order or in any order the table calls them, shows the hand and asks to
// save it. start, when not nil, fills the answers in. ok is false when the
// person chose to stop.
func promptHand(app *App, b *scoring.Board, want int, start *scoring.Hand, saveLabel string) (scoring.Hand, bool, error) {
	out := app.IO.Out
	p := app.Prompt
	if start != nil && start.Table > 0 {
		want = start.Table
	}
	table, ok, err := promptTable(app, b, want)
	if err != nil || !ok {
		return scoring.Hand{}, false, err
	}
	e := &handEntry{b: b, table: table, out: -1, cards: map[int]string{}}
	if start != nil {
		if seat, err := b.Settings.Seat(start.Out); err == nil && slices.Contains(table.Seats, seat) {
			e.out = seat
		}
		for _, l := range start.Left {
			if seat, err := b.Settings.Seat(l.Player); err == nil {
				e.cards[seat] = l.Cards.String()
			}
		}
	}
	if e.out < 0 {
		seat, ok, err := askWhoWentOut(app, b, table.Seats, -1)
		if err != nil || !ok {
			return scoring.Hand{}, false, err
		}
		e.out = seat
	}
	if b.Deck != nil && b.Deck.Sides != nil {
		fmt.Fprintln(out, flipHandHelp)
	} else {
		fmt.Fprintln(out, handHelp)
	}
	choose := start != nil
	for {
		if !choose {
			seat := e.missing()
			if seat >= 0 {
				v, err := askCards(app, e, seat)
				if err != nil {
					return scoring.Hand{}, false, err
				}
				if v == "" {
					choose = true
					continue
				}
				e.cards[seat] = v
				continue
			}
			h := e.hand()
			if _, err := b.Check(h); err != nil {
				fmt.Fprintf(out, "%s: %v.\n", app.style().Warn("That can't be"), err)
				choose = true
				continue
			}
			fmt.Fprintln(out, summaryLine(b, h))
			ok, err := p.Confirm(saveLabel, true)
			if err != nil {
				return scoring.Hand{}, false, err
			}
			if ok {
				return h, true, nil
			}
			choose = true
			continue
		}
		// The chooser: anyone's cards, who went out, save, or stop.
		scorers := e.scorers()
		var items []string
		cursor := -1
		for i, seat := range scorers {
			v, ok := e.cards[seat]
			if !ok {
				items = append(items, fmt.Sprintf("%s: not entered yet", b.Name(seat)))
				if cursor < 0 {
					cursor = i
				}
				continue
			}
			cards, _ := b.Deck.ParseHand(v)
			items = append(items, fmt.Sprintf("%s: %s = %s", b.Name(seat), cards, words.Count(b.Deck.HandPoints(cards), "point")))
		}
		outItem := len(items)
		items = append(items, "Who went out: "+b.Name(e.out))
		saveItem := -1
		if e.missing() < 0 {
			saveItem = len(items)
			items = append(items, "Save this hand")
			if cursor < 0 {
				cursor = saveItem
			}
		}
		stopItem := len(items)
		items = append(items, "(drop this hand and stop for now)")
		i, err := p.Menu("Whose cards?", items, max(cursor, 0))
		if err != nil {
			return scoring.Hand{}, false, err
		}
		switch {
		case i < len(scorers):
			v, err := askCards(app, e, scorers[i])
			if err != nil {
				return scoring.Hand{}, false, err
			}
			if v != "" {
				e.cards[scorers[i]] = v
				choose = false
			}
		case i == outItem:
			seat, ok, err := askWhoWentOut(app, b, table.Seats, e.out)
			if err != nil || !ok {
				return scoring.Hand{}, false, err
			}
			e.out = seat
			delete(e.cards, seat)
			choose = false
		case i == saveItem:
			h := e.hand()
			if _, err := b.Check(h); err != nil {
				fmt.Fprintf(out, "%s: %v.\n", app.style().Warn("That can't be"), err)
				continue
			}
			fmt.Fprintln(out, summaryLine(b, h))
			return h, true, nil
		case i == stopItem:
			return scoring.Hand{}, false, nil
		}
	}
}

// askWhoWentOut asks who went out; ok is false for "stop for now".
func askWhoWentOut(app *App, b *scoring.Board, active []int, current int) (int, bool, error) {
	items := append(b.Names(active), "(stop for now)")
	cursor := max(slices.Index(active, current), 0)
	i, err := app.Prompt.Pick("Who went out?", items, cursor)
	if err != nil || i == len(active) {
		return -1, false, err
	}
	return active[i], true, nil
}

// askCards asks for one player's cards, checked as they are typed: the
// notation, and that the deck holds them beside the other hands entered.
// "" means the person wants to choose whose cards to enter.
func askCards(app *App, e *handEntry, seat int) (string, error) {
	b := e.b
	name := b.Name(seat)
	validate := func(v string) error {
		if t := strings.TrimSpace(v); t == "?" || t == "" {
			return nil
		}
		hand, err := b.Deck.ParseHand(v)
		if err != nil {
			return err
		}
		if hand.Empty() {
			return errors.New("enter at least one card (or 0pts)")
		}
		others := []rules.Hand{hand}
		for s, c := range e.cards {
			if s != seat && s != e.out {
				h, _ := b.Deck.ParseHand(c)
				others = append(others, h)
			}
		}
		err = b.Deck.Check(others...)
		var se *rules.SideError
		if errors.As(err, &se) {
			return errors.New(se.Short()) // the whole sentence is wider than a prompt
		}
		return err
	}
	for {
		v, err := app.Prompt.Input(name+"'s cards", e.cards[seat], validate)
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(v) == "?" {
			fmt.Fprintln(app.IO.Out, deckNotationHelp(b.Deck))
			continue
		}
		if v == "" {
			return "", nil
		}
		hand, _ := b.Deck.ParseHand(v)
		fmt.Fprintf(app.IO.Out, "  %s: %s = %s\n", name, app.style().Cards(hand), words.Count(b.Deck.HandPoints(hand), "point"))
		return hand.String(), nil
	}
}

// promptTable asks at which table the hand was played, when several are
// still playing, and shows that table's pairs and dealer in a rotating
// game; with want (hand --table) it asks nothing while that table plays.
// ok is false when the person chose to stop.
func promptTable(app *App, b *scoring.Board, want int) (scoring.Table, bool, error) {
	// The tables a hand can be played at: not done, and not waiting for
	// players still at another table (there is always one such table while
	// the game goes on: the one furthest behind).
	var open []scoring.Table
	waits := 0
	for _, t := range b.Tables() {
		switch {
		case t.Done:
		case len(t.WaitingFor) > 0:
			waits++
		default:
			open = append(open, t)
		}
	}
	t, asked := open[0], false
	mine, err := b.Table(want)
	if want > 0 && err != nil && !slices.ContainsFunc(b.Tables(), func(o scoring.Table) bool { return o.Number == want }) {
		return scoring.Table{}, false, err // no such table
	}
	if want > 0 && err != nil {
		say(app, words.Capitalize(err.Error())+".")
	}
	if want <= 0 && waits > 0 {
		for _, o := range b.Tables() {
			if w := b.WaitSentence(o); w != "" {
				say(app, w+".")
			}
		}
	}
	switch {
	case want > 0 && err == nil:
		t = mine
	case len(open) > 1 || (want > 0 && err != nil) || waits > 0:
		var items []string
		for _, o := range open {
			items = append(items, fmt.Sprintf("Table %d: %s against %s", o.Number, present.PairName(b, o.Teams[0]), present.PairName(b, o.Teams[1])))
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
		fmt.Fprintln(app.IO.Out, present.TableLine(b, t))
	}
	if l := present.SitOutLine(b, t.Round); l != "" {
		say(app, l)
	}
	return t, true, nil
}

// say prints a sentence wrapped to the terminal's width (unwrapped when
// the output is not a terminal).
func say(app *App, s string) {
	fmt.Fprintln(app.IO.Out, ui.Wrap(s, app.IO.TermWidth())) // the width as it is now
}

// summaryLine sums up a hand before it is saved.
func summaryLine(b *scoring.Board, h scoring.Hand) string {
	out, _ := b.Settings.Seat(h.Out)
	return present.Fill(present.Text(b.Settings.Mode).Summary, present.HandWords(b, h.Out, b.Side(h.Table, out), h.Left, h.Table))
}

// promptCustom asks, for a deck with Wild Customizable cards, how many the
// table put in and what is written on each (Enter when there is no more).
// For any other deck it asks nothing.
func promptCustom(app *App, deckID string) (int, []string, error) {
	d, err := rules.LookupDeck(deckID)
	if err != nil || d.Customizable() == 0 {
		return 0, nil, nil
	}
	var items []string
	for n := d.Customizable(); n >= 1; n-- {
		items = append(items, strconv.Itoa(n))
	}
	items[0] += " (all of them)"
	i, err := app.Prompt.Select("How many Wild Customizable cards are in the deck?", items, 0)
	if err != nil {
		return 0, nil, err
	}
	n := d.Customizable() - i
	var written []string
	for k := 1; k <= n; k++ {
		v, err := app.Prompt.Input(fmt.Sprintf("Rule written on card %d (Enter: none)", k), "", func(v string) error {
			s := scoring.Settings{Players: []string{"A", "B"}, Deck: d.ID, Custom: n, CustomRules: []string{v}}
			if strings.TrimSpace(v) == "" {
				return nil
			}
			return s.Normalize()
		})
		if err != nil {
			return 0, nil, err
		}
		if strings.TrimSpace(v) == "" {
			break
		}
		written = append(written, strings.TrimSpace(v))
	}
	return n, written, nil
}
