package cmd

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/store"
)

// TestHandLoopKeepsAHandWhenTheFileIsBusy: a hand typed at the prompts and
// confirmed while another process holds the file past the wait is kept:
// the loop says the file is busy and offers to save it again (yes: saved
// once the file is free) or to drop it (no: nothing written, exit 0). It
// exited 1 with the "in use" sentence, losing what was typed.
func TestHandLoopKeepsAHandWhenTheFileIsBusy(t *testing.T) {
	for _, retry := range []bool{true, false} {
		db := filepath.Join(t.TempDir(), "u.db")
		if code, _, errs, _ := runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob"); code != 0 {
			t.Fatal(errs)
		}
		var holder *store.DB
		answer := "n"
		stop := []string{}
		if retry {
			answer, stop = "", []string{"(stop"}
		}
		p := &hookPrompter{Fake: &prompter.Fake{T: t, Answers: append([]string{"Ann", "r7", "", answer}, stop...)}}
		p.before = map[string]func(){
			"Save this hand?": func() { // another unoscore takes the file
				var err error
				if holder, err = store.Open(db, store.Options{}); err != nil {
					t.Fatal(err)
				}
			},
			"Try to save this hand again?": func() { holder.Close() }, // and lets it go
		}
		var out, errb bytes.Buffer
		ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true, Width: 200}
		if code := Run([]string{"--db", db, "--wait", "50ms", "hand"}, ios, p); code != 0 {
			t.Fatalf("retry %v: exit %d: %s\n%s", retry, code, errb.String(), out.String())
		}
		if len(p.Answers) > 0 {
			t.Errorf("answers left over: %q", p.Answers)
		}
		want := "Not saved: the database " + db + " is in use by another unoscore (waited 50ms). What you entered is kept.\n"
		if !strings.Contains(out.String(), want) {
			t.Errorf("retry %v: no %q:\n%s", retry, want, out.String())
		}
		_, board, _, _ := runAt(t, db, nil, "board", "--json")
		saved := strings.Contains(board, `"hands": 1,`)
		if saved != retry {
			t.Errorf("retry %v: the hand saved: %v\n%s", retry, saved, out.String())
		}
		if !retry && !strings.Contains(out.String(), "The hand was dropped: nothing was written for it.") {
			t.Errorf("a dropped hand not said:\n%s", out.String())
		}
	}
}

// TestEditKeepsACorrectionWhenTheFileIsBusy: the same for a correction
// typed at edit's prompts: kept, and saved once the file is free.
func TestEditKeepsACorrectionWhenTheFileIsBusy(t *testing.T) {
	db, p := busyAtTheCorrection(t, func(holder *store.DB) { holder.Close() })
	var out, errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true, Width: 200}
	if code := Run([]string{"--db", db, "--wait", "50ms", "edit", "1"}, ios, p); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	if len(p.Answers) > 0 {
		t.Errorf("answers left over: %q", p.Answers)
	}
	if want := "is in use by another unoscore (waited 50ms). What you entered is kept.\n"; !strings.Contains(out.String(), want) {
		t.Errorf("no %q:\n%s", want, out.String())
	}
	if _, board, _, _ := runAt(t, db, nil, "board", "--json"); !strings.Contains(board, `"score": 9,`) {
		t.Errorf("the correction was not saved:\n%s\n%s", out.String(), board)
	}
}

// TestNewKeepsTheAnswersWhenTheFileIsBusy: a game set up at the prompts
// while another process holds the file past the wait is not lost: new
// says so and saves it when asked again.
func TestNewKeepsTheAnswersWhenTheFileIsBusy(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs, _ := runAt(t, db, nil, "--no-input", "new", "--players", "Cat,Dan"); code != 0 {
		t.Fatal(errs)
	}
	holder, err := store.Open(db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := &hookPrompter{Fake: &prompter.Fake{T: t, Answers: []string{"Ann, Bob", "standard", "", "classic", "Ann", "", "(stop"}}}
	p.before = map[string]func(){"Try to save this game again?": func() { holder.Close() }}
	var out, errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true, Width: 200}
	if code := Run([]string{"--db", db, "--wait", "50ms", "new"}, ios, p); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	if len(p.Answers) > 0 {
		t.Errorf("answers left over: %q", p.Answers)
	}
	if !strings.Contains(out.String(), "What you entered is kept.") || !strings.Contains(out.String(), "New game") {
		t.Errorf("not kept and saved:\n%s", out.String())
	}
	if _, js, _, _ := runAt(t, db, nil, "games", "--json"); strings.Count(js, `"id"`) != 2 {
		t.Errorf("games:\n%s", js)
	}
}

// TestEditQuestionThenAChange: a correction typed at the prompts is saved
// only on the game as it was shown: a hand recorded in another terminal
// while the question waited (here while the file was busy and the retry
// was asked) refuses it, exit 2, naming what changed, and nothing of the
// correction is written.
func TestEditQuestionThenAChange(t *testing.T) {
	var db string
	db, p := busyAtTheCorrection(t, func(holder *store.DB) {
		holder.Close()
		if code, _, errs, _ := runAt(t, db, nil, "--no-input", "hand", "-o", "Bob", "Ann=5"); code != 0 {
			t.Fatal(errs)
		}
	})
	var out, errb bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTTY: true, OutTTY: true, Width: 200}
	code := Run([]string{"--db", db, "--wait", "50ms", "edit", "1"}, ios, p)
	if want := "unoscore: the game changed while you answered: hand 2 was just recorded from another device: Bob went out, 5 points; the correction was not saved\n"; code != ExitUsage || errb.String() != want {
		t.Fatalf("exit %d: %q, want %q\n%s", code, errb.String(), want, out.String())
	}
	if _, board, _, _ := runAt(t, db, nil, "board", "--json"); !strings.Contains(board, `"score": 7,`) || !strings.Contains(board, `"hands": 2,`) {
		t.Errorf("the correction was saved over the change:\n%s", board)
	}
}

// busyAtTheCorrection is a game of Ann and Bob with one hand (Ann went
// out, Bob r7) and the answers of `edit 1` correcting Bob's cards to r9:
// the file is held by another open at "Save this correction?", and
// retry(holder) runs at "Try to save this correction again?".
func busyAtTheCorrection(t *testing.T, retry func(holder *store.DB)) (string, *hookPrompter) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "u.db")
	for _, args := range [][]string{{"new", "--players", "Ann,Bob"}, {"hand", "-o", "Ann", "Bob=r7"}} {
		if code, _, errs, _ := runAt(t, db, nil, append([]string{"--no-input"}, args...)...); code != 0 {
			t.Fatal(errs)
		}
	}
	var holder *store.DB
	p := &hookPrompter{Fake: &prompter.Fake{T: t, Answers: []string{"Bob", "r9", "", ""}}}
	p.before = map[string]func(){
		"Save this correction?": func() {
			var err error
			if holder, err = store.Open(db, store.Options{}); err != nil {
				t.Fatal(err)
			}
		},
		"Try to save this correction again?": func() { retry(holder) },
	}
	return db, p
}
