package flow

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// Issue 22, item 9 (from cmd's TestTerminalSmallerThings): the ? help and
// the list of decks.
func TestDeckWords(t *testing.T) {
	// The ? help names only the deck's own wild cards.
	for _, c := range []struct {
		deck  string
		has   []string
		lacks []string
	}{
		{"classic", []string{"wd4 +4", "Wild Draw Four, 50 points"}, []string{"ws ", "wc ", "Shuffle", "Customizable"}},
		{"shuffle", []string{"ws shuffle", "Wild Shuffle Hands, 40 points", "wc custom", "Wild Customizable, 40 points"}, nil},
	} {
		d, err := rules.LookupDeck(c.deck)
		if err != nil {
			t.Fatal(err)
		}
		help := deckNotationHelp(d)
		for _, w := range c.has {
			if !strings.Contains(help, w) {
				t.Errorf("%s: no %q in\n%s", c.deck, w, help)
			}
		}
		for _, w := range c.lacks {
			if strings.Contains(help, w) {
				t.Errorf("%s: %q in\n%s", c.deck, w, help)
			}
		}
	}
	// Each deck said in words that fit the list, none cut.
	for _, width := range []int{80, 60, 40} {
		for _, d := range rules.Decks() {
			item := deckItem(d, width)
			if !strings.HasPrefix(item, d.ID) || strings.Contains(item, "…") || ui.Width(item) > width-4 {
				t.Errorf("at %d columns, the %s deck is %q", width, d.ID, item)
			}
		}
	}
}

// The "Player N" prompt takes a comma list as the first prompt does
// ("Cat, Dan" names two players), checked as a whole: a name twice is
// refused there, and a line of commas alone names nobody.
func TestPlayerPromptTakesAList(t *testing.T) {
	env, f, _ := testEnv(t, "Ann", "Bob", "Cat, Dan", "Bob, Eve", ",", "Eve", "")
	names, err := promptPlayers(env)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(names, []string{"Ann", "Bob", "Cat", "Dan", "Eve"}) {
		t.Errorf("players %q", names)
	}
	if len(f.Rejected) != 2 || !strings.Contains(f.Rejected[0], "Bob is named twice") || !strings.Contains(f.Rejected[1], "name the next player") {
		t.Errorf("rejected %q", f.Rejected)
	}
}

// Drawing for the dealer with UNO Flip: a card the cards drawn before rule
// out is refused in the draw's words, not a hand's: nobody holds one yet.
func TestDrawForDealerSaysTheDraw(t *testing.T) {
	env, f, _ := testEnv(t, "r7", "pk7", "r7", "r7", "b2", "g1", "g5")
	dealer, err := drawForDealer(env, []string{"Ann", "Bob", "Cat"}, "flip")
	if err != nil {
		t.Fatal(err)
	}
	if dealer != "Bob" {
		t.Errorf("dealer %q", dealer)
	}
	want := []string{
		"pk7: the cards drawn for the deal are read on one side: a red 7 (light side) was drawn, so a pink 7 (dark side) cannot be",
		"r7: a card drawn for the deal comes from the deck: the light side of the UNO Flip deck has only 2 red 7s, and 2 were drawn already",
	}
	if !slices.Equal(f.Rejected, want) {
		t.Errorf("rejected %q, want %q", f.Rejected, want)
	}
}

// An empty name at the prompts is refused where it is typed, naming its
// place, and asked again: it was dropped, making a game of one player
// fewer.
func TestSettingsRefusesEmptyNames(t *testing.T) {
	env, f, _ := testEnv(t,
		"Ann,,Bob", "Ann, Bob, Cat",
		"standard", "", "classic", "Ann",
	)
	s, err := Settings(env, scoring.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Players, []string{"Ann", "Bob", "Cat"}) {
		t.Errorf("players %q", s.Players)
	}
	if !slices.Equal(f.Rejected, []string{"Ann,,Bob: the 2nd name is empty"}) {
		t.Errorf("rejected %q", f.Rejected)
	}
	// One name, then a comma list with an empty entry for the next.
	env, f, _ = testEnv(t, "Ann", "Bob, ,Cat", "Bob, Cat", "", "standard", "", "classic", "Ann")
	if s, err = Settings(env, scoring.Settings{}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Players, []string{"Ann", "Bob", "Cat"}) || !slices.Equal(f.Rejected, []string{"Bob, ,Cat: the 2nd name is empty"}) {
		t.Errorf("players %q, rejected %q", s.Players, f.Rejected)
	}
}

// The list of decks lines its words up after the longest id (triple-play
// pushed its own out of line), and every deck is said in words at 80 and
// 60 columns (all-wild and no-mercy were their ids alone).
func TestDeckListLinesUp(t *testing.T) {
	for _, width := range []int{80, 60} {
		at := -1
		for _, d := range rules.Decks() {
			item := deckItem(d, width)
			rest := strings.TrimLeft(strings.TrimPrefix(item, d.ID), " ")
			if rest == "" {
				t.Errorf("at %d columns, the %s deck has no words: %q", width, d.ID, item)
				continue
			}
			col := ui.Width(item) - ui.Width(rest)
			if at == -1 {
				at = col
			}
			if col != at {
				t.Errorf("at %d columns, the %s deck's words start at column %d, not %d: %q", width, d.ID, col, at, item)
			}
		}
	}
}

// No Mercy plays to 1,000 at the prompts as from flags: the target's
// default is 1,000 when --deck said no-mercy, and when the deck is picked
// after the target, its 1,000 is offered in place of the target given.
func TestNoMercyTargetAtThePrompts(t *testing.T) {
	given := scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Mode: scoring.Standard, Dealer: "Ann"}
	for _, c := range []struct {
		name    string
		deck    string
		answers []string
		want    int
	}{
		{"--deck no-mercy, Enter at the target", "no-mercy", []string{"", ""}, 1000},
		{"--deck no-mercy, 300 typed", "no-mercy", []string{"300", ""}, 300},
		{"picked after the target, 1000 taken", "", []string{"", "no-mercy", "", ""}, 1000},
		{"picked after the target, 500 kept", "", []string{"", "no-mercy", "no", ""}, 500},
		{"classic: nothing offered", "", []string{"", "classic"}, 500},
	} {
		env, f, _ := testEnv(t, c.answers...)
		s := given
		s.Deck = c.deck
		got, err := Settings(env, s)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.Target != c.want {
			t.Errorf("%s: target %d, want %d (asked %q)", c.name, got.Target, c.want, f.Labels)
		}
		if len(f.Answers) != 0 {
			t.Errorf("%s: answers left over %q (asked %q)", c.name, f.Answers, f.Labels)
		}
	}
}

// The list of decks offers only those the table can play with: UNO Party
// (6 to 16 players) was offered to two, and the game refused at the end,
// every answer lost.
func TestDeckListFitsThePlayers(t *testing.T) {
	for _, c := range []struct {
		players []string
		party   bool
	}{
		{[]string{"Ann", "Bob"}, false},
		{[]string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay"}, true},
	} {
		env, f, _ := testEnv(t, "", "")
		if _, err := Settings(env, scoring.Settings{Players: c.players, Mode: scoring.Standard, Dealer: "Ann"}); err != nil {
			t.Fatal(err)
		}
		list := f.Lists["Which deck?"]
		has := slices.ContainsFunc(list, func(it string) bool { return strings.HasPrefix(it, "party ") })
		if has != c.party || !strings.HasPrefix(list[0], "classic ") {
			t.Errorf("%d players: party offered %v, want %v: %q", len(c.players), has, c.party, list)
		}
	}
}

// TestEveryCountHasAGame: every count of players from 2 to the most any
// mode takes is played by some mode with some deck (11 to 16: UNO Party,
// up to 16), which is why promptPlayers refuses a list only for its
// length above that; a deck or mode that left a count out would need the
// refusal fitsSomeMode made before.
func TestEveryCountHasAGame(t *testing.T) {
	for n := scoring.MinPlayers; n <= scoring.MostPlayers; n++ {
		if !slices.ContainsFunc(scoring.Modes, func(m scoring.Mode) bool { return fitsWithADeck(m, "", n) }) {
			t.Errorf("no mode takes %d players with any deck", n)
		}
	}
}

// Who receives No Mercy's knock-out bonus is asked for a No Mercy deck
// (the hand's winner first, the default), in a mode that wins points, and
// never for another deck or when --mercy-bonus said.
func TestMercyBonusAtThePrompts(t *testing.T) {
	const asked = "Who receives the 250 for each player knocked out?"
	for _, c := range []struct {
		name    string
		s       scoring.Settings
		answers []string
		want    string
		ask     bool
	}{
		{"Enter: the winner", scoring.Settings{Deck: "no-mercy", Target: 1000}, []string{""}, scoring.MercyWinner, true},
		{"the knocker picked", scoring.Settings{Deck: "no-mercy", Target: 1000}, []string{"Whoever knocked the player out"}, scoring.MercyKnocker, true},
		{"given by the flag", scoring.Settings{Deck: "no-mercy", Target: 1000, MercyBonus: "knocker"}, nil, "knocker", false},
		{"classic", scoring.Settings{Deck: "classic", Target: 500}, nil, "", false},
		{"lowest", scoring.Settings{Deck: "no-mercy", Target: 1000, Mode: scoring.Lowest}, nil, "", false},
	} {
		env, f, _ := testEnv(t, c.answers...)
		s := c.s
		s.Players, s.Dealer = []string{"Ann", "Bob", "Cat"}, "Ann"
		if s.Mode == "" {
			s.Mode = scoring.Standard
		}
		got, err := Settings(env, s)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.MercyBonus != c.want || slices.Contains(f.Labels, asked) != c.ask {
			t.Errorf("%s: %q, asked %q; want %q, asked %v", c.name, got.MercyBonus, f.Labels, c.want, c.ask)
		}
		if c.ask && f.Lists[asked][0] != "The hand's winner (the default)" {
			t.Errorf("%s: the first choice is %q", c.name, f.Lists[asked][0])
		}
	}
}

// A deck's few words for a narrow terminal are read from its declaration
// (they were a table of prose: "168 cards, played to 1000"), and each
// says its number of cards.
func TestDeckShortFromTheDeclarations(t *testing.T) {
	for _, d := range rules.Decks() {
		short := deckShort(d)
		n := d.Size() // UNO Flip's: its double-sided cards
		if !strings.HasPrefix(short, fmt.Sprintf("%d ", n)) {
			t.Errorf("%s: %q does not start with its %d cards", d.ID, short, n)
		}
		if d.Decl.Target > 0 && !strings.Contains(short, fmt.Sprint(d.Decl.Target)) {
			t.Errorf("%s: %q does not say its target %d", d.ID, short, d.Decl.Target)
		}
		t.Logf("%-12s %s", d.ID, short)
	}
}

// The question offering No Mercy's 1,000 in place of the target typed
// stays on the screen with its answer: the prompter clears a question once
// answered, and the screen kept "Play to how many points: 500" over a game
// played to 1000, or to 500 with nothing saying the offer was refused.
func TestNoMercyTargetAnswerStays(t *testing.T) {
	given := scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Mode: scoring.Standard, Dealer: "Ann"}
	for _, c := range []struct{ answer, want string }{
		{"", "The UNO Show 'Em No Mercy deck plays to 1000: play to 1000, not 500? yes"},
		{"no", "The UNO Show 'Em No Mercy deck plays to 1000: play to 1000, not 500? no"},
	} {
		env, _, out := testEnv(t, "", "no-mercy", c.answer, "")
		if _, err := Settings(env, given); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("the screen lacks %q:\n%s", c.want, out.String())
		}
	}
}
