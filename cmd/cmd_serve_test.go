package cmd

import (
	"bytes"
	"net"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"rsc.io/qr"
)

// TestServeScreenFits80x24: in an 80x24 terminal both QR codes, side by
// side under their labels, and every address and note fit on one screen
// with the cursor's line (tmux at 80x24 showed the top 5 lines scrolled
// off: the labels and the codes' top finder squares); each code, read back
// module by module, is the encoder's code of its address.
func TestServeScreenFits80x24(t *testing.T) {
	for _, c := range []struct {
		view, score string
		ip          net.IP
		note        string
	}{
		{"http://127.0.0.1:41234/", "http://127.0.0.1:41234/score#token=yBMBqdeaajgE3vzlC_htL-E3AoOIMOx1", net.IPv4(127, 0, 0, 1), "Only this computer can open these. Phones: unoscore serve --addr 0.0.0.0:8765"},
		{"http://192.168.178.120:8765/", "http://192.168.178.120:8765/score#token=yBMBqdeaajgE3vzlC_htL-E3AoOIMOx1", net.IPv4(192, 168, 178, 120), "only the Score address records hands"},
	} {
		var b bytes.Buffer
		writeAddresses(&b, "/home/someone/.local/share/unoscore/unoscore.db", c.view, c.score, c.ip, &iostreams.IOStreams{OutTTY: true, Width: 80, Height: 24}, false)
		lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
		if len(lines) > 23 || !ui.Fits(b.String(), 80) {
			t.Fatalf("%d lines, the widest %d columns: more than 80x24 with the cursor's line:\n%s", len(lines), ui.Widest(b.String()), b.String())
		}
		if !strings.HasPrefix(lines[0], "View (anyone)") || !strings.Contains(lines[0], "Score (keep it to yourself)") {
			t.Errorf("the labels: %q", lines[0])
		}
		for _, want := range []string{c.view, "Score: " + c.score, "Serving ", "unoscore.db. Ctrl-C stops.", c.note} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("the screen lacks %q:\n%s", want, b.String())
			}
		}
		wide := 0
		for _, u := range []string{c.view, c.score} {
			code, err := qr.Encode(u, qr.L)
			if err != nil {
				t.Fatal(err)
			}
			wide = max(wide, code.Size+4)
		}
		for k, u := range []string{c.view, c.score} {
			code, _ := qr.Encode(u, qr.L)
			readBack(t, lines, 2, k*(wide+2)+2, code)
		}
	}
}

// readBack compares the half blocks drawn from line top, column left (the
// code's first module, inside its quiet zone) with the code's modules.
func readBack(t *testing.T, lines []string, top, left int, code *qr.Code) {
	t.Helper()
	for y := 0; y < code.Size; y++ {
		row := []rune(lines[top+y/2])
		for x := 0; x < code.Size; x++ {
			c := row[left+x]
			black := map[rune][2]bool{'█': {false, false}, ' ': {true, true}, '▀': {false, true}, '▄': {true, false}}[c][y%2]
			if black != code.Black(x, y) {
				t.Fatalf("module (%d,%d) is wrong", x, y)
			}
		}
	}
	// The quiet zone: light all round.
	for _, l := range []string{lines[top-1]} {
		if r := []rune(l); strings.Trim(string(r[left-2:left+code.Size+2]), "█") != "" {
			t.Fatalf("the quiet zone above the code is not light: %q", l)
		}
	}
}

// TestServeScreenTooSmall: a window too small for the codes gets the
// addresses and a sentence saying how big a window they need; output to a
// pipe gets the addresses only.
func TestServeScreenTooSmall(t *testing.T) {
	view, score := "http://127.0.0.1:41234/", "http://127.0.0.1:41234/score#token=yBMBqdeaajgE3vzlC_htL-E3AoOIMOx1"
	for _, c := range []struct {
		ios  iostreams.IOStreams
		want string
	}{
		{iostreams.IOStreams{OutTTY: true, Width: 80, Height: 20}, "The QR codes need a window of at least 77x24 (this one is 80x20);\nmake it bigger and start unoscore serve again to see them."},
		{iostreams.IOStreams{OutTTY: true, Width: 60, Height: 50}, "The QR codes need a window of at least 77x24 (this one is 60x50)"},
		{iostreams.IOStreams{}, ""},
	} {
		var b bytes.Buffer
		writeAddresses(&b, "/tmp/unoscore.db", view, score, net.IPv4(127, 0, 0, 1), &c.ios, false)
		out := b.String()
		if strings.ContainsAny(out, "█▀▄") || !strings.Contains(out, "  "+view+"\n") || !strings.Contains(out, "  "+score+"\n") || !strings.Contains(out, c.want) {
			t.Errorf("%dx%d:\n%s\nwant the addresses and %q", c.ios.Width, c.ios.Height, out, c.want)
		}
		if c.ios.Width >= 80 && !ui.Fits(out, c.ios.Width) {
			t.Errorf("%dx%d: a line wider than the window:\n%s", c.ios.Width, c.ios.Height, out)
		}
	}
}
