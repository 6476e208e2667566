package prompter

import "testing"

// TestAnsweredSaysItsQuestion: a finished pick is its question with the
// answer, broken between words to the width after "✔ ", the lines it goes
// on on indented; a term and its description goes on under its
// description where the line has room after the question. On the old code
// Done was the item alone ("Max").
func TestAnsweredSaysItsQuestion(t *testing.T) {
	for _, c := range []struct {
		label, item string
		width       int
		want        string
	}{
		{"Who went out?", "Max", 80, "Who went out? Max"},
		{"Who won (went out, or last not knocked out)?", "Bartholomew Okonkwo-Ray", 80,
			"Who won (went out, or last not knocked out)? Bartholomew Okonkwo-Ray"},
		{"Who won (went out, or last not knocked out)?", "Bartholomew Okonkwo-Ray", 60,
			"Who won (went out, or last not knocked out)? Bartholomew\n    Okonkwo-Ray"},
		{"How do you score?", "lowest     everyone tallies what they're caught with; lowest wins", 60,
			"How do you score? lowest     everyone tallies what they're\n" +
				"                               caught with; lowest wins"},
		{"How do you score?", "lowest     everyone tallies what they're caught with; lowest wins", 80,
			"How do you score? lowest     everyone tallies what they're caught with; lowest\n" +
				"                               wins"},
		// No room after the question for the description: words go on
		// under the answer's start.
		{"Who receives the 250 for each player knocked out?", "Whoever knocked the player out", 60,
			"Who receives the 250 for each player knocked out? Whoever\n    knocked the player out"},
	} {
		if got := newListItem(c.label, c.item, c.width).Done; got != c.want {
			t.Errorf("%q, %q at %d columns:\n%s\nwant\n%s", c.label, c.item, c.width, got, c.want)
		}
	}
}
