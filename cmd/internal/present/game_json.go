package present

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// AppendIndented appends g as json.Indent(json.Marshal(g), prefix, "  ")
// writes it, without going through reflection: a list of every game writes
// thousands of them (`games --json`). A string with anything JSON escapes
// is written by encoding/json itself, so the bytes are always its bytes
// (TestGameAppendIndentedIsJSONIndent).
func (g Game) AppendIndented(dst []byte, prefix string) []byte {
	// in starts a line inside the object: a newline, prefix, two spaces.
	in := func(dst []byte) []byte {
		dst = append(dst, '\n')
		dst = append(dst, prefix...)
		return append(dst, "  "...)
	}
	list := func(dst []byte, ss []string) []byte {
		switch {
		case ss == nil:
			return append(dst, "null"...)
		case len(ss) == 0:
			return append(dst, "[]"...)
		}
		dst = append(dst, '[')
		for i, s := range ss {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(in(dst), "  "...)
			dst = appendString(dst, s)
		}
		return append(in(dst), ']')
	}
	dst = append(in(append(dst, '{')), `"id": `...)
	dst = appendString(dst, g.ID)
	dst = append(in(append(dst, ',')), `"name": `...)
	dst = appendString(dst, g.Name)
	dst = append(in(append(dst, ',')), `"created": `...)
	dst = appendTime(dst, g.Created)
	dst = append(in(append(dst, ',')), `"mode": `...)
	dst = appendString(dst, g.Mode)
	dst = append(in(append(dst, ',')), `"deck": `...)
	dst = appendString(dst, g.Deck)
	dst = append(in(append(dst, ',')), `"players": `...)
	dst = list(dst, g.Players)
	dst = append(in(append(dst, ',')), `"hands": `...)
	dst = strconv.AppendInt(dst, int64(g.Hands), 10)
	dst = append(in(append(dst, ',')), `"over": `...)
	dst = strconv.AppendBool(dst, g.Over)
	dst = append(in(append(dst, ',')), `"winners": `...)
	dst = list(dst, g.Winners)
	dst = append(in(append(dst, ',')), `"leaders": `...)
	dst = list(dst, g.Leaders)
	dst = append(in(append(dst, ',')), `"current": `...)
	dst = strconv.AppendBool(dst, g.Current)
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	return append(dst, '}')
}

// appendTime appends t as json.Marshal writes it. A time in UTC to the
// second, as unoscore keeps the time a game began, is written here; any
// other by time.Time's own MarshalJSON.
func appendTime(dst []byte, t time.Time) []byte {
	if t.Location() == time.UTC && t.Nanosecond() == 0 {
		year, month, day := t.Date()
		hour, min, sec := t.Clock()
		if year >= 0 && year <= 9999 {
			two := func(dst []byte, n int) []byte { return append(dst, byte('0'+n/10), byte('0'+n%10)) }
			dst = append(dst, '"')
			dst = two(two(dst, year/100), year%100)
			dst = two(append(dst, '-'), int(month))
			dst = two(append(dst, '-'), day)
			dst = two(append(dst, 'T'), hour)
			dst = two(append(dst, ':'), min)
			dst = two(append(dst, ':'), sec)
			return append(dst, `Z"`...)
		}
	}
	b, err := t.MarshalJSON()
	if err != nil {
		// json.Marshal fails on such a time too; say so in the output
		// rather than write a wrong one.
		b = []byte(strconv.Quote(err.Error()))
	}
	return append(dst, b...)
}

// appendString appends s as a JSON string: quoted as it is when nothing in
// it needs escaping, else as encoding/json writes it.
func appendString(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if asIs[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return appendByJSON(dst, s)
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || r == '\u2028' || r == '\u2029' {
			return appendByJSON(dst, s)
		}
		i += size
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// asIs says of each ASCII byte whether encoding/json writes it as it is in
// a string: not a control character, a quote, a backslash, <, > or &.
var asIs = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = !strings.ContainsRune(`"\<>&`, rune(c))
	}
	return t
}()

func appendByJSON(dst []byte, s string) []byte {
	b, _ := json.Marshal(s) // a string always marshals
	return append(dst, b...)
}
