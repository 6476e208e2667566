package scoring

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// hand builds a Hand from "Bob=r7 wd4" entries.
func hand(t *testing.T, out string, left ...string) Hand {
	t.Helper()
	h := Hand{Out: out}
	for _, l := range left {
		name, cards, _ := strings.Cut(l, "=")
		c, err := rules.ParseHand(cards)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		h.Left = append(h.Left, Left{Player: name, Cards: c})
	}
	return h
}

func mustBoard(t *testing.T, s Settings) *Board {
	t.Helper()
	b, err := New(s)
	if err != nil {
		t.Fatalf("New(%+v): %v", s, err)
	}
	return b
}

func scores(b *Board) []int {
	s := make([]int, b.Players())
	for i := range s {
		s[i] = b.Score(i)
	}
	return s
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		name string
		in   Settings
		want Settings
		bad  string
	}{
		{name: "defaults", in: Settings{Players: []string{" Ann", "Bob ", "Cat"}},
			want: Settings{Mode: Standard, Target: 500, Deck: "classic", Players: []string{"Ann", "Bob", "Cat"}, Dealer: "Ann"}},
		{name: "dealer any case", in: Settings{Mode: "LOWEST", Target: 250, Deck: "Deluxe", Players: []string{"Ann", "Bob"}, Dealer: "bob"},
			want: Settings{Mode: Lowest, Target: 250, Deck: "deluxe", Players: []string{"Ann", "Bob"}, Dealer: "Bob"}},
		{name: "partners across", in: Settings{Mode: Partners, Players: []string{"Ann", "Bob", "Cat", "Dan"}},
			want: Settings{Mode: Partners, Target: 500, Deck: "classic", Players: []string{"Ann", "Bob", "Cat", "Dan"}, Dealer: "Ann",
				Teams: [][]string{{"Ann", "Cat"}, {"Bob", "Dan"}}}},
		{name: "partners six across", in: Settings{Mode: Partners, Players: []string{"A", "B", "C", "D", "E", "F"}},
			want: Settings{Mode: Partners, Target: 500, Deck: "classic", Players: []string{"A", "B", "C", "D", "E", "F"}, Dealer: "A",
				Teams: [][]string{{"A", "D"}, {"B", "E"}, {"C", "F"}}}},
		{name: "partners named team, the rest a team", in: Settings{Mode: Partners, Players: []string{"Ann", "Bob", "Cat", "Dan", "Eve"}, Teams: [][]string{{"bob", "eve"}}},
			want: Settings{Mode: Partners, Target: 500, Deck: "classic", Players: []string{"Ann", "Bob", "Cat", "Dan", "Eve"}, Dealer: "Ann",
				Teams: [][]string{{"Ann", "Cat", "Dan"}, {"Bob", "Eve"}}}},
		{name: "one player", in: Settings{Players: []string{"Ann"}}, bad: "2 to 10 players, not 1"},
		{name: "eleven players", in: Settings{Players: strings.Split("a,b,c,d,e,f,g,h,i,j,k", ",")}, bad: "not 11"},
		{name: "same name", in: Settings{Players: []string{"Ann", "ANN"}}, bad: `"Ann" and "ANN"`},
		{name: "equals sign", in: Settings{Players: []string{"A=b", "C"}}, bad: `holds '='`},
		{name: "control", in: Settings{Players: []string{"A\x1b[2J", "C"}}, bad: "control character"},
		{name: "empty", in: Settings{Players: []string{"", "C"}}, bad: "cannot be empty"},
		{name: "too long", in: Settings{Players: []string{strings.Repeat("x", 25), "C"}}, bad: "the most is 24"},
		{name: "unknown dealer", in: Settings{Players: []string{"Ann", "Bob"}, Dealer: "Bobb"}, bad: `did you mean "Bob"`},
		{name: "bad mode", in: Settings{Mode: "speed", Players: []string{"Ann", "Bob"}}, bad: `unknown mode "speed"`},
		{name: "bad deck", in: Settings{Deck: "x", Players: []string{"Ann", "Bob"}}, bad: "unknown deck"},
		{name: "bad target", in: Settings{Target: -5, Players: []string{"Ann", "Bob"}}, bad: "target -5"},
		{name: "partners odd", in: Settings{Mode: Partners, Players: []string{"Ann", "Bob", "Cat"}}, bad: "need their teams named"},
		{name: "partners one team", in: Settings{Mode: Partners, Players: []string{"Ann", "Bob"}, Teams: [][]string{{"Ann", "Bob"}}}, bad: "at least two teams"},
		{name: "player in two teams", in: Settings{Mode: Partners, Players: []string{"Ann", "Bob", "Cat", "Dan"}, Teams: [][]string{{"Ann", "Bob"}, {"Bob", "Cat"}}}, bad: "Bob is named in two teams"},
		{name: "teams outside partners", in: Settings{Players: []string{"Ann", "Bob"}, Teams: [][]string{{"Ann"}}}, bad: "only for the partners mode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.in
			err := s.Normalize()
			if tt.bad != "" {
				var ie *InputError
				var te *rules.TokenError
				if err == nil || !strings.Contains(err.Error(), tt.bad) || !(errors.As(err, &ie) || errors.As(err, &te)) {
					t.Fatalf("error = %v, want %q", err, tt.bad)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s, tt.want) {
				t.Fatalf("got %+v\nwant %+v", s, tt.want)
			}
		})
	}
}

func TestStandardGame(t *testing.T) {
	b := mustBoard(t, Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 200, Dealer: "Cat"})
	if b.Dealer() != 2 {
		t.Fatalf("first dealer %d, want Cat", b.Dealer())
	}
	steps := []struct {
		h       Hand
		scores  []int
		dealer  int
		over    bool
		winners []int
	}{
		{hand(t, "ann", "Bob=r7 wd4", "cat=37pts"), []int{94, 0, 0}, 0, false, nil},
		{hand(t, "Bob", "Cat=9", "Ann=2xs"), []int{94, 49, 0}, 1, false, nil},
		{hand(t, "Ann", "Cat=w b9 g9", "Bob=rrev"), []int{182, 49, 0}, 2, false, nil},
		{hand(t, "Ann", "Bob=1", "Cat=g1 r1 2xb2"), []int{189, 49, 0}, 0, false, nil},
		{hand(t, "Ann", "Bob=9", "Cat=2"), []int{200, 49, 0}, 0, true, []int{0}},
	}
	for i, st := range steps {
		if _, err := b.Play(st.h); err != nil {
			t.Fatalf("hand %d: %v", i+1, err)
		}
		if got := scores(b); !reflect.DeepEqual(got, st.scores) {
			t.Fatalf("hand %d: scores %v, want %v", i+1, got, st.scores)
		}
		if b.Over() != st.over || !reflect.DeepEqual(b.Winners(), st.winners) {
			t.Fatalf("hand %d: over %v winners %v", i+1, b.Over(), b.Winners())
		}
		if !st.over && b.Dealer() != st.dealer {
			t.Fatalf("hand %d: next dealer %d, want %d", i+1, b.Dealer(), st.dealer)
		}
	}
	if b.Rows[0].Dealer != 2 || b.Rows[1].Dealer != 0 || b.Rows[0].Won != 94 {
		t.Fatalf("rows: %+v", b.Rows[:2])
	}
	// Entries are stored in seating order from the one who went out.
	if got := b.Rows[1].Hand.Left[0].Player; got != "Cat" {
		t.Fatalf("hand 2 first entry %s, want Cat", got)
	}
	if _, err := b.Play(hand(t, "Bob", "Ann=1", "Cat=2")); err == nil || !strings.Contains(err.Error(), "the game is over: Ann won") {
		t.Fatalf("playing after the end: %v", err)
	}
	if got := b.ToGo(1); got != 151 {
		t.Fatalf("Bob to go %d", got)
	}
}

func TestLowestGameTie(t *testing.T) {
	b := mustBoard(t, Settings{Mode: Lowest, Target: 100, Players: []string{"Ann", "Bob", "Cat", "Dan"}})
	plays := []Hand{
		hand(t, "Ann", "Bob=wd4", "Cat=5", "Dan=r5"), // 0 50 5 5
		hand(t, "Bob", "Ann=r9", "Cat=1", "Dan=b1"),  // 9 50 6 6
		hand(t, "Cat", "Ann=g2", "Bob=w", "Dan=5"),   // 11 100 6 11
	}
	for i, h := range plays {
		if _, err := b.Play(h); err != nil {
			t.Fatalf("hand %d: %v", i+1, err)
		}
	}
	if !b.Over() {
		t.Fatal("Bob reached 100: the game should be over")
	}
	if got := b.Names(b.Winners()); !reflect.DeepEqual(got, []string{"Cat"}) {
		t.Fatalf("winners %v", got)
	}

	b = mustBoard(t, Settings{Mode: Lowest, Target: 60, Players: []string{"Ann", "Bob", "Cat"}})
	if _, err := b.Play(hand(t, "Ann", "Bob=wd4", "Cat=5")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Play(hand(t, "Cat", "Bob=r9 1", "Ann=5")); err != nil {
		t.Fatal(err)
	}
	// Ann 5, Bob 60, Cat 5: Ann and Cat tie at the lowest.
	if got := b.Names(b.Winners()); !b.Over() || !reflect.DeepEqual(got, []string{"Ann", "Cat"}) {
		t.Fatalf("winners %v", got)
	}
	if got := b.Names(b.Leaders()); !reflect.DeepEqual(got, []string{"Ann", "Cat"}) {
		t.Fatalf("leaders %v", got)
	}
}

func TestPartnersGame(t *testing.T) {
	b := mustBoard(t, Settings{Mode: Partners, Target: 150, Players: []string{"Ann", "Bob", "Cat", "Dan"}})
	if got := b.Names(b.Scorers(0)); !reflect.DeepEqual(got, []string{"Bob", "Dan"}) {
		t.Fatalf("scorers when Ann goes out: %v", got)
	}
	if _, err := b.Play(hand(t, "Ann", "Bob=r7 wd4", "Cat=3")); err == nil || !strings.Contains(err.Error(), "Cat is Ann's partner") {
		t.Fatalf("partner entered: %v", err)
	}
	if _, err := b.Play(hand(t, "Ann", "Bob=r7 wd4")); err == nil || !strings.Contains(err.Error(), "Dan's cards are missing") {
		t.Fatalf("opponent missing: %v", err)
	}
	if _, err := b.Play(hand(t, "Cat", "Bob=r7 wd4", "Dan=9")); err != nil {
		t.Fatal(err)
	}
	if got := scores(b); !reflect.DeepEqual(got, []int{66, 0, 66, 0}) {
		t.Fatalf("scores %v", got)
	}
	if _, err := b.Play(hand(t, "Dan", "Ann=w", "Cat=w")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Play(hand(t, "Ann", "Bob=2xw", "Dan=2")); err != nil {
		t.Fatal(err)
	}
	if got := scores(b); !b.Over() || !reflect.DeepEqual(got, []int{168, 100, 168, 100}) {
		t.Fatalf("scores %v over %v", got, b.Over())
	}
	if got := b.Names(b.Winners()); !reflect.DeepEqual(got, []string{"Ann", "Cat"}) {
		t.Fatalf("winners %v", got)
	}
	if teams := b.Teams(); len(teams) != 2 || teams[0].Score != 168 || teams[1].Score != 100 {
		t.Fatalf("teams %+v", teams)
	}
}

func TestChallengeGame(t *testing.T) {
	b := mustBoard(t, Settings{Mode: Challenge, Target: 100, Players: []string{"Ann", "Bob", "Cat", "Dan"}, Dealer: "Dan"})
	// Bob and Cat both reach 100 in one hand.
	if _, err := b.Play(hand(t, "Ann", "Bob=2xwd4", "Cat=w 2xrs 9 1", "Dan=3")); err != nil {
		t.Fatal(err)
	}
	if !b.Eliminated(1) || !b.Eliminated(2) || b.Eliminated(3) || b.Over() {
		t.Fatalf("after hand 1: eliminated %v %v %v over %v", b.Eliminated(1), b.Eliminated(2), b.Eliminated(3), b.Over())
	}
	if got := b.Rows[0].Eliminated; !reflect.DeepEqual(got, []int{1, 2}) {
		t.Fatalf("row eliminated %v", got)
	}
	// Dan dealt hand 1; Ann deals hand 2 (Bob and Cat are out).
	if b.Dealer() != 0 {
		t.Fatalf("dealer %d", b.Dealer())
	}
	if got := b.Names(b.Scorers(0)); !reflect.DeepEqual(got, []string{"Dan"}) {
		t.Fatalf("scorers %v", got)
	}
	if _, err := b.Play(hand(t, "Ann", "Dan=3", "Bob=4")); err == nil || !strings.Contains(err.Error(), "Bob was eliminated in hand 1") {
		t.Fatalf("eliminated entered: %v", err)
	}
	if _, err := b.Play(hand(t, "Cat", "Dan=3")); err == nil || !strings.Contains(err.Error(), "cannot go out") {
		t.Fatalf("eliminated went out: %v", err)
	}
	// Skipping the eliminated seats, the deal goes Ann, Dan, Ann.
	if _, err := b.Play(hand(t, "Dan", "Ann=9")); err != nil {
		t.Fatal(err)
	}
	if b.Dealer() != 3 {
		t.Fatalf("dealer %d, want Dan", b.Dealer())
	}
	if _, err := b.Play(hand(t, "Ann", "Dan=wd4 w")); err != nil {
		t.Fatal(err)
	}
	if !b.Over() || !reflect.DeepEqual(b.Winners(), []int{0}) {
		t.Fatalf("over %v winners %v", b.Over(), b.Winners())
	}
	if got := scores(b); !reflect.DeepEqual(got, []int{9, 100, 100, 103}) {
		t.Fatalf("scores %v", got)
	}
}

func TestCheckErrors(t *testing.T) {
	s := Settings{Players: []string{"Ann", "Bob", "Cat"}}
	tests := []struct {
		name string
		h    Hand
		bad  string
	}{
		{"unknown out", hand(t, "Zed", "Bob=1", "Cat=2"), `no player is called "Zed"`},
		{"misspelt", hand(t, "Ann", "Bbo=1", "Cat=2"), `did you mean "Bob"`},
		{"missing", hand(t, "Ann", "Bob=1"), "Cat's cards are missing"},
		{"all missing", hand(t, "Ann"), "Bob's and Cat's cards are missing"},
		{"out entered", hand(t, "Ann", "Ann=3", "Bob=1", "Cat=2"), "Ann went out and holds no cards"},
		{"twice", hand(t, "Ann", "Bob=1", "bob=2", "Cat=2"), "Bob's hand is entered twice"},
		{"empty", hand(t, "Ann", "Bob=", "Cat=2"), "Bob's hand is empty"},
		{"deck across hands", hand(t, "Ann", "Bob=3xwd4", "Cat=2xwd4"), "only 4 Wild Draw Fours, but these hands name 5"},
		{"red zero twice", hand(t, "Ann", "Bob=r0", "Cat=r0"), "only 1 red 0"},
	}
	for _, tt := range tests {
		b := mustBoard(t, s)
		_, err := b.Play(tt.h)
		if err == nil || !strings.Contains(err.Error(), tt.bad) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.bad)
		}
		if b.Hands() != 0 || b.Score(0) != 0 {
			t.Errorf("%s: a rejected hand was counted", tt.name)
		}
	}
}

func TestReplay(t *testing.T) {
	s := Settings{Players: []string{"Ann", "Bob"}, Target: 100}
	played := []Hand{hand(t, "Ann", "Bob=wd4"), hand(t, "Bob", "Ann=5"), hand(t, "Ann", "Bob=w")}
	b, err := Replay(s, played)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Over() || b.Score(0) != 100 || b.Score(1) != 5 {
		t.Fatalf("replay: %v %v", b.Over(), scores(b))
	}
	_, err = Replay(s, append(played, hand(t, "Ann", "Bob=1")))
	if err == nil || !strings.Contains(err.Error(), "hand 4: the game is over") {
		t.Fatalf("replay past the end: %v", err)
	}
}

func TestSeatByStartOfName(t *testing.T) {
	s := Settings{Players: []string{"Ann", "Dan", "Dana", "Cat", "Carl"}}
	tests := []struct {
		name string
		seat int
		err  string
	}{
		{"ann", 0, ""},
		{"A", 0, ""},
		{"dan", 1, ""},  // the exact name beats Dana
		{"DANA", 2, ""}, // exact
		{"cat", 3, ""},  // exact
		{"cAr", 4, ""},  // a unique start
		{"d", -1, `"d" could be Dan or Dana: type more of the name`},
		{"ca", -1, `"ca" could be Cat or Carl: type more of the name`},
		{"bo", -1, `no player is called "bo"`},
	}
	for _, tt := range tests {
		seat, err := s.Seat(tt.name)
		if seat != tt.seat {
			t.Errorf("Seat(%q) = %d, want %d", tt.name, seat, tt.seat)
		}
		if (err == nil) != (tt.err == "") || err != nil && !strings.HasPrefix(err.Error(), tt.err) {
			t.Errorf("Seat(%q) error %v, want %q", tt.name, err, tt.err)
		}
	}
}

// TestSeatWithoutAccents: a name typed without its accents finds the one
// player it fits ("jose" for José), a whole name before a start; a near
// miss suggests the player; two players it fits are named.
func TestSeatWithoutAccents(t *testing.T) {
	s := Settings{Players: []string{"José", "Zoë", "Joséphine", "Bob", "Ángel", "Angela"}}
	tests := []struct {
		name string
		seat int
		err  string
	}{
		{"jose", 0, ""},
		{"JOSE", 0, ""},
		{"zoe", 1, ""},
		{"josephine", 2, ""},
		{"josep", 2, ""},
		{"angel", 4, ""}, // whole, before Angela's start
		{"ange", 5, ""},  // the start of Angela as typed
		{"ÁNG", 4, ""},   // the start of Ángel
		{"ang", 5, ""},   // Angela as typed, before Ángel without its accent
		{"jos", -1, `"jos" could be José or Joséphine`},
		{"jse", -1, `no player is called "jse": did you mean "José"?`},
		{"zoey", -1, `no player is called "zoey": did you mean "Zoë"?`},
	}
	for _, tt := range tests {
		seat, err := s.Seat(tt.name)
		if seat != tt.seat || (err == nil) != (tt.err == "") || err != nil && !strings.HasPrefix(err.Error(), tt.err) {
			t.Errorf("Seat(%q) = %d, %v; want %d, %q", tt.name, seat, err, tt.seat, tt.err)
		}
	}
}

// TestParseModeSuggests: a misspelt mode suggests the mode meant, as a
// misspelt deck does; a word near no mode lists them.
func TestParseModeSuggests(t *testing.T) {
	for in, want := range map[string]string{
		"partnrs": `unknown mode "partnrs": did you mean "partners"? The modes are standard, lowest, partners, challenge, rotating`,
		"Rotatin": `unknown mode "Rotatin": did you mean "rotating"?`,
		"teams2":  `did you mean "partners"?`,
		"speed":   `unknown mode "speed": the modes are standard, lowest, partners, challenge, rotating`,
		"x":       `unknown mode "x": the modes are`,
	} {
		_, err := ParseMode(in)
		if err == nil || !strings.HasPrefix(err.Error(), want) && !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMode(%q): %v, want %q", in, err, want)
		}
	}
}
