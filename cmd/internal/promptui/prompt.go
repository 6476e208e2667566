package promptui

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/template"

	"github.com/chzyer/readline"
	upstream "github.com/manifoldco/promptui"
	"github.com/unoscore/unoscore/cmd/internal/promptui/screenbuf"
)

// Prompt represents a single line text field input with options for validation and input masks.
type Prompt struct {
	// Label is the value displayed on the command line prompt.
	//
	// The value for Label can be a simple string or a struct that will need to be accessed by dot notation
	// inside the templates. For example, `{{ .Name }}` will display the name property of a struct.
	Label interface{}

	// Default is the initial value for the prompt. This value will be displayed next to the prompt's label
	// and the user will be able to view or change it depending on the options.
	Default string

	// AllowEdit lets the user edit the default value. If false, any key press
	// other than <Enter> automatically clears the default value.
	AllowEdit bool

	// Validate is an optional function that fill be used against the entered value in the prompt to validate it.
	Validate ValidateFunc

	// Asking, in unoscore's fork, tells an answer that asks for help ("?")
	// rather than answers: an accepted one is shown without a verdict
	// (no ✔), as before anything is typed.
	Asking func(string) bool

	// Mask is an optional rune that sets which character to display instead of the entered characters. This
	// allows hiding private information like passwords.
	Mask rune

	// HideEntered sets whether to hide the text after the user has pressed enter.
	HideEntered bool

	// Templates can be used to customize the prompt output. If nil is passed, the
	// default templates are used. See the PromptTemplates docs for more info.
	Templates *PromptTemplates

	// IsConfirm makes the prompt ask for a yes or no ([Y/N]) question rather than request an input. When set,
	// most properties related to input will be ignored.
	IsConfirm bool

	// IsVimMode enables vi-like movements (hjkl) and editing.
	IsVimMode bool

	// the Pointer defines how to render the cursor.
	Pointer Pointer

	// HideEmpty clears the prompt when the answer is empty (unoscore's
	// fork): an empty answer that means "not now" leaves no line behind.
	HideEmpty bool

	// KeepRaw tells the prompt that the caller holds the terminal in raw
	// mode (unoscore's fork): readline must not switch it back to cooked
	// mode when the prompt ends, or keys typed ahead would be echoed and
	// held back until a newline.
	KeepRaw bool

	// Stdin is read one key at a time, and closed when the prompt ends.
	Stdin  io.ReadCloser
	Stdout io.WriteCloser

	// Hint is the answer taken when the line is left empty (unoscore's
	// fork): shown faint in brackets after the label ("Play to how many
	// points [500]: "), never as text in the line, so what is typed
	// replaces it (upstream's Default with AllowEdit made "50" typed after
	// it "50050"). The finished line shows the answer taken.
	Hint string

	// Wrap, when set, breaks the finished line (the label and the answer,
	// as left on the screen) into lines that fit the terminal (unoscore's
	// fork).
	Wrap func(string) string
}

// PromptTemplates allow a prompt to be customized following stdlib
// text/template syntax. Custom state, colors and background color are available for use inside
// the templates and are documented inside the Variable section of the docs.
//
// # Examples
//
// text/templates use a special notation to display programmable content. Using the double bracket notation,
// the value can be printed with specific helper functions. For example
//
// This displays the value given to the template as pure, unstylized text.
//
//	'{{ . }}'
//
// This displays the value colored in cyan
//
//	'{{ . | cyan }}'
//
// This displays the value colored in red with a cyan background-color
//
//	'{{ . | red | cyan }}'
//
// See the doc of text/template for more info: https://golang.org/pkg/text/template/
type PromptTemplates struct {
	// Prompt is a text/template for the prompt label displayed on the left side of the prompt.
	Prompt string

	// Prompt is a text/template for the prompt label when IsConfirm is set as true.
	Confirm string

	// Valid is a text/template for the prompt label when the value entered is valid.
	Valid string

	// Invalid is a text/template for the prompt label when the value entered is invalid.
	Invalid string

	// Success is a text/template for the prompt label when the user has pressed entered and the value has been
	// deemed valid by the validation function. The label will keep using this template even when the prompt ends
	// inside the console.
	Success string

	// Prompt is a text/template for the prompt label when the value is invalid due to an error triggered by
	// the prompt's validation function.
	ValidationError string

	// FuncMap is a map of helper functions that can be used inside of templates according to the text/template
	// documentation.
	//
	// By default, FuncMap contains the color functions used to color the text in templates. If FuncMap
	// is overridden, the colors functions must be added in the override from promptui.FuncMap to work.
	FuncMap template.FuncMap

	prompt     *template.Template
	valid      *template.Template
	invalid    *template.Template
	validation *template.Template
	success    *template.Template
}

// Run executes the prompt. Its displays the label and default value if any, asking the user to enter a value.
// Run will keep the prompt alive until it has been canceled from the command prompt or it has received a valid
// value. It will return the value and an error if any occurred during the prompt's execution.
func (p *Prompt) Run() (string, error) {
	var err error

	err = p.prepareTemplates()
	if err != nil {
		return "", err
	}

	validFn := func(x string) error {
		return nil
	}
	if p.Validate != nil {
		validFn = p.Validate
	}

	var inputErr error
	label := p.Label
	if s, ok := label.(string); ok && p.Hint != "" {
		hint := "[" + p.Hint + "]"
		if faint, ok := p.Templates.FuncMap["faint"].(func(interface{}) string); ok {
			hint = faint(hint)
		}
		label = s + " " + hint
	}
	input := p.Default
	if p.IsConfirm {
		input = ""
	}
	eraseDefault := input != "" && !p.AllowEdit
	cur := NewCursor(input, p.Pointer, eraseDefault)
	typed := false
	// answer is what was typed, or the hint when nothing was.
	answer := func() string {
		if v := cur.Get(); v != "" || p.Hint == "" {
			return v
		}
		return p.Hint
	}

	var sb *screenbuf.ScreenBuf
	var out io.Writer // the terminal, once the line is open
	listen := func(line []rune, pos int, key rune) ([]rune, int, bool) {
		if ends(key, line) {
			// unoscore's fork: Run has the line already and draws the
			// answer itself (see session.go).
			return nil, 0, false
		}
		_, _, keepOn := cur.Listen(line, pos, key)
		if key != 0 {
			typed = true
		}
		err := validFn(answer())
		var prompt []byte

		// unoscore's fork: no ✗ before anything is typed, and a message
		// line always under the prompt (a fixed height).
		switch {
		case !typed && inputErr == nil, p.IsConfirm:
			// Nothing typed yet: no verdict on an empty answer.
			prompt = render(p.Templates.prompt, label)
		case err == nil && p.Asking != nil && p.Asking(answer()):
			// A call for help is no answer: no verdict on it either.
			prompt = render(p.Templates.prompt, label)
		case err != nil:
			prompt = render(p.Templates.invalid, label)
		default:
			prompt = render(p.Templates.valid, label)
		}

		echo := cur.Format()
		if p.Mask != 0 {
			echo = cur.FormatMask(p.Mask)
		}
		// unoscore's fork: inside the line, the character under the
		// cursor stays on the screen (DefaultCursor's block took its
		// place) and the terminal's own cursor stands on it, as in a
		// shell; at the end of the line the block is drawn, as before.
		inside := p.Mask == 0 && cur.Position < len(cur.input)
		if inside {
			echo = cur.Get()
		}

		sb.Reset()
		if inside {
			lines := bytes.Split(prompt, []byte{'\n'})
			col := screenbuf.Width(lines[len(lines)-1]) + screenbuf.Width([]byte(string(cur.input[:cur.Position])))
			sb.Mark(len(lines)-1, col)
		}
		prompt = append(prompt, []byte(echo)...)
		sb.Write(prompt)
		if !p.IsConfirm || inputErr != nil {
			// The line under the prompt is always there, so the prompt keeps
			// its height whether or not it has something to say. A yes/no
			// question has one only to say why an answer was refused
			// (unoscore's fork).
			var validation []byte
			if inputErr != nil {
				validation = render(p.Templates.validation, inputErr)
				inputErr = nil
			}
			sb.Write(validation)
		}
		sb.Flush()
		if inside {
			out.Write([]byte(showCursor))
		} else {
			out.Write([]byte(hideCursor))
		}
		return nil, 0, keepOn
	}

	c := &readline.Config{
		EnableMask: p.Mask != 0,
		MaskRune:   p.Mask,
		VimMode:    p.IsVimMode,
	}
	l, err := openLine(p.Stdin, p.Stdout, p.KeepRaw, true, c, listen)
	if err != nil {
		return "", err
	}
	defer l.close()
	rl := l.rl
	sb, out = screenbuf.New(l.out, readline.GetScreenWidth), l.out
	// we're taking over the cursor,  so stop showing it.
	l.out.Write([]byte(hideCursor))

	for {
		_, err = rl.Readline()
		inputErr = validFn(answer())
		if inputErr == nil {
			break
		}

		if err != nil {
			break
		}
	}

	if err != nil {
		switch err {
		case readline.ErrInterrupt:
			err = ErrInterrupt
		case io.EOF:
			err = ErrEOF
		}
		if err.Error() == "Interrupt" {
			err = ErrInterrupt
		}
		clearScreen(sb)
		l.out.Write([]byte(showCursor))
		l.close()
		return "", err
	}

	echo := answer()
	if p.Mask != 0 {
		echo = cur.GetMask(p.Mask)
	}

	prompt := render(p.Templates.success, p.Label)
	prompt = append(prompt, []byte(echo)...)
	if p.Wrap != nil {
		// unoscore's fork: the answer left on the screen is broken
		// between words, not where the terminal's width cuts it.
		prompt = []byte(p.Wrap(string(prompt)))
	}

	if p.IsConfirm && !ConfirmYes(cur.Get(), strings.ToLower(p.Default) == "y") {
		prompt = render(p.Templates.invalid, p.Label)
		err = ErrAbort
	}

	if p.HideEntered || (p.HideEmpty && answer() == "") {
		clearScreen(sb)
	} else {
		sb.Reset()
		sb.Write(prompt)
		sb.Flush()
	}

	l.out.Write([]byte(showCursor))
	l.close()

	return answer(), err
}

// ConfirmYes is whether answer to a yes/no question is yes (unoscore's
// fork): y or yes in any case, or nothing typed when the default is yes.
// Upstream took only y, so a "yes" typed in full was a no. What is neither
// yes nor no is for Validate to refuse (YesNo).
func ConfirmYes(answer string, def bool) bool {
	if strings.TrimSpace(answer) == "" {
		return def
	}
	yes, _ := YesNo(answer)
	return yes
}

// YesNo reads an answer to a yes/no question: y, yes, n or no in any case
// and around spaces; ok is false for anything else (nothing typed
// included: the question's default is the caller's).
func YesNo(answer string) (yes, ok bool) {
	switch strings.ToLower(strings.TrimSpace(answer)) {
	case "y", "yes":
		return true, true
	case "n", "no":
		return false, true
	}
	return false, false
}

func (p *Prompt) prepareTemplates() error {
	tpls := p.Templates
	if tpls == nil {
		tpls = &PromptTemplates{}
	}

	if tpls.FuncMap == nil {
		tpls.FuncMap = FuncMap
	}

	bold := Styler(FGBold)

	if p.IsConfirm {
		if tpls.Confirm == "" {
			confirm := "y/N"
			if strings.ToLower(p.Default) == "y" {
				confirm = "Y/n"
			}
			tpls.Confirm = fmt.Sprintf(`{{ "%s" | bold }} {{ . | bold }}? {{ "[%s]" | faint }} `, upstream.IconInitial, confirm)
		}

		tpl, err := template.New("").Funcs(tpls.FuncMap).Parse(tpls.Confirm)
		if err != nil {
			return err
		}

		tpls.prompt = tpl
	} else {
		if tpls.Prompt == "" {
			tpls.Prompt = fmt.Sprintf("%s {{ . | bold }}%s ", bold(upstream.IconInitial), bold(":"))
		}

		tpl, err := template.New("").Funcs(tpls.FuncMap).Parse(tpls.Prompt)
		if err != nil {
			return err
		}

		tpls.prompt = tpl
	}

	if tpls.Valid == "" {
		tpls.Valid = fmt.Sprintf("%s {{ . | bold }}%s ", bold(upstream.IconGood), bold(":"))
	}

	tpl, err := template.New("").Funcs(tpls.FuncMap).Parse(tpls.Valid)
	if err != nil {
		return err
	}

	tpls.valid = tpl

	if tpls.Invalid == "" {
		tpls.Invalid = fmt.Sprintf("%s {{ . | bold }}%s ", bold(upstream.IconBad), bold(":"))
	}

	tpl, err = template.New("").Funcs(tpls.FuncMap).Parse(tpls.Invalid)
	if err != nil {
		return err
	}

	tpls.invalid = tpl

	if tpls.ValidationError == "" {
		tpls.ValidationError = `{{ ">>" | red }} {{ . | red }}`
	}

	tpl, err = template.New("").Funcs(tpls.FuncMap).Parse(tpls.ValidationError)
	if err != nil {
		return err
	}

	tpls.validation = tpl

	if tpls.Success == "" {
		tpls.Success = fmt.Sprintf("{{ . | faint }}%s ", Styler(FGFaint)(":"))
	}

	tpl, err = template.New("").Funcs(tpls.FuncMap).Parse(tpls.Success)
	if err != nil {
		return err
	}

	tpls.success = tpl

	p.Templates = tpls

	return nil
}
