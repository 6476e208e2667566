package rules

import (
	"errors"
	"sync"
	"testing"
)

// questions are rules questions as people ask them at a table, each with the
// topic that answers it (issue 10: "questions as people ask them").
var questions = []struct{ q, want string }{
	{"can I stack draw 2", "house-rules"},
	{"stack draw 2", "house-rules"},
	{"can you stack a draw four on a draw two", "house-rules"},
	{"first card reverse", "first-card"},
	{"what if the first card is a wild draw four", "wild-draw-four"},
	{"first card is a skip", "first-card"},
	{"2 players reverse", "two-player"},
	{"reverse with two players", "two-player"},
	{"do you have to say uno", "uno"},
	{"what happens if I forget to say uno", "uno"},
	{"when do you call uno", "uno"},
	{"penalty for not saying uno", "uno"},
	{"what is jump in", "house-rules"},
	{"seven zero rule", "house-rules"},
	{"can I play two cards at once", "house-rules"},
	{"wild 4", "wild-draw-four"},
	{"when can I play a wild draw four", "wild-draw-four"},
	{"can I play a +4 if I have a matching colour", "wild-draw-four"},
	{"how do I challenge a wild draw four", "challenge"},
	{"what if the challenge fails", "challenge"},
	{"out on a draw two", "going-out"},
	{"can you go out on an action card", "going-out"},
	{"can you end on a wild", "going-out"},
	{"how many cards", "basics"},
	{"how many cards do you deal", "basics"},
	{"matching", "basics"},
	{"how many players", "basics"},
	{"how do you play", "basics"},
	{"who goes first", "basics"},
	{"which way does play go", "basics"},
	{"can I play a blue 7 on a red 7", "basics"},
	{"what if I can't play", "drawing"},
	{"do I have to draw until I can play", "drawing"},
	{"can I play the card I drew", "drawing"},
	{"can I keep a playable card", "reneging"},
	{"do I have to play a playable card", "reneging"},
	{"what happens when the draw pile runs out", "reshuffle"},
	{"how many points is a wild worth", "scoring"},
	{"how much is a skip worth", "scoring"},
	{"how does scoring work", "scoring"},
	{"lowest score wins", "alternative-scoring"},
	{"who deals first", "dealer"},
	{"who deals next", "dealer"},
	{"how do you pick the dealer", "dealer"},
	{"what does a skip do", "skip"},
	{"what does reverse do", "reverse"},
	{"what does the draw two card do", "draw-two"},
	{"can I play a draw two on a draw two", "draw-two"},
	{"can I play a wild anytime", "wild"},
	{"can a wild change to the same colour", "wild"},
	{"what does wild shuffle hands do", "wild-shuffle-hands"},
	{"how do custom cards work", "wild-customizable"},
	{"what can I write on the blank card", "wild-customizable"},
	{"how many cards in a deck", "deck"},
	{"what colours are in the themed deck", "deck"},
	{"how do partners work", "partners"},
	{"playing in teams", "partners"},
	{"how does challenge uno work", "challenge-uno"},
	{"what happens when a player is eliminated", "challenge-uno"},
	{"rotating partners", "tournament"},
	{"eight players two tables", "tournament"},
	{"is it a penalty to help another player", "penalties"},
	{"what are the penalties", "penalties"},
	{"house rules", "house-rules"},
	{"what happens with only two people", "two-player"},
	{"skip with 2 players", "two-player"},
	{"draw two with two players", "draw-two"},
	{"what is the challenge", "challenge"},
	{"uno", "uno"},
	{"purple", "deck"},
	{"points", "scoring"},
	{"cheat", "penalties"},
	{"bluff", "challenge"},
	{"who wins", "scoring"},
	{"500", "scoring"},
	{"shuffle", "wild-shuffle-hands"},
	{"what's jump-in?", "house-rules"},
	{"Can I STACK +2s?", "house-rules"},
	{"don't want to play my card", "reneging"},
	{"can I play a wild on a wild", "wild"},
	{"go out on a wild draw four", "going-out"},
	{"draw 4", "wild-draw-four"},
	{"what does a 7 do", "house-rules"},
	// "drawing" is the draw of a turn, not the dealer's draw for the deal.
	{"can I play after drawing", "drawing"},
	{"can I play a card after I draw", "drawing"},
	{"what if I draw a card I can play", "drawing"},
	{"can I play the drawn card", "drawing"},
	{"after drawing", "drawing"},
	{"who draws for the deal", "dealer"},
	// A card's longer name outranks its prefix ("wild" in "wild draw four").
	{"can you play a wild draw four anytime", "wild-draw-four"},
	{"can I play a wild draw four any time", "wild-draw-four"},
	{"can I play a wild draw four whenever I want", "wild-draw-four"},
	{"wild draw four anytime", "wild-draw-four"},
	{"can I play wild shuffle hands anytime", "wild-shuffle-hands"},
}

func TestQuestions(t *testing.T) {
	if len(questions) < 60 {
		t.Fatalf("%d questions; keep at least 60", len(questions))
	}
	for _, tt := range questions {
		got, _, err := LookupTopic(tt.q)
		if err != nil {
			t.Errorf("%q: %v; want %s", tt.q, err, tt.want)
			continue
		}
		if got.ID != tt.want {
			var ranked []string
			for _, h := range Search(tt.q) {
				ranked = append(ranked, h.Topic.ID)
			}
			t.Errorf("%q answers %s; want %s (ranked %v)", tt.q, got.ID, tt.want, ranked)
		}
	}
}

// TestRunnersUp: a question that two topics answer names the other as see
// also.
func TestRunnersUp(t *testing.T) {
	for _, tt := range []struct{ q, want, also string }{
		{"can I stack draw 2", "house-rules", "draw-two"},
		{"2 players reverse", "two-player", "reverse"},
		{"out on a draw two", "going-out", "draw-two"},
	} {
		got, also, err := LookupTopic(tt.q)
		if err != nil || got.ID != tt.want {
			t.Fatalf("%q = %v, %v", tt.q, got, err)
		}
		found := false
		for _, a := range also {
			found = found || a.ID == tt.also
		}
		if !found || len(also) > 2 {
			t.Errorf("%q names %v as see also; want %s among at most two", tt.q, also, tt.also)
		}
	}
}

// TestNonsense: words that answer to no topic exit as an error; filler
// alone suggests nothing.
func TestNonsense(t *testing.T) {
	for _, q := range []string{"xyzzy", "banana bread", "what is the weather", "the", "can I", "pizza", "how old are you", "what is love"} {
		_, _, err := LookupTopic(q)
		var te *TopicError
		if !errors.As(err, &te) {
			t.Errorf("%q: %v, want a TopicError", q, err)
			continue
		}
		if len(te.Suggest) > 0 {
			t.Errorf("%q suggests %v", q, te.Suggest)
		}
	}
}

func TestWords(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Can I stack Draw 2?", "stack draw two"},
		{"what's jump-in", "jump"},
		{"Stacking stacked stacks", "stack stack stack"},
		{"skipped players", "skip player"},
		{"I can't play", "cannot play"},
		{"colors", "colour"},
		{"+4", "+4"},
	} {
		if got := joinWords(queryWords(tt.in)); got != tt.want {
			t.Errorf("queryWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func joinWords(ws []string) string {
	s := ""
	for i, w := range ws {
		if i > 0 {
			s += " "
		}
		s += w
	}
	return s
}

func BenchmarkLookupQuestion(b *testing.B) {
	LookupTopic("warm up")
	for b.Loop() {
		if _, _, err := LookupTopic("can I stack a draw two on a draw two"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookupQuestionCold is one run of "unoscore rules QUESTION": the
// search index built from every topic's text, then one question.
func BenchmarkLookupQuestionCold(b *testing.B) {
	Topics()
	for b.Loop() {
		indexOnce, index, docFreq = sync.Once{}, nil, nil
		if _, _, err := LookupTopic("can I stack draw 2"); err != nil {
			b.Fatal(err)
		}
	}
}
