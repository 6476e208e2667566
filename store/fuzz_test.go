package store

import (
	"bytes"
	"path/filepath"
	"testing"
)

// FuzzImport feeds any bytes to import: either a consistent set of games
// arrives whole, or nothing is written.
func FuzzImport(f *testing.F) {
	f.Add([]byte(`{"unoscore_export": 1, "games": []}`))
	f.Add([]byte(`{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"]}}, {"type":"hand","hand":{"out":"A","left":[{"player":"B","cards":"r7 wd4"}]}}]}]}`))
	f.Add([]byte(`{"unoscore_export": 1, "games": [{"id": "a", "events": [{"type":"created","settings":{"players":["A","B"],"mode":"challenge","target":50}}, {"type":"hand","hand":{"out":"A","left":[{"player":"B","cards":"w"}]}}, {"type":"void","number":1}, {"type":"correct","number":1}]}]}`))
	f.Add([]byte(`{"unoscore_export": 1, "games": [{"id": "b", "events": [{"type":"created","settings":{"players":["A","B","C","D"],"mode":"partners"}}, {"type":"hand","hand":{"out":"A","left":[{"player":"B","cards":"9"},{"player":"D","cards":"1"}]}}]}]}`))
	f.Add([]byte(`not json`))
	dir := f.TempDir()
	n := 0
	f.Fuzz(func(t *testing.T, data []byte) {
		n++
		db, err := Open(filepath.Join(dir, "f"+string(rune('a'+n%26))+".db"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		before, _ := db.List(0, func(Summary) error { return nil })
		count, err := db.Import(bytes.NewReader(data))
		after, _ := db.List(0, func(Summary) error { return nil })
		if err != nil {
			if after != before {
				t.Fatalf("a refused import wrote %d games", after-before)
			}
			return
		}
		if after != before+count {
			t.Fatalf("imported %d, list grew by %d", count, after-before)
		}
		rep, err := db.Doctor()
		if err != nil || len(rep.Problems) > 0 {
			t.Fatalf("after import: %v %v", rep.Problems, err)
		}
	})
}
