package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"time"
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
	// brief leaves the statistics unread: a summary is read as if it ended
	// where its statistics begin (statsKey), as ListBrief reads it.
	brief bool
	// reuse decodes each summary into the lists of the one before, so that
	// a long listing makes no lists (ScanBrief).
	reuse bool
	head  []byte // a brief summary cut short, for json.Unmarshal
}

// decode reads v into s. Without reuse s starts empty; with it, s holds
// the summary decoded before, whose lists are used again.
func (d *summaryDecoder) decode(v []byte, s *Summary) error {
	if !d.reuse {
		*s = Summary{}
	}
	if d.fast(v, s) {
		return nil
	}
	if i := bytes.Index(v, statsKey); d.brief && i > 0 {
		// The statistics are the last field: cut them off.
		d.head = append(append(d.head[:0], v[:i]...), '}')
		v = d.head
	}
	*s = Summary{}
	return json.Unmarshal(v, s)
}

// decodeSummaryFast reports whether v was in the plain subset, and then
// fills s.
func decodeSummaryFast(v []byte, s *Summary) bool {
	return (&summaryDecoder{}).fast(v, s)
}

// fast reads v into s when v is in the plain subset, and reports whether it
// was (s is then to be read afresh, by json.Unmarshal). With reuse, s's
// lists are those of the summary before, filled again.
func (d *summaryDecoder) fast(v []byte, s *Summary) bool {
	if d.words == nil {
		d.words = map[string]string{}
	}
	lists := [3][]string{s.Players, s.Winners, s.Leaders}
	*s = Summary{}
	p := plainJSON{b: v, words: d.words}
	if !p.byte('{') {
		return false
	}
	var seen uint16
	if p.peek() == '}' {
		p.i++
		return p.end()
	}
	next := 0 // the key unoscore writes next
	for {
		// The key, as unoscore writes it (in its order, with no space), or
		// any of the summary's keys.
		key := -1
		if next < len(summaryKeys) && bytes.HasPrefix(p.b[p.i:], summaryKeys[next]) {
			key = next
			p.i += len(summaryKeys[next])
		} else {
			name, ok := p.raw()
			if !ok || !p.byte(':') {
				return false
			}
			for k, lit := range summaryKeys {
				if string(name) == string(lit[1:len(lit)-2]) {
					key = k
				}
			}
		}
		var ok bool
		switch key {
		case 0:
			s.ID, ok = p.unique()
		case 1:
			s.Name, ok = p.unique()
		case 2:
			ok = p.time(&s.Created)
		case 3:
			s.Mode, ok = p.str()
		case 4:
			s.Players, ok = p.strsInto(lists[0], d.reuse)
		case 5:
			s.Hands, ok = p.int()
		case 6:
			s.Over, ok = p.bool()
		case 7:
			s.Winners, ok = p.strsInto(lists[1], d.reuse)
		case 8:
			s.Leaders, ok = p.strsInto(lists[2], d.reuse)
		default:
			return false
		}
		bit := uint16(1) << key
		if !ok || seen&bit != 0 {
			return false
		}
		seen |= bit
		next = key + 1
		p.skipSpace()
		if p.i >= len(p.b) {
			return false
		}
		switch p.b[p.i] {
		case ',':
			if d.brief && bytes.HasPrefix(p.b[p.i:], statsKey) {
				// Where a brief reading ends: the rest is the statistics.
				return true
			}
			p.i++
		case '}':
			p.i++
			return p.end()
		default:
			return false
		}
	}
}

// summaryKeys are a summary's keys, each as unoscore writes it, in the order
// it writes them: quoted, then a colon.
var summaryKeys = [...][]byte{[]byte(`"id":`), []byte(`"name":`), []byte(`"created":`), []byte(`"mode":`),
	[]byte(`"players":`), []byte(`"hands":`), []byte(`"over":`), []byte(`"winners":`), []byte(`"leaders":`)}

// time reads a time as json.Unmarshal reads a time.Time. The form unoscore
// writes, "2006-01-02T15:04:05Z", is read here; any other by time.Time's
// own reading of its JSON.
func (p *plainJSON) time(t *time.Time) bool {
	p.skipSpace()
	start := p.i
	b, ok := p.raw()
	if !ok {
		return false
	}
	if len(b) == 20 && b[4] == '-' && b[7] == '-' && b[10] == 'T' && b[13] == ':' && b[16] == ':' && b[19] == 'Z' {
		year, ok1 := digits(b[0:4])
		month, ok2 := digits(b[5:7])
		day, ok3 := digits(b[8:10])
		hour, ok4 := digits(b[11:13])
		min, ok5 := digits(b[14:16])
		sec, ok6 := digits(b[17:19])
		if ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && month >= 1 && month <= 12 && day >= 1 &&
			day <= daysIn(month, year) && hour < 24 && min < 60 && sec < 60 {
			*t = time.Date(year, time.Month(month), day, hour, min, sec, 0, time.UTC)
			return true
		}
	}
	return t.UnmarshalJSON(p.b[start:p.i]) == nil
}

// digits reads b, ASCII digits only.
func digits(b []byte) (int, bool) {
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// daysIn is the number of days in month of year (proleptic Gregorian).
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// plainJSON reads the plain subset of JSON that decodeSummaryFast takes.
type plainJSON struct {
	b     []byte
	i     int
	words map[string]string // short strings already made, shared
}

func (p *plainJSON) skipSpace() {
	if p.i < len(p.b) && p.b[p.i] > ' ' {
		return // what nearly always follows: no space
	}
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
// The bytes are looked at once, eight at a time (see special).
func (p *plainJSON) raw() ([]byte, bool) {
	if !p.byte('"') {
		return nil, false
	}
	b, start := p.b, p.i
	j := start
	for j+8 <= len(b) {
		m := special(binary.LittleEndian.Uint64(b[j:]))
		if m == 0 {
			j += 8
			continue
		}
		j += bits.TrailingZeros64(m) / 8
		if b[j] != '"' {
			break // an escape, a control character or a byte past ASCII
		}
		p.i = j + 1
		return b[start:j], true
	}
	ascii := true
	for ; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			if !ascii && !utf8.Valid(b[start:j]) {
				return nil, false
			}
			p.i = j + 1
			return b[start:j], true
		case c == '\\' || c < 0x20:
			return nil, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, false
}

// special marks (with its high bit) each byte of the eight in x that ends
// or spoils a plain string: a quote, a backslash, a control character or a
// byte past ASCII. For a byte b (b&0x7f plus a constant never carries into
// the next byte) the high bit of
//
//	b                              is set when b >= 0x80,
//	^((b&0x7f + 0x60) | b)         when b < 0x20,
//	^((z&0x7f + 0x7f) | z)         when z (b xor c) is 0: when b == c.
func special(x uint64) uint64 {
	const ones, low7, highs = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	control := ^((x&low7 + 0x60*ones) | x)
	q, bs := x^'"'*ones, x^'\\'*ones
	q, bs = ^((q&low7 + low7) | q), ^((bs&low7 + low7) | bs)
	return (x | control | q | bs) & highs
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
	return p.intern(b), true
}

// intern is b as a string, made once when it is short.
func (p *plainJSON) intern(b []byte) string {
	if len(b) > 32 || p.words == nil {
		return string(b)
	}
	if s, ok := p.words[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(p.words) < 4096 {
		p.words[s] = s
	}
	return s
}

// strsInto reads a list of plain strings; [] is an empty list, as
// json.Unmarshal makes it. With reuse, the list is made in old's room, and a
// string equal to old's at the same place is old's (the same players, game
// after game), so that a listing makes neither lists nor strings for them.
func (p *plainJSON) strsInto(old []string, reuse bool) ([]string, bool) {
	out := []string{}
	var was []string
	if reuse && cap(old) > 0 {
		was, out = old[:cap(old)], old[:0]
	}
	ok := p.array(func() bool {
		if n := len(out); n < len(was) {
			b, ok := p.raw()
			if !ok {
				return false
			}
			if string(b) != was[n] {
				was[n] = p.intern(b)
			}
			out = append(out, was[n])
			return true
		}
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

// int64 reads a whole number as JSON writes one that fits an int64.
func (p *plainJSON) int64() (int64, bool) {
	p.skipSpace()
	start := p.i
	if p.i < len(p.b) && p.b[p.i] == '-' {
		p.i++
	}
	digits := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	n := p.i - digits
	if n == 0 || n > 18 || (n > 1 && p.b[digits] == '0') {
		return 0, false
	}
	if p.i < len(p.b) && (p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		return 0, false
	}
	x, err := strconv.ParseInt(string(p.b[start:p.i]), 10, 64)
	return x, err == nil
}
