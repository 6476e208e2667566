package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/unoscore/unoscore/store"
)

// message is one change of a game as sent on its event streams: the board
// JSON for everyone, and the rendered board for the pages.
type message struct {
	changes int    // the game's change counter it shows
	data    []byte // "data: {board JSON}\n\n"
	html    []byte // "event: html\ndata: ...\n\n"
}

// subscriber is one open event stream.
type subscriber struct {
	ch   chan []byte // closed when the stream must end
	html bool        // a page: it also gets the rendered board and the current game
}

// topic is one game's subscribers and the last change sent to them.
type topic struct {
	subs map[*subscriber]bool
	last *message
}

// hub sends each change of a game to every stream open on it, once, in
// order: a change is sent only if its counter is above the last one sent.
type hub struct {
	render  func(g *store.Game) *message
	mu      sync.Mutex
	topics  map[string]*topic
	current string // the current game as last seen, "" when unknown
	closed  bool
}

func newHub(render func(g *store.Game) *message) *hub {
	return &hub{render: render, topics: map[string]*topic{}}
}

// buffer is how many changes a slow stream may fall behind before it is
// closed (the page reconnects and starts again from the board as it is).
const buffer = 128

// subscribe opens a stream on game g, read just before with the current
// game's id (cur); the first message is the newer of g and the last change
// sent, and for a page the current game, so that a page reconnecting after
// a restart learns at once of a game started meanwhile.
func (h *hub) subscribe(g *store.Game, cur string, html bool) (*subscriber, []byte) {
	m := h.render(g)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, nil
	}
	t := h.topics[g.ID]
	if t == nil {
		t = &topic{subs: map[*subscriber]bool{}}
		h.topics[g.ID] = t
	}
	if t.last == nil || m.changes > t.last.changes {
		t.last = m
	}
	sub := &subscriber{ch: make(chan []byte, buffer), html: html}
	t.subs[sub] = true
	first := t.last.data
	if cur == "" {
		cur = h.current
	} else if h.current == "" {
		h.current = cur // as read with g: a later change is news to every page
	}
	if html {
		first = append(append(append([]byte{}, first...), t.last.html...), currentEvent(cur)...)
	}
	return sub, first
}

func currentEvent(id string) []byte {
	if id == "" {
		return nil
	}
	return []byte("event: current\ndata: " + id + "\n\n")
}

func (h *hub) unsubscribe(id string, sub *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if t := h.topics[id]; t != nil && t.subs[sub] {
		delete(t.subs, sub)
		close(sub.ch)
		if len(t.subs) == 0 {
			delete(h.topics, id)
		}
	}
}

// publish sends a game's board to its streams, unless they have had it.
func (h *hub) publish(g *store.Game) {
	h.mu.Lock()
	t := h.topics[g.ID]
	stale := t == nil || (t.last != nil && t.last.changes >= g.Changes())
	h.mu.Unlock()
	if stale {
		return
	}
	m := h.render(g)
	h.mu.Lock()
	defer h.mu.Unlock()
	t = h.topics[g.ID]
	if t == nil || (t.last != nil && t.last.changes >= m.changes) {
		return
	}
	t.last = m
	both := append(append([]byte{}, m.data...), m.html...)
	for sub := range t.subs {
		if sub.html {
			h.send(t, sub, both)
		} else {
			h.send(t, sub, m.data)
		}
	}
}

// send queues msg on a stream; a stream too far behind is closed.
func (h *hub) send(t *topic, sub *subscriber, msg []byte) {
	select {
	case sub.ch <- msg:
	default:
		delete(t.subs, sub)
		close(sub.ch)
	}
}

// setCurrent records the current game; a change is sent to every page.
func (h *hub) setCurrent(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if id == h.current {
		return
	}
	h.current = id
	for _, t := range h.topics {
		for sub := range t.subs {
			if sub.html {
				h.send(t, sub, currentEvent(id))
			}
		}
	}
}

// gone tells every stream on game id that the game is no longer there,
// with an event "gone" whose data is the sentence, and ends them; it
// returns how many it told (0 when it had none: told already).
func (h *hub) gone(id, sentence string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	t := h.topics[id]
	if t == nil {
		return 0
	}
	msg := []byte("event: gone\ndata: " + sentence + "\n\n")
	n := 0
	for sub := range t.subs {
		select {
		case sub.ch <- msg:
		default: // too far behind: ended without it
		}
		close(sub.ch)
		n++
	}
	delete(h.topics, id)
	return n
}

// watched lists the games with open streams.
func (h *hub) watched() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	ids := make([]string, 0, len(h.topics))
	for id := range h.topics {
		ids = append(ids, id)
	}
	return ids
}

// close ends every stream.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for id, t := range h.topics {
		for sub := range t.subs {
			close(sub.ch)
		}
		delete(h.topics, id)
	}
}

// message renders one change of a game for its streams.
func (s *Server) message(g *store.Game) *message {
	var data bytes.Buffer
	board, _ := jsonLine(g)
	fmt.Fprintf(&data, "id: %d\ndata: %s\n\n", g.Changes(), board)
	var frag bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&frag, "board", newBoardView(g)); err != nil {
		s.logf("rendering the board of game %s: %v", g.ID, err)
	}
	var html bytes.Buffer
	html.WriteString("event: html\n")
	for line := range strings.SplitSeq(frag.String(), "\n") {
		html.WriteString("data: ")
		html.WriteString(line)
		html.WriteByte('\n')
	}
	html.WriteByte('\n')
	return &message{changes: g.Changes(), data: data.Bytes(), html: html.Bytes()}
}

// Watch checks the file for changes made by anyone, every Poll, until ctx
// ends, and sends the games that changed to their streams. It reads the
// file's stamp without the lock, and opens the file (a shared lock, for a
// moment) only when the stamp has moved.
func (s *Server) Watch(ctx context.Context) {
	t := time.NewTicker(s.cfg.Poll)
	defer t.Stop()
	var seen store.Stamp
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		st, err := store.ReadStamp(s.cfg.DBPath)
		if err != nil || st == seen {
			continue
		}
		if s.refresh() {
			seen = st
		}
	}
}

// refresh reads the current game and every watched game, and publishes
// those that changed. It reports false when the file could not be read
// (locked by a writer at that moment): the next poll tries again.
func (s *Server) refresh() bool {
	ids := s.hub.watched()
	db, err := store.Open(s.cfg.DBPath, store.Options{ReadOnly: true, Timeout: s.cfg.Poll})
	if err != nil {
		if !errors.Is(err, store.ErrNoDatabase) {
			s.logf("watching the database: %v", err)
		}
		return false
	}
	var games []*store.Game
	var deleted []string
	cur, err := db.Current()
	for _, id := range ids {
		if err != nil {
			break
		}
		var g *store.Game
		g, err = db.Game(id)
		switch {
		case err == nil:
			games = append(games, g)
		case errors.As(err, new(*store.NotFoundError)):
			// Deleted meanwhile: its pages are told once, below, and
			// the game is no longer watched.
			deleted, err = append(deleted, id), nil
		}
	}
	db.Close()
	if err != nil {
		s.logf("watching the database: %v", err)
		return false
	}
	for _, id := range deleted {
		if n := s.hub.gone(id, fmt.Sprintf("Game %s was deleted, so this board will not change again. Reload the page for the current game.", id)); n > 0 {
			s.logf("game %s was deleted: its %s told", id, plural(n, "open page was", "open pages were"))
		}
	}
	s.hub.setCurrent(cur)
	for _, g := range games {
		s.hub.publish(g)
	}
	return true
}

// events is GET /api/games/ID/events: a text/event-stream with the board
// JSON on each change of the game, the first event being the board as it
// stands. With ?html=1 (the pages) it also carries the rendered board
// ("html" events) and the current game's id ("current" events).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	id, ok := gameID(r)
	if !ok {
		s.fail(w, r, http.StatusNotFound, fmt.Sprintf("%q is not a game id; /api/games lists them", id))
		return
	}
	release, full := s.admit(r)
	if full != "" {
		w.Header().Set("Retry-After", "10")
		s.fail(w, r, http.StatusServiceUnavailable, full)
		return
	}
	defer release()
	var g *store.Game
	var cur string
	err := s.read(func(db *store.DB) error {
		var err error
		if g, err = db.Game(id); err != nil {
			return err
		}
		cur, err = db.Current()
		return err
	})
	if err != nil {
		s.failErr(w, r, err, true)
		return
	}
	sub, first := s.hub.subscribe(g, cur, r.URL.Query().Get("html") == "1")
	if sub == nil {
		s.fail(w, r, http.StatusServiceUnavailable, "the server is stopping")
		return
	}
	defer s.hub.unsubscribe(g.ID, sub)

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	write := func(b []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(writeWait))
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// retry: how soon a page reconnects after the stream drops.
	if !write(append([]byte("retry: 1000\n\n"), first...)) {
		return
	}
	tick := time.NewTicker(ping)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case msg, ok := <-sub.ch:
			if !ok || !write(msg) {
				return
			}
		case <-tick.C:
			if !write([]byte(": ping\n\n")) {
				return
			}
		}
	}
}

// plural is "1 open page was" or "2 open pages were".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// admit counts an event stream against the limits: MaxStreams in all, and
// MaxClientStreams from one client address, so that one device holding
// its limit leaves every other device's screen live. It returns the
// release of the stream, or the sentence refusing it.
func (s *Server) admit(r *http.Request) (func(), string) {
	client := r.RemoteAddr
	if host, _, err := net.SplitHostPort(client); err == nil {
		client = host
	}
	s.streamsMu.Lock()
	defer s.streamsMu.Unlock()
	switch {
	case s.streams >= s.cfg.MaxStreams:
		return nil, fmt.Sprintf("too many open pages (%d); close one and try again", s.cfg.MaxStreams)
	case s.clients[client] >= s.cfg.MaxClientStreams:
		return nil, fmt.Sprintf("this device has too many open pages (%d); close one and try again", s.cfg.MaxClientStreams)
	}
	s.streams++
	s.clients[client]++
	return func() {
		s.streamsMu.Lock()
		defer s.streamsMu.Unlock()
		s.streams--
		if s.clients[client]--; s.clients[client] <= 0 {
			delete(s.clients, client)
		}
	}, ""
}
