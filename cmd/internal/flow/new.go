package flow

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
)

// Settings asks for whatever the flags of "new" did not give: the
// players, the mode, the target, the deck, the teams and the first dealer.
func Settings(env *Env, s scoring.Settings) (scoring.Settings, error) {
	p := env.Prompt
	out := env.Out
	if len(s.Players) == 0 {
		players, err := promptPlayers(env)
		if err != nil {
			return s, err
		}
		s.Players = players
	}
	// What the flags already rule out is refused before any question, in
	// the sentence a script gets.
	if err := Refusal(s); err != nil {
		return s, err
	}
	if s.Mode == "" {
		// Only the modes the table can play: rotating needs tables of four.
		var modes []scoring.Mode
		for _, m := range scoring.Modes {
			knocker := strings.EqualFold(strings.TrimSpace(s.MercyBonus), scoring.MercyKnocker) // no tally mode gives it
			if fitsWithADeck(m, s.Deck, len(s.Players)) && (!m.NamedTeams() || len(s.Players) >= present.PartnersPlayers) && !(knocker && m.LowWins()) {
				modes = append(modes, m)
			}
		}
		if len(modes) == 0 {
			return s, scoring.Modes[0].Fits(len(s.Players))
		}
		// The modes this many can play with the deck in hand (rotating at
		// tables of four) come first; the others need a deck for more (the
		// UNO Party deck), and say so.
		needs := map[scoring.Mode]string{}
		if s.Deck == "" {
			classic, _ := rules.LookupDeck(rules.DefaultDeck)
			for _, m := range modes {
				if m.FitsDeck(classic, len(s.Players)) != nil {
					needs[m] = partyDeckName(m, len(s.Players))
				}
			}
			slices.SortStableFunc(modes, func(a, b scoring.Mode) int { return len(needs[a]) - len(needs[b]) })
		}
		if len(modes) == 1 {
			s.Mode = modes[0]
			fmt.Fprintf(out, "With %d players the mode is %s: %s.\n", len(s.Players), s.Mode, present.Text(s.Mode).Short)
		} else {
			i, err := p.Select("How do you score?", modeChoices(modes, needs, env.Width()), 0)
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
	askedTarget := s.Target == 0 && s.Mode.HasTarget()
	if askedTarget {
		def := scoring.DefaultTarget
		if t := deckTarget(s.Deck); t > 0 {
			def = t // --deck no-mercy: its 1,000, as from flags
		}
		t, err := p.Input("Play to how many points", strconv.Itoa(def), func(v string) error {
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
		// Only the decks the table can play with (UNO Party: 6 to 16),
		// so that no pick is refused once every question is answered.
		var decks []*rules.Deck
		for _, d := range rules.Decks() {
			if s.Mode.FitsDeck(d, len(s.Players)) == nil {
				decks = append(decks, d)
			}
		}
		if len(decks) == 0 {
			decks = rules.Decks()
		}
		items := make([]string, len(decks))
		for i, d := range decks {
			items[i] = deckItem(d, env.Width())
		}
		i, err := p.Select("Which deck?", items, 0)
		if err != nil {
			return s, err
		}
		s.Deck = decks[i].ID
		// The target was asked before the deck: a deck that plays to its
		// own (No Mercy's 1,000) offers it in place of the one given.
		if t := deckTarget(s.Deck); askedTarget && t > 0 && s.Target != t {
			// Kept on the screen with its answer: the target line above
			// still shows the one typed, and nothing after says which.
			yes, err := confirmKept(env, fmt.Sprintf("The %s plays to %d: play to %d, not %d?", decks[i].Name, t, t, s.Target), true)
			if err != nil {
				return s, err
			}
			if yes {
				s.Target = t
			}
		}
	}
	if s.Custom == 0 && len(s.CustomRules) == 0 {
		var err error
		if s.Custom, s.CustomRules, err = promptCustom(env, s.Deck); err != nil {
			return s, err
		}
	}
	if s.MercyBonus == "" && !s.Mode.LowWins() {
		var err error
		if s.MercyBonus, err = promptMercyBonus(env, s.Deck); err != nil {
			return s, err
		}
	}
	if s.Mode.NamedTeams() && len(s.Teams) == 0 {
		if err := present.CheckTeams(s); err != nil {
			return s, err // too few players for teams of two
		}
		teams, err := promptTeams(env, s)
		if err != nil {
			return s, err
		}
		s.Teams = teams
	}
	if s.Mode.NamedTeams() {
		var err error
		if s, err = offerAcross(env, s); err != nil {
			return s, err
		}
	}
	if s.Dealer == "" && !s.Mode.Scheduled() { // a schedule says who deals
		// The players first, picked by their first letters (d for Dad);
		// drawing for it after them, chosen with the arrows, and Enter
		// alone (the list starts on it).
		n := len(s.Players)
		items := append(slices.Clone(s.Players), "Draw for it: highest number deals")
		i, err := p.Choose("Who deals first?", items, n, n)
		if err != nil {
			return s, err
		}
		if i == n {
			d, err := drawForDealer(env, s.Players, s.Deck)
			if err != nil {
				return s, err
			}
			s.Dealer = d
		} else {
			s.Dealer = s.Players[i]
		}
	}
	fmt.Fprintln(out)
	return s, nil
}

// Refusal is the refusal, if any, that the settings given (the flags of
// "new", the players once known) earn whatever the questions still to come
// are answered: an unknown dealer or team member, a mode that does not take
// that many players, teams without the partners mode. It is nil when some
// answers would make a game, and when the players are not known yet. Each
// question left (mode, target, deck, teams, dealer) is stood in for by an
// answer the prompt could give; with no mode given, every mode the prompt
// could offer is tried, the ones that fit the flags given first, and the
// refusal is the first one's.
func Refusal(s scoring.Settings) error {
	if len(s.Players) == 0 {
		return nil
	}
	modes := []scoring.Mode{s.Mode}
	if s.Mode == "" {
		modes = slices.Clone(scoring.Modes)
		// The flags that only some modes take name the likely mode.
		slices.SortStableFunc(modes, func(a, b scoring.Mode) int {
			fits := func(m scoring.Mode) int {
				n := 0
				if len(s.Teams) > 0 && m.NamedTeams() {
					n--
				}
				if s.Hands != 0 && m.Scheduled() {
					n--
				}
				return n
			}
			return fits(a) - fits(b)
		})
	}
	var first error
	for _, m := range modes {
		t := s
		t.Mode = m
		t.Players = slices.Clone(s.Players)
		t.Teams = slices.Clone(s.Teams)
		if m.NamedTeams() && len(t.Teams) == 0 && len(t.Players) >= present.PartnersPlayers {
			t.Teams = [][]string{t.Players[:2]} // the rest make the other team
		}
		err := present.CheckTeams(t)
		if err == nil {
			_, err = scoring.New(t)
		}
		if err == nil {
			return nil
		}
		if first == nil {
			first = err
		}
		// No deck named yet: a deck for more players (UNO Party) may
		// still seat them; the deck question offers only what fits.
		if s.Deck == "" && present.CheckTeams(t) == nil && slices.ContainsFunc(rules.Decks(), func(d *rules.Deck) bool {
			u := t
			u.Deck = d.ID
			_, err := scoring.New(u)
			return err == nil
		}) {
			return nil
		}
	}
	return first
}

// deckShort says a deck in a few words, for a narrow terminal, from its
// declaration: its cards and what sets it apart (two sides, no colours,
// its own target, no 0s, its players, its colours, a count that differs from the
// default deck's).
func deckShort(d *rules.Deck) string {
	s := fmt.Sprintf("%d cards", d.Size())
	def, _ := rules.LookupDeck(rules.DefaultDeck)
	sorted := func(cs []string) []string { cs = slices.Clone(cs); slices.Sort(cs); return cs }
	switch {
	case d.Sides != nil:
		return fmt.Sprintf("%d double-sided cards", d.Size())
	case len(d.Colors) == 0:
		return s + ", every one a wild"
	case d.Decl.Target > 0:
		return s + fmt.Sprintf(", played to %d", d.Decl.Target)
	case d.Decl.Rules.NoZero:
		return s + ", no 0s"
	case d.Decl.MinPlayers > 0:
		return s + fmt.Sprintf(", %d to %d players", d.Decl.MinPlayers, d.Decl.MaxPlayers)
	case !slices.Equal(sorted(d.ColorNames()), sorted(def.ColorNames())):
		return s + ", " + strings.Join(d.ColorNames(), " ")
	case d == def:
		return s + ", the usual deck"
	}
	for _, f := range d.Faces() {
		if n := d.Copies(f); n != def.Copies(f) && !f.IsNumber() {
			name := f.Plural()
			if n == 1 {
				name = f.String()
			}
			s += fmt.Sprintf(", %d %s", n, name)
		}
	}
	return s
}

// promptMercyBonus asks, for a deck with a knock-out bonus (No Mercy),
// who receives it, since the sources read the sheet two ways: the hand's
// winner (the default, first) or the knocker. "" for any other deck.
func promptMercyBonus(env *Env, deck string) (string, error) {
	d, err := rules.LookupDeck(deck)
	if err != nil || d.Decl.Rules.KnockOutBonus == 0 {
		return "", nil
	}
	bonus := d.Decl.Rules.KnockOutBonus
	i, err := env.Prompt.Select(fmt.Sprintf("Who receives the %d for each player knocked out?", bonus), []string{
		"The hand's winner (the default)",
		"Whoever knocked the player out",
	}, 0)
	if err != nil {
		return "", err
	}
	return scoring.MercyBonuses[i], nil
}

// deckTarget is the target a deck plays to by its own sheet (No Mercy's
// 1,000), or 0 for the usual one.
func deckTarget(id string) int {
	if d, err := rules.LookupDeck(id); err == nil && d.Decl != nil {
		return d.Decl.Target
	}
	return 0
}

// deckItem is a deck in the list of decks, in words that fit width (less
// the list's margin of four), after its id padded to the longest id's
// width so that the words line up: its description, without its count of
// cards if that is what makes it fit, else its few words; never cut in a
// word.
func deckItem(d *rules.Deck, width int) string {
	room := width - 4
	pad := 0 // the descriptions line up after the longest id
	for _, o := range rules.Decks() {
		pad = max(pad, ui.Width(o.ID))
	}
	full := fmt.Sprintf("%-*s %s", pad, d.ID, d.Description)
	if width <= 0 || ui.Width(full) <= room {
		return full
	}
	if _, rest, ok := strings.Cut(d.Description, " cards: "); ok {
		if s := fmt.Sprintf("%-*s %s", pad, d.ID, rest); ui.Width(s) <= room {
			return s
		}
	}
	// The few words, cut at a comma until they fit.
	for short := deckShort(d); ; {
		if s := fmt.Sprintf("%-*s %s", pad, d.ID, short); ui.Width(s) <= room {
			return s
		}
		i := strings.LastIndex(short, ", ")
		if i < 0 {
			break
		}
		short = short[:i]
	}
	return d.ID
}

// promptPlayers asks for the players: a comma list on one line, or one name
// per line ending with an empty line.
//
// The label gives no example in brackets or parentheses: those read as
// a default ("Play to how many points [500]").
func promptPlayers(env *Env) ([]string, error) {
	// check checks the names. Every count from 2 to the most any mode
	// takes is played by some mode with some deck (11 to 16: the UNO
	// Party deck; TestEveryCountHasAGame), so a count is refused only
	// above that.
	check := func(names []string) error {
		if len(names) > scoring.MostPlayers {
			return fmt.Errorf("at most %d players", scoring.MostPlayers)
		}
		for _, n := range names {
			if err := scoring.ValidateName(n); err != nil {
				return err
			}
		}
		for i := range names {
			for j := range i {
				if scoring.SameName(names[i], names[j]) {
					return twice(names[j], names[i])
				}
			}
		}
		return nil
	}
	// spaced is the players named with spaces between ("Ann Bob Cat"), when
	// there is no comma and every word could be a player; else nil.
	spaced := func(v string) []string {
		f := strings.Fields(v)
		if strings.Contains(v, ",") || len(f) < 2 || check(f) != nil {
			return nil
		}
		return f
	}
	first, err := env.Prompt.Input("Players in seating order, with commas, or the first name", "", func(v string) error {
		if err := present.EmptyName(v); err != nil {
			return err
		}
		names := present.SplitNames(v)
		if len(names) == 0 {
			return errors.New("name at least the first player")
		}
		err := check(names)
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
		if check(names) != nil {
			return f, nil
		}
		ok, err := confirmKept(env, fmt.Sprintf("%d players: %s?", len(f), words.Join(f)), true)
		if err != nil {
			return nil, err
		}
		if ok {
			return f, nil
		}
	}
	for len(names) < scoring.MostPlayers {
		label := fmt.Sprintf("Player %d (empty line when done)", len(names)+1)
		next, err := env.Prompt.Input(label, "", func(v string) error {
			v = strings.TrimSpace(v)
			if v == "" {
				if len(names) < scoring.MinPlayers {
					return fmt.Errorf("UNO needs at least %d players", scoring.MinPlayers)
				}
				return nil
			}
			// A comma list names the next players at once ("Cat, Dan").
			if err := present.EmptyName(v); err != nil {
				return err
			}
			more := present.SplitNames(v)
			if len(more) == 0 {
				return errors.New("name the next player, or leave the line empty when done")
			}
			return check(append(append([]string{}, names...), more...))
		})
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(next) == "" {
			break
		}
		names = append(names, present.SplitNames(next)...)
	}
	return names, nil
}

// twice refuses a player named twice, saying what to do: "Mom is named
// twice: tell the two apart, e.g. Mom B"; names that differ only in case
// or look-alike letters are both named.
func twice(first, again string) error {
	what := first + " is named twice"
	if first != again {
		what = first + " and " + again + " read as the same name"
	}
	return fmt.Errorf("%s: tell the two apart, e.g. %s B", what, first)
}

// confirmKept asks a yes-or-no question whose answer nothing after it
// repeats, and leaves it on the screen with the answer ("4 players: Ann,
// Bob, Cat and Dan? yes"): the prompter clears a question once answered.
func confirmKept(env *Env, question string, def bool) (bool, error) {
	ok, err := env.Prompt.Confirm(question, def)
	if err != nil {
		return ok, err
	}
	answer := "no"
	if ok {
		answer = "yes"
	}
	say(env, question+" "+answer)
	return ok, nil
}

// fitsWithADeck reports whether mode m takes n players with the deck
// given (its id), or with one of the decks when none is given: eleven to
// sixteen at one table play the UNO Party deck.
func fitsWithADeck(m scoring.Mode, deck string, n int) bool {
	decks := rules.Decks()
	if d, err := rules.LookupDeck(deck); deck != "" && err == nil {
		decks = []*rules.Deck{d}
	}
	return slices.ContainsFunc(decks, func(d *rules.Deck) bool { return m.FitsDeck(d, n) == nil })
}

// promptTeams offers pairing across the table, else asks for each team.
func promptTeams(env *Env, s scoring.Settings) ([][]string, error) {
	n := len(s.Players)
	if n%2 == 0 && n >= 4 {
		var pairs []string
		for i := range n / 2 {
			pairs = append(pairs, s.Players[i]+" & "+s.Players[i+n/2])
		}
		ok, err := confirmKept(env, "Partners across the table: "+strings.Join(pairs, ", ")+"?", true)
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
		v, err := env.Prompt.Input(label, "", func(v string) error {
			if err := present.EmptyName(v); err != nil {
				return err
			}
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

// offerAcross, when partners would sit side by side, says so before the
// game is made and offers the seating that puts every pair across (the
// default yes, as "Partners across the table?"); where no such seating
// follows from the teams, it says how to seat them instead.
func offerAcross(env *Env, s scoring.Settings) (scoring.Settings, error) {
	bad, order := present.NotAcross(s)
	if len(bad) == 0 {
		return s, nil
	}
	side := words.Join(bad) + " would sit side by side"
	if len(bad) == 1 {
		side = bad[0] + " would sit side by side"
	}
	if order == nil {
		say(env, side+"; the rulebook seats partners across the table. To seat them so, press Ctrl-C and name the players again in seating order, clockwise.")
		return s, nil
	}
	ok, err := confirmKept(env, fmt.Sprintf("%s; the rulebook seats partners across. Seat everyone clockwise as %s?", side, words.Join(order)), true)
	if err != nil || !ok {
		return s, err
	}
	s.Players = order
	return s, nil
}

// drawForDealer has each player draw a card: the highest number deals,
// action and wild cards count as zero, and a tie draws again among the tied.
func drawForDealer(env *Env, players []string, deckID string) (string, error) {
	out := env.Out
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
			v, err := env.Prompt.Input(p+" drew", "", func(v string) error {
				c, err := deck.ParseCard(strings.TrimSpace(v))
				if err != nil {
					return err
				}
				return rules.ForTheDraw(deck.Check(rules.Hand{Cards: append(slices.Clone(drawn), c)}))
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

// promptCustom asks, for a deck with Wild Customizable cards, how many the
// table put in and what is written on each (Enter when there is no more).
// For any other deck it asks nothing.
func promptCustom(env *Env, deckID string) (int, []string, error) {
	d, err := rules.LookupDeck(deckID)
	if err != nil || d.Customizable() == 0 {
		return 0, nil, nil
	}
	var items []string
	for n := d.Customizable(); n >= 1; n-- {
		items = append(items, strconv.Itoa(n))
	}
	items[0] += " (all of them)"
	i, err := env.Prompt.Select("How many Wild Customizable cards are in the deck?", items, 0)
	if err != nil {
		return 0, nil, err
	}
	n := d.Customizable() - i
	var written []string
	for k := 1; k <= n; k++ {
		v, err := env.Prompt.Input(fmt.Sprintf("Rule written on card %d (Enter: none)", k), "", func(v string) error {
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
			// The prompt leaves no line for an empty answer: say what it
			// meant.
			switch {
			case k == n:
				say(env, fmt.Sprintf("No rule recorded for card %d.", k))
			case k == n-1:
				say(env, fmt.Sprintf("No rule recorded for cards %d and %d.", k, n))
			default:
				say(env, fmt.Sprintf("No rule recorded for cards %d to %d.", k, n))
			}
			break
		}
		written = append(written, strings.TrimSpace(v))
	}
	return n, written, nil
}

// modeChoices lists the modes for the mode prompt.
func modeChoices(modes []scoring.Mode, needs map[scoring.Mode]string, width int) []string {
	items := make([]string, len(modes))
	for i, m := range modes {
		items[i] = fmt.Sprintf("%-9s  %s", m, present.Text(m).Short)
		if d := needs[m]; d != "" {
			// The deck it needs, after what the mode is where the line
			// has room (the list's pointer takes 4 columns).
			items[i] = fmt.Sprintf("%-9s  with the %s", m, d)
			if long := fmt.Sprintf("%s, with the %s", items[i][:11]+present.Text(m).Short, d); len(long)+4 <= width {
				items[i] = long
			}
		}
	}
	return items
}

// partyDeckName names the first deck that takes n players in mode m ("UNO
// Party deck"), for a mode the classic deck cannot seat them in.
func partyDeckName(m scoring.Mode, n int) string {
	for _, d := range rules.Decks() {
		if m.FitsDeck(d, n) == nil {
			return d.Name
		}
	}
	return ""
}
