package prompter

import (
	"strings"

	"github.com/unoscore/unoscore/cmd/internal/promptui"
)

// Fake is a Prompter that answers from a script, for tests. Each Input answer is checked by the
// prompt's validation as a person's typing would be: a rejected answer is
// recorded and the next one is tried.
type Fake struct {
	// T fails the test when the script runs out or an answer fits no
	// item: a *testing.T.
	T interface {
		Helper()
		Fatalf(format string, args ...any)
	}
	Answers  []string            // what is typed at each prompt, in order; "^C" and "^D" give up
	Rejected []string            // the answers validation refused, each with its reason
	Labels   []string            // the prompts asked, in order
	Lists    map[string][]string // the items of each list asked, by label
}

func (f *Fake) next(label string) string {
	f.T.Helper()
	f.Labels = append(f.Labels, label)
	if len(f.Answers) == 0 {
		f.T.Fatalf("no answer left for %q (asked: %q)", label, f.Labels)
	}
	a := f.Answers[0]
	f.Answers = f.Answers[1:]
	return a
}

// Edit is Input: an answer is the whole line as left (the text given
// kept by "").
func (f *Fake) Edit(label, text string, validate func(string) error) (string, error) {
	return f.Input(label, text, validate)
}

func (f *Fake) Input(label, def string, validate func(string) error) (string, error) {
	for {
		a := f.next(label)
		if a == "^C" {
			return "", ErrInterrupted
		}
		if a == "^D" {
			return "", ErrStopped
		}
		if a == "" {
			a = def
		}
		if validate != nil {
			if err := validate(a); err != nil {
				f.Rejected = append(f.Rejected, a+": "+err.Error())
				continue
			}
		}
		return strings.TrimSpace(a), nil
	}
}

// Select answers are the item to pick, matched by its start.
func (f *Fake) Select(label string, items []string, cursor int) (int, error) {
	if f.Lists == nil {
		f.Lists = map[string][]string{}
	}
	f.Lists[label] = items
	a := f.next(label)
	if a == "^C" {
		return 0, ErrInterrupted
	}
	if a == "" {
		return cursor, nil
	}
	for i, it := range items {
		if strings.HasPrefix(it, a) {
			return i, nil
		}
	}
	f.T.Fatalf("%q: no item %q in %q", label, a, items)
	return 0, nil
}

func (f *Fake) Menu(label string, items []string, _, cursor int) (int, error) {
	return f.Select(label, items, cursor)
}

func (f *Fake) Choose(label string, items []string, _, cursor int) (int, error) {
	return f.Select(label, items, cursor)
}

func (f *Fake) Pick(label string, items []string, cursor int) (int, error) {
	return f.Select(label, items, cursor)
}

// Confirm answers are read as the terminal reads them: y, yes, n, no in
// any case, "" for the default; anything else is refused, as the terminal
// refuses it (recorded in Rejected), and the next answer is tried.
func (f *Fake) Confirm(label string, def bool) (bool, error) {
	for {
		switch a := f.next(label); a {
		case "^C":
			return false, ErrInterrupted
		case "^D":
			return false, ErrStopped
		default:
			if err := notAnAnswer(a); err != nil {
				f.Rejected = append(f.Rejected, a+": "+err.Error())
				continue
			}
			return promptui.ConfirmYes(a, def), nil
		}
	}
}
