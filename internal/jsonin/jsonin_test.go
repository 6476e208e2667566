package jsonin

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestNoDuplicateKeys(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // "" when accepted
	}{
		{`{"out": "Ann", "left": {"Bob": "r7"}}`, ""},
		{`[{"a": 1}, {"a": 2}]`, ""},
		{`{"a": {"b": 1}, "b": 2}`, ""},
		{`{"changes": 1E700}`, ""}, // valid JSON, too big for a float64: no Go words
		{`{"out": "Ann", "out": "Bob"}`, `the key "out" appears twice in one object`},
		{`{"target": 500, "Target": 1000}`, `the keys "target" and "Target" differ only in case`},
		{"{\"k\": 1, \"\u212a\": 2}", `differ only in case`}, // the Kelvin sign is a k to encoding/json
		{`{"left": {"Bob": "r7", "Bob": "wd4"}}`, `the key "Bob" appears twice`},
	} {
		err := NoDuplicateKeys([]byte(c.in))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.in, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
		var dup *DuplicateKeyError
		if c.want != "" && !errors.As(err, &dup) {
			t.Errorf("%s: %T, want a *DuplicateKeyError", c.in, err)
		}
	}
}

func TestWholeText(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
	}{
		{`{"name": "Zoë \ud83c\udccf"}`, ""},
		{`{"name": "a\\ud800"}`, ""}, // an escaped backslash, then text
		{"{\"name\": \"\xff\"}", "not UTF-8"},
		{`{"name": "\ud800"}`, `\ud800, half of a character`},
		{`{"name": "\udc00x"}`, `\udc00, half of a character`},
	} {
		err := WholeText([]byte(c.in))
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
}

func TestProblem(t *testing.T) {
	var v struct {
		Out     string              `json:"out"`
		Left    map[string]string   `json:"left"`
		Scores  map[string]int      `json:"scores"`
		Scorers map[string][]string `json:"scorers"`
		Events  []struct {
			Hand struct {
				KnockedBy map[string]string `json:"knocked_by"`
			} `json:"hand"`
		} `json:"events"`
	}
	cards := Values{"left": `cards such as "r7 wd4"`}
	for _, c := range []struct {
		in     string
		values Values
		want   string
	}{
		{`{"out": 7}`, nil, `"out" is number where text in quotes belongs`},
		{`{"left": []}`, nil, `"left" is array where an object belongs`},
		{`[1]`, nil, `a value is array where an object belongs`},
		{`{"out": Ann}`, nil, `it is not valid JSON near byte 9`},
		// A value in an object of values is said of the value, by its
		// key; encoding/json names the field alone, "left" is number.
		{`{"left": {"Bob": 7}}`, cards, `each value in "left" must be text in quotes (cards such as "r7 wd4"); Bob's is a number`},
		{`{"left": {"Bob": 7}}`, nil, `each value in "left" must be text in quotes; Bob's is a number`},
		{` {"out": "Ann", "LEFT": {"Ann": "r7", "Bob": {"r": 7}}}`, cards, `each value in "left" must be text in quotes (cards such as "r7 wd4"); Bob's is an object`},
		{`{"left": {"Cat": "", "Dan": [], "Bob": 7}}`, nil, `Dan's is a list`},
		{`{"left": {"Cat": true}}`, nil, `Cat's is true or false`},
		{`{"scores": {"Ann": 1.5}}`, nil, `each value in "scores" must be a whole number; Ann's is the number 1.5`},
		{`{"events": [{}, {"hand": {"knocked_by": {"Ann": "Cat", "Bob": 4}}}]}`, nil, `each value in "events.hand.knocked_by" must be text in quotes; Bob's is a number`},
		// An item of a list in the object is not the object's value.
		{`{"scorers": {"Ann": [1]}}`, nil, `"scorers" is number where text in quotes belongs`},
		{`{"scorers": {"Ann": 1}}`, nil, `each value in "scorers" must be a list; Ann's is a number`},
	} {
		err := json.Unmarshal([]byte(c.in), &v)
		if got := ProblemIn([]byte(c.in), err, c.values); !strings.Contains(got, c.want) || strings.Contains(got, "Go ") {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
	if got := Problem(json.NewDecoder(strings.NewReader(`{"out": "A`)).Decode(&v)); got != "it ends too soon" {
		t.Errorf("cut short: %q", got)
	}
	// Without the JSON at hand, the field is named as encoding/json does.
	if got := Problem(json.Unmarshal([]byte(`{"left": {"Bob": 7}}`), &v)); got != `"left" is number where text in quotes belongs` {
		t.Errorf("no JSON at hand: %q", got)
	}
}

// FuzzNoDuplicateKeys: on any valid JSON the checks (and ProblemIn on
// what does not decode) never panic, and a refusal is always a
// *DuplicateKeyError, which names the key.
func FuzzNoDuplicateKeys(f *testing.F) {
	for _, s := range []string{`{"a":1,"A":2}`, `{"a":{"b":[1,{"c":2,"c":3}]}}`, `[]`, `"x"`, `{"k":1,"\u212a":2}`, `{"left": {"Bob": 7}}`, `{"events": [{"left": {"a": [1, "x"]}}]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		err := NoDuplicateKeys([]byte(s))
		var dup *DuplicateKeyError
		if err != nil && !errors.As(err, &dup) {
			t.Fatalf("%q: %v is not a *DuplicateKeyError", s, err)
		}
		_ = WholeText([]byte(s))
		var v struct {
			Left   map[string]string `json:"left"`
			Events []struct {
				Left map[string][]int `json:"left"`
			} `json:"events"`
		}
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			_ = ProblemIn([]byte(s), err, nil) // never panics
		}
	})
}
