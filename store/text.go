package store

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The few words the store's sentences need (nothing under store imports
// rules/words).

// clip shortens something typed that a message repeats to 40 characters
// and "…".
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// count writes "1 game", "3 games" (the nouns here take an s).
func count(n int, noun string) string {
	if n != 1 {
		noun += "s"
	}
	return strconv.Itoa(n) + " " + noun
}

// join writes "Ann", "Ann and Bob", "Ann, Bob and Cat".
func join(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// capitalize puts the first letter in capitals.
func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// nonNil is s, or an empty list for nil, so that JSON writes [].
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
