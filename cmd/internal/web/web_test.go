package web_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/cmd"
	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/web"
	"github.com/unoscore/unoscore/rules"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

const token = "test-token-0123456789abcdefghij"

// site is a database with one game, served by a test server.
type site struct {
	t    testing.TB
	path string
	id   string
	srv  *web.Server
	ts   *httptest.Server
}

func newSite(t testing.TB, cfg web.Config, players ...string) *site {
	t.Helper()
	if len(players) == 0 {
		players = []string{"Ann", "Bob", "Cat"}
	}
	path := filepath.Join(t.TempDir(), "u.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.Create("Friday", scoring.Settings{Players: players, Target: 200})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(nil)
	cfg.DBPath, cfg.Token, cfg.Hosts = path, token, []string{ts.Listener.Addr().String()}
	if cfg.Wait == 0 {
		cfg.Wait = 200 * time.Millisecond
	}
	if cfg.Poll == 0 {
		cfg.Poll = 50 * time.Millisecond
	}
	srv, err := web.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts.Config = srv.HTTPServer()
	ts.Start()
	ctx, cancel := context.WithCancel(context.Background())
	go srv.Watch(ctx)
	t.Cleanup(func() { cancel(); srv.Close(); ts.Close() })
	return &site{t: t, path: path, id: g.ID, srv: srv, ts: ts}
}

// emptySite is a site whose database file does not exist yet.
func emptySite(t *testing.T) *site {
	t.Helper()
	path := filepath.Join(t.TempDir(), "none.db")
	ts := httptest.NewUnstartedServer(nil)
	srv, err := web.New(web.Config{DBPath: path, Token: token, Hosts: []string{ts.Listener.Addr().String()}})
	if err != nil {
		t.Fatal(err)
	}
	ts.Config = srv.HTTPServer()
	ts.Start()
	t.Cleanup(ts.Close)
	return &site{t: t, path: path, ts: ts}
}

// do sends a request and returns the status and body.
func (s *site) do(method, path, body string, hdr map[string]string) (int, string) {
	s.t.Helper()
	req, err := http.NewRequest(method, s.ts.URL+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

var scorer = map[string]string{"Authorization": "Bearer " + token, "Content-Type": "application/json"}

func with(h map[string]string, k, v string) map[string]string {
	m := map[string]string{}
	for a, b := range h {
		m[a] = b
	}
	if v == "" {
		delete(m, k)
	} else {
		m[k] = v
	}
	return m
}

// changes is the game's change counter, read from the file.
func (s *site) changes() int {
	s.t.Helper()
	db, err := store.Open(s.path, store.Options{ReadOnly: true})
	if err != nil {
		s.t.Fatal(err)
	}
	defer db.Close()
	g, err := db.Game(s.id)
	if err != nil {
		s.t.Fatal(err)
	}
	return g.Changes()
}

// newGame starts a game with the command line's new and args, and returns
// its id.
func (s *site) newGame(t testing.TB, args ...string) string {
	t.Helper()
	code, out, errs := s.cli(append([]string{"new"}, args...)...)
	m := regexp.MustCompile(`New game ([a-z0-9]+):`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("new: %s", errs)
	}
	return m[1]
}

// cli runs the command line in this process on the site's database.
func (s *site) cli(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := cmd.Run(append([]string{"--db", s.path, "--no-input"}, args...), &iostreams.IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb}, nil)
	return int(code), out.String(), errb.String()
}

func jsonEqual(t *testing.T, what, got, want string) {
	t.Helper()
	var a, b any
	if err := json.Unmarshal([]byte(got), &a); err != nil {
		t.Fatalf("%s: not JSON: %v\n%s", what, err, got)
	}
	if err := json.Unmarshal([]byte(want), &b); err != nil {
		t.Fatalf("%s: the command line printed no JSON: %v\n%s", what, err, want)
	}
	ga, _ := json.Marshal(a)
	gb, _ := json.Marshal(b)
	if !bytes.Equal(ga, gb) {
		t.Fatalf("%s differs from the command line's\n got: %s\nwant: %s", what, ga, gb)
	}
}

// TestReadsMatchTheCommandLine: /api/games and /api/games/ID/board answer
// what games --json and board --json print.
func TestReadsMatchTheCommandLine(t *testing.T) {
	s := newSite(t, web.Config{})
	if code, _, e := s.cli("hand", "--out", "Ann", "--left", "Bob=r7 wd4", "--left", "Cat=37pts"); code != 0 {
		t.Fatal(e)
	}
	code, body := s.do("GET", "/api/games", "", nil)
	_, want, _ := s.cli("games", "--json")
	if code != 200 {
		t.Fatalf("GET /api/games: %d %s", code, body)
	}
	jsonEqual(t, "/api/games", body, want)
	code, body = s.do("GET", "/api/games/"+s.id+"/board", "", nil)
	_, want, _ = s.cli("board", "--json", "--game", s.id)
	if code != 200 {
		t.Fatalf("GET board: %d %s", code, body)
	}
	jsonEqual(t, "/api/games/ID/board", body, want)

	if code, body := s.do("GET", "/api/games/nosuch/board", "", nil); code != 404 || !strings.Contains(body, `no game has the id or name \"nosuch\"`) {
		t.Fatalf("unknown game: %d %s", code, body)
	}
	if code, body := s.do("GET", "/api/games/NOT..AN..ID/board", "", nil); code != 404 || !strings.Contains(body, "is not a game id") {
		t.Fatalf("bad id: %d %s", code, body)
	}
}

// TestUnknownGameIs404Everywhere: a game that is not there is 404 for a
// write as for a read (the writes answered 400).
func TestUnknownGameIs404Everywhere(t *testing.T) {
	s := newSite(t, web.Config{})
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/api/games/nosuch/board", ""},
		{"GET", "/api/games/nosuch/events", ""},
		{"POST", "/api/games/nosuch/undo", ""},
		{"POST", "/api/games/nosuch/redo", ""},
		{"POST", "/api/games/nosuch/hands", `{"out": "Ann", "left": {"Bob": "r7", "Cat": "1"}}`},
	} {
		code, body := s.do(c.method, c.path, c.body, scorer)
		if code != 404 || !strings.Contains(body, `no game has the id or name \"nosuch\"`) {
			t.Errorf("%s %s: %d %s", c.method, c.path, code, body)
		}
	}
}

// TestViewerPageReadsWithoutJavaScript: the page's HTML carries the board.
func TestViewerPageReadsWithoutJavaScript(t *testing.T) {
	s := newSite(t, web.Config{})
	s.cli("hand", "--out", "Bob", "--left", "Ann=r7 wd4", "--left", "Cat=37pts")
	code, body := s.do("GET", "/", "", nil)
	if code != 200 {
		t.Fatalf("GET /: %d", code)
	}
	for _, want := range []string{"<title>Friday · unoscore</title>", `data-game="` + s.id + `"`, `class="score d2">94<`, "Bob leads",
		"Next to deal: <b>Bob</b>", `<td class="won">&#43;94</td>`, "(57)", "(37)", `<script src="/assets/live.js" defer>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	code, body = s.do("GET", "/?game="+s.id, "", nil)
	if code != 200 || !strings.Contains(body, `data-follow=""`) || !strings.Contains(body, `class="score d2">94<`) {
		t.Fatalf("GET /?game=ID: %d", code)
	}
	if code, _ = s.do("GET", "/?game=..", "", nil); code != 404 {
		t.Fatalf("GET /?game=..: %d", code)
	}
	code, body = s.do("GET", "/score", "", nil)
	if code != 200 || !strings.Contains(body, `id="scorer"`) || !strings.Contains(body, "/assets/score.js") || !strings.Contains(body, `class="score d2">94<`) {
		t.Fatalf("GET /score: %d\n%s", code, body)
	}
	if strings.Contains(body, token) {
		t.Fatal("the scorer's page carries the token: it must come from the page's own address only")
	}
	for _, a := range []string{"/assets/app.css", "/assets/live.js", "/assets/score.js"} {
		if code, _ := s.do("GET", a, "", nil); code != 200 {
			t.Errorf("GET %s: %d", a, code)
		}
	}
}

// TestStylesEveryBrowserHas: the stylesheet leans on nothing only
// Chromium has. The score pad's "swipe for more" and its fading edge once
// came from scroll-state container queries and a scroll-driven animation,
// which Safari (every iPhone) and Firefox lack: there the cue never showed.
// live.js measures the pad instead, and the stylesheet keys off its classes.
func TestStylesEveryBrowserHas(t *testing.T) {
	s := emptySite(t)
	code, css := s.do("GET", "/assets/app.css", "", nil)
	if code != 200 {
		t.Fatalf("GET /assets/app.css: %d", code)
	}
	for _, only := range []string{"scroll-state", "animation-timeline", "scroll-timeline"} {
		if strings.Contains(css, only) {
			t.Errorf("app.css uses %s, which only Chromium has", only)
		}
	}
	for _, want := range []string{".more-right", ".more-left"} {
		if !strings.Contains(css, want) {
			t.Errorf("app.css has no %s: the pad's cue follows live.js's classes", want)
		}
	}
	if _, js := s.do("GET", "/assets/live.js", "", nil); !strings.Contains(js, `"more-right"`) || !strings.Contains(js, `"more-left"`) {
		t.Error("live.js sets no more-right and more-left on the score pad's wrap")
	}
}

func TestNoGameYet(t *testing.T) {
	s := emptySite(t)
	path := s.path
	// The viewer's page says both ways to start one: the phone's form and
	// the command line.
	if code, body := s.do("GET", "/", "", nil); code != 200 || !strings.Contains(body, "<h1>No game yet</h1>") || !strings.Contains(body, "Start one on the scorer&#39;s phone (Start a new game, under the keypad) or on the scorer&#39;s computer: unoscore new") {
		t.Fatalf("GET / with no database: %d %s", code, body)
	}
	// The scorer's page has its heading too (axe's page-has-heading-one):
	// the form to start one comes under it.
	if code, body := s.do("GET", "/score", "", nil); code != 200 || !strings.Contains(body, "<h1>No game yet</h1>") || !strings.Contains(body, "Start one above, or on the scorer&#39;s computer") {
		t.Fatalf("GET /score with no database: %d %s", code, body)
	}
	if code, body := s.do("GET", "/api/games", "", nil); code != 200 || strings.TrimSpace(body) != `{"games":[]}` {
		t.Fatalf("GET /api/games with no database: %d %s", code, body)
	}
	if code, _ := s.do("POST", "/api/games/abc/undo", "", scorer); code != 404 {
		t.Fatalf("undo with no database: %d", code)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("a request created the database file")
	}
}

// TestRecordAndUndo: a hand posted with the token is counted and answered
// with the board; undo voids it.
func TestRecordAndUndo(t *testing.T) {
	s := newSite(t, web.Config{})
	code, body := s.do("POST", "/api/games/"+s.id+"/hands", `{"out": "cat", "left": {"Ann": "r7, 2xwd4", "bob": "37pts"}}`, scorer)
	if code != 200 {
		t.Fatalf("POST hand: %d %s", code, body)
	}
	var b struct {
		Hands     int
		Standings []struct {
			Player string
			Score  int
		}
		Rows []struct{ Cards map[string]string }
	}
	if err := json.Unmarshal([]byte(body), &b); err != nil {
		t.Fatal(err)
	}
	if b.Hands != 1 || b.Standings[2].Score != 144 || b.Rows[0].Cards["Ann"] != "r7 2xwd4" {
		t.Fatalf("after the hand: %+v", b)
	}
	code, body = s.do("POST", "/api/games/"+s.id+"/undo", "", with(scorer, "Content-Type", ""))
	if code != 200 || !strings.Contains(body, `"hands":0`) {
		t.Fatalf("undo: %d %s", code, body)
	}
	if s.changes() != 3 {
		t.Fatalf("%d events in the log, want 3 (created, hand, void)", s.changes())
	}
}

// TestRefusals: every refusal answers with one sentence and writes nothing.
func TestRefusals(t *testing.T) {
	s := newSite(t, web.Config{})
	s.cli("hand", "--out", "Ann", "--left", "Bob=r1", "--left", "Cat=r2")
	hand := `{"out": "Ann", "left": {"Bob": "r7", "Cat": "b2"}}`
	hands, undo := "/api/games/"+s.id+"/hands", "/api/games/"+s.id+"/undo"
	// The sentence the command line prints for the same impossible hand.
	_, _, cliErr := s.cli("hand", "--out", "Ann", "--left", "Bob=5xwd4", "--left", "Cat=r1")
	cliErr = strings.TrimSuffix(strings.TrimPrefix(cliErr, "unoscore: "), "\n")
	_, _, cliUnknown := s.cli("hand", "--out", "Zed", "--left", "Bob=5", "--left", "Cat=r1")
	cliUnknown = strings.TrimSuffix(strings.TrimPrefix(cliUnknown, "unoscore: "), "\n")
	_, _, cliCard := s.cli("hand", "--out", "Ann", "--left", "Bob=r7 zz", "--left", "Cat=r1")
	cliCard = strings.TrimSuffix(strings.TrimPrefix(cliCard, "unoscore: "), "\n")
	if cliErr == "" || cliUnknown == "" || cliCard == "" {
		t.Fatal("the command line accepted a bad hand")
	}
	before := s.changes()
	big := `{"out": "Ann", "left": {"Bob": "` + strings.Repeat("r7 ", 2000) + `"}}`
	for _, c := range []struct {
		name, method, path, body string
		hdr                      map[string]string
		code                     int
		says                     string
	}{
		{"no token", "POST", hands, hand, with(scorer, "Authorization", ""), 401, "needs the scorer's token"},
		{"wrong token", "POST", hands, hand, with(scorer, "Authorization", "Bearer "+token+"x"), 401, "this link's token is not the scorer's: open the scorer's address unoscore serve printed (scan its Score code, or type the address)"},
		{"token not bearer", "POST", hands, hand, with(scorer, "Authorization", "Basic "+token), 401, "needs the scorer's token"},
		{"undo without token", "POST", undo, "", with(scorer, "Authorization", ""), 401, "needs the scorer's token"},
		{"foreign origin", "POST", hands, hand, with(scorer, "Origin", "http://evil.example"), 403, "not from another site"},
		{"cross-site fetch", "POST", hands, hand, with(scorer, "Sec-Fetch-Site", "cross-site"), 403, "not from another site"},
		{"foreign host write", "POST", hands, hand, with(scorer, "Host", "evil.example:80"), 403, `does not answer to the host "evil.example:80"`},
		{"foreign host page", "GET", "/", "", map[string]string{"Host": "rebind.example:8765"}, 403, "does not answer to the host"},
		{"foreign host api", "GET", "/api/games", "", map[string]string{"Host": "rebind.example:8765"}, 403, "does not answer to the host"},
		{"foreign host events", "GET", "/api/games/" + s.id + "/events", "", map[string]string{"Host": "rebind.example:8765"}, 403, "does not answer to the host"},
		{"oversized body", "POST", hands, big, scorer, 413, "larger than 4096 bytes"},
		{"not JSON", "POST", hands, `out=Ann`, scorer, 400, "is not a JSON object like"},
		{"two objects", "POST", hands, hand + hand, scorer, 400, "something follows the object"},
		{"unknown field", "POST", hands, `{"out": "Ann", "lefts": {}}`, scorer, 400, `unknown field "lefts"`},
		{"wrong type", "POST", hands, `{"out": "Ann", "left": ["Bob=r7"]}`, scorer, 400, `is not a JSON object like {"out": "Ann", "left": {"Bob": "r7 wd4"}} ("left" is array where an object belongs)`},
		{"number for a name", "POST", hands, `{"out": 7, "left": {"Bob": "r7"}}`, scorer, 400, `("out" is number where text in quotes belongs)`},
		{"number for cards", "POST", hands, `{"out": "Ann", "left": {"Bob": 7}}`, scorer, 400, `(each value in "left" must be text in quotes (cards such as "r7 wd4"); Bob's is a number)`},
		{"list for cards", "POST", hands, `{"out": "Ann", "left": {"Bob": "r7", "Cat": ["r7"]}}`, scorer, 400, `(each value in "left" must be text in quotes (cards such as "r7 wd4"); Cat's is a list)`},
		{"number for a knocker", "POST", hands, `{"out": "Ann", "left": {}, "knocked_out": ["Bob"], "knocked_by": {"Bob": 1}}`, scorer, 400, `(each value in "knocked_by" must be text in quotes (the knocker's name); Bob's is a number)`},
		{"a list, not an object", "POST", hands, `["Ann"]`, scorer, 400, `(a value is array where an object belongs)`},
		{"cut short", "POST", hands, `{"out": "Ann", "left": {`, scorer, 400, `(it ends too soon)`},
		{"not JSON at all", "POST", hands, `{"out": Ann}`, scorer, 400, `(it is not valid JSON near byte 9`},
		{"empty body", "POST", hands, ``, with(scorer, "Content-Type", ""), 400, "it is empty"},
		{"form body", "POST", hands, hand, with(scorer, "Content-Type", "text/plain"), 415, "Content-Type: application/json"},
		{"missing out", "POST", hands, `{"left": {"Bob": "r7"}}`, scorer, 400, `missing "out"`},
		{"player twice in left", "POST", hands, `{"out": "Ann", "left": {"Bob": "r7", "Cat": "1", "Bob": "wd4"}}`, scorer, 400, `Bob's cards are entered twice; nothing was written`},
		{"out twice", "POST", hands, `{"out": "Ann", "out": "Bob", "left": {"Bob": "r7", "Cat": "1"}}`, scorer, 400, `the key "out" appears twice`},
		{"out twice in two cases", "POST", hands, `{"out": "Ann", "OUT": "Bob", "left": {"Bob": "r7", "Cat": "1"}}`, scorer, 400, `the keys "out" and "OUT" differ only in case`},
		{"changes twice in two cases", "POST", hands, `{"out": "Ann", "left": {"Bob": "r7", "Cat": "1"}, "changes": 1, "Changes": 0}`, scorer, 400, `the keys "changes" and "Changes" differ only in case`},
		{"player twice in two cases", "POST", hands, `{"out": "Ann", "left": {"Bob": "r7", "Cat": "1", "bob": "wd4"}}`, scorer, 400, `bob's cards are entered twice; nothing was written`},
		{"no such table", "POST", hands, `{"out": "Ann", "left": {"Bob": "r7", "Cat": "1"}, "table": 3}`, scorer, 400, "there is no table 3: only a rotating game is played at tables"},
		{"table 1 outside rotating", "POST", hands, `{"out": "Ann", "left": {"Bob": "r7", "Cat": "1"}, "table": 1}`, scorer, 400, "there is no table 1: only a rotating game is played at tables"},
		{"undo at table 1 outside rotating", "POST", undo, `{"table": 1}`, scorer, 400, "there is no table 1: only a rotating game is played at tables"},
		{"impossible hand", "POST", hands, `{"out": "Ann", "left": {"Bob": "5xwd4", "Cat": "r1"}}`, scorer, 400, cliErr},
		{"unknown player", "POST", hands, `{"out": "Zed", "left": {"Bob": "5", "Cat": "r1"}}`, scorer, 400, cliUnknown},
		{"unknown card", "POST", hands, `{"out": "Ann", "left": {"Bob": "r7 zz", "Cat": "r1"}}`, scorer, 400, cliCard},
		{"missing hand", "POST", hands, `{"out": "Ann", "left": {"Bob": "r7"}}`, scorer, 400, "Cat's cards are missing"},
		{"undo body", "POST", undo, `{"all": true}`, scorer, 400, `unknown field "all"`},
		{"unknown game", "POST", "/api/games/zzzzzz/hands", hand, scorer, 404, `no game has the id or name "zzzzzz"`},
		{"method", "PUT", hands, hand, scorer, 405, "PUT is not allowed on " + hands + ": it takes POST"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, body := s.do(c.method, c.path, c.body, c.hdr)
			msg := body
			if strings.HasPrefix(c.path, "/api/") {
				var e struct{ Error string }
				if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error == "" || strings.Contains(e.Error, "\n") {
					t.Fatalf("not one sentence in {\"error\"}: %s", body)
				}
				msg = e.Error
			}
			if code != c.code || !strings.Contains(msg, c.says) {
				t.Fatalf("%d %s\nwant %d saying %q", code, body, c.code, c.says)
			}
			// The words are the request's, never the Go code's.
			for _, gone := range []string{"Go struct", "Go value", "handRequest", "json:"} {
				if strings.Contains(msg, gone) {
					t.Fatalf("the refusal speaks of %q: %s", gone, msg)
				}
			}
			if n := s.changes(); n != before {
				t.Fatalf("the refusal wrote: %d events, was %d", n, before)
			}
		})
	}
}

// TestGameOver: a hand in a finished game is refused as on the command line.
func TestGameOver(t *testing.T) {
	s := newSite(t, web.Config{})
	code, body := s.do("POST", "/api/games/"+s.id+"/hands", `{"out": "Ann", "left": {"Bob": "4xw", "Cat": "wd4"}}`, scorer)
	if code != 200 || !strings.Contains(body, `"over":true`) {
		t.Fatalf("winning hand: %d %s", code, body)
	}
	code, body = s.do("POST", "/api/games/"+s.id+"/hands", `{"out": "Ann", "left": {"Bob": "1", "Cat": "2"}}`, scorer)
	if code != 400 || !strings.Contains(body, "the game is over: Ann won") {
		t.Fatalf("hand after the end: %d %s", code, body)
	}
	code, body = s.do("GET", "/", "", nil)
	if code != 200 || !strings.Contains(body, "Ann wins!") || !strings.Contains(body, "With 250 points, after 1 hand.") || strings.Contains(body, "Next to deal") {
		t.Fatalf("the page of a finished game:\n%s", body)
	}
}

// TestDatabaseFaults: a locked or damaged file is a 503 with a sentence,
// and nothing is written.
func TestDatabaseFaults(t *testing.T) {
	s := newSite(t, web.Config{Wait: 100 * time.Millisecond})
	before := s.changes()
	held, err := bolt.Open(s.path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range [][3]string{{"GET", "/api/games/" + s.id + "/board", ""}, {"GET", "/", ""}, {"GET", "/api/games", ""},
		{"POST", "/api/games/" + s.id + "/hands", `{"out": "Ann", "left": {"Bob": "1", "Cat": "2"}}`}, {"POST", "/api/games/" + s.id + "/undo", ""}} {
		code, body := s.do(r[0], r[1], r[2], scorer)
		if code != 503 || !strings.Contains(body, "in use by another unoscore") || strings.Contains(body, s.path) {
			t.Errorf("%s %s while locked: %d %s", r[0], r[1], code, body)
		}
	}
	held.Close()
	if s.changes() != before {
		t.Fatal("a write went through while the file was locked")
	}
	if err := os.WriteFile(s.path, bytes.Repeat([]byte("damaged "), 2000), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, r := range [][3]string{{"GET", "/api/games/" + s.id + "/board", ""}, {"POST", "/api/games/" + s.id + "/hands", `{"out": "Ann", "left": {"Bob": "1", "Cat": "2"}}`}} {
		// The waits this process began while the file was locked (one a
		// kind, see store/internal/flock) take the lock when it is let go
		// and let it go at once; a request at that moment may find the
		// file in use for its 100 ms, which is a 503 too: it asks again.
		code, body := s.do(r[0], r[1], r[2], scorer)
		for deadline := time.Now().Add(30 * time.Second); code == 503 && strings.Contains(body, "in use by another unoscore") && time.Now().Before(deadline); {
			code, body = s.do(r[0], r[1], r[2], scorer)
		}
		if code != 503 || !strings.Contains(body, "damaged") {
			t.Errorf("%s %s on a damaged file: %d %s", r[0], r[1], code, body)
		}
	}
}

// stream is an open event stream.
type stream struct {
	t    testing.TB
	resp *http.Response
	ev   chan event
}

type event struct{ name, data string }

func (s *site) stream(query string) *stream {
	s.t.Helper()
	return s.streamOf(s.id, query)
}

// streamOf opens the event stream of game id.
func (s *site) streamOf(id, query string) *stream {
	s.t.Helper()
	req, _ := http.NewRequest("GET", s.ts.URL+"/api/games/"+id+"/events"+query, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		s.t.Fatalf("events: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
	st := &stream{t: s.t, resp: resp, ev: make(chan event, 100)}
	go func() {
		defer close(st.ev)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var e event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if e.data != "" || e.name != "" {
					st.ev <- e
				}
				e = event{}
			case strings.HasPrefix(line, "event: "):
				e.name = line[7:]
			case strings.HasPrefix(line, "data: "):
				if e.data != "" {
					e.data += "\n"
				}
				e.data += line[6:]
			}
		}
	}()
	s.t.Cleanup(func() { resp.Body.Close() })
	return st
}

// next is the next event of the given name ("" for a board), within d on
// a quiet machine: it waits at least 30 s, so that a machine loaded by
// other work fails no test (a stream that never sends it still fails).
func (st *stream) next(name string, d time.Duration) event {
	st.t.Helper()
	d = max(d, 30*time.Second)
	deadline := time.After(d)
	for {
		select {
		case e, ok := <-st.ev:
			if !ok {
				st.t.Fatal("the stream ended")
			}
			if e.name == name {
				return e
			}
		case <-deadline:
			st.t.Fatalf("no %q event within %s", name, d)
		}
	}
}

func hands(t *testing.T, data string) int {
	t.Helper()
	var b struct{ Hands *int }
	if err := json.Unmarshal([]byte(data), &b); err != nil || b.Hands == nil {
		t.Fatalf("an event's data is not the board: %q", data)
	}
	return *b.Hands
}

// TestEvents: the stream opens with the board, then sends it on every
// change: one made by this server, and one made by another unoscore on the
// same file, which the server sees by watching it.
func TestEvents(t *testing.T) {
	s := newSite(t, web.Config{})
	plain, page := s.stream(""), s.stream("?html=1")
	if n := hands(t, plain.next("", time.Second).data); n != 0 {
		t.Fatalf("first event: %d hands", n)
	}
	if e := page.next("html", time.Second); !strings.Contains(e.data, `class="board`) {
		t.Fatalf("first html event: %q", e.data)
	}
	if e := page.next("current", time.Second); e.data != s.id {
		t.Fatalf("first current event: %q, want %q", e.data, s.id)
	}
	s.do("POST", "/api/games/"+s.id+"/hands", `{"out": "Ann", "left": {"Bob": "1", "Cat": "2"}}`, scorer)
	if n := hands(t, plain.next("", time.Second).data); n != 1 {
		t.Fatalf("after a posted hand: %d hands", n)
	}
	if e := page.next("html", time.Second); !strings.Contains(e.data, `<span class="score d1">3</span>`) {
		t.Fatalf("html after a posted hand: %q", e.data)
	}
	start := time.Now()
	if code, _, e := s.cli("hand", "--out", "Bob", "--left", "Ann=r9", "--left", "Cat=r8"); code != 0 {
		t.Fatal(e)
	}
	if n := hands(t, plain.next("", 2*time.Second).data); n != 2 {
		t.Fatalf("after a hand on the command line: %d hands", n)
	}
	t.Logf("a change from the command line reached the stream in %s", time.Since(start))
	// A new game made current: the pages hear of it.
	if code, _, e := s.cli("new", "--players", "Dan,Eve"); code != 0 {
		t.Fatal(e)
	}
	if e := page.next("current", 2*time.Second); e.data == s.id || e.data == "" {
		t.Fatalf("current event: %q", e.data)
	}
}

// TestStreamCap: past MaxStreams open streams, another is refused.
func TestStreamCap(t *testing.T) {
	s := newSite(t, web.Config{MaxStreams: 2})
	a, b := s.stream(""), s.stream("")
	a.next("", time.Second)
	b.next("", time.Second)
	code, body := s.do("GET", "/api/games/"+s.id+"/events", "", nil)
	if code != 503 || !strings.Contains(body, "too many open pages") {
		t.Fatalf("a third stream: %d %s", code, body)
	}
}

// TestKeypad: the card values the scorer's page adds up are rules' own.
func TestKeypad(t *testing.T) {
	s := newSite(t, web.Config{})
	code, body := s.do("GET", "/api/games/"+s.id+"/keypad", "", nil)
	if code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	var k struct {
		Faces []struct {
			Token  string
			Points int
			Wild   bool
		}
		Colors  []struct{ Letter string }
		Scorers map[string][]string
	}
	if err := json.Unmarshal([]byte(body), &k); err != nil {
		t.Fatal(err)
	}
	if len(k.Faces) != 15 || len(k.Colors) != 4 { // the classic deck: 0-9, d2, s, rev, w, wd4
		t.Fatalf("faces %d, colours %d", len(k.Faces), len(k.Colors))
	}
	for _, f := range k.Faces {
		h, err := rules.ParseHand(f.Token)
		if err != nil || h.Points() != f.Points {
			t.Errorf("face %q: %d points, rules say %d (%v)", f.Token, f.Points, h.Points(), err)
		}
	}
	if got := strings.Join(k.Scorers["Bob"], ","); got != "Cat,Ann" {
		t.Fatalf("Bob goes out: enter %s, want Cat,Ann", got)
	}
}

func TestToken(t *testing.T) {
	a, err := web.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := web.NewToken()
	raw, err := base64.RawURLEncoding.DecodeString(a)
	if err != nil || len(raw)*8 < 128 || a == b {
		t.Fatalf("tokens %q, %q: %d bits", a, b, len(raw)*8)
	}
	if _, err := web.New(web.Config{DBPath: "x", Token: "short", Hosts: []string{"h:1"}}); err == nil {
		t.Fatal("a short token was accepted")
	}
}

func TestHostsFor(t *testing.T) {
	loop := web.HostsFor(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8765})
	if strings.Join(loop, " ") != "127.0.0.1:8765 localhost:8765 [::1]:8765" {
		t.Fatalf("loopback: %v", loop)
	}
	all := web.HostsFor(&net.TCPAddr{IP: net.IPv4zero, Port: 8765})
	name, _ := os.Hostname()
	for _, want := range []string{"localhost:8765", strings.ToLower(name) + ":8765"} {
		if !slices.Contains(all, want) {
			t.Errorf("every interface: %v lacks %s", all, want)
		}
	}
	for _, ip := range web.LocalIPs() {
		if !slices.Contains(all, net.JoinHostPort(ip.String(), "8765")) {
			t.Errorf("every interface: %v lacks %s", all, ip)
		}
	}
	lan := web.HostsFor(&net.TCPAddr{IP: net.IPv4(192, 168, 1, 20), Port: 80})
	if strings.Join(lan, " ") != "192.168.1.20:80" {
		t.Fatalf("one address: %v", lan)
	}
}

// TestKnockedOut: the phone records No Mercy's knock-outs as the command
// line does: the knocked-out player's cards left out, 250 each to the
// winner, and the rows say so.
func TestKnockedOut(t *testing.T) {
	s := newSite(t, web.Config{})
	s.cli("new", "--players", "Ann,Bob,Cat", "--deck", "no-mercy")
	code, body := s.do("POST", "/api/games/current/hands", `{"out": "Ann", "left": {"Bob": "r7"}, "knocked_out": ["cat"]}`, scorer)
	if code != 200 {
		t.Fatalf("POST hand: %d %s", code, body)
	}
	var b struct {
		Target int
		Rows   []struct {
			Points     int
			KnockedOut []string `json:"knocked_out"`
			Bonus      int
		}
	}
	if err := json.Unmarshal([]byte(body), &b); err != nil {
		t.Fatal(err)
	}
	if b.Target != 1000 || len(b.Rows) != 1 || b.Rows[0].Points != 257 || b.Rows[0].Bonus != 250 || len(b.Rows[0].KnockedOut) != 1 || b.Rows[0].KnockedOut[0] != "Cat" {
		t.Fatalf("after the hand: %+v", b)
	}
	code, body = s.do("POST", "/api/games/current/hands", `{"out": "Ann", "left": {"Bob": "25x1", "Cat": "r1"}}`, scorer)
	if code != 400 || !strings.Contains(body, "knocked out") {
		t.Fatalf("25 cards: %d %s", code, body)
	}
}
