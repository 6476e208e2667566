package promptui

import "github.com/chzyer/readline"

// unoscore's fork: the line editing keys of a shell, which Cursor.Listen
// handles. Home and End arrive as these too (readline reads ESC [ H and
// ESC [ F as them). Upstream's keys (KeyEnter, KeyPrev, ...) are upstream's
// variables.
var (
	KeyLineStart     rune = readline.CharLineStart // Ctrl-A, Home
	KeyLineEnd       rune = readline.CharLineEnd   // Ctrl-E, End
	KeyKillStart     rune = readline.CharCtrlU     // Ctrl-U: erase before the cursor
	KeyKillEnd       rune = readline.CharKill      // Ctrl-K: erase from the cursor on
	KeyKillWord      rune = readline.CharCtrlW     // Ctrl-W: erase the word before the cursor
	KeyMetaBackspace rune = readline.MetaBackspace // Alt-Backspace, as Ctrl-W
)
