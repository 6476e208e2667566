package cmd

import (
	"math/rand/v2"
	"testing"
)

// TestPrintsAsIsEightAtATime: the word-at-a-time test of printsAsIs agrees
// with looking at each byte, for every byte value at every place of a
// word and on random text.
func TestPrintsAsIsEightAtATime(t *testing.T) {
	base := []byte("Ann and Bob play\n\tUNO: 42 points")
	for c := range 256 {
		for at := range 24 {
			p := append([]byte(nil), base[:24]...)
			p[at] = byte(c)
			if got, want := printsAsIs(p), plainBytes(p); got != want {
				t.Fatalf("byte %#x at %d: printsAsIs %v, one by one %v", c, at, got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		p := make([]byte, r.IntN(40))
		for i := range p {
			p[i] = byte(0x09 + r.IntN(0x7f-0x09)) // mostly printable
			if r.IntN(50) == 0 {
				p[i] = byte(r.Uint32())
			}
		}
		if got, want := printsAsIs(p), plainBytes(p); got != want {
			t.Fatalf("%q: printsAsIs %v, one by one %v", p, got, want)
		}
	}
}
