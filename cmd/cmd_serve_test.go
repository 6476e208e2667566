package cmd

import (
	"bytes"
	"net"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"rsc.io/qr"
)

// TestQRCodes reads the printed QR codes back, module by module, and
// compares them with the code of each address; side by side they fit 80
// columns, and a narrow terminal gets them one under the other.
func TestQRCodes(t *testing.T) {
	urls := []string{"http://192.168.178.120:8765/", "http://192.168.178.120:8765/score#token=yBMBqdeaajgE3vzlC_htL-E3AoOIMOx1"}
	for _, width := range []int{80, 40} {
		var b bytes.Buffer
		writeQRs(&b, []string{"View", "Score"}, urls, false, width)
		lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
		for _, l := range lines {
			if n := utf8.RuneCountInString(l); n > max(width, 80) || (width == 80 && n > 80) {
				t.Fatalf("width %d: a line of %d columns", width, n)
			}
		}
		for k, u := range urls {
			code, err := qr.Encode(u, qr.L)
			if err != nil {
				t.Fatal(err)
			}
			// Where block k starts: side by side at 80 columns, stacked at 40.
			top, left := 1, 0
			if width == 80 {
				wide := utf8.RuneCountInString(lines[1])
				wide = (wide - 2) / 2
				left = k * (wide + 2)
			} else {
				for i, l := range lines {
					if strings.TrimSpace(l) == []string{"View", "Score"}[k] {
						top = i + 1
					}
				}
			}
			top++ // the quiet zone's first line
			for y := 0; y < code.Size; y++ {
				row := []rune(lines[top+y/2])
				for x := 0; x < code.Size; x++ {
					c := row[left+2+x]
					black := map[rune][2]bool{'█': {false, false}, ' ': {true, true}, '▀': {false, true}, '▄': {true, false}}[c][y%2]
					if black != code.Black(x, y) {
						t.Fatalf("width %d, %s: module (%d,%d) is wrong", width, u, x, y)
					}
				}
			}
		}
	}
}

// TestAddressesOnTheLastScreen: in an 80x24 terminal the two QR codes fill
// more than a screen, so the addresses and the token come after them, on
// the last 24 lines.
func TestAddressesOnTheLastScreen(t *testing.T) {
	view := "http://127.0.0.1:41234/"
	score := "http://127.0.0.1:41234/score#token=yBMBqdeaajgE3vzlC_htL-E3AoOIMOx1"
	var b bytes.Buffer
	writeAddresses(&b, "/tmp/unoscore.db", view, score, net.IPv4(127, 0, 0, 1), &iostreams.IOStreams{OutTTY: true, Width: 80})
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) <= 24 {
		t.Fatalf("only %d lines: the test no longer shows anything", len(lines))
	}
	last := strings.Join(lines[len(lines)-24:], "\n")
	for _, want := range []string{view, score, "Only this computer can open these", "Serving the games in"} {
		if !strings.Contains(last, want) {
			t.Errorf("the last screen lacks %q:\n%s", want, last)
		}
	}
	if !ui.Fits(b.String(), 80) {
		t.Errorf("a line wider than 80 columns:\n%s", b.String())
	}
}
