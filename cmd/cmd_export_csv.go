package cmd

import (
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/unoscore/unoscore/store"
)

// csvHeader names the columns of "export --csv".
var csvHeader = []string{"game_id", "game_name", "date", "mode", "hand", "player", "went_out", "cards", "points", "side", "knocked_out", "bonus"}

// writeCSV writes one row per player per counted hand, oldest game first,
// in RFC 4180 CSV: every player who played the hand (an eliminated player
// plays no more hands). cards are the cards left in the notation; points
// their value; side, in an UNO Flip game, the side the hand ended on where
// its cards tell ("light" or "dark"), else empty; knocked_out, in a No
// Mercy game, whether the mercy rule knocked the player out of the hand
// (cards and points empty: not scored), and bonus the points the
// knock-outs brought the player: the one who went out, or, where the game
// gives the bonus to the knocker, each knocker (0 elsewhere). The player who went out holds nothing (points 0); a partner
// of theirs played but had no cards entered (cards and points empty). A nil
// database writes the header alone.
func writeCSV(w io.Writer, db *store.DB) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	if db != nil {
		err := db.EachGame(func(g *store.Game) error {
			b := g.Board
			date := g.Created().Local().Format("2006-01-02 15:04")
			for _, r := range b.Rows {
				for seat := range b.Players() {
					if !b.PlayedHand(r, seat) {
						continue
					}
					out, cards, points, knocked, bonus := "false", "", "", "false", strconv.Itoa(r.BonusOf(seat))
					switch {
					case seat == r.Out:
						out, points = "true", "0"
					case slices.Contains(r.KnockedOut, seat):
						knocked = "true"
						if c := r.ChargeOf(seat); c > 0 { // lowest, challenge: onto their tally
							points = strconv.Itoa(c)
						}
					case r.Held[seat] >= 0:
						points = strconv.Itoa(r.Held[seat])
						for _, l := range r.Hand.Left {
							if l.Player == b.Name(seat) {
								cards = l.Cards.String()
							}
						}
					}
					row := []string{g.ID, csvText(g.Name()), date, string(b.Settings.Mode), strconv.Itoa(r.Number), csvText(b.Name(seat)), out, cards, points, r.FlipSide.String(), knocked, bonus}
					if err := cw.Write(row); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvText is a name as a CSV cell: one that a spreadsheet would run as a
// formula (it starts with =, +, -, @, a tab or a carriage return) gets a
// leading ', as OWASP's guidance on CSV injection says; the spreadsheet
// shows the name, and runs nothing.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
