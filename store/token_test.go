package store

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"testing"
)

// TestServeToken: the token is made once and kept; fresh replaces it;
// export never writes it out.
func TestServeToken(t *testing.T) {
	db := openTemp(t)
	n := 0
	mk := func() (string, error) { n++; return strings.Repeat("t", 20) + string(rune('a'+n)), nil }
	first, isNew, err := db.ServeToken(false, mk)
	ok(t, err)
	if !isNew {
		t.Fatal("the first token is not new")
	}
	again, isNew, err := db.ServeToken(false, mk)
	ok(t, err)
	if again != first || isNew {
		t.Fatalf("a second start made a new token: %q, %q", first, again)
	}
	fresh, isNew, err := db.ServeToken(true, mk)
	ok(t, err)
	if fresh == first || !isNew {
		t.Fatalf("--new-token kept %q", fresh)
	}
	// The token replaced is remembered by its hash, to tell its link from
	// one that never was the scorer's.
	replaced, err := db.ReplacedTokens()
	ok(t, err)
	if len(replaced) != 1 || replaced[0] != sha256.Sum256([]byte(first)) {
		t.Fatalf("replaced tokens: %x, want the hash of %q", replaced, first)
	}
	var buf bytes.Buffer
	ok(t, db.Export(&buf))
	if strings.Contains(buf.String(), fresh) || strings.Contains(buf.String(), first) {
		t.Fatalf("the export carries the token: %s", buf.String())
	}
}
