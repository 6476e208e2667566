package present

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// AppendIndented appends g as json.Indent(json.Marshal(g), prefix, "  ")
// writes it, without going through reflection: a list of every game writes
// thousands of them (`games --json`). A string with anything JSON escapes
// is written by encoding/json itself, so the bytes are always its bytes
// (TestGameAppendIndentedIsJSONIndent).
func (g Game) AppendIndented(dst []byte, prefix string) []byte {
	in := "\n" + prefix + "  "
	field := func(name string) {
		dst = append(dst, in...)
		dst = append(dst, '"')
		dst = append(dst, name...)
		dst = append(dst, `": `...)
	}
	list := func(ss []string) {
		switch {
		case ss == nil:
			dst = append(dst, "null"...)
		case len(ss) == 0:
			dst = append(dst, "[]"...)
		default:
			dst = append(dst, '[')
			for i, s := range ss {
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = append(dst, in...)
				dst = append(dst, "  "...)
				dst = appendString(dst, s)
			}
			dst = append(dst, in...)
			dst = append(dst, ']')
		}
	}
	dst = append(dst, '{')
	field("id")
	dst = appendString(dst, g.ID)
	dst = append(dst, ',')
	field("name")
	dst = appendString(dst, g.Name)
	dst = append(dst, ',')
	field("created")
	t, err := g.Created.MarshalJSON()
	if err != nil {
		// json.Marshal fails on such a time too; say so in the output
		// rather than write a wrong one.
		t = []byte(strconv.Quote(err.Error()))
	}
	dst = append(dst, t...)
	dst = append(dst, ',')
	field("mode")
	dst = appendString(dst, g.Mode)
	dst = append(dst, ',')
	field("players")
	list(g.Players)
	dst = append(dst, ',')
	field("hands")
	dst = strconv.AppendInt(dst, int64(g.Hands), 10)
	dst = append(dst, ',')
	field("over")
	dst = strconv.AppendBool(dst, g.Over)
	dst = append(dst, ',')
	field("winners")
	list(g.Winners)
	dst = append(dst, ',')
	field("leaders")
	list(g.Leaders)
	dst = append(dst, ',')
	field("current")
	dst = strconv.AppendBool(dst, g.Current)
	dst = append(dst, "\n"+prefix+"}"...)
	return dst
}

// appendString appends s as a JSON string: quoted as it is when nothing in
// it needs escaping, else as encoding/json writes it.
func appendString(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				return appendByJSON(dst, s)
			}
			i++
			continue
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

func appendByJSON(dst []byte, s string) []byte {
	b, _ := json.Marshal(s) // a string always marshals
	return append(dst, b...)
}
