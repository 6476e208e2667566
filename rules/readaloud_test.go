package rules

import (
	"sort"
	"strings"
	"testing"
)

// TestAnswersReadAloud: every answer to a question of every set (the
// team's, public, situations, the second engineer's) is read in one
// breath: at most about 50 words (maxWords) before "more: unoscore rules
// TOPIC", the ruling, the fact's title and heading and the fact.
func TestAnswersReadAloud(t *testing.T) {
	var qs []string
	for _, q := range questions {
		qs = append(qs, q.q)
	}
	public, _ := publicQuestions(t)
	for _, q := range public {
		qs = append(qs, q.q)
	}
	for _, r := range situationSet(t) {
		qs = append(qs, r.q)
	}
	for _, r := range secondQuestions(t) {
		qs = append(qs, r.q)
	}
	var counts []int
	for _, q := range qs {
		a, err := Ask(q)
		if err != nil || a.Fact == nil {
			continue // no answer, or a whole topic named
		}
		short := a.Short()
		// A heading with nothing under it reads as an answer cut off.
		if lines := strings.Split(strings.TrimSpace(strings.TrimSuffix(short, "\n\n"+flipNote)), "\n"); strings.HasPrefix(lines[len(lines)-1], "## ") {
			t.Errorf("%q: the answer ends on a heading with nothing under it: %q", q, short)
		}
		if strings.HasSuffix(strings.TrimSpace(strings.TrimSuffix(short, "\n\n"+flipNote)), ":") {
			t.Errorf("%q: the answer ends on a colon, its list left out: %q", q, short)
		}
		n := answerWords(short)
		counts = append(counts, n)
		if n > maxWords {
			t.Errorf("%q: %d words before \"more:\", more than %d: %q", q, n, maxWords, a.Short())
		}
	}
	sort.Ints(counts)
	if len(counts) > 0 {
		t.Logf("%d answers: median %d words, 90th percentile %d, longest %d", len(counts), counts[len(counts)/2],
			counts[len(counts)*9/10], counts[len(counts)-1])
	}
	docFigure(t, "answers", "(`TestAnswersReadAloud`, ", " answers", len(counts))
}
