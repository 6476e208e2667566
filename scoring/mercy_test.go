package scoring

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// No Mercy's knock-outs (issue 30 §2), worked out by hand: a knocked-out
// player's cards are not scored, the winner scores 250 for each, a hand
// can be won by the last player not knocked out, and a hand of 25 cards
// or more for a player still in is refused.
func TestNoMercyKnockOuts(t *testing.T) {
	b := mustBoard(t, Settings{Deck: "no-mercy", Players: []string{"Ann", "Bob", "Cat", "Dan"}})
	if b.Settings.Target != 1000 {
		t.Fatalf("target %d, want No Mercy's 1000", b.Settings.Target)
	}
	anyHand := func(s string) rules.Hand {
		h, err := rules.ParseAnyHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	// Hand 1: Ann out; Bob rd4 wd10 = 20 + 50 = 70; Cat r7 = 7; Dan knocked
	// out: 250. Ann 327.
	h := Hand{Out: "ann", Left: []Left{{Player: "Bob", Cards: anyHand("rd4 wd10")}, {Player: "Cat", Cards: anyHand("r7")}}, KnockedOut: []string{"dan"}}
	row, err := b.Play(h)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Rows[0]; got.Won != 327 || got.Bonus != 250 || len(got.KnockedOut) != 1 || got.KnockedOut[0] != 3 || got.Held[3] != -1 {
		t.Errorf("hand 1: won %d, bonus %d, knocked %v, Dan held %d", got.Won, got.Bonus, got.KnockedOut, got.Held[3])
	}
	if len(row.KnockedOut) != 1 || row.KnockedOut[0] != "Dan" {
		t.Errorf("hand 1 as counted: knocked out %v, want [Dan]", row.KnockedOut)
	}
	// Hand 2: Bob is the last player standing: Ann, Cat and Dan knocked
	// out, 3 x 250 = 750.
	if _, err := b.Play(Hand{Out: "Bob", KnockedOut: []string{"Ann", "Cat", "Dan"}}); err != nil {
		t.Fatal(err)
	}
	if got := scores(b); got[0] != 327 || got[1] != 750 || got[2] != 0 || got[3] != 0 {
		t.Errorf("scores %v, want [327 750 0 0]", got)
	}
	refused := []struct {
		h    Hand
		want string
	}{
		{Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: anyHand("25x1")}, {Player: "Cat", Cards: anyHand("r1")}, {Player: "Dan", Cards: anyHand("r2")}}},
			"Bob holds 25 cards: with 25 or more a player is knocked out (mercy rule); record it with --knocked-out Bob"},
		{Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: anyHand("r1")}}, KnockedOut: []string{"Bob", "Cat", "Dan"}}, "Bob was knocked out"},
		{Hand{Out: "Ann", KnockedOut: []string{"Ann", "Cat"}}, "Ann went out, so was not knocked out"},
		{Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: anyHand("r1")}}, KnockedOut: []string{"Cat"}}, "Dan's cards are missing"},
	}
	for _, r := range refused {
		if _, err := b.Check(r.h); err == nil || !strings.Contains(err.Error(), r.want) {
			t.Errorf("%+v: %v, want %q", r.h, err, r.want)
		}
	}
	// No knock-outs outside No Mercy.
	c := mustBoard(t, Settings{Players: []string{"Ann", "Bob", "Cat"}})
	if _, err := c.Check(Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: anyHand("r1")}}, KnockedOut: []string{"Cat"}}); err == nil || !strings.Contains(err.Error(), "only a No Mercy game") {
		t.Errorf("knock-out in a classic game: %v", err)
	}
}

// The knock-out bonus given to the knocker (Settings.MercyBonus, the
// table's choice at new), worked out by hand in each mode that gives it.
func TestNoMercyBonusToKnocker(t *testing.T) {
	anyHand := func(s string) rules.Hand {
		h, err := rules.ParseAnyHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	left := func(pairs ...string) []Left {
		var l []Left
		for i := 0; i < len(pairs); i += 2 {
			l = append(l, Left{Player: pairs[i], Cards: anyHand(pairs[i+1])})
		}
		return l
	}
	four := []string{"Ann", "Bob", "Cat", "Dan"}
	for _, c := range []struct {
		name   string
		s      Settings
		hands  []Hand
		scores []int // per seat, after the hands
		cells  []Cell
		over   []int // winners, or nil
	}{
		{
			// Ann out; Bob r7 = 7, Dan 5 = 5: Ann 12. Bob knocked Cat
			// out: Bob 250.
			name:   "standard",
			s:      Settings{Deck: "no-mercy", Players: four, MercyBonus: MercyKnocker},
			hands:  []Hand{{Out: "Ann", Left: left("Bob", "r7", "Dan", "5"), KnockedOut: []string{"Cat"}, KnockedBy: map[string]string{"cat": "bob"}}},
			scores: []int{12, 250, 0, 0},
			cells:  []Cell{{Kind: Won, Points: 12}, {Kind: Held, Points: 7, Bonus: 250}, {Kind: KnockedOut}, {Kind: Held, Points: 5}},
		},
		{
			// The winner knocked the player out: the same 250, as the
			// knocker. Ann: r1 9 from Bob = 10, +250 for Dan's knock-out;
			// Cat knocked out by Bob: Bob 250.
			name: "winner and knocker",
			s:    Settings{Deck: "no-mercy", Players: four, MercyBonus: MercyKnocker},
			hands: []Hand{{Out: "Ann", Left: left("Bob", "r1 9"), KnockedOut: []string{"Cat", "Dan"},
				KnockedBy: map[string]string{"Cat": "Bob", "Dan": "Ann"}}},
			scores: []int{260, 250, 0, 0},
			cells:  []Cell{{Kind: Won, Points: 10, Bonus: 250}, {Kind: Held, Points: 10, Bonus: 250}, {Kind: KnockedOut}, {Kind: KnockedOut}},
		},
		{
			// Partners Ann+Cat against Bob+Dan. Ann out; Bob rwd6 = 50;
			// Dan knocked out by Cat: 250 to Ann and Cat's team; then
			// Bob out, Ann r2 = 2, Cat knocked out by Dan: Bob and Dan
			// 2 + 250.
			name: "partners",
			s:    Settings{Mode: Partners, Deck: "no-mercy", Players: four, MercyBonus: MercyKnocker},
			hands: []Hand{
				{Out: "Ann", Left: left("Bob", "wd6"), KnockedOut: []string{"Dan"}, KnockedBy: map[string]string{"Dan": "Cat"}},
				{Out: "Bob", Left: left("Ann", "r2"), KnockedOut: []string{"Cat"}, KnockedBy: map[string]string{"Cat": "Dan"}},
			},
			scores: []int{300, 252, 300, 252},
			cells:  []Cell{{Kind: Held, Points: 2}, {Kind: Won, Points: 2, Bonus: 250}},
		},
		{
			// The hand's winner (the default), for comparison: Ann 12 +
			// 250.
			name:   "winner",
			s:      Settings{Deck: "no-mercy", Players: four},
			hands:  []Hand{{Out: "Ann", Left: left("Bob", "r7", "Dan", "5"), KnockedOut: []string{"Cat"}}},
			scores: []int{262, 0, 0, 0},
			cells:  []Cell{{Kind: Won, Points: 262}, {Kind: Held, Points: 7}, {Kind: KnockedOut}, {Kind: Held, Points: 5}},
		},
		{
			// Target 300. Hand 1: Bob out, Ann wd10 wd10 = 100, Cat 1,
			// Dan 2: Bob 103. Hand 2: Cat out, Ann r3, Bob r4: Cat 7;
			// Bob knocked Dan out: Bob 353, past 300, wins though Cat
			// went out.
			name: "a knocker wins",
			s:    Settings{Deck: "no-mercy", Players: four, MercyBonus: MercyKnocker, Target: 300},
			hands: []Hand{
				{Out: "Bob", Left: left("Ann", "wd10 wd10", "Cat", "r1", "Dan", "r2")},
				{Out: "Cat", Left: left("Ann", "r3", "Bob", "r4"), KnockedOut: []string{"Dan"}, KnockedBy: map[string]string{"Dan": "Bob"}},
			},
			scores: []int{0, 353, 7, 0},
			over:   []int{1},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := mustBoard(t, c.s)
			for _, h := range c.hands {
				if _, err := b.Play(h); err != nil {
					t.Fatal(err)
				}
			}
			if got := scores(b); !slices.Equal(got, c.scores) {
				t.Errorf("scores %v, want %v", got, c.scores)
			}
			if c.cells != nil {
				if got := b.Rows[len(b.Rows)-1].Cells; !slices.Equal(got, c.cells) {
					t.Errorf("cells %+v, want %+v", got, c.cells)
				}
			}
			if c.over != nil && (!b.Over() || !slices.Equal(b.Winners(), c.over)) {
				t.Errorf("over %v, winners %v, want %v", b.Over(), b.Winners(), c.over)
			}
		})
	}
}

// The knockers refused, and the choice refused where it cannot be made.
func TestNoMercyBonusRefused(t *testing.T) {
	four := []string{"Ann", "Bob", "Cat", "Dan"}
	k := mustBoard(t, Settings{Deck: "no-mercy", Players: four, MercyBonus: "KNOCKER"})
	w := mustBoard(t, Settings{Deck: "no-mercy", Players: four})
	if k.Settings.MercyBonus != MercyKnocker || w.Settings.MercyBonus != MercyWinner {
		t.Fatalf("mercy bonus %q and %q, want knocker and winner", k.Settings.MercyBonus, w.Settings.MercyBonus)
	}
	r1, _ := rules.ParseAnyHand("r1")
	l := []Left{{Player: "Bob", Cards: r1}, {Player: "Dan", Cards: r1}}
	for _, c := range []struct {
		b    *Board
		by   map[string]string
		ko   []string
		want string
	}{
		{k, nil, []string{"Cat"}, "who knocked Cat out? This game gives the 250 to the knocker: write it as --knocked-out Cat=NAME"},
		{k, map[string]string{"Cat": "Cat"}, []string{"Cat"}, "Cat cannot knock themselves out"},
		{k, map[string]string{"Cat": "Zed"}, []string{"Cat"}, `no player is called "Zed"`},
		{k, map[string]string{"Bob": "Ann", "Cat": "Ann"}, []string{"Cat"}, "Bob is named as knocked out by Ann but not as knocked out"},
		{w, map[string]string{"Cat": "Ann"}, []string{"Cat"}, "this game gives the 250 for a knock-out to the hand's winner"},
	} {
		_, err := c.b.Check(Hand{Out: "Ann", Left: l, KnockedOut: c.ko, KnockedBy: c.by})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v by %v: %v, want %q", c.ko, c.by, err, c.want)
		}
	}
	// A No Mercy hand with cards missing offers the knock-out it may be.
	if _, err := w.Check(Hand{Out: "Ann", Left: []Left{{Player: "Bob", Cards: r1}}}); err == nil ||
		!strings.Contains(err.Error(), "Cat's and Dan's cards are missing (or, if the mercy rule knocked them out, record Cat and Dan as knocked out)") {
		t.Errorf("cards missing: %v", err)
	}
	// Who knocked whom: a chain ends at a player still in (Dan, knocked
	// out by Bob after knocking Cat out), never in a circle.
	bob := []Left{{Player: "Bob", Cards: r1}}
	if _, err := k.Check(Hand{Out: "Ann", Left: bob, KnockedOut: []string{"Cat", "Dan"}, KnockedBy: map[string]string{"Cat": "Dan", "Dan": "Bob"}}); err != nil {
		t.Errorf("Cat by Dan, then Dan by Bob: %v", err)
	}
	for _, by := range []map[string]string{{"Cat": "Dan", "Dan": "Cat"}, {"Cat": "Dan", "Dan": "Bob", "Bob": "Cat"}} {
		ko := slices.Sorted(maps.Keys(by))
		left := []Left{{Player: "Bob", Cards: r1}}
		if len(by) == 3 {
			left = nil
		}
		_, err := k.Check(Hand{Out: "Ann", Left: left, KnockedOut: ko, KnockedBy: by})
		if err == nil || !strings.Contains(err.Error(), "cannot have knocked each other out") {
			t.Errorf("knocked out in a circle %v: %v", by, err)
		}
	}
	for _, c := range []struct {
		s    Settings
		want string
	}{
		{Settings{Players: four, MercyBonus: MercyKnocker}, "has no knock-out bonus"},
		{Settings{Deck: "no-mercy", Players: four, MercyBonus: "loser"}, `"loser" is not a way to give the knock-out bonus`},
		{Settings{Deck: "no-mercy", Mode: Challenge, Players: four, MercyBonus: MercyKnocker}, "in challenge mode no one wins a hand's points"},
	} {
		if _, err := New(c.s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.s, err, c.want)
		}
	}
}

// No Mercy in the modes where the lowest tally wins (issue 31): no one
// wins a hand's points there, so a knock-out costs the player knocked out
// the deck's 250 onto their own tally (unoscore's reading; the rulebook
// scores only the standard way). Worked out by hand; Bob holds r5 (5).
func TestNoMercyKnockOutCharged(t *testing.T) {
	three := []string{"Ann", "Bob", "Cat"}
	r5, err := rules.ParseAnyHand("r5")
	if err != nil {
		t.Fatal(err)
	}
	five := []Left{{Player: "Bob", Cards: r5}}
	catKO := Hand{Out: "Ann", Left: five, KnockedOut: []string{"Cat"}}
	tests := []struct {
		name       string
		s          Settings
		hands      []Hand
		want       []int // tallies after the hands
		eliminated []int // per seat, the hand that eliminated it (challenge)
		winners    []int // nil: the game goes on
	}{
		// Ann 0, Bob 5, Cat 250: Ann leads alone, Cat is last.
		{"lowest", Settings{Deck: "no-mercy", Mode: Lowest, Players: three}, []Hand{catKO},
			[]int{0, 5, 250}, []int{0, 0, 0}, nil},
		// Target 300: Cat's second knock-out (500) reaches it; Ann's 0
		// is the lowest tally.
		{"lowest, a knock-out reaches the target", Settings{Deck: "no-mercy", Mode: Lowest, Players: three, Target: 300}, []Hand{catKO, catKO},
			[]int{0, 10, 500}, []int{0, 0, 0}, []int{0}},
		// Target 400: 250 after hand 1 leaves Cat in; 500 after hand 2
		// eliminates Cat in hand 2.
		{"challenge", Settings{Deck: "no-mercy", Mode: Challenge, Players: three, Target: 400}, []Hand{catKO, catKO},
			[]int{0, 10, 500}, []int{0, 0, 2}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, tc.s)
			for i, h := range tc.hands {
				if _, err := b.Play(h); err != nil {
					t.Fatalf("hand %d: %v", i+1, err)
				}
			}
			if got := scores(b); !slices.Equal(got, tc.want) {
				t.Errorf("tallies %v, want %v", got, tc.want)
			}
			for seat, want := range tc.eliminated {
				if got := b.EliminatedIn(seat); got != want {
					t.Errorf("%s eliminated in hand %d, want %d", b.Name(seat), got, want)
				}
			}
			if !slices.Equal(b.Winners(), tc.winners) || b.Over() != (tc.winners != nil) {
				t.Errorf("over %v, winners %v, want %v", b.Over(), b.Winners(), tc.winners)
			}
			r := b.Rows[0]
			if r.Bonus != 250 || r.Charge != 250 || r.ChargeOf(2) != 250 || r.ChargeOf(1) != 0 || r.Held[2] != -1 {
				t.Errorf("hand 1: bonus %d, charge %d, Cat %d, Bob %d, Cat held %d", r.Bonus, r.Charge, r.ChargeOf(2), r.ChargeOf(1), r.Held[2])
			}
			if got := r.BonusOf(0); got != 0 {
				t.Errorf("hand 1: Ann's bonus %d, want 0 (no one wins it)", got)
			}
			if c := r.Cells[2]; c.Kind != KnockedOut || c.Points != 250 {
				t.Errorf("Cat's cell %+v, want knocked out, 250", c)
			}
		})
	}
	// The modes where a hand is won keep the knock-out the winner's:
	// nothing charged.
	b := mustBoard(t, Settings{Deck: "no-mercy", Players: three})
	if _, err := b.Play(catKO); err != nil {
		t.Fatal(err)
	}
	if got, r := scores(b), b.Rows[0]; !slices.Equal(got, []int{255, 0, 0}) || r.Charge != 0 || r.Cells[2].Points != 0 {
		t.Errorf("standard: scores %v, charge %d, Cat's cell %+v", got, r.Charge, r.Cells[2])
	}
}

// A game keeps the rule of the knock-out it was started under, as it keeps
// its house rules: every new No Mercy game in lowest or challenge records
// that it charges a knock-out (Settings.MercyCharge). A game stored
// without the field was written by one of two releases: the one before the
// charge (53cfdd2), whose settings have no mercy_bonus, and whose games
// replay as they were played; and the first to charge (d03b780), which
// wrote mercy_bonus at new, and whose games stay charged. On the code
// before, the stored game of lowest to 300 below (Cat knocked out twice,
// then a third hand) replayed with Cat at 500 after hand 2 and refused
// hand 3: "hand 3: the game is over: Ann won"; on the branch's first
// reading (a missing field: no charge), a game of d03b780 lost its charge.
func TestKnockOutChargeKeptFromTheStart(t *testing.T) {
	three := []string{"Ann", "Bob", "Cat"}
	for _, c := range []struct {
		s    Settings
		want bool
	}{
		{Settings{Deck: "no-mercy", Mode: Lowest, Players: three}, true},
		{Settings{Deck: "no-mercy", Mode: Challenge, Players: three}, true},
		{Settings{Deck: "no-mercy", Mode: Lowest, Players: three, MercyCharge: ptr(false)}, true}, // new: always charged
		{Settings{Deck: "no-mercy", Mode: Standard, Players: three}, false},
		{Settings{Deck: "no-mercy", Mode: Partners, Players: []string{"Ann", "Bob", "Cat", "Dan"}}, false},
		{Settings{Mode: Lowest, Players: three}, false},
	} {
		b := mustBoard(t, c.s)
		if b.Charges() != c.want || b.Settings.Charged() != c.want || (b.Settings.MercyCharge != nil) != c.want {
			t.Errorf("new %s %s: mercy_charge %v, want %v", c.s.Mode, c.s.Deck, b.Settings.MercyCharge, c.want)
		}
	}
	// Only such a game takes it, new or stored; false is left out.
	for _, s := range []Settings{
		{Mode: Lowest, Players: three, MercyCharge: ptr(true)},
		{Deck: "no-mercy", Players: three, MercyCharge: ptr(true)},
	} {
		if _, err := New(s); err == nil || !strings.Contains(err.Error(), "charges a knock-out") {
			t.Errorf("new %s %s with mercy_charge: %v", s.Mode, s.Deck, err)
		}
		if _, err := NewStored(s); err == nil {
			t.Errorf("stored %s %s with mercy_charge: no error", s.Mode, s.Deck)
		}
		s.MercyCharge = ptr(false)
		if b, err := NewStored(s); err != nil || b.Settings.MercyCharge != nil {
			t.Errorf("stored %s %s with mercy_charge false: %v", s.Mode, s.Deck, err)
		}
	}

	hand := func(s string) rules.Hand {
		h, err := rules.ParseAnyHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	hands := []Hand{
		{Out: "Ann", Left: []Left{{Player: "Bob", Cards: hand("r5")}}, KnockedOut: []string{"Cat"}},
		{Out: "Ann", Left: []Left{{Player: "Bob", Cards: hand("r9")}}, KnockedOut: []string{"Cat"}},
		{Out: "Cat", Left: []Left{{Player: "Ann", Cards: hand("r3")}, {Player: "Bob", Cards: hand("wd10 wd10 wd10 wd10 wd6 wd6")}}},
	}
	log := func(bonus string, charge *bool) []Event {
		s := Settings{Mode: Lowest, Target: 300, Deck: "no-mercy", Players: three, Dealer: "Ann", MercyBonus: bonus, MercyCharge: charge}
		events := []Event{{Type: EventCreated, Settings: &s}}
		for i := range hands {
			events = append(events, Event{Type: EventHand, Hand: &hands[i]})
		}
		return events
	}
	for _, c := range []struct {
		what   string
		bonus  string
		charge *bool
		want   bool
	}{
		{"release A (no mercy_bonus)", "", nil, false},
		{"release A, imported (mercy_charge false)", MercyWinner, ptr(false), false},
		{"release B (mercy_bonus, no mercy_charge)", MercyWinner, nil, true},
		{"since (mercy_charge true)", MercyWinner, ptr(true), true},
	} {
		events := log(c.bonus, c.charge)
		if got := events[0].Settings.Charged(); got != c.want {
			t.Errorf("%s: the stored settings read charged %v", c.what, got)
		}
		g, err := Fold("old123", events)
		if c.want {
			// Cat's second knock-out reaches 300, Ann wins, and hand 3
			// is refused.
			if err == nil || !strings.Contains(err.Error(), "hand 3: the game is over: Ann won") {
				t.Errorf("%s: %v", c.what, err)
			}
			b, err := NewStored(*events[0].Settings)
			if err != nil || b.Settings.MercyCharge == nil || !*b.Settings.MercyCharge {
				t.Errorf("%s: normalized %v, %v", c.what, b.Settings.MercyCharge, err)
			}
			continue
		}
		// Before the charge: Cat is charged nothing and wins at hand 3.
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if events[0].Settings.MercyCharge != c.charge {
			t.Errorf("%s: the fold changed the event's settings", c.what)
		}
		b := g.Board
		if got := scores(b); !slices.Equal(got, []int{3, 314, 0}) || !b.Over() || !slices.Equal(b.Names(b.Winners()), []string{"Cat"}) {
			t.Errorf("%s: tallies %v, over %v, winners %v; want 3 314 0, Cat won", c.what, got, b.Over(), b.Names(b.Winners()))
		}
		if r := b.Rows[0]; r.Charge != 0 || r.ChargeOf(2) != 0 || r.Cells[2].Kind != KnockedOut || r.Cells[2].Points != 0 || b.Charges() || !b.Uncharged() {
			t.Errorf("%s: hand 1 charge %d, Cat's cell %+v, charges %v", c.what, r.Charge, r.Cells[2], b.Charges())
		}
		if b.Settings.MercyCharge == nil || *b.Settings.MercyCharge || b.Settings.MercyBonus != MercyWinner {
			t.Errorf("%s: normalized mercy_charge %v, mercy_bonus %q; want false, winner", c.what, b.Settings.MercyCharge, b.Settings.MercyBonus)
		}
		if got := b.HandBrief(hands[0]); got != "Ann went out; caught with cards: Bob 5; Cat knocked out, not charged" {
			t.Errorf("%s: brief: %q", c.what, got)
		}
		// A rename keeps what the game started with.
		if s, err := b.Settings.RenameStored("Cat", "Kit"); err != nil || s.Charged() {
			t.Errorf("%s: renamed: %v, mercy_charge %v", c.what, err, s.MercyCharge)
		}
	}
	// The setting is kept in the log's JSON, and read back, false too.
	for _, c := range []struct {
		charge *bool
		want   string
	}{{ptr(true), `"mercy_charge":true`}, {ptr(false), `"mercy_charge":false`}} {
		data, err := json.Marshal(log(MercyWinner, c.charge)[0])
		var e Event
		if err == nil {
			err = json.Unmarshal(data, &e)
		}
		if err != nil || !strings.Contains(string(data), c.want) || e.Settings.MercyCharge == nil || *e.Settings.MercyCharge != *c.charge {
			t.Errorf("created event: %s %v", data, err)
		}
	}
	if data, _ := json.Marshal(log("", nil)[0]); strings.Contains(string(data), "mercy_charge") {
		t.Errorf("created event before the charge: %s", data)
	}
}
