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
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"

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
// was, unless there was none.
//
// It reads the whole export, one game at a time, and checks everything it
// could refuse before it writes anything, so a refused import leaves the
// file byte for byte as it was: games past the first batch wait, checked
// and encoded, in a temporary file (see spool). Then it writes them in
// batches, each in a transaction of its own, so memory stays small however
// big the export. All or nothing still holds if the process is killed in
// the middle: the first batch's transaction marks the import unfinished,
// the last one removes the mark, and opening a file that still has the
// mark removes every game the unfinished import wrote (see discardImport).
// An import of one batch or less is one transaction, and needs no
// temporary file.
func (db *DB) Import(r io.Reader) (int, error) {
	// Little of what an import allocates lives long: collecting less often
	// saves a sixth of its time for a few MiB.
	defer debug.SetGCPercent(debug.SetGCPercent(200))
	im := &importer{db: db}
	defer im.close()
	lr := &limitedReader{r: r, left: importLimit, piece: maxPiece}
	games := 0
	current, err := readExport(json.NewDecoder(lr), func(id string, events []Event) error {
		games++
		lr.piece = maxPiece // the next game gets its own bound
		return im.add(id, events)
	})
	switch {
	case lr.over:
		err = &ImportError{Msg: fmt.Sprintf("the export is larger than %s, the most unoscore imports at once; split it and import the parts", sizeText(importLimit))}
	case lr.pieceOver:
		err = &ImportError{Msg: fmt.Sprintf("game %d of the export (or what comes before it) is larger than %s, far past any real game (a name, an id or a list of cards that long is not one); nothing was imported", games+1, sizeText(maxPiece))}
	}
	if err == nil {
		err = im.commit(current)
	}
	if err != nil {
		if !im.begun {
			return 0, err
		}
		if _, derr := db.discardImport(); derr != nil {
			return 0, fmt.Errorf("%w; and then: %w", err, derr)
		}
		return 0, err
	}
	return im.n, nil
}

// readExport reads an export one game at a time, handing each to add, and
// returns the current game it names, if it holds that game. The export
// must be exactly one JSON object with an "unoscore_export" version and a
// "games" list, no key twice at any depth, and nothing after it; every id
// must be well formed and appear once (add checks the rest: that each
// game's log replays and its names follow the rules of the command line).
func readExport(dec *json.Decoder, add func(id string, events []Event) error) (string, error) {
	bad := func(format string, args ...any) error {
		return &ImportError{Msg: "not a unoscore export: " + fmt.Sprintf(format, args...)}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", bad("it does not begin with a JSON object (%s)", tokenProblem(tok, err))
	}
	seen := map[string]bool{}
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
			return "", bad("it has the key %q twice", clip(key))
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
				return "", bad("its \"unoscore_export\" is %s; it should be a format number from 1", clip(string(n)))
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
			if err := readGames(dec, seen, add); err != nil {
				return "", err
			}
		default:
			return "", bad("it has a key %q that unoscore does not know", clip(key))
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
	if !seen[current] {
		current = ""
	}
	return current, nil
}

// readGames reads the "games" list one game at a time.
func readGames(dec *json.Decoder, seen map[string]bool, add func(id string, events []Event) error) error {
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
			return &ImportError{Msg: fmt.Sprintf("game %d in the export has the id %q; an id is 1 to 32 lowercase letters, digits or dashes", i, clip(eg.ID))}
		}
		if seen[eg.ID] {
			return &ImportError{Msg: fmt.Sprintf("the export holds game %s twice", eg.ID)}
		}
		seen[eg.ID] = true
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
	return fmt.Sprintf("found %s", clip(fmt.Sprint(tok)))
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
		return fmt.Sprintf("%q is %s where %s belongs", clip(field), te.Value, what)
	case strings.Contains(err.Error(), "exceeded max depth"):
		return "its objects and lists are nested deeper than JSON allows (10,000 levels)"
	case errors.As(err, &se):
		return fmt.Sprintf("it is not valid JSON near byte %d (%s)", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// NoDuplicateKeys checks that no object in a JSON value (already known to
// be valid JSON) has a key twice: encoding/json would quietly keep the
// last. The web API refuses such a body as import refuses such an export.
// A key given twice is a *DuplicateKeyError.
func NoDuplicateKeys(raw []byte) error { return noDuplicateKeys(raw) }

// DuplicateKeyError is a key given twice in one JSON object.
type DuplicateKeyError struct{ Key string }

func (e *DuplicateKeyError) Error() string {
	return fmt.Sprintf("the key %q appears twice in one object", clip(e.Key))
}

// noDuplicateKeys checks that no object in a JSON value (already known to
// be valid JSON) has a key twice: encoding/json would quietly keep the
// last. It reads the bytes once, without decoding them.
func noDuplicateKeys(raw []byte) error {
	type object struct {
		keys  []string        // the keys so far, while few
		many  map[string]bool // then a map
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
				top := &stack[len(stack)-1]
				switch {
				case top.many != nil:
					if top.many[k] {
						return &DuplicateKeyError{Key: k}
					}
					top.many[k] = true
				default:
					if slices.Contains(top.keys, k) {
						return &DuplicateKeyError{Key: k}
					}
					top.keys = append(top.keys, k)
					if len(top.keys) > 16 {
						top.many = map[string]bool{}
						for _, k := range top.keys {
							top.many[k] = true
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

// importer writes the games of an import in batches. The games are numbered
// counting down from base, newest first by their creation (the export's
// order between games created at the same instant), so that the keys are
// the order of creation (see order.go) whatever the export's order, and
// every number is above every game already in the file.
type importer struct {
	db     *DB
	begun  bool   // a batch was written, and with it the mark
	parked *spool // the games checked and waiting to be written, past the first batch
	from   uint64 // the highest game number before the import
	base   uint64
	n      int
	first  string // the first game's id: current if the export names none
	staged []stagedGame
	// made is each game's time of creation, by its place in the export,
	// until numbered; rank is then each game's place newest first.
	made []madeAt
	rank []uint32
}

// madeAt is when the game at index of the export was created.
type madeAt struct {
	sec   int64
	nsec  int32
	index uint32
}

// numberByCreation gives each game its place, newest first (rank): by
// creation, then by the export's order.
func (im *importer) numberByCreation() {
	slices.SortFunc(im.made, func(a, b madeAt) int {
		return cmp.Or(cmp.Compare(b.sec, a.sec), cmp.Compare(b.nsec, a.nsec), cmp.Compare(a.index, b.index))
	})
	im.rank = make([]uint32, len(im.made))
	for pos, m := range im.made {
		im.rank[m.index] = uint32(pos)
	}
}

// num is the number of the game at index of the export.
func (im *importer) num(index uint64) uint64 { return im.base - uint64(im.rank[index]) }

type stagedGame struct {
	id      string
	index   uint64 // its place in the export, from 0
	events  [][]byte
	summary []byte
}

// add checks one game and stages it; every importBatch games, the staged
// ones are written.
func (im *importer) add(id string, events []Event) error {
	for i, e := range events {
		if !timeWritable(e.At) {
			return &ImportError{Msg: fmt.Sprintf("cannot import: game %s: event %d happened at %s, in UTC outside the years 0 to 9999 that an export can write", id, i+1, clip(e.At.String()))}
		}
	}
	g, err := fold(id, events)
	if err != nil {
		return &ImportError{Msg: "cannot import: " + err.Error()}
	}
	for _, row := range g.Board.Rows {
		if row.Waited != "" {
			return &ImportError{Msg: fmt.Sprintf("cannot import: game %s: hand %d: %s", id, row.Number, row.Waited)}
		}
	}
	if im.n >= 1<<32-1 {
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
	sg := stagedGame{id: id, index: uint64(im.n), events: make([][]byte, len(events))}
	for i, e := range g.Events {
		if sg.events[i], err = encodeEvent(e); err != nil {
			return err
		}
	}
	if sg.summary, err = json.Marshal(g.summary()); err != nil {
		return err
	}
	if im.n == 0 {
		im.first = id
	}
	at := g.Created()
	im.made = append(im.made, madeAt{sec: at.Unix(), nsec: int32(at.Nanosecond()), index: uint32(im.n)})
	im.n++
	im.staged = append(im.staged, sg)
	if len(im.staged) == importBatch {
		return im.park()
	}
	return nil
}

// park checks that no staged game's id is already in the database, then
// moves the staged games to the spool, to be written once the whole
// export has been checked.
func (im *importer) park() error {
	// An older file is read as it is (upgrading it in a transaction thrown
	// away at every batch would cost the whole upgrade each time): schemas
	// 4 and 5 have the index of ids, 1 to 3 a bucket per game named by its
	// id.
	err := im.db.viewAsIs(func(tx *bolt.Tx) error {
		isTaken := func(id string) (bool, error) { return idTaken(tx, id) }
		if from := im.db.pending; from > 0 && from < 4 {
			games := tx.Bucket(bucketGames)
			if games == nil {
				return &CorruptError{Path: im.db.path, Err: errors.New("its games bucket is missing")}
			}
			isTaken = func(id string) (bool, error) {
				if err := checkRange(tx, bucketGames, []byte(id), append([]byte(id), 0)); err != nil {
					return false, err
				}
				return games.Bucket([]byte(id)) != nil, nil
			}
		}
		for _, g := range im.staged {
			if taken, err := isTaken(g.id); err != nil || taken {
				return cmp.Or(err, error(&ImportError{Msg: fmt.Sprintf("game %s is already in the database; nothing was imported", g.id)}))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if im.parked == nil {
		if im.parked, err = newSpool(im.db.path); err != nil {
			return err
		}
	}
	for _, g := range im.staged {
		if err := im.parked.put(g); err != nil {
			return fmt.Errorf("cannot keep the checked games of the import in a temporary file (%s); nothing was imported", ioProblem(err))
		}
	}
	im.staged = im.staged[:0]
	return nil
}

// writeParked writes the parked games in batches, each in a transaction of
// its own, the last of them with last (nil: the import stays marked
// unfinished, as a kill would leave it).
func (im *importer) writeParked(last func(tx *bolt.Tx) error) error {
	if err := im.parked.rewind(); err != nil {
		return fmt.Errorf("cannot read back the temporary file of the import (%s); nothing was imported", ioProblem(err))
	}
	for done := 0; done < im.parked.games; {
		for len(im.staged) < importBatch && done < im.parked.games {
			g, err := im.parked.get()
			if err != nil {
				return err
			}
			im.staged = append(im.staged, g)
			done++
		}
		var fn func(tx *bolt.Tx) error
		if done == im.parked.games {
			fn = last
		}
		if err := im.write(fn); err != nil {
			return err
		}
	}
	return nil
}

// close removes the spool, if there is one.
func (im *importer) close() {
	if im.parked != nil {
		im.parked.close()
		im.parked = nil
	}
}

// write writes the staged games in one transaction, lowest number first so
// every key is appended, then runs last in the same transaction. The first
// batch that is not also the last marks the import unfinished.
func (im *importer) write(last func(tx *bolt.Tx) error) error {
	if im.rank == nil {
		im.numberByCreation() // every game is read: none is written before
	}
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
		// Lowest number first, so that every key is appended.
		slices.SortFunc(im.staged, func(a, b stagedGame) int { return cmp.Compare(im.num(a.index), im.num(b.index)) })
		if len(im.staged) > 0 {
			lo, hi := im.num(im.staged[0].index), im.num(im.staged[len(im.staged)-1].index)
			if err := checkRangePages(tx, gameKey(lo), gameKey(hi+1)); err != nil {
				return err
			}
			if err := checkRange(tx, bucketSummaries, gameKey(lo), gameKey(hi+1)); err != nil {
				return err
			}
		}
		events.FillPercent, sums.FillPercent = 1, 1
		for _, g := range im.staged {
			num := im.num(g.index)
			if taken, err := idTaken(tx, g.id); err != nil || taken {
				return cmp.Or(err, error(&ImportError{Msg: fmt.Sprintf("game %s is already in the database; nothing was imported", g.id)}))
			}
			if err := numberFree(tx, num); err != nil {
				return err
			}
			if err := putSealed(ids, bucketIDs, []byte(g.id), gameKey(num)); err != nil {
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
	im.staged = im.staged[:0]
	return err
}

// commit writes the last batch and, in the same transaction, makes the
// import whole: the game numbers carry on above it, the current game is set
// if there was none, and the mark of an unfinished import goes.
func (im *importer) commit(current string) error {
	if im.n == 0 {
		return nil // nothing to add, nothing to change
	}
	if current == "" {
		current = im.first
	}
	last := func(tx *bolt.Tx) error {
		// A game made by another process between two batches of the
		// import (numbered above im.from) may be newer than some of the
		// import's: the order is then not known.
		if err := setCounter(tx, max(im.from, im.base)); err != nil {
			return err
		}
		meta := tx.Bucket(bucketMeta)
		if meta.Get(keyCurrent) == nil && current != "" {
			if err := putCurrent(tx, current); err != nil {
				return err
			}
		}
		return meta.Delete(keyImport)
	}
	if im.parked == nil {
		return im.write(last) // one batch: one transaction
	}
	if len(im.staged) > 0 {
		if err := im.park(); err != nil {
			return err
		}
	}
	return im.writeParked(last)
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
