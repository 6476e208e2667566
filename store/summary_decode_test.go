package store

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
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
		`{"created":"2016-02-29T23:59:59Z"}`, `{"created":"2015-02-29T00:00:00Z"}`, `{"created":"2100-02-29T00:00:00Z"}`,
		`{"created":"2000-02-29T00:00:00Z"}`, `{"created":"0000-01-01T00:00:00Z"}`, `{"created":"2016-01-01T24:00:00Z"}`,
		`{"created":"2016-01-01T23:59:60Z"}`, `{"created":"2016-13-01T00:00:00Z"}`, `{"created":"2016-00-10T00:00:00Z"}`,
		`{"created":"2016-04-31T00:00:00Z"}`, `{"created":"2016-01-01t00:00:00z"}`, `{"created":"+016-01-01T00:00:00Z"}`,
		`{"created":"2016-01-01T00:00:00.5Z"}`,
		`{"name":"b","id":"a"}`, `{"id" :"a","name": "b"}`, `{"id":"a", "name":"b"}`, `{"Name":"b"}`, `{"id":"a","idx":1}`,
		`{"id":"a","mode":"m","mode":"n"}`, `{"leaders":["A"],"winners":["B"],"over":true,"hands":2}`,
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

// A brief reading that reuses the summary before (ScanBrief) gives, for
// any summary after any other, what ListBrief gave before it had a fast
// path: the summary cut where its statistics begin, read by json.Unmarshal
// into a new Summary, and the same error or none.
func FuzzDecodeSummaryBrief(f *testing.F) {
	plain := `{"id":"g09999","name":"Night 10000","created":"2025-02-15T19:00:00Z","mode":"standard","players":["Ann","Bob","Cat","Dan"],"hands":20,"over":false,"winners":[],"leaders":["Dan"]`
	stats := `,"stats":{"players":[{"player":"Ann","hands":20,"went_out":3,"held":311,"held_hands":17,"best_out":76}]}}`
	for _, seed := range [][2]string{
		{plain + stats, plain + stats},
		{plain + "}", `{"id":"x","players":["Ann","Zoë","Bob","Cat","Dan","Eve"],"winners":["Ann"],"leaders":null}`},
		{`{"players":["A","B","C","D","E"],"leaders":["A","B"]}`, `{"players":["A","X"],"winners":[],"stats":1}`},
		{plain + stats, `{"id":"a","stats":{}, "x":1}`},
		{plain + stats, `{"id":"a" ,"stats":{}}`},
		{plain + stats, `{"stats":{},"id":"a"}`},
		{plain + stats, `{"id":"a\",\"stats\":","name":"b"}`},
		{plain + stats, `{"id":"a","stats":`},
		{plain + stats, `{"x":{"a":1,"stats":2},"id":"a"}`},
		{`{"players":["A","B"]}`, `{"players":["A","B"],"players":["C"]}`},
		{`{"players":["A","B"]}`, `{"players":["A",1]}`},
		{plain + stats, `{"created":"2016-02-30T00:00:00Z","stats":{}}`},
		{plain + stats, `{"id":"a","stats":{}}`},
	} {
		f.Add([]byte(seed[0]), []byte(seed[1]))
	}
	f.Fuzz(func(t *testing.T, before, v []byte) {
		dec := summaryDecoder{brief: true, reuse: true}
		var s Summary
		_ = dec.decode(before, &s)
		err := dec.decode(v, &s)
		cut := v
		if i := bytes.Index(v, statsKey); i > 0 {
			cut = append(slices.Clip(v[:i]), '}')
		}
		var want Summary
		wantErr := json.Unmarshal(cut, &want)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("%q after %q: error %v, json.Unmarshal %v", v, before, err, wantErr)
		}
		if err != nil {
			return
		}
		if !s.Created.Equal(want.Created) || s.Created.String() != want.Created.String() {
			t.Fatalf("%q: created %v, json.Unmarshal %v", v, s.Created, want.Created)
		}
		s.Created, want.Created = time.Time{}, time.Time{}
		if !reflect.DeepEqual(s, want) {
			t.Fatalf("%q after %q:\nfast %#v\njson %#v", v, before, s, want)
		}
	})
}
