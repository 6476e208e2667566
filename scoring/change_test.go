package scoring

import (
	"strconv"
	"strings"
	"testing"
)

// TestChangeTargetAndEnd plays each case's steps ("Ann Bob=w Cat=r7" a
// hand, "target N", "end", "end Bob") and checks the board after the last:
// its target, whether it is over or ended early, its winners and leaders,
// who deals next, or the refusal of the last step. It checks undo and redo
// of the last step too: the board replayed without it is the board before
// it, and with it again the board after it.
func TestChangeTargetAndEnd(t *testing.T) {
	three := Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 100}
	tests := []struct {
		name     string
		s        Settings
		steps    []string
		target   int
		over     bool
		ended    bool
		winners  string // names joined by ","
		leaders  string
		dealer   string // "" when nobody deals: the game is over
		sentence string // the last change's Sentence
		bad      string // the last step is refused with this in its error
	}{
		{name: "standard raised before over", s: three, steps: []string{"Ann Bob=w Cat=r1", "target 200"},
			target: 200, leaders: "Ann", dealer: "Bob", sentence: "target raised to 200 after hand 1"},
		{name: "standard raised after over plays on", s: three, steps: []string{"Ann Bob=w Cat=r1", "Ann Bob=w Cat=w", "target 200"},
			target: 200, leaders: "Ann", dealer: "Cat", sentence: "target raised to 200 after hand 2"},
		{name: "standard played on, then won", s: three, steps: []string{"Ann Bob=w Cat=r1", "Ann Bob=w Cat=w", "target 200", "Cat Ann=w Bob=w", "Ann Bob=w Cat=r9"},
			target: 200, over: true, winners: "Ann", leaders: "Ann"},
		{name: "standard raised but still reached at the last hand", s: three, steps: []string{"Ann Bob=w Cat=wd4", "target 100"},
			bad: "the target is already 100"},
		{name: "standard lowered, not reached", s: three, steps: []string{"Ann Bob=r5 Cat=r1", "target 50"},
			target: 50, leaders: "Ann", dealer: "Bob", sentence: "target lowered to 50 after hand 1"},
		{name: "standard lowered to a score reached at the last hand ends it", s: three, steps: []string{"Ann Bob=r5 Cat=r1", "Bob Cat=w Ann=r1", "target 50"},
			target: 50, over: true, winners: "Bob", leaders: "Bob", sentence: "target lowered to 50 after hand 2, which ends the game"},
		{name: "standard lowered below a score reached earlier", s: three, steps: []string{"Ann Bob=w Cat=r1", "Bob Cat=r5 Ann=r1", "target 40"},
			bad: "a target of 40 would have ended the game at hand 1, when Ann reached 51, but hand 2 was played after it; the target stays 100"},
		{name: "standard target out of range", s: three, steps: []string{"target 0"}, bad: "target 0 is out of range"},
		{name: "standard ended, leader named", s: three, steps: []string{"Ann Bob=r5 Cat=r1", "Bob Cat=r9 Ann=r1", "end"},
			target: 100, over: true, ended: true, leaders: "Bob", sentence: "ended after hand 2, Bob leading"},
		{name: "standard ended with a winner", s: three, steps: []string{"Ann Bob=r5 Cat=r1", "Bob Cat=r9 Ann=r1", "end ann"},
			target: 100, over: true, ended: true, winners: "Ann", leaders: "Ann", sentence: "ended after hand 2, won by Ann"},
		{name: "standard ended before a hand", s: three, steps: []string{"end"},
			target: 100, over: true, ended: true, sentence: "ended before the first hand"},
		{name: "a hand after an end", s: three, steps: []string{"Ann Bob=r5 Cat=r1", "end", "Bob Cat=r1 Ann=r1"},
			bad: "the game is over: it was ended after hand 1, Ann leading"},
		{name: "target after an end", s: three, steps: []string{"Ann Bob=r5 Cat=r1", "end", "target 200"},
			bad: "the game was ended after hand 1; undo the end to play on"},
		{name: "end after a win", s: three, steps: []string{"Ann Bob=w Cat=w", "end"}, bad: "the game is over: Ann won"},
		{name: "end naming a stranger", s: three, steps: []string{"end Zed"}, bad: "Zed"},

		{name: "partners played on", s: Settings{Mode: Partners, Players: []string{"Ann", "Bob", "Cat", "Dan"}, Target: 50},
			steps: []string{"Ann Bob=w Dan=r1", "target 100"}, target: 100, leaders: "Ann,Cat", dealer: "Bob"},
		{name: "partners ended, the team named", s: Settings{Mode: Partners, Players: []string{"Ann", "Bob", "Cat", "Dan"}, Target: 500},
			steps: []string{"Bob Ann=r3 Cat=r1", "end dan"}, target: 500, over: true, ended: true, winners: "Bob,Dan", leaders: "Bob,Dan",
			sentence: "ended after hand 1, won by Dan"},

		{name: "lowest raised after over", s: Settings{Mode: Lowest, Players: []string{"Ann", "Bob", "Cat"}, Target: 100},
			steps: []string{"Ann Bob=w Cat=r9", "Cat Ann=r1 Bob=w", "target 150"}, target: 150, leaders: "Ann", dealer: "Cat"},
		{name: "lowest lowered at the last hand", s: Settings{Mode: Lowest, Players: []string{"Ann", "Bob", "Cat"}, Target: 100},
			steps: []string{"Ann Bob=w Cat=r9", "target 50"}, target: 50, over: true, winners: "Ann", leaders: "Ann"},
		{name: "lowest lowered too far", s: Settings{Mode: Lowest, Players: []string{"Ann", "Bob", "Cat"}, Target: 100},
			steps: []string{"Ann Bob=w Cat=r9", "Cat Ann=r1 Bob=r1", "target 50"}, bad: "would have ended the game at hand 1, when Bob reached 50"},
		{name: "lowest ended: the lowest tally leads", s: Settings{Mode: Lowest, Players: []string{"Ann", "Bob", "Cat"}, Target: 100},
			steps: []string{"Ann Bob=w Cat=r9", "end"}, target: 100, over: true, ended: true, leaders: "Ann", sentence: "ended after hand 1, Ann leading"},

		{name: "challenge raised before anyone is out", s: Settings{Mode: Challenge, Players: []string{"Ann", "Bob", "Cat"}, Target: 100},
			steps: []string{"Ann Bob=w Cat=r9", "target 200"}, target: 200, leaders: "Ann", dealer: "Bob"},
		{name: "challenge raise would bring a player back", s: Settings{Mode: Challenge, Players: []string{"Ann", "Bob", "Cat"}, Target: 100},
			steps: []string{"Ann Bob=w Cat=r9", "Ann Bob=w Cat=r9", "target 200"},
			bad:   "a target of 200 would bring back Bob (out in hand 2 with 100)"},
		{name: "challenge lowered puts a player out at the last hand", s: Settings{Mode: Challenge, Players: []string{"Ann", "Bob", "Cat"}, Target: 100},
			steps: []string{"Ann Bob=w Cat=r9", "target 50"}, target: 50, leaders: "Ann", dealer: "Cat"},
		{name: "challenge lowered ends it", s: Settings{Mode: Challenge, Players: []string{"Ann", "Bob"}, Target: 100},
			steps: []string{"Ann Bob=w", "target 50"}, target: 50, over: true, winners: "Ann", leaders: "Ann"},
		{name: "challenge lowered too far", s: Settings{Mode: Challenge, Players: []string{"Ann", "Bob", "Cat"}, Target: 100},
			steps: []string{"Ann Bob=w Cat=r9", "Ann Bob=r1 Cat=r1", "target 50"}, bad: "at hand 1, when Bob reached 50"},
		{name: "challenge end naming a player who is out", s: Settings{Mode: Challenge, Players: []string{"Ann", "Bob", "Cat"}, Target: 100},
			steps: []string{"Ann Bob=w Cat=r9", "Ann Bob=w Cat=r9", "end Bob"}, bad: "Bob went out of the game in hand 2 and cannot win it"},

		{name: "rotating has no target", s: Settings{Mode: Rotating, Players: []string{"Ann", "Bob", "Cat", "Dan"}, Hands: 1},
			steps: []string{"target 200"}, bad: "a rotating game has no target to change"},
		{name: "rotating ended", s: Settings{Mode: Rotating, Players: []string{"Ann", "Bob", "Cat", "Dan"}, Hands: 1},
			steps: []string{"Ann Bob=r5 Dan=r1", "end"}, over: true, ended: true, leaders: "Ann,Cat", sentence: "ended after hand 1, Ann and Cat leading"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			steps := make([]Step, len(tc.steps))
			for i, st := range tc.steps {
				steps[i] = parseStep(t, st)
			}
			b := mustBoard(t, tc.s)
			last := len(steps) - 1
			if err := b.PlaySteps(steps[:last]); err != nil {
				t.Fatal(err)
			}
			before := state(b)
			err := b.PlaySteps(steps[last:])
			if tc.bad != "" {
				if err == nil || !strings.Contains(err.Error(), tc.bad) {
					t.Fatalf("last step: got %v, want an error with %q", err, tc.bad)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := boardState{target: tc.target, over: tc.over, ended: tc.ended, winners: tc.winners, leaders: tc.leaders, dealer: tc.dealer}
			if got := state(b); got != want {
				t.Errorf("after:\n got %+v\nwant %+v", got, want)
			}
			if tc.sentence != "" {
				cs := b.Changes()
				if len(cs) == 0 || cs[len(cs)-1].Sentence() != tc.sentence {
					t.Errorf("changes %+v, want the last to say %q", cs, tc.sentence)
				}
			}
			// Undo: the log replayed without the last step; redo: with it.
			undone, err := ReplaySteps(tc.s, steps[:last])
			if err != nil {
				t.Fatal(err)
			}
			if got := state(undone); got != before {
				t.Errorf("undone:\n got %+v\nwant %+v", got, before)
			}
			redone, err := ReplaySteps(tc.s, steps)
			if err != nil {
				t.Fatal(err)
			}
			if got := state(redone); got != want {
				t.Errorf("redone:\n got %+v\nwant %+v", got, want)
			}
		})
	}
}

type boardState struct {
	target           int
	over, ended      bool
	winners, leaders string
	dealer           string
}

func state(b *Board) boardState {
	s := boardState{target: b.Settings.Target, over: b.Over(), ended: b.EndedEarly(),
		winners: strings.Join(b.Names(b.Winners()), ","), leaders: strings.Join(b.Names(b.Leaders()), ",")}
	if t := b.Tables(); !t[0].Done {
		s.dealer = b.Name(t[0].Dealer)
	}
	return s
}

// parseStep reads "target N", "end [WINNER]" or a hand "Ann Bob=w Cat=r7".
func parseStep(t *testing.T, s string) Step {
	t.Helper()
	f := strings.Fields(s)
	switch f[0] {
	case "target":
		n, _ := strconv.Atoi(f[1])
		return Step{Change: &Change{Target: n}}
	case "end":
		c := &Change{End: true}
		if len(f) > 1 {
			c.Winner = f[1]
		}
		return Step{Change: c}
	}
	h := hand(t, f[0], f[1:]...)
	return Step{Hand: &h}
}

// TestSummarizeEnded: a game ended early is finished for statistics, with
// a win only where the table named a winner; a game played on past its
// target counts one win, for whoever wins it at the end.
func TestSummarizeEnded(t *testing.T) {
	three := Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 100}
	for _, tc := range []struct {
		name  string
		steps []string
		won   string // the players with Won, joined by ","
		first string // the players in first place
	}{
		{"ended, nobody named", []string{"Ann Bob=r5 Cat=r1", "end"}, "", "Ann"},
		{"ended, Bob named", []string{"Ann Bob=r5 Cat=r1", "end bob"}, "Bob", "Bob"},
		{"played on, then won by Bob", []string{"Ann Bob=w Cat=w", "target 200", "Bob Ann=w Cat=w", "Bob Ann=w Cat=w"}, "Bob", "Bob"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var steps []Step
			for _, st := range tc.steps {
				steps = append(steps, parseStep(t, st))
			}
			b, err := ReplaySteps(three, steps)
			if err != nil {
				t.Fatal(err)
			}
			var won, first []string
			for _, p := range Summarize(b).Players {
				if p.Place < 1 {
					t.Fatalf("%s has no place: the game does not count as finished", p.Player)
				}
				if p.Won {
					won = append(won, p.Player)
				}
				if p.Place == 1 {
					first = append(first, p.Player)
				}
			}
			if strings.Join(won, ",") != tc.won || strings.Join(first, ",") != tc.first {
				t.Errorf("won %v, first %v; want %q, %q", won, first, tc.won, tc.first)
			}
		})
	}
}
