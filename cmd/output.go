package cmd

import (
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"
)

// safeOutput is what every command writes through. Names and texts are
// checked where they come in, but a file from an older unoscore, or a
// damaged one, may still hold anything: so whatever would not print as
// itself (a control or formatting character, invalid UTF-8) is written
// escaped, as \u0007 or \u202e (which JSON reads as the same string), or
// \xff for a byte that is not UTF-8, and can never move the cursor, clear the
// screen, set the window's title or reverse the text. Newlines and tabs pass,
// and so do the colour codes unoscore itself writes (ESC [ digits m) when
// colour is on.
//
// It also keeps the first error writing failed with (a full disk, a closed
// pipe), so that a command whose output was lost exits 1.
type safeOutput struct {
	w     io.Writer
	color bool
	carry []byte // an incomplete character or colour code at the end of a write
	err   error
}

func (s *safeOutput) Write(p []byte) (int, error) {
	n := len(p)
	if s.err != nil {
		return 0, s.err
	}
	if len(s.carry) > 0 {
		p = append(s.carry, p...)
		s.carry = nil
	}
	out := s.escape(p, false)
	if len(out) > 0 {
		if _, err := s.w.Write(out); err != nil {
			s.err = err
			return 0, err
		}
	}
	return n, nil
}

// flush writes what is still held back, escaped.
func (s *safeOutput) flush() error {
	if len(s.carry) > 0 && s.err == nil {
		out := s.escape(s.carry, true)
		s.carry = nil
		if _, err := s.w.Write(out); err != nil {
			s.err = err
		}
	}
	return s.err
}

// escape returns p with everything that does not print escaped; unless
// final, an incomplete character or colour code at its end is kept in
// s.carry for the next write.
func (s *safeOutput) escape(p []byte, final bool) []byte {
	clean := true
	for _, c := range p {
		if c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return p
	}
	out := make([]byte, 0, len(p)+16)
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '\n' || c == '\t' || c >= 0x20 && c < 0x7f:
			out = append(out, c)
			i++
		case c == 0x1b:
			j := i + 1
			if j < len(p) && p[j] == '[' {
				j++
				for j < len(p) && j-i < 16 && (p[j] >= '0' && p[j] <= '9' || p[j] == ';') {
					j++
				}
			}
			if j == len(p) && !final && j-i < 16 {
				s.carry = append(s.carry, p[i:]...)
				return out
			}
			if s.color && j < len(p) && j > i+1 && p[j] == 'm' {
				out = append(out, p[i:j+1]...)
				i = j + 1
				continue
			}
			out = fmt.Appendf(out, `\u%04x`, c)
			i++
		case c < 0x80:
			out = fmt.Appendf(out, `\u%04x`, c)
			i++
		default:
			if !final && !utf8.FullRune(p[i:]) {
				s.carry = append(s.carry, p[i:]...)
				return out
			}
			r, size := utf8.DecodeRune(p[i:])
			switch {
			case r == utf8.RuneError && size <= 1:
				out = fmt.Appendf(out, `\x%02x`, c)
				size = 1
			case unicode.IsGraphic(r):
				out = append(out, p[i:i+size]...)
			default:
				out = fmt.Appendf(out, `\u%04x`, r)
			}
			i += size
		}
	}
	return out
}

// printable escapes a string the same way, for a message.
func printable(s string) string {
	o := &safeOutput{}
	return string(o.escape([]byte(s), true))
}
