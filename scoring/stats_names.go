package scoring

import (
	"slices"
	"strings"
)

// PlayerKey is what statistics tell players apart by: their name, ignoring
// case and look-alike letters (NameKey, the one comparison of names), so
// that "ann" in one game and "Ann" in another are one person. Every
// comparison of names across games goes through it.
func PlayerKey(name string) string { return NameKey(name) }

// samePlayer reports whether two names are one player's.
func samePlayer(a, b string) bool { return PlayerKey(a) == PlayerKey(b) }

// HasPlayer reports whether a player of that name (ignoring case) is in the
// game.
func (s Settings) HasPlayer(name string) bool {
	return slices.ContainsFunc(s.Players, func(p string) bool { return samePlayer(p, name) })
}

// RenamePlayer returns a copy of the settings with the player called from
// (ignoring case) called to: in the seating, the teams, as first dealer and
// in a rotating game's schedule (every round, every table; who sits out a
// round follows, as it is read from the schedule).
// The copy is checked as a new game's settings are, so a name that another
// player of the game already has is refused. The receiver is not changed.
func (s Settings) RenamePlayer(from, to string) (Settings, error) {
	return s.rename(from, to, false)
}

// RenameStored is RenamePlayer for a rename already stored: the new name is
// checked by ValidateStoredName, as a name given before a rule on names
// stays readable.
func (s Settings) RenameStored(from, to string) (Settings, error) {
	return s.rename(from, to, true)
}

func (s Settings) rename(from, to string, stored bool) (Settings, error) {
	to = strings.TrimSpace(to)
	if err := validateName(to, stored); err != nil {
		return Settings{}, err
	}
	seat := slices.IndexFunc(s.Players, func(p string) bool { return samePlayer(p, from) })
	if seat < 0 {
		return Settings{}, invalid("no player is called %q in this game", from)
	}
	r := s
	swap := func(p string) string {
		if samePlayer(p, from) {
			return to
		}
		return p
	}
	r.Players = make([]string, len(s.Players))
	for i, p := range s.Players {
		if !samePlayer(p, from) && samePlayer(p, to) {
			return Settings{}, invalid("%s and %s both play in this game, so %s cannot be renamed %s", s.Players[seat], p, s.Players[seat], to)
		}
		r.Players[i] = swap(p)
	}
	r.Teams = nil
	for _, team := range s.Teams {
		t := make([]string, len(team))
		for i, p := range team {
			t[i] = swap(p)
		}
		r.Teams = append(r.Teams, t)
	}
	r.Dealer = swap(s.Dealer)
	r.Schedule = nil
	for _, round := range s.Schedule {
		tables := make([]Pairs, len(round))
		for t, pairs := range round {
			for i := range pairs {
				for j, p := range pairs[i] {
					tables[t][i][j] = swap(p)
				}
			}
		}
		r.Schedule = append(r.Schedule, tables)
	}
	// The other names are the game's already: only the new one is new.
	if err := r.normalize(true); err != nil {
		return Settings{}, err
	}
	return r, nil
}

// RenamePlayer returns a copy of the hand with the player called from
// (ignoring case) called to; everything else about the hand (its table in
// a rotating game) is kept. The receiver is not changed.
func (h Hand) RenamePlayer(from, to string) Hand {
	r := h
	r.Left = make([]Left, len(h.Left))
	if samePlayer(h.Out, from) {
		r.Out = to
	}
	for i, l := range h.Left {
		if samePlayer(l.Player, from) {
			l.Player = to
		}
		r.Left[i] = l
	}
	return r
}

// RenamePlayer is the change with player from called to: the winner the
// table named and the leaders.
func (c Change) RenamePlayer(from, to string) Change {
	if samePlayer(c.Winner, from) {
		c.Winner = to
	}
	return c
}
