package rules

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"text/template"

	decl "github.com/unoscore/unoscore/rules/decks"
)

//go:embed reference/*.md
var referenceFS embed.FS

// Topic is one entry of the rules reference.
type Topic struct {
	ID      string
	Title   string
	Aliases []string
	// Keywords are further words and phrases people use for the topic; the
	// ranked lookup reads them, and unlike aliases several topics may share
	// one.
	Keywords []string
	Group    string   // cards, playing, scoring or ways
	See      []string // related topics
	body     string   // Markdown with template actions for the edition facts
	file     string   // the file it was read from

	rendered  sync.Once // the body is filled in on first use (render)
	renderErr error
	text      string  // the body filled in, fact markers taken out
	facts     []*Fact // the facts the text holds, in order
}

// Groups lists the reference's groups in the order they are shown, with a
// heading for each.
var Groups = []struct{ ID, Title string }{
	{"cards", "Cards"},
	{"playing", "Playing"},
	{"scoring", "Scoring"},
	{"ways", "Ways to play"},
}

var (
	topicsOnce sync.Once
	topics     []*Topic
	topicsErr  error
)

// loaded says whether the reference has been read: it is read on first
// use, so a command that never asks about the rules pays nothing for it.
var loaded atomic.Bool

// Loaded reports whether the reference has been read in this process.
func Loaded() bool { return loaded.Load() }

// Topics lists every topic of the reference, grouped, in reading order.
func Topics() []*Topic {
	topicsOnce.Do(func() { topics, topicsErr = loadTopics(); loaded.Store(true) })
	if topicsErr != nil {
		panic(topicsErr) // the embedded files are part of the program
	}
	return topics
}

func loadTopics() ([]*Topic, error) {
	files, err := topicFiles()
	if err != nil {
		return nil, err
	}
	var ts []*Topic
	for _, f := range files {
		t, err := readTopic(f)
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	sort.SliceStable(ts, func(i, j int) bool { return readingOrder(ts[i], ts[j]) })
	return ts, nil
}

// declaredDir is where the topic a deck declares (decks.Deck.Topic) is
// said to be, named by the deck's id: "decks/scratch.md".
const declaredDir = "decks/"

// topicFiles names every topic's file, by the names alone (no topic is
// read): the files of reference/, then the decks' declared topics.
func topicFiles() ([]string, error) {
	entries, err := referenceFS.ReadDir("reference")
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".md") {
			files = append(files, "reference/"+e.Name())
		}
	}
	for _, d := range decl.All {
		if d.Topic != "" {
			files = append(files, declaredDir+d.ID+".md")
		}
	}
	return files, nil
}

// topicText is the text of topic file f: a file of reference/, or the
// topic a deck declares.
func topicText(f string) (string, error) {
	name, ok := strings.CutPrefix(f, declaredDir)
	if !ok {
		data, err := referenceFS.ReadFile(f)
		return string(data), err
	}
	for _, d := range decl.All {
		if d.ID+".md" == name && d.Topic != "" {
			return d.Topic, nil
		}
	}
	return "", fs.ErrNotExist
}

var (
	fileMu    sync.Mutex
	fileTopic map[string]*Topic // the topics read so far, by file
	filesRead atomic.Int32
)

// readTopic reads the topic in file f, once: a topic read by its id alone
// (askByID) and later in the whole list (Topics) is the same *Topic.
func readTopic(f string) (*Topic, error) {
	fileMu.Lock()
	defer fileMu.Unlock()
	if t := fileTopic[f]; t != nil {
		return t, nil
	}
	text, err := topicText(f)
	if err != nil {
		return nil, err
	}
	t, err := parseTopic(text)
	if err == nil && strings.HasPrefix(f, declaredDir) && declaredDir+t.ID+".md" != f {
		err = fmt.Errorf("the topic a deck declares has the deck's id, not %q", t.ID)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f, err)
	}
	// The body is filled in when the topic is first read (Text, Facts):
	// `rules skip` fills in one topic, not all of them.
	t.file = f
	if fileTopic == nil {
		fileTopic = map[string]*Topic{}
	}
	fileTopic[f] = t
	filesRead.Add(1)
	return t, nil
}

// TopicFilesRead is how many of the reference's topic files this process
// has read (`rules skip` reads one).
func TopicFilesRead() int { return int(filesRead.Load()) }

// readingOrder says whether a comes before b in the list of topics: by
// group, then the way a reader meets them (topicRank).
func readingOrder(a, b *Topic) bool {
	ga, gb := 0, 0 // a group not in Groups sorts with the first
	for i, g := range Groups {
		if g.ID == a.Group {
			ga = i
		}
		if g.ID == b.Group {
			gb = i
		}
	}
	if ga != gb {
		return ga < gb
	}
	return topicRank(a.ID) < topicRank(b.ID)
}

// topicRank orders topics within a group the way a reader meets them.
func topicRank(id string) int {
	order := []string{
		"deck", "skip", "reverse", "draw-two", "wild", "wild-draw-four", "wild-shuffle-hands", "wild-customizable",
		"basics", "dealer", "first-card", "drawing", "reneging", "uno", "challenge", "going-out", "reshuffle", "penalties", "house-rules",
		"scoring", "alternative-scoring",
		"two-player", "partners", "challenge-uno", "tournament", "flip",
	}
	for i, o := range order {
		if o == id {
			return i
		}
	}
	return len(order)
}

// parseTopic reads a topic file: a header between "---" lines of
// "key: value" (id, title, aliases, group, see), then the body.
func parseTopic(s string) (*Topic, error) {
	rest, ok := strings.CutPrefix(s, "---\n")
	if !ok {
		return nil, fmt.Errorf("no header")
	}
	head, body, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		return nil, fmt.Errorf("the header does not end")
	}
	t := &Topic{body: strings.TrimSpace(body)}
	for _, line := range strings.Split(head, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("header line %q is not key: value", line)
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "id":
			t.ID = v
		case "title":
			t.Title = v
		case "aliases":
			t.Aliases = splitList(v)
		case "keywords":
			t.Keywords = splitList(v)
		case "group":
			t.Group = v
		case "see":
			t.See = splitList(v)
		case "card":
			// the card the topic is about; the body's template names it
		default:
			return nil, fmt.Errorf("unknown header key %q", k)
		}
	}
	if t.ID == "" || t.Title == "" || t.Group == "" {
		return nil, fmt.Errorf("a topic needs an id, a title and a group")
	}
	return t, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Text is the topic's answer as Markdown-like plain text: "## " headings,
// "- " lists, paragraphs separated by blank lines, the rulebook facts filled
// in from the editions. It is the topic's facts in order, with the headings
// and the lines about unoscore between them.
func (t *Topic) Text() (string, error) {
	if err := t.ensureRendered(); err != nil {
		return "", err
	}
	return t.text, nil
}

// Facts lists the facts the topic's text holds, in order.
func (t *Topic) Facts() []*Fact {
	if err := t.ensureRendered(); err != nil {
		panic(err) // the embedded files are part of the program
	}
	return t.facts
}

// ensureRendered fills in the topic's body once.
func (t *Topic) ensureRendered() error {
	t.rendered.Do(func() {
		if err := t.render(); err != nil {
			t.renderErr = fmt.Errorf("%s: %w", t.file, err)
		}
	})
	return t.renderErr
}

// render fills in the body's template and reads its facts out of it.
func (t *Topic) render() error {
	tmpl, err := template.New(t.ID).Funcs(referenceFuncs).Option("missingkey=error").Parse(t.body)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := tmpl.Execute(&b, nil); err != nil {
		return err
	}
	text, facts, err := readFacts(t, b.String())
	if err != nil {
		return err
	}
	if len(t.See) > 0 {
		text += "\n\n## See also\n" + strings.Join(t.See, ", ")
	}
	t.text, t.facts = text, facts
	return nil
}

var referenceFuncs = template.FuncMap{
	"start":       startFacts,
	"points":      pointsOf,
	"edname":      editionName,
	"challengers": challengerFacts,
	"penalty":     penaltyFacts,
	"timing":      timingFacts,
	"dealer":      dealerFacts,
	"suggestion":  suggestionFacts,
	"which":       whichFacts,
	"values":      valueFacts,
	"decks":       deckFacts,
	"edition":     editionDeckFacts,
	"newervalues": newerValueFacts,
	"deckvalues":  deckValueFacts,
	"editions":    editionFacts,
	"callwhen":    callWhenFacts,
	"copies":      copiesFacts,
	"totals":      totalsFacts,
	"caughtonly":  caughtOnlyFacts,
}

// caughtOnlyFacts says that calling UNO is a must that costs nothing
// unless someone catches you: the penalty by rulebook, the majority's
// first, and which rulebooks say in so many words that a late call is
// safe until then.
func caughtOnlyFacts() string {
	groups := group(func(e *Edition) string { return fmt.Sprint(e.UnoPenalty) })
	slices.SortStableFunc(groups, func(a, b []*Edition) int { return len(b) - len(a) })
	cost := fmt.Sprintf("%d cards", groups[0][0].UnoPenalty)
	for _, g := range groups[1:] {
		cost += fmt.Sprintf(" (%s: %d)", names(g), g[0].UnoPenalty)
	}
	var late []*Edition
	for _, e := range Editions {
		if e.UnoTiming {
			late = append(late, e)
		}
	}
	return fmt.Sprintf("You must call it as you get down to one card, but only a catch costs anything: caught without it, you draw %s. "+
		"A late call, made before anyone catches you, is safe (%s say so; the others do not say).", cost, names(late))
}

// totalsFacts says how many cards each rulebook's deck holds in all, wild
// cards included: "108 (Deluxe 1998) or 112 (Deluxe 112, Themed 2020 and
// Shuffle Hands)"; a rulebook that lists no deck is left out.
func totalsFacts() string {
	size := func(e *Edition) int {
		d, err := LookupDeck(e.Deck)
		if err != nil {
			return 0
		}
		return d.Size()
	}
	var parts []string
	for _, g := range group(func(e *Edition) string { return fmt.Sprint(size(e)) }) {
		if n := size(g[0]); n > 0 {
			parts = append(parts, fmt.Sprintf("%d (%s)", n, names(g)))
		}
	}
	return strings.Join(parts, " or ") + "."
}

func callWhenFacts() string {
	return bullets(group(func(e *Edition) string { return e.UnoWhen }), func(e *Edition) string {
		switch e.UnoWhen {
		case "before":
			return "before you play your next-to-last card."
		case "one-left":
			return "once one card is left, says one page; before the next-to-last card lands, says another."
		}
		return "as you play your next-to-last card."
	})
}

// copiesFacts says how many cards of a face each rulebook's deck holds.
func copiesFacts(token string) (string, error) {
	c, err := ParseCard(token)
	if err != nil {
		return "", err
	}
	return bullets(group(func(e *Edition) string {
		d, err := LookupDeck(e.Deck)
		if err != nil {
			return "none"
		}
		return fmt.Sprint(d.Copies(c.Face))
	}), func(e *Edition) string {
		d, err := LookupDeck(e.Deck)
		if err != nil {
			return "it lists no deck, so it gives no count."
		}
		n := d.Copies(c.Face)
		if n == 0 {
			return "none in the deck."
		}
		if n == 1 {
			return "1 in the deck."
		}
		return fmt.Sprintf("%d in the deck.", n)
	}), nil
}

func editionName(id string) (string, error) {
	e, ok := LookupEdition(id)
	if !ok {
		return "", fmt.Errorf("no edition %q", id)
	}
	return e.Name, nil
}

// names lists the rulebooks by name, short enough to read aloud: "All five
// rulebooks" when it is all of them, "Every rulebook but the Older sheet"
// when it is all but one.
func names(eds []*Edition) string {
	switch len(eds) {
	case len(Editions):
		return "All five rulebooks"
	case len(Editions) - 1:
		for _, e := range Editions {
			if !slices.Contains(eds, e) {
				return "Every rulebook but the " + e.Name
			}
		}
	}
	ns := make([]string, len(eds))
	for i, e := range eds {
		ns[i] = e.Name
	}
	return joinAnd(ns)
}

// RollCall names the rulebooks with the given ids as the reference does:
// "All five rulebooks", "Every rulebook but the Older sheet", "Deluxe 1998
// and Older sheet".
func RollCall(ids []string) string {
	var eds []*Edition
	for _, id := range ids {
		if e, ok := LookupEdition(id); ok {
			eds = append(eds, e)
		}
	}
	return names(eds)
}

func joinAnd(ns []string) string {
	switch len(ns) {
	case 0:
		return ""
	case 1:
		return ns[0]
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}

// group gathers the rulebooks by the answer key gives them, in order.
func group(key func(e *Edition) string) [][]*Edition {
	var out [][]*Edition
	index := map[string]int{}
	for _, e := range Editions {
		k := key(e)
		if k == "" {
			continue
		}
		if i, ok := index[k]; ok {
			out[i] = append(out[i], e)
			continue
		}
		index[k] = len(out)
		out = append(out, []*Edition{e})
	}
	return out
}

func bullets(groups [][]*Edition, say func(e *Edition) string) string {
	var lines []string
	for _, g := range groups {
		lines = append(lines, "- "+names(g)+": "+say(g[0]))
	}
	return strings.Join(lines, "\n")
}

func startFacts(token string) (string, error) {
	c, err := ParseCard(token)
	if err != nil {
		return "", err
	}
	var lines []string
	for _, r := range StartRulings(c.Face, 0) {
		var eds []*Edition
		for _, id := range r.Editions {
			e, _ := LookupEdition(id)
			eds = append(eds, e)
		}
		lines = append(lines, "- "+names(eds)+": "+r.Text)
	}
	return strings.Join(lines, "\n"), nil
}

func pointsOf(token string) (string, error) {
	c, err := ParseCard(token)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d points", c.Points()), nil
}

func challengerFacts() string {
	return bullets(group(func(e *Edition) string { return fmt.Sprint(e.OnlyDrawer) }), func(e *Edition) string {
		if e.OnlyDrawer {
			return "only the player who has to pick up the four cards."
		}
		return "addressed to the player the card was played on; they do not rule out anyone else in so many words."
	})
}

func penaltyFacts() string {
	return bullets(group(func(e *Edition) string { return fmt.Sprint(e.UnoPenalty) }), func(e *Edition) string {
		return fmt.Sprintf("draw %d cards.", e.UnoPenalty)
	})
}

func timingFacts() string {
	g := group(func(e *Edition) string { return fmt.Sprint(e.UnoTiming) })
	return bullets(g, func(e *Edition) string {
		if e.UnoTiming {
			return "calling late is safe until someone catches you; no catch before the next-to-last card is down, nor once the next player draws or takes a card to play."
		}
		return "caught if noticed before the next player begins."
	})
}

func dealerFacts() string {
	return bullets(group(func(e *Edition) string { return fmt.Sprint(e.DealerByPts) }), func(e *Edition) string {
		if e.DealerByPts {
			return "the highest \"point value\" deals; by its score table a Wild would beat a 9 (a reading, not its words)."
		}
		return "the highest number deals; action and wild cards count as zero."
	})
}

func suggestionFacts() string {
	var with []*Edition
	for _, e := range Editions {
		if e.Suggesting > 0 {
			with = append(with, e)
		}
	}
	if len(with) == 0 {
		return "No rulebook punishes it."
	}
	return fmt.Sprintf("%s rulebook only: the player who suggests a play to someone else draws %d cards. The other rulebooks do not mention it.", names(with), with[0].Suggesting)
}

func whichFacts(feature string) (string, error) {
	has := map[string]func(e *Edition) bool{
		"two-player":    func(e *Edition) bool { return e.TwoPlayer },
		"partners":      func(e *Edition) bool { return e.Partners },
		"tournament":    func(e *Edition) bool { return e.Tournament },
		"challenge-uno": func(e *Edition) bool { return e.ChallengeUNO },
		"alternative":   func(e *Edition) bool { return true },
	}[feature]
	if has == nil {
		return "", fmt.Errorf("no feature %q", feature)
	}
	var with []*Edition
	for _, e := range Editions {
		if has(e) {
			with = append(with, e)
		}
	}
	if len(with) == len(Editions) {
		return "All five rulebooks describe it.", nil
	}
	return "Only the " + joinAnd(editionNames(with)) + " rulebook describes it; the others leave it out.", nil
}

func editionNames(eds []*Edition) []string {
	ns := make([]string, len(eds))
	for i, e := range eds {
		ns[i] = e.Name
	}
	return ns
}

func valueFacts() string {
	lines := []string{
		"- Number cards 0 to 9: their face value",
		fmt.Sprintf("- Draw Two, Reverse, Skip: %d points each", DrawTwo.Points()),
		fmt.Sprintf("- Wild, Wild Draw Four: %d points each", Wild.Points()),
		fmt.Sprintf("- Wild Shuffle Hands, Wild Customizable: %d points each (only their deck has them)", WildShuffle.Points()),
	}
	return strings.Join(lines, "\n")
}

// valuesOf says a deck's card values from its declaration, faces of one
// value together: "numbers their face value; Hit 2, Skip and Reverse 20;
// ...". For UNO Flip, each side's.
func valuesOf(d *Deck) string { return valuesIn(d, false) }

// valuesIn is valuesOf; brief leaves the numbers out and lists faces with
// commas ("light: Reverse, Skip, Flip 20; ..."), for a short answer.
func valuesIn(d *Deck, brief bool) string {
	sides := d.Sides
	if sides == nil {
		sides = []*Deck{d}
	}
	var out []string
	for _, s := range sides {
		var parts []string
		if slices.ContainsFunc(s.faces, Face.IsNumber) && !brief {
			parts = append(parts, "numbers their face value")
		}
		var order []int
		by := map[int][]string{}
		for _, f := range s.faces {
			if f.IsNumber() {
				continue
			}
			p := s.Points(Card{Face: f})
			if _, ok := by[p]; !ok {
				order = append(order, p)
			}
			by[p] = append(by[p], f.String())
		}
		slices.Sort(order)
		for _, p := range order {
			names := joinAnd(by[p])
			if brief {
				names = strings.Join(by[p], ", ")
			}
			parts = append(parts, fmt.Sprintf("%s %d", names, p))
		}
		v := strings.Join(parts, "; ")
		switch {
		case s.Side != NoSide && brief:
			v = s.Side.String() + ": " + v
		case s.Side != NoSide:
			v = s.Side.String() + " side: " + v
		}
		out = append(out, v)
	}
	return strings.Join(out, "; ")
}

// editionDeckFacts says one part of an edition's facts as its declaration
// gives them: "values" (its card values and target), "deck" (its cards,
// players and source, with how sure), "open" (what the sheets leave open).
func editionDeckFacts(id, part string) (string, error) {
	d, err := LookupDeck(id)
	if err != nil {
		return "", err
	}
	dd := d.Decl
	switch part {
	case "values":
		target := 500
		if dd.Target > 0 {
			target = dd.Target
		}
		return fmt.Sprintf("Values: %s. First to %d wins.", valuesOf(d), target), nil
	case "deck":
		s := d.Description + "."
		if dd.Rules.NoZero {
			s += " No 0s."
		}
		if dd.MinPlayers > 0 {
			s += fmt.Sprintf(" For %d to %d players.", dd.MinPlayers, dd.MaxPlayers)
		}
		counts := dd.Counts
		if counts == "" {
			counts = dd.Sure
		}
		return s + fmt.Sprintf(" From %s: values %s, counts %s.", dd.Sheet, dd.Sure, counts), nil
	case "open":
		if len(dd.Notes) == 0 {
			return "Nothing found is left open.", nil
		}
		return strings.Join(dd.Notes, " "), nil
	}
	return "", fmt.Errorf("no part %q of an edition's facts", part)
}

// newerValueFacts lists each newer edition's values, one line each, from
// its declaration (valuesOf), with the target it plays to; its topic says
// the rest.
func newerValueFacts() string {
	var lines []string
	for _, d := range Decks() {
		if !d.Decl.Newer {
			continue
		}
		target := 500
		if d.Decl.Target > 0 {
			target = d.Decl.Target
		}
		knock := ""
		if b := d.Decl.Rules.KnockOutBonus; b > 0 {
			// The one scoring rule No Mercy adds: a bonus per knock-out.
			knock = fmt.Sprintf("; %d more for each player knocked out", b)
		}
		lines = append(lines, fmt.Sprintf("- %s (%s): %s%s; to %d", d.Decl.Title, d.ID, valuesOf(d), knock, target))
	}
	return strings.Join(lines, "\n") + "\n\nEach edition's topic says its deck and sources: `unoscore rules ID`."
}

// deckValueFacts is one deck's values but its numbers, briefly, from its
// declaration: {{deckvalues "flip"}}.
func deckValueFacts(id string) (string, error) {
	d, err := LookupDeck(id)
	if err != nil {
		return "", err
	}
	return valuesIn(d, true), nil
}

func deckFacts() string {
	var lines, newer []string
	for _, d := range Decks() {
		if d.Decl.Newer {
			newer = append(newer, d.ID)
			continue
		}
		line := fmt.Sprintf("- %s: %s", d.ID, d.Description)
		if d.Sides != nil {
			line += "; its own sheet (unoscore rules flip)"
		}
		lines = append(lines, line)
	}
	if len(newer) > 0 {
		lines = append(lines, "- Newer: "+strings.Join(newer, ", "))
	}
	return strings.Join(lines, "\n")
}

func editionFacts() string {
	var lines []string
	for _, e := range Editions {
		deck := e.Cards
		if deck == "" {
			deck = "lists no deck"
		}
		lines = append(lines, fmt.Sprintf("- %s (%s): %s; %s", e.Name, e.ID, e.About, deck))
	}
	return strings.Join(lines, "\n")
}
