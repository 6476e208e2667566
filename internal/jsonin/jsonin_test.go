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
		Out  string            `json:"out"`
		Left map[string]string `json:"left"`
	}
	for _, c := range []struct{ in, want string }{
		{`{"out": 7}`, `"out" is number where text in quotes belongs`},
		{`{"left": []}`, `"left" is array where an object belongs`},
		{`[1]`, `a value is array where an object belongs`},
		{`{"out": Ann}`, `it is not valid JSON near byte 9`},
	} {
		err := json.Unmarshal([]byte(c.in), &v)
		if got := Problem(err); !strings.Contains(got, c.want) || strings.Contains(got, "Go ") {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
	if got := Problem(json.NewDecoder(strings.NewReader(`{"out": "A`)).Decode(&v)); got != "it ends too soon" {
		t.Errorf("cut short: %q", got)
	}
}

// FuzzNoDuplicateKeys: on any valid JSON the checks never panic, and a
// refusal is always a *DuplicateKeyError, which names the key.
func FuzzNoDuplicateKeys(f *testing.F) {
	for _, s := range []string{`{"a":1,"A":2}`, `{"a":{"b":[1,{"c":2,"c":3}]}}`, `[]`, `"x"`, `{"k":1,"\u212a":2}`} {
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
	})
}
