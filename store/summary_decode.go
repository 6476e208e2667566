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
// plainSummary, in about 6,000; anything else goes to json.Unmarshal, so
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
// each key once, spelled as written; brief stops at the statistics. It
// notes where each string is, then cuts them all from one copy of what it
// read, and the three lists from one slice: two allocations, not a dozen.
func plainSummary(v []byte, s *Summary, brief bool) bool {
	p := plain{b: v}
	if !p.byte('{') {
		return false
	}
	var at [len(summaryKeys)]span // a string's bytes, or a list's items
	var buf [16]span
	items := buf[:0] // every list's strings, in order
	var seen uint16
	stats := false
	for k := 0; !p.byte('}'); k++ {
		if k > 0 && !p.byte(',') {
			return false
		}
		if stats = k > 0 && brief && bytes.HasPrefix(v[p.i:], statsKey[1:]); stats {
			p.i-- // back to the comma: the statistics are left unread
			break
		}
		// Each key as json.Marshal writes it, in its order, or any other.
		if k >= len(summaryKeys) || !p.lit(summaryKeys[k]) {
			key, ok := p.raw()
			if !ok || !p.byte(':') {
				return false
			}
			k = slices.Index(summaryKeys[:], `"`+string(key.in(v))+`":`)
		}
		if k < 0 || seen&(1<<k) != 0 {
			return false // the statistics, a key twice, or not unoscore's
		}
		seen |= 1 << k
		var ok bool
		switch k {
		case 0, 1, 2, 3, 4: // id, name, created, mode, deck
			at[k], ok = p.raw()
		case 5, 8, 9: // players, winners, leaders
			at[k].lo = len(items)
			items, ok = p.strs(items)
			at[k].hi = len(items)
		case 6:
			s.Hands, ok = p.int()
		case 7:
			s.Over, ok = p.bool()
		}
		if !ok {
			return false
		}
	}
	if !stats && p.i != len(v) {
		return false
	}
	if seen&(1<<2) != 0 && s.Created.UnmarshalText(at[2].in(v)) != nil {
		return false // as json.Unmarshal reads a time
	}
	read := string(v[:p.i])
	s.ID, s.Name, s.Mode, s.Deck = at[0].of(read), at[1].of(read), at[3].of(read), at[4].of(read)
	all := make([]string, len(items))
	for i, sp := range items {
		all[i] = sp.of(read)
	}
	list := func(k int) []string {
		if seen&(1<<k) == 0 {
			return nil
		}
		return all[at[k].lo:at[k].hi:at[k].hi]
	}
	s.Players, s.Winners, s.Leaders = list(5), list(8), list(9)
	return true
}

// span is where a string is in a summary's bytes, or a list's in items.
type span struct{ lo, hi int }

func (sp span) in(b []byte) []byte { return b[sp.lo:sp.hi] }
func (sp span) of(s string) string { return s[sp.lo:sp.hi] }

// summaryKeys are a summary's keys but its statistics, in the order
// json.Marshal writes them, quoted and followed by a colon.
var summaryKeys = [...]string{`"id":`, `"name":`, `"created":`, `"mode":`, `"deck":`, `"players":`, `"hands":`, `"over":`, `"winners":`, `"leaders":`}

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
// UTF-8 (json.Unmarshal would change invalid bytes): where its bytes are.
func (p *plain) raw() (span, bool) {
	if !p.byte('"') {
		return span{}, false
	}
	var high byte
	for n, c := range p.b[p.i:] {
		if c == '"' {
			sp := span{p.i, p.i + n}
			p.i += n + 1
			return sp, high < utf8.RuneSelf || utf8.Valid(sp.in(p.b))
		}
		if c < 0x20 || c == '\\' {
			return span{}, false
		}
		high |= c
	}
	return span{}, false
}

// strs reads a list of plain strings onto items.
func (p *plain) strs(items []span) ([]span, bool) {
	if !p.byte('[') {
		return nil, false
	}
	if p.byte(']') {
		return items, true
	}
	for {
		sp, ok := p.raw()
		if !ok {
			return nil, false
		}
		items = append(items, sp)
		if p.byte(']') {
			return items, true
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
