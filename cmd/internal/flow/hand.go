package flow

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

// deckNotationHelp explains the card notation with the deck's own colours
// and faces, as "unoscore cards --deck D" does.
func deckNotationHelp(d *rules.Deck) string { return ui.Legend(d) }

// HandLoop enters hands at the terminal until the game is over or the
// person quits. Each confirmed hand is saved before the next question.
func HandLoop(env *Env, game string, table int) error {
	out := env.Out
	twoShown := false
	var pending *scoring.Hand // a hand entered but not saved: the game changed
	afresh := 0               // a table whose hand is asked again from the start
	shown := env.TablesShown  // the tables' lines are on the screen already
	loaded := false           // the game was read once: a game not found was deleted since
	for {
		st := env.Style() // the window's width as it is now
		g, err := env.Load(game)
		if err != nil {
			if loaded && errors.Is(err, scoring.ErrNotFound) {
				return deletedMeanwhile(game)
			}
			return err
		}
		game, loaded = g.ID, true
		b := g.Board
		if b.Over() {
			fmt.Fprintln(out)
			if err := ui.WriteBoard(out, g, st); err != nil {
				return err
			}
			// A table that wants more plays on to a higher target.
			if on, err := playOn(env, g); err != nil || on {
				if err != nil {
					return err
				}
				continue
			}
			// What to do next, rather than an end with nothing to type.
			fmt.Fprintf(out, "\nPlay again with the same table: unoscore new --again\nOr start a new game: unoscore new\n")
			return nil
		}
		if len(b.Active()) == 2 && !twoShown {
			twoShown = true
			fmt.Fprintln(out, st.Bold("Two players left: the two-player rules apply."))
			ui.WriteTwoPlayerRules(out)
		}
		fmt.Fprintln(out)
		status := compactBoard(b, env.Width())
		for _, l := range status {
			fmt.Fprintln(out, l)
		}
		if b.Schedule() == nil {
			fmt.Fprintf(out, "%s %s deals.\n", st.Bold(fmt.Sprintf("Hand %d.", b.Hands()+1)), b.Name(b.Dealer()))
		}
		// A rotating game numbers its hands as they are saved, at any
		// table: the table's line says which of its own hands this is, and
		// "Saved." the number it is saved as.

		want := table
		if afresh > 0 {
			// The table whose hand starts again, in its new round: the
			// one the sentence above named, whatever --table said.
			want = afresh
		}
		afresh = 0
		// compactBoard has just shown every table's line: the table's
		// hand starts without it again.
		h, ok, err := hand(env, b, want, pending, "Save this hand?", shown || len(status) > 0, true, true)
		shown = false
		if errors.Is(err, errEndHere) {
			if err := endHere(env, g); err != nil {
				return err
			}
			continue // the game as it is now: over, or asked again
		}
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
		saved, err := SaveRetrying(env, "hand", func() error {
			return env.Change(func(db Games) error {
				// The file stays locked from this read to the save: the
				// hand is saved as the number shown, or not at all.
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
		})
		if err == nil && !saved {
			say(env, "The hand was dropped: nothing was written for it. Every counted hand is saved. Pick up where you left off with: unoscore hand")
			return nil
		}
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
			if errors.Is(err, scoring.ErrNotFound) {
				return deletedMeanwhile(game)
			}
			if present.BadInput(err) {
				fmt.Fprintf(out, "%s %v\n", st.Warn("Not saved:"), err)
				pending = &h
				continue
			}
			return err
		}
		row := g.Board.Rows[len(g.Board.Rows)-1]
		if env.Saved != nil {
			env.Saved(row.Number)
		}
		fmt.Fprintln(out)
		say(env, "Saved. "+present.HandLine(g.Board, row))
	}
}

// SaveRetrying runs save, which writes what the person entered (what: "hand",
// "correction"). While another process holds the file past the wait, what
// was entered is not lost to it: it says the file is in use and that what
// was entered is kept, and asks to try again (the default yes); no drops
// it, and saved is false with no error. Any other outcome is save's.
func SaveRetrying(env *Env, what string, save func() error) (saved bool, err error) {
	for {
		err := save()
		if !errors.Is(err, scoring.ErrLocked) {
			return err == nil, err
		}
		say(env, fmt.Sprintf("%s %v. What you entered is kept.", env.Style().Warn("Not saved:"), err))
		again, err := env.Prompt.Confirm("Try to save this "+what+" again?", true)
		if err != nil || !again {
			return false, err
		}
	}
}

// deletedMeanwhile is the game deleted by another unoscore while the loop
// asked: one sentence, and the loop ends (there is nothing left to save
// into).
func deletedMeanwhile(game string) error {
	return &scoring.InputError{Msg: fmt.Sprintf("game %s was deleted in another terminal meanwhile; nothing was written", game)}
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
		case now.EndedEarly():
			what = "in another terminal, the game was ended where it stood"
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
		// Rotating: where each table stands and who deals there, and
		// where everyone sits at a table whose round has just changed;
		// each line broken at the width.
		for _, l := range present.TableLinesSeated(b) {
			lines = append(lines, strings.Split(ui.Wrap(l, width), "\n")...)
		}
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
	typed map[int]bool   // by seat: its cards were typed (not a stored hand's)
	// knocked: No Mercy's players knocked out of the hand by the mercy
	// rule, in seating order after out; their cards are not asked.
	knocked []int
	// by: where the game gives the knock-out bonus to the knocker, who
	// knocked each seat of knocked out.
	by map[int]int
}

// mercy is the number of cards that knocks a player out of the hand in
// the game's deck (No Mercy's 25), or 0 when the deck has no mercy rule.
func mercy(b *scoring.Board) int {
	if b.Deck == nil || b.Deck.Decl == nil {
		return 0
	}
	return b.Deck.Decl.Rules.Mercy
}

// dropQuestion asks before the hand is dropped, naming the players whose
// typed cards would be lost: "Drop this hand? Bob's and Cat's cards are
// entered." It is "" when no cards typed would be lost.
func (e *handEntry) dropQuestion() string {
	var whose []string
	for _, seat := range e.scorers() {
		if _, ok := e.cards[seat]; ok && e.typed[seat] {
			whose = append(whose, e.b.Name(seat)+"'s")
		}
	}
	switch {
	case len(whose) == 0:
		return ""
	case len(whose) > 4:
		return fmt.Sprintf("Drop this hand? The cards of %d players are entered.", len(whose))
	}
	return "Drop this hand? " + words.Join(whose) + " cards are entered."
}

// scorers are the seats whose cards count, in seating order after out:
// not those knocked out.
func (e *handEntry) scorers() []int {
	return slices.DeleteFunc(e.b.ScorersAt(e.table.Number, e.out), func(seat int) bool {
		return slices.Contains(e.knocked, seat)
	})
}

// knockable are the seats that can be knocked out of the hand: the
// players still in at the table but the one who went out, in seating
// order after them.
func (e *handEntry) knockable() []int {
	seats := e.table.Seats
	i := slices.Index(seats, e.out)
	var s []int
	for k := 1; k < len(seats); k++ {
		if seat := seats[(i+k)%len(seats)]; !e.b.Eliminated(seat) {
			s = append(s, seat)
		}
	}
	return s
}

// knockedItem is the chooser's line for No Mercy's knock-outs.
func (e *handEntry) knockedItem() string {
	if len(e.knocked) == 0 {
		return "Knocked out: no one"
	}
	if e.b.ToKnocker() {
		var each []string
		for _, seat := range e.knocked {
			each = append(each, e.b.Name(seat)+" by "+e.b.Name(e.by[seat]))
		}
		return "Knocked out: " + words.Join(each)
	}
	return "Knocked out: " + words.Join(e.b.Names(e.knocked))
}

func (e *handEntry) hand() scoring.Hand {
	h := scoring.Hand{Out: e.b.Name(e.out)}
	if len(e.knocked) > 0 {
		h.KnockedOut = e.b.Names(e.knocked)
	}
	if e.b.ToKnocker() {
		for _, seat := range e.knocked {
			if k, ok := e.by[seat]; ok {
				if h.KnockedBy == nil {
					h.KnockedBy = map[string]string{}
				}
				h.KnockedBy[e.b.Name(seat)] = e.b.Name(k)
			}
		}
	}
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

// deckHandHelp is handHelp naming the deck's own draw cards (No Mercy has
// no Wild Draw Four, but a Draw Four and Wild Draw Six and Ten); a deck
// with none of its own is asked as the classic one.
func deckHandHelp(d *rules.Deck) string {
	if d == nil || d.Decl == nil || len(d.Decl.Sides) != 1 {
		return handHelp
	}
	var draws []string
	for _, c := range d.Decl.Sides[0].Cards {
		if c.Face.Draws > 0 && !slices.Contains(draws, c.Face.Name) {
			draws = append(draws, c.Face.Name)
		}
	}
	if len(draws) == 0 {
		return handHelpStart + "."
	}
	return handHelpStart + ". After a " + words.JoinOr(draws) + ", count the cards the next player drew."
}

// Hand asks who went out and what everyone else held, in seating
// order or in any order the table calls them, shows the hand and asks to
// save it. start, when not nil, fills the answers in. ok is false when the
// person chose to stop.
// A start's cards are a stored hand's (an edit's): dropping them loses
// nothing, so only cards typed again are asked about before a drop.
func Hand(env *Env, b *scoring.Board, want int, start *scoring.Hand, saveLabel string) (scoring.Hand, bool, error) {
	return hand(env, b, want, start, saveLabel, false, false)
}

// hand is Hand; shown says that the tables' lines are on the screen just
// above, so the table's own line is not printed a second time; typed, that
// start's cards were typed (a hand kept when the game moved on before it
// was saved), so that dropping them is asked first as for cards typed now.
//
// In the hand loop (loop), the first question may be answered "(end the
// game here)": hand returns errEndHere.
func hand(env *Env, b *scoring.Board, want int, start *scoring.Hand, saveLabel string, shown, typed bool, loop ...bool) (scoring.Hand, bool, error) {
	out := env.Out
	p := env.Prompt
	if start != nil && start.Table > 0 {
		want = start.Table
	}
	table, ok, err := promptTable(env, b, want, shown)
	if err != nil || !ok {
		return scoring.Hand{}, false, err
	}
	e := &handEntry{b: b, table: table, out: -1, cards: map[int]string{}, typed: map[int]bool{}, by: map[int]int{}}
	if start != nil {
		if seat, err := b.Settings.Seat(start.Out); err == nil && slices.Contains(table.Seats, seat) {
			e.out = seat
		}
		for _, l := range start.Left {
			if seat, err := b.Settings.Seat(l.Player); err == nil {
				e.cards[seat] = l.Cards.String()
				e.typed[seat] = typed
			}
		}
		for _, name := range start.KnockedOut {
			if seat, err := b.Settings.Seat(name); err == nil && seat != e.out && slices.Contains(table.Seats, seat) {
				e.knocked = append(e.knocked, seat)
				if k, err := b.Settings.Seat(start.KnockedBy[name]); err == nil {
					e.by[seat] = k
				}
			}
		}
	}
	if e.out < 0 {
		endable := len(loop) > 0 && loop[0] && b.Schedule() == nil && b.Hands() > 0
		seat, ok, err := askWhoWentOut(env, b, table.Seats, -1, endable)
		if err != nil || !ok {
			return scoring.Hand{}, false, err
		}
		e.out = seat
		if mercy(b) > 0 {
			if err := askKnockedOut(env, e); err != nil {
				return scoring.Hand{}, false, err
			}
		}
	}
	switch {
	case len(e.scorers()) == 0:
		// No Mercy: everyone else was knocked out; no cards to enter.
	case b.Deck != nil && b.Deck.Sides != nil:
		fmt.Fprintln(out, flipHandHelp)
	default:
		fmt.Fprintln(out, deckHandHelp(b.Deck))
	}
	choose := start != nil
	for {
		if !choose {
			seat := e.missing()
			if seat >= 0 {
				v, knocked, err := askCards(env, e, seat)
				if err != nil {
					return scoring.Hand{}, false, err
				}
				if knocked {
					continue // the next player's cards
				}
				if v == "" {
					choose = true
					continue
				}
				e.cards[seat], e.typed[seat] = v, true
				continue
			}
			h := e.hand()
			if _, err := b.Check(h); err != nil {
				fmt.Fprintf(out, "%s: %v.\n", env.Style().Warn("That can't be"), err)
				choose = true
				continue
			}
			fmt.Fprintln(out, present.HandSummary(b, h))
			// Kept on the screen with its answer, as every yes/no
			// question of the hand is.
			ok, err := confirmKept(env, saveLabel, true)
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
		if mercy(b) > 0 {
			// In the words of the question: a No Mercy hand is also won
			// by the last player not knocked out.
			items = append(items, "Who won: "+b.Name(e.out))
		} else {
			items = append(items, "Who went out: "+b.Name(e.out))
		}
		knockedItem := -1
		if mercy(b) > 0 {
			knockedItem = len(items)
			items = append(items, e.knockedItem())
		}
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
		i, err := p.Menu("Whose cards?", items, len(scorers), max(cursor, 0))
		if err != nil {
			return scoring.Hand{}, false, err
		}
		switch {
		case i < len(scorers):
			v, knocked, err := askCards(env, e, scorers[i])
			if err != nil {
				return scoring.Hand{}, false, err
			}
			if knocked {
				choose = false
			} else if v != "" {
				e.cards[scorers[i]], e.typed[scorers[i]] = v, true
				choose = false
			}
		case i == outItem:
			seat, ok, err := askWhoWentOut(env, b, table.Seats, e.out, false)
			if err != nil || !ok {
				return scoring.Hand{}, false, err
			}
			e.out = seat
			delete(e.cards, seat)
			e.knocked = slices.DeleteFunc(e.knocked, func(s int) bool { return s == seat })
			choose = false
		case i == knockedItem:
			if err := askKnockedOut(env, e); err != nil {
				return scoring.Hand{}, false, err
			}
			choose = false
		case i == saveItem:
			h := e.hand()
			if _, err := b.Check(h); err != nil {
				fmt.Fprintf(out, "%s: %v.\n", env.Style().Warn("That can't be"), err)
				continue
			}
			fmt.Fprintln(out, present.HandSummary(b, h))
			return h, true, nil
		case i == stopItem:
			// One key would throw away every hand's cards typed: ask
			// first, saying whose (no: the chooser again, all kept).
			if question := e.dropQuestion(); question != "" {
				drop, err := confirmKept(env, question, false)
				if errors.Is(err, prompter.ErrInterrupted) {
					// The question stays, for the sentence saying
					// what was not written.
					say(env, question)
				}
				if err != nil {
					return scoring.Hand{}, false, err
				}
				if !drop {
					continue
				}
			}
			return scoring.Hand{}, false, nil
		}
	}
}

// absentWhy says why letters typed at "Who went out?" pick no one at the
// table, when they start the name of a player who is not there: "Eve
// sits out this round", "Hal plays at another table"; "" otherwise.
func absentWhy(b *scoring.Board, active []int) func(string) string {
	return func(typed string) string {
		typed = strings.ToLower(typed)
		for seat, name := range b.Settings.Players {
			if slices.Contains(active, seat) || !strings.HasPrefix(strings.ToLower(name), typed) {
				continue
			}
			if seat == b.SittingOutNow() {
				return name + " sits out this round"
			}
			return name + " plays at another table"
		}
		return ""
	}
}

// askWhoWentOut asks who went out; ok is false for "stop for now". Where
// the table may end the game here (the first question of a hand in the
// hand loop, once a hand is counted, outside rotating games), the list
// ends with "(end the game here)", and that answer is errEndHere.
func askWhoWentOut(env *Env, b *scoring.Board, active []int, current int, endable bool) (int, bool, error) {
	items := append(b.Names(active), "(stop for now)")
	if endable {
		items = append(items, endItem)
	}
	cursor := max(slices.Index(active, current), 0)
	label := "Who went out?"
	if mercy(b) > 0 {
		// No Mercy: a hand is also won by the last player not knocked out.
		label = "Who won (went out, or last not knocked out)?"
	}
	var i int
	var err error
	if p, ok := env.Prompt.(prompter.Absent); ok && len(active) < len(b.Settings.Players) {
		i, err = p.PickAbsent(label, items, cursor, absentWhy(b, active))
	} else {
		i, err = env.Prompt.Pick(label, items, cursor)
	}
	switch {
	case err != nil || i == len(active):
		return -1, false, err
	case i > len(active):
		return -1, false, errEndHere
	}
	return active[i], true, nil
}

// askKnockedOut asks, in a No Mercy game, whether anyone was knocked out
// of the hand by the mercy rule (the default no) and, on yes, who: one
// name at a time from the players still in, until "(no one else)" or no
// one is left. It replaces the knock-outs entered before; a player
// knocked out has no cards to enter.
func askKnockedOut(env *Env, e *handEntry) error {
	b := e.b
	// Kept on the screen with its answer, as the picks under it are.
	yes, err := confirmKept(env, fmt.Sprintf("Was anyone knocked out (%d cards or more)?", mercy(b)), false)
	if err != nil {
		return err
	}
	e.knocked = nil
	clear(e.by)
	if !yes {
		return nil
	}
	for {
		var left []int
		for _, seat := range e.knockable() {
			if !slices.Contains(e.knocked, seat) {
				left = append(left, seat)
			}
		}
		if len(left) == 0 {
			break
		}
		// The first pick follows a yes: someone was knocked out, the
		// players first. After one, Enter alone must not knock out one
		// more: "(no one else)" comes first, under the cursor, and a
		// player is picked by a letter or the arrows.
		items, first := append(b.Names(left), "(no one)"), 0
		label := "Who was knocked out?"
		if len(e.knocked) > 0 {
			items, first = append([]string{"(no one else)"}, b.Names(left)...), 1
			label = "Who else was knocked out?"
		}
		i, err := env.Prompt.Pick(label, items, 0)
		if err != nil {
			return err
		}
		if i -= first; i < 0 || i == len(left) {
			break
		}
		if err := e.knockOut(env, left[i]); err != nil {
			return err
		}
	}
	e.sayKnockedOut(env)
	return nil
}

// knockOut marks seat knocked out of the hand: its cards are dropped and,
// where the knocker receives the bonus, who knocked them out is asked.
func (e *handEntry) knockOut(env *Env, seat int) error {
	b := e.b
	e.knocked = append(e.knocked, seat)
	delete(e.cards, seat)
	delete(e.typed, seat)
	if !b.ToKnocker() {
		return nil
	}
	// The knocker receives the bonus: who played the card that made them
	// draw, anyone else at the table. Not a player they knocked out,
	// however far down the chain: they went out before them.
	knockedBy := func(other int) bool {
		for k, ok := other, true; ok; k, ok = e.by[k] {
			if k == seat {
				return true
			}
		}
		return false
	}
	var others []int
	for _, s := range e.table.Seats {
		if !knockedBy(s) && !b.Eliminated(s) {
			others = append(others, s)
		}
	}
	k, err := env.Prompt.Pick(fmt.Sprintf("Who knocked %s out?", b.Name(seat)), b.Names(others), slices.Index(others, e.out))
	if err != nil {
		return err
	}
	e.by[seat] = others[k]
	return nil
}

// sayKnockedOut puts the knock-outs in seating order after the player who
// won, as the board lists them, and says what they are worth.
func (e *handEntry) sayKnockedOut(env *Env) {
	b := e.b
	var order []int
	for _, seat := range e.knockable() {
		if slices.Contains(e.knocked, seat) {
			order = append(order, seat)
		}
	}
	e.knocked = order
	bonus := b.Deck.Decl.Rules.KnockOutBonus
	switch n := len(e.knocked); {
	case n == 0:
	case b.Uncharged(): // lowest, challenge, a game begun before the charge
		fmt.Fprintf(env.Out, "  Knocked out: %s, not charged (the rule when this game began)\n", words.Join(b.Names(e.knocked)))
	case b.Charges(): // lowest, challenge: charged to each one knocked out
		onto := b.Name(e.knocked[0]) + "'s tally"
		if n > 1 {
			onto = "each one's tally"
		}
		fmt.Fprintf(env.Out, "  Knocked out: %s = %s onto %s\n", words.Join(b.Names(e.knocked)), words.Count(bonus, "point"), onto)
	case b.ToKnocker():
		var each []string
		for _, seat := range e.knocked {
			each = append(each, fmt.Sprintf("%s by %s = %s to %s", b.Name(seat), b.Name(e.by[seat]), words.Count(bonus, "point"), b.Name(e.by[seat])))
		}
		fmt.Fprintf(env.Out, "  Knocked out: %s\n", strings.Join(each, "; "))
	default:
		fmt.Fprintf(env.Out, "  Knocked out: %s = %s to %s\n", words.Join(b.Names(e.knocked)), words.Count(n*bonus, "point"), b.Name(e.out))
	}
}

// endItem is the hand loop's answer to "Who went out?" that ends the game
// where it stands.
const endItem = "(end the game here)"

// errEndHere is hand's answer when the person chose to end the game here.
var errEndHere = errors.New("end the game here")

// endHere asks before ending the game where it stands (the default no),
// naming who leads, then whether the table counts a winner (askWinner),
// and ends it: with no winner counted, the leaders are named as leading.
func endHere(env *Env, g *scoring.Game) error {
	b := g.Board
	question := fmt.Sprintf("End the game after hand %d?", b.Hands())
	if l := b.Leaders(); len(l) > 0 {
		question = fmt.Sprintf("End the game after hand %d, %s leading?", b.Hands(), words.Join(b.Names(l)))
	}
	ok, err := confirmKept(env, question, false)
	if err != nil || !ok {
		return err
	}
	winner, err := askWinner(env, b)
	if err != nil {
		return err
	}
	var after *scoring.Game
	saved, err := SaveRetrying(env, "end", func() error {
		return env.Change(func(db Games) error {
			var err error
			after, err = db.End(g.ID, winner, g.Changes())
			return err
		})
	})
	if err == nil && !saved {
		say(env, "The game was not ended: nothing was written.")
		return nil
	}
	if err != nil {
		if errors.Is(err, scoring.ErrChanged) || present.BadInput(err) {
			say(env, fmt.Sprintf("%s %v", env.Style().Warn("Not ended:"), err))
			return nil
		}
		return err
	}
	if c, ok := after.LastChange(); ok {
		fmt.Fprintln(env.Out)
		say(env, "Saved. "+words.Capitalize(c.Sentence())+".")
	}
	return nil
}

// askWinner asks, for a game ended where it stands, whether the table
// counts the leader as its winner (a game won at its target and played
// on, say): "Count Dad as the winner? [y/N]" (partners: the leading
// team). Players tied in the lead are offered in a list that starts on
// "(no winner)". Enter alone names no one, as "unoscore end" without
// --winner does; the answer is the winner's name, or "".
func askWinner(env *Env, b *scoring.Board) (string, error) {
	cols := b.LeadingColumns()
	switch len(cols) {
	case 0:
		return "", nil // no hand counted: no one leads
	case 1:
		seats := b.Columns()[cols[0]].Seats
		question := fmt.Sprintf("Count %s as the winner?", b.Name(seats[0]))
		if len(seats) > 1 {
			question = fmt.Sprintf("Count %s as the winners?", words.Join(b.Names(seats)))
		}
		yes, err := confirmKept(env, question, false)
		if err != nil || !yes {
			return "", err
		}
		return b.Name(seats[0]), nil
	}
	items := []string{"(no winner)"}
	for _, c := range cols {
		items = append(items, words.Join(b.Names(b.Columns()[c].Seats)))
	}
	i, err := env.Prompt.Pick("Who won the game?", items, 0)
	if err != nil || i == 0 {
		return "", err
	}
	return b.Name(b.Columns()[cols[i-1]].Seats[0]), nil
}

// playOn offers a game won at its target to play on to a higher one
// ("Play on to 1000?": a target, or Enter for no), and sets it. on says
// that the game goes on. A game ended early, or one whose mode has no
// target to raise that lets it go on (rotating, Challenge UNO), is not
// asked.
func playOn(env *Env, g *scoring.Game) (on bool, err error) {
	b := g.Board
	m := b.Settings.Mode
	if b.EndedEarly() || !m.HasTarget() || m == scoring.Challenge || b.Settings.Target >= scoring.MaxTarget {
		return false, nil
	}
	suggest := b.PlayOnTarget()
	label := fmt.Sprintf("Play on to %d? (a new target, or Enter for no)", suggest)
	fmt.Fprintln(env.Out)
	for {
		v, err := env.Prompt.Input(label, "", func(v string) error {
			_, err := playOnAnswer(v, suggest)
			return err
		})
		if err != nil {
			return false, err
		}
		n, _ := playOnAnswer(v, suggest)
		if n == 0 {
			return false, nil
		}
		var after *scoring.Game
		saved, err := SaveRetrying(env, "target", func() error {
			return env.Change(func(db Games) error {
				var err error
				after, err = db.SetTarget(g.ID, n, g.Changes())
				return err
			})
		})
		switch {
		case err == nil && !saved:
			return false, nil
		case err != nil && present.BadInput(err):
			say(env, fmt.Sprintf("%s %v.", env.Style().Warn("Not changed:"), err))
			continue
		case err != nil:
			if errors.Is(err, scoring.ErrChanged) {
				say(env, fmt.Sprintf("%s %v", env.Style().Warn("Not changed:"), err))
				return true, nil // the game as it is now
			}
			return false, err
		}
		c, _ := after.LastChange()
		line := "Saved. " + words.Capitalize(c.Sentence())
		if !after.Board.Over() {
			line += ": the game goes on"
		}
		say(env, line+".")
		return true, nil
	}
}

// playOnAnswer reads the answer to "Play on to N?": "" or no is 0 (no),
// yes is the target suggested, and a number is that target.
func playOnAnswer(v string, suggest int) (int, error) {
	switch t := strings.ToLower(strings.TrimSpace(v)); t {
	case "", "n", "no":
		return 0, nil
	case "y", "yes":
		return suggest, nil
	default:
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 {
			return 0, fmt.Errorf("type a target in points, such as %d, or press Enter for no", suggest)
		}
		return n, nil
	}
}

// sideClash says, in a prompt's width, that the cards typed for seat and
// those entered for the others name both sides of UNO Flip, and which
// entry to change: these cards, or whose ("cards of both sides (r7
// light, pk5 dark): a hand counts on one side; change these cards or
// Bob's").
func sideClash(e *handEntry, seat int, hand rules.Hand, se *rules.SideError) error {
	d := e.b.Deck
	if err := d.Check(hand); errors.As(err, &se) {
		return fmt.Errorf("%s; change one of these cards", se.Short())
	}
	for s := range e.b.Settings.Players {
		c, ok := e.cards[s]
		if !ok || s == seat || s == e.out {
			continue
		}
		h, _ := d.ParseHand(c)
		if err := d.Check(hand, h); errors.As(err, &se) {
			return fmt.Errorf("%s; change these cards or %s's", se.Short(), e.b.Name(s))
		}
	}
	return errors.New(se.Short())
}

// askCards asks for one player's cards, checked as they are typed: the
// notation, and that the deck holds them beside the other hands entered.
// "" means the person wants to choose whose cards to enter. In a deck
// with a mercy rule, cards enough to knock the player out are said to,
// and the player is offered to be marked knocked out (knocked: they were;
// their cards are dropped) or the cards to be changed.
func askCards(env *Env, e *handEntry, seat int) (v string, knocked bool, err error) {
	b := e.b
	name := b.Name(seat)
	validate := func(v string) error {
		if t := strings.TrimSpace(v); t == "?" || t == "" {
			return nil
		}
		hand, err := b.Deck.ParseHand(v)
		if err != nil {
			return rules.NotationHelp(err, "? shows the notation")
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
			return sideClash(e, seat, hand, se)
		}
		return err
	}
	text := e.cards[seat]
	for {
		v, err := env.Prompt.Edit(name+"'s cards", text, validate)
		if err != nil {
			return "", false, err
		}
		if strings.TrimSpace(v) == "?" {
			fmt.Fprintln(env.Out, ui.Wrap(deckNotationHelp(b.Deck), env.Width()))
			continue
		}
		if v == "" {
			return "", false, nil
		}
		hand, _ := b.Deck.ParseHand(v)
		if m := mercy(b); m > 0 && len(hand.Cards) >= m {
			// Caught here, not at the summary, in the prompts' words.
			say(env, fmt.Sprintf("%s holds %d cards: with %d or more, the mercy rule knocks a player out of the hand, and their cards are not scored.", name, len(hand.Cards), m))
			yes, err := confirmKept(env, fmt.Sprintf("Mark %s knocked out? (no: change the cards)", name), false)
			if err != nil {
				return "", false, err
			}
			if !yes {
				text = v
				continue
			}
			if err := e.knockOut(env, seat); err != nil {
				return "", false, err
			}
			e.sayKnockedOut(env)
			return "", true, nil
		}
		fmt.Fprintf(env.Out, "  %s: %s = %s\n", name, env.Style().Cards(hand), words.Count(b.Deck.HandPoints(hand), "point"))
		return hand.String(), false, nil
	}
}

// promptTable asks at which table the hand was played, when several are
// still playing, and shows that table's pairs and dealer in a rotating
// game; with want (hand --table) it asks nothing while that table plays.
// ok is false when the person chose to stop. shown: the table's line is
// on the screen just above (the hand loop's totals end with every
// table's), and is not printed again.
func promptTable(env *Env, b *scoring.Board, want int, shown bool) (scoring.Table, bool, error) {
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
	if want > 0 && err != nil && !shown { // shown: the tables' lines said it
		say(env, words.Capitalize(err.Error())+".")
	}
	if want <= 0 && waits > 0 && !shown { // shown: the tables' lines said it
		for _, o := range b.Tables() {
			if w := b.WaitSentence(o); w != "" {
				say(env, w+".")
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
		i, err := env.Prompt.Select("Which table?", items, 0)
		if err != nil || i == len(open) {
			return scoring.Table{}, false, err
		}
		t = open[i]
		asked = true
	}
	switch {
	case asked || (shown && len(b.Tables()) > 1):
		// The pairs were on the list, or every table's line just above:
		// which table this hand is at, in one line.
		fmt.Fprintf(env.Out, "Round %d of %d, hand %d of %d at table %d; %s deals.\n",
			t.Round, len(b.Schedule()), t.Hands+1, b.Settings.Hands, t.Number, b.Name(t.Dealer))
	case t.Round > 0 && !shown:
		fmt.Fprintln(env.Out, present.TableLine(b, t))
	}
	if l := present.SitOutLine(b, t.Round); l != "" && !shown {
		say(env, l)
	}
	return t, true, nil
}
