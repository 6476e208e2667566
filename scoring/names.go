package scoring

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// NameKey is what two player names are compared by, everywhere: the
// duplicate check when a game starts and every lookup of a typed name.
// Names that look alike or differ only in case are one name: Unicode
// compatibility normalization (NFKC: a full-width Ａ is A, a composed é is
// e plus its accent) and full case folding (ſ is s, ß is ss).
//
// Characters that print as nothing (see invisible) are left out: "Ann"
// and "Ann" with an emoji's variation selector after it are one name.
func NameKey(name string) string { return nameKey(name, true) }

// nameKey is NameKey; dropInvisible false keeps what prints as nothing,
// as NameKey did before it left it out (see normalize: a stored game keeps
// the players it was saved with).
func nameKey(name string, dropInvisible bool) string {
	s := strings.TrimSpace(name)
	if isASCII(s) {
		return strings.ToLower(s) // what NFKC and folding make of plain ASCII
	}
	if dropInvisible && strings.ContainsFunc(s, invisible) {
		s = strings.TrimSpace(strings.Map(func(r rune) rune {
			if invisible(r) {
				return -1
			}
			return r
		}, s))
	}
	s = norm.NFKC.String(s)
	return norm.NFKC.String(fold(s))
}

// invisible says whether a character that prints (see unprintable) shows
// as nothing at all: Unicode's default-ignorable characters that are not
// formatting characters (the Hangul fillers U+3164, U+115F, U+1160 and
// U+FFA0, the combining grapheme joiner U+034F, the Khmer vowels U+17B4
// and U+17B5) and the variation selectors (U+FE0F after an emoji, the
// Mongolian U+180B), and the blank Braille pattern U+2800.
func invisible(r rune) bool {
	return r >= 0x034F && (r == 0x2800 ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
		unicode.Is(unicode.Variation_Selector, r))
}

// fold is Unicode's full case folding (CaseFolding.txt's C and F
// mappings: ß is ss, ǅ is ǆ), what golang.org/x/text/cases.Fold does, from
// a table made from it (fold_table.go, TestFoldTable): the cases package's
// tables and golang.org/x/text/language, which it brings, cost every
// command 0.2 ms at start. Bytes that are not UTF-8 are kept as they are.
func fold(s string) string {
	var b []byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		j, found := slices.BinarySearch(foldFrom[:], r)
		if !found || size == 1 && r == utf8.RuneError {
			if b != nil {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(s)+8), s[:i]...)
		}
		start := 0
		if j > 0 {
			start = int(foldEnd[j-1])
		}
		b = append(b, foldTo[start:foldEnd[j]]...)
		i += size
	}
	if b == nil {
		return s
	}
	return string(b)
}

// PlainKey is NameKey without accents: every mark on a letter dropped (é
// is e, ö is o), for a name typed without them ("jose" for José). Seat
// tries it only after NameKey finds no one.
func PlainKey(name string) string {
	k := NameKey(name)
	if isASCII(k) {
		return k
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(k) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return norm.NFC.String(b.String())
}

// SameName reports whether two names are the same player's (see NameKey).
func SameName(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if isASCII(a) && isASCII(b) {
		return strings.EqualFold(a, b)
	}
	return NameKey(a) == NameKey(b)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// MaxGameNameLen is the longest name of a game, in characters.
const MaxGameNameLen = 80

// ValidateGameName checks a game's name (empty is allowed): one line of at
// most MaxGameNameLen characters, each one that prints (see printable).
func ValidateGameName(name string) error {
	if !utf8.ValidString(name) {
		return invalid("the game's name is not valid text (UTF-8)")
	}
	if n := utf8.RuneCountInString(name); n > MaxGameNameLen {
		return invalid("the game's name is %d characters; the most is %d", n, MaxGameNameLen)
	}
	if r, ok := unprintable(name); !ok {
		return invalid("the game's name holds %U, which does not print (a control character or the like); use letters, digits, spaces and punctuation", r)
	}
	return nil
}

// unprintable finds the first character of s that does not print as
// itself on a terminal: control characters (which can move the cursor,
// clear the screen or set the window's title), formatting characters (which
// reverse the direction of text), line and paragraph separators, and
// anything unassigned or private. Letters, marks, digits, punctuation,
// symbols and spaces print.
func unprintable(s string) (rune, bool) {
	for _, r := range s {
		if !unicode.IsGraphic(r) {
			return r, false
		}
	}
	return 0, true
}
