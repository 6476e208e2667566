package cmd

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
)

// An example is a command line shown in a fenced block of README.md or a
// page of docs/: a line that starts "unoscore " or "$ unoscore ".
type example struct {
	line int    // in its page, from 1
	text string // as written, without "$ " and a trailing "# comment"
	args []string
	out  string // the file its stdout goes to ("> backup.json"), or ""
	// shown is the first line the page shows under it before the next
	// example, "" for none ("..." counts as none).
	shown string
}

var exampleLine = regexp.MustCompile(`^(\$ )?unoscore( |$)`)

// examplesOf reads the examples of one page, in order.
func examplesOf(t *testing.T, page string) []example {
	t.Helper()
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var exs []example
	fenced, under := false, false // under: the lines after an example
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "```") {
			fenced, under = !fenced, false
			continue
		}
		if !fenced {
			continue
		}
		if !exampleLine.MatchString(l) {
			if under && strings.TrimSpace(l) != "" {
				if l != "..." {
					exs[len(exs)-1].shown = l
				}
				under = false
			}
			continue
		}
		under = false
		words, out, err := shellWords(strings.TrimPrefix(l, "$ "))
		if err != nil {
			t.Errorf("%s:%d: %v: %s", page, i+1, err, l)
			continue
		}
		exs = append(exs, example{line: i + 1, text: strings.Join(words, " "), args: words[1:], out: out})
		under = true
	}
	return exs
}

// shellWords splits a command line as sh would for the forms the pages
// use: words, "double" and 'single' quotes, a word starting "#" ending
// the line, and "> FILE".
func shellWords(s string) (words []string, out string, err error) {
	var w strings.Builder
	in, quote, redirect := false, rune(0), false
	end := func() {
		if !in {
			return
		}
		if redirect {
			out, redirect = w.String(), false
		} else {
			words = append(words, w.String())
		}
		w.Reset()
		in = false
	}
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '"' || r == '\'':
			quote, in = r, true
		case r == ' ' || r == '\t':
			end()
		case r == '#' && !in:
			end()
			if redirect {
				return nil, "", errString("\"> \" names no file")
			}
			return words, out, nil
		case r == '>' && !in:
			redirect = true
		case strings.ContainsRune("|<;&$`\\(", r):
			return nil, "", errString("the test reads no " + string(r) + ": show the line another way, or teach shellWords")
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, "", errString("a quote is not closed")
	}
	end()
	return words, out, nil
}

type errString string

func (e errString) Error() string { return string(e) }

// exampleWant is what an example that does not simply succeed (exit 0,
// the first line the page shows under it among the lines it prints) does
// instead, and why.
type exampleWant struct {
	code ExitCode
	// parseOnly: not run (it waits for a terminal, serves until stopped,
	// or needs what the page leaves out), only its command, flags and
	// arguments checked as cobra reads them.
	parseOnly bool
	// before: commands run first, for what the page leaves out.
	before [][]string
	// anyOutput: what it prints depends on more than the page shows.
	anyOutput bool
	// fresh: the page starts another evening here, in a new scratch
	// database.
	fresh bool
	why   string
}

// docsExamples: per page, the commands run first in its scratch database
// (a page whose examples need a game) and the examples that do not exit
// 0 with the output shown, keyed by their text (the words as sh reads
// them, joined by spaces). A key that matches no example fails the test,
// so the table cannot outlive the pages.
var docsExamples = map[string]struct {
	setup [][]string
	want  map[string]exampleWant
}{
	"docs/data.md": {
		setup: [][]string{{"new", "--players", "Ann,Bob,Cat"}, {"hand", "-o", "a", "b=r7", "c=w"}},
		want: map[string]exampleWant{
			"unoscore import backup.json": {code: ExitUsage,
				why: "the game exported is in the database still: an id already there is refused, as the line says"},
			"unoscore games delete ID": {code: ExitUsage,
				why: "it asks first, as the line says: without a terminal, --yes is asked for"},
		},
	},
	"docs/game-night.md": {
		setup: [][]string{{"new", "--players", "Ann,Bob,Cat,Dan"}},
		want: map[string]exampleWant{
			"unoscore new": {parseOnly: true, why: "a terminal session: cmd/e2e's pty and screen tests play it"},
			`unoscore new --players Ann,Bob,Cat,Dan --name Friday night --dealer Dan`: {fresh: true,
				why: "the evening from flags starts afresh: its games lists that game alone"},
			"unoscore target 1000": {anyOutput: true, why: "late in an evening the page does not show: play_on.txtar checks the words"},
			"unoscore end":         {anyOutput: true, why: "late in an evening the page does not show: play_on.txtar checks the words"},
			"unoscore hand -o Mom Dad=r7 wd10 Zoe=wcr --knocked-out Max": {why: "a No Mercy game of its own",
				before: [][]string{{"new", "--players", "Mom,Dad,Zoe,Max", "--deck", "no-mercy", "--dealer", "Dad"}}},
		},
	},
	"docs/modes.md": {want: map[string]exampleWant{
		"unoscore hand --table 2 --out Dan --left Fay=w b5 --left Bob=gs": {parseOnly: true,
			why: "the game's 56th hand: the page leaves out the 53 before it"},
		"unoscore hand --table 2 --out Eve --left Cat=5 --left Bob=5": {code: ExitUsage,
			why: "a table waiting for the other: round 1 of one hand played at table 2 only",
			before: [][]string{
				{"new", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--mode", "rotating", "--hands", "1"},
				{"hand", "--table", "2", "--out", "Gus", "--left", "Hal=9", "--left", "Fay=2xs"},
			}},
	}},
	"docs/stats.md": {
		setup: [][]string{
			{"new", "--players", "Ann,Bob,Cat,Dan", "--target", "100"},
			{"hand", "-o", "b", "c=wd4 w", "d=r7", "a=g2"},
			{"new", "--players", "Ann,Bob,Cat", "--target", "50"},
			{"hand", "-o", "a", "b=w r7", "c=r7"},
		},
		want: map[string]exampleWant{
			"unoscore stats --player bob": {anyOutput: true, why: "its figures are the page's games': cmd_stats_test.go checks them"},
		},
	},
}

// untilStopped are the commands that run until they are stopped: their
// examples are only read (cmd_serve_test.go and cmd/e2e run serve).
var untilStopped = map[string]bool{"serve": true}

// gameID is a game's id where unoscore prints one, which differs from run
// to run.
var gameID = regexp.MustCompile(`\b([Gg]ame) [0-9a-z]{6}\b`)

// TestDocsExamples runs every command line that README.md and docs/*.md
// show in a fenced block, page by page in order, each page in a scratch
// database and folder of its own, in-process: each exits as the page says
// (0 unless docsExamples says otherwise), and the first line the page
// shows under it is among the lines it prints (a game's id aside), so the
// pages stay true to the commands, flags and words unoscore has. A word
// ID is the current game's id.
func TestDocsExamples(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{filepath.Join("..", "README.md")}, pages...)
	used := map[string]bool{}
	total := 0
	for _, page := range pages {
		name := filepath.ToSlash(strings.TrimPrefix(page, ".."+string(filepath.Separator)))
		exs := examplesOf(t, page)
		total += len(exs)
		spec := docsExamples[name]
		for _, ex := range exs {
			if _, ok := spec.want[ex.text]; ok {
				used[name+"\x00"+ex.text] = true
			}
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "unoscore.db")
			t.Chdir(dir)
			mustRun := func(what string, args []string) {
				if code, _, stderr := runExample(t, db, args, ""); code != ExitOK {
					t.Fatalf("%s %q: exit %d: %s", what, args, code, stderr)
				}
			}
			for _, args := range spec.setup {
				mustRun("setup", args)
			}
			for _, ex := range exs {
				want := spec.want[ex.text]
				where := fmt.Sprintf("%s:%d: %s", name, ex.line, ex.text)
				if want.parseOnly || untilStopped[commandName(ex.args)] {
					if err := parseExample(ex.args); err != nil {
						t.Errorf("%s: %v", where, err)
					}
					continue
				}
				if want.fresh {
					db = filepath.Join(t.TempDir(), "unoscore.db")
				}
				for _, args := range want.before {
					mustRun("before "+where+":", args)
				}
				args := slices.Clone(ex.args)
				for i, a := range args {
					if a == "ID" {
						args[i] = currentGame(t, db)
					}
				}
				code, stdout, stderr := runExample(t, db, args, ex.out)
				if code != want.code {
					t.Errorf("%s: exit %d, want %d (%s)\nstdout:\n%s\nstderr:\n%s", where, code, want.code, cmp.Or(want.why, "the page shows it working; if it should not, say so in docsExamples"), stdout, stderr)
					continue
				}
				if ex.shown == "" || want.anyOutput {
					continue
				}
				shown := gameID.ReplaceAllString(strings.TrimRight(ex.shown, " "), "$1 ID")
				lines := strings.Split(gameID.ReplaceAllString(stdout+stderr, "$1 ID"), "\n")
				if !slices.ContainsFunc(lines, func(l string) bool { return strings.TrimRight(l, " ") == shown }) {
					t.Errorf("%s: the page shows\n\t%s\nwhich it does not print (mend the page, or set up what it needs in docsExamples):\n%s%s", where, ex.shown, stdout, stderr)
				}
			}
		})
	}
	if total < 50 {
		t.Errorf("%d examples in README.md and docs/*.md: the reader lost some", total)
	}
	for name, spec := range docsExamples {
		for text := range spec.want {
			if !used[name+"\x00"+text] {
				t.Errorf("docsExamples names %q in %s, which shows no such example", text, name)
			}
		}
	}
}

// currentGame is the id of db's current game.
func currentGame(t *testing.T, db string) string {
	t.Helper()
	code, stdout, stderr := runExample(t, db, []string{"games", "--json"}, "")
	var list struct {
		Games []struct {
			ID      string `json:"id"`
			Current bool   `json:"current"`
		} `json:"games"`
	}
	if err := json.Unmarshal([]byte(stdout), &list); code != ExitOK || err != nil {
		t.Fatalf("games --json: exit %d, %v: %s", code, err, stderr)
	}
	for _, g := range list.Games {
		if g.Current {
			return g.ID
		}
	}
	t.Fatal("games --json: no current game")
	return ""
}

// runExample runs args in-process on db, without a terminal; out, when
// given, is the file stdout goes to.
func runExample(t *testing.T, db string, args []string, out string) (ExitCode, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	ios := &iostreams.IOStreams{In: strings.NewReader(""), Out: &stdout, Err: &stderr}
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		ios.Out = f
	}
	code := Run(append([]string{"--db", db}, args...), ios, nil)
	return code, stdout.String(), stderr.String()
}

// parseExample checks, without running it, that args name a command and
// that its flags and arguments are ones it takes.
func parseExample(args []string) error {
	app := &App{IO: &iostreams.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}}
	root, _ := newRootCmd(app, args)
	c, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	if err := c.ParseFlags(rest); err != nil {
		return err
	}
	return c.ValidateArgs(c.Flags().Args())
}

var (
	mdLink    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	mdHeading = regexp.MustCompile(`(?m)^#+ (.*)$`)
	notAnchor = regexp.MustCompile(`[^\p{L}\p{N}_\- ]`)
)

// TestDocsLinks: every link of README.md and docs/*.md to a file of the
// repository finds it, and a link to a heading (page.md#heading, as
// GitHub makes the anchors) finds the heading, so that a heading renamed
// on one page breaks no other.
func TestDocsLinks(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join("..", "README.md"))
	anchors := func(path string) map[string]bool {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		as := map[string]bool{}
		for _, m := range mdHeading.FindAllStringSubmatch(string(data), -1) {
			a := notAnchor.ReplaceAllString(strings.ToLower(strings.TrimSpace(m[1])), "")
			as[strings.ReplaceAll(a, " ", "-")] = true
		}
		return as
	}
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(data), -1) {
			link := m[1]
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			path, frag, _ := strings.Cut(link, "#")
			target := page
			if path != "" {
				target = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
			}
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s links to %s: %v", page, link, err)
				continue
			}
			if frag != "" && strings.HasSuffix(target, ".md") && !anchors(target)[frag] {
				t.Errorf("%s links to %s: %s has no such heading", page, link, target)
			}
		}
	}
}
