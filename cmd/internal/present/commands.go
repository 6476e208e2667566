package present

import (
	"time"

	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
)

// The objects the other commands print with --json.

// PlayerList is what players --json prints.
type PlayerList struct {
	Players []KnownPlayer `json:"players"`
}

// KnownPlayer is one player of the list.
type KnownPlayer struct {
	Player    string    `json:"player"`
	Games     int       `json:"games"`
	Finished  int       `json:"finished"`
	First     time.Time `json:"first_game"`
	Last      time.Time `json:"last_game"`
	Spellings []string  `json:"spellings"`
}

// History is what history --json prints: a game's log.
type History struct {
	ID     string          `json:"id"`
	Events []scoring.Event `json:"events"`
}

// Topic is what rules TOPIC --json prints.
type Topic struct {
	Topic   string   `json:"topic"`
	Title   string   `json:"title"`
	Text    string   `json:"text"`
	Aliases []string `json:"aliases"`
	// For a question: the fact that settles it, and the topics of the
	// runners-up (possibly none). For a topic named: the topics whose id
	// begins with its id.
	Answer string    `json:"answer,omitempty"`
	Also   *[]string `json:"also,omitempty"`
	// Verdict is the referee's ruling on the situation the question
	// describes, when it describes one; ForGame the game the answer is
	// for (absent when no game is in use).
	Verdict string `json:"verdict,omitempty"`
	ForGame string `json:"for_game,omitempty"`
	// With --game: the game's Wild Customizable cards and their rules.
	Game        string   `json:"game,omitempty"`
	Custom      *int     `json:"custom,omitempty"`
	CustomRules []string `json:"custom_rules,omitempty"`
}

// TopicList is what rules --json prints.
type TopicList struct {
	Topics []TopicEntry `json:"topics"`
}

// TopicEntry is one topic of the list.
type TopicEntry struct {
	ID      string   `json:"id"`
	Title   string   `json:"title"`
	Aliases []string `json:"aliases"`
	Group   string   `json:"group"`
}

// Start is what check start --json prints.
type Start struct {
	Card    string              `json:"card"`
	Players int                 `json:"players,omitempty"`
	Agree   bool                `json:"agree"`
	Rulings []rules.StartRuling `json:"rulings"`
	House   []string            `json:"house"` // the current game's house rules
}
