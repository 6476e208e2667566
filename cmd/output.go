package cmd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"

	"github.com/unoscore/unoscore/cmd/internal/ui"
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

// writeChecked writes p, which its writer has made sure prints as is
// (printsAsIs(p) holds), without looking at it again: `games --json` knows
// it of its output from the far shorter strings it was made from.
func (s *safeOutput) writeChecked(p []byte) (int, error) {
	if len(s.carry) > 0 {
		return s.Write(p)
	}
	if s.err != nil {
		return 0, s.err
	}
	if _, err := s.w.Write(p); err != nil {
		s.err = err
		return 0, err
	}
	return len(p), nil
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
	if printsAsIs(p) {
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

// printsAsIs reports whether p is printable ASCII, newlines and tabs only:
// what nearly all output is, so it is looked at eight bytes at a time. For
// each byte b of a word (b&0x7f plus a constant never carries into the next
// byte), the high bit of
//
//	(b&0x7f + 0x01) | b            is set when b >= 0x7f,
//	^((b&0x7f + 0x60) | b)         when b < 0x20,
//	^((z&0x7f + 0x7f) | z)         when z (b xor c) is 0: when b == c.
func printsAsIs(p []byte) bool {
	const ones, low7, highs = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	i := 0
	for ; i+8 <= len(p); i += 8 {
		x := binary.LittleEndian.Uint64(p[i:])
		high := (x&low7 + ones) | x
		control := ^((x&low7 + 0x60*ones) | x)
		nl, tab := x^'\n'*ones, x^'\t'*ones
		nl, tab = ^((nl&low7 + low7) | nl), ^((tab&low7 + low7) | tab)
		if (high|control&^(nl|tab))&highs != 0 {
			return false
		}
	}
	return plainBytes(p[i:])
}

func plainBytes(p []byte) bool {
	for _, c := range p {
		if c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f {
			return false
		}
	}
	return true
}

// printable escapes a string the same way, for a message.
func printable(s string) string {
	o := &safeOutput{}
	return string(o.escape([]byte(s), true))
}

// wrapOutput is what a command's words pass through on their way to a
// terminal: every line wider than the terminal is broken between words by
// ui.Wrap, the one wrapping there is, at the terminal's width as it is when
// the line is printed (width is read afresh for each write, so a window
// resized meanwhile is followed). Lines that fit (a table chosen to fit,
// most sentences) pass unchanged. Into a pipe unoscore writes no
// wrapOutput; for what must keep its lines whole even in a terminal (JSON,
// exports, --wide, completion scripts), it is turned off.
//
// A line is written once it ends; the start of a line is held until then,
// or until flush (before a prompt draws, and at the end).
type wrapOutput struct {
	w     io.Writer
	width func() int
	off   bool
	line  []byte // the start of a line not yet ended
}

func (o *wrapOutput) Write(p []byte) (int, error) {
	n := len(p)
	if o.off {
		if err := o.flush(); err != nil {
			return 0, err
		}
		if _, err := o.w.Write(p); err != nil {
			return 0, err
		}
		return n, nil
	}
	var out []byte
	width := -1
	for {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			o.line = append(o.line, p...)
			break
		}
		if width < 0 {
			width = o.width()
		}
		o.line = append(o.line, p[:i]...)
		out = append(out, ui.Wrap(string(o.line), width)...)
		out = append(out, '\n')
		o.line = o.line[:0]
		p = p[i+1:]
	}
	if len(out) > 0 {
		if _, err := o.w.Write(out); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// flush writes the start of a line held back, wrapped as if it ended there.
func (o *wrapOutput) flush() error {
	if len(o.line) == 0 {
		return nil
	}
	s := ui.Wrap(string(o.line), o.width())
	o.line = o.line[:0]
	_, err := io.WriteString(o.w, s)
	return err
}
