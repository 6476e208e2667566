// Package web is unoscore's face on the local network: the board as a page
// for every phone and the television, live through Server-Sent Events, and
// the scorer's page, a card keypad that records hands.
//
// It reads and writes through store, opening the file for each request and
// closing it before answering, so the command line keeps working beside it.
// Changes made by another unoscore are seen by watching the file (its
// stamp, read without the lock) on a short poll.
package web

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/internal/jsonin"
	"github.com/unoscore/unoscore/rules/words"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// Limits of what one request may ask of the server.
const (
	MaxBody        = 4 << 10 // bytes in a request body
	MaxHeaderBytes = 8 << 10 // the request line and headers together
	// DefaultMaxStreams is how many event streams may be open at once, and
	// DefaultMaxClientStreams how many from one client address.
	DefaultMaxStreams       = 200
	DefaultMaxClientStreams = 32
	// DefaultPoll is how often the file is checked for changes made by
	// another unoscore.
	DefaultPoll = 250 * time.Millisecond
	// ping keeps an idle event stream open through proxies and lets the
	// server notice a viewer that has gone.
	ping = 20 * time.Second
	// writeWait bounds one write to a client.
	writeWait = 10 * time.Second
)

//go:embed assets
var assets embed.FS

// Config says what to serve and to whom.
type Config struct {
	DBPath string
	Wait   time.Duration // how long a request waits for another unoscore to let go of the file
	Token  string        // the scorer's secret: every write must carry it
	// Replaced holds the SHA-256 of tokens serve --new-token replaced: a
	// link carrying one is told so, not that it never was the scorer's.
	Replaced   [][32]byte
	Hosts      []string      // the Host header values served ("192.168.1.20:8765"); any other is refused
	Poll       time.Duration // 0: DefaultPoll
	MaxStreams int           // 0: DefaultMaxStreams
	// MaxClientStreams: 0 is DefaultMaxClientStreams.
	MaxClientStreams int
	Log              *log.Logger // nil: no log
}

// Server serves one database.
type Server struct {
	cfg   Config
	mux   *http.ServeMux
	tmpl  *template.Template
	hub   *hub
	hosts map[string]bool
	token [32]byte // sha256 of the token, compared in constant time

	streamsMu sync.Mutex
	streams   int            // event streams open
	clients   map[string]int // event streams open, by client address
}

// NewToken makes a scorer's token: 192 random bits, URL-safe.
func NewToken() (string, error) {
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("cannot make a secret token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

// New makes a server for the database at cfg.DBPath.
func New(cfg Config) (*Server, error) {
	if len(cfg.Token) < 22 {
		return nil, errors.New("the scorer's token must carry at least 128 random bits")
	}
	if len(cfg.Hosts) == 0 {
		return nil, errors.New("no host to serve")
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = DefaultMaxStreams
	}
	if cfg.MaxClientStreams <= 0 {
		cfg.MaxClientStreams = DefaultMaxClientStreams
	}
	if cfg.Wait <= 0 {
		cfg.Wait = store.DefaultTimeout
	}
	tmpl, err := template.New("").Funcs(funcs).ParseFS(assets, "assets/*.html")
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, tmpl: tmpl, hosts: map[string]bool{}, token: sha256.Sum256([]byte(cfg.Token)), clients: map[string]int{}}
	for _, h := range cfg.Hosts {
		s.hosts[strings.ToLower(h)] = true
		// A browser leaves out the port when it is the scheme's default:
		// http://127.0.0.1/ sends "Host: 127.0.0.1" to port 80 (and a
		// proxy in front, https, to 443).
		if host, port, err := net.SplitHostPort(h); err == nil && (port == "80" || port == "443") {
			if strings.Contains(host, ":") {
				host = "[" + host + "]"
			}
			s.hosts[strings.ToLower(host)] = true
		}
	}
	s.hub = newHub(s.message)
	s.routes()
	return s, nil
}

func (s *Server) routes() {
	m := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets")
	files := http.StripPrefix("/assets/", http.FileServerFS(static))
	m.HandleFunc("GET /assets/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") { // a folder: no listing
			s.fail(w, r, http.StatusNotFound, "not found")
			return
		}
		files.ServeHTTP(w, r)
	})
	m.HandleFunc("GET /{$}", s.viewPage)
	m.HandleFunc("GET /score", s.scorePage)
	m.HandleFunc("GET /schedule", s.schedulePage)
	m.HandleFunc("GET /api/scorer", s.scorer)
	m.HandleFunc("GET /api/games", s.games)
	m.HandleFunc("POST /api/games", s.writeHandler(false, s.create))
	m.HandleFunc("GET /api/games/{id}/board", s.board)
	m.HandleFunc("GET /api/games/{id}/keypad", s.keypad)
	m.HandleFunc("GET /api/games/{id}/events", s.events)
	m.HandleFunc("POST /api/games/{id}/hands", s.writeHandler(true, s.addHand))
	m.HandleFunc("POST /api/games/{id}/undo", s.writeHandler(true, s.undo))
	m.HandleFunc("POST /api/games/{id}/redo", s.writeHandler(true, s.redo))
	m.HandleFunc("POST /api/games/{id}/target", s.writeHandler(true, s.target))
	m.HandleFunc("POST /api/games/{id}/end", s.writeHandler(true, s.end))
	m.HandleFunc("POST /api/games/{id}/hands/{n}", func(w http.ResponseWriter, r *http.Request) {
		s.writeHandler(true, func(db *store.DB, id string, body []byte) (result, error) {
			return s.editHand(db, id, body, r.PathValue("n"))
		})(w, r)
	})
	s.mux = m
}

// Handler is the whole site, behind its guards.
func (s *Server) Handler() http.Handler { return http.HandlerFunc(s.guard) }

// HTTPServer is an http.Server for the site with its timeouts and limits.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		IdleTimeout:       60 * time.Second,
		// The guard holds the limit of 8 KB, answering 431 with a sentence
		// (JSON under /api/). net/http's own limit, set well above it,
		// only stops a client sending far more, with its plain 431.
		MaxHeaderBytes: 4 * MaxHeaderBytes,
		ErrorLog:       s.cfg.Log,
		// No WriteTimeout: an event stream lasts as long as the viewer
		// stays; every write sets its own deadline instead.
	}
}

// Close ends every open event stream.
func (s *Server) Close() { s.hub.close() }

// guard refuses what the site must not answer: a Host it does not serve
// (a DNS-rebinding page), a write from another site's page; and sets the
// headers every answer carries.
func (s *Server) guard(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
	if headerSize(r) > MaxHeaderBytes {
		// net/http's own limit has slack (about 12 KB for 8): the
		// promised 8 KB is held here.
		s.fail(w, r, http.StatusRequestHeaderFieldsTooLarge, fmt.Sprintf("the request's headers are larger than %d bytes", MaxHeaderBytes))
		return
	}
	if !s.hosts[strings.ToLower(r.Host)] {
		s.fail(w, r, http.StatusForbidden, fmt.Sprintf("this server does not answer to the host %q; open the address unoscore serve printed", r.Host))
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if !s.sameOrigin(r) {
			s.fail(w, r, http.StatusForbidden, "a write must come from unoscore's own scorer's page, not from another site")
			return
		}
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		if h, pattern := s.mux.Handler(r); pattern == "" {
			// No route (404), or not with this method (405): the
			// mux's own plain-text answer, said as JSON with a sentence.
			var c caught
			h.ServeHTTP(&c, r)
			if allow := c.h.Get("Allow"); c.code == http.StatusMethodNotAllowed && allow != "" {
				w.Header().Set("Allow", allow)
				s.fail(w, r, c.code, fmt.Sprintf("%s is not allowed on %s: it takes %s", r.Method, r.URL.Path, words.JoinOr(strings.Split(allow, ", "))))
				return
			}
			s.fail(w, r, http.StatusNotFound, fmt.Sprintf("there is nothing at %s; /api/games lists the games, /api/games/ID/board is one game's board", r.URL.Path))
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// caught is a ResponseWriter that keeps only an answer's status and
// headers.
type caught struct {
	h    http.Header
	code int
}

func (c *caught) Header() http.Header {
	if c.h == nil {
		c.h = http.Header{}
	}
	return c.h
}
func (c *caught) WriteHeader(code int)        { c.code = code }
func (c *caught) Write(b []byte) (int, error) { return len(b), nil }

// headerSize is the size of a request's line and headers as sent.
func headerSize(r *http.Request) int {
	n := len(r.Method) + len(r.RequestURI) + len(r.Proto) + 4 + len("Host: ") + len(r.Host) + 2
	for k, vs := range r.Header {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	return n
}

// sameOrigin reports whether a write comes from this site's own page, or
// from a program that is no browser page at all (no Origin header). A
// browser sends Origin on every cross-site write, and Sec-Fetch-Site too.
func (s *Server) sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	return strings.EqualFold(origin, "http://"+r.Host)
}

// authorized checks the scorer's token in constant time.
func (s *Server) authorized(r *http.Request) bool {
	auth := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok {
		return false
	}
	got := sha256.Sum256([]byte(strings.TrimSpace(tok)))
	return subtle.ConstantTimeCompare(got[:], s.token[:]) == 1
}

// unauthorized answers 401 with a sentence saying what is wrong with the
// request's token: none, one serve --new-token replaced, or one that never
// was the scorer's.
func (s *Server) unauthorized(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="unoscore"`)
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	tok = strings.TrimSpace(tok)
	msg := "this needs the scorer's token: open the scorer's address that unoscore serve printed (it stays the same from one start to the next, until serve --new-token)"
	if ok && tok != "" {
		msg = "this link's token is not the scorer's: open the scorer's address unoscore serve printed (scan its Score code, or type the address)"
		got := sha256.Sum256([]byte(tok))
		for _, old := range s.cfg.Replaced {
			if subtle.ConstantTimeCompare(got[:], old[:]) == 1 {
				msg = "this link's token was replaced (serve --new-token made a new one): open the scorer's address unoscore serve printed (scan its Score code, or type the address)"
			}
		}
	}
	s.fail(w, r, http.StatusUnauthorized, msg)
}

// scorer is GET /api/scorer: whether the request carries the scorer's
// token (204), for the scorer's page to say at once when its link is
// wrong (401, with unauthorized's sentence). It changes nothing.
func (s *Server) scorer(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(r) {
		s.unauthorized(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// fail answers with one sentence: JSON {"error": ...} under /api/, plain
// text elsewhere.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, code int, msg string) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		writeJSON(w, code, map[string]string{"error": msg})
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	io.WriteString(w, msg+"\n")
}

// failErr answers an error from store or scoring: bad input is the
// client's (400, or 404 for a game that is not there, reading or
// writing), a fault of the database is 503 with a sentence that names no
// path.
func (s *Server) failErr(w http.ResponseWriter, r *http.Request, err error, reading bool) {
	if present.BadInput(err) {
		code := http.StatusBadRequest
		if reading || errors.As(err, new(*store.NotFoundError)) {
			code = http.StatusNotFound
		}
		s.fail(w, r, code, err.Error())
		return
	}
	s.logf("%s %s: %v", r.Method, r.URL.Path, err)
	var locked *store.LockedError
	var corrupt *store.CorruptError
	var newer *store.NewerError
	var older *store.OlderError
	msg := "the database could not be read; nothing was written. The terminal running unoscore serve says why"
	switch {
	case errors.As(err, &locked):
		msg = "the database is in use by another unoscore; nothing was written. Try again in a moment"
	case errors.As(err, &corrupt):
		msg = "the database is damaged or not a unoscore database; nothing was written. Run \"unoscore doctor\" on the scorer's computer"
	case errors.As(err, &older):
		msg = "the database's newest record is damaged, so its last change may be lost; nothing was written. Run \"unoscore doctor\" on the scorer's computer"
	case errors.As(err, &newer):
		msg = "the database was written by a newer unoscore; nothing was written. Upgrade unoscore"
	}
	w.Header().Set("Retry-After", "2")
	s.fail(w, r, http.StatusServiceUnavailable, msg)
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Log != nil {
		s.cfg.Log.Printf(format, args...)
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		code, data = http.StatusInternalServerError, []byte(`{"error":"the answer could not be written as JSON"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(append(data, '\n'))
}

// read runs fn with the database open to read (a shared lock, held only
// for fn).
func (s *Server) read(fn func(db *store.DB) error) error {
	db, err := store.Open(s.cfg.DBPath, store.Options{ReadOnly: true, Timeout: s.cfg.Wait})
	if errors.Is(err, store.ErrNoDatabase) {
		return store.ErrNoGame
	}
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(db)
}

// change runs fn with the database open to write (an exclusive lock, held
// only for fn). A missing file is never created here.
func (s *Server) change(fn func(db *store.DB) error) error {
	if _, err := store.ReadStamp(s.cfg.DBPath); errors.Is(err, store.ErrNoDatabase) {
		return store.ErrNoGame
	}
	db, err := store.Open(s.cfg.DBPath, store.Options{Timeout: s.cfg.Wait})
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(db)
}

// game reads one game; id "" is the current one.
func (s *Server) game(id string) (*store.Game, error) {
	var g *store.Game
	err := s.read(func(db *store.DB) error {
		var err error
		g, err = db.Game(id)
		return err
	})
	return g, err
}

// gameID is the request's game: the {id} in the path, which must look like
// an id, or "current" for the current game (returned as "").
func gameID(r *http.Request) (string, bool) {
	id := r.PathValue("id")
	if id == store.CurrentWord {
		return "", true
	}
	return id, store.ValidID(id)
}

func (s *Server) games(w http.ResponseWriter, r *http.Request) {
	list := []present.Game{}
	err := s.read(func(db *store.DB) error {
		_, err := db.ListBrief(0, func(sum store.Summary) error {
			list = append(list, present.NewGame(sum))
			return nil
		})
		return err
	})
	if err != nil && !errors.Is(err, store.ErrNoGame) {
		s.failErr(w, r, err, true)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": list})
}

func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	if g, ok := s.requestedGame(w, r); ok {
		writeJSON(w, http.StatusOK, present.NewBoard(&g.Game))
	}
}

// requestedGame reads the game the request's path names; when it cannot,
// it has answered the request (404, or 503 for a fault) and says so.
func (s *Server) requestedGame(w http.ResponseWriter, r *http.Request) (*store.Game, bool) {
	id, ok := gameID(r)
	if !ok {
		s.fail(w, r, http.StatusNotFound, fmt.Sprintf("%q is not a game id; /api/games lists them", id))
		return nil, false
	}
	g, err := s.game(id)
	if err != nil {
		s.failErr(w, r, err, true)
		return nil, false
	}
	return g, true
}

// handRequest is the body of POST /api/games/ID/hands. Changes, when
// given, is the game's change counter as the page last saw it: a game
// changed since (at the hand's table) refuses the hand with 409.
type handRequest struct {
	Out     string            `json:"out"`
	Left    map[string]string `json:"left"`
	Table   *int              `json:"table"`
	Changes int               `json:"changes"`
	// KnockedOut: No Mercy's players knocked out of the hand; KnockedBy,
	// where the game gives the bonus to the knocker, who knocked each out.
	KnockedOut []string          `json:"knocked_out"`
	KnockedBy  map[string]string `json:"knocked_by"`
}

// undoRequest is the body of POST /api/games/ID/undo and /redo: all
// optional. Table (undo, a rotating game): void the last hand at that
// table.
type undoRequest struct {
	Changes int  `json:"changes"`
	Table   *int `json:"table"`
}

// table is the table a request names; 0 when it names none.
func table(t *int) int {
	if t == nil {
		return 0
	}
	return *t
}

// noTableZero refuses a "table" the game is not played at, by the rule
// the command line's --table keeps (scoring.Board.GivenTable): any table
// outside a rotating game; in one, a table it does not have, 0 included
// (which would otherwise read as no table at all). No "table" names none,
// and outside rotating games neither does "table": 0 (a client's zero).
func noTableZero(db *store.DB, id string, t *int) error {
	if t == nil {
		return nil
	}
	g, err := db.Game(id)
	if err != nil || (*t == 0 && g.Board.Schedule() == nil) {
		return err
	}
	return g.Board.GivenTable(*t)
}

// result is what a write answers: the game after it, and for an undo the
// hand it voided.
type result struct {
	game    *store.Game
	voided  *present.Voided
	checked bool // a new game checked, not started ("check": true)
}

// answer is the board JSON, with the hand voided beside it after an undo.
type answer = present.Undone

// conflict is the answer to a write made on a stale view of the game
// (409): what was recorded meanwhile, and the board as it is now.
type conflict struct {
	Error string        `json:"error"`
	Board present.Board `json:"board"`
}

// writeHandler wraps a write: the token, the body's size and type, then the
// change; the board after it is sent to every viewer and answered. A write
// to a game (byID) names it in the path; one that starts a game does not.
func (s *Server) writeHandler(byID bool, fn func(db *store.DB, id string, body []byte) (result, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.authorized(r) {
			s.unauthorized(w, r)
			return
		}
		id, ok := gameID(r)
		if byID && !ok {
			s.fail(w, r, http.StatusNotFound, fmt.Sprintf("%q is not a game id; /api/games lists them", id))
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				s.fail(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is larger than %d bytes; nothing was written", MaxBody))
				return
			}
			s.fail(w, r, http.StatusBadRequest, "the request body could not be read; nothing was written")
			return
		}
		if len(body) > 0 {
			ct := r.Header.Get("Content-Type")
			if mt, _, _ := strings.Cut(ct, ";"); !strings.EqualFold(strings.TrimSpace(mt), "application/json") {
				s.fail(w, r, http.StatusUnsupportedMediaType, "send the request body as JSON, with Content-Type: application/json; nothing was written")
				return
			}
		}
		var res result
		if byID {
			err = s.change(func(db *store.DB) error {
				var err error
				res, err = fn(db, id, body)
				return err
			})
		} else {
			res, err = fn(nil, "", body) // it opens the file itself, once the input is good
		}
		var changed *store.ChangedError
		if errors.As(err, &changed) {
			writeJSON(w, http.StatusConflict, conflict{Error: changed.What + " " + question(r.URL.Path), Board: present.NewBoard(&changed.Game.Game)})
			return
		}
		if err != nil {
			s.failErr(w, r, err, false)
			return
		}
		if res.checked {
			writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
			return
		}
		g := res.game
		// A new game reaches the pages that follow the current game through
		// Watch, which sees the file change, as one started by "unoscore new".
		code := http.StatusCreated
		if byID {
			code = http.StatusOK
			s.hub.publish(g)
		}
		writeJSON(w, code, answer{Board: present.NewBoard(&g.Game), Voided: res.voided})
	}
}

// question ends the sentence of a 409: what the scorer may do now.
func question(path string) string {
	switch {
	case strings.HasSuffix(path, "/hands"):
		return "Save this one as well?"
	case strings.Contains(path, "/hands/"):
		return "Nothing was corrected; look at the hand again before correcting it."
	case strings.HasSuffix(path, "/undo"):
		return "Nothing was voided; look at the board again before voiding a hand."
	case strings.HasSuffix(path, "/target"), strings.HasSuffix(path, "/end"):
		return "Nothing was changed; look at the board again first."
	default:
		return "Nothing was brought back; look at the board again first."
	}
}

// valueWords says what a request's objects of values hold, for a value
// of the wrong kind: `each value in "left" must be text in quotes (cards
// such as "r7 wd4"); Bob's is a number`.
var valueWords = jsonin.Values{"left": `cards such as "r7 wd4"`, "knocked_by": "the knocker's name"}

// decode reads exactly one JSON object into v; what is wrong is bad input.
func decode(body []byte, v any, example string) error {
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	bad := func(detail string) error {
		return &scoring.InputError{Msg: fmt.Sprintf("the request body is not a JSON object like %s (%s); nothing was written", example, detail)}
	}
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return bad("it is empty")
		}
		return bad(jsonin.ProblemIn(body, err, valueWords))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return bad("something follows the object")
	}
	// encoding/json keeps the last of a key given twice: refused, as
	// import refuses it ("left" naming a player twice, say).
	if err := jsonin.NoDuplicateKeys(body); err != nil {
		// A player's cards given twice in "left" is said as the hand's
		// mistake it is.
		var dup *jsonin.DuplicateKeyError
		if h, ok := v.(*handRequest); ok && errors.As(err, &dup) {
			if _, ok := h.Left[dup.Key]; ok {
				return &scoring.InputError{Msg: fmt.Sprintf("%s's cards are entered twice; nothing was written", dup.Key)}
			}
		}
		return &scoring.InputError{Msg: fmt.Sprintf("the request body is refused: %v; nothing was written", err)}
	}
	return nil
}

func (s *Server) addHand(db *store.DB, id string, body []byte) (result, error) {
	h, changes, err := readHand(body)
	if err != nil {
		return result{}, present.CardsIn(err, func() (*scoring.Game, error) { return played(db.Game(id)) })
	}
	if err := noTableZero(db, id, h.given); err != nil {
		return result{}, err
	}
	g, err := db.AddHand(id, h.Hand, store.Seen{Changes: changes})
	return result{game: g}, err
}

// editHand is POST /api/games/ID/hands/N: hand N corrected, as "unoscore
// edit N" with every value given; the old record stays in the history.
func (s *Server) editHand(db *store.DB, id string, body []byte, number string) (result, error) {
	n, err := strconv.Atoi(number)
	if err != nil || n < 1 {
		return result{}, &scoring.InputError{Msg: fmt.Sprintf("%q is not a hand's number: hands are numbered from 1", number)}
	}
	h, changes, err := readHand(body)
	if err != nil {
		return result{}, present.CardsIn(err, func() (*scoring.Game, error) { return played(db.Game(id)) })
	}
	if err := noTableZero(db, id, h.given); err != nil {
		return result{}, err
	}
	g, err := db.Edit(id, n, h.Hand, store.Seen{Changes: changes})
	return result{game: g}, err
}

// readHand reads the body of a hand: the hand (with the table as given,
// nil when not), and the change counter the page saw.
func readHand(body []byte) (givenHand, int, error) {
	var req handRequest
	if err := decode(body, &req, `{"out": "Ann", "left": {"Bob": "r7 wd4"}}`); err != nil {
		return givenHand{}, 0, err
	}
	if strings.TrimSpace(req.Out) == "" {
		return givenHand{}, 0, &scoring.InputError{Msg: `missing "out": name the player who went out`}
	}
	names := make([]string, 0, len(req.Left))
	for name := range req.Left {
		names = append(names, name)
	}
	sort.Strings(names)
	h := scoring.Hand{Out: req.Out, Table: table(req.Table), KnockedOut: req.KnockedOut, KnockedBy: req.KnockedBy} // scoring checks the table and the knock-outs
	for _, name := range names {
		l, err := present.Left(strings.TrimSpace(name), req.Left[name])
		if err != nil {
			return givenHand{}, 0, err
		}
		h.Left = append(h.Left, l)
	}
	return givenHand{Hand: h, given: req.Table}, req.Changes, nil
}

// givenHand is a hand as a request gave it: its table, as given (nil when
// not).
type givenHand struct {
	scoring.Hand
	given *int
}

func decodeUndo(body []byte) (undoRequest, error) {
	var req undoRequest
	if len(strings.TrimSpace(string(body))) > 0 {
		if err := decode(body, &req, `{"changes": 12, "table": 1}`); err != nil {
			return req, err
		}
	}
	return req, nil
}

func (s *Server) undo(db *store.DB, id string, body []byte) (result, error) {
	req, err := decodeUndo(body)
	if err != nil {
		return result{}, err
	}
	if err := noTableZero(db, id, req.Table); err != nil {
		return result{}, err
	}
	g, row, err := db.UndoAt(id, table(req.Table), store.Seen{Changes: req.Changes})
	if err != nil {
		return result{}, err
	}
	return result{game: g, voided: present.NewVoided(&g.Game, row)}, nil
}

func (s *Server) redo(db *store.DB, id string, body []byte) (result, error) {
	req, err := decodeUndo(body)
	if err != nil {
		return result{}, err
	}
	if err := noTableZero(db, id, req.Table); err != nil {
		return result{}, err
	}
	// A rotating game's table brings back only its own voided hand (the
	// store refuses a table the game does not have, or with nothing to
	// bring back), read and written under the same lock.
	t := table(req.Table)
	g, _, err := db.RedoAt(id, t, store.Seen{Changes: req.Changes})
	var which *scoring.RedoWhichError
	if errors.As(err, &which) {
		// In the request's terms: the key that names a table.
		var with []string
		for _, t := range which.Tables() {
			with = append(with, fmt.Sprintf(`"table": %d`, t))
		}
		return result{}, &scoring.InputError{Msg: which.Which() + ": say which with " + words.JoinOr(with) + "; nothing was written"}
	}
	return result{game: g}, err
}

// targetRequest is the body of POST /api/games/ID/target.
type targetRequest struct {
	Target  *int `json:"target"`
	Changes int  `json:"changes"`
}

// target is POST /api/games/ID/target {"target": N}: the game's target
// changed, as "unoscore target N" does (a game over at the old one plays
// on).
func (s *Server) target(db *store.DB, id string, body []byte) (result, error) {
	var req targetRequest
	if err := decode(body, &req, `{"target": 1000}`); err != nil {
		return result{}, err
	}
	if req.Target == nil {
		return result{}, &scoring.InputError{Msg: `missing "target": give the new target, as in {"target": 1000}; nothing was written`}
	}
	g, err := db.SetTarget(id, *req.Target, store.Seen{Changes: req.Changes})
	return result{game: g}, err
}

// endRequest is the body of POST /api/games/ID/end.
type endRequest struct {
	Winner  string `json:"winner"`
	Changes int    `json:"changes"`
}

// end is POST /api/games/ID/end {}: the game ended where it stands, as
// "unoscore end" does ({"winner": NAME} names a winner).
func (s *Server) end(db *store.DB, id string, body []byte) (result, error) {
	var req endRequest
	if len(strings.TrimSpace(string(body))) > 0 {
		if err := decode(body, &req, `{"winner": "Mom"}`); err != nil {
			return result{}, err
		}
	}
	g, err := db.End(id, strings.TrimSpace(req.Winner), store.Seen{Changes: req.Changes})
	return result{game: g}, err
}

// keypadJSON is what the scorer's page needs to tap a hand in: the deck's
// colours and faces with their points (the one table of card values, read
// from rules), and for each player who may go out, whose cards are entered.
type keypadJSON struct {
	Game    string              `json:"game"`
	Deck    string              `json:"deck"`
	Colors  []colorJSON         `json:"colors"`
	Faces   []faceJSON          `json:"faces"`
	Players []string            `json:"players"`
	Scorers map[string][]string `json:"scorers"` // who went out -> whose cards are entered
	Over    bool                `json:"over"`
	Hands   int                 `json:"hands"`
	Changes int                 `json:"changes"`          // the game's change counter: sent back with a write
	Last    *handJSON           `json:"last,omitempty"`   // the hand an undo voids
	Redo    *handJSON           `json:"redo,omitempty"`   // the hand a redo brings back
	Tables  []tableJSON         `json:"tables,omitempty"` // a rotating game: pick the table first
	// PlayOn is the target the phone offers a game won at its target to
	// play on to ("Play on to 1000"); absent where none is offered.
	PlayOn int `json:"play_on,omitempty"`
	// Endable: the phone offers to end the game where it stands.
	Endable bool `json:"endable,omitempty"`
	// EndChoices: where Endable, who the table may name as the winner (as
	// "unoscore end --winner NAME" may): every player, or team, not out of
	// the game, in seating order.
	EndChoices []endChoiceJSON `json:"end_choices,omitempty"`
	// UndoChange and RedoChange name the target or end an undo would void
	// (set after the last hand, it goes before any hand), or a redo bring
	// back: "target raised to 1000 after hand 12".
	UndoChange string `json:"undo_change,omitempty"`
	RedoChange string `json:"redo_change,omitempty"`
	// UNO Flip: each side's colours and faces, light first; the keypad's
	// switch picks one for the whole hand (Colors and Faces are the light
	// side's).
	Sides []sideJSON `json:"sides,omitempty"`
	// No Mercy: a player holding Mercy cards or more is knocked out of the
	// hand, and the winner scores KnockOutBonus for each; the keypad then
	// offers a knock-out toggle per player. Absent in other decks.
	Mercy         int `json:"mercy,omitempty"`
	KnockOutBonus int `json:"knock_out_bonus,omitempty"`
	// Knocker: the game gives the bonus to whoever knocked the player out
	// (new --mercy-bonus knocker): the keypad asks who, for each.
	Knocker bool `json:"knocker,omitempty"`
	// Charged: No Mercy in lowest and challenge, where no one scores a
	// hand's points: a knock-out is charged to the player knocked out, the
	// bonus onto their own tally, as the board says it; false in such a
	// game begun before unoscore charged it (scoring.Board.Charges).
	Charged bool `json:"charged,omitempty"`
	// Caught: lowest and challenge, where no one wins a hand's points: the
	// cards count against their holders, and the keypad says so.
	Caught bool `json:"caught,omitempty"`
	// Missed: asked with ?since=N (the change counter the page last
	// accounted for), the changes made since, oldest first, each with its
	// number and its sentence as another device is told of it ("Hand 2
	// was just recorded from another device: Max went out, 20 points.");
	// with &table=T, in a rotating game, only those that touch table T.
	// The page leaves out the changes it made itself.
	Missed []scoring.MissedChange `json:"missed,omitempty"`
}

// endChoiceJSON is one winner the phone offers when ending a game.
type endChoiceJSON struct {
	Winner string `json:"winner"` // the name sent as "winner" (partners: the team's first player)
	Label  string `json:"label"`  // "Ann", "Ann & Cat"
	Score  int    `json:"score"`
	Leads  bool   `json:"leads"` // leading now: named as leading when no winner is named
}

// sideJSON is one side of UNO Flip's cards on the keypad.
type sideJSON struct {
	Side   string      `json:"side"`
	Colors []colorJSON `json:"colors"`
	Faces  []faceJSON  `json:"faces"`
}

// handJSON names one hand for a question: "Void hand 5 at table 1: Ann
// went out, 41 points?"
type handJSON struct {
	Hand   int    `json:"hand"`
	Table  int    `json:"table,omitempty"`
	Out    string `json:"out"`
	Points int    `json:"points"`
	// Said is the hand in a few words, as undo and redo ask about it
	// (present.HandBrief): "Ann went out, 5 points; Cat knocked out,
	// charged 250".
	Said string `json:"said"`
	// Why an undo would refuse to void it (the last hand of a table whose
	// round another table's later hand needed); empty when it may.
	Refusal string `json:"refusal,omitempty"`
}

// redoOf names a voided hand as it would count again: the next number.
func redoOf(b *scoring.Board, h scoring.Hand) *handJSON {
	pts := 0
	for _, l := range h.Left {
		pts += b.Deck.HandPoints(l.Cards)
	}
	return &handJSON{Hand: b.Hands() + 1, Table: h.Table, Out: h.Out, Points: pts, Said: present.HandBrief(b, h)}
}

func handOf(b *scoring.Board, r scoring.Row) *handJSON {
	return &handJSON{Hand: r.Number, Table: r.Table, Out: b.Name(r.Out), Points: r.Won, Said: present.HandBrief(b, r.Hand)}
}

// lastOf is the hand an undo would void, with why it would be refused.
func lastOf(g *store.Game, r scoring.Row) *handJSON {
	h := handOf(g.Board, r)
	if err := g.Voidable(r.Number); err != nil {
		h.Refusal = err.Error()
	}
	return h
}

// tableJSON is one table of a rotating game on the keypad: its round and
// pairs, its four players clockwise, and for each whose cards are entered
// when they go out (the opposing pair). A table that can take no hand
// carries the command line's sentence saying why.
type tableJSON struct {
	Table   int                 `json:"table"`
	Round   int                 `json:"round"`
	Rounds  int                 `json:"rounds"`
	Hand    int                 `json:"hand"`   // the hand about to be played in the round, from 1
	Played  int                 `json:"played"` // hands played at it in its round, as the board's tables say
	Hands   int                 `json:"hands"`  // hands in a round
	Teams   [][]string          `json:"teams"`
	Dealer  string              `json:"dealer,omitempty"`
	Players []string            `json:"players"`
	Scorers map[string][]string `json:"scorers"`
	Refusal string              `json:"refusal,omitempty"`
	// Who the table waits for, still playing the round before elsewhere
	// (Refusal then says so); empty when it can play or is done.
	WaitingFor []string  `json:"waiting_for"`
	Last       *handJSON `json:"last,omitempty"` // the last hand played at this table
	Redo       *handJSON `json:"redo,omitempty"` // the hand last voided at this table, if it can count again
	// Who sits out the table's round (5, 9 or 13 players).
	SittingOut string `json:"sitting_out,omitempty"`
}

type colorJSON struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
}

type faceJSON struct {
	Token  string `json:"token"`
	Name   string `json:"name"`
	Plural string `json:"plural"` // several of the face: "7s", "Draw Twos"
	Points int    `json:"points"`
	Wild   bool   `json:"wild"`
	Copies int    `json:"copies"`
}

func newKeypad(g *store.Game) keypadJSON {
	b := g.Board
	k := keypadJSON{Game: g.ID, Deck: b.Deck.ID, Players: b.Settings.Players, Scorers: map[string][]string{}, Over: b.Over(), Hands: b.Hands(),
		Changes: g.Changes(), Colors: colorsOf(b), Faces: facesOf(b), Sides: sidesOf(b),
		Mercy: b.Deck.Decl.Rules.Mercy, KnockOutBonus: b.Deck.Decl.Rules.KnockOutBonus, Knocker: b.ToKnocker(),
		Charged: b.Charges(), Caught: b.Settings.Mode.LowWins()}
	if k.Sides != nil {
		k.Colors, k.Faces = k.Sides[0].Colors, k.Sides[0].Faces
	}
	if n := len(b.Rows); n > 0 {
		k.Last = lastOf(g, b.Rows[n-1])
	}
	if h, ok := g.Redoable(); ok {
		k.Redo = redoOf(b, h)
	}
	if c, ok := g.LastChange(); ok {
		k.UndoChange = c.Sentence()
	}
	if c, ok := g.RedoableChange(); ok {
		k.RedoChange = c.Sentence()
	}
	m := b.Settings.Mode
	if b.Over() && !b.EndedEarly() && m.HasTarget() && m != scoring.Challenge && b.Settings.Target < scoring.MaxTarget {
		k.PlayOn = b.PlayOnTarget()
	}
	k.Endable = !b.Over() && b.Hands() > 0 && b.Schedule() == nil
	if k.Endable {
		lead := b.LeadingColumns()
		for i, c := range b.Columns() {
			if !b.ColumnEliminated(i) {
				k.EndChoices = append(k.EndChoices, endChoiceJSON{Winner: b.Name(c.Seats[0]), Label: strings.Join(b.Names(c.Seats), " & "),
					Score: b.ColumnScore(i), Leads: slices.Contains(lead, i)})
			}
		}
	}
	if !b.Over() {
		for _, seat := range b.Active() {
			k.Scorers[b.Name(seat)] = b.Names(b.Scorers(seat))
		}
	}
	if b.Schedule() == nil {
		return k
	}
	for _, t := range b.Tables() {
		tj := tableJSON{Table: t.Number, Round: t.Round, Rounds: len(b.Schedule()), Hand: t.Hands + 1, Played: t.Hands, Hands: b.Settings.Hands,
			Players: b.Names(t.Seats), Scorers: map[string][]string{}}
		if h, ok := g.RedoableAt(t.Number); ok {
			tj.Redo = redoOf(b, h)
		}
		for i := len(b.Rows) - 1; i >= 0; i-- {
			if b.Rows[i].Table == t.Number {
				tj.Last = lastOf(g, b.Rows[i])
				break
			}
		}
		for _, pair := range t.Teams {
			tj.Teams = append(tj.Teams, b.Names(pair))
		}
		tj.WaitingFor = words.NonNil(b.Names(t.WaitingFor))
		if t.SittingOut >= 0 && !t.Done {
			tj.SittingOut = b.Name(t.SittingOut)
		}
		if _, err := b.Table(t.Number); err != nil {
			tj.Refusal = err.Error()
			if t.Done {
				tj.Hand = t.Hands
			} else {
				tj.Dealer = b.Name(t.Dealer)
			}
		} else {
			tj.Dealer = b.Name(t.Dealer)
			for _, seat := range t.Seats {
				tj.Scorers[b.Name(seat)] = b.Names(b.ScorersAt(t.Number, seat))
			}
		}
		k.Tables = append(k.Tables, tj)
	}
	return k
}

func (s *Server) keypad(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	since, table := -1, 0
	for _, p := range []struct {
		name string
		to   *int
	}{{"since", &since}, {"table", &table}} {
		v := q.Get(p.name)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			s.fail(w, r, http.StatusBadRequest, fmt.Sprintf("%s=%s is not a number of %s (0 or more)", p.name, v, map[string]string{"since": "changes", "table": "a table"}[p.name]))
			return
		}
		*p.to = n
	}
	g, ok := s.requestedGame(w, r)
	if !ok {
		return
	}
	k := newKeypad(g)
	// A page that knows of more changes than the game has had (the file
	// was put back from a copy, the game imported again) is told nothing
	// missed, and takes the game's count from here on (score.js, tell).
	if since >= 0 && since <= g.Changes() {
		missed, err := g.News(since, table)
		if err != nil {
			s.failErr(w, r, err, true)
			return
		}
		k.Missed = missed
	}
	writeJSON(w, http.StatusOK, k)
}

// HostsFor lists the Host values a server listening on addr answers to:
// the address itself, and for a loopback or unspecified address the names
// this machine is reached by.
func HostsFor(addr net.Addr) []string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return []string{addr.String()}
	}
	port := fmt.Sprint(tcp.Port)
	var hosts []string
	add := func(h string) {
		hp := net.JoinHostPort(h, port)
		if !slices.Contains(hosts, hp) {
			hosts = append(hosts, hp)
		}
	}
	add(tcp.IP.String())
	if tcp.IP.IsLoopback() || tcp.IP.IsUnspecified() {
		add("localhost")
		add("127.0.0.1")
		add("::1")
	}
	if tcp.IP.IsUnspecified() {
		for _, ip := range LocalIPs() {
			add(ip.String())
		}
		// The machine's own name, as a phone may reach it by mDNS.
		if name, err := os.Hostname(); err == nil && name != "" {
			add(strings.ToLower(name))
			if !strings.Contains(name, ".") {
				add(strings.ToLower(name) + ".local")
			}
		}
	}
	return hosts
}

// LocalIPs lists this machine's addresses on its networks, IPv4 first,
// loopback left out.
func LocalIPs() []net.IP {
	var v4, v6 []net.IP
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() {
			continue
		}
		if n.IP.To4() != nil {
			v4 = append(v4, n.IP)
		} else {
			v6 = append(v6, n.IP)
		}
	}
	return append(v4, v6...)
}

// played is the game db.Game read, as scoring sees it, or its error.
func played(g *store.Game, err error) (*scoring.Game, error) {
	if err != nil {
		return nil, err
	}
	return &g.Game, nil
}
