package cmd

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
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

// TestPlainGamePrintsAsIs: a game plainGame passes is written by
// AppendIndented as bytes the output filter would let through untouched,
// whatever its strings hold; and a game of plain names passes.
func TestPlainGamePrintsAsIs(t *testing.T) {
	strs := []string{"", "Ann", "g04242", "Night 1", `a "quoted" <name> & co`, `back\slash`, "tab\there", "line\nbreak",
		"\x00", "\x01\x1b[2J", "\x7f", "\x80", "\xff", "\xff\xfe", "café", "李小龙", "\u2028", "\u202e", "~"}
	r := rand.New(rand.NewPCG(7, 21))
	pick := func() string { return strs[r.IntN(len(strs))] }
	list := func() []string {
		var ss []string
		for range r.IntN(4) {
			ss = append(ss, pick())
		}
		return ss
	}
	passed := 0
	for range 5000 {
		g := present.Game{ID: pick(), Name: pick(), Mode: pick(), Players: list(), Winners: list(), Leaders: list()}
		if !plainGame(g) {
			continue
		}
		passed++
		if out := g.AppendIndented(nil, "    "); !printsAsIs(out) {
			t.Fatalf("plainGame passed %#v, whose JSON does not print as is:\n%s", g, out)
		}
	}
	if passed < 100 {
		t.Errorf("only %d of 5000 games passed", passed)
	}
	for _, s := range []string{"\x7f", "\x80", "\xff", "é", "\u202e"} {
		if plainGame(present.Game{Players: []string{"Ann", s}}) {
			t.Errorf("plainGame passed a player %q", s)
		}
	}
}
