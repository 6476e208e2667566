package cmd

// The prompt flows (cmd/internal/flow) as a person meets them: through Run,
// with the fake prompter answering.

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
)

// runAt runs unoscore as if at a terminal, with scripted answers.
func runAt(t *testing.T, db string, answers []string, args ...string) (ExitCode, string, string, *prompter.Fake) {
	t.Helper()
	var out, errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true}
	p := &prompter.Fake{T: t, Answers: answers}
	code := Run(append([]string{"--db", db}, args...), ios, p)
	if len(p.Answers) > 0 {
		t.Errorf("answers left over: %q", p.Answers)
	}
	return code, out.String(), errb.String(), p
}

func TestNewPromptsAndPlaysToTheEnd(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	answers := []string{
		"Ann, Bob, Cat", // players
		"standard",      // mode
		"100",           // target
		"classic",       // deck
		"Bob",           // first dealer
		// hand 1
		"Ann", "r7 wd4", "9", "",
		// hand 2: a typo corrected; "no" at the save question goes back to
		// the entries, filled in: Bob's cards mended, Ann's kept
		"Cat", "r77", "zz", "r7", "w", "n",
		"Bob", "", "y",
		// hand 3: Ann reaches 100
		"Ann", "w", "3x9 rs", "",
		"", // Play on to 200? no
	}
	code, out, errs, p := runAt(t, db, answers, "new")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"New game", "Bob deals first.", "Hand 1. Bob deals.",
		"Ann went out: Bob 57, Cat 9, 66 points in all for Ann.",
		"Saved. Hand 1: Ann went out and scores 66",
		"Cat went out: Ann 7, Bob 50, 57 points in all for Cat.",
		"Ann wins with 163 points, after 3 hands.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	checkFits(t, "new, played to the end", out, 80)
	// A token no card is near: the prompt's own key to the notation.
	if len(p.Rejected) != 2 || !strings.Contains(p.Rejected[0], `unknown card "r77": did you mean "r7"?`) ||
		!strings.HasSuffix(p.Rejected[1], `unknown card "zz" (? shows the notation)`) {
		t.Errorf("rejected: %q", p.Rejected)
	}
	// Cards are asked in seating order from the player after the one who went out.
	joined := strings.Join(p.Labels, "|")
	if !strings.Contains(joined, "Who went out?|Bob's cards|Cat's cards|Save this hand") ||
		!strings.Contains(joined, "Who went out?|Ann's cards|Ann's cards|Ann's cards|Bob's cards|Save this hand?|Whose cards?|Bob's cards|Save this hand?") {
		t.Errorf("prompt order: %s", joined)
	}
}

func TestNewAsksOnlyForWhatFlagsLeaveOut(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	code, out, errs, p := runAt(t, db, []string{"(stop"}, "new", "--players", "Ann,Bob", "--mode", "lowest", "--target", "50", "--deck", "deluxe", "--dealer", "Bob")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if p.Labels[0] != "Who went out?" {
		t.Errorf("asked %q before the hand", p.Labels)
	}
	if !strings.Contains(out, "Two players left: the two-player rules apply.") || !strings.Contains(out, "unoscore hand") {
		t.Errorf("output:\n%s", out)
	}
}

func TestNewDrawForDealerAndTeams(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	answers := []string{
		"Ann", "Bob", "Cat", "Dan", "", // one name per line
		"partners", "", "",
		"y",                           // pair across
		"Draw", "r9", "g2", "r9", "w", // Ann and Cat tie with 9
		"7", "r9", "9", // a third red 9 is refused; Cat wins the redraw
		"(stop",
	}
	code, out, errs, p := runAt(t, db, answers, "new")
	if len(p.Rejected) != 1 || !strings.HasPrefix(p.Rejected[0], "r9: ") {
		t.Errorf("rejected %q, want the third red 9", p.Rejected)
	}
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Each player draws a card", "Ann and Cat tie with 9: they draw again.", "Cat deals.", "Team 1: Ann and Cat.", "Cat deals first."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The explanations fit 80 columns: none wraps a lone word.
	checkFits(t, "new, drawing for the dealer", out, 80)
}

func TestHandInterruptedWritesNothing(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "new", "--no-input", "--players", "Ann,Bob,Cat"); code != 0 {
		t.Fatal(errs)
	}
	code, _, errs, _ := runAt(t, db, []string{"Ann", "r7", "^C"}, "hand")
	if code != ExitInterrupted || !strings.Contains(errs, "interrupted; the hand was not written") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, out, _, _ := runAt(t, db, nil, "board", "--json")
	if code != 0 || !strings.Contains(out, `"hands": 0`) {
		t.Fatalf("board after ^C: %s", out)
	}
}

func TestCtrlDStopsCleanly(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "new", "--no-input", "--players", "Ann,Bob")
	code, _, errs, _ := runAt(t, db, []string{"Ann", "^D"}, "hand")
	if code != 0 || !strings.Contains(errs, "stopped without saving the unfinished hand; go on with: unoscore hand") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	checkFits(t, "the Ctrl-D message", errs, 80)
	if _, out, _, _ := runAt(t, db, nil, "board", "--json"); !strings.Contains(out, `"hands": 0`) {
		t.Fatalf("board after ^D: %s", out)
	}
	// --json never prompts, even at a terminal.
	code, _, errs, p := runAt(t, db, nil, "hand", "--json")
	if code != ExitUsage || len(p.Labels) > 0 || !strings.Contains(errs, "missing --out") {
		t.Fatalf("hand --json at a terminal: exit %d, asked %q, %s", code, p.Labels, errs)
	}
}

func TestNoPromptsWithoutATerminal(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	for _, args := range [][]string{{"new"}, {"--no-input", "new"}} {
		var out, errb bytes.Buffer
		tty := args[0] == "--no-input"
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: tty, OutTTY: tty}
		p := &prompter.Fake{T: t}
		if code := Run(append([]string{"--db", db}, args...), ios, p); code != ExitUsage {
			t.Errorf("%v: exit %d", args, code)
		}
		if len(p.Labels) > 0 || !strings.Contains(errb.String(), "missing --players") {
			t.Errorf("%v: asked %q; stderr %q", args, p.Labels, errb.String())
		}
	}
}

// TestNewAsksAboutCustomCards: with the shuffle deck, new asks how many Wild
// Customizable cards went in and what they say; other decks ask nothing.
func TestNewAsksAboutCustomCards(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	answers := []string{
		"2",                                   // two cards
		"Take an extra turn", "\x1b[2J", "  ", // the second: a control character refused, then none
		"(stop",
	}
	code, out, errs, p := runAt(t, db, answers, "new", "--players", "Ann,Bob", "--mode", "standard", "--target", "100", "--deck", "shuffle", "--dealer", "Ann")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Wild Customizable cards in the deck: 2.\n  Card 1: Take an extra turn\n") {
		t.Errorf("output:\n%s", out)
	}
	if len(p.Rejected) != 1 || !strings.Contains(p.Rejected[0], "control character") {
		t.Errorf("rejected: %q", p.Rejected)
	}
	code, out, _, _ = runAt(t, db, nil, "board", "--json")
	if code != 0 || !strings.Contains(out, `"custom": 2`) {
		t.Errorf("board: %s", out)
	}
	// --custom given: not asked again; another deck: nothing asked.
	if code, _, errs, p := runAt(t, db, []string{"(stop"}, "new", "--players", "Ann,Bob", "--mode", "standard", "--target", "100", "--custom", "1", "--dealer", "Ann"); code != 0 || p.Labels[0] != "Who went out?" {
		t.Errorf("--custom 1: exit %d, asked %q: %s", code, p.Labels, errs)
	}
	if code, _, errs, p := runAt(t, db, []string{"(stop"}, "new", "--players", "Ann,Bob", "--mode", "standard", "--target", "100", "--deck", "themed", "--dealer", "Ann"); code != 0 || p.Labels[0] != "Who went out?" {
		t.Errorf("themed: exit %d, asked %q: %s", code, p.Labels, errs)
	}
}

// TestNothingToRedoFits: redo with nothing to bring back says so in one
// line of 80 columns, exit 2, and writes nothing.
func TestNothingToRedoFits(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "new", "--no-input", "--players", "Ann,Bob")
	code, out, errs, _ := runAt(t, db, nil, "redo", "--no-input")
	if code != ExitUsage || out != "" || !strings.HasPrefix(errs, "unoscore: nothing to redo: redo only follows an undo") {
		t.Fatalf("exit %d, out %q: %s", code, out, errs)
	}
	checkFits(t, "redo with nothing to redo", errs, 80)
	if _, board, _, _ := runAt(t, db, nil, "board", "--json"); !strings.Contains(board, `"hands": 0`) {
		t.Fatalf("board after a refused redo: %s", board)
	}
}

// players rename at a terminal, when it would change more than one game,
// lists them and asks first, the default no ("" keeps everything); yes
// renames those games; one game (--game) and --yes ask nothing. Names are
// echoed as the games spell them, not as typed.
func TestRenameAsksFirst(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	for _, players := range []string{"Gus,Ann", "gus,Bob"} {
		if code, _, errs, _ := runAt(t, db, nil, "new", "--no-input", "--players", players, "--name", "Night of "+players); code != 0 {
			t.Fatal(errs)
		}
	}
	code, out, errs, p := runAt(t, db, []string{""}, "players", "rename", "GUS", "Gustav")
	if code != 0 || !strings.Contains(out, "Gus (gus in 1 game) plays in 2 games:\n") || !strings.Contains(out, "Night of gus,Bob") ||
		!strings.Contains(out, "Rename Gus to Gustav in all 2 games? no\nNothing renamed.") || len(p.Labels) != 1 {
		t.Fatalf("exit %d: %s%s (asked %q)", code, out, errs, p.Labels)
	}
	if _, out, _, _ := runAt(t, db, nil, "players", "--json"); strings.Contains(out, "Gustav") {
		t.Fatalf("renamed after no: %s", out)
	}
	code, out, errs, _ = runAt(t, db, []string{"^C"}, "players", "rename", "gus", "Gustav")
	if code != ExitInterrupted || !strings.Contains(errs, "interrupted; nothing was renamed") {
		t.Fatalf("^C: exit %d: %s%s", code, out, errs)
	}
	code, out, errs, _ = runAt(t, db, []string{"y"}, "players", "rename", "gus", "Gustav")
	if code != 0 || !strings.Contains(out, "? yes\nRenamed Gus (gus in 1 game) to Gustav in 2 games (") {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	code, out, errs, _ = runAt(t, db, nil, "players", "rename", "gustav", "Gus", "--yes")
	if code != 0 || !strings.HasPrefix(out, "Renamed Gustav to Gus in 2 games (") {
		t.Fatalf("--yes: exit %d: %s%s", code, out, errs)
	}
}

// Partners typed at the prompts so that they would sit side by side: new
// says so before the game is made, in the prompts' terms, and offers the
// seating across (yes reseats; no keeps the seating as typed), with no
// warning afterwards telling someone at the prompts to use --players.
func TestNewOffersPartnersAcross(t *testing.T) {
	for _, c := range []struct {
		answer, seating string
	}{
		{"", "Players, in seating order: Ann, Cat, Bob, Dan."},
		{"n", "Players, in seating order: Ann, Bob, Cat, Dan."},
	} {
		db := filepath.Join(t.TempDir(), "u.db")
		answers := []string{
			"Ann, Bob, Cat, Dan",
			"partners", "", "",
			"n", "Ann, Bob", // teams side by side
			c.answer,
			"Ann", "(stop",
		}
		code, out, errs, p := runAt(t, db, answers, "new")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		asked := "Ann & Bob and Cat & Dan would sit side by side; the rulebook seats partners across. Seat everyone clockwise as Ann, Cat, Bob and Dan?"
		if !slices.Contains(p.Labels, asked) || !strings.Contains(out, c.seating) || !strings.Contains(out, "Team 1: Ann and Bob.") {
			t.Errorf("answer %q: asked %q\n%s", c.answer, p.Labels, out)
		}
		if strings.Contains(errs, "--players") || strings.Contains(errs, "warning") {
			t.Errorf("answer %q: a warning after the prompts: %s", c.answer, errs)
		}
	}
}

// A team named by the starts of names ("a, b" for Ann and Bobby) is
// offered the seating across as full names are: it said "press Ctrl-C and
// name the players again" instead.
func TestNewOffersPartnersAcrossByStartsOfNames(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	answers := []string{"n", "a, b", "", "Ann", "(stop"}
	code, out, errs, p := runAt(t, db, answers, "new", "--players", "Ann,Bobby,Dan,Eve", "--mode", "partners", "--deck", "classic", "--target", "500")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	asked := "Ann & Bobby and Dan & Eve would sit side by side; the rulebook seats partners across. Seat everyone clockwise as Ann, Dan, Bobby and Eve?"
	if !slices.Contains(p.Labels, asked) || !strings.Contains(out, "Players, in seating order: Ann, Dan, Bobby, Eve.") || strings.Contains(out, "Ctrl-C") {
		t.Errorf("asked %q\n%s", p.Labels, out)
	}
}

// The help says what doctor does without flags (it writes nothing: only
// --backup FILE writes a copy), and the question of games delete ends
// with its stop before [y/N].
func TestDoctorHelpAndDeleteQuestion(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	_, help, _, _ := runAt(t, db, nil, "--help")
	if strings.Contains(help, "write a backup copy") || !strings.Contains(unwrapped(help), "doctor Check the database file and every game in it (--backup FILE also writes a copy)") {
		t.Errorf("doctor in the help:\n%s", help)
	}
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob")
	_, js, _, _ := runAt(t, db, nil, "board", "--json")
	id := js[strings.Index(js, `"id": "`)+7:][:6]
	code, out, errs, p := runAt(t, db, []string{"n"}, "games", "delete", id)
	if code != 0 || len(p.Labels) != 1 || !strings.HasSuffix(p.Labels[0], "A copy of the file is kept first.") {
		t.Errorf("exit %d, asked %q: %s%s", code, p.Labels, out, errs)
	}
}
