package store

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/unoscore/unoscore/scoring"
)

// A summary reads as json.Unmarshal reads it, and a brief reading as
// json.Unmarshal reads the summary cut where its statistics begin: the
// same summary, the same error or none.
func FuzzDecodeSummary(f *testing.F) {
	plain := `{"id":"g09999","name":"Night 10000","created":"2025-02-15T19:00:00Z","mode":"standard","players":["Ann","Bob","Cat","Dan"],"hands":20,"over":false,"winners":[],"leaders":["Dan"]`
	stats := `,"stats":{"players":[{"player":"Ann","hands":20,"went_out":3,"held":311,"held_hands":17,"best_out":76}]}}`
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
		// The deck: named after the mode (not the classic deck), or absent.
		`{"id":"g1","name":"","created":"2016-01-01T19:00:00Z","mode":"lowest","deck":"no-mercy","players":["Ann","Bob"],"hands":1,"over":false,"winners":[],"leaders":["Ann"]}`,
		`{"id":"a","deck":"flip","deck":"party"}`, `{"deck":1}`, `{"deck":null,"id":"a"}`, `{"players":["A"],"deck":"attack"}`,
		`{"id":"a","mode":"m","deck":"all-wild","stats":{}}`,
		// Brief readings: where the statistics begin.
		plain + stats, plain + "}", `{"id":"a","stats":{}, "x":1}`, `{"id":"a" ,"stats":{}}`, `{"stats":{},"id":"a"}`,
		`{"id":"a\",\"stats\":","name":"b"}`, `{"id":"a","stats":`, `{"x":{"a":1,"stats":2},"id":"a"}`,
		`{"players":["A",1]}`, `{"created":"2016-02-30T00:00:00Z","stats":{}}`, `{"players":["x","stats":1]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, v []byte) {
		for _, brief := range []bool{false, true} {
			var got Summary
			err := decodeSummary(v, &got, brief)
			cut := v
			if i := bytes.Index(v, statsKey); brief && i > 0 {
				cut = append(slices.Clip(v[:i]), '}')
			}
			var want Summary
			wantErr := json.Unmarshal(cut, &want)
			if (err == nil) != (wantErr == nil) {
				t.Fatalf("%q (brief %v): error %v, json.Unmarshal %v", v, brief, err, wantErr)
			}
			if err != nil {
				continue
			}
			if !got.Created.Equal(want.Created) || got.Created.String() != want.Created.String() {
				t.Fatalf("%q: created %v, json.Unmarshal %v", v, got.Created, want.Created)
			}
			got.Created, want.Created = time.Time{}, time.Time{}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q (brief %v):\ngot  %#v\njson %#v", v, brief, got, want)
			}
		}
	})
}

func TestDecodeSummaryTakesWhatUnoscoreWrites(t *testing.T) {
	s := Summary{ID: "g00001", Name: "Night <1> & 2", Created: time.Date(2016, 1, 1, 19, 0, 0, 0, time.UTC), Mode: "standard", Deck: "no-mercy",
		Players: []string{"Ann", "Bob", "李小龙"}, Hands: 20, Over: true, Winners: []string{"Ann"}, Leaders: []string{}}
	v, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	// json.Marshal escapes <, > and &: that summary takes the slow path.
	var got Summary
	if plainSummary(v, &got, false) {
		t.Errorf("the fast path took escapes: %s", v)
	}
	s.Name = "Night 1"
	v, _ = json.Marshal(s)
	if !plainSummary(v, &got, false) {
		t.Fatalf("the fast path refused what unoscore writes: %s", v)
	}
	if !got.Created.Equal(s.Created) {
		t.Errorf("created %v, want %v", got.Created, s.Created)
	}
	got.Created, s.Created = time.Time{}, time.Time{}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("got %#v, want %#v", got, s)
	}
	// A listing's reading of a summary with its statistics, as putSummary
	// writes it, takes the fast path too and leaves them unread.
	s.Stats = &scoring.GameStats{Players: []scoring.PlayerGame{{Player: "Ann", Hands: 20, WentOut: 8}}}
	v, _ = json.Marshal(s)
	if !bytes.Contains(v, statsKey) || !plainSummary(v, &got, true) || got.Stats != nil || got.ID != s.ID || len(got.Leaders) != 0 {
		t.Errorf("a brief reading of %s: %#v", v, got)
	}
	var dec Summary
	if err := decodeSummary([]byte(`{"id":"a\u0062"}`), &dec, false); err != nil || dec.ID != "ab" {
		t.Errorf("the slow path: %#v, %v", dec, err)
	}
	if err := decodeSummary([]byte(`{"id":`), &dec, false); err == nil {
		t.Error("a cut summary read without an error")
	}
}
