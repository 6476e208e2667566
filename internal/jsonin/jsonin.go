// Package jsonin reads JSON that people and programs send unoscore (an
// export to import, a body posted to the web API) as carefully as the
// command line reads its flags: what encoding/json found wrong said in a
// sentence, a key given twice (in any case) refused instead of the last
// one kept, and text that is not whole refused instead of quietly mended.
package jsonin

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/unoscore/unoscore/rules/words"
)

// Problem says in a sentence what encoding/json found wrong, instead
// of its own words ("json: cannot unmarshal string into Go struct field
// Settings.events.settings.target of type int").
func Problem(err error) string { return ProblemIn(nil, err, nil) }

// Values says what each value of an object of values (a map, as "left":
// {"Bob": "r7 wd4"}) is, by the field's path, for ProblemIn's sentence:
// {"left": `cards such as "r7 wd4"`}.
type Values map[string]string

// ProblemIn is Problem for err from reading raw (nil: not at hand): a
// value in an object of values that is not what it must be is said of
// the value, by its key, with what values says of the field in
// parentheses: `each value in "left" must be text in quotes (cards such
// as "r7 wd4"); Bob's is a number`. encoding/json names only the field
// ("left"), as if the object were wrong.
func ProblemIn(raw []byte, err error, values Values) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		what := map[reflect.Kind]string{
			reflect.Int: "a whole number", reflect.Int64: "a whole number", reflect.Uint64: "a whole number",
			reflect.Float64: "a number", reflect.String: "text in quotes", reflect.Bool: "true or false",
			reflect.Slice: "a list", reflect.Array: "a list", reflect.Map: "an object", reflect.Struct: "an object",
		}[te.Type.Kind()]
		if what == "" {
			what = "something else"
		}
		field := te.Field
		if field == "" {
			return fmt.Sprintf("a value is %s where %s belongs", te.Value, what)
		}
		if key, ok := mapKey(raw, field, te.Offset); ok {
			if v := values[field]; v != "" {
				what += " (" + v + ")"
			}
			return fmt.Sprintf("each value in %q must be %s; %s's is %s", words.Clip(field), what, words.Clip(key), valueWords(te.Value))
		}
		return fmt.Sprintf("%q is %s where %s belongs", words.Clip(field), te.Value, what)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "it ends too soon"
	case strings.Contains(err.Error(), "exceeded max depth"):
		return "its objects and lists are nested deeper than JSON allows (10,000 levels)"
	case errors.As(err, &se):
		return fmt.Sprintf("it is not valid JSON near byte %d (%s)", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// valueWords says what encoding/json found ("number", "bool", "number
// 1.5") for a sentence: "a number", "true or false", "the number 1.5".
func valueWords(found string) string {
	kind, rest, _ := strings.Cut(found, " ")
	if kind == "number" && rest != "" {
		return "the number " + rest
	}
	if w, ok := map[string]string{"number": "a number", "string": "text", "bool": "true or false", "array": "a list", "object": "an object"}[kind]; ok {
		return w
	}
	return found
}

// mapKey finds the value of raw that encoding/json stopped at (off, an
// UnmarshalTypeError's Offset: just after the value, or after the bracket
// that opens it) and, when it is a value of an object that is itself the
// field at path field ("left", "events.hand.knocked_by": struct fields, in
// any case, lists between them left out), says its key. False for any
// other value: the field itself, or a value deeper in it (a list's item).
func mapKey(raw []byte, field string, off int64) (string, bool) {
	if raw == nil {
		return "", false
	}
	type frame struct {
		object, wantKey bool
		key             string
	}
	var stack []frame
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		n := len(stack)
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:n-1]
			if n > 1 {
				stack[n-2].wantKey = stack[n-2].object
			}
			continue
		}
		if n > 0 && stack[n-1].wantKey {
			stack[n-1].key, _ = tok.(string)
			stack[n-1].wantKey = false
			continue
		}
		if dec.InputOffset() >= off {
			// tok is the value, or opens it.
			if n == 0 || !stack[n-1].object {
				return "", false
			}
			var keys []string
			for _, f := range stack {
				if f.object {
					keys = append(keys, f.key)
				}
			}
			path := strings.Split(field, ".")
			if len(keys) != len(path)+1 {
				return "", false
			}
			for i, p := range path {
				if foldKey(keys[i]) != foldKey(p) {
					return "", false
				}
			}
			return keys[len(path)], true
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, frame{object: d == '{', wantKey: d == '{'})
		} else if n > 0 {
			stack[n-1].wantKey = stack[n-1].object
		}
	}
}

// DuplicateKeyError is a key given twice in one JSON object: Key the
// second time, As the first, when that differs in case.
type DuplicateKeyError struct{ Key, As string }

func (e *DuplicateKeyError) Error() string {
	if e.As != "" && e.As != e.Key {
		return fmt.Sprintf("the keys %q and %q differ only in case in one object, and JSON keys are read ignoring case", words.Clip(e.As), words.Clip(e.Key))
	}
	return fmt.Sprintf("the key %q appears twice in one object", words.Clip(e.Key))
}

// NoDuplicateKeys checks that no object in a JSON value (already known to
// be valid JSON) has a key twice, in any case: encoding/json matches keys
// ignoring case and would quietly keep the last ("Target" after "target").
// The web API refuses such a body as import refuses such an export. A key
// given twice is a *DuplicateKeyError.
func NoDuplicateKeys(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // a number is not read as float64: 1E700 is valid JSON
	return noDuplicateIn(dec)
}

// noDuplicateIn reads one JSON value from dec, and refuses it if an object
// in it has a key twice, in any case.
func noDuplicateIn(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') && tok != json.Delim('[') {
		return err
	}
	seen := map[string]string{} // an object's keys so far: folded -> as given
	for dec.More() {
		if tok == json.Delim('{') {
			k, err := dec.Token()
			if err != nil {
				return err
			}
			key, _ := k.(string)
			f := foldKey(key)
			if first, ok := seen[f]; ok {
				return &DuplicateKeyError{Key: key, As: first}
			}
			seen[f] = key
		}
		if err := noDuplicateIn(dec); err != nil {
			return err
		}
	}
	_, err = dec.Token()
	return err
}

// foldKey is a key as encoding/json matches it: each letter as the lower
// case of the least of the letters it matches ignoring case (k for K, k
// and the Kelvin sign alike). A key already folded is returned as it is.
func foldKey(k string) string {
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			return r
		}
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return unicode.ToLower(least)
	}, k)
}

// WholeText refuses what encoding/json would quietly replace with U+FFFD:
// bytes that are not UTF-8, and a \u escape of half a surrogate pair.
func WholeText(raw []byte) error {
	if !utf8.Valid(raw) {
		return errors.New("holds bytes that are not UTF-8 text; names are refused with them, as the command line refuses them")
	}
	half := func(i int) (rune, bool) { // the \uXXXX at i
		if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
			return 0, false
		}
		n, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 16)
		return rune(n), err == nil
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' || i+1 >= len(raw) {
			continue
		}
		r, ok := half(i)
		switch {
		case !ok:
			i++ // another escape: skip the character it escapes
			continue
		case r >= 0xD800 && r <= 0xDBFF:
			if low, ok := half(i + 6); ok && low >= 0xDC00 && low <= 0xDFFF {
				i += 11
				continue
			}
			fallthrough
		case r >= 0xDC00 && r <= 0xDFFF:
			return fmt.Errorf("holds \\u%04x, half of a character (a lone surrogate); names are refused with it, as the command line refuses them", r)
		}
		i += 5
	}
	return nil
}
