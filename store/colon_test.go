package store

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/unoscore/unoscore/scoring"
)

// colonExport is an export, made by hand in the export's format, of a game
// whose players were named before ':' was refused in a name: "Dr: Who"
// from the start, and Amy renamed "Ms: Pond" on the way.
const colonExport = `{"unoscore_export":1,"exported":"2026-11-25T22:07:43Z","current":"mwhi4k",
"games": [
{"id":"mwhi4k","events":[{"type":"created","at":"2026-11-25T22:06:53Z","settings":{"mode":"standard","target":500,"deck":"classic","players":["Dr: Who","Amy","Rory"],"dealer":"Dr: Who"}},{"type":"hand","at":"2026-11-25T22:06:53Z","hand":{"out":"Amy","left":[{"player":"Rory","cards":"5"},{"player":"Dr: Who","cards":"r7"}]}},{"type":"rename","at":"2026-11-25T22:07:10Z","from":"Amy","to":"Ms: Pond"},{"type":"hand","at":"2026-11-25T22:07:20Z","hand":{"out":"Dr: Who","left":[{"player":"Ms: Pond","cards":"wd4"},{"player":"Rory","cards":"s"}]}}]}
]}
`

// TestImportNamesFromBeforeTheColonRule: an export holding names with ':'
// (given before it was refused) imports, its board counts as it did, and
// exporting it again gives the same file: the round trip loses no game.
// A new name with ':' is still refused: by a new game, and by a rename.
func TestImportNamesFromBeforeTheColonRule(t *testing.T) {
	db := openTemp(t)
	if n, err := db.Import(strings.NewReader(colonExport)); err != nil || n != 1 {
		t.Fatalf("import: %d %v", n, err)
	}
	g := must[*Game](t)(db.Game("mwhi4k"))
	b := g.Board
	if got := strings.Join(b.Settings.Players, ","); got != "Dr: Who,Ms: Pond,Rory" {
		t.Fatalf("players: %s", got)
	}
	if len(b.Rows) != 2 || b.Name(b.Rows[1].Out) != "Dr: Who" || b.Score(0) != 20+50 || b.Score(1) != 12 {
		t.Fatalf("board: %d rows, scores %d %d %d", len(b.Rows), b.Score(0), b.Score(1), b.Score(2))
	}
	db.now = func() time.Time { return time.Date(2026, 11, 25, 22, 7, 43, 0, time.UTC) }
	var again bytes.Buffer
	if err := db.Export(&again); err != nil {
		t.Fatal(err)
	}
	if again.String() != colonExport {
		t.Fatalf("exported again:\n%s\nwant:\n%s", again.String(), colonExport)
	}
	// The game goes on: a hand naming its players as they are called.
	if _, err := db.AddHand("mwhi4k", hand(t, "Ms: Pond", "Dr: Who=r1", "Rory=2")); err != nil {
		t.Fatalf("a hand in the imported game: %v", err)
	}
	// New names still may not hold ':'.
	if _, err := db.Create("", scoring.Settings{Players: []string{"A:b", "Cat"}}); err == nil || !strings.Contains(err.Error(), `holds ':'`) {
		t.Errorf("a new game with A:b: %v", err)
	}
	if _, err := db.Rename("Rory", "R: Williams"); err == nil || !strings.Contains(err.Error(), `holds ':'`) {
		t.Errorf("a rename to R: Williams: %v", err)
	}
}
