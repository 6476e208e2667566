package scoring

import (
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// FuzzRotatingPlay plays a rotating game of 4 to 16 players (a sit-out
// with 5, 9 or 13) from arbitrary bytes, each hand naming a table, who went
// out and the cards of any two players. Whatever the input, nothing panics,
// a refused hand changes nothing, a hand is counted only at a table that
// waits for nobody and never for the player sitting out, and the totals
// always equal, for each player, the points of the hands their pair won.
func FuzzRotatingPlay(f *testing.F) {
	f.Add([]byte{1, 0, 1, 3, 7, 2, 4, 0, 5, 6, 9})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{2, 5, 4, 6, 3, 1, 7, 2, 2, 3, 0, 1})
	names := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lea", "Max", "Ned", "Oli", "Pat"}
	counts := []int{4, 5, 8, 9, 12, 13, 16}
	cards := []string{"r7", "wd4", "9", "2xs", "w", "r0", "37pts", "g3 y4"}
	f.Fuzz(func(t *testing.T, data []byte) {
		players := names[:counts[len(data)%len(counts)]]
		b, err := New(Settings{Mode: Rotating, Players: players, Hands: 1 + len(data)%3})
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, len(players))
		for len(data) >= 6 {
			h := Hand{Table: int(data[0]) % 5, Out: players[int(data[1])%len(players)]}
			for _, k := range []int{2, 4} {
				c, _ := rules.ParseHand(cards[int(data[k+1])%len(cards)])
				h.Left = append(h.Left, Left{Player: players[int(data[k])%len(players)], Cards: c})
			}
			data = data[6:]
			before := b.Hands()
			var waited []int
			sitter := -1
			if tables := b.Tables(); h.Table >= 0 && h.Table <= len(tables) {
				tb := tables[max(h.Table, 1)-1]
				waited, sitter = tb.WaitingFor, tb.SittingOut
			}
			played, err := b.Play(h)
			if err != nil {
				if b.Hands() != before {
					t.Fatalf("refused hand counted: %v", err)
				}
				continue
			}
			r := b.Rows[len(b.Rows)-1]
			if len(waited) > 0 {
				t.Fatalf("hand %d counted at table %d, which waited for %v", r.Number, r.Table, b.Names(waited))
			}
			if sitter >= 0 && (r.Out == sitter || r.Held[sitter] >= 0) {
				t.Fatalf("hand %d: %s sits out, but played", r.Number, b.Name(sitter))
			}
			if len(r.Side) != 2 || len(played.Left) != 2 || r.Table < 1 || r.Table > len(b.Tables()) {
				t.Fatalf("hand %d: side %v, %d hands entered, table %d", r.Number, r.Side, len(played.Left), r.Table)
			}
			for _, seat := range r.Side {
				want[seat] += r.Won
			}
		}
		for seat := range players {
			if b.Score(seat) != want[seat] {
				t.Fatalf("%s: score %d, want %d", players[seat], b.Score(seat), want[seat])
			}
		}
		if b.Over() {
			for _, tb := range b.Tables() {
				if !tb.Done {
					t.Fatalf("over with table %d still playing", tb.Number)
				}
			}
		}
	})
}
