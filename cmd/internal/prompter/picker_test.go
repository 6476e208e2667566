package prompter

import "testing"

// TestPickerRest: the letters that go on spelling a name picked by its
// first letters are the pick's, up to the end of the name: in a menu, the
// name ends at the item's last ": " (a name from before ':' was refused
// may hold one); in a list of names, the item is the name.
func TestPickerRest(t *testing.T) {
	for _, c := range []struct {
		items  []string
		detail bool
		typed  string
		rest   string
	}{
		{[]string{"Dan: not entered yet", "Amy: r7 = 7 points"}, true, "d", "an"},
		{[]string{"Dr: Who: not entered yet", "Amy: not entered yet"}, true, "d", "r: who"},
		{[]string{"Dr: Who: r7 wd4 = 57 points", "Amy: not entered yet"}, true, "dr", ": who"},
		{[]string{"Dr: Who", "Amy", "(stop for now)"}, false, "d", "r: who"},
		{[]string{"Dan", "Amy"}, false, "dan", ""},
		{[]string{"Dan: not entered yet"}, true, "dan", ""},
	} {
		pk := &picker{items: c.items, detail: c.detail, typed: []byte(c.typed)}
		if got := string(pk.rest()); got != c.rest {
			t.Errorf("%q typed in %q: rest %q, want %q", c.typed, c.items, got, c.rest)
		}
	}
}
