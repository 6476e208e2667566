package cmd

import (
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/rules/words"
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

// leftCompletion completes NAME=CARDS: a player's name and "=", then card
// after card in the game's deck (playerCompletion does both).
func leftCompletion(app *App, game *string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return playerCompletion(app, game, "=")
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
	// UNO Flip: after a card that tells the side, only cards of that side.
	side := rules.NoSide
	if typed, err := rules.ParseHand(cards[:i]); err == nil {
		side, _ = d.HandsSide(typed)
	}
	var out []string
	for _, c := range deckCards(d, last) {
		if tok, _, _ := strings.Cut(c, "\t"); side != rules.NoSide {
			if card, err := rules.ParseCard(tok); err == nil && d.SideOf(card) == side.Other() {
				continue
			}
		}
		out = append(out, head+c)
	}
	return out
}

type completionOptions struct {
	app   *App
	Shell string         // bash, zsh, fish or powershell
	root  *cobra.Command // the command line the script completes
}

// newCompletionCmd replaces cobra's hidden completion command with one that
// "unoscore --help" lists, and whose bash script also works where the
// bash-completion package is not installed.
func newCompletionCmd(app *App, runF func(*completionOptions) error) *cobra.Command {
	o := &completionOptions{app: app}
	return &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Print a script that completes unoscore's commands, players, cards and games in your shell",
		Long: `Print a script that makes Tab complete unoscore's commands and flags,
the current game's players, cards after NAME=, rule topics, game ids, modes
and decks.

  bash:  source <(unoscore completion bash)        (add it to ~/.bashrc)
  zsh:   source <(unoscore completion zsh)         (add it to ~/.zshrc)
  fish:  unoscore completion fish | source

bash completes best with the bash-completion package installed
(apt install bash-completion, brew install bash-completion@2); without it a
small stand-in in the script does the job.`,
		// No shell, or one it does not know, is a usage error, not its help
		// and exit 0.
		Args: func(c *cobra.Command, args []string) error {
			switch {
			case len(args) == 0:
				return usagef("completion needs a shell: bash, zsh, fish or powershell, as in \"unoscore completion bash\"")
			case len(args) > 1 || !slices.Contains([]string{"bash", "zsh", "fish", "powershell"}, args[0]):
				return usagef("unknown shell %q: the shells are bash, zsh, fish and powershell", words.Clip(strings.Join(args, " ")))
			}
			o.Shell = args[0]
			return nil
		},
		ValidArgs: []string{"bash", "zsh", "fish", "powershell"},
		RunE: func(c *cobra.Command, args []string) error {
			o.root = c.Root()
			return seam(o, runF, runCompletion)(c, args)
		},
	}
}

// runCompletion prints the script for o.Shell.
func runCompletion(o *completionOptions) error {
	out := o.root.OutOrStdout()
	switch o.Shell {
	case "bash":
		if _, err := io.WriteString(out, bashStandIn); err != nil {
			return err
		}
		return o.root.GenBashCompletionV2(out, true)
	case "zsh":
		return o.root.GenZshCompletion(out)
	case "fish":
		return o.root.GenFishCompletion(out, true)
	case "powershell":
		return o.root.GenPowerShellCompletionWithDesc(out)
	}
	return usagef("unknown shell %q: the shells are bash, zsh, fish and powershell", words.Clip(o.Shell))
}

// bashStandIn defines _get_comp_words_by_ref, which cobra's bash script
// takes from the bash-completion package, when that package is missing:
// the words of the line up to the cursor, split at blanks.
const bashStandIn = `# bash completion for unoscore
if ! declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
_get_comp_words_by_ref() {
    local line="${COMP_LINE:0:COMP_POINT}"
    read -r -a words <<< "$line"
    if [[ -z "$line" || "$line" =~ [[:space:]]$ ]]; then
        words+=("")
    fi
    cword=$(( ${#words[@]} - 1 ))
    cur="${words[cword]}"
    prev="${words[cword-1]}"
}
fi
`
