package store

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// The fast reading of a summary gives what json.Unmarshal gives, or leaves
// the summary to it.
func FuzzDecodeSummary(f *testing.F) {
	for _, seed := range []string{
		`{"id":"g00001","name":"Night 1","created":"2016-01-01T19:00:00Z","mode":"standard","players":["Ann","Bob","Cat","Dan"],"hands":20,"over":false,"winners":[],"leaders":["Ann"]}`,
		`{"id":"x","name":"","created":"2026-11-25T16:12:56.123456789+01:00","mode":"partners","players":["李小龙","Zoë"],"hands":0,"over":true,"winners":["Zoë"],"leaders":[]}`,
		` { "id" : "a" , "hands" : -3 } `,
		`{"id":"a\"b"}`, `{"ID":"a"}`, `{"id":"a","id":"b"}`, `{"players":null}`, `{"hands":1e2}`, `{"hands":01}`,
		`{"over":truex}`, `{"name":"\u00e9"}`, "{\"name\":\"\xff\"}", `{"created":"yesterday"}`, `{}`, `{`, `[]`, ``,
		`{"id":"a","stats":{}}`, `{"hands":99999999999999999999}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, v []byte) {
		var fast Summary
		if !decodeSummaryFast(v, &fast) {
			return
		}
		var want Summary
		if err := json.Unmarshal(v, &want); err != nil {
			t.Fatalf("the fast path took %q, which json.Unmarshal refuses: %v", v, err)
		}
		if !fast.Created.Equal(want.Created) || fast.Created.String() != want.Created.String() {
			t.Fatalf("%q: created %v, json.Unmarshal %v", v, fast.Created, want.Created)
		}
		fast.Created, want.Created = time.Time{}, time.Time{}
		if !reflect.DeepEqual(fast, want) {
			t.Fatalf("%q:\nfast %#v\njson %#v", v, fast, want)
		}
	})
}

func TestDecodeSummaryTakesWhatUnoscoreWrites(t *testing.T) {
	s := Summary{ID: "g00001", Name: "Night <1> & 2", Created: time.Date(2016, 1, 1, 19, 0, 0, 0, time.UTC), Mode: "standard",
		Players: []string{"Ann", "Bob", "李小龙"}, Hands: 20, Over: true, Winners: []string{"Ann"}, Leaders: []string{}}
	v, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	// json.Marshal escapes <, > and &: that summary takes the slow path.
	var got Summary
	if decodeSummaryFast(v, &got) {
		t.Errorf("the fast path took escapes: %s", v)
	}
	s.Name = "Night 1"
	v, _ = json.Marshal(s)
	if !decodeSummaryFast(v, &got) {
		t.Fatalf("the fast path refused what unoscore writes: %s", v)
	}
	if !got.Created.Equal(s.Created) {
		t.Errorf("created %v, want %v", got.Created, s.Created)
	}
	got.Created, s.Created = time.Time{}, time.Time{}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("got %#v, want %#v", got, s)
	}
	var dec Summary
	if err := decodeSummary([]byte(`{"id":"a\u0062"}`), &dec); err != nil || dec.ID != "ab" {
		t.Errorf("the slow path: %#v, %v", dec, err)
	}
	if err := decodeSummary([]byte(`{"id":`), &dec); err == nil {
		t.Error("a cut summary read without an error")
	}
}
