package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// situationRow is one row of testdata/situation_questions.tsv.
type situationRow struct {
	q, addr string
	verdict []string // accepted prefixes of the verdict
	facts   []string // the facts it rests on, the key fact first
}

func situationQuestions(t *testing.T) []situationRow {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "situation_questions.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []situationRow
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 4 || !strings.HasPrefix(f[1], "http") || f[2] == "" {
			t.Fatalf("situation_questions.tsv: %q is not QUESTION, ADDRESS, VERDICT, FACTS", l)
		}
		rows = append(rows, situationRow{q: f[0], addr: f[1], verdict: strings.Split(f[2], "|"), facts: strings.Split(f[3], "|")})
	}
	return rows
}

// sentenceStarts are where the answer's sentences begin: each line that is
// no heading, and after each ". " within a line.
func sentenceStarts(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for {
			out = append(out, line)
			i := strings.Index(line, ". ")
			if i < 0 {
				break
			}
			line = line[i+2:]
		}
	}
	return out
}

// startsWith reports whether s starts with one of the verdicts, as whole
// words ("No" is not "Not").
func startsWith(s string, verdicts []string) bool {
	for _, v := range verdicts {
		if len(s) < len(v) || !strings.EqualFold(s[:len(v)], v) {
			continue
		}
		if len(s) == len(v) {
			return true
		}
		if c := s[len(v)]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return true
		}
	}
	return false
}

// situationFigures are the three measures over the situation set: found
// (the answer's fact, or a runner-up's, is one the verdict rests on),
// right (a sentence of the answer starts with the verdict) and first (its
// first sentence does), and wrong: a referee verdict that states another.
type situationFigures struct{ n, found, right, first, wrong int }

func (f situationFigures) String() string {
	pct := func(k int) float64 { return 100 * float64(k) / float64(f.n) }
	return fmt.Sprintf("%d questions: found %.0f%%, verdict right %.0f%%, verdict in the first sentence %.0f%%, wrong verdicts %d",
		f.n, pct(f.found), pct(f.right), pct(f.first), f.wrong)
}

func measureSituations(rows []situationRow) (situationFigures, []string) {
	var fig situationFigures
	var misses []string
	for _, r := range rows {
		fig.n++
		a, err := Ask(r.q)
		if err != nil {
			misses = append(misses, fmt.Sprintf("%q: %v; want %s", r.q, err, strings.Join(r.verdict, "|")))
			continue
		}
		found := false
		for _, id := range r.facts {
			f := factByID(id)
			if f == nil {
				continue
			}
			if a.Fact == f || a.Fact == nil && a.Topic == f.Topic {
				found = true
			}
			for _, n := range a.Near {
				found = found || n == f
			}
		}
		text := a.Short()
		if a.Fact == nil {
			text, _ = a.Topic.Text()
		}
		starts := sentenceStarts(text)
		right, first := false, false
		for i, s := range starts {
			if startsWith(s, r.verdict) {
				right = true
				first = first || i == 0
			}
		}
		if found {
			fig.found++
		}
		if right {
			fig.right++
		}
		if first {
			fig.first++
		}
		if a.Verdict != "" && !startsWith(a.Verdict, r.verdict) {
			fig.wrong++
		}
		if !first || !found {
			lead := ""
			if len(starts) > 0 {
				lead = starts[0]
			}
			if len(lead) > 90 {
				lead = lead[:90] + "…"
			}
			got := a.Topic.ID
			if a.Fact != nil {
				got = a.Fact.ID
			}
			misses = append(misses, fmt.Sprintf("%q answers %s %q (found %v, right %v); want %s on %s", r.q, got, lead, found, right,
				strings.Join(r.verdict, "|"), strings.Join(r.facts, "|")))
		}
	}
	return fig, misses
}

// fourthRound is how many rows the situation set held before the fourth
// round's were gathered.
const fourthRound = 121

// TestSituationQuestions measures the answers to situation questions asked
// in public: found, verdict right, verdict in the first sentence. The
// floors are what the answers reach, a little under, so that a change that
// loses ground fails.
func TestSituationQuestions(t *testing.T) {
	rows := situationQuestions(t)
	if len(rows) < 150 {
		t.Fatalf("%d situation questions; keep at least 150", len(rows))
	}
	for _, r := range rows {
		for _, id := range r.facts {
			if factByID(id) == nil {
				t.Errorf("%q: no fact %s", r.q, id)
			}
		}
	}
	fig, misses := measureSituations(rows)
	t.Logf("situation questions: %v", fig)
	if len(rows) > fourthRound {
		// The rows gathered for the fourth round, measured apart (their
		// figures before any change for them are in docs/rules.md).
		late, _ := measureSituations(rows[fourthRound:])
		t.Logf("of them, the %d gathered for the fourth round: %v", len(rows)-fourthRound, late)
	}
	for _, m := range misses {
		t.Log(m)
	}
	floor := struct{ found, right, first, wrong int }{99, 99, 99, 0}
	if fig.found*100 < floor.found*fig.n || fig.right*100 < floor.right*fig.n || fig.first*100 < floor.first*fig.n || fig.wrong > floor.wrong {
		t.Errorf("situation questions: %v; want found %d%%, right %d%%, first %d%%, at most %d wrong", fig, floor.found, floor.right, floor.first, floor.wrong)
	}
}

// fifthRound are situation questions the team wrote in a family's words,
// before asking any of them, of the kinds the reader had ruled wrongly:
// two plays told in order, a number said on a draw card, and everyday
// words that are an edition's name ("flip", "mercy", "party", "attack",
// "triple"). Each has the verdict its answer must lead with and the facts
// it rests on; they have no address, being asked nowhere. Measured before
// any change made for them: see docs/rules.md.
var fifthRound = []situationRow{
	{q: "my brother played a draw 2 and then a skip in the same turn, is that allowed?", verdict: []string{"No"}, facts: []string{"two-at-once", "turn-match"}},
	{q: "can you play a reverse and a skip at the same time", verdict: []string{"No"}, facts: []string{"two-at-once", "turn-match"}},
	{q: "my son put down a wild and then played his red 5 right after, can he do that", verdict: []string{"No"}, facts: []string{"two-at-once", "turn-match"}},
	{q: "I put a +2 down and then my friend put a skip on it, does she still have to pick up 2", verdict: []string{"Yes", "Not to block it"}, facts: []string{"d2-does", "stacking", "skip-on"}},
	{q: "she played a reverse then a reverse again straight away on her go", verdict: []string{"No"}, facts: []string{"two-at-once", "reverse-on", "turn-match"}},
	{q: "can you put a 2 on a draw 2", verdict: []string{"No", "Not to block it", "It depends"}, facts: []string{"d2-on", "turn-match", "stacking"}},
	{q: "can I play a 4 on a +4 in uno", verdict: []string{"No", "Not to block it", "It depends"}, facts: []string{"wd4-does", "turn-match", "stacking", "wild-does"}},
	{q: "my cousin says you can put +2 on +2 so the next person picks up 4, is that true", verdict: []string{"No"}, facts: []string{"stacking", "d2-on"}},
	{q: "someone played a +2 on me, can I put my +2 down and make the next person draw 4", verdict: []string{"No"}, facts: []string{"stacking"}},
	{q: "can you play a green 2 on a green draw 2?", verdict: []string{"Yes", "Not to block it"}, facts: []string{"d2-on", "turn-match"}},
	{q: "can you flip the direction with a reverse card", verdict: []string{"Yes"}, facts: []string{"reverse-does"}},
	{q: "my kids show no mercy and played a wild draw 4 on me, can I challenge it", verdict: []string{"Yes"}, facts: []string{"challenge-how", "challenge-who"}},
	{q: "having a party with 8 people, can we all play uno with one deck?", verdict: []string{"Yes"}, facts: []string{"player-count"}},
	{q: "is it ok to attack the next player with a draw 2 when they have uno", verdict: []string{"Yes"}, facts: []string{"d2-on", "d2-does"}},
	{q: "can you play a triple, like three 7s at once?", verdict: []string{"No"}, facts: []string{"two-at-once"}},
}

// secondNewcomer are the questions a newcomer who had not written the
// code asked at a family's game night (notes/newcomer2.md, items 1 to 7,
// those asked with no game in use), in their words, with the verdict the
// answer must lead with, written before any change for them. Before: found
// 4 of 11, the verdict first in 3 (two by chance, on a neighbour's fact),
// 1 wrong verdict; now 11 of 11, none wrong, and the floor is that.
var secondNewcomer = []situationRow{
	{q: "max played a wild draw four and didnt say a colour, what colour is it", verdict: []string{"No rulebook covers that"}, facts: []string{"wild-no-colour"}},
	{q: "someone played a wild and forgot to call a colour", verdict: []string{"No rulebook covers that"}, facts: []string{"wild-no-colour"}},
	{q: "dad didnt say uno and I only noticed after zoe had drawn a card, does he still have to draw", verdict: []string{"No, too late"}, facts: []string{"uno-timing"}},
	{q: "if two people tie for the highest card when picking the dealer", verdict: []string{"No rulebook covers that"}, facts: []string{"dealer-tie"}},
	{q: "what happens to a player who ends up with 25 cards in no mercy", verdict: []string{"Knocked out"}, facts: []string{"nomercy-mercy"}},
	{q: "zoe played a red skip and I have a red reverse, can I play it", verdict: []string{"Yes"}, facts: []string{"turn-match", "reverse-on"}},
	{q: "can my brother challenge the plus 4 grandma played on me even though hes not next", verdict: []string{"No"}, facts: []string{"challenge-who"}},
	{q: "can I play a 6 from my hand after I already drew a card", verdict: []string{"No"}, facts: []string{"renege", "draw-one"}},
	{q: "how many points is a wild draw 10 worth", verdict: []string{"50 points"}, facts: []string{"nomercy-values"}},
	{q: "does a knocked out player come back next hand", verdict: []string{"Not settled"}, facts: []string{"nomercy-mercy"}},
	{q: "can you stack in uno attack", verdict: []string{"No"}, facts: []string{"attack-cards", "attack-play"}},
}

// situationSet is every situation question: those asked in public, the
// fifth round's and the second newcomer's.
func situationSet(t *testing.T) []situationRow {
	return append(append(situationQuestions(t), fifthRound...), secondNewcomer...)
}

// TestSecondNewcomerQuestions measures the second newcomer's questions as
// TestFifthRoundQuestions does the fifth round's: every verdict first,
// none wrong.
func TestSecondNewcomerQuestions(t *testing.T) {
	for _, r := range secondNewcomer {
		for _, id := range r.facts {
			if factByID(id) == nil {
				t.Errorf("%q: no fact %s", r.q, id)
			}
		}
	}
	fig, misses := measureSituations(secondNewcomer)
	t.Logf("second newcomer: %v", fig)
	for _, m := range misses {
		t.Log(m)
	}
	if fig.first < fig.n || fig.found < fig.n || fig.wrong > 0 {
		t.Errorf("second newcomer: %v; want every verdict first, every fact found, none wrong", fig)
	}
}

// TestFifthRoundQuestions measures the fifth round's questions as
// TestSituationQuestions does the public ones. Before any change for them
// the verdict led 9 of 15 (found 11, no wrong verdict); now 15 of 15. The
// floor is what they reach, so that a change that loses ground fails.
func TestFifthRoundQuestions(t *testing.T) {
	for _, r := range fifthRound {
		for _, id := range r.facts {
			if factByID(id) == nil {
				t.Errorf("%q: no fact %s", r.q, id)
			}
		}
	}
	fig, misses := measureSituations(fifthRound)
	t.Logf("fifth round: %v", fig)
	for _, m := range misses {
		t.Log(m)
	}
	floor := struct{ first, wrong int }{15, 0}
	if fig.first < floor.first || fig.wrong > floor.wrong {
		t.Errorf("fifth round: %v; want the verdict first in at least %d, at most %d wrong", fig, floor.first, floor.wrong)
	}
}

// TestHonestSilence: a question that names what no rulebook covers is
// answered with that silence, not with a neighbouring fact that shares its
// other words; a rare word of the unsaid fact's name decides it, a common
// one ("time", "top") does not.
func TestHonestSilence(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"a misdeal found after play began", "misdeal"}, // uno-timing before
		{"misdeal found after we started playing what now", "misdeal"},
		{"can I play a wild draw four any time", "wd4-when"},
		{"How many times can you be made to draw 2 in uno?", "d2-does"},
		// The second newcomer's: a colour never called is not the UNO
		// call ("say" is not "say UNO"), a tie for the deal not a tie for
		// the lowest score.
		{"max played a wild draw four and didnt say a colour, what colour is it", "wild-no-colour"},
		{"someone played a wild and forgot to call a colour", "wild-no-colour"},
		{"if two people tie for the highest card when picking the dealer", "dealer-tie"},
		{"we both drew the same highest card to deal, what now", "dealer-tie"},
	} {
		a, err := Ask(tt.q)
		if err != nil || a.Fact == nil || a.Fact.ID != tt.want {
			t.Errorf("%q = %+v, %v; want %s", tt.q, a, err, tt.want)
		}
	}
}
