package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type historyOptions struct {
	app  *App
	Game string
	JSON bool
	Wide bool
}

func newHistoryCmd(app *App, runF func(*historyOptions) error) *cobra.Command {
	o := &historyOptions{app: app}
	c := &cobra.Command{
		Use:   "history",
		Short: "Show everything recorded in a game, undos and corrections included",
		Long: `Show a game's whole log, oldest first: its start, every hand as it was
entered, every undo and every correction. Nothing recorded is ever removed;
the board is always worked out from this log.`,
		Args: exactArgs(0, "no arguments"),
		RunE: seam(o, runF, runHistory),
	}
	gameFlag(c, app, &o.Game, gameUsage)
	jsonFlag(c, &o.JSON, "print the log as JSON")
	wideFlag(c, &o.Wide, "an entry a line, however wide the terminal (a pipe always gets it)")
	return c
}

func runHistory(o *historyOptions) error {
	g, err := loadGame(o.app, o.Game)
	if err != nil {
		return err
	}
	out := o.app.IO.Out
	if o.JSON {
		return writeJSON(out, present.History{ID: g.ID, Events: g.Events})
	}
	width := o.app.style().Width
	if o.Wide {
		width = 0
	}
	counted := 0
	for i, e := range g.Events {
		at := e.At.Local().Format("2006-01-02 15:04")
		var what string
		switch e.Type {
		case scoring.EventCreated:
			s := *e.Settings
			// As the game reads them (the names as they were at the start):
			// a game stored without a mercy_bonus, or a mercy_charge, is
			// said by the rules it was played by.
			if start, err := scoring.NewStored(s); err == nil {
				s = start.Settings
			}
			what = fmt.Sprintf("game started: %s, %s, %s deck%s; %s; %s deals first",
				s.Mode, present.Goal(s), s.Deck, present.MercyPhrase(s), strings.Join(s.Players, ", "), s.Dealer)
		case scoring.EventHand:
			counted++
			what = fmt.Sprintf("hand %d counted: %s", counted, outcome(g.Board, *e.Hand))
		case scoring.EventVoid:
			counted--
			what = fmt.Sprintf("hand %d voided (undo)", e.Number)
		case scoring.EventCorrect:
			what = fmt.Sprintf("hand %d corrected: %s", e.Number, outcome(g.Board, *e.Hand))
		case scoring.EventRename:
			what = fmt.Sprintf("player %s renamed %s", e.From, e.To)
		case scoring.EventRedo:
			counted++
			what = fmt.Sprintf("hand %d brought back (redo): %s", e.Number, outcome(g.Board, *e.Hand))
		case scoring.EventTarget, scoring.EventEnd, scoring.EventUnchange:
			what = changeHistory(g, i)
		}
		fmt.Fprint(out, historyLine(i+1, at, what, width))
	}
	return nil
}

// historyLine is one entry of the log: its number, when and what. In a
// terminal too narrow for it, what is broken between words onto lines
// indented under its start; under 50 columns the time is left out.
func historyLine(n int, at, what string, width int) string {
	head := fmt.Sprintf("%3d  %s  ", n, at)
	if width > 0 && width < 50 {
		head = fmt.Sprintf("%3d  ", n)
	}
	if width <= 0 || len(head)+ui.Width(what) <= width {
		return head + what + "\n"
	}
	indent := strings.Repeat(" ", len(head))
	lines := strings.Split(strings.TrimSuffix(ui.Wrap(indent+what, width), "\n"), "\n")
	// ui.Wrap indents the lines after the first two more than the first.
	for i := range lines {
		lines[i] = indent + strings.TrimLeft(lines[i], " ")
	}
	return head + strings.TrimPrefix(strings.Join(lines, "\n"), indent) + "\n"
}

// outcome writes a hand as entered: "Cat went out; Dan r7 wd4 (57), Ann 9
// (9)"; in an UNO Flip game, with the side its cards tell: "Cat went out on
// the dark side; ...". In lowest and challenge a No Mercy knock-out is
// charged to the player knocked out ("Cat knocked out (charged 250)"), or,
// in a game begun before unoscore charged it, not ("Cat knocked out (not
// charged)").
func outcome(b *scoring.Board, h scoring.Hand) string {
	d := b.Deck
	var parts []string
	var left []rules.Hand
	for _, l := range h.Left {
		parts = append(parts, fmt.Sprintf("%s %s (%d)", l.Player, l.Cards, d.HandPoints(l.Cards)))
		left = append(left, l.Cards)
	}
	for _, k := range h.KnockedOut {
		if by, ok := h.KnockedBy[k]; ok { // the knocker receives the bonus
			parts = append(parts, fmt.Sprintf("%s knocked out by %s (+%d to %s)", k, by, d.Decl.Rules.KnockOutBonus, by))
			continue
		}
		if b.Charges() { // lowest, challenge: charged onto the knocked-out player's tally
			parts = append(parts, fmt.Sprintf("%s knocked out (charged %d)", k, d.Decl.Rules.KnockOutBonus))
			continue
		}
		if b.Uncharged() { // lowest, challenge, begun before the charge: as played
			parts = append(parts, fmt.Sprintf("%s knocked out (not charged)", k))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s knocked out (+%d)", k, d.Decl.Rules.KnockOutBonus))
	}
	at := ""
	if h.Table > 0 {
		at = fmt.Sprintf(" at table %d", h.Table)
	}
	if side, _ := d.HandsSide(left...); side != rules.NoSide {
		at += " on the " + side.String() + " side"
	}
	return h.Out + " " + present.Went(h) + at + "; " + strings.Join(parts, ", ")
}

// changeHistory is the history's entry for event i, a change to the
// game's end: "target raised to 1000 after hand 12", "game ended after
// hand 12, Mom leading", and their undo and redo.
func changeHistory(g *store.Game, i int) string {
	c, ok := g.EventChange(i)
	if !ok {
		return g.Events[i].Type
	}
	what := c.Sentence()
	if c.End {
		what = "game " + what
	}
	switch e := g.Events[i]; {
	case e.Type == scoring.EventUnchange:
		return what + ": voided (undo)"
	case e.Redo:
		return what + " (redo)"
	}
	return what
}
