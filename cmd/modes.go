package cmd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/scoring"
)

// modeText is what people read about one mode. This table is the only
// place in cmd that tells the modes apart: what a mode means is scoring's
// (its table of modes), how it reads is here, and everything else renders
// from the board. A template's {words} are filled in by fill.
type modeText struct {
	describe string // one line for "new --help"
	short    string // a few words for the list of modes to choose from
	goal     string // how the game is won, after the mode's name: {target} {rounds} {hands} {tables}
	hand     string // a counted hand: {out} {side} {won} {held} {table}
	summary  string // a hand about to be saved: the same words
	win      string // after "Ann wins" or "Ann and Cat win": {score}
	tie      string // after "Ann and Bob win", when several columns share the win: {score}
	lead     string // after "Leading: Ann": {score}
}

var modeTexts = map[scoring.Mode]modeText{
	scoring.Standard: {
		describe: "whoever goes out scores the cards left in the other hands; first to the target wins",
		short:    "whoever goes out scores the others' cards",
		goal:     "first to {target}",
		hand:     "{out} went out and scores {won} ({held}).",
		summary:  "{out} went out: {held}, {won} points in all for {side}.",
		win:      " with {score} points",
		tie:      ", tied at {score} points",
		lead:     " with {score}.",
	},
	scoring.Lowest: {
		describe: "everyone keeps a tally of the cards they are caught with; when one reaches the target, the lowest tally wins",
		short:    "everyone tallies what they're caught with; lowest wins",
		goal:     "lowest tally wins when anyone reaches {target}",
		hand:     "{out} went out; caught with cards: {held}.",
		summary:  "{out} went out: {held} are added to the tallies ({won} in all).",
		win:      " with the lowest tally ({score})",
		tie:      ", tied at the lowest tally ({score})",
		lead:     " with the lowest tally, {score}.",
	},
	scoring.Partners: {
		describe: "teams; when a partner goes out, the team scores both opposing hands; first team to the target wins",
		short:    "teams; a partner going out scores both opposing hands",
		goal:     "first to {target}",
		hand:     "{out} went out; {side} score {won} ({held}).",
		summary:  "{out} went out: {held}, {won} points in all for {side}.",
		win:      " with {score} points",
		tie:      ", tied at {score} points",
		lead:     " with {score}.",
	},
	scoring.Challenge: {
		describe: "tally of cards caught with; at the target a player is out of the game; the last one left wins",
		short:    "tallies; out at the target; the last one left wins",
		goal:     "out of the game at {target}",
		hand:     "{out} went out; caught with cards: {held}.",
		summary:  "{out} went out: {held} are added to the tallies ({won} in all).",
		win:      ": the last player left",
		tie:      ": the last players left",
		lead:     " with the lowest tally, {score}.",
	},
	scoring.Rotating: {
		describe: "4, 8, 12 or 16 players at tables of four take a new partner each round until everyone has partnered everyone; each keeps their own total, the highest wins",
		short:    "a new partner each round; highest own total wins",
		goal:     "{rounds} of {hands}{tables}",
		hand:     "{out} went out at table {table}; {side} score {won} each ({held}).",
		summary:  "{out} went out at table {table}: {held}, {won} points each for {side}.",
		win:      " with the highest total ({score})",
		tie:      ", tied at the highest total ({score})",
		lead:     " with {score}.",
	},
}

// textOf is a mode's wording.
func textOf(m scoring.Mode) modeText { return modeTexts[m] }

// fill replaces each {word} in a template with its value.
func fill(template string, words map[string]string) string {
	pairs := make([]string, 0, 2*len(words))
	for k, v := range words {
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(template)
}

// modeHelp lists the modes for "new --help", one line each.
func modeHelp() string {
	var lines []string
	for _, m := range scoring.Modes {
		lines = append(lines, fmt.Sprintf("  %-10s %s", m, textOf(m).describe))
	}
	return strings.Join(lines, "\n")
}

// modeChoices lists the modes for the mode prompt.
func modeChoices(modes []scoring.Mode) []string {
	items := make([]string, len(modes))
	for i, m := range modes {
		items[i] = fmt.Sprintf("%-9s  %s", m, textOf(m).short)
	}
	return items
}

// targetPhrase says how a game is won or how long it lasts: "first to
// 500", "7 rounds of 4 hands at 2 tables".
func targetPhrase(s scoring.Settings) string {
	tables := ""
	if len(s.Schedule) > 0 && len(s.Schedule[0]) > 1 {
		tables = fmt.Sprintf(" at %d tables", len(s.Schedule[0]))
	}
	return fill(textOf(s.Mode).goal, map[string]string{
		"target": strconv.Itoa(s.Target), "rounds": plural(len(s.Schedule), "round"),
		"hands": plural(s.Hands, "hand"), "tables": tables,
	})
}

// handWords are the words a hand's templates are filled with.
func handWords(b *scoring.Board, out string, side []int, left []scoring.Left, table int) map[string]string {
	total := 0
	var held []string
	for _, l := range left {
		total += l.Cards.Points()
		held = append(held, fmt.Sprintf("%s %d", l.Player, l.Cards.Points()))
	}
	return map[string]string{
		"out": out, "side": scoring.JoinNames(b.Names(side)),
		"won": strconv.Itoa(total), "held": strings.Join(held, ", "), "table": strconv.Itoa(table),
	}
}
