package cmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/store"
)

// fixedCompletion completes one of a fixed list of words.
func fixedCompletion(words ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, w := range words {
			if strings.HasPrefix(w, strings.ToLower(toComplete)) {
				out = append(out, w)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// playerCompletion completes the players of the game named by *game (or the
// current one), followed by suffix ("=" for --left NAME=CARDS).
func playerCompletion(app *App, game *string, suffix string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		var names []string
		_ = app.withDB(readDB, func(db *store.DB) error {
			g, err := db.Game(*game)
			if err != nil {
				return err
			}
			if name, cards, ok := strings.Cut(toComplete, "="); ok && suffix == "=" {
				// NAME=CARDS: complete the last card, in the game's deck.
				names = leftCardCompletion(g, name, cards)
				return nil
			}
			for _, p := range g.Settings().Players {
				if strings.HasPrefix(strings.ToLower(p), strings.ToLower(toComplete)) {
					names = append(names, p+suffix)
				}
			}
			return nil
		})
		d := cobra.ShellCompDirectiveNoFileComp
		if suffix != "" {
			d |= cobra.ShellCompDirectiveNoSpace
		}
		return names, d
	}
}

// gameCompletion completes game ids, with each game's name as the hint.
func gameCompletion(app *App) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 && c.Name() == "use" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var ids []string
		_ = app.withDB(readDB, func(db *store.DB) error {
			_, err := db.List(0, func(s store.Summary) error {
				if strings.HasPrefix(s.ID, toComplete) {
					hint := s.Mode + ": " + strings.Join(s.Players, ", ")
					if s.Name != "" {
						hint = s.Name + " (" + hint + ")"
					}
					ids = append(ids, s.ID+"\t"+hint)
				}
				return nil
			})
			return err
		})
		return ids, cobra.ShellCompDirectiveNoFileComp
	}
}

// leftCardCompletion completes the last card of "NAME=CARDS" with the cards
// of the game's deck, keeping what comes before it.
func leftCardCompletion(g *store.Game, name, cards string) []string {
	s := g.Settings()
	d, err := s.GameDeck()
	if err != nil {
		return nil
	}
	i := strings.LastIndexAny(cards, " ,") + 1
	head, last := name+"="+cards[:i], cards[i:]
	var out []string
	for _, c := range deckCards(d, last) {
		out = append(out, head+c)
	}
	return out
}
