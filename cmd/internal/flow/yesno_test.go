package flow

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/scoring"
)

// Issue 29, item 1: "yes" typed in full, in any case, is yes at every
// yes/no question of the flows (the fake prompter reads answers as the
// terminal does: y, yes, n, no in any case), and what is not an answer is
// refused and asked again. On the old code the fake, as the terminal,
// knew only y and n.
func TestYesInFullAtEveryQuestion(t *testing.T) {
	three, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}})
	if err != nil {
		t.Fatal(err)
	}
	four := scoring.Settings{Players: []string{"Ann", "Bob", "Cat", "Dan"}, Mode: scoring.Partners}
	for _, c := range []struct {
		question string
		answers  []string
		run      func(env *Env) (bool, error) // whether the question was taken as yes
	}{
		{"3 players: Ann, Bob and Cat?", []string{"Ann Bob Cat", "yes"}, func(env *Env) (bool, error) {
			names, err := promptPlayers(env)
			return len(names) == 3, err
		}},
		{"3 players: Ann, Bob and Cat?", []string{"Ann Bob Cat", "maybe", "YES"}, func(env *Env) (bool, error) {
			names, err := promptPlayers(env)
			return len(names) == 3, err
		}},
		{"Partners across the table: Ann & Cat, Bob & Dan?", []string{"Yes"}, func(env *Env) (bool, error) {
			teams, err := promptTeams(env, four)
			return teams == nil, err
		}},
		{"Seat everyone clockwise", []string{"yes"}, func(env *Env) (bool, error) {
			s := four
			s.Teams = [][]string{{"Ann", "Bob"}, {"Cat", "Dan"}}
			got, err := offerAcross(env, s)
			return !slices.Equal(got.Players, s.Players), err
		}},
		{"Save this hand?", []string{"Bob", "r7", "wd4", "yes"}, func(env *Env) (bool, error) {
			_, ok, err := Hand(env, three, 0, nil, "Save this hand?")
			return ok, err
		}},
		{"Drop this hand? Cat's cards are entered.", []string{"Bob", "r7", "", "(drop", "YES"}, func(env *Env) (bool, error) {
			_, ok, err := Hand(env, three, 0, nil, "Save this hand?")
			return !ok, err
		}},
		{"Try to save this hand again?", []string{"yes"}, func(env *Env) (bool, error) {
			tries := 0
			return SaveRetrying(env, "hand", func() error {
				if tries++; tries == 1 {
					return fmt.Errorf("the database x.db is in use: %w", scoring.ErrLocked)
				}
				return nil
			})
		}},
	} {
		env, f, out := testEnv(t, c.answers...)
		yes, err := c.run(env)
		if err != nil || !yes {
			t.Errorf("%q answered %q: taken as no (err %v)\n%s", c.question, c.answers, err, out)
		}
		if !slices.ContainsFunc(f.Labels, func(l string) bool { return strings.Contains(l, c.question) }) {
			t.Errorf("%q not asked: %q", c.question, f.Labels)
		}
		if len(f.Answers) != 0 {
			t.Errorf("%q: answers left over: %q", c.question, f.Answers)
		}
	}
}

// Issue 29, item 11: the players' prompt gives no example in brackets or
// parentheses (they read as a default), and a name typed twice is refused
// with what to do; on the old code "mom is named twice" and no more.
func TestPlayersPromptSaysWhatToDo(t *testing.T) {
	env, f, _ := testEnv(t, "Mom, Dad, mom", "Mom, Dad, Mom", "Mom, Dad, Lily")
	names, err := promptPlayers(env)
	if err != nil || len(names) != 3 {
		t.Fatalf("names %q, err %v", names, err)
	}
	if strings.ContainsAny(f.Labels[0], "()[]") {
		t.Errorf("the first prompt reads as having a default: %q", f.Labels[0])
	}
	want := []string{
		"Mom, Dad, mom: Mom and mom read as the same name: tell the two apart, e.g. Mom B",
		"Mom, Dad, Mom: Mom is named twice: tell the two apart, e.g. Mom B",
	}
	if !slices.Equal(f.Rejected, want) {
		t.Errorf("refused %q\nwant    %q", f.Rejected, want)
	}
}

// Issue 29, item 10: at a card prompt of UNO Flip, cards of the other
// side than another player's entry are refused naming the entry to
// change, as well as the cards; on the old code only the cards.
func TestSideClashNamesTheEntry(t *testing.T) {
	b, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Deck: "flip"})
	if err != nil {
		t.Fatal(err)
	}
	env, f, _ := testEnv(t, "Ann", "r7", "pk5", "r5 pk5", "r5", "y")
	if _, ok, err := Hand(env, b, 0, nil, "Save this hand?"); err != nil || !ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	want := []string{
		"pk5: cards of both sides (r7 light, pk5 dark): a hand counts on one side; change these cards or Bob's",
		"r5 pk5: cards of both sides (r5 light, pk5 dark): a hand counts on one side; change one of these cards",
	}
	if !slices.Equal(f.Rejected, want) {
		t.Errorf("refused %q\nwant    %q", f.Rejected, want)
	}
}

// Issue 29, item 4: letters at "Who went out?" that start the name of a
// player not at the table say why: sitting out, or at another table.
func TestAbsentWhy(t *testing.T) {
	b, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"}, Mode: scoring.Rotating})
	if err != nil {
		t.Fatal(err)
	}
	out := b.SittingOutNow()
	table := b.Tables()[0]
	why := absentWhy(b, table.Seats)
	if got, want := why(strings.ToLower(b.Name(out)[:1])), b.Name(out)+" sits out this round"; got != want {
		t.Errorf("the one sitting out: %q, want %q", got, want)
	}
	other := b.Tables()[1].Seats[0]
	if got, want := why(b.Name(other)), b.Name(other)+" plays at another table"; got != want {
		t.Errorf("at the other table: %q, want %q", got, want)
	}
	if got := why(b.Name(table.Seats[0])); got != "" {
		t.Errorf("a player at the table: %q", got)
	}
	if got := why("z"); got != "" {
		t.Errorf("nobody's letter: %q", got)
	}
}
