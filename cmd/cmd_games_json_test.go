package cmd

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// TestGamesJSONIsEncodingJSON: `games --json` prints, byte for byte, what
// encoding/json writes of present.NewGame of each summary List reads (the
// whole summary, by another way than the listing's), newest first, for a
// file of several hundred games (more than one 64 KB write) of every kind:
// names that JSON escapes, names in other scripts, games over, games led,
// games with no hand, games of other modes, the current game among them.
func TestGamesJSONIsEncodingJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.db")
	data, err := exportData(400, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := importInto(path, data); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	players := [][]string{{"Zoë", "李小龙", `Ann "A" Lee`}, {"<b>", "Bob & Co", "Cat"}, {"Ann", "Bob"}}
	names := []string{"", `Friday "night"`, "<script>", "Tom & Jerry", "Café 😀", "back\\slash"}
	for i := range 24 {
		s := scoring.Settings{Players: players[i%len(players)]}
		if i%4 == 1 {
			s.Target = 50
		}
		if i%5 == 2 {
			s.Mode = scoring.Lowest
		}
		g, err := db.Create(names[i%len(names)], s)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		for h := range i % 3 {
			cards, _ := rules.ParseHand("wd4 w r7")
			hand := scoring.Hand{Out: s.Players[h%len(s.Players)]}
			for _, p := range s.Players {
				if p != hand.Out {
					hand.Left = append(hand.Left, scoring.Left{Player: p, Cards: cards})
				}
			}
			if _, err := db.AddHand(g.ID, hand); err != nil && !strings.Contains(err.Error(), "is over") {
				t.Fatalf("game %d, hand %d: %v", i, h, err)
			}
		}
	}
	list := []present.Game{}
	if _, err := db.List(0, func(s store.Summary) error {
		list = append(list, present.NewGame(s))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	want, err := json.MarshalIndent(map[string][]present.Game{"games": list}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, path, false, "games", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if out != string(want)+"\n" {
		t.Errorf("games --json differs from encoding/json's (%d games):\n%s", len(list), firstDiff(out, string(want)+"\n"))
	}
	over, current := 0, 0
	for _, g := range list {
		if g.Over {
			over++
		}
		if g.Current {
			current++
		}
	}
	if len(list) != 424 || over == 0 || current != 1 {
		t.Errorf("the file is not as meant: %d games, %d over, %d current", len(list), over, current)
	}
}

// firstDiff shows where two texts first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return fmt.Sprintf("at byte %d:\ngot  %q\nwant %q", i, a[from:min(len(a), i+80)], b[from:min(len(b), i+80)])
}
