package store

import (
	"encoding/json"
	"strconv"

	"github.com/unoscore/unoscore/scoring"
)

// decodeStoredEvent reads a kept event into s: what json.Unmarshal(v, s)
// does, faster for the events unoscore writes most (a board reads every
// event of its game, and encoding/json, made ready for the event's types
// the first time, was a fifth of reading one).
//
// The fast path takes the plain subset of JSON of decodeSummary (strings
// without escapes, whole numbers, each key once, as written) and the keys
// of every event but the game's creation: type, t, ns, name, number, from,
// to, and a hand (out, left: player and cards, table). Anything else (the
// settings, an escape, a null, a key of another spelling, damage) goes to
// json.Unmarshal, so the result and every error are json.Unmarshal's.
// FuzzDecodeEvent holds the two to the same answer.
func decodeStoredEvent(v []byte, s *storedEvent) error {
	var fast storedEvent
	if eventFast(v, &fast) {
		*s = fast
		return nil
	}
	return json.Unmarshal(v, s)
}

// eventFast reports whether v was in the plain subset, and then fills s.
func eventFast(v []byte, s *storedEvent) bool {
	p := plainJSON{b: v}
	return p.object(func(key []byte) bool {
		var ok bool
		switch string(key) {
		case "type":
			s.Type, ok = p.unique()
		case "t":
			s.Unix, ok = p.int64()
		case "ns":
			s.Nanos, ok = p.int()
		case "name":
			s.Name, ok = p.unique()
		case "number":
			s.Number, ok = p.int()
		case "from":
			s.From, ok = p.unique()
		case "to":
			s.To, ok = p.unique()
		case "hand":
			s.Hand, ok = p.hand()
		}
		return ok
	}) && p.end()
}

// object reads an object, calling field for each key (the value follows);
// a key seen twice, or one field does not read, ends it unread.
func (p *plainJSON) object(field func(key []byte) bool) bool {
	if !p.byte('{') {
		return false
	}
	if p.peek() == '}' {
		p.i++
		return true
	}
	var seen [][]byte
	for {
		key, ok := p.raw()
		if !ok || !p.byte(':') {
			return false
		}
		for _, k := range seen {
			if string(k) == string(key) {
				return false
			}
		}
		seen = append(seen, key)
		if !field(key) {
			return false
		}
		switch p.peek() {
		case ',':
			p.i++
		case '}':
			p.i++
			return true
		default:
			return false
		}
	}
}

// hand reads a hand: who went out, what the others held, the table.
func (p *plainJSON) hand() (*scoring.Hand, bool) {
	h := &scoring.Hand{}
	ok := p.object(func(key []byte) bool {
		var ok bool
		switch string(key) {
		case "out":
			h.Out, ok = p.unique()
		case "table":
			h.Table, ok = p.int()
		case "left":
			h.Left, ok = p.lefts()
		case "knocked_out":
			ok = p.array(func() bool {
				name, ok := p.unique()
				h.KnockedOut = append(h.KnockedOut, name)
				return ok
			})
		}
		return ok
	})
	return h, ok
}

// lefts reads the list of what each player was left holding; [] is an
// empty list, as json.Unmarshal makes it.
func (p *plainJSON) lefts() ([]scoring.Left, bool) {
	out := []scoring.Left{}
	ok := p.array(func() bool {
		var l scoring.Left
		ok := p.object(func(key []byte) bool {
			switch string(key) {
			case "player":
				var ok bool
				l.Player, ok = p.unique()
				return ok
			case "cards":
				b, ok := p.raw()
				// As json.Unmarshal does: the notation's own reading, on a
				// hand made afresh.
				return ok && l.Cards.UnmarshalText(b) == nil
			}
			return false
		})
		out = append(out, l)
		return ok
	})
	if !ok {
		return nil, false
	}
	return out, true
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
