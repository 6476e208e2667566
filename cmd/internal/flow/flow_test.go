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
		Load: func(string) (*scoring.Game, error) {
			t.Fatal("the flow read the database")
			return nil, nil
		},
		Change: func(func(Games) error) error {
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

// Hand asks who went out, then each scoring player's cards in seating order
// after them, refuses a card that is none where it is typed, and returns
// the hand once it is confirmed; "no" at the save question goes to the
// chooser, where the entries are kept.
func TestHandAsksInSeatingOrder(t *testing.T) {
	b, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}})
	if err != nil {
		t.Fatal(err)
	}
	env, f, out := testEnv(t,
		"Bob",             // who went out
		"r7", "zz", "wd4", // Cat's, then Ann's: zz is refused
		"n", // not saved yet: the chooser
		"Save this hand",
	)
	h, ok, err := Hand(env, b, 0, nil, "Save this hand?")
	if err != nil || !ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	if h.Out != "Bob" || len(h.Left) != 2 || h.Left[0].Player != "Cat" || h.Left[0].Cards.String() != "r7" || h.Left[1].Player != "Ann" || h.Left[1].Cards.String() != "wd4" {
		t.Errorf("hand %+v", h)
	}
	if !slices.Equal(f.Labels, []string{"Who went out?", "Cat's cards", "Ann's cards", "Ann's cards", "Save this hand?", "Whose cards?"}) {
		t.Errorf("asked %q", f.Labels)
	}
	if len(f.Rejected) != 1 || !strings.HasPrefix(f.Rejected[0], "zz: ") {
		t.Errorf("rejected %q", f.Rejected)
	}
	if !strings.Contains(out.String(), "Bob went out") {
		t.Errorf("no summary before the save question:\n%s", out)
	}
}

// Dropping a hand at "Whose cards?" once cards are typed asks first,
// naming whose cards would be lost (default no); no goes back to the
// chooser with everything kept, and the hand can still be saved.
func TestHandDropAsksFirst(t *testing.T) {
	b, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}})
	if err != nil {
		t.Fatal(err)
	}
	env, f, out := testEnv(t,
		"Bob",    // who went out
		"r7", "", // Cat's; Ann's left for later: the chooser
		"(drop", "", // asked first: Enter is no
		"(drop", "n", // and n is no
		"Ann", "wd4", // Ann's: all entered, the save question
		"n", "(drop", "y", // not saved: the chooser, and dropped
	)
	_, ok, err := Hand(env, b, 0, nil, "Save this hand?")
	if err != nil || ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	want := []string{"Who went out?", "Cat's cards", "Ann's cards", "Whose cards?",
		"Drop this hand? Cat's cards are entered.", "Whose cards?",
		"Drop this hand? Cat's cards are entered.", "Whose cards?", "Ann's cards", "Save this hand?", "Whose cards?",
		"Drop this hand? Cat's and Ann's cards are entered."}
	if !slices.Equal(f.Labels, want) {
		t.Errorf("asked %q\nwant  %q", f.Labels, want)
	}
	// Each answer stays on the screen after its question; the chooser
	// came back with Cat's cards kept.
	for _, line := range []string{"Drop this hand? Cat's cards are entered. no", "Drop this hand? Cat's and Ann's cards are entered. yes"} {
		if !strings.Contains(out.String(), line+"\n") {
			t.Errorf("no %q in:\n%s", line, out)
		}
	}
	if items := f.Lists["Whose cards?"]; len(items) == 0 || items[0] != "Cat: r7 = 7 points" {
		t.Errorf("the chooser %q", items)
	}

	// Ctrl-C at the question is Ctrl-C at any question of the hand.
	env, _, _ = testEnv(t, "Bob", "r7", "", "(drop", "^C")
	if _, ok, err := Hand(env, b, 0, nil, "Save this hand?"); ok || !errors.Is(err, prompter.ErrInterrupted) {
		t.Errorf("^C at the drop question: ok %v, err %v", ok, err)
	}

	// Nothing typed: dropped at once, nothing asked.
	env, f, _ = testEnv(t, "Bob", "", "(drop")
	if _, ok, err := Hand(env, b, 0, nil, "Save this hand?"); ok || err != nil || len(f.Labels) != 3 {
		t.Errorf("dropping with nothing typed: ok %v, err %v, asked %q", ok, err, f.Labels)
	}
}

// A hand started from an earlier one (an edit, or a hand the game moved
// past) opens at the chooser with its entries filled in, and stopping
// there returns no hand; an edit's cards are the stored hand's, so nothing
// typed is lost and nothing is asked.
func TestHandFromAnEarlierOneStops(t *testing.T) {
	b, err := scoring.New(scoring.Settings{Players: []string{"Ann", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	cards, _ := b.Deck.ParseHand("g5")
	env, f, _ := testEnv(t, "(drop")
	_, ok, err := Hand(env, b, 0, &scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: cards}}}, "Save?")
	if err != nil || ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	if items := f.Lists["Whose cards?"]; len(items) == 0 || items[0] != "Bob: g5 = 5 points" {
		t.Errorf("the chooser %q", items)
	}
}
