package flow

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// testEnv is an Env with a fake prompter and no database: a flow that
// reaches for the file fails the test.
func testEnv(t *testing.T, answers ...string) (*Env, *prompter.Fake, *bytes.Buffer) {
	f := &prompter.Fake{T: t, Answers: answers}
	out := &bytes.Buffer{}
	return &Env{
		Prompt: f,
		Out:    out,
		Width:  func() int { return 0 },
		Style:  func() ui.Style { return ui.Style{} },
		Load: func(string) (*store.Game, error) {
			t.Fatal("the flow read the database")
			return nil, nil
		},
		Change: func(func(*store.DB) error) error {
			t.Fatal("the flow wrote the database")
			return nil
		},
	}, f, out
}

// Settings asks for what is missing, in order, checks each answer as it
// is typed, and draws for the dealer with the cards leaving the deck.
func TestSettingsAsksForWhatIsMissing(t *testing.T) {
	env, f, out := testEnv(t,
		"Ann, Ann", "Ann, Bob, Cat", // a name twice is refused
		"standard", "", "classic", "Draw",
		"zz", "r9", "r9", "b2", // a card that is none is refused; Ann and Bob tie
		"g1", "g7", // and draw again
	)
	s, err := Settings(env, scoring.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Players, []string{"Ann", "Bob", "Cat"}) || s.Mode != scoring.Standard || s.Target != scoring.DefaultTarget || s.Deck != "classic" {
		t.Errorf("settings %+v", s)
	}
	if s.Dealer != "Bob" {
		t.Errorf("dealer %q", s.Dealer)
	}
	if len(f.Rejected) != 2 || !strings.Contains(f.Rejected[0], "Ann is named twice") || !strings.HasPrefix(f.Rejected[1], "zz: ") {
		t.Errorf("rejected %q", f.Rejected)
	}
	if !strings.Contains(out.String(), "Ann and Bob tie with 9: they draw again") {
		t.Errorf("no tie said:\n%s", out)
	}
}

// Ctrl-C at a prompt of Settings is the prompter's error, as it is.
func TestSettingsInterrupted(t *testing.T) {
	env, _, _ := testEnv(t, "^C")
	if _, err := Settings(env, scoring.Settings{}); !errors.Is(err, prompter.ErrInterrupted) {
		t.Errorf("err %v", err)
	}
}
