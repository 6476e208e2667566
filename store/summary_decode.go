package store

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// decodeSummary reads a kept summary into s: what json.Unmarshal(v, s)
// does, faster for the summaries unoscore writes. A list of every game
// decodes thousands of them, and json.Unmarshal was most of `games --json`.
//
// The fast path takes only a plain subset of JSON: an object whose keys are
// the summary's own (each once, as written), strings without escapes,
// lists of such strings, a whole number, true or false. Anything else (an
// escape, a null, an unknown key, the statistics, damage) goes to
// json.Unmarshal, so the result and every error are json.Unmarshal's.
// FuzzDecodeSummary holds the two to the same answer.
func decodeSummary(v []byte, s *Summary) error {
	return (&summaryDecoder{}).decode(v, s)
}

// summaryDecoder decodes many summaries, sharing one copy of each name,
// mode and other short string they repeat (the same players, game after
// game).
type summaryDecoder struct {
	words map[string]string
}

func (d *summaryDecoder) decode(v []byte, s *Summary) error {
	var fast Summary
	if d.fast(v, &fast) {
		*s = fast
		return nil
	}
	return json.Unmarshal(v, s)
}

// decodeSummaryFast reports whether v was in the plain subset, and then
// fills s.
func decodeSummaryFast(v []byte, s *Summary) bool {
	return (&summaryDecoder{}).fast(v, s)
}

func (d *summaryDecoder) fast(v []byte, s *Summary) bool {
	if d.words == nil {
		d.words = map[string]string{}
	}
	p := plainJSON{b: v, words: d.words}
	if !p.byte('{') {
		return false
	}
	var seen uint16
	if p.peek() == '}' {
		p.i++
		return p.end()
	}
	for {
		key, ok := p.raw()
		if !ok || !p.byte(':') {
			return false
		}
		var bit uint16
		switch string(key) {
		case "id":
			bit = 1
			s.ID, ok = p.unique()
		case "name":
			bit = 2
			s.Name, ok = p.unique()
		case "created":
			bit = 4
			p.skipSpace()
			start := p.i
			if _, ok = p.raw(); ok {
				// time.Time's own reading of its JSON, as json.Unmarshal
				// calls it.
				ok = s.Created.UnmarshalJSON(v[start:p.i]) == nil
			}
		case "mode":
			bit = 8
			s.Mode, ok = p.str()
		case "players":
			bit = 16
			s.Players, ok = p.strs()
		case "hands":
			bit = 32
			s.Hands, ok = p.int()
		case "over":
			bit = 64
			s.Over, ok = p.bool()
		case "winners":
			bit = 128
			s.Winners, ok = p.strs()
		case "leaders":
			bit = 256
			s.Leaders, ok = p.strs()
		default:
			return false
		}
		if !ok || seen&bit != 0 {
			return false
		}
		seen |= bit
		p.skipSpace()
		if p.i >= len(p.b) {
			return false
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return p.end()
		default:
			return false
		}
	}
}

// plainJSON reads the plain subset of JSON that decodeSummaryFast takes.
type plainJSON struct {
	b     []byte
	i     int
	words map[string]string // short strings already made, shared
}

func (p *plainJSON) skipSpace() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *plainJSON) peek() byte {
	p.skipSpace()
	if p.i < len(p.b) {
		return p.b[p.i]
	}
	return 0
}

// byte reads c.
func (p *plainJSON) byte(c byte) bool {
	if p.peek() != c {
		return false
	}
	p.i++
	return true
}

// end reports whether nothing but space follows.
func (p *plainJSON) end() bool {
	p.skipSpace()
	return p.i == len(p.b)
}

// raw reads a string without escapes or control characters, in valid
// UTF-8 (json.Unmarshal would change invalid bytes), and returns its bytes.
func (p *plainJSON) raw() ([]byte, bool) {
	if !p.byte('"') {
		return nil, false
	}
	n := bytes.IndexByte(p.b[p.i:], '"')
	if n < 0 {
		return nil, false
	}
	b := p.b[p.i : p.i+n]
	ascii := true
	for _, c := range b {
		if c == '\\' || c < 0x20 {
			return nil, false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	if !ascii && !utf8.Valid(b) {
		return nil, false
	}
	p.i += n + 1
	return b, true
}

// unique reads a plain string that other summaries do not share (an id, a
// name).
func (p *plainJSON) unique() (string, bool) {
	b, ok := p.raw()
	return string(b), ok
}

// str reads a plain string that summaries share (a mode, a player's name),
// made once.
func (p *plainJSON) str() (string, bool) {
	b, ok := p.raw()
	if !ok {
		return "", false
	}
	if len(b) > 32 || p.words == nil {
		return string(b), true
	}
	if s, ok := p.words[string(b)]; ok {
		return s, true
	}
	s := string(b)
	if len(p.words) < 4096 {
		p.words[s] = s
	}
	return s, true
}

// strs reads a list of plain strings; [] is an empty list, as
// json.Unmarshal makes it.
func (p *plainJSON) strs() ([]string, bool) {
	out := []string{}
	ok := p.array(func() bool {
		s, ok := p.str()
		out = append(out, s)
		return ok
	})
	if !ok {
		return nil, false
	}
	return out, true
}

// array reads a JSON list, each item by item; [] calls it for none.
func (p *plainJSON) array(item func() bool) bool {
	if !p.byte('[') {
		return false
	}
	if p.peek() == ']' {
		p.i++
		return true
	}
	for {
		if !item() {
			return false
		}
		switch p.peek() {
		case ',':
			p.i++
		case ']':
			p.i++
			return true
		default:
			return false
		}
	}
}

// int reads a whole number as JSON writes one (no leading zeros, no
// fraction or exponent) that fits an int.
func (p *plainJSON) int() (int, bool) {
	x, ok := p.int64()
	return int(x), ok && int64(int(x)) == x
}

func (p *plainJSON) bool() (bool, bool) {
	p.skipSpace()
	rest := p.b[p.i:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true":
		p.i += 4
		return true, true
	case len(rest) >= 5 && string(rest[:5]) == "false":
		p.i += 5
		return false, true
	}
	return false, false
}
