package store

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"
)

// decodeSummary reads a kept summary into s as json.Unmarshal does; brief
// leaves the statistics unread (Stats nil): they are the last field
// (statsKey), and most of the summary's bytes.
//
// `games --json` reads every summary, and encoding/json spends about
// 33,000 instructions on the 200 bytes of one before its statistics (it
// scans them twice and reflects on every value): 25 times the bare floor
// for 10,000 games, against a goal of 12 (docs/speed.md). So a summary as
// unoscore writes it (json.Marshal's, no escape in its strings) is read by
// plainSummary, in about 4,000; anything else goes to json.Unmarshal, so
// the result and every error are json.Unmarshal's. FuzzDecodeSummary
// holds the two to the same answer.
func decodeSummary(v []byte, s *Summary, brief bool) error {
	*s = Summary{}
	if plainSummary(v, s, brief) {
		return nil
	}
	if i := bytes.Index(v, statsKey); brief && i > 0 {
		v = append(v[:i:i], '}')
	}
	*s = Summary{}
	return json.Unmarshal(v, s)
}

// plainSummary reads v into s and reports whether v was a summary as
// json.Marshal writes one, with plain strings (no escape, valid UTF-8) and
// each key once, spelled as written; brief stops at the statistics.
func plainSummary(v []byte, s *Summary, brief bool) bool {
	p := plain{b: v}
	if !p.byte('{') {
		return false
	}
	if p.byte('}') {
		return p.i == len(v)
	}
	var seen uint16
	for k := 0; ; k++ {
		// Each key as json.Marshal writes it, in its order, or any other.
		if k >= len(summaryKeys) || !p.lit(summaryKeys[k]) {
			key, ok := p.raw()
			if !ok || !p.byte(':') {
				return false
			}
			k = slices.Index(summaryKeys[:], `"`+string(key)+`":`)
		}
		if k < 0 || seen&(1<<k) != 0 {
			return false // the statistics, a key twice, or not unoscore's
		}
		seen |= 1 << k
		var ok bool
		switch k {
		case 0:
			s.ID, ok = p.str()
		case 1:
			s.Name, ok = p.str()
		case 2:
			var t []byte
			t, ok = p.raw()
			ok = ok && s.Created.UnmarshalText(t) == nil // as json.Unmarshal reads a time
		case 3:
			s.Mode, ok = p.str()
		case 4:
			s.Players, ok = p.strs()
		case 5:
			s.Hands, ok = p.int()
		case 6:
			s.Over, ok = p.bool()
		case 7:
			s.Winners, ok = p.strs()
		case 8:
			s.Leaders, ok = p.strs()
		}
		if !ok || p.byte('}') {
			return ok && p.i == len(v)
		}
		if !p.byte(',') {
			return false
		}
		if brief && bytes.HasPrefix(v[p.i:], statsKey[1:]) {
			return true // the statistics, left unread
		}
	}
}

// summaryKeys are a summary's keys but its statistics, in the order
// json.Marshal writes them, quoted and followed by a colon.
var summaryKeys = [...]string{`"id":`, `"name":`, `"created":`, `"mode":`, `"players":`, `"hands":`, `"over":`, `"winners":`, `"leaders":`}

// plain reads the JSON json.Marshal writes (no spaces) of plain values.
type plain struct {
	b []byte
	i int
}

// byte reads c.
func (p *plain) byte(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// lit reads w.
func (p *plain) lit(w string) bool {
	if len(p.b)-p.i >= len(w) && string(p.b[p.i:p.i+len(w)]) == w {
		p.i += len(w)
		return true
	}
	return false
}

// raw reads a string with no escape and no control character, in valid
// UTF-8 (json.Unmarshal would change invalid bytes), and returns its bytes.
func (p *plain) raw() ([]byte, bool) {
	if !p.byte('"') {
		return nil, false
	}
	var high byte
	for n, c := range p.b[p.i:] {
		if c == '"' {
			b := p.b[p.i : p.i+n]
			p.i += n + 1
			return b, high < utf8.RuneSelf || utf8.Valid(b)
		}
		if c < 0x20 || c == '\\' {
			return nil, false
		}
		high |= c
	}
	return nil, false
}

func (p *plain) str() (string, bool) {
	b, ok := p.raw()
	return string(b), ok
}

// strs reads a list of plain strings; [] is an empty list, as
// json.Unmarshal makes it.
func (p *plain) strs() ([]string, bool) {
	if !p.byte('[') {
		return nil, false
	}
	if p.byte(']') {
		return []string{}, true
	}
	out := make([]string, 0, 4)
	for {
		s, ok := p.str()
		if !ok {
			return nil, false
		}
		out = append(out, s)
		if p.byte(']') {
			return out, true
		}
		if !p.byte(',') {
			return nil, false
		}
	}
}

// int reads a whole number of at most 18 digits, as JSON writes it.
func (p *plain) int() (int, bool) {
	start := p.i
	p.byte('-')
	digits := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	if d := p.i - digits; d == 0 || d > 18 || d > 1 && p.b[digits] == '0' {
		return 0, false
	}
	n, err := strconv.Atoi(string(p.b[start:p.i]))
	return n, err == nil
}

func (p *plain) bool() (bool, bool) {
	if p.lit("true") {
		return true, true
	}
	return false, p.lit("false")
}
