package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/internal/jsonin"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
)

// ExportFormat is the version of the export file this unoscore writes.
const ExportFormat = 1

// Export is a whole database as JSON: every game with its whole log.
type Export struct {
	Format   int          `json:"unoscore_export"`
	Exported time.Time    `json:"exported"`
	Current  string       `json:"current,omitempty"`
	Games    []ExportGame `json:"games"`
}

// ExportGame is one game in an export, newest first.
type ExportGame struct {
	ID     string  `json:"id"`
	Events []Event `json:"events"`
}

// Export writes every game, newest first, with its whole history, one game
// at a time, so a database of years of game nights exports in little
// memory.
func (db *DB) Export(w io.Writer) error {
	return db.view(func(tx *bolt.Tx) error {
		cur, err := readCurrent(tx)
		if err != nil {
			return err
		}
		head, err := json.Marshal(struct {
			Format   int       `json:"unoscore_export"`
			Exported time.Time `json:"exported"`
			Current  string    `json:"current,omitempty"`
		}{ExportFormat, db.now(), string(cur)})
		if err != nil {
			return err
		}
		// The head object without its closing brace, then the games.
		if _, err := fmt.Fprintf(w, "%s,\n\"games\": [", head[:len(head)-1]); err != nil {
			return err
		}
		sep := "\n"
		err = eachVisible(tx, bucketSummaries, pendingOf(tx), true, func(k, v []byte) error {
			v, err := summaryValue(tx, k, v)
			if err != nil {
				return err
			}
			var s struct {
				ID string `json:"id"`
			}
			if err := json.Unmarshal(v, &s); err != nil {
				return &CorruptError{Path: db.path, Err: fmt.Errorf("the summary of game %x is unreadable: %w", k, err)}
			}
			g, err := readGame(tx, s.ID, binary.BigEndian.Uint64(k))
			if err != nil {
				return err
			}
			data, err := json.Marshal(ExportGame{ID: g.ID, Events: scoring.WithCharge(g.Events)})
			if err != nil {
				return err
			}
			if _, err := fmt.Fprintf(w, "%s%s", sep, data); err != nil {
				return err
			}
			sep = ",\n"
			return nil
		})
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, "\n]}\n")
		return err
	})
}

// CurrentWord stands for the current game where an id is expected (in
// serve's addresses): no game has it as its id.
const CurrentWord = "current"

// ImportError is an export file that cannot be imported.
type ImportError struct{ Msg string }

func (e *ImportError) Error() string { return e.Msg }

// Invalid marks the error as bad input.
func (e *ImportError) Invalid() bool { return true }

// importLimit bounds the size of an export file read by Import (smaller
// in tests).
var importLimit int64 = 1 << 30

// maxPiece bounds one game of an export as read (and anything before the
// first): a game of a thousand hands is about 250 KB.
var maxPiece int64 = 4 << 20

// Import reads an export and adds its games, all or nothing: a game that
// does not replay, a malformed or repeated id, or an id already in the
// database stops it, and nothing is kept. The current game is left as it
// was, unless there was none. It is CheckImport then ImportChecked (the
// command line checks first, then opens the database).
func (db *DB) Import(r io.Reader) (int, error) {
	c, err := CheckImport(r, db.path)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	return db.ImportChecked(c)
}

// A CheckedImport is an export read whole and checked, every game encoded
// as it will be stored and kept in a temporary file (see spool), ready to
// be written. What is held in memory for each game is its id and when it
// was made.
type CheckedImport struct {
	games   spool
	ids     []string // by place in the export
	made    []madeAt // newest first, once read whole
	current string   // the current game the export names, if it holds it
}

// madeAt is when the game at index of the export was created.
type madeAt struct {
	at    time.Time
	index int
}

// Close removes the temporary file.
func (c *CheckedImport) Close() { c.games.close() }

// CheckImport reads a whole export and checks everything about it that
// does not need the database (that every game replays, its names follow
// the rules of the command line, no id is malformed or repeated), without
// opening the database: an input that stalls (import -) holds no lock
// while it does. dbPath says where the temporary file goes (beside it).
func CheckImport(r io.Reader, dbPath string) (*CheckedImport, error) {
	c := &CheckedImport{games: spool{dbPath: dbPath}}
	lr := &limitedReader{r: r, left: importLimit, piece: maxPiece}
	current, err := readExport(json.NewDecoder(lr), func(id string, events []Event) error {
		lr.piece = maxPiece // the next game gets its own bound
		return c.add(id, events)
	})
	switch {
	case lr.over:
		err = &ImportError{Msg: fmt.Sprintf("the export is larger than %s, the most unoscore imports at once; split it and import the parts", sizeText(importLimit))}
	case lr.pieceOver:
		err = &ImportError{Msg: fmt.Sprintf("game %d of the export (or what comes before it) is larger than %s, far past any real game (a name, an id or a list of cards that long is not one); nothing was imported", len(c.ids)+1, sizeText(maxPiece))}
	case err == nil:
		err = c.games.done()
	}
	sorted := slices.Sorted(slices.Values(c.ids))
	for i := 1; i < len(sorted) && err == nil; i++ {
		if sorted[i] == sorted[i-1] {
			err = &ImportError{Msg: fmt.Sprintf("the export holds game %s twice", sorted[i])}
		}
	}
	if err != nil {
		c.Close()
		return nil, err
	}
	// Newest first by creation, then in the export's order.
	slices.SortStableFunc(c.made, func(a, b madeAt) int { return b.at.Compare(a.at) })
	if _, held := slices.BinarySearch(sorted, current); held {
		c.current = current
	} else if len(c.ids) > 0 {
		c.current = c.ids[0]
	}
	return c, nil
}

// add checks one game and keeps it in the spool.
func (c *CheckedImport) add(id string, events []Event) error {
	for i, e := range events {
		if !timeWritable(e.At) {
			return &ImportError{Msg: fmt.Sprintf("cannot import: game %s: event %d happened at %s, in UTC outside the years 0 to 9999 that an export can write", id, i+1, words.Clip(e.At.String()))}
		}
	}
	g, err := fold(id, events)
	if err == nil {
		err = g.RedosAsVoided()
	}
	if err != nil {
		return &ImportError{Msg: "cannot import: " + err.Error()}
	}
	for _, row := range g.Board.Rows {
		if row.Waited != "" {
			return &ImportError{Msg: fmt.Sprintf("cannot import: game %s: hand %d: %s", id, row.Number, row.Waited)}
		}
	}
	// Names come in by the same rules as from the command line (a
	// player's as stored: see scoring.ValidateStoredName).
	if err := scoring.ValidateGameName(g.Name()); err != nil {
		return &ImportError{Msg: fmt.Sprintf("cannot import game %s: %v", id, err)}
	}
	// The stored settings are the normalized ones, as the game started
	// (before any rename).
	start, err := scoring.NewStored(*g.Events[0].Settings)
	if err != nil {
		return &ImportError{Msg: fmt.Sprintf("cannot import: game %s: %v", id, err)}
	}
	g.Events[0].Settings = &start.Settings
	sg := stagedGame{events: make([][]byte, len(events))}
	for i, e := range g.Events {
		if sg.events[i], err = encodeEvent(e); err != nil {
			return err
		}
	}
	if sg.summary, err = json.Marshal(g.summary()); err != nil {
		return err
	}
	if err := c.games.put(sg); err != nil {
		return err
	}
	c.made = append(c.made, madeAt{at: g.Created(), index: len(c.ids)})
	c.ids = append(c.ids, id)
	return nil
}

// readExport reads an export one game at a time, handing each to add, and
// returns the current game it names. The export must be exactly one JSON
// object with an "unoscore_export" version and a "games" list, no key
// twice at any depth, and nothing after it; every id must be well formed.
func readExport(dec *json.Decoder, add func(id string, events []Event) error) (string, error) {
	bad := func(format string, args ...any) error {
		return &ImportError{Msg: "not a unoscore export: " + fmt.Sprintf(format, args...)}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", bad("it does not begin with a JSON object (%s)", tokenProblem(tok, err))
	}
	keys := map[string]bool{}
	format := 0
	var current string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return "", bad("%s", tokenProblem(nil, err))
		}
		key, _ := tok.(string)
		if keys[key] {
			return "", bad("it has the key %q twice", words.Clip(key))
		}
		keys[key] = true
		switch key {
		case "unoscore_export":
			var n json.RawMessage
			if err := dec.Decode(&n); err != nil {
				return "", bad("%s", tokenProblem(nil, err))
			}
			v, err := strconv.Atoi(string(n))
			if err != nil || v < 1 {
				return "", bad("its \"unoscore_export\" is %s; it should be a format number from 1", words.Clip(string(n)))
			}
			if v > ExportFormat {
				return "", &ImportError{Msg: fmt.Sprintf("the export is of format %d, newer than this unoscore reads (%d): upgrade unoscore", v, ExportFormat)}
			}
			format = v
		case "exported":
			var t time.Time
			if err := dec.Decode(&t); err != nil {
				return "", bad("its \"exported\" is not a time: %v", err)
			}
		case "current":
			if err := dec.Decode(&current); err != nil {
				return "", bad("its \"current\" is not a game id")
			}
		case "games":
			if err := readGames(dec, add); err != nil {
				return "", err
			}
		default:
			return "", bad("it has a key %q that unoscore does not know", words.Clip(key))
		}
	}
	if _, err := dec.Token(); err != nil {
		return "", bad("%s", tokenProblem(nil, err))
	}
	if tok, err := dec.Token(); err != io.EOF {
		return "", bad("there is more after the end of the export (%s); give one export per file", tokenProblem(tok, err))
	}
	switch {
	case format == 0:
		return "", bad("it has no \"unoscore_export\" format number")
	case !keys["games"]:
		return "", bad("it has no \"games\" list")
	}
	return current, nil
}

// readGames reads the "games" list one game at a time.
func readGames(dec *json.Decoder, add func(id string, events []Event) error) error {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return &ImportError{Msg: fmt.Sprintf("not a unoscore export: its \"games\" is not a list (%s)", tokenProblem(tok, err))}
	}
	for i := 1; dec.More(); i++ {
		bad := func(format string, args ...any) error {
			return &ImportError{Msg: fmt.Sprintf("not a unoscore export: game %d: ", i) + fmt.Sprintf(format, args...)}
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return bad("%s", tokenProblem(nil, err))
		}
		if err := jsonin.NoDuplicateKeys(raw); err != nil {
			return bad("%v", err)
		}
		// encoding/json would quietly turn these into U+FFFD.
		if err := jsonin.WholeText(raw); err != nil {
			return &ImportError{Msg: fmt.Sprintf("cannot import: game %d in the export %v", i, err)}
		}
		var eg ExportGame
		if err := json.Unmarshal(raw, &eg); err != nil {
			return bad("%s", jsonin.ProblemIn(raw, err, nil))
		}
		if !ValidID(eg.ID) {
			return &ImportError{Msg: fmt.Sprintf("game %d in the export has the id %q; an id is 1 to 32 lowercase letters, digits or dashes", i, words.Clip(eg.ID))}
		}
		if eg.ID == CurrentWord {
			return &ImportError{Msg: fmt.Sprintf("game %d in the export has the id %q, which serve's addresses take to mean the current game, so that game could not be reached; give it another id", i, eg.ID)}
		}
		if err := add(eg.ID, eg.Events); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return &ImportError{Msg: fmt.Sprintf("not a unoscore export: %s", tokenProblem(nil, err))}
	}
	return nil
}

// tokenProblem says what was found instead of what was expected.
func tokenProblem(tok json.Token, err error) string {
	switch {
	case err == io.EOF, errors.Is(err, io.ErrUnexpectedEOF):
		return "the file ends before the export does: was it cut short?"
	case err != nil:
		return jsonin.Problem(err)
	}
	return fmt.Sprintf("found %s", words.Clip(fmt.Sprint(tok)))
}

// limitedReader reads at most left bytes, then fails, remembering that it
// did, so that the refusal can say the limit. It also bounds what is read
// between two games (piece): the decoder holds one game at a time in
// memory, a few times over, so one token of 300 MB (a name, say) is refused
// after maxPiece instead of taking gigabytes.
type limitedReader struct {
	r         io.Reader
	left      int64
	over      bool
	piece     int64
	pieceOver bool
}

var errTooBig = errors.New("the export is too big")

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more tells a file of exactly the limit from a bigger one.
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			l.over = true
			return 0, errTooBig
		}
		return 0, io.EOF
	}
	if l.piece <= 0 {
		l.pieceOver = true
		return 0, errTooBig
	}
	p = p[:min(int64(len(p)), l.left, l.piece)]
	n, err := l.r.Read(p)
	l.left -= int64(n)
	l.piece -= int64(n)
	return n, err
}

// sizeText writes a number of bytes for a person: "1 GiB", "512 KiB".
func sizeText(n int64) string {
	i := 0
	for ; i < 3 && n >= 1<<10 && n%(1<<10) == 0; i++ {
		n >>= 10
	}
	return fmt.Sprintf("%d %s", n, []string{"bytes", "KiB", "MiB", "GiB"}[i])
}
