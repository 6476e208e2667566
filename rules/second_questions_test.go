package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// secondRow is one row of testdata/second_questions.tsv: a question the
// second engineer wrote before reading any answer.
type secondRow struct {
	q       string
	verdict []string // what the first sentence starts with; nil: the fact is the answer
	key     []string // the fact: one of these is said
	falsely []string // said in the first sentence, a wrong verdict or a false fact
}

func secondQuestions(t *testing.T) []secondRow {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "second_questions.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []secondRow
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 6 || f[1] == "" || f[2] == "" || f[3] == "" {
			t.Fatalf("second_questions.tsv: %q is not QUESTION, VERDICT, KEY, FALSE, EXPECTED, RESTS ON", l)
		}
		r := secondRow{q: f[0], key: strings.Split(f[2], "|")}
		if f[1] != "-" {
			r.verdict = strings.Split(f[1], "|")
		}
		if f[3] != "-" {
			r.falsely = strings.Split(f[3], "|")
		}
		rows = append(rows, r)
	}
	return rows
}

// firstSentence is what is read out first: the first sentence of the
// answer's first line that is no heading, and the line after it when it
// ends in a colon that opens a list.
func firstSentence(text string) string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return ""
	}
	s := lines[0]
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	if strings.HasSuffix(s, ":") && len(lines) > 1 {
		s += " " + lines[1]
	}
	return s
}

func containsAny(s string, subs []string) bool {
	s = strings.ToLower(s)
	for _, sub := range subs {
		if strings.Contains(s, strings.ToLower(sub)) {
			return true
		}
	}
	return false
}

// answerWords counts the words read out before "more:": the answer's text
// with its heading marks.
func answerWords(text string) int {
	return len(strings.Fields(strings.ReplaceAll(text, "#", "")))
}

// secondFigures: found (the key fact is in the answer), first (the first
// sentence starts with the verdict and says the fact), wrong (a ruling
// that states another verdict, or a first sentence that says what is
// false) and long (answers over maxWords words).
type secondFigures struct{ n, found, first, wrong, long int }

func (f secondFigures) String() string {
	pct := func(k int) float64 { return 100 * float64(k) / float64(f.n) }
	return fmt.Sprintf("%d questions: found %d (%.0f%%), in the first sentence %d (%.0f%%), wrong verdicts %d, over %d words %d",
		f.n, f.found, pct(f.found), f.first, pct(f.first), f.wrong, maxWords, f.long)
}

// maxWords is the longest answer read out before "more:" ("about 50").
const maxWords = 55

func measureSecond(rows []secondRow) (secondFigures, []string) {
	var fig secondFigures
	var misses []string
	for _, r := range rows {
		fig.n++
		a, err := Ask(r.q)
		if err != nil {
			misses = append(misses, fmt.Sprintf("%q: %v", r.q, err))
			continue
		}
		text := a.Short()
		if a.Fact == nil {
			text, _ = a.Topic.Text()
		}
		lead := firstSentence(text)
		found := containsAny(text, r.key)
		first := containsAny(lead, r.key) && (r.verdict == nil || startsWith(lead, r.verdict))
		wrong := containsAny(lead, r.falsely) ||
			a.Verdict != "" && r.verdict != nil && !startsWith(a.Verdict, r.verdict) && !strings.HasPrefix(a.Verdict, "It depends")
		if found {
			fig.found++
		}
		if first {
			fig.first++
		}
		if wrong {
			fig.wrong++
		}
		if n := answerWords(text); n > maxWords {
			fig.long++
			misses = append(misses, fmt.Sprintf("%q: %d words", r.q, n))
		}
		if !found || !first || wrong {
			if len(lead) > 100 {
				lead = lead[:100] + "…"
			}
			misses = append(misses, fmt.Sprintf("%q: %q (found %v, first %v, wrong %v)", r.q, lead, found, first, wrong))
		}
	}
	return fig, misses
}

// TestSecondQuestions measures the answers to the 50 questions the second
// engineer wrote blind. First figures, judged by hand before any fix:
// found 38, first sentence 31, 7 stating a wrong verdict or a false fact.
// The floors are what the answers reach now, so a change that loses ground
// fails.
func TestSecondQuestions(t *testing.T) {
	rows := secondQuestions(t)
	if len(rows) != 50 {
		t.Fatalf("%d questions; the set is 50", len(rows))
	}
	fig, misses := measureSecond(rows)
	t.Logf("second engineer's questions: %v", fig)
	for _, m := range misses {
		t.Log(m)
	}
	floor := struct{ found, first, wrong, long int }{50, 50, 0, 0}
	if fig.found < floor.found || fig.first < floor.first || fig.wrong > floor.wrong || fig.long > floor.long {
		t.Errorf("second engineer's questions: %v; want found >= %d, first >= %d, wrong <= %d, long <= %d",
			fig, floor.found, floor.first, floor.wrong, floor.long)
	}
}

// TestSecondVariants: other wordings of the second engineer's questions,
// tried after the set was fixed (none is in it), answered by the fact
// that settles them.
func TestSecondVariants(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"he drew a card and then played a different card from his hand, allowed?", "renege"},
		{"after I draw can I play another card from my hand", "renege"},
		{"does the person who plays a wild draw four get to choose the colour", "wd4-does"},
		{"who chooses the color when a plus 4 is played", "wd4-does"},
		{"how many cards knock you out in no mercy", "nomercy-mercy"},
		{"in uno attack what happens if you forget to say uno", "attack-play"},
		{"all wild what does a forced swap do", "allwild-play"},
		{"can a party of 12 play uno", "party-source"},
		{"my brother was dealt 6 cards by mistake, we already started", "misdeal"},
		{"when I go out do I count my own cards", "score-who"},
	} {
		a, err := Ask(tt.q)
		if err != nil || a.Fact == nil || a.Fact.ID != tt.want {
			got := ""
			if a != nil && a.Fact != nil {
				got = a.Fact.ID
			}
			t.Errorf("%q answered by %s, %v; want %s", tt.q, got, err, tt.want)
		}
	}
}
