package scoring

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
)

// Correct is counted hand n (from 1) of g corrected to h, checked: the
// hand as it will be kept, or why not. A correction stays at its table
// unless h names another. Every later hand must count again on top of
// it, and its table must not have had to wait, unless it already waited
// when it was recorded; every later target or end must hold.
func (g *Game) Correct(n int, h Hand) (Hand, error) {
	hands := g.Hands()
	if n < 1 || n > len(hands) {
		return Hand{}, NoHandError(n, len(hands))
	}
	// What counts before hand n, and after it: hands, and the targets
	// and end set between them.
	settings, steps, err := StepsOf(g.ID, g.Events)
	if err != nil {
		return Hand{}, err
	}
	at := 0
	for k := 0; ; at++ {
		if steps[at].Hand != nil {
			if k++; k == n {
				break
			}
		}
	}
	before, err := ReplaySteps(settings, steps[:at])
	if err != nil {
		return Hand{}, err
	}
	if h.Table == 0 {
		h.Table = hands[n-1].Table // a correction stays at its table unless told
	}
	// A hand recorded at a waiting table before the rule keeps its
	// place when corrected there.
	check, play := before.Check, before.Play
	if g.Board.Rows[n-1].Waited != "" && h.Table == hands[n-1].Table {
		check, play = before.CheckRecorded, before.PlayRecorded
	}
	fixed, err := check(h)
	if err != nil {
		return Hand{}, err
	}
	if sameHand(&before.Settings, fixed, hands[n-1]) {
		return Hand{}, &InputError{Msg: fmt.Sprintf("hand %d already reads so; nothing was changed", n)}
	}
	hands[n-1] = fixed
	// Every later hand must count again on top of the correction, and
	// its table must not have had to wait, unless it already waited
	// when it was recorded; every later target or end must hold.
	if _, err := play(fixed); err != nil {
		return Hand{}, err
	}
	after := before
	k := n // the hands counted again so far
	for _, st := range steps[at+1:] {
		if st.Change != nil {
			if err := after.Apply(*st.Change); err != nil {
				return Hand{}, &InputError{Msg: fmt.Sprintf("with that correction, %s: %v", changeWhat(*st.Change, k), err)}
			}
			continue
		}
		play := after.Play
		if g.Board.Rows[k].Waited != "" {
			play = after.PlayRecorded
		}
		if _, err := play(hands[k]); err != nil {
			var over *GameOverError
			if errors.As(err, &over) && over.Ended == nil {
				// One sentence: where the game would end, and what
				// was played after it.
				later := fmt.Sprintf("hand %d was", k+1)
				if k+1 < len(hands) {
					later = fmt.Sprintf("hands %d to %d were", k+1, len(hands))
				}
				return Hand{}, &InputError{Msg: fmt.Sprintf("that correction would end the game at hand %d, won by %s, but %s played after it; nothing was changed",
					k, words.Join(over.Winners), later)}
			}
			return Hand{}, &InputError{Msg: fmt.Sprintf("with that correction, hand %d: %v", k+1, err)}
		}
		k++
	}
	return fixed, nil
}

// changeWhat names a change for a refusal: "the target of 1000 set after
// hand 12", "the end after hand 12".
func changeWhat(c Change, after int) string {
	when := fmt.Sprintf("after hand %d", after)
	if after == 0 {
		when = "before the first hand"
	}
	if c.End {
		return "the end " + when
	}
	return fmt.Sprintf("the target of %d set %s", c.Target, when)
}

// sameHand reports whether two hands of a game say the same: the same
// player out, at the same table, the same players knocked out (by the same
// knockers) and the same cards left in each hand, in any order. A
// correction to what the hand already says is no correction.
func sameHand(s *Settings, a, b Hand) bool {
	seat := func(name string) int {
		i, err := s.Seat(name)
		if err != nil {
			return -1
		}
		return i
	}
	seats := func(names []string) []int {
		out := make([]int, len(names))
		for i, n := range names {
			out[i] = seat(n)
		}
		slices.Sort(out)
		return out
	}
	if seat(a.Out) < 0 || seat(a.Out) != seat(b.Out) || a.Table != b.Table ||
		!slices.Equal(seats(a.KnockedOut), seats(b.KnockedOut)) || len(a.KnockedBy) != len(b.KnockedBy) ||
		len(a.Left) != len(b.Left) {
		return false
	}
	for k, by := range a.KnockedBy {
		found := false
		for k2, by2 := range b.KnockedBy {
			if seat(k) >= 0 && seat(k) == seat(k2) && seat(by) == seat(by2) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	held := map[int]rules.Hand{}
	for _, l := range b.Left {
		held[seat(l.Player)] = l.Cards
	}
	for _, l := range a.Left {
		c, ok := held[seat(l.Player)]
		if !ok || seat(l.Player) < 0 || !sameCards(l.Cards, c) {
			return false
		}
	}
	return true
}

// sameCards reports whether two hands hold the same cards and counted
// points, in any order.
func sameCards(a, b rules.Hand) bool {
	byCard := func(x, y rules.Card) int {
		return cmp.Or(cmp.Compare(x.Color, y.Color), cmp.Compare(x.Face, y.Face))
	}
	ac, bc := slices.Clone(a.Cards), slices.Clone(b.Cards)
	slices.SortFunc(ac, byCard)
	slices.SortFunc(bc, byCard)
	ap, bp := slices.Clone(a.Counted), slices.Clone(b.Counted)
	slices.Sort(ap)
	slices.Sort(bp)
	return slices.Equal(ac, bc) && slices.Equal(ap, bp)
}
