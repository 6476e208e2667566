package cmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// writeSchedule prints a rotating game's schedule, to hand out or put on a
// wall: in each round, who sits at each table, with whom, and where play
// has got to.
func writeSchedule(w io.Writer, g *store.Game, st ui.Style) error {
	b := g.Board
	sched := b.Schedule()
	if sched == nil {
		return usagef("game %s is played in %s mode, which has no schedule: only rotating games do", g.ID, b.Settings.Mode)
	}
	title := fmt.Sprintf("Schedule of game %s", g.ID)
	if name := g.Name(); name != "" {
		title = fmt.Sprintf("Schedule of %s (game %s)", name, g.ID)
	}
	fmt.Fprintf(w, "%s: %s, %s.\n", st.Bold(title), b.Settings.Mode, present.Goal(b.Settings))
	fmt.Fprintln(w, "Every player partners every other player once; the highest total wins.")
	if scoring.SitsOut(b.Players()) {
		fmt.Fprintln(w, "Each round one player sits out, each player once.")
	}
	fmt.Fprintln(w, "Partners sit across from each other. The first player named at a table deals")
	fmt.Fprintln(w, "the round's first hand there, and the deal passes left.")
	tables := b.Tables()
	for r, round := range sched {
		// Where play has got to in this round, table by table.
		var played, under []string
		for _, now := range tables {
			switch {
			case now.Done || now.Round > r+1:
				played = append(played, fmt.Sprint(now.Number))
			case now.Round == r+1 && now.Hands > 0:
				under = append(under, fmt.Sprint(now.Number))
			}
		}
		var status []string
		if len(played) > 0 {
			status = append(status, "played at "+tablesPhrase(played))
		}
		if len(under) > 0 {
			status = append(status, "under way at "+tablesPhrase(under))
		}
		head := fmt.Sprintf("Round %d", r+1)
		if len(status) > 0 {
			head += " (" + strings.Join(status, "; ") + ")"
		}
		fmt.Fprintf(w, "\n%s\n", st.Bold(head))
		for t, seating := range round {
			c := seating.Clockwise()
			fmt.Fprintf(w, "  Table %d: %s against %s; clockwise %s\n", t+1,
				present.PairName(b, seating[0][:]), present.PairName(b, seating[1][:]), strings.Join(b.Names(c[:]), ", "))
		}
		if seat := b.SittingOut(r + 1); seat >= 0 {
			fmt.Fprintf(w, "  %s sits out.\n", b.Name(seat))
		}
	}
	return nil
}

// tablesPhrase names tables: "table 1", "tables 1 and 2".
func tablesPhrase(numbers []string) string {
	if len(numbers) == 1 {
		return "table " + numbers[0]
	}
	return "tables " + words.Join(numbers)
}
