// Package words holds the few English helpers every layer of unoscore uses
// to write its sentences: a list of names (and of choices), a count with
// its noun, a position ("2nd"), a capitalised first letter, the closest word to a typo, the
// clipping of something typed that a message repeats, and an empty list
// that JSON writes as []. It sits below rules, scoring, store and cmd, and
// imports nothing of theirs.
package words

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Join writes a list for a sentence: "Ann", "Ann and Bob", "Ann, Bob and
// Cat".
func Join(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Count writes a number of things: "1 hand", "4 hands", "2 history
// entries". The noun is given in the singular.
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Plural(n, noun)
}

// Ordinal writes a position: "1st", "2nd", "3rd", "4th", "11th", "22nd".
func Ordinal(n int) string {
	suffix := "th"
	switch n % 10 {
	case 1:
		suffix = "st"
	case 2:
		suffix = "nd"
	case 3:
		suffix = "rd"
	}
	if n%100 >= 11 && n%100 <= 13 {
		suffix = "th"
	}
	return strconv.Itoa(n) + suffix
}

// Plural is noun as it reads after the number n: "hand" for 1, "hands"
// otherwise. A noun ending in a consonant and y takes "ies" ("entries"),
// one ending in s, x, ch or sh takes "es".
func Plural(n int, noun string) string {
	if n == 1 || noun == "" {
		return noun
	}
	if stem, ok := strings.CutSuffix(noun, "y"); ok && stem != "" && !strings.ContainsAny(stem[len(stem)-1:], "aeiou") {
		return stem + "ies"
	}
	for _, end := range []string{"s", "x", "ch", "sh"} {
		if strings.HasSuffix(noun, end) {
			return noun + "es"
		}
	}
	return noun + "s"
}

// Capitalize upper-cases the first letter of s.
func Capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// Distance is the edit distance between a and b (insertions, deletions,
// substitutions and swaps of two neighbouring bytes each cost one). Words
// longer than 64 bytes are never close: their distance is the longer length.
func Distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return max(len(a), len(b))
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Closest returns the candidate nearest to s by Distance, and that
// distance; ties go to the shorter candidate, then the first in order. With
// no candidates it returns "" and a very large distance.
func Closest(s string, candidates []string) (string, int) {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := Distance(s, c)
		if d < bestD || (d == bestD && len(c) < len(best)) {
			best, bestD = c, d
		}
	}
	return best, bestD
}

// JoinOr writes a list of choices for a sentence: "Ann", "Ann or Bob",
// "Ann, Bob or Cat".
func JoinOr(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// ClipLen is how many characters of something typed a message repeats.
const ClipLen = 40

// Clip shortens something typed that a message repeats to its first ClipLen
// characters and "…", so that a mistyped 100 KB argument gives a readable
// sentence.
func Clip(s string) string {
	if r := []rune(s); len(r) > ClipLen {
		return string(r[:ClipLen]) + "…"
	}
	return s
}

// NonNil is s, or an empty list for nil, so that JSON writes [] rather
// than null.
func NonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
