package web_test

import (
	"bytes"
	"log"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/internal/web"
	"github.com/unoscore/unoscore/store"
)

// lockedBuffer is a log the server writes while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestStreamOfADeletedGame: a game deleted while pages follow it tells
// each of its streams once (an event "gone" with a sentence), ends them,
// and logs it once; before, the streams stayed silent and every poll
// logged "no game has the id" (four times a second per stream), and no
// other watched game was sent meanwhile.
func TestStreamOfADeletedGame(t *testing.T) {
	var logged lockedBuffer
	s := newSite(t, web.Config{Log: log.New(&logged, "", 0)})
	plain, page := s.stream(""), s.stream("?html=1")
	plain.next("", time.Second)
	page.next("html", time.Second)
	db, err := store.Open(s.path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Delete(s.id); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, st := range []*stream{plain, page} {
		e := st.next("gone", 2*time.Second)
		if !strings.Contains(e.data, "Game "+s.id+" was deleted, so this board will not change again.") {
			t.Errorf("gone event: %q", e.data)
		}
		select {
		case e, ok := <-st.ev:
			if ok {
				t.Errorf("the stream went on after the game was gone: %+v", e)
			}
		case <-time.After(30 * time.Second): // a hang, not a loaded machine
			t.Error("the stream of a deleted game did not end")
		}
	}
	time.Sleep(10 * 50 * time.Millisecond) // ten polls
	got := logged.String()
	if strings.Count(got, "was deleted") != 1 || strings.Contains(got, "no game has the id") {
		t.Errorf("the log says, after ten polls:\n%s", got)
	}
	if !strings.Contains(got, "game "+s.id+" was deleted: its 2 open pages were told") {
		t.Errorf("the log does not say what was done:\n%s", got)
	}
}
