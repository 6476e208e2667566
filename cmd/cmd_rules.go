package cmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type rulesOptions struct {
	app   *App
	Words []string // the topic or question, as typed
	JSON  bool
	Game  string
}

func newRulesCmd(app *App, runF func(*rulesOptions) error) *cobra.Command {
	o := &rulesOptions{app: app}
	c := &cobra.Command{
		Use:   "rules [TOPIC WORDS...]",
		Short: "Settle a rules question from the rulebooks (no topic: list them)",
		Long: `Answer a rules question from unoscore's reference, written from five printed
UNO rulebooks. Each answer leads with the rule, then says where the
rulebooks differ, by name ("unoscore rules deck" lists them).

Name a topic by its id, title or an alias, in any case ("rules wd4", "rules
wild draw four"), and the whole topic is printed. Or ask in your own words,
texting and misspellings included: "rules can u put a draw 2 on a draw 2",
"rules forgot to yell uno how many do i pick up". The answer comes first, in
one breath: the fact that settles it, with the rulebooks' differences on that
point by name, then the topic to read whole ("more: unoscore rules uno") and
a close runner-up, if any. Where no rulebook says (stacking, jump-in, ties,
time limits), the answer begins "No rulebook covers that", then says what
they say nearest and how to agree a house rule.

With --game, "rules wild-customizable" also shows the rules the table wrote
on that game's Wild Customizable cards.`,
		Example: `  unoscore rules
  unoscore rules skip
  unoscore rules wild draw four
  unoscore rules can I stack draw 2
  unoscore rules wild-customizable --game 3f9a`,
		ValidArgsFunction: topicCompletion,
		RunE: func(c *cobra.Command, args []string) error {
			o.Words = args
			if runF != nil {
				return runF(o)
			}
			return runRules(o)
		},
	}
	jsonFlag(c, &o.JSON, "print the answer as JSON")
	gameFlag(c, app, &o.Game, "with wild-customizable: also show the rules written on this game's cards")
	return c
}

// runRules lists the topics, or answers the topic or question in o.Words.
func runRules(o *rulesOptions) error {
	if len(o.Words) == 0 {
		if o.Game != "" {
			return usagef("--game goes with a topic: unoscore rules wild-customizable --game %s", o.Game)
		}
		return listTopics(o)
	}
	return showTopic(o, strings.Join(o.Words, " "))
}

func listTopics(o *rulesOptions) error {
	out := o.app.IO.Out
	if o.JSON {
		res := present.TopicList{}
		for _, t := range rules.Topics() {
			res.Topics = append(res.Topics, present.TopicEntry{ID: t.ID, Title: t.Title, Aliases: words.NonNil(t.Aliases), Group: t.Group})
		}
		return writeJSON(out, res)
	}
	st := o.app.style()
	fmt.Fprintln(out, "Rules topics: unoscore rules TOPIC")
	for _, g := range rules.Groups {
		fmt.Fprintf(out, "\n%s\n", st.Bold(g.Title))
		for _, t := range rules.Topics() {
			if t.Group == g.ID {
				fmt.Fprintf(out, "  %-20s %s\n", t.ID, t.Title)
			}
		}
	}
	return nil
}

func showTopic(o *rulesOptions, query string) error {
	a, err := rules.Ask(query)
	if err != nil {
		return err
	}
	var forGame *store.Game
	if a.Fact != nil && o.Game == "" || a.Fact != nil && a.Topic.ID != "wild-customizable" {
		// A question: answered for the table (its deck, its house rules).
		table, g, err := gameTable(o.app, o.Game)
		if err != nil {
			return err
		}
		if g != nil {
			forGame = g
			if a, err = rules.AskFor(query, table); err != nil {
				return err
			}
		}
	}
	if a.Fact == nil && o.Game == "" {
		noteNamedDB(o.app)
	}
	t := a.Topic
	text, err := t.Text()
	if err != nil {
		return err
	}
	var game *store.Game
	if o.Game != "" && forGame == nil {
		if t.ID != "wild-customizable" {
			return usagef("--game goes with the wild-customizable topic (the rules written on a game's cards), not %s", t.ID)
		}
		if game, err = loadGame(o.app, o.Game); err != nil {
			return err
		}
		body, see, _ := strings.Cut(text, "\n\n## See also")
		text = body + "\n\n" + gameCustomText(game)
		if see != "" {
			text += "\n\n## See also" + see
		}
	}
	// With --game the table's own rules are the point: the whole topic.
	question := a.Fact != nil && game == nil
	if o.JSON {
		res := present.Topic{Topic: t.ID, Title: t.Title, Text: plainText(text, 0), Aliases: words.NonNil(t.Aliases)}
		if game != nil {
			n := game.Settings().Custom
			res.Game, res.Custom, res.CustomRules = game.ID, &n, words.NonNil(game.Settings().CustomRules)
		}
		also := []string{}
		for _, x := range a.Also {
			also = append(also, x.ID)
		}
		if question {
			res.Answer = plainText(a.Short(), 0)
			res.Verdict = a.Verdict
		}
		if forGame != nil {
			res.ForGame = forGame.ID
		}
		if question || len(also) > 0 {
			res.Also = &also
		}
		return writeJSON(o.app.IO.Out, res)
	}
	out := o.app.IO.Out
	st := o.app.style()
	if question {
		if forGame != nil && forTable(forGame) {
			fmt.Fprintf(out, "(for game %s: %s)\n", forGame.ID, tableWords(forGame))
		}
		writeText(out, a.Short(), o.app.IO.TermWidth(), st)
		fmt.Fprintf(out, "\nmore: unoscore rules %s\n", t.ID)
		for _, n := range a.Near {
			fmt.Fprintf(out, "also: unoscore rules %s (%s)\n", n.Topic.ID, n.Lead())
		}
		return nil
	}
	fmt.Fprintf(out, "%s (%s)\n\n", st.Bold(t.Title), t.ID)
	writeText(out, text, o.app.IO.TermWidth(), st)
	for i, x := range a.Also {
		if i == 0 {
			fmt.Fprintln(out)
		}
		fmt.Fprintf(out, "Looking for %s? See: unoscore rules %s\n", x.Title, x.ID)
	}
	return nil
}

// forTable reports whether a game's table changes answers: a deck other
// than the classic one, or house rules.
func forTable(g *store.Game) bool {
	s := g.Board.Settings
	return s.Deck != rules.DefaultDeck || len(s.House) > 0
}

// tableWords names what a game's answers are given for: "flip deck, house
// rules: stacking".
func tableWords(g *store.Game) string {
	s := g.Board.Settings
	w := s.Deck + " deck"
	switch len(s.House) {
	case 0:
	case 1:
		w += ", house rule: " + s.House[0]
	default:
		w += ", house rules: " + strings.Join(s.House, ", ")
	}
	switch {
	case s.Charged():
		// Lowest, challenge: the answers on the 250 follow the mode.
		w += fmt.Sprintf(", %s mode, a knock-out charged to the player knocked out", s.Mode)
	case s.MercyBonus != "" && s.Mode.LowWins():
		// Begun before unoscore charged a knock-out: as it was played.
		w += fmt.Sprintf(", %s mode, a knock-out not charged (the rule when the game began)", s.Mode)
	case s.MercyBonus == scoring.MercyKnocker:
		w += ", knock-out bonus to the knocker"
	}
	return w
}

// gameCustomText is a section of the wild-customizable answer for one game:
// how many of the cards the table put in, and the rule on each.
func gameCustomText(g *store.Game) string {
	s := g.Settings()
	head := "## In game " + g.ID
	if g.Name() != "" {
		head += " (" + g.Name() + ")"
	}
	if s.Custom == 0 {
		return head + "\nIt is played with the " + s.Deck + " deck, which has no Wild Customizable cards."
	}
	lines := []string{head, fmt.Sprintf("The table put %d Wild Customizable %s in the deck.", s.Custom, map[bool]string{true: "card", false: "cards"}[s.Custom == 1])}
	if len(s.CustomRules) == 0 {
		lines = append(lines, "No rules were recorded for them (unoscore new --custom-rule TEXT records one).")
	}
	for i, r := range s.CustomRules {
		lines = append(lines, fmt.Sprintf("- Card %d: %s", i+1, r))
	}
	return strings.Join(lines, "\n")
}

// plainText is the reference text without Markdown marks, unwrapped.
func plainText(md string, width int) string {
	var b strings.Builder
	writeText(&b, md, width, ui.Style{})
	return strings.TrimRight(b.String(), "\n")
}

// writeText prints reference Markdown for people: headings on their own
// line (bold in colour), paragraphs and list items wrapped to width (0: no
// wrapping), code marks dropped.
func writeText(w io.Writer, md string, width int, st ui.Style) {
	if width > 100 {
		width = 100
	}
	md = strings.ReplaceAll(md, "`", "")
	// A blank line in the source separates paragraphs (and a list from the
	// paragraph after it); several count as one, and a heading always has
	// one before it.
	wrote, blank := false, false
	for _, line := range strings.Split(md, "\n") {
		if strings.TrimSpace(line) == "" {
			blank = wrote
			continue
		}
		if blank || (wrote && strings.HasPrefix(line, "## ")) {
			fmt.Fprintln(w)
		}
		blank, wrote = false, true
		switch {
		case strings.HasPrefix(line, "## "):
			fmt.Fprintln(w, st.Bold(strings.TrimPrefix(line, "## ")))
		case strings.HasPrefix(line, "- "):
			fmt.Fprint(w, wrap(strings.TrimPrefix(line, "- "), width, "- ", "  "))
		default:
			fmt.Fprint(w, wrap(line, width, "", ""))
		}
	}
}

// wrap breaks text into lines of at most width columns (0: one line), the
// first starting with first and the rest with rest, ending in a newline.
func wrap(text string, width int, first, rest string) string {
	return strings.Join(ui.Fill(strings.Fields(text), " ", width, first, rest), "\n") + "\n"
}

// topicCompletion completes topic ids and aliases.
func topicCompletion(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, t := range rules.Topics() {
		for _, k := range append([]string{t.ID}, t.Aliases...) {
			if !strings.Contains(k, " ") && strings.HasPrefix(k, strings.ToLower(toComplete)) {
				out = append(out, k+"\t"+t.Title)
			}
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
