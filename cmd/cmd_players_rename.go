package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/unoscore/unoscore/cmd/internal/prompter"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

type renameOptions struct {
	app  *App
	From string
	To   string
	Game string // one game only; "" every game
	Yes  bool
	JSON bool
}

func newRenameCmd(app *App, runF func(*renameOptions) error) *cobra.Command {
	o := &renameOptions{app: app}
	c := &cobra.Command{
		Use:   "rename OLD NEW [--game ID]",
		Short: "Call a player by a new name in every game, or in one (one more event in each game's history)",
		Long: `Mend a misspelled or changed name: a person across the database, in every
game they played, so that statistics count them as one. OLD is matched
ignoring case. In a terminal, a rename that would change more than one game
lists them and asks first; --yes skips the question.

--game ID renames in that game only: to mend one night's typo, or to tell
apart two people who shared a name. Statistics count a player by name, so
the games that keep the old name then count as another player.

Each game gets one more event in its history saying who was renamed; the
records before it keep the name they were written with, and nothing is
overwritten. A game in which another player already has the new name stops
the rename, and nothing is written.`,
		Example: `  unoscore players rename Bbo Bob
  unoscore players rename "ann marie" Anne-Marie
  unoscore players rename Gus "Gus B" --game 6jax39`,
		Args:              exactArgs(2, "the old name and the new one"),
		ValidArgsFunction: knownPlayerCompletion(app),
		RunE: func(c *cobra.Command, args []string) error {
			o.From = args[0]
			o.To = args[1]
			if c.Flags().Changed("game") && strings.TrimSpace(o.Game) == "" {
				return usagef("--game is empty: give the id of the one game to rename in, or leave the flag out")
			}
			if runF != nil {
				return runF(o)
			}
			return runRename(o)
		},
	}
	gameFlag(c, app, &o.Game, "rename in this game only (its id); statistics then count the old name in the other games as another player")
	c.Flags().BoolVarP(&o.Yes, "yes", "y", false, "do not ask first")
	jsonFlag(c, &o.JSON, "print the games renamed as JSON")
	return c
}

func runRename(o *renameOptions) error {
	app := o.app
	scope := store.RenameScope{Game: o.Game}
	if !o.Yes && !o.JSON && o.Game == "" && app.canPrompt() {
		var plan []store.Renamed
		err := app.withDB(readDB, func(db *store.DB) error {
			var err error
			plan, err = db.RenameIn(o.From, o.To, store.RenameScope{Plan: true})
			return err
		})
		if err != nil {
			return err
		}
		if len(plan) > 1 {
			ok, err := askRename(app, plan)
			if errors.Is(err, prompter.ErrInterrupted) {
				return interruptedError("interrupted; nothing was renamed")
			}
			if err != nil {
				return err
			}
			if !ok {
				fmt.Fprintf(app.IO.Out, "Nothing renamed. To rename in one game only: unoscore players rename %s %s --game ID\n", quoteArg(plan[0].From), quoteArg(plan[0].To))
				return nil
			}
			for _, r := range plan {
				scope.Only = append(scope.Only, r.ID)
			}
		}
	}
	var renamed []store.Renamed
	others := 0 // one game only: the other games that keep the old name
	err := app.withDB(changeDB, func(db *store.DB) error {
		var err error
		renamed, err = db.RenameIn(o.From, o.To, scope)
		if err != nil || o.Game == "" {
			return err
		}
		key := scoring.PlayerKey(renamed[0].From)
		return db.EachSummary(func(s store.Summary) error {
			for _, p := range s.Players {
				if scoring.PlayerKey(p) == key && s.ID != renamed[0].ID {
					others++
				}
			}
			return nil
		})
	})
	if err != nil {
		return err
	}
	from, to := spellings(renamed), renamed[0].To
	if o.JSON {
		ids := make([]string, len(renamed))
		for i, r := range renamed {
			ids[i] = r.ID
		}
		return writeJSON(app.IO.Out, map[string]any{"from": renamed[0].From, "to": to, "games": ids})
	}
	if o.Game != "" {
		fmt.Fprintf(app.IO.Out, "Renamed %s to %s in game %s only. Its history keeps the old records and notes the rename.\n", from, to, renamed[0].ID)
		if others > 0 {
			fmt.Fprintf(app.IO.Out, "%s keeps the name in %s: statistics count %s and %s as two players.\n",
				renamed[0].From, words.Count(others, "other game"), renamed[0].From, to)
		}
		return nil
	}
	ids := make([]string, 0, 8)
	for i, r := range renamed {
		if i == 8 {
			ids = append(ids, "...")
			break
		}
		ids = append(ids, r.ID)
	}
	fmt.Fprintf(app.IO.Out, "Renamed %s to %s in %s (%s). Each game's history keeps the old records and notes the rename.\n",
		from, to, words.Count(len(renamed), "game"), strings.Join(ids, ", "))
	return nil
}

// askRename lists the games a rename would change and asks first (the
// default no, as undo's question).
func askRename(app *App, plan []store.Renamed) (bool, error) {
	fmt.Fprintf(app.IO.Out, "%s plays in %s:\n", spellings(plan), words.Count(len(plan), "game"))
	for i, r := range plan {
		if i == 12 && len(plan) > 13 {
			fmt.Fprintf(app.IO.Out, "  and %s more\n", words.Count(len(plan)-i, "game"))
			break
		}
		state := "under way"
		if r.Over {
			state = "finished"
		}
		line := fmt.Sprintf("  %s  %s  %s", r.ID, r.Created.Local().Format("2006-01-02"), state)
		if r.Name != "" {
			line += "  " + words.Clip(r.Name)
		}
		fmt.Fprintln(app.IO.Out, line)
	}
	return app.confirmKept(fmt.Sprintf("Rename %s to %s in all %d games?", plan[0].From, plan[0].To, len(plan)))
}

// spellings names the player as the games spell them: "Gus", or "Gus
// (gus in 1 game)" when the games differ.
func spellings(rs []store.Renamed) string {
	first := rs[0].From
	count := map[string]int{}
	var other []string
	for _, r := range rs {
		if r.From != first {
			if count[r.From] == 0 {
				other = append(other, r.From)
			}
			count[r.From]++
		}
	}
	if len(other) == 0 {
		return first
	}
	var parts []string
	for _, p := range other {
		parts = append(parts, fmt.Sprintf("%s in %s", p, words.Count(count[p], "game")))
	}
	return fmt.Sprintf("%s (%s)", first, strings.Join(parts, ", "))
}

// quoteArg is a name as a shell takes it: quoted when it holds a space.
func quoteArg(s string) string {
	if strings.ContainsAny(s, " \t'\"") {
		return fmt.Sprintf("%q", s)
	}
	return s
}
