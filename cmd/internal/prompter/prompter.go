// Package prompter asks the person at the table: the Prompter interface the
// flows use, its promptui implementation on the terminal (Terminal, with
// the key queue that holds keys typed ahead), and a scripted Fake for
// tests. It is the only place unoscore talks to a prompt library.
package prompter

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"text/template"
	"time"

	"github.com/chzyer/readline"
	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/promptui"
	"github.com/unoscore/unoscore/cmd/internal/ui"
)

// Prompter asks the person at the table. Tests use Fake, and a swap of
// prompt library is this package.
type Prompter interface {
	// Input asks for a line of text. def, when not empty, is the default:
	// shown as one beside the label, taken by Enter alone, and replaced by
	// what is typed. validate, when not nil, is called as the person types
	// and must accept the final answer.
	Input(label, def string, validate func(string) error) (string, error)
	// Edit asks for a line of text that starts as text, to be edited (the
	// cards typed before for a player, to correct).
	Edit(label, text string, validate func(string) error) (string, error)
	// Select asks for one of items, starting at cursor; it returns the index.
	// Typing an item's first letters moves to it.
	Select(label string, items []string, cursor int) (int, error)
	// Menu is Pick for a menu of what to do next: its first names items
	// are players, and letters that only one of them starts with pick it
	// at once; the items after them (what to do: save, stop) are chosen
	// only with the arrows and Enter, never by a letter meant for a name.
	// Once answered the list leaves no line behind (what follows says what
	// was chosen).
	Menu(label string, items []string, names, cursor int) (int, error)
	// Pick is Select for a list of players: letters that only one item
	// starts with pick it at once, without Enter.
	Pick(label string, items []string, cursor int) (int, error)
	// Choose is Pick for a list of players followed by other choices: its
	// first names items are players, picked by their first letters; the
	// items after them ("Draw for it") are chosen only with the arrows and
	// Enter, so a letter meant for a name never picks them. The answer
	// stays on the screen.
	Choose(label string, items []string, names, cursor int) (int, error)
	// Confirm asks a yes/no question.
	Confirm(label string, def bool) (bool, error)
}

// Absent is a Prompter that can say why letters typed in a list of
// players pick no one: the player they start sits out, or plays at
// another table. Terminal is one; a Prompter that is not asks with Pick.
type Absent interface {
	// PickAbsent is Pick; absent gives, for the letters typed, the
	// sentence to show when they start no item ("Eve sits out this
	// round"), or "" for the usual one.
	PickAbsent(label string, items []string, cursor int, absent func(typed string) string) (int, error)
}

// Terminal asks with promptui on the terminal.
//
// For the whole run it holds the terminal in raw mode and reads the keys
// itself, one reader for every prompt: keys typed ahead (a fast typist, a
// paste) wait, unechoed and in order, for the prompt they were meant for.
// Each prompt reads them one at a time through its own view, closed when the
// prompt ends, so no prompt takes a key past the Enter that ended it.
type Terminal struct {
	ios    *iostreams.IOStreams
	before func() error // called before each prompt draws: the screen is up to date
	out    *noBell
	keys   *keyboard
	absent func(string) string // PickAbsent's, while it asks
	raw    *readline.State
	rawFD  int
}

// NewTerminal asks on ios's terminal; before, when not nil, is called
// before each prompt draws (to bring the screen up to date).
func NewTerminal(ios *iostreams.IOStreams, before func() error) *Terminal {
	return &Terminal{ios: ios, out: &noBell{w: ios.Out}, before: before}
}

// start puts the terminal in raw mode (output processing left on, so
// newlines still start a line) and starts reading keys, once.
func (t *Terminal) start() {
	if t.before != nil {
		t.before()
	}
	if t.keys != nil {
		return
	}
	if f, ok := t.ios.In.(*os.File); ok && t.ios.InTTY {
		if st, err := readline.MakeRaw(int(f.Fd())); err == nil {
			t.raw, t.rawFD = st, int(f.Fd())
		}
	}
	t.keys = newKeyboard(t.ios.In)
}

// Close gives the terminal back as it was.
func (t *Terminal) Close() error {
	if t.raw != nil {
		err := readline.Restore(t.rawFD, t.raw)
		t.raw = nil
		return err
	}
	return nil
}

// pickBurst is how soon after the letters that picked a name an Enter (or
// the rest of the name) is still part of typing it: "cat⏎" typed straight
// on. A key after a longer pause answers the next prompt.
const pickBurst = 600 * time.Millisecond

// keyboard reads the terminal in the background into a queue of keys.
type keyboard struct {
	mu        sync.Mutex
	cond      *sync.Cond
	buf       []byte
	at        []time.Time // when each key of buf came
	err       error
	dropEnter bool      // the next key, if Enter, confirms a pick: drop it
	pickedAt  time.Time // when the last key of the pick came
	// rest is what is left of the name picked by its first letters, lower
	// case: keys that go on spelling it are part of the pick, not keys for
	// the next prompt ("Dad" typed whole picks Dad on the D).
	rest []byte
}

func newKeyboard(r io.Reader) *keyboard {
	k := &keyboard{}
	k.cond = sync.NewCond(&k.mu)
	go func() {
		b := make([]byte, 256)
		for {
			n, err := r.Read(b)
			now := time.Now()
			k.mu.Lock()
			k.buf = append(k.buf, b[:n]...)
			for range n {
				k.at = append(k.at, now)
			}
			if err != nil {
				k.err = err
			}
			k.cond.Broadcast()
			k.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return k
}

// view is one prompt's access to the keys: a byte at a time, so that the
// prompt's reader never holds keys it has not used, and nothing once closed.
func (k *keyboard) view() *keyView { return &keyView{k: k} }

type keyView struct {
	k      *keyboard
	closed bool
	pick   *picker // Pick: letters that name one item end the list
	enter  bool    // an Enter to give before the next key
}

func (v *keyView) Read(p []byte) (int, error) {
	k := v.k
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if v.enter && !v.closed {
			// The list ends as if Enter were pressed, without taking a key:
			// the next key typed goes to the next prompt.
			v.enter = false
			p[0] = '\r'
			return 1, nil
		}
		for len(k.buf) == 0 && k.err == nil && !v.closed {
			k.cond.Wait()
		}
		switch {
		case v.closed:
			return 0, io.EOF
		case len(k.buf) == 0:
			return 0, k.err
		}
		b, at := k.buf[0], k.at[0]
		k.buf, k.at = k.buf[1:], k.at[1:]
		if b == 0x1b {
			k.homeEnd()
		}
		if k.dropEnter && at.Sub(k.pickedAt) > pickBurst {
			// A key after a pause is an answer to what is on the screen
			// now, Enter included (an Enter read as "cat⏎" seconds later
			// was swallowed, and the next one answered the next hand).
			k.dropEnter, k.rest = false, nil
		}
		if k.dropEnter {
			// An Enter typed right after letters picked a name, or after
			// the rest of the name, confirms the pick: it is not an answer
			// to the next prompt. So are letters that go on spelling it.
			if b == '\r' || b == '\n' {
				k.dropEnter, k.rest = false, nil
				continue
			}
			if len(k.rest) > 0 && lowerASCII(b) == k.rest[0] {
				k.rest, k.pickedAt = k.rest[1:], at
				continue
			}
			k.dropEnter, k.rest = false, nil
		}
		if v.pick != nil && v.pick.feed(b) {
			v.enter, k.dropEnter, k.pickedAt = true, true, at
			k.rest = v.pick.rest()
		}
		p[0] = b
		return 1, nil
	}
}

// homeEnd rewrites the Home and End keys that readline does not know
// (ESC [ 1 ~ and ESC [ 4 ~, as tmux and the Linux console send them; 7 and
// 8 in rxvt) into the ones it does (ESC [ H and ESC [ F), once the ESC
// before them has been taken.
func (k *keyboard) homeEnd() {
	if len(k.buf) < 3 || k.buf[0] != '[' || k.buf[2] != '~' {
		return
	}
	switch k.buf[1] {
	case '1', '7':
		k.buf, k.at = append([]byte("[H"), k.buf[3:]...), k.at[1:]
	case '4', '8':
		k.buf, k.at = append([]byte("[F"), k.buf[3:]...), k.at[1:]
	}
}

// picker follows the keys typed in a list of names: it reports when the
// letters typed so far start exactly one item.
type picker struct {
	items []string
	// detail: each item is "NAME: what", its name ending at its last ": "
	// (a menu's "Dan: not entered yet"); else each item is a name alone
	// (a name from before ':' was refused may hold one: "Dr: Who").
	detail bool
	typed  []byte
	esc    int // 1 after ESC, 2 inside an escape sequence
}

func (pk *picker) feed(b byte) bool {
	switch {
	case pk.esc == 1:
		pk.esc = 0
		if b == '[' || b == 'O' {
			pk.esc = 2
		}
		return false
	case pk.esc == 2:
		if b >= 0x40 && b <= 0x7e {
			pk.esc = 0
		}
		return false
	case b == 0x1b:
		pk.esc, pk.typed = 1, nil
		return false
	case b <= ' ' || b == 0x7f:
		pk.typed = nil
		return false
	}
	pk.typed = append(pk.typed, b)
	n := pk.matches()
	if n == 0 {
		pk.typed = []byte{b}
		n = pk.matches()
	}
	return n == 1
}

func (pk *picker) matches() int {
	typed := pk.lowTyped()
	n := 0
	for _, it := range pk.items {
		if strings.HasPrefix(strings.ToLower(it), typed) {
			n++
		}
	}
	return n
}

// lowTyped is the letters typed, lower case. ASCII letters are lowered
// byte by byte: a name's first letter may be only partly typed yet (the
// first byte of é).
func (pk *picker) lowTyped() string {
	low := make([]byte, len(pk.typed))
	for i, c := range pk.typed {
		low[i] = lowerASCII(c)
	}
	return string(low)
}

// rest is what is left to type of the name of the one item the letters
// typed start, lower case: of "Dan: not entered yet", the name, "Dan"; of
// "Dr: Who: not entered yet", "Dr: Who".
func (pk *picker) rest() []byte {
	typed := pk.lowTyped()
	for _, it := range pk.items {
		if low := strings.ToLower(it); strings.HasPrefix(low, typed) {
			name := low
			if i := strings.LastIndex(low, ": "); pk.detail && i >= 0 {
				name = low[:i]
			}
			if len(name) <= len(typed) {
				return nil
			}
			return []byte(name[len(typed):])
		}
	}
	return nil
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		c += 'a' - 'A'
	}
	return c
}

func (v *keyView) Close() error {
	v.k.mu.Lock()
	v.closed = true
	v.k.cond.Broadcast()
	v.k.mu.Unlock()
	return nil
}

// noBell drops the lone BEL bytes promptui writes on arrow keys (its issue
// 49): a ringing terminal at every key press is no way to spend an evening.
type noBell struct{ w io.Writer }

func (n *noBell) Write(p []byte) (int, error) {
	if bytes.IndexByte(p, '\a') < 0 {
		return n.w.Write(p)
	}
	if len(p) == 1 {
		return 1, nil
	}
	if _, err := n.w.Write(bytes.ReplaceAll(p, []byte{'\a'}, nil)); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (n *noBell) Close() error { return nil }

// ErrInterrupted is Ctrl-C at a prompt; ErrStopped is Ctrl-D (the end of
// input). What they mean for the command is the command's to say.
var (
	ErrInterrupted = errors.New("interrupted")
	ErrStopped     = errors.New("stopped")
)

// promptErr maps promptui's ways of giving up: Ctrl-C to ErrInterrupted,
// Ctrl-D (end of input) to ErrStopped.
func promptErr(err error) error {
	switch {
	case errors.Is(err, promptui.ErrInterrupt):
		return ErrInterrupted
	case errors.Is(err, promptui.ErrEOF):
		return ErrStopped
	}
	return err
}

// funcs are the template functions of promptTemplates and selectTemplates,
// promptui's looks: in colour, or (NO_COLOR, TERM=dumb) without a single
// colour or style sequence.
func (t *Terminal) funcs() template.FuncMap {
	if t.ios.Color {
		return promptui.FuncMap
	}
	plain := template.FuncMap{}
	for name := range promptui.FuncMap {
		plain[name] = func(v any) string { return fmt.Sprint(v) }
	}
	return plain
}

func (t *Terminal) promptTemplates() *promptui.PromptTemplates {
	return &promptui.PromptTemplates{
		Prompt:          `{{ "?" | blue }} {{ . | bold }}: `,
		Confirm:         `{{ "?" | blue }} {{ . | bold }} `,
		Valid:           `{{ "✔" | green }} {{ . | bold }}: `,
		Invalid:         `{{ "✗" | red }} {{ . | bold }}: `,
		ValidationError: `  {{ . | red }}`,
		Success:         `{{ . | faint }}: `,
		FuncMap:         t.funcs(),
	}
}

// selectFuncs are funcs with underlines: each line of an item that goes
// on on several underlined without its indent.
func (t *Terminal) selectFuncs() template.FuncMap {
	fm := template.FuncMap{}
	for k, v := range t.funcs() {
		fm[k] = v
	}
	underline := fm["underline"].(func(any) string)
	fm["underlines"] = func(v any) string {
		lines := strings.Split(fmt.Sprint(v), "\n")
		for i, l := range lines {
			text := strings.TrimLeft(l, " ")
			lines[i] = l[:len(l)-len(text)] + underline(text)
		}
		return strings.Join(lines, "\n")
	}
	return fm
}

// listItem is an item as a list shows it: Row in the list (after the
// four columns of "  ▸ "), Done once chosen (after "✔ "). An item wider
// than the terminal goes on on more lines, under its own description
// ("lowest     everyone tallies what they're caught with;" then "lowest
// wins" under "everyone").
type listItem struct{ Row, Done string }

// newListItem is item in a list asked with label. Once chosen it reads as
// the question with its answer ("Who went out? Max"), as a yes/no question
// kept on the screen does: scrolled back to, a name alone does not say
// what it answered.
func newListItem(label, item string, width int) listItem {
	row := ui.Wrap("    "+item, width)[4:]
	return listItem{Row: row, Done: answered(label, item, width)}
}

// answered is label and item on one line, broken between words to width
// after the two columns of "✔ ", the lines it goes on on indented. An item
// that is a term and its description ("lowest     everyone tallies…")
// goes on under its description, as in the list, where the line has room
// for it after the question.
func answered(label, item string, width int) string {
	whole := ui.Wrap("  "+label+" "+item, width)[2:]
	lead := 2 + ui.Width(label) + 1
	if !strings.Contains(whole, "\n") || lead > width/2 {
		return whole
	}
	gap := strings.Index(item, "  ")
	if gap <= 0 {
		return whole
	}
	col := gap + len(item[gap:]) - len(strings.TrimLeft(item[gap:], " "))
	if ui.Width(item[:col]) > (width-lead)/2 {
		return whole
	}
	lines := strings.Split(ui.Wrap(item, width-lead), "\n")
	return label + " " + strings.Join(lines, "\n"+strings.Repeat(" ", lead))
}

func (t *Terminal) selectTemplates() *promptui.SelectTemplates {
	return &promptui.SelectTemplates{
		Label:    `{{ "?" | blue }} {{ . | bold }}`,
		Active:   `▸ {{ .Row | underlines }}`,
		Inactive: `  {{ .Row }}`,
		Selected: `{{ "✔" | green }} {{ .Done | faint }}`,
		FuncMap:  t.selectFuncs(),
	}
}

// fitLabel breaks a prompt's label between words to the terminal's width
// as it is now, keeping room for the "? " before it and extra columns
// after it (": ", " [Y/n] ").
func (t *Terminal) fitLabel(label string, extra int) string {
	width := t.ios.TermWidth()
	if width <= 0 || 2+ui.Width(label)+extra <= width {
		return label
	}
	// What follows the label stays on its last line: it is wrapped as part
	// of the last word.
	after := strings.Repeat("~", extra)
	wrapped := ui.Wrap("? "+label+after, width)
	return strings.TrimSuffix(strings.TrimPrefix(wrapped, "? "), after)
}

// fitMessages makes validate's sentences, shown under the prompt after two
// spaces, break between words at the terminal's width.
func (t *Terminal) fitMessages(validate func(string) error) func(string) error {
	if validate == nil {
		return nil
	}
	return func(v string) error {
		err := validate(v)
		if err == nil {
			return nil
		}
		return fittedError{err, strings.TrimPrefix(ui.Wrap("  "+err.Error(), t.ios.TermWidth()), "  ")}
	}
}

// fittedError is an error whose sentence is broken into lines.
type fittedError struct {
	err  error
	text string
}

func (e fittedError) Error() string { return e.text }
func (e fittedError) Unwrap() error { return e.err }

func (t *Terminal) Input(label, def string, validate func(string) error) (string, error) {
	return t.input(label, def, "", validate)
}

func (t *Terminal) Edit(label, text string, validate func(string) error) (string, error) {
	return t.input(label, "", text, validate)
}

// input asks for a line that starts as text, or empty with def as its
// default.
func (t *Terminal) input(label, def, text string, validate func(string) error) (string, error) {
	t.start()
	hint := 0
	if def != "" {
		hint = 1 + ui.Width(def) + 2 // " [500]"
	}
	p := promptui.Prompt{
		Label:     t.fitLabel(label, hint+2+2),
		Default:   text,
		Hint:      def,
		AllowEdit: true,
		HideEmpty: true,
		Validate:  t.fitMessages(validate),
		// "?" at a card prompt shows the notation: no ✔ as if it were
		// a hand (where a prompt refuses "?", its ✗ stays).
		Asking:    func(s string) bool { return strings.TrimSpace(s) == "?" },
		Templates: t.promptTemplates(),
		KeepRaw:   t.raw != nil,
		Stdin:     t.keys.view(),
		Stdout:    t.out,
		// The answer left on the screen is broken between words, the
		// lines it goes on on indented, as all unoscore prints.
		Wrap: func(line string) string { return ui.Wrap(line, t.ios.TermWidth()) },
	}
	s, err := p.Run()
	return strings.TrimSpace(s), promptErr(err)
}

func (t *Terminal) Select(label string, items []string, cursor int) (int, error) {
	return t.selectOne(label, items, len(items), cursor, false, false)
}

func (t *Terminal) Pick(label string, items []string, cursor int) (int, error) {
	return t.selectOne(label, items, len(items), cursor, true, false)
}

func (t *Terminal) PickAbsent(label string, items []string, cursor int, absent func(string) string) (int, error) {
	t.absent = absent
	defer func() { t.absent = nil }()
	return t.selectOne(label, items, len(items), cursor, true, false)
}

func (t *Terminal) Choose(label string, items []string, names, cursor int) (int, error) {
	return t.selectOne(label, items, min(max(names, 0), len(items)), cursor, true, false)
}

func (t *Terminal) Menu(label string, items []string, names, cursor int) (int, error) {
	return t.selectOne(label, items, min(max(names, 0), len(items)), cursor, true, true)
}

// selectOne asks for one of items; typed letters go only to the first
// names of them.
func (t *Terminal) selectOne(label string, items []string, names, cursor int, pick, hide bool) (int, error) {
	t.start()
	in := t.keys.view()
	if pick {
		in.pick = &picker{items: items[:names], detail: hide}
	}
	// An item wider than the terminal goes on on more lines (the list
	// redrawn on every key counts them).
	width := t.ios.TermWidth()
	if width <= 0 {
		width = 80
	}
	shown := make([]listItem, len(items))
	for i, it := range items {
		shown[i] = newListItem(label, it, width)
	}
	s := promptui.Select{
		Label:        t.fitLabel(label, 2),
		Items:        shown,
		CursorPos:    cursor,
		Size:         min(len(items), 10),
		HideHelp:     true,
		HideSelected: hide,
		Templates:    t.selectTemplates(),
		Jump:         jumpTo(items[:names]),
		Unmatched:    unmatched(pick, width, t.absent),
		KeepRaw:      t.raw != nil,
		Stdin:        in,
		Stdout:       t.out,
	}
	i, _, err := s.Run()
	return i, promptErr(err)
}

// unmatched, in a list of players, says that a letter typed starts no
// player's name (the key did nothing before); else nil.
func unmatched(players bool, width int, absent func(string) string) func(string) string {
	if !players {
		return nil
	}
	return func(key string) string {
		say := ""
		if absent != nil {
			say = absent(key)
		}
		if say == "" {
			say = fmt.Sprintf("no player's name starts with %s", key)
		}
		return clipWords(say, width-2)
	}
}

// jumpTo finds the first item starting with the letters typed, in any case.
func jumpTo(items []string) func(string) int {
	return func(typed string) int {
		typed = strings.ToLower(typed)
		for i, it := range items {
			if strings.HasPrefix(strings.ToLower(it), typed) {
				return i
			}
		}
		return -1
	}
}

func (t *Terminal) Confirm(label string, def bool) (bool, error) {
	t.start()
	d := "n"
	if def {
		d = "y"
	}
	tpl := t.promptTemplates()
	if def {
		tpl.Confirm += `{{ "[Y/n]" | faint }} `
	} else {
		tpl.Confirm += `{{ "[y/N]" | faint }} `
	}
	// The answer is said by what follows ("Saved." or "Not saved."), so the
	// question is cleared once answered rather than left half-drawn.
	p := promptui.Prompt{
		Label: t.fitLabel(label, 2+6), IsConfirm: true, Default: d, HideEntered: true,
		Validate:  t.fitMessages(notAnAnswer),
		Templates: tpl,
		KeepRaw:   t.raw != nil,
		Stdin:     t.keys.view(),
		Stdout:    t.out,
	}
	_, err := p.Run()
	if errors.Is(err, promptui.ErrAbort) {
		return false, nil
	}
	if err != nil {
		return false, promptErr(err)
	}
	return true, nil
}

// notAnAnswer refuses what is not an answer to a yes/no question: y, yes,
// n, no in any case, or nothing (the default) are; the question is asked
// again.
func notAnAnswer(v string) error {
	if _, ok := promptui.YesNo(v); ok || strings.TrimSpace(v) == "" {
		return nil
	}
	return fmt.Errorf("%q is not an answer: type y (yes) or n (no)", strings.TrimSpace(v))
}

// clipWords shortens an item of a list to width columns at a space, ending
// it with "…": a word is never cut (one longer than the whole width is).
func clipWords(s string, width int) string {
	if ui.Width(s) <= width {
		return s
	}
	cut := ui.Truncate(s, width)
	head := strings.TrimSuffix(cut, "…")
	if i := strings.LastIndex(head, " "); i > 0 && s[len(head)] != ' ' {
		head = strings.TrimRight(head[:i], " ,;:")
	}
	return strings.TrimRight(head, " ,;:") + "…"
}
