package store

import (
	"errors"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/scoring"
)

// TestResolveOrder: a game is named by an exact id first, then by its name
// in any case, then by the unique start of an id; a name several games
// share is refused naming them, and a word that names nothing says it
// looked for an id or a name.
func TestResolveOrder(t *testing.T) {
	db := openTemp(t)
	s := scoring.Settings{Players: []string{"Ann", "Bob"}, Target: 500}
	first := must[*Game](t)(db.Create("", s))
	// A game named with the first game's id: the id wins.
	named := must[*Game](t)(db.Create(first.ID, s))
	friday1 := must[*Game](t)(db.Create("Friday", s))
	friday2 := must[*Game](t)(db.Create("Friday", s))
	solo := must[*Game](t)(db.Create("Solo", s))
	for typed, want := range map[string]string{
		first.ID:                    first.ID,
		strings.ToUpper(first.ID):   first.ID,
		" sOLO ":                    solo.ID,
		named.ID:                    named.ID,
		solo.ID[:len(solo.ID)-1]:    solo.ID,
		friday1.ID:                  friday1.ID,
		" " + friday2.ID + " ":      friday2.ID,
		strings.ToUpper(friday2.ID): friday2.ID,
	} {
		g, err := db.Game(typed)
		if err != nil || g.ID != want {
			t.Errorf("%q: %v, want %s", typed, err, want)
			continue
		}
	}
	var same *SameNameError
	if _, err := db.Game("FRIDAY"); !errors.As(err, &same) || len(same.IDs) != 2 || same.IDs[0] != friday2.ID || !strings.HasPrefix(err.Error(), `2 games are called "Friday": `+friday2.ID+" (started ") {
		t.Errorf("a shared name: %v", err)
	}
	var nf *NotFoundError
	if _, err := db.Game("Nosuch"); !errors.As(err, &nf) || err.Error() != `no game has the id or name "Nosuch"` {
		t.Errorf("a word naming nothing: %v", err)
	}
	if _, err := db.Use("friday"); !errors.As(err, &same) {
		t.Errorf("use of a shared name: %v", err)
	}
}
