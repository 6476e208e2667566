// Upstream's tests of the cursor (promptui v0.9.0, cursor_test.go), and of the
// line editing keys unoscore's fork adds to Listen.

package promptui

import (
	"testing"

	upstream "github.com/manifoldco/promptui"
)

func TestDefinedCursors(t *testing.T) {
	t.Run("pipeCursor", func(t *testing.T) {
		p := string(pipeCursor([]rune{}))
		if p != "|" {
			t.Fatalf("%x!=%x", "|", p)
		}
	})
}

func TestCursor(t *testing.T) {
	t.Run("empty", func(t *testing.T) {
		cursor := Cursor{Cursor: pipeCursor}
		cursor.End()
		f := cursor.Format()
		if f != "|" {
			t.Errorf("% x!=% x", "|", cursor.Format())
		}

		cursor.Update("sup")
		if cursor.Format() != "sup|" {
			t.Errorf("% x!=% x", "sup|", cursor.Format())
		}
	})

	t.Run("Cursor at end, append additional", func(t *testing.T) {
		cursor := Cursor{input: []rune("a"), Cursor: pipeCursor}
		cursor.End()
		f := cursor.Format()
		if f != "a|" {
			t.Errorf("% x!=% x", "a|", cursor.Format())
		}

		cursor.Update(" hi")
		if cursor.Format() != "a hi|" {
			t.Errorf("% x!=% x", "a hi!", cursor.Format())
		}
	})

	t.Run("Cursor at at end, backspace", func(t *testing.T) {
		cursor := Cursor{input: []rune("default"), Cursor: pipeCursor}
		cursor.Place(len(cursor.input))
		cursor.Backspace()

		if cursor.Format() != "defaul|" {
			t.Errorf("expected defaul|; found %s", cursor.Format())
		}

		cursor.Update(" hi")
		if cursor.Format() != "defaul hi|" {
			t.Errorf("expected 'defaul hi|'; found '%s'", cursor.Format())
		}
	})

	t.Run("Cursor at beginning, append additional", func(t *testing.T) {
		cursor := Cursor{input: []rune("default"), Cursor: pipeCursor}
		t.Log("init", cursor.String())
		cursor.Backspace()
		if cursor.Format() != "|default" {
			t.Errorf("expected |default; found %s", cursor.Format())
		}

		cursor.Update("hi ")
		t.Log("after add", cursor.String())
		if cursor.Format() != "hi |default" {
			t.Errorf("expected 'hi |default'; found '%s'", cursor.Format())
		}
		cursor.Backspace()
		t.Log("after backspace", cursor.String())
		if cursor.Format() != "hi|default" {
			t.Errorf("expected 'hi|default'; found '%s'", cursor.Format())
		}

		cursor.Backspace()
		t.Log("after backspace", cursor.String())
		if cursor.Format() != "h|default" {
			t.Errorf("expected 'h|default'; found '%s'", cursor.Format())
		}
	})

	t.Run("Move", func(t *testing.T) {
		cursor := Cursor{input: []rune("default"), Cursor: pipeCursor}
		if cursor.Format() != "|default" {
			t.Errorf("expected |default; found %s", cursor.Format())
		}
		cursor.Move(-1)
		if cursor.Format() != "|default" {
			t.Errorf("moved backwards from beginning |default; found %s", cursor.Format())
		}

		cursor.Move(1)
		if cursor.Format() != "d|efault" {
			t.Errorf("expected 'd|efault'; found '%s'", cursor.Format())
		}
		cursor.Move(10)
		if cursor.Format() != "default|" {
			t.Errorf("expected 'default|'; found '%s'", cursor.Format())
		}
	})
}

func TestCursorLineEditingKeys(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input string
		pos   int
		key   rune
		want  string // Format with the pipe cursor
	}{
		{"Ctrl-A goes to the start", "ann bob", 4, KeyLineStart, "|ann bob"},
		{"Ctrl-E goes to the end", "ann bob", 2, KeyLineEnd, "ann bob|"},
		{"Ctrl-U erases before the cursor", "ann bob", 4, KeyKillStart, "|bob"},
		{"Ctrl-K erases from the cursor on", "ann bob", 3, KeyKillEnd, "ann|"},
		{"Ctrl-W erases the word before", "ann bob", 7, KeyKillWord, "ann |"},
		{"Ctrl-W takes the spaces before the word too", "ann bob  ", 9, KeyKillWord, "ann |"},
		{"Ctrl-W inside a word keeps what follows", "ann bob", 6, KeyKillWord, "ann |b"},
		{"Ctrl-W at the start does nothing", "ann", 0, KeyKillWord, "|ann"},
		{"Alt-Backspace is Ctrl-W", "ann bob", 7, KeyMetaBackspace, "ann |"},
		{"Backspace, upstream's", "ann", 3, upstream.KeyBackspace, "an|"},
		{"Left, upstream's", "ann", 3, upstream.KeyBackward, "an|n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Cursor{input: []rune(tc.input), Cursor: pipeCursor}
			c.Place(tc.pos)
			c.Listen(nil, 0, tc.key)
			if got := c.Format(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// A default offered for erasing (AllowEdit off) is kept for editing, not
// erased by the next key, once a line editing key has moved in it.
func TestCursorEditingKeyKeepsTheDefault(t *testing.T) {
	for _, key := range []rune{KeyLineStart, KeyLineEnd, KeyKillStart, KeyKillEnd, KeyKillWord} {
		c := NewCursor("500", pipeCursor, true)
		c.Listen(nil, 0, key)
		if c.erase {
			t.Errorf("key %d: the default would still be erased by the next key", key)
		}
	}
}
