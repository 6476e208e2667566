package store

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"

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

// Export writes every game, newest first, with its whole history. It writes
// one game at a time, so a database of years of game nights exports in
// little memory.
func (db *DB) Export(w io.Writer) error {
	return db.export(w)
}

func (db *DB) export(w io.Writer) error {
	return db.view(func(tx *bolt.Tx) error {
		cur, err := readCurrent(tx)
		if err != nil {
			return err
		}
		current := string(cur)
		head, err := json.Marshal(struct {
			Format   int       `json:"unoscore_export"`
			Exported time.Time `json:"exported"`
			Current  string    `json:"current,omitempty"`
		}{ExportFormat, db.now(), current})
		if err != nil {
			return err
		}
		// The head object without its closing brace, then the games.
		if _, err := fmt.Fprintf(w, "%s,\n\"games\": [", head[:len(head)-1]); err != nil {
			return err
		}
		if err := checkRange(tx, bucketSummaries, nil, nil); err != nil {
			return err
		}
		c := tx.Bucket(bucketSummaries).Cursor()
		p := pendingOf(tx)
		first := true
		for k, v := lastVisible(c, p); k != nil; k, v = prevVisible(c, p) {
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
			data, err := json.Marshal(ExportGame{ID: g.ID, Events: g.Events})
			if err != nil {
				return err
			}
			sep := ",\n"
			if first {
				sep, first = "\n", false
			}
			if _, err := fmt.Fprintf(w, "%s%s", sep, data); err != nil {
				return err
			}
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

// MaxImport bounds the size of an export file read by Import.
const MaxImport = 1 << 30

// importLimit is MaxImport, smaller in tests.
var importLimit int64 = MaxImport

// Import reads an export and adds its games, all or nothing: a game that
// does not replay, a malformed or repeated id, or an id already in the
// database stops it, and nothing is kept. The current game is left as it
// was, unless there was none. It is CheckImport then ImportChecked, for a
// reader that cannot stall (the command line checks first, then opens the
// database).
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
// was made: a few MiB for 100,000 games.
type CheckedImport struct {
	games   *spool
	ids     []string // by place in the export
	made    []madeAt // newest first, once read whole
	byID    []uint32 // the places in the export, by id
	current string   // the current game the export names, if it holds it
}

// Games is how many games the export holds.
func (c *CheckedImport) Games() int { return len(c.ids) }

// Close removes the temporary file.
func (c *CheckedImport) Close() {
	if c.games != nil {
		c.games.close()
	}
}

// CheckImport reads a whole export and checks everything about it that
// does not need the database (that every game replays, its names follow
// the rules of the command line, no id is malformed or repeated), without
// opening the database: an input that stalls (import -) holds no lock
// while it does. dbPath says where the temporary file goes (beside it).
func CheckImport(r io.Reader, dbPath string) (*CheckedImport, error) {
	defer importMemory()()
	c := &CheckedImport{games: &spool{dbPath: dbPath}}
	lr := &limitedReader{r: r, left: importLimit, piece: maxPiece}
	var err error
	c.current, err = readExport(json.NewDecoder(lr), func(id string, events []Event) error {
		lr.piece = maxPiece // the next game gets its own bound
		return c.add(id, events)
	})
	switch {
	case lr.over:
		err = &ImportError{Msg: fmt.Sprintf("the export is larger than %s, the most unoscore imports at once; split it and import the parts", sizeText(importLimit))}
	case lr.pieceOver:
		err = &ImportError{Msg: fmt.Sprintf("game %d of the export (or what comes before it) is larger than %s, far past any real game (a name, an id or a list of cards that long is not one); nothing was imported", len(c.ids)+1, sizeText(maxPiece))}
	}
	if err == nil {
		err = keepProblem(c.games.done())
	}
	if err != nil {
		c.Close()
		return nil, err
	}
	// Newest first by creation, then by the export's order.
	slices.SortFunc(c.made, func(a, b madeAt) int {
		return cmp.Or(cmp.Compare(b.sec, a.sec), cmp.Compare(b.nsec, a.nsec), cmp.Compare(a.index, b.index))
	})
	// By id: an id twice is found here, and the ids are written in order
	// (see write).
	c.byID = make([]uint32, len(c.ids))
	for i := range c.byID {
		c.byID[i] = uint32(i)
	}
	slices.SortFunc(c.byID, func(a, b uint32) int { return cmp.Or(strings.Compare(c.ids[a], c.ids[b]), cmp.Compare(a, b)) })
	for k := 1; k < len(c.byID); k++ {
		if id := c.ids[c.byID[k]]; id == c.ids[c.byID[k-1]] {
			c.Close()
			return nil, &ImportError{Msg: fmt.Sprintf("the export holds game %s twice", id)}
		}
	}
	if _, held := slices.BinarySearchFunc(c.byID, c.current, func(i uint32, id string) int { return strings.Compare(c.ids[i], id) }); !held {
		c.current = ""
	}
	if c.current == "" && len(c.ids) > 0 {
		c.current = c.ids[0]
	}
	return c, nil
}

// ImportChecked adds the games of a checked export, all or nothing: an id
// already in the database stops it before anything is written.
//
// It writes them in batches, each in a transaction of its own, oldest
// first so that every key is appended (memory and the pages touched stay
// small whatever the export's order). All or nothing still holds if the
// process is killed in the middle: the first batch's transaction marks the
// import unfinished, the last one removes the mark, and opening a file
// that still has the mark removes every game the unfinished import wrote
// (see discardImport). An import of one batch or less is one transaction.
func (db *DB) ImportChecked(c *CheckedImport) (int, error) {
	if len(c.ids) == 0 {
		return 0, nil // nothing to add, nothing to change
	}
	defer importMemory()()
	if err := db.noneTaken(c.ids); err != nil {
		return 0, err
	}
	im := &importer{db: db, c: c}
	err := im.writeAll()
	if err != nil {
		if !im.begun {
			return 0, err
		}
		if _, derr := db.discardImport(); derr != nil {
			return 0, fmt.Errorf("%w; and then: %w", err, derr)
		}
		return 0, err
	}
	return len(c.ids), nil
}

// importMemory sets how an import collects its garbage, and returns what
// puts it back. Little of what an import allocates lives long: collecting
// less often saves a sixth of its time for a few MiB; but never past
// 32 MiB of the Go heap and the rest, so that the map of the file (bbolt's)
// has room within 64 MiB.
func importMemory() func() {
	gc := debug.SetGCPercent(200)
	limit := debug.SetMemoryLimit(min(32<<20, debug.SetMemoryLimit(-1)))
	return func() {
		debug.SetGCPercent(gc)
		debug.SetMemoryLimit(limit)
	}
}

// noneTaken refuses an import whose games' ids are already in the
// database. An older file is read as it is: schemas 4 and 5 have the
// index of ids, 1 to 3 a bucket per game named by its id.
func (db *DB) noneTaken(ids []string) error {
	return db.viewAsIs(func(tx *bolt.Tx) error {
		isTaken := func(id string) (bool, error) { return idTaken(tx, id) }
		if from := db.pending; from > 0 && from < 4 {
			games := tx.Bucket(bucketGames)
			if games == nil {
				return &CorruptError{Path: db.path, Err: errors.New("its games bucket is missing")}
			}
			isTaken = func(id string) (bool, error) {
				if err := checkRange(tx, bucketGames, []byte(id), append([]byte(id), 0)); err != nil {
					return false, err
				}
				return games.Bucket([]byte(id)) != nil, nil
			}
		}
		for _, id := range ids {
			if taken, err := isTaken(id); err != nil || taken {
				return cmp.Or(err, error(&ImportError{Msg: fmt.Sprintf("game %s is already in the database; nothing was imported", id)}))
			}
		}
		return nil
	})
}

// readExport reads an export one game at a time, handing each to add, and
// returns the current game it names. The export
// must be exactly one JSON object with an "unoscore_export" version and a
// "games" list, no key twice at any depth, and nothing after it; every id
// must be well formed (CheckImport checks that each appears once, and add
// the rest: that each game's log replays and its names follow the rules of
// the command line).
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
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return &ImportError{Msg: fmt.Sprintf("not a unoscore export: game %d: %s", i, tokenProblem(nil, err))}
		}
		if err := noDuplicateKeys(raw); err != nil {
			return &ImportError{Msg: fmt.Sprintf("not a unoscore export: game %d: %v", i, err)}
		}
		// encoding/json would quietly turn these into U+FFFD.
		if err := wholeText(raw); err != nil {
			return &ImportError{Msg: fmt.Sprintf("cannot import: game %d in the export %v", i, err)}
		}
		var eg ExportGame
		if err := json.Unmarshal(raw, &eg); err != nil {
			return &ImportError{Msg: fmt.Sprintf("not a unoscore export: game %d: %s", i, JSONProblem(err))}
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
		return JSONProblem(err)
	}
	return fmt.Sprintf("found %s", words.Clip(fmt.Sprint(tok)))
}

// JSONProblem says in a sentence what encoding/json found wrong, instead
// of its own words ("json: cannot unmarshal string into Go struct field
// Settings.events.settings.target of type int").
func JSONProblem(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		what := map[reflect.Kind]string{
			reflect.Int: "a whole number", reflect.Int64: "a whole number", reflect.Uint64: "a whole number",
			reflect.Float64: "a number", reflect.String: "text in quotes", reflect.Bool: "true or false",
			reflect.Slice: "a list", reflect.Array: "a list", reflect.Map: "an object", reflect.Struct: "an object",
		}[te.Type.Kind()]
		if what == "" {
			what = "something else"
		}
		field := te.Field
		if field == "" {
			return fmt.Sprintf("a value is %s where %s belongs", te.Value, what)
		}
		return fmt.Sprintf("%q is %s where %s belongs", words.Clip(field), te.Value, what)
	case strings.Contains(err.Error(), "exceeded max depth"):
		return "its objects and lists are nested deeper than JSON allows (10,000 levels)"
	case errors.As(err, &se):
		return fmt.Sprintf("it is not valid JSON near byte %d (%s)", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// NoDuplicateKeys checks that no object in a JSON value (already known to
// be valid JSON) has a key twice, in any case: encoding/json matches keys
// ignoring case and would quietly keep the last ("Target" after "target").
// The web API refuses such a body as import refuses such an export. A key
// given twice is a *DuplicateKeyError.
func NoDuplicateKeys(raw []byte) error { return noDuplicateKeys(raw) }

// DuplicateKeyError is a key given twice in one JSON object: Key the
// second time, As the first, when that differs in case.
type DuplicateKeyError struct{ Key, As string }

func (e *DuplicateKeyError) Error() string {
	if e.As != "" && e.As != e.Key {
		return fmt.Sprintf("the keys %q and %q differ only in case in one object, and JSON keys are read ignoring case", words.Clip(e.As), words.Clip(e.Key))
	}
	return fmt.Sprintf("the key %q appears twice in one object", words.Clip(e.Key))
}

// foldKey is a key as encoding/json matches it: each letter as the lower
// case of the least of the letters it matches ignoring case (k for K, k
// and the Kelvin sign alike). A key already folded is returned as it is.
func foldKey(k string) string {
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			return r
		}
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return unicode.ToLower(least)
	}, k)
}

// noDuplicateKeys checks that no object in a JSON value (already known to
// be valid JSON) has a key twice, in any case. It reads the bytes once,
// without decoding them.
func noDuplicateKeys(raw []byte) error {
	type object struct {
		keys  []string          // the keys so far as given, while few
		many  map[string]string // then a map: folded -> as given
		isObj bool
	}
	var stack []object
	expectKey := false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '{':
			stack = append(stack, object{isObj: true})
			expectKey = true
		case '[':
			stack = append(stack, object{})
			expectKey = false
		case '}', ']':
			stack = stack[:len(stack)-1]
			expectKey = false
		case ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].isObj
		case '"':
			j := i + 1
			for ; j < len(raw) && raw[j] != '"'; j++ {
				if raw[j] == '\\' {
					j++
				}
			}
			if expectKey {
				k := string(raw[i+1 : j])
				if bytes.IndexByte(raw[i:j], '\\') >= 0 {
					if err := json.Unmarshal(raw[i:j+1], &k); err != nil {
						return err
					}
				}
				f := foldKey(k)
				top := &stack[len(stack)-1]
				switch {
				case top.many != nil:
					if first, ok := top.many[f]; ok {
						return &DuplicateKeyError{Key: k, As: first}
					}
					top.many[f] = k
				default:
					for _, first := range top.keys {
						if foldKey(first) == f {
							return &DuplicateKeyError{Key: k, As: first}
						}
					}
					top.keys = append(top.keys, k)
					if len(top.keys) > 16 {
						top.many = map[string]string{}
						for _, k := range top.keys {
							top.many[foldKey(k)] = k
						}
					}
				}
				expectKey = false
			}
			i = j
		}
	}
	return nil
}

// wholeText refuses what encoding/json would quietly replace with U+FFFD:
// bytes that are not UTF-8, and a \u escape of half a surrogate pair.
func wholeText(raw []byte) error {
	if !utf8.Valid(raw) {
		return errors.New("holds bytes that are not UTF-8 text; names are refused with them, as the command line refuses them")
	}
	half := func(i int) (rune, bool) { // the \uXXXX at i
		if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
			return 0, false
		}
		n, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 16)
		return rune(n), err == nil
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' || i+1 >= len(raw) {
			continue
		}
		r, ok := half(i)
		switch {
		case !ok:
			i++ // another escape: skip the character it escapes
			continue
		case r >= 0xD800 && r <= 0xDBFF:
			if low, ok := half(i + 6); ok && low >= 0xDC00 && low <= 0xDFFF {
				i += 11
				continue
			}
			fallthrough
		case r >= 0xDC00 && r <= 0xDFFF:
			return fmt.Errorf("holds \\u%04x, half of a character (a lone surrogate); names are refused with it, as the command line refuses them", r)
		}
		i += 5
	}
	return nil
}

// limitedReader reads at most left bytes, then fails, remembering that it
// did, so that the refusal can say the limit.
//
// It also bounds what is read between two games (piece): the decoder holds
// one game at a time in memory, a few times over, so one token of 300 MB
// (a name, say) is refused after maxPiece instead of taking gigabytes.
type limitedReader struct {
	r         io.Reader
	left      int64
	over      bool
	piece     int64
	pieceOver bool
}

// maxPiece bounds one game of an export as read (and anything before the
// first): a game of a thousand hands is about 250 KB.
var maxPiece int64 = 4 << 20

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
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	if int64(len(p)) > l.piece {
		p = p[:l.piece]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	l.piece -= int64(n)
	return n, err
}

// importBatch is how many games an import writes per transaction.
const importBatch = 500

// importer writes the games of a checked import in batches. The games are
// numbered counting down from base, newest first by their creation (the
// export's order between games created at the same instant), so that the
// keys are the order of creation (see listSorted) whatever the export's
// order, and every number is above every game already in the file.
type importer struct {
	db    *DB
	c     *CheckedImport
	begun bool // a batch was written, and with it the mark
	from  uint64
	base  uint64
	made  []madeAt // newest first: made[pos] is numbered base-pos
	place []uint32 // each game's pos in made, by its place in the export
}

// madeAt is when the game at index of the export was created.
type madeAt struct {
	sec   int64
	nsec  int32
	index uint32
}

type stagedGame struct {
	index   uint64 // its place in the export, from 0
	events  [][]byte
	summary []byte
}

// add checks one game and keeps it in the spool.
func (c *CheckedImport) add(id string, events []Event) error {
	for i, e := range events {
		if !timeWritable(e.At) {
			return &ImportError{Msg: fmt.Sprintf("cannot import: game %s: event %d happened at %s, in UTC outside the years 0 to 9999 that an export can write", id, i+1, words.Clip(e.At.String()))}
		}
	}
	g, err := fold(id, events)
	if err != nil {
		return &ImportError{Msg: "cannot import: " + err.Error()}
	}
	if err := g.RedosAsVoided(); err != nil {
		return &ImportError{Msg: "cannot import: " + err.Error()}
	}
	for _, row := range g.Board.Rows {
		if row.Waited != "" {
			return &ImportError{Msg: fmt.Sprintf("cannot import: game %s: hand %d: %s", id, row.Number, row.Waited)}
		}
	}
	if len(c.ids) >= 1<<32-1 {
		return &ImportError{Msg: "the export holds too many games"}
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
	at := g.Created()
	c.made = append(c.made, madeAt{sec: at.Unix(), nsec: int32(at.Nanosecond()), index: uint32(len(c.ids))})
	c.ids = append(c.ids, id)
	return nil
}

// writeAll writes every game, oldest first, a batch per transaction; the
// last batch also makes the import whole (whole).
func (im *importer) writeAll() error {
	im.made = im.c.made
	im.place = make([]uint32, len(im.made))
	for pos, m := range im.made {
		im.place[m.index] = uint32(pos)
	}
	batch := make([]stagedGame, 0, importBatch)
	byID := im.c.byID
	for pos := len(im.made) - 1; pos >= 0; pos-- {
		g, err := im.c.games.get(uint64(im.made[pos].index))
		if err != nil {
			return err
		}
		batch = append(batch, g)
		if len(batch) == importBatch || pos == 0 {
			var last func(tx *bolt.Tx) error
			if pos == 0 {
				last = im.whole
			}
			ids := byID[:min(importBatch, len(byID))]
			if pos == 0 {
				ids = byID
			}
			byID = byID[len(ids):]
			if err := im.write(batch, pos, ids, last); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}

// write writes a batch of games in one transaction, oldest first (batch[i]
// is the game at place pos+len(batch)-1-i, newest first), so every key is
// appended, and the entries of the index of ids of the games at idPlaces
// in the export (the next ones by id: ids are made at random, and entries
// put in the order of the games would rewrite pages all over the index at
// every batch, which then weigh on memory), then runs last in the same
// transaction. The first batch that is not also the last marks the import
// unfinished; until the last, what is written is hidden from every read
// (see pendingOf), and removed if the import never ends (discardImport).
func (im *importer) write(batch []stagedGame, pos int, idPlaces []uint32, last func(tx *bolt.Tx) error) error {
	err := im.db.update(func(tx *bolt.Tx) (err error) {
		ids, events, sums := tx.Bucket(bucketIDs), tx.Bucket(bucketEvents), tx.Bucket(bucketSummaries)
		if !im.begun {
			if err := checkCounter(tx); err != nil {
				return err
			}
			if im.from, err = counter(tx); err != nil {
				return err
			}
			im.base = im.from + 1<<32
			if last == nil {
				if err := tx.Bucket(bucketMeta).Put(keyImport, gameKey(im.from)); err != nil {
					return err
				}
			}
		}
		// batch[i] is at place pos+len(batch)-1-i, newest first.
		num := func(i int) uint64 { return im.base - uint64(pos+len(batch)-1-i) }
		lo, hi := num(0), num(len(batch)-1)
		if err := checkRangePages(tx, gameKey(lo), gameKey(hi+1)); err != nil {
			return err
		}
		if err := checkRange(tx, bucketSummaries, gameKey(lo), gameKey(hi+1)); err != nil {
			return err
		}
		events.FillPercent, sums.FillPercent = 1, 1
		for _, index := range idPlaces {
			id := im.c.ids[index]
			if taken, err := idTaken(tx, id); err != nil || taken {
				return cmp.Or(err, error(&ImportError{Msg: fmt.Sprintf("game %s is already in the database; nothing was imported", id)}))
			}
			if err := putSealed(ids, bucketIDs, []byte(id), gameKey(im.base-uint64(im.place[index]))); err != nil {
				return err
			}
		}
		for i, g := range batch {
			num := num(i)
			if err := numberFree(tx, num); err != nil {
				return err
			}
			for i, e := range g.events {
				if err := putSealed(events, bucketEvents, eventKey(num, i+1), e); err != nil {
					return err
				}
			}
			if err := putSealed(sums, bucketSummaries, gameKey(num), g.summary); err != nil {
				return err
			}
		}
		if last != nil {
			return last(tx)
		}
		return nil
	})
	if err == nil && last == nil {
		im.begun = true
	}
	return err
}

// whole, in the last batch's transaction, makes the import whole: the game
// numbers carry on above it, the current game is set if there was none,
// and the mark of an unfinished import goes.
func (im *importer) whole(tx *bolt.Tx) error {
	if err := setCounter(tx, max(im.from, im.base)); err != nil {
		return err
	}
	meta := tx.Bucket(bucketMeta)
	if meta.Get(keyCurrent) == nil && im.c.current != "" {
		if err := putCurrent(tx, im.c.current); err != nil {
			return err
		}
	}
	return meta.Delete(keyImport)
}

// discardImport removes what an unfinished import wrote (see pendingOf:
// only numbers from the mark it left + 2^32 down to just above the
// counter), a batch of keys per transaction, and then the mark; it returns
// how many games it removed. Killed in the middle, it carries on at the
// next write. A mark that covers no game in use removes nothing but
// itself.
func (db *DB) discardImport() (int, error) {
	const budget = 20000
	removed := 0
	for {
		done := false
		err := db.update(func(tx *bolt.Tx) error {
			meta := tx.Bucket(bucketMeta)
			if meta.Get(keyImport) == nil {
				done = true
				return nil
			}
			p := pendingOf(tx)
			if p.lo == 0 {
				done = true
				return meta.Delete(keyImport)
			}
			if err := checkRangePages(tx, gameKey(p.lo), nil); err != nil {
				return err
			}
			// Deleting may merge a leaf with the one before it: every page
			// of the summaries is checked (see checkFile).
			if err := checkRange(tx, bucketSummaries, nil, nil); err != nil {
				return err
			}
			left := budget
			for _, name := range [][]byte{bucketEvents, bucketSummaries} {
				b := tx.Bucket(name)
				var doomed [][]byte
				c := b.Cursor()
				for k, _ := c.Seek(gameKey(p.lo)); len(k) >= 8 && p.has(binary.BigEndian.Uint64(k)) && len(doomed) < left; k, _ = c.Next() {
					doomed = append(doomed, slices.Clone(k))
				}
				for _, k := range doomed {
					if err := b.Delete(k); err != nil {
						return err
					}
				}
				left -= len(doomed)
				if left == 0 {
					return nil // more next time
				}
			}
			// Every id is read, and deleting may merge leaves.
			if err := checkRange(tx, bucketIDs, nil, nil); err != nil {
				return err
			}
			ids := tx.Bucket(bucketIDs)
			var doomed [][]byte
			err := ids.ForEach(func(k, v []byte) error {
				if n, err := idValue(tx, k, v); err != nil || p.has(n) {
					// A damaged entry is left for doctor to report.
					if err == nil {
						doomed = append(doomed, slices.Clone(k))
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			for _, k := range doomed {
				if err := ids.Delete(k); err != nil {
					return err
				}
			}
			removed = len(doomed)
			done = true
			return meta.Delete(keyImport)
		})
		if err != nil || done {
			return removed, err
		}
	}
}

// sizeText writes a number of bytes for a person: "1 GiB", "512 KiB".
func sizeText(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
