package cmd

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/api"
	"github.com/unoscore/unoscore/store"
)

type gamesOptions struct {
	app   *App
	JSON  bool
	Limit int
	All   bool
}

func newGamesCmd(app *App) *cobra.Command {
	o := &gamesOptions{app: app}
	c := &cobra.Command{
		Use:   "games",
		Short: "List the games, newest first; * marks the current one",
		Args:  exactArgs(0, "no arguments"),
		RunE:  func(c *cobra.Command, args []string) error { return runGames(o) },
	}
	c.Flags().BoolVar(&o.JSON, "json", false, "print the list as JSON (every game unless --limit is given)")
	c.Flags().IntVar(&o.Limit, "limit", 20, "show at most this many games")
	c.Flags().BoolVar(&o.All, "all", false, "show every game")
	c.PreRunE = func(c *cobra.Command, args []string) error {
		if o.Limit < 1 {
			return usagef("--limit must be at least 1")
		}
		if o.All || (o.JSON && !c.Flags().Changed("limit")) {
			o.Limit = 0
		}
		return nil
	}
	return c
}

func runGames(o *gamesOptions) error {
	db, err := o.app.open(true)
	if errors.Is(err, store.ErrNoDatabase) {
		db = nil
	} else if err != nil {
		return err
	}
	if db != nil {
		defer db.Close()
	}
	if o.JSON {
		return gamesAsJSON(o.app.IO.Out, db, o.Limit)
	}
	out := o.app.IO.Out
	total := 0
	var list []store.Summary
	if db != nil {
		total, _, err = db.List(o.Limit, func(s store.Summary) error {
			list = append(list, s)
			return nil
		})
		if err != nil {
			return err
		}
	}
	if total == 0 {
		fmt.Fprintln(out, "No games yet. Start one with: unoscore new --players Ann,Bob,Cat")
		return nil
	}
	align := []tw.Align{tw.AlignLeft, tw.AlignLeft, tw.AlignLeft, tw.AlignLeft, tw.AlignLeft, tw.AlignRight, tw.AlignLeft, tw.AlignLeft}
	t := newTable(out, align, o.app.IO.OutTTY)
	t.Header([]string{"", "Id", "Started", "Name", "Mode", "Hands", "Players", "Result"})
	for _, s := range list {
		mark := ""
		if s.Current {
			mark = "*"
		}
		result := ""
		switch {
		case s.Over:
			result = "won by " + strings.Join(s.Winners, ", ")
		case len(s.Leaders) > 0:
			result = "led by " + strings.Join(s.Leaders, ", ")
		}
		_ = t.Append([]string{mark, s.ID, s.Created.Local().Format("2006-01-02 15:04"), s.Name, s.Mode,
			strconv.Itoa(s.Hands), strings.Join(s.Players, ", "), result})
	}
	if err := t.Render(); err != nil {
		return err
	}
	if total > len(list) {
		fmt.Fprintf(out, "%s not shown; --all lists them.\n", plural(total-len(list), "older game"))
	}
	return nil
}

// gamesAsJSON streams {"games": [...]} one game at a time, so listing years
// of game nights takes little memory.
func gamesAsJSON(w io.Writer, db *store.DB, limit int) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("{\n  \"games\": [")
	if db != nil {
		n := 0
		_, _, err := db.List(limit, func(s store.Summary) error {
			data, err := json.MarshalIndent(api.NewGame(s), "    ", "  ")
			if err != nil {
				return err
			}
			if n > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString("\n    ")
			bw.Write(data)
			n++
			return nil
		})
		if err != nil {
			return err
		}
		if n > 0 {
			bw.WriteString("\n  ")
		}
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}
