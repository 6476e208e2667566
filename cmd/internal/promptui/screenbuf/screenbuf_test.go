package screenbuf

import (
	"bytes"
	"testing"
)

// Upstream's scenarios (promptui v0.9.0, screenbuf/screenbuf_test.go), one
// buffer written again and again, with what unoscore's screen buffer sends:
// back to the start of the row, up the rows the last block took, erase to
// the end of the screen, then the block with a newline after each line.
// Upstream went up and down line by line and cleared each; that left a
// wrapped line's first row behind and could not grow at the window's
// bottom.
func TestScreen(t *testing.T) {
	var buf bytes.Buffer
	s := New(&buf, func() int { return 20 })

	tcs := []struct {
		scenario string
		lines    []string
		expect   string
		drawn    int
		clear    bool
	}{
		{
			scenario: "initial write",
			lines:    []string{"Line One"},
			expect:   "\r\x1b[JLine One\n",
			drawn:    1,
		},
		{
			scenario: "write of with same number of lines",
			lines:    []string{"Line One"},
			expect:   "\r\x1b[1A\x1b[JLine One\n",
			drawn:    1,
		},
		{
			scenario: "write of with more lines",
			lines:    []string{"Line One", "Line Two"},
			expect:   "\r\x1b[1A\x1b[JLine One\nLine Two\n",
			drawn:    2,
		},
		{
			scenario: "write of with fewer lines",
			lines:    []string{"line One"},
			expect:   "\r\x1b[2A\x1b[Jline One\n",
			drawn:    1,
		},
		{
			scenario: "write of way more lines",
			lines:    []string{"line one", "line two", "line three", "line four", "line five"},
			expect:   "\r\x1b[1A\x1b[Jline one\nline two\nline three\nline four\nline five\n",
			drawn:    5,
		},
		{
			scenario: "write of way less lines",
			lines:    []string{"line one", "line two"},
			expect:   "\r\x1b[5A\x1b[Jline one\nline two\n",
			drawn:    2,
		},
		{
			scenario: "a line the terminal wraps counts its rows",
			lines:    []string{"a line of thirty-one columns..", "two"},
			expect:   "\r\x1b[2A\x1b[Ja line of thirty-one columns..\ntwo\n",
			drawn:    3,
		},
		{
			scenario: "so the next block goes up all three",
			lines:    []string{"one"},
			expect:   "\r\x1b[3A\x1b[Jone\n",
			drawn:    1,
		},
		{
			scenario: "clear all previous lines",
			lines:    []string{"line one", "line two"},
			expect:   "\r\x1b[1A\x1b[J",
			drawn:    0,
			clear:    true,
		},
		{
			scenario: "after a clear nothing is gone over",
			lines:    []string{"again"},
			expect:   "\r\x1b[Jagain\n",
			drawn:    1,
		},
	}

	for _, tc := range tcs {
		t.Run(tc.scenario, func(t *testing.T) {
			buf.Reset()

			for _, line := range tc.lines {
				_, err := s.WriteString(line)
				if err != nil {
					t.Fatalf("expected no error, got %v", err)
				}
			}

			if tc.clear {
				if err := s.Clear(); err != nil {
					t.Errorf("expected no error, got %v", err)
				}
			}

			if err := s.Flush(); err != nil {
				t.Fatalf("expected no error, got %v", err)
			}

			if got := buf.String(); tc.expect != got {
				t.Errorf("expected %q, got %q", tc.expect, got)
			}

			if tc.drawn != s.drawn {
				t.Errorf("expected %d rows drawn, got %d", tc.drawn, s.drawn)
			}
		})
	}
}

func TestResetDropsWhatWasWritten(t *testing.T) {
	var buf bytes.Buffer
	s := New(&buf, nil)
	s.WriteString("dropped")
	s.Reset()
	s.WriteString("kept")
	s.Flush()
	if got, want := buf.String(), "\r\x1b[Jkept\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWriteRefusesCarriageReturns(t *testing.T) {
	s := New(&bytes.Buffer{}, nil)
	if n, err := s.WriteString("a\rb"); err == nil || n != 0 {
		t.Errorf("WriteString(%q) = %d, %v; want 0 and an error", "a\rb", n, err)
	}
}

// A newline in what is written starts another line of the block (a label
// or message broken to the terminal's width), and the rows are counted.
func TestWriteSplitsLines(t *testing.T) {
	var buf bytes.Buffer
	s := New(&buf, func() int { return 10 })
	s.WriteString("a label\nwrapped: x")
	s.WriteString("  message")
	s.Flush()
	s.WriteString("b")
	s.Flush()
	if got, want := buf.String(), "\r\x1b[Ja label\nwrapped: x\n  message\n\r\x1b[3A\x1b[Jb\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRowsAndWidth(t *testing.T) {
	for _, tc := range []struct {
		line  string
		width int
		cols  int
		rows  int
	}{
		{"", 80, 0, 1},
		{"? Which deck?", 80, 13, 1},
		{"\x1b[1m\x1b[34m?\x1b[0m bold", 5, 6, 2}, // escapes take no columns
		{"李小龙", 6, 6, 1},                          // wide characters: two columns each
		{"李小龙", 5, 6, 2},                          // ... which the terminal wraps
		{"exactly ten", 11, 11, 1},                // filling a row is one row
		{"twenty-one columns...", 10, 21, 3},      // 10 + 10 + 1
		{"width unknown is one row", 0, 24, 1},    // 0: unknown
		{"a negative width too", -1, 20, 1},
	} {
		if got := Width([]byte(tc.line)); got != tc.cols {
			t.Errorf("Width(%q) = %d, want %d", tc.line, got, tc.cols)
		}
		if got := Rows([]byte(tc.line), tc.width); got != tc.rows {
			t.Errorf("Rows(%q, %d) = %d, want %d", tc.line, tc.width, got, tc.rows)
		}
	}
}

// Mark leaves the terminal's cursor inside the block (unoscore's fork):
// up from below the block to the marked row, counting the rows the
// terminal wraps a line onto, then right to the column; the next Flush
// goes up from there to the block's top.
func TestMark(t *testing.T) {
	var buf bytes.Buffer
	s := New(&buf, func() int { return 10 })
	s.Write([]byte("label\nab: 0123456789xyz"))
	s.Write([]byte("message"))
	s.Mark(1, 12) // "2" on the second row of the wrapped line
	s.Flush()
	want := "\r\x1b[J" + "label\n" + "ab: 0123456789xyz\n" + "message\n" + "\x1b[2A\r\x1b[2C"
	if got := buf.String(); got != want {
		t.Fatalf("marked flush sent %q, want %q", got, want)
	}
	buf.Reset()
	s.Write([]byte("label"))
	s.Flush()
	if got, want := buf.String(), "\r\x1b[2A\x1b[J"+"label\n"; got != want {
		t.Fatalf("the flush after sent %q, want %q", got, want)
	}
	buf.Reset()
	s.Write([]byte("again"))
	s.Flush()
	if got, want := buf.String(), "\r\x1b[1A\x1b[J"+"again\n"; got != want {
		t.Fatalf("a mark outlived its flush: %q, want %q", got, want)
	}
}
