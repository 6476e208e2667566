package rules

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// questions are the team's own rules questions, as people ask them at a
// table (issues 10 and 18), each with the facts that answer it (any of
// them; the first is the key fact). The public set, which no one on the
// team wrote, is testdata/public_questions.tsv.
var questions = []struct{ q, want string }{
	// Issue 23: UNO Flip, its own sheet.
	{"what's a skip everyone worth", "flip-values|score-flip"},
	{"do we count the dark side", "flip-side-scored"},
	{"wild draw color how many", "flip-deck"},
	{"what does the flip card do", "flip-turn"},
	{"how much is a wild in uno flip", "flip-values|score-flip"},
	{"what if the first card is a flip", "flip-first-card"},
	{"can you challenge a wild draw two", "flip-light-actions"},
	{"what does skip everyone do", "flip-dark-actions"},
	{"can I stack draw 2", "stacking|d2-on"},
	{"stack draw 2", "stacking"},
	{"can you stack a draw four on a draw two", "stacking"},
	{"first card reverse", "reverse-start"},
	{"what if the first card is a wild draw four", "wd4-start"},
	{"first card is a skip", "skip-start"},
	{"2 players reverse", "reverse-two|two-rules"},
	{"reverse with two players", "reverse-two|two-rules"},
	{"do you have to say uno", "uno-must"},
	{"what happens if I forget to say uno", "uno-penalty"},
	{"when do you call uno", "uno-when"},
	{"penalty for not saying uno", "uno-penalty"},
	{"what is jump in", "jump-in"},
	{"seven zero rule", "seven-o"},
	{"can I play two cards at once", "two-at-once"},
	{"wild 4", "wd4-does|wd4-when"},
	{"when can I play a wild draw four", "wd4-when"},
	{"can I play a +4 if I have a matching colour", "wd4-when"},
	{"how do I challenge a wild draw four", "challenge-how|challenge-who"},
	{"what if the challenge fails", "challenge-verdict"},
	{"out on a draw two", "d2-last|out-on-draw"},
	{"can you go out on an action card", "out-on-action"},
	{"can you end on a wild", "out-on-action"},
	{"how many cards", "deal-seven|deck-cards"},
	{"how many cards do you deal", "deal-seven|dealer-deal"},
	{"matching", "turn-match"},
	{"how many players", "player-count"},
	{"how do you play", "turn-match|aim|turn-draw"},
	{"who goes first", "first-player"},
	{"which way does play go", "first-player"},
	{"can I play a blue 7 on a red 7", "turn-match"},
	{"what if I can't play", "draw-one"},
	{"do I have to draw until I can play", "draw-until"},
	{"can I play the card I drew", "draw-one"},
	{"can I keep a playable card", "renege"},
	{"do I have to play a playable card", "renege"},
	{"what happens when the draw pile runs out", "reshuffle-rule"},
	{"how many points is a wild worth", "wild-points|score-values"},
	{"how much is a skip worth", "skip-points|score-values"},
	{"how does scoring work", "score-who"},
	{"lowest score wins", "alt-how"},
	{"who deals first", "dealer-first"},
	{"who deals next", "dealer-next"},
	{"how do you pick the dealer", "dealer-first"},
	{"what does a skip do", "skip-does"},
	{"what does reverse do", "reverse-does"},
	{"what does the draw two card do", "d2-does"},
	{"can I play a draw two on a draw two", "d2-on|stacking"},
	{"can I play a wild anytime", "wild-when"},
	{"can a wild change to the same colour", "wild-does"},
	{"what does wild shuffle hands do", "ws-does"},
	{"how do custom cards work", "wc-does"},
	{"what can I write on the blank card", "wc-does"},
	{"how many cards in a deck", "deck-cards"},
	{"what colours are in the themed deck", "deck-colours"},
	{"how do partners work", "partners-how"},
	{"playing in teams", "partners-how"},
	{"how does challenge uno work", "cuno-how"},
	{"what happens when a player is eliminated", "cuno-how"},
	{"rotating partners", "partners-change|tourney-four"},
	{"eight players two tables", "tourney-eight"},
	{"is it a penalty to help another player", "suggesting"},
	{"what are the penalties", "suggesting|uno-penalty"},
	{"what happens with only two people", "two-rules"},
	{"skip with 2 players", "skip-two|two-rules"},
	{"draw two with two players", "d2-two|two-rules"},
	{"what is the challenge", "challenge-how|challenge-verdict"},
	{"uno", "uno-when"},
	{"purple", "deck-colours"},
	{"points", "score-values|score-who"},
	{"cheat", "suggesting|challenge-verdict"},
	{"bluff", "challenge-how|challenge-verdict|challenge-not-colour|wd4-when"},
	{"who wins", "score-who|aim"},
	{"500", "score-who"},
	{"shuffle", "ws-does|ws-decks"},
	{"what's jump-in?", "jump-in"},
	{"Can I STACK +2s?", "stacking"},
	{"don't want to play my card", "renege"},
	{"can I play a wild on a wild", "wild-when"},
	{"go out on a wild draw four", "wd4-last|out-on-draw"},
	{"draw 4", "wd4-does|wd4-when"},
	{"what does a 7 do", "seven-o"},
	{"can I play after drawing", "draw-one"},
	{"can I play a card after I draw", "draw-one"},
	{"what if I draw a card I can play", "draw-one"},
	{"can I play the drawn card", "draw-one"},
	{"after drawing", "draw-one"},
	{"who draws for the deal", "dealer-first"},
	{"can you play a wild draw four anytime", "wd4-when"},
	{"can I play a wild draw four any time", "wd4-when"},
	{"can I play a wild draw four whenever I want", "wd4-when"},
	{"wild draw four anytime", "wd4-when"},
	{"can I play wild shuffle hands anytime", "ws-when"},
	// Issue 18: the questions that failed, as a family blurts them out.
	{"wait can u put a draw 2 on a draw 2", "d2-on|stacking"},
	{"do u actually have to say uno", "uno-must"},
	{"draw pile ran out now what", "reshuffle-rule"},
	{"how much r wilds n draw 4s worth at the end", "score-values|wild-points|wd4-points"},
	{"forgot to yell uno how many do i pick up", "uno-penalty"},
	{"forgot to say uno how many do i pick up", "uno-penalty"},
	{"i challenged the +4 and was wrong how many do i draw", "challenge-verdict"},
	{"can i tell my partner what to play", "suggesting"},
	{"what if 2 people tie for lowest when someone hits 500", "alt-tie"},
	{"is there a time limit on ur turn", "time-limit"},
	{"hit me w a draw 2 can i hit back w mine", "d2-on|stacking"},
	{"chalenging a plus 4 who can do it", "challenge-who"},
	{"revers with 2 ppl", "reverse-two|two-rules"},
	{"whats the highest numbr card worth", "score-values"},
	{"can i play 2 cards at once", "two-at-once"},
	{"jump in", "jump-in"},
	{"seven-o", "seven-o"},
	{"7 0 rule", "seven-o"},
	{"sevens", "seven-o"},
	{"do i keep drawing til i can go", "draw-until"},
	{"can u end on a skip tho", "out-on-action"},
	{"tie", "alt-tie"},
	// Typed as a tired family types, by a reviewer of issue 18 (i18-review).
	{"if u draw n it matches can u play it rite away", "draw-one|turn-draw"},
	{"deck ran out wat now", "reshuffle-rule"},
	{"do skips count 20 or 50", "skip-points|score-values"},
	{"can u win on a wild 4", "wd4-last|out-on-action"},
	{"2 ppl game reverse = skip??", "reverse-two"},
	{"how many cards do u deal", "deal-seven|dealer-deal"},
	{"whos first after dealin", "first-player"},
	{"first card flipped is a wild who picks the colour", "wild-start"},
	{"got caught w 1 card didnt say uno how many do i draw", "uno-penalty"},
	{"can my kid play a wild evn if she has red", "wild-when"},
	{"what if someone calls uno but has 2 cards", "uno-false"},
	{"what if a card is flipped over while dealing", "misdeal"},
	// Once missed (issue 18's closing note): a count of cards read as a
	// card's number or name, and holding a colour read as nothing.
	{"my bro put a +4 down but he had a blue wat do i do", "challenge-how|wd4-when"},
	{"he drew 4 n still played, is that allowed", "wd4-does"},
	// A newcomer's questions that got the wrong answer (fix-rules), each
	// with wordings of the same question written before they were tried:
	// "ppl" folded only after the card names, "work" matching "works like
	// a Skip", "have to" lost as stop words, holding a colour unread in
	// the Wild Draw Four's own rule, no "penalty" for a failed challenge,
	// no fact for what can be challenged, and no 7 in "1 to 9".
	{"do skips work with 2 players", "skip-two"},
	{"skip with 2 ppl", "skip-two"},
	{"do skips work with 2 ppl", "skip-two"},
	{"does a skip do anything when its just 2 of us", "skip-two"},
	{"skip in a 2p game do i go again", "skip-two"},
	{"wat happens w a skip if ur only 2", "skip-two"},
	{"skips w 2 ppl", "skip-two"},
	{"playin a skip with just 2 ppl who goes", "skip-two"},
	{"if i have a red 7 and the top card is red can i still play my +4", "wd4-when"},
	{"i got a green card n its green on top can i still throw my draw 4", "wd4-when"},
	{"am i allowed a wild draw four if i have the colour thats on the pile", "wd4-when"},
	{"can i play a plus 4 when i got a blue and blue is in play", "wd4-when"},
	{"why are there two 7s", "deck-cards"}, // a count of a face is how many of that number card
	{"why only four zeros", "deck-cards"},
	{"why r there 2 of every number", "deck-cards"},
	{"what is the penalty for a false challenge of a wild draw four", "challenge-verdict"},
	{"penalty for challenging a +4 wrong", "challenge-verdict"},
	{"what happens if u challenge a draw 4 and ur wrong", "challenge-verdict"},
	{"how many cards for a failed wd4 challenge", "challenge-verdict"},
	{"can you challenge a draw 2", "challenge-which"},
	{"can u challenge a +2", "challenge-which"},
	{"which cards can you challenge", "challenge-which"},
	{"is it legal to challenge a skip", "challenge-which"},
	{"how many of each number card is there", "deck-cards"},
	// Twenty-odd more in a table's words (fix-rules), written before they
	// were tried.
	{"can u play a wild on ur first turn", "wild-when"},
	{"whats a reverse do in 2p", "reverse-two"},
	{"do u draw 2 if someone catches u not sayin uno", "uno-penalty"},
	{"how many cards u start w", "deal-seven"},
	{"who picks the colour when a wild is flipped first", "wild-start"},
	{"if the +4 is the first card wat happens", "wd4-start"},
	{"can i drop a +2 on a yellow 2", "d2-on"},
	{"can i put a red skip on a blue skip", "skip-on|turn-match"}, // turn-match says "a blue Skip on a red Skip"
	{"how many points is a +2 worth", "d2-points"},
	{"do u have to play if u can", "renege"},
	{"can ppl help each other", "suggesting"},
	{"wat if the draw pile is empty", "reshuffle-rule"},
	{"who goes first after the deal", "first-player"},
	{"does the +4 guy pick the colour", "wd4-does"},
	{"can the person after the next one challenge a +4", "challenge-who"},
	{"is 7 cards the right amount to deal", "deal-seven|dealer-deal"}, // both say 7 each
	{"can i go again after a skip in 2p", "skip-two"},
	{"uno caught after next player started does it count", "uno-timing"},
	{"if u challange a plus 4 n win who draws", "challenge-verdict"},
	{"how many wild cards r in the deck", "wild-count"},
	{"do u add up points from everyone elses hands", "score-who"},
	// A second round (fix-rules), written before they were tried: "skip"
	// as what a card does to the next player is no Skip card.
	{"wat if u only got 1 card n forget uno", "uno-penalty"},
	{"can u play a reverse on a diff colour reverse", "reverse-on"},
	{"do i hav to say uno", "uno-must"},
	{"who deals after the 1st hand", "dealer-next"},
	{"how many pts is a reverse", "reverse-points"},
	{"can 2 ppl play uno", "two-rules"},
	{"does the +4 skip the next persons turn", "wd4-does"},
	{"wut happens if the first card is a +2", "d2-start"},
	{"is there a max number of ppl", "player-count"},
	// A newcomer's answers to the Wild Draw Four's challenge (rules-ans):
	// the verdict was two facts, so a question about a bluff caught got
	// the innocent line alone, the wrong person's penalty; "right" read
	// as a direction; "bluffing" and "bluffs" stemmed apart.
	{"whats the penalty if u get caught bluffing a +4", "challenge-verdict"},
	{"whats the penalty for playing a wild draw 4 ileagally", "challenge-verdict"},
	{"challenge successful who draws", "challenge-verdict"},
	{"what if the +4 was illegal", "challenge-verdict"},
	{"what happens if u challenge a draw 4 and ur right", "challenge-verdict"},
	{"what happens if you challenge a wild draw 4", "challenge-verdict"},
	// A newcomer's UNO Flip questions (rules-ans): a question naming UNO
	// Flip was answered with the five rulebooks' Wild (50), the Wild Draw
	// Color's draw was one sentence of a long fact, and stacking its Draw
	// Five was nowhere.
	{"how much is a wild worth in uno flip", "flip-values|score-flip"},
	{"how many points is a wild in uno flip", "flip-values|score-flip"},
	{"what is a wild card worth in flip", "flip-values|score-flip"},
	{"flip wild worth", "flip-values|score-flip"},
	{"wild draw color how many cards do u draw", "flip-draw-color"},
	{"draw five on a draw five flip", "flip-stacking"},
	// The newcomer's others (rules-ans), each fixed by its cause: "as a
	// skip" read as the Skip card, "the person who wins" as how to win,
	// "own" a stop word, "second last" not the reference's
	// "next-to-last", and facts missing or short (a Draw Two on a Wild's
	// colour, that only a catch costs anything for a missed or late UNO,
	// the deck's 108 or 112).
	{"is a draw 2 allowed on a wild", "d2-on"},
	{"can i put a red draw two on a wild that was called red", "d2-on"},
	{"does a reverse count as a skip with 2 ppl", "reverse-two"},
	{"does the person who wins the round deal next", "dealer-next"},
	{"do you get points for your own cards", "score-who"},
	{"can i say uno after i play my second last card", "uno-must|uno-timing"},
	{"how many cards in an uno deck", "deck-cards"},
	// Twenty-two more in a table's words on the same points (rules-ans),
	// written before they were tried; "if some1 bluffs a +4" (stemmed
	// apart from "bluffing"), "a +4 was illegal what now" and "caught my
	// sister cheating w a draw 4" were missed then.
	{"wats a wild worth in flip", "flip-values|score-flip"},
	{"uno flip how many pts for a wild", "flip-values|score-flip"},
	{"if some1 bluffs a +4 n gets caught who draws", "challenge-verdict"},
	{"i caught my sister cheating w a draw 4 what does she draw", "challenge-verdict"},
	{"what if i challenge the +4 n im right", "challenge-verdict"},
	{"what happens when u challenge a wd4", "challenge-verdict"},
	{"can u put a +2 on a wild if its the right colour", "d2-on"},
	{"can i play a blue draw 2 on a wild that called blue", "d2-on"},
	{"does reverse act like a skip in 2 player", "reverse-two"},
	{"reverse works as a skip w 2 ppl right", "reverse-two"},
	{"does the winner deal the next round", "dealer-next"},
	{"do i count my own hand at the end", "score-who"},
	{"do u score ur own cards", "score-who"},
	{"can u stack draw 5s in flip", "flip-stacking"},
	{"wild draw colour how many do i pick up", "flip-draw-color"},
	{"do u gotta say uno", "uno-must"},
	{"is it too late to call uno after my 2nd last card is down", "uno-must|uno-timing"},
	{"what if nobody notices i didnt say uno", "uno-must|uno-penalty"},
	{"how many cards r in uno", "deck-cards"},
	{"is uno 108 or 112 cards", "deck-cards"},
	{"how many cards does a wild draw color make u draw", "flip-draw-color"},
	// stillMissed's "the whole game" (rules-ans), and two wordings of it
	// written before they were tried.
	{"how do u win the whole game", "score-who"},
	{"who wins the entire game", "score-who"},
	{"how do u win the overall game", "score-who"},
	{"+4 was illegal what now", "challenge-verdict"},
	// A count asked of a card (rules-fix): how many there are ("are
	// there", "in the deck", "does the deck have", "in uno flip", or the
	// card's name and "how many" alone) is the deck's contents; how many
	// it makes someone draw or pick up is its effect. 1e9ff4f had sent
	// every "how many" of the Wild Draw Color to its effect.
	{"how many wild draw color cards are there", "flip-deck"},
	{"how many wild draw colors in the deck", "flip-deck"},
	{"how many wild draw colors does the deck have", "flip-deck"},
	{"does the deck have wild draw colors", "flip-deck"},
	{"how many wild draw colours in uno flip", "flip-deck"},
	{"how many draw fives are there", "flip-deck"},
	{"how many skip everyone cards in uno flip", "flip-deck"},
	{"how many wild draw twos in the deck", "flip-deck"},
	{"how many cards does a draw five make you draw", "flip-dark-actions"},
	{"how many cards do i pick up from a draw 5", "flip-dark-actions"},
	{"how many do you pick up for a wild draw two", "flip-light-actions"},
	{"how many wild draw 4s are there", "wd4-count"},
	{"how many draw 2s in a deck", "deck-cards"},
	{"how many +2 cards r in a deck", "deck-cards"},
	{"how many skips in uno", "deck-cards"},
	{"how many reverses are there", "deck-cards"},
	{"how many zeros are in uno", "deck-cards"},
	{"how many blank cards", "wc-how-many"},
	{"how many cards do you draw for a draw 2", "d2-does"},
	{"how many cards does a +2 make you pick up", "d2-does"},
	{"how many do u pick up for a +4", "wd4-does"},
	{"how many cards do you deal in uno flip", "flip-as-uno|deal-seven"},
}

// stillMissed are questions the search answers wrongly today, kept in
// sight (TestQuestions logs them) until a fix that is no tuning to their
// words ("had a blue" after a +4 and "drew 4", once here, are read by
// foldHeld and foldCounts: TestCountsAndHolding). Those left are
// fix-rules' own, written before they were tried ("how do u win the whole
// game", once here, reads "the whole game" as one word since rules-ans:
// "game" alone is a stop word). "stack +2s w 2 ppl" leads with the Draw
// Two's two-player fact (stacking is the runner-up); "a +2 played on me,
// can i play" matches "whoever played it plays again" (Reverse, two
// players): "on me" is two stop words, and reading it as "the next
// player" (tried) sent three others astray, and reading "played on me" as
// one word (tried in rules-ans) sent "someone put a +4 on me" to the Draw
// Two, whose asks say "plays a +2 on you".
var stillMissed = []struct{ q, want string }{
	{"r u allowed to stack +2s w 2 ppl", "stacking"},
	{"if a +2 is played on me can i play", "d2-does"},
}

// figures are the three measures of the search over a question set: found
// (the answer's topic, or its fact, is the right one), in (the key fact is
// the answer, or is named as the runner-up) and leading (the key fact is the
// answer, its first sentence within the first 50 words).
type figures struct{ n, found, in, leading int }

func (f figures) String() string {
	pct := func(k int) float64 { return 100 * float64(k) / float64(f.n) }
	return fmt.Sprintf("%d questions: found %.0f%%, key fact in the answer %.0f%%, within the first 50 words %.0f%%",
		f.n, pct(f.found), pct(f.in), pct(f.leading))
}

// measure asks each question and counts; it returns the misses too.
func measure(set []struct{ q, want string }) (figures, []string) {
	var fig figures
	var misses []string
	for _, tt := range set {
		fig.n++
		want := strings.Split(tt.want, "|")
		a, err := Ask(tt.q)
		if err != nil {
			misses = append(misses, fmt.Sprintf("%q: %v; want %s", tt.q, err, tt.want))
			continue
		}
		found, in, lead := false, false, false
		for _, id := range want {
			f, ok := LookupFact(id)
			if !ok {
				misses = append(misses, fmt.Sprintf("%q: no fact %s", tt.q, id))
				continue
			}
			if a.Fact == f {
				found, in = true, true
				lead = lead || leadWords(a) <= 50
			}
			if a.Fact == nil && a.Topic == f.Topic {
				// The words named the topic, which is printed whole.
				in = true
				lead = lead || topicWordsBefore(f) <= 40
			}
			if a.Topic == f.Topic {
				found = true
			}
			for _, n := range a.Near {
				if n == f {
					found, in = true, true
				}
			}
		}
		if found {
			fig.found++
		}
		if in {
			fig.in++
		}
		if lead {
			fig.leading++
		}
		if !lead {
			var ranked []string
			for i, h := range Search(tt.q) {
				if i == 4 {
					break
				}
				ranked = append(ranked, fmt.Sprintf("%s %.1f", h.Fact.ID, h.Score))
			}
			got := a.Topic.ID
			if a.Fact != nil {
				got = a.Fact.ID
			}
			misses = append(misses, fmt.Sprintf("%q answers %s (found %v, in %v); want %s; ranked %v", tt.q, got, found, in, tt.want, ranked))
		}
	}
	return fig, misses
}

// topicWordsBefore counts the words of a topic's text before the fact.
func topicWordsBefore(f *Fact) int {
	text, _ := f.Topic.Text()
	i := strings.Index(text, f.Text)
	if i < 0 {
		return 1 << 30
	}
	return len(strings.Fields(text[:i]))
}

// leadWords counts the words of the answer up to the end of the first
// sentence of its fact (a line that ends in a colon takes the line after
// it along: the first rulebook's answer).
func leadWords(a *Answer) int {
	lines := strings.Split(a.Fact.Text, "\n")
	text := lines[0]
	if i := strings.Index(text, ". "); i >= 0 {
		text = text[:i+1]
	} else if strings.HasSuffix(text, ":") && len(lines) > 1 {
		text += " " + lines[1]
	}
	return len(strings.Fields(a.Fact.Lead())) + len(strings.Fields(text))
}

func TestQuestions(t *testing.T) {
	if len(questions) < 94 {
		t.Fatalf("%d questions; keep at least 94", len(questions))
	}
	fig, misses := measure(questions)
	t.Logf("team's questions: %v", fig)
	for _, m := range misses {
		t.Log(m)
	}
	_, missed := measure(stillMissed)
	for _, m := range missed {
		t.Log("still missed:", m)
	}
	if fig.found*100 < 98*fig.n {
		t.Errorf("team's questions: %v; want 98%% found", fig)
	}
	if fig.leading*100 < 95*fig.n {
		t.Errorf("team's questions: %v; want 95%% leading", fig)
	}
}

// publicQuestions reads testdata/public_questions.tsv: question, address,
// facts, rulebook lines.
func publicQuestions(t *testing.T) (set []struct{ q, want string }, lines [][]string) {
	data, err := os.ReadFile(filepath.Join("testdata", "public_questions.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) < 3 || !strings.HasPrefix(f[1], "http") {
			t.Fatalf("public_questions.tsv: %q is not QUESTION, ADDRESS, FACTS[, LINES]", l)
		}
		set = append(set, struct{ q, want string }{f[0], f[2]})
		lines = append(lines, f)
	}
	return set, lines
}

// TestPublicQuestions measures the search on questions asked in public,
// which no one on the team wrote: at least 95% found and 90% leading.
func TestPublicQuestions(t *testing.T) {
	set, rows := publicQuestions(t)
	if len(set) < 200 {
		t.Fatalf("%d public questions; keep at least 200", len(set))
	}
	// Each row names the rulebook lines of its key fact.
	update := os.Getenv("UNOSCORE_UPDATE_QUESTIONS") != ""
	var out []string
	for i, r := range rows {
		key, ok := LookupFact(strings.Split(r[2], "|")[0])
		if !ok {
			t.Fatalf("%q: no fact %s", r[0], r[2])
		}
		var cites []string
		for _, c := range key.Cites {
			cites = append(cites, c.String())
		}
		want := strings.Join(cites, " ")
		if update {
			out = append(out, strings.Join([]string{r[0], r[1], r[2], want}, "\t"))
		} else if len(r) < 4 || r[3] != want {
			t.Errorf("question %d %q: rulebook lines %q, want %q (UNOSCORE_UPDATE_QUESTIONS=1 fills them in)", i+1, r[0], r[3:], want)
		}
	}
	if update {
		data, _ := os.ReadFile(filepath.Join("testdata", "public_questions.tsv"))
		var head []string
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "#") {
				head = append(head, l)
			}
		}
		if err := os.WriteFile(filepath.Join("testdata", "public_questions.tsv"), []byte(strings.Join(append(head, out...), "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fig, misses := measure(set)
	t.Logf("public questions: %v", fig)
	for _, m := range misses {
		t.Log(m)
	}
	if fig.found*100 < 95*fig.n || fig.leading*100 < 90*fig.n {
		t.Errorf("public questions: %v; want at least 95%% found and 90%% leading", fig)
	}
}

// TestRunnersUp: a question that a fact of another topic answers nearly as
// well names that topic too.
func TestRunnersUp(t *testing.T) {
	for _, tt := range []struct{ q, fact, also string }{
		{"2 players reverse", "reverse-two", "two-player"},
		{"out on a draw two", "d2-last", "going-out"},
		{"go out on a wild draw four", "out-on-draw", "wild-draw-four"}, // the two say the same; their scores are a hair apart
	} {
		a, err := Ask(tt.q)
		if err != nil || a.Fact == nil || a.Fact.ID != tt.fact {
			t.Fatalf("%q = %+v, %v; want %s", tt.q, a, err, tt.fact)
		}
		found := false
		for _, o := range a.Also {
			found = found || o.ID == tt.also
		}
		if !found || len(a.Also) > 2 || len(a.Also) != len(a.Near) {
			t.Errorf("%q names %v as also; want %s among at most two", tt.q, a.Also, tt.also)
		}
	}
}

// TestMisspellings: a word misspelt by one letter in five, or two in
// eight, still answers; a short one does not guess.
func TestMisspellings(t *testing.T) {
	for _, tt := range []struct{ q, topic string }{
		{"revrse", "reverse"},
		{"chalenge", "challenge"},
		{"chalenging a wild draw four", "challenge"},
		{"whats the highest numbr card worth", "scoring"},
		{"penatly for not saying uno", "uno"},
		{"resuffle the draw pile", "reshuffle"},
	} {
		got, _, err := LookupTopic(tt.q)
		if err != nil || got.ID != tt.topic {
			t.Errorf("%q = %v, %v; want %s", tt.q, got, err, tt.topic)
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

// TestRangeInside: a range counts the numbers inside it as said, once.
func TestRangeInside(t *testing.T) {
	if got := strings.Join(rangeInside("two each of 1 to 9, and 2 to 10 players"), " "); got != "2 3 4 5 6 7 8" {
		t.Errorf("rangeInside = %q", got)
	}
	ix := index()
	for _, d := range ix.docs {
		if d.fact.ID == "deck-cards" && d.tf["7"] != weightText {
			t.Errorf("deck-cards holds 7 %v times, want %v", d.tf["7"], weightText)
		}
	}
}

func TestWords(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Can I stack Draw 2?", "stack drawtwo"},
		{"what's jump-in", "jumpin"},
		{"Stacking stacked stacks", "stack stack stack"},
		{"skipped players", "skip player"},
		{"I can't play", "cannot play"},
		{"colors", "colour"},
		{"+4", "drawfour"},
		{"wait can u put a draw 2 on a draw 2", "put drawtwo drawtwo"},
		{"hit me w a draw 2", "hit drawtwo"},
		{"plus 4, wild 4, wd4, draw four, wild draw 4, w+4, +4s", "drawfour drawfour drawfour drawfour drawfour drawfour drawfour"},
		{"+2 d2 plus two draw2", "drawtwo drawtwo drawtwo drawtwo"},
		{"seven-o 7-0 7 0 sevens", "sevenzero sevenzero sevenzero sevenzero"},
		{"2 players, two people", "twoplayer twoplayer"},
		{"draw til u can play", "draw until play"},
		{"how many cards are dealt, who drew first", "mani card deal draw first"},
		{"what happens when a player plays a skip", "skip whatdo"},
		{"how do you use plus 4", "drawfour whatdo"},
		{"is UNO 5 or 7 cards", "uno 5cards 7cards card"},
		{"I drew 4 cards", "draw 4cards"},
		{"he picked up 2", "draw 2cards"},
		{"do i have to draw 4", "must draw 4cards"},
		{"can i play a draw 4", "play drawfour"},
		{"why only four zero cards", "only 4cards mani number 0 card"},
		{"why are there only four zeros", "only 4cards mani number 0"},
		{"he played a +4 but he had a blue", "play drawfour hold card colour"},
		{"can I play a wild if I have red", "play wild red"},
		{"do i draw one card if i cant play", "draw 1 card cannot play"},
		{"7 0 cards", "sevenzero card"},
		{"why are there two 7s", "2cards mani number 7"},
		// The table's spelling inside a card's name: "ppl" is people,
		// and a count at a clause's end is the players.
		{"skip with 2 ppl", "skip twoplayer"},
		{"revers w two ppl", "rever twoplayer"},
		{"what if there are only 2", "twoplayer"},
		{"why are there only 2 wilds", "only 2 wild"},
		// "work" says nothing; "have to" does; "skip your turn" passes it.
		{"do skips work with 2 players", "skip twoplayer"},
		{"do u have to play if u can", "must play"},
		{"can you skip your turn", "pass turn"},
		{"does a draw 4 skip your turn", "drawfour lose turn"},
		{"does the +4 skip the next persons turn", "drawfour lose turn"},
		{"i got a green and green is on top can i still play my +4", "hold card colour green top play drawfour"},
		{"can i play a +4 if i have the same colour", "play drawfour hold card colour"},
		{"threw a skip", "play skip"},
		{"is 7 cards the right amount", "7cards card mani"}, // "right" is no direction
		{"why r there 2 of every number", "2cards mani number"},
		{"a wild is flipped first", "wild turn first first discard"},
		// Read wrongly in a held-out set of public questions (rules-heldout):
		// a draw card cancelled is one stopped, a power card is an Action
		// card, a colour change card is the Wild, calling UNO on someone is
		// catching them, having no playable card is not being able to play,
		// "on top of" is "on", the rules for a game are how it is played,
		// and counting the cards is scoring.
		{"can a wild card cancel a draw 4", "wild stop drawfour"},
		{"can the last card be a power card", "last card action"},
		{"can you end uno with a colour change card", "end uno wild"},
		{"can I change colour with a wild", "chang colour wild"},
		{"when can you call uno on someone", "catch"},
		{"what if you don't have a playing card", "cannot play"},
		{"what happens if you don't have a card to play", "cannot play play"}, // no "what does" frame: nothing is played
		{"a wild on top of another wild", "wild wild"},                        // "another" the same card again
		{"a wildcard on another wildcard", "wild wild"},
		{"another wild after a skip", "anoth wild after skip"}, // no card named before it
		{"what are the rules for uno flip", "play uno flip"},
		{"how do you count cards", "score point"},
		// The Skip and then the verb is a turn lost, not a Skip on a Skip
		// (skip-does tied skip-on for "Can You Put Skip on Skip in UNO?").
		{"how many players does a skip skip", "mani player skip lose turn"},
		// A second held-out batch: cards distributed are dealt, and a
		// consequence is a penalty.
		{"how do you distribute the cards", "deal card"},
		{"the consequence of playing an illegal draw 4", "penalti illeg drawfour"},
	} {
		if got := strings.Join(questionWords(tt.in), " "); got != tt.want {
			t.Errorf("questionWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCountsAndHolding: a number that counts cards is no card's number nor
// name ("5 or 7 cards" asks nothing of a 7, "I drew 4" is four cards picked
// up, not the Wild Draw Four), a count of a number card asks how many there
// are, and "he had a blue" after a +4 is holding the colour in play. Each
// was answered wrongly before foldCounts and foldHeld.
func TestCountsAndHolding(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"is UNO 5 or 7 cards", "deal-seven|dealer-deal"},
		{"why are there only four zeros", "deck-cards"},
		{"why only four zero cards", "deck-cards"},
		{"what does a 0 do", "seven-o"},
		{"my bro put a +4 down but he had a blue wat do i do", "challenge-how|wd4-when"},
		{"he played a +4 and he had a blue", "challenge-how|wd4-when"},
		{"drew 4", "wd4-does"},
		{"I drew 4 cards", "wd4-does"},
		{"he drew 4 n still played, is that allowed", "wd4-does"},
		{"What is a draw 2 card?", "d2-does"},
		{"do i draw one card if i cant play", "draw-one"}, // one card is one card, in the facts as in the question
	} {
		a, err := Ask(tt.q)
		if err != nil || a.Fact == nil || !slices.Contains(strings.Split(tt.want, "|"), a.Fact.ID) {
			got := "no fact"
			if err == nil && a.Fact != nil {
				got = a.Fact.ID
			}
			t.Errorf("%q answers %s (%v); want %s", tt.q, got, err, tt.want)
		}
	}
}

// TestCountFrame: "how many" of a card asks the deck's contents, "how
// many" drawn or picked up asks the card's effect, and a count of points,
// players or the deal asks neither.
func TestCountFrame(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"wild draw color how many", "deckcount"},
		{"how many wild draw color cards are there", "deckcount"},
		{"how many wild draw colors in the deck", "deckcount"},
		{"does the deck have wild draw colors", "deckcount"},
		{"how many zeros", "deckcount"},
		{"how many cards are in uno", "deckcount"},
		{"how many cards r there in uno flip", "deckcount"},
		{"wild draw color how many cards do u draw", "drawcount"},
		{"how many do you pick up for a wild draw two", "drawcount"},
		{"how many cards do you draw for a draw 2", "drawcount"},
		{"how many points is a wild draw color", ""},
		{"how many players", ""},
		{"how many cards do you get", ""},
		{"how many cards do you get in uno", ""}, // the deal, though "in uno" ends it
		{"how many cards do you deal in uno flip", ""},
		{"how many cards in the draw pile", ""},
		{"what does a wild draw color do", ""},
	} {
		if got := countFrame(tt.q); got != tt.want {
			t.Errorf("countFrame(%q) = %q; want %q", tt.q, got, tt.want)
		}
	}
}

// TestPairsWithinClauses: no pair of words is made across a comma or an
// "and" ("Wild, Wild Draw Four: 50 points"; "wilds n draw 4s"), so a
// question about a Wild on a Wild Draw Four is not sent to the points.
func TestPairsWithinClauses(t *testing.T) {
	for _, in := range []string{"Wild, Wild Draw Four: 50 points each", "how much r wilds n draw 4s worth"} {
		if got := withPairs(questionRuns(in)); slices.Contains(got, "wild_drawfour") {
			t.Errorf("withPairs(%q) = %v: a pair across the list", in, got)
		}
	}
	if got := withPairs(questionRuns("put a wild on a draw 4")); !slices.Contains(got, "wild_drawfour") {
		t.Errorf("withPairs = %v; want wild_drawfour", got)
	}
	if a, err := Ask("Can You Put a Wild Card on a Draw 4 in Uno?"); err != nil || a.Fact == nil || a.Fact.Topic.ID == "scoring" {
		t.Errorf("a Wild on a Wild Draw Four answered by %+v, %v", a, err)
	}
	if a, err := Ask("what if a card is flipped over while dealing"); err != nil || a.Fact == nil || strings.Contains(a.Fact.Lead(), "Flip") {
		t.Errorf("a card flipped over is no question of UNO Flip: %+v, %v", a.Fact, err)
	}
	if f, _ := LookupFact("score-flip"); f == nil || f.Lead() != "Scoring: UNO Flip" {
		t.Errorf("score-flip's lead is %q; want Scoring: UNO Flip", f.Lead())
	}
	if a, err := Ask("whos first after dealin"); err != nil || a.Fact == nil || a.Fact.ID != "first-player" {
		t.Errorf("a dropped g: %+v, %v; want first-player", a, err)
	}
}

// benchQuestions are asked in turn by the benchmarks: slang, a
// misspelling, a long one, one that no rulebook covers.
var benchQuestions = []string{
	"can I stack a draw two on a draw two",
	"wait can u put a draw 2 on a draw 2",
	"i challenged the +4 and was wrong how many do i draw",
	"chalenging a plus 4 who can do it",
	"what if 2 people tie for lowest when someone hits 500",
	"Can a player use a wild card to change the color, and then another player play a number card to change the color again?",
}

// BenchmarkAnswer is one answer, the reference already read.
func BenchmarkAnswer(b *testing.B) {
	Ask("warm up")
	i := 0
	for b.Loop() {
		if _, err := Ask(benchQuestions[i%len(benchQuestions)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkAnswerCold is one run of "unoscore rules QUESTION": the
// reference read, its facts indexed, then one question.
func BenchmarkAnswerCold(b *testing.B) {
	for b.Loop() {
		topicsOnce, topics, searchOnce, searchIx = sync.Once{}, nil, sync.Once{}, nil
		if _, err := Ask("wait can u put a draw 2 on a draw 2"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestAnswerWork bounds the work of an answer in what does not depend on
// the machine's load, so that it cannot flake on a shared machine (it
// replaces a timed test; BenchmarkAnswer measures the time, about 0.1 ms):
// the index is built once and reused by every later question, and an
// answer allocates at most maxAnswerAllocs times (500 to 850 today, the
// misspelt question the most; a search that rebuilt its tables, or read
// the reference again, would allocate thousands of times more).
func TestAnswerWork(t *testing.T) {
	Ask("warm up") // the reference read and indexed
	ix := index()
	for _, q := range benchQuestions {
		allocs := testing.AllocsPerRun(20, func() {
			if _, err := Ask(q); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > maxAnswerAllocs {
			t.Errorf("answering %q allocates %.0f times; want at most %d", q, allocs, maxAnswerAllocs)
		}
	}
	if index() != ix {
		t.Error("the search's index was built again for a later question")
	}
}

// maxAnswerAllocs is the most allocations an answer may make.
const maxAnswerAllocs = 2000

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
		searchOnce, searchIx = sync.Once{}, nil
		if _, _, err := LookupTopic("can I stack draw 2"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNewcomersQuestions: the questions a newcomer got wrong answers to
// (all exit 0) each lead with the fact that settles them.
func TestNewcomersQuestions(t *testing.T) {
	for _, tt := range []struct{ q, fact string }{
		{"do skips work with 2 players", "skip-two"},
		{"skip with 2 ppl", "skip-two"},
		{"do skips work with 2 ppl", "skip-two"},
		{"if i have a red 7 and the top card is red can i still play my +4", "wd4-when"},
		{"what is the penalty for a false challenge of a wild draw four", "challenge-verdict"},
		{"can you challenge a draw 2", "challenge-which"},
		{"why are there two 7s", "deck-cards"},
	} {
		a, err := Ask(tt.q)
		if err != nil || a.Fact == nil || a.Fact.ID != tt.fact {
			got := "nothing"
			if err == nil && a.Fact != nil {
				got = a.Fact.ID
			}
			t.Errorf("%q answers %s (%v); want %s", tt.q, got, err, tt.fact)
		}
	}
}

// TestShuffleHandsLast: a Wild Shuffle Hands laid last has its own fact
// (the round is over once a player has no cards, 003), where the search
// gave the card values.
func TestShuffleHandsLast(t *testing.T) {
	for _, q := range []string{"Can you end on a shuffle hands card in Uno?", "what if my last card is shuffle hands"} {
		if a, err := Ask(q); err != nil || a.Fact == nil || a.Fact.ID != "ws-last" {
			t.Errorf("%q answered by %+v, %v; want ws-last", q, a, err)
		}
	}
}

// TestDrawPileCount: how many cards the draw pile holds has its own fact
// (what the deal leaves), where "how many cards r in the draw pile" got
// the Draw Two's effect (its "picks up two cards from the draw pile").
func TestDrawPileCount(t *testing.T) {
	for _, q := range []string{"how many cards r in the draw pile", "how many cards are left in the draw pile after dealing"} {
		if a, err := Ask(q); err != nil || a.Fact == nil || a.Fact.ID != "deal-pile" {
			t.Errorf("%q answered by %+v, %v; want deal-pile", q, a, err)
		}
	}
}

// TestDealtCount: how many cards a player gets or starts with asks the
// deal, though "get" alone is a stop word and "in uno" at the end reads
// as the deck ("How Many Cards Do You Get In UNO?" got the deck's 108).
func TestDealtCount(t *testing.T) {
	for _, tt := range []struct {
		q    string
		want bool
	}{
		{"How Many Cards Do You Get In UNO?", true},
		{"how many cards does each player start with", true},
		{"how many cards do 2 players get", true},
		{"how many points do you get for a wild", false},
		{"how many cards are in uno", false},
	} {
		if got := dealtCount().MatchString(strings.ToLower(tt.q)); got != tt.want {
			t.Errorf("dealtCount(%q) = %v; want %v", tt.q, got, tt.want)
		}
	}
	// The cards a draw card gives are its own count, not the deal's (a
	// reviewer's questions: the deal answered all three).
	for _, tt := range []struct{ q, want string }{
		{"how many cards do you receive from a draw two", "d2-does"},
		{"how many cards do you get from a +4", "wd4-does"},
		{"how many cards do you get from a wild draw four", "wd4-does"},
		{"how many cards do you get from a draw 2", "d2-does"},
	} {
		if a, err := Ask(tt.q); err != nil || a.Fact == nil || a.Fact.ID != tt.want {
			t.Errorf("%q answered by %+v, %v; want %s", tt.q, a.Fact, err, tt.want)
		}
	}
	if a, err := Ask("How Many Cards Do You Get In UNO?"); err != nil || a.Fact == nil || (a.Fact.ID != "deal-seven" && a.Fact.ID != "dealer-deal") {
		t.Errorf("How Many Cards Do You Get In UNO? answered by %+v, %v; want the deal", a, err)
	}
}

// TestDrawOnDraw: a draw card put on a draw card asks about stacking,
// which the answer names, as the answer or beside it (a held-out public
// question, "can you play a draw 4 on draw 4", named only the Wild Draw
// Four's own rule before).
func TestDrawOnDraw(t *testing.T) {
	for _, tt := range []struct {
		q    string
		want bool
	}{
		{"can you play a draw 4 on draw 4", true},
		{"put a +2 onto a +4", true},
		{"can i put a draw 2 over a draw 2", true},
		{"can i play a draw 2 on a red 2", false},
		{"a skip on a skip", false},
	} {
		ws := foldNames(strings.Fields(tt.q))
		if got := drawOnDraw(ws); got != tt.want {
			t.Errorf("drawOnDraw(%q) = %v; want %v", tt.q, got, tt.want)
		}
	}
	a, err := Ask("can you play a draw 4 on draw 4")
	if err != nil {
		t.Fatal(err)
	}
	named := a.Fact != nil && a.Fact.ID == "stacking"
	for _, n := range a.Near {
		named = named || n.ID == "stacking"
	}
	if !named {
		t.Errorf("a draw 4 on a draw 4 answered by %v, stacking not named", a.Fact)
	}
}
