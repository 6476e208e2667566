package store

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// The fast reading of an event gives what json.Unmarshal gives, or leaves
// the event to it.
func FuzzDecodeEvent(f *testing.F) {
	for _, seed := range []string{
		`{"type":"hand","t":1451674800,"hand":{"out":"Ann","left":[{"player":"Bob","cards":"r1 r8 r7"},{"player":"Cat","cards":"gs r4 y5"},{"player":"Dan","cards":"y0 b2 37pts"}]}}`,
		`{"type":"hand","t":1451674800,"ns":5,"hand":{"out":"李小龙","left":[],"table":2}}`,
		`{"type":"void","t":-62135596800,"number":3}`,
		`{"type":"rename","t":1,"from":"Ann","to":"Anna"}`,
		`{"type":"created","t":1,"name":"Night 1","settings":{"mode":"standard","target":500,"deck":"classic","players":["Ann","Bob"],"dealer":"Ann"}}`,
		` { "type" : "hand" , "hand" : { } } `, `{"hand":{"left":[{"cards":""}]}}`, `{"hand":{"left":[{"cards":"zz"}]}}`,
		`{"Type":"hand"}`, `{"type":"a","type":"b"}`, `{"hand":null}`, `{"t":1e3}`, `{"t":01}`, `{"t":99999999999999999999}`,
		`{"hand":{"left":[{"player":"A","player":"B"}]}}`, `{"hand":{"out":"A\"B"}}`, "{\"name\":\"\xff\"}", `{}`, `{`, `[]`, ``,
		`{"hand":{"left":[{"player":"A","cards":"r1"},]}}`, `{"number":-0}`, `{"hand":{"table":"1"}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, v []byte) {
		var fast storedEvent
		if !eventFast(v, &fast) {
			return
		}
		var want storedEvent
		if err := json.Unmarshal(v, &want); err != nil {
			t.Fatalf("the fast path took %q, which json.Unmarshal refuses: %v", v, err)
		}
		if !reflect.DeepEqual(fast, want) {
			t.Fatalf("%q:\nfast %#v\njson %#v", v, fast, want)
		}
	})
}

// TestDecodeEventTakesWhatUnoscoreWrites: every kind of event but the
// game's creation, as encodeEvent writes it, takes the fast path and reads
// back as written.
func TestDecodeEventTakesWhatUnoscoreWrites(t *testing.T) {
	cards := func(s string) rules.Hand {
		var h rules.Hand
		if err := h.UnmarshalText([]byte(s)); err != nil {
			t.Fatal(err)
		}
		return h
	}
	at := time.Date(2026, 11, 25, 19, 0, 0, 123, time.UTC)
	hand := &scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: cards("r7 2xwd4 37pts")}, {Player: "李小龙", Cards: cards("")}}, Table: 2}
	for _, e := range []Event{
		{Type: EventHand, At: at, Hand: hand},
		{Type: EventVoid, At: at, Number: 3},
		{Type: EventCorrect, At: at, Number: 1, Hand: hand},
		{Type: EventRename, At: at, From: "Ann", To: "Anna"},
		{Type: EventRedo, At: at, Number: 4, Hand: hand},
	} {
		v, err := encodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		var s storedEvent
		if !eventFast(v, &s) {
			t.Fatalf("the fast path refused what unoscore writes: %s", v)
		}
		got, err := decodeEvent(v)
		if err != nil {
			t.Fatal(err)
		}
		if !got.At.Equal(e.At) {
			t.Errorf("%s: at %v, want %v", v, got.At, e.At)
		}
		got.At, e.At = time.Time{}, time.Time{}
		if !reflect.DeepEqual(got, e) {
			t.Errorf("%s:\ngot  %#v\nwant %#v", v, got, e)
		}
	}
	if _, err := decodeEvent([]byte(`{"type":"hand","hand":{"left":[{"player":"A","cards":"zz9"}]}}`)); err == nil {
		t.Error("a hand of cards that are not cards read without an error")
	}
}
