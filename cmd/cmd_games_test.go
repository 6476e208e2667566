package cmd

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/unoscore/unoscore/store"
)

// TestAppendIndented: the quick indenter of games --json writes what
// json.Indent writes, for summaries with awkward names too.
func TestAppendIndented(t *testing.T) {
	names := []string{"", "Friday", `quote " and \ back`, "brackets [{,:}] in a name", "ünïcödé ♠", "<tag> & more", "tab\there", "\u2028"}
	for _, name := range names {
		for _, winners := range [][]string{{}, {"Ann"}, {"Ann", "Bob, Jr"}} {
			s := store.Summary{ID: "abc123", Name: name, Created: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
				Mode: "standard", Players: []string{"Ann", "Bob, Jr"}, Hands: 3, Winners: winners, Leaders: []string{}}
			compact, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			checkIndented(t, compact)
		}
	}
	for _, bad := range []string{``, `[]`, `{"a":"b}`, `{"a":[1}}}`, `{"a":1`} {
		if _, ok := appendIndented(nil, []byte(bad), "  "); ok {
			t.Errorf("%q was taken for an object", bad)
		}
	}
}

func checkIndented(t *testing.T, compact []byte) {
	t.Helper()
	var want bytes.Buffer
	if err := json.Indent(&want, compact, "    ", "  "); err != nil {
		t.Fatal(err)
	}
	got, ok := appendIndented(nil, compact, "    ")
	if !ok || !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("indenting %s:\ngot  %s\nwant %s", compact, got, want.Bytes())
	}
}

// FuzzAppendIndented: for any JSON object, made compact as the store keeps
// it, the quick indenter agrees with json.Indent.
func FuzzAppendIndented(f *testing.F) {
	f.Add([]byte(`{"id":"a","players":["A","B"],"winners":[],"x":{"y":[{}]}}`))
	f.Add([]byte(`{"name":"\"]},\\"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var compact bytes.Buffer
		if json.Compact(&compact, data) != nil || compact.Len() == 0 || compact.Bytes()[0] != '{' {
			return
		}
		checkIndented(t, compact.Bytes())
	})
}
