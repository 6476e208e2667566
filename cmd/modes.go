package cmd

import (
	"fmt"
	"strings"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/scoring"
)

// A mode's words are one table, cmd/api/modes.go, read by the command line
// and the web page alike; these are the command line's short names for it.

func textOf(m scoring.Mode) present.ModeText { return present.Text(m) }

func fill(template string, words map[string]string) string { return present.Fill(template, words) }

func targetPhrase(s scoring.Settings) string { return present.Goal(s) }

func handWords(b *scoring.Board, out string, side []int, left []scoring.Left, table int) map[string]string {
	return present.HandWords(b, out, side, left, table)
}

func tableLines(b *scoring.Board) []string { return present.TableLines(b) }

func tableLine(b *scoring.Board, t scoring.Table) string { return present.TableLine(b, t) }

func pairName(b *scoring.Board, pair []int) string { return present.PairName(b, pair) }

// modeHelp lists the modes for "new --help", one line each.
func modeHelp() string {
	var lines []string
	for _, m := range scoring.Modes {
		lines = append(lines, fmt.Sprintf("  %-10s %s", m, textOf(m).Describe))
	}
	return strings.Join(lines, "\n")
}

// modeChoices lists the modes for the mode prompt.
func modeChoices(modes []scoring.Mode) []string {
	items := make([]string, len(modes))
	for i, m := range modes {
		items[i] = fmt.Sprintf("%-9s  %s", m, textOf(m).Short)
	}
	return items
}
