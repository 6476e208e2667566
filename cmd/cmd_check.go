package cmd

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
)

// newCheckCmd is "unoscore check", the parent of its three questions. It
// asks nothing itself (a missing or unknown question is refused); runF, when
// a test gives one, is handed to the questions, so that "check play ..." is
// tested as typed, through the parent.
func newCheckCmd(app *App, runF func(*checkOptions) error) *cobra.Command {
	c := &cobra.Command{
		Use:   "check",
		Short: "Referee a play: may this card go there, is the bluff guilty, what does the first card do",
		Long: `Referee a dispute at the table:

  check play CARD --on CARD [--color C] [--hand CARDS]
  check challenge --on CARD [--color C] --hand CARDS
  check start CARD [--players N]

An illegal play or a guilty player is an answer, not an error: the exit code
is 0. A card that cannot be read exits 2, and so do cards that one deck
could not hold together (--hand, the card played and --on).

` + strings.TrimSuffix(wrap("--deck names the deck ("+strings.Join(rules.DeckIDs(), ", ")+"). Without it "+
			"the deck is the classic one, or the deck the cards named belong to: "+inferHelp()+
			", or for cards of both UNO Flip's sides (r5 on t5: refused, as they mix sides). "+
			"With the flip deck every card named is on one side, and the challenge is of "+flipChallengeHelp()+".", 79, "", ""), "\n"),
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return unknownCommand(c, args[0])
			}
			return usagef("check needs a question: play, challenge or start; see \"unoscore check --help\"")
		},
		RunE: func(c *cobra.Command, args []string) error { return nil }, // never reached: Args refuses
	}
	c.AddCommand(newCheckPlayCmd(app, runF), newCheckChallengeCmd(app, runF), newCheckStartCmd(app, runF))
	return c
}

type checkOptions struct {
	app          *App
	Card         string // the card the question is about (play, start)
	DeckGiven    bool   // --deck was given; else the deck is read from the cards named
	PlayersGiven bool   // --players was given (start)
	Deck         string
	On           string
	Color        string
	Hand         string
	Players      int
	JSON         bool
	Game         string // --game: the game answered for (else the current one)
	// Challenge: the question is a challenge, of a Wild Draw Four (UNO
	// Flip: its own wild draw cards); a one-sided game's deck without a
	// Wild Draw Four is then not the deck answered with.
	Challenge bool

	table     rules.Table // the game's deck and house rules, read once
	tableRead bool
}

// forTable is the game the answer is for: --game, else the current game;
// an empty Table when there is none. A --game that cannot be read is an
// error; a current game that cannot be read is said on stderr and left
// out (gameTable).
func (o *checkOptions) forTable() (rules.Table, error) {
	if !o.tableRead {
		t, _, err := gameTable(o.app, o.Game)
		if err != nil {
			return rules.Table{}, err
		}
		o.table, o.tableRead = t, true
	}
	return o.table, nil
}

// house is the house rules of the game answered for, an empty list
// without one.
func (o *checkOptions) house() []string {
	t, _ := o.forTable() // an error was already returned by deck()
	if t.House == nil {
		return []string{}
	}
	return t.House
}

func (o *checkOptions) addTop(c *cobra.Command) {
	c.Flags().StringVar(&o.On, "on", "", "the card on top of the discard pile")
	c.Flags().StringVar(&o.Color, "color", "", "the colour called for a wild on top ("+colorHelp()+")")
	c.Flags().StringVar(&o.Hand, "hand", "", "the player's other cards")
	o.addDeck(c)
	_ = c.RegisterFlagCompletionFunc("on", cardCompletion)
	_ = c.RegisterFlagCompletionFunc("color", colorCompletion)
}

// addDeck adds --deck and --json.
func (o *checkOptions) addDeck(c *cobra.Command) {
	c.Flags().StringVar(&o.Deck, "deck", rules.DefaultDeck, "the deck played with: "+strings.Join(rules.DeckIDs(), ", "))
	jsonFlag(c, &o.JSON, "print the answer as JSON")
	gameFlag(c, o.app, &o.Game, "the game whose deck and house rules the answer is for (default the current game)")
	_ = c.RegisterFlagCompletionFunc("deck", fixedCompletion(rules.DeckIDs()...))
}

// deck reads --deck. Without it the deck is the game's (--game, else the
// current game's) when it reads every card named (the argument, --on,
// --color, --hand); else the classic one, unless the cards named belong
// only to another: a Wild Shuffle Hands or Wild Customizable to the
// shuffle deck, purple or pink to the themed deck.
func (o *checkOptions) deck() (*rules.Deck, error) {
	t, err := o.forTable()
	if err != nil {
		return nil, err
	}
	id := o.Deck
	if !o.DeckGiven {
		if t.Deck != nil && readsAll(t.Deck, o.Card, o.On, o.Color, o.Hand) && (!o.Challenge || canBeChallenged(t.Deck)) {
			return t.Deck, nil
		}
		id = inferDeck(o.Card, o.On, o.Color, o.Hand)
	}
	d, err := rules.LookupDeck(id)
	if err != nil {
		return nil, usagef("--deck: %v", err)
	}
	return d, nil
}

// canBeChallenged reports whether d holds the card check challenge
// judges: a Wild Draw Four, or UNO Flip's (two sides) wild draw cards.
// No Mercy has none (issue: "check challenge" in a No Mercy game said to
// write wrd4, which check challenge has nowhere to take).
func canBeChallenged(d *rules.Deck) bool {
	if d.Sides != nil {
		return true
	}
	c, err := d.ParseCard("wd4")
	return err == nil && d.Check(rules.Hand{Cards: []rules.Card{c}}) == nil
}

// readsAll reports whether d reads every card and colour named (the card,
// --on, --color, --hand; empty ones are not named) as cards it holds.
func readsAll(d *rules.Deck, card, on, color, hand string) bool {
	named, ok := readBy(d, card, on, color, hand)
	return ok && d.Check(rules.Hand{Cards: named}) == nil
}

// readBy reads each word (the card, --on, --color, --hand; an empty one
// is not named) as a colour or cards of deck d: the cards named, and
// false when d reads a word as neither. readsAll and editionReading walk
// the decks with it.
func readBy(d *rules.Deck, words ...string) ([]rules.Card, bool) {
	var named []rules.Card
	for _, w := range words {
		if w = strings.TrimSpace(w); w == "" {
			continue
		}
		if _, err := d.ParseColor(w); err == nil {
			continue
		}
		h, err := d.ParseHand(w)
		if err != nil {
			return nil, false
		}
		named = append(named, h.Cards...)
	}
	return named, true
}

// inferDeck is the deck the words name cards of: the first of the classic,
// shuffle, themed and flip decks that has every colour and face named (a
// Wild Shuffle Hands or Wild Customizable: shuffle; purple or pink: themed;
// teal, orange or a Flip face: flip), on one side for the flip deck; then
// the deck that has them on either side (a red 5 on a teal 5: flip, whose
// referee says the cards mix sides); the classic deck when none has them
// all.
func inferDeck(words ...string) string {
	var named []rules.Card
	unread := false // a word no deck of the rulebooks reads: a newer edition's card?
	for _, w := range words {
		if c, err := rules.ParseColor(w); err == nil {
			named = append(named, rules.Card{Color: c})
			continue
		}
		h, err := rules.ParseHand(w)
		unread = unread || err != nil
		named = append(named, h.Cards...)
	}
	if unread {
		if id := editionReading(words); id != "" {
			return id
		}
	}
	has := func(d *rules.Deck, c rules.Card) bool {
		return (c.Color == rules.NoColor || d.HasColor(c.Color)) && (c.Face.IsNumber() || d.Copies(c.Face) > 0)
	}
	flipOnly := false // a card or colour named that only the flip deck has
	for _, id := range inferredDecks {
		d, err := rules.LookupDeck(id)
		if err != nil {
			continue
		}
		ok := true
		for _, c := range named {
			if !has(d, c) {
				ok = false
			} else if id == "flip" && !slices.ContainsFunc([]string{rules.DefaultDeck, "shuffle", "themed"}, func(other string) bool {
				o, err := rules.LookupDeck(other)
				return err == nil && (has(o, rules.Card{Color: c.Color}) && has(o, rules.Card{Face: c.Face}))
			}) {
				flipOnly = true
			}
		}
		if _, err := d.SameSide(rules.NoColor, named...); ok && (err == nil || id == "flip" && flipOnly) {
			return id
		}
	}
	return rules.DefaultDeck
}

// top reads --on and --color.
func (o *checkOptions) top(d *rules.Deck) (rules.Card, rules.Color, error) {
	if o.On == "" {
		return rules.Card{}, 0, usagef("missing --on: the card on top of the discard pile, as in --on %s7", d.Colors[0].Letter())
	}
	top, err := d.ParseCard(strings.TrimSpace(o.On))
	if err != nil {
		return rules.Card{}, 0, usagef("--on: %v", err)
	}
	called := rules.NoColor
	if o.Color != "" {
		if called, err = d.ParseColor(o.Color); err != nil {
			return rules.Card{}, 0, usagef("--color: %v", err)
		}
	}
	return top, called, nil
}

// hand reads --hand; nil when it was not given.
func (o *checkOptions) hand(d *rules.Deck) ([]rules.Card, error) {
	if o.Hand == "" {
		return nil, nil
	}
	h, err := d.ParseHand(o.Hand)
	if err != nil {
		return nil, usagef("--hand: %v", err)
	}
	if len(h.Counted) > 0 {
		return nil, usagef("--hand takes the cards themselves, not counted points")
	}
	if h.Cards == nil {
		h.Cards = []rules.Card{}
	}
	return h.Cards, nil
}

// fits checks that the cards on the table (the hand, the card played, the
// top card) could all come from one deck, as hand does for a hand.
func fits(d *rules.Deck, hand []rules.Card, more ...rules.Card) error {
	all := append(append([]rules.Card{}, hand...), more...)
	if err := d.Check(rules.Hand{Cards: all}); err != nil {
		return usagef("%v (counting --hand, the card played and --on; --deck picks another deck)", err)
	}
	return nil
}

// refereeError turns the referee's "cannot tell" into what to type.
func refereeError(err error, top rules.Card, d *rules.Deck) error {
	switch {
	case errors.Is(err, rules.ErrNeedCalled):
		return usagef("%s is on top: add --color with the colour that was called, as in --color %s", rules.WithArticle(top.String()), d.Colors[0])
	case errors.Is(err, rules.ErrCalledNotWild):
		return usagef("--color is only for a wild on top; %s shows its own colour", rules.WithArticle(top.String()))
	case errors.Is(err, rules.ErrTopColor):
		return usagef("the colour of the top card decides the answer: give it, as in --on %s%s", d.Colors[0].Letter(), top.Face.Token())
	case errors.Is(err, rules.ErrCardColor):
		return usagef("the colour of the card played decides the answer: give it, as in %s7", d.Colors[0].Letter())
	}
	var hc *rules.HandColorError
	if errors.As(err, &hc) {
		return usagef("--hand: %v", hc)
	}
	return err
}

// completionDeck is the deck named by the command's --deck flag, if it has
// one, else the classic deck.
func completionDeck(c *cobra.Command) *rules.Deck {
	id := rules.DefaultDeck
	if f := c.Flags().Lookup("deck"); f != nil {
		id = f.Value.String()
	}
	d, err := rules.LookupDeck(id)
	if err != nil {
		d, _ = rules.LookupDeck(rules.DefaultDeck)
	}
	return d
}

// colorCompletion completes the colours of the --deck given.
func colorCompletion(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return fixedCompletion(completionDeck(c).ColorNames()...)(c, args, toComplete)
}

// cardCompletion completes card tokens: every face, in every colour of the
// --deck given (the classic colours without one).
func cardCompletion(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return deckCards(completionDeck(c), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// deckCards lists the deck's card tokens that start with prefix, each with
// its name as the hint.
func deckCards(d *rules.Deck, prefix string) []string {
	var out []string
	for _, f := range rules.Faces {
		if d.Copies(f) == 0 {
			continue
		}
		cards := []rules.Card{{Face: f}}
		if !f.IsWild() {
			cards = nil
			for _, col := range d.Colors {
				cards = append(cards, rules.Card{Color: col, Face: f})
			}
		}
		for _, card := range cards {
			if _, err := d.ParseCard(card.Token()); err != nil {
				continue // UNO Flip: a face its colour's side does not have
			}
			if strings.HasPrefix(card.Token(), strings.ToLower(prefix)) {
				out = append(out, card.Token()+"\t"+card.String())
			}
		}
	}
	return out
}

// editionReading is the first deck, in the order the decks are declared,
// that reads every word given as its cards or colours (readBy: "wd6":
// no-mercy, "rh2": attack); "" when none does.
func editionReading(words []string) string {
	for _, d := range rules.Decks() {
		if _, ok := readBy(d, words...); ok {
			return d.ID
		}
	}
	return ""
}

// inferredDecks are the decks check reads from the cards named when --deck
// is not given, in the order tried: a newer edition's cards are read by
// editionReading.
var inferredDecks = []string{rules.DefaultDeck, "shuffle", "themed", "flip"}

// sidesOf is a deck's sides, or the deck itself for a one-sided deck.
func sidesOf(d *rules.Deck) []*rules.Deck {
	if d.Sides == nil {
		return []*rules.Deck{d}
	}
	return d.Sides
}

// inferHelp says, from the decks' declarations, which colours and cards
// make check read each of inferredDecks but the first: "the shuffle deck
// for ws or wc, the themed deck for purple (pu) or pink (pk), ...": those
// no deck before it has.
func inferHelp() string {
	seenC := map[rules.Color]bool{}
	seenF := map[rules.Face]bool{}
	var parts []string
	for i, id := range inferredDecks {
		d, err := rules.LookupDeck(id)
		if err != nil {
			continue
		}
		var colors, faces []string
		for _, s := range sidesOf(d) {
			for _, c := range s.Colors {
				if !seenC[c] {
					seenC[c] = true
					colors = append(colors, fmt.Sprintf("%s (%s)", c, c.Letter()))
				}
			}
			for _, f := range s.Faces() {
				if !seenF[f] {
					seenF[f] = true
					if !f.IsNumber() {
						faces = append(faces, f.Token())
					}
				}
			}
		}
		if i == 0 {
			continue
		}
		name := "the " + id + " deck"
		if d.Decl.Title != "" {
			name = "the " + d.Decl.Title + " deck"
		}
		what := colors
		switch {
		case len(faces) > 0 && len(colors) > 0:
			what = append(what, "its own cards ("+strings.Join(faces, ", ")+")")
		case len(faces) > 0:
			what = faces
		}
		if len(what) > 0 {
			parts = append(parts, name+" for "+words.JoinOr(what))
		}
	}
	return strings.Join(parts, ", ")
}

// colorHelp lists, from the decks' declarations, the colours --color
// takes: the classic deck's, then each other set of colours with the first
// deck (or UNO Flip side) that has it.
func colorHelp() string {
	var parts []string
	var seen []string
	for _, d := range rules.Decks() {
		for _, s := range sidesOf(d) {
			if len(s.Colors) == 0 {
				continue
			}
			var names, letters []string
			for _, c := range s.Colors {
				names = append(names, c.String())
				letters = append(letters, c.Letter())
			}
			key := slices.Clone(names)
			slices.Sort(key) // UNO Flip's light side is the classic colours
			if slices.Contains(seen, strings.Join(key, ",")) {
				continue
			}
			seen = append(seen, strings.Join(key, ","))
			list := strings.Join(names, ", ") + " or " + strings.Join(letters, ", ")
			switch {
			case len(parts) == 0:
			case s.Side != rules.NoSide:
				list = fmt.Sprintf("%s's %s side: %s", d.Decl.Title, s.Side, list)
			default:
				list = "the " + d.ID + " deck: " + list
			}
			parts = append(parts, list)
		}
	}
	return strings.Join(parts, "; ")
}

// flipChallengeHelp names the Wild Draw card a challenge is of on each of
// UNO Flip's sides, from its declaration: "a Wild Draw Two (light) or a
// Wild Draw Color (dark)".
func flipChallengeHelp() string {
	d, err := rules.LookupDeck("flip")
	if err != nil {
		return "its wild draw cards"
	}
	var each []string
	for _, s := range sidesOf(d) {
		for _, f := range s.Faces() {
			if f.IsWild() && f != rules.Wild {
				each = append(each, fmt.Sprintf("%s (%s)", rules.WithArticle(f.String()), s.Side))
			}
		}
	}
	return words.JoinOr(each)
}
