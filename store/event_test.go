package store

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// TestEventReadsBackAsWritten: every kind of event, as encodeEvent writes
// it, reads back as written, its time kept as seconds and nanoseconds.
func TestEventReadsBackAsWritten(t *testing.T) {
	cards := func(s string) rules.Hand {
		var h rules.Hand
		if err := h.UnmarshalText([]byte(s)); err != nil {
			t.Fatal(err)
		}
		return h
	}
	at := time.Date(2026, 11, 25, 19, 0, 0, 123, time.UTC)
	hand := &scoring.Hand{Out: "Ann", Left: []scoring.Left{{Player: "Bob", Cards: cards("r7 2xwd4 37pts")}, {Player: "李小龙", Cards: cards("")}}, Table: 2}
	settings := &scoring.Settings{Mode: "standard", Target: 500, Deck: "classic", Players: []string{"Ann", "Bob"}, Dealer: "Ann"}
	for _, e := range []Event{
		{Type: scoring.EventCreated, At: at, Name: "Night 1", Settings: settings},
		{Type: scoring.EventHand, At: at, Hand: hand},
		{Type: scoring.EventVoid, At: at, Number: 3},
		{Type: scoring.EventCorrect, At: at, Number: 1, Hand: hand},
		{Type: scoring.EventRename, At: at, From: "Ann", To: "Anna"},
		{Type: scoring.EventRedo, At: at, Number: 4, Hand: hand},
		{Type: scoring.EventTarget, At: at.Truncate(time.Second), Target: 600, Redo: true},
		{Type: scoring.EventEnd, At: at, Winner: "Ann"},
	} {
		v, err := encodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(v, []byte(`"at"`)) || !bytes.Contains(v, []byte(`"t":`)) {
			t.Errorf("the time is not kept as seconds: %s", v)
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
	// As every unoscore since schema 4 wrote it: the time second.
	old, err := decodeEvent([]byte(`{"type":"hand","t":1451674800,"ns":5,"hand":{"out":"Ann","left":[{"player":"Bob","cards":"r1 r8"}]}}`))
	if err != nil || !old.At.Equal(time.Unix(1451674800, 5)) || old.Hand.Out != "Ann" || old.Hand.Left[0].Cards.String() != "r1 r8" {
		t.Errorf("an event as older versions wrote it: %#v, %v", old, err)
	}
	if _, err := decodeEvent([]byte(`{"type":"hand","hand":{"left":[{"player":"A","cards":"zz9"}]}}`)); err == nil {
		t.Error("a hand of cards that are not cards read without an error")
	}
}
