package scoring

import (
	"testing"

	"github.com/unoscore/unoscore/rules"
)

// FuzzRotatingPlay plays a rotating game from arbitrary bytes, each hand
// naming a table, who went out and the cards of any two players. Whatever
// the input, nothing panics, a refused hand changes nothing, and the totals
// always equal, for each player, the points of the hands their pair won.
func FuzzRotatingPlay(f *testing.F) {
	f.Add([]byte{1, 0, 1, 3, 7, 2, 4, 0, 5, 6, 9})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{2, 5, 4, 6, 3, 1, 7, 2, 2, 3, 0, 1})
	players := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	cards := []string{"r7", "wd4", "9", "2xs", "w", "r0", "37pts", "g3 y4"}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := New(Settings{Mode: Rotating, Players: players, Hands: 1 + len(data)%3})
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, len(players))
		for len(data) >= 6 {
			h := Hand{Table: int(data[0]) % 4, Out: players[int(data[1])%len(players)]}
			for _, k := range []int{2, 4} {
				c, _ := rules.ParseHand(cards[int(data[k+1])%len(cards)])
				h.Left = append(h.Left, Left{Player: players[int(data[k])%len(players)], Cards: c})
			}
			data = data[6:]
			before := b.Hands()
			played, err := b.Play(h)
			if err != nil {
				if b.Hands() != before {
					t.Fatalf("refused hand counted: %v", err)
				}
				continue
			}
			r := b.Rows[len(b.Rows)-1]
			if len(r.Side) != 2 || len(played.Left) != 2 || r.Table < 1 || r.Table > 2 {
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
