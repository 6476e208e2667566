package web_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/web"
	"github.com/unoscore/unoscore/scoring"
	"github.com/unoscore/unoscore/store"
)

// FuzzHandBody: whatever body a client posts, the answer is the board or
// one sentence, never a crash, and a refused hand writes nothing.
func FuzzHandBody(f *testing.F) {
	for _, s := range []string{
		`{"out": "Ann", "left": {"Bob": "r7 wd4", "Cat": "37pts"}}`,
		`{"out": "b", "left": {"ann": "3x7,gs", "cat": "w"}, "table": 1}`,
		`{"out": "Ann", "left": {"Bob": "5xwd4", "Cat": "r1"}}`,
		`{"out": "", "left": {}}`, `{"out": "Ann", "left": {"Bob=": "r7"}}`, `[]`, `{"out": 7}`, ``,
	} {
		f.Add(s)
	}
	path := filepath.Join(f.TempDir(), "u.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		f.Fatal(err)
	}
	g, err := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 100000})
	db.Close()
	if err != nil {
		f.Fatal(err)
	}
	srv, err := web.New(web.Config{DBPath: path, Token: token, Hosts: []string{"example.test:80"}})
	if err != nil {
		f.Fatal(err)
	}
	h := srv.Handler()
	changes := func() int {
		db, err := store.Open(path, store.Options{ReadOnly: true})
		if err != nil {
			f.Fatal(err)
		}
		defer db.Close()
		g, err := db.Game("")
		if err != nil {
			f.Fatal(err)
		}
		return g.Changes()
	}
	f.Fuzz(func(t *testing.T, body string) {
		before := changes()
		req := httptest.NewRequest("POST", "/api/games/"+g.ID+"/hands", strings.NewReader(body))
		req.Host = "example.test:80"
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		after := changes()
		switch rec.Code {
		case http.StatusOK:
			if after != before+1 {
				t.Fatalf("a counted hand wrote %d events", after-before)
			}
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
			var e struct{ Error string }
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == "" {
				t.Fatalf("%d without one sentence: %q", rec.Code, rec.Body.String())
			}
			if after != before {
				t.Fatalf("a refused hand (%s) wrote", e.Error)
			}
		default:
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body.String())
		}
	})
}

// FuzzNewGameBody: whatever body a client posts to start a game, the
// answer is the new game's board or one sentence, never a crash, and a
// refused request starts no game.
func FuzzNewGameBody(f *testing.F) {
	for _, s := range []string{
		`{"players": "Ann,Bob,Cat"}`,
		`{"players": "Ann,Bob,Cat,Dan", "mode": "rotating", "hands": 2, "name": "Friday"}`,
		`{"players": "Ann,Bob", "mode": "partners", "target": 0}`,
		`{"players": "Ann,ann", "deck": "themed"}`, `{"players": ""}`, `{"mode": 3}`, `[]`, ``,
	} {
		f.Add(s)
	}
	path := filepath.Join(f.TempDir(), "u.db")
	srv, err := web.New(web.Config{DBPath: path, Token: token, Hosts: []string{"example.test:80"}})
	if err != nil {
		f.Fatal(err)
	}
	h := srv.Handler()
	started := 0
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "/api/games", strings.NewReader(body))
		req.Host = "example.test:80"
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusCreated:
			started++
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
			var e struct{ Error string }
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == "" {
				t.Fatalf("%d without one sentence: %q", rec.Code, rec.Body.String())
			}
		default:
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body.String())
		}
		n := 0
		if db, err := store.Open(path, store.Options{ReadOnly: true}); err == nil {
			_, err = db.List(0, func(store.Summary) error { n++; return nil })
			db.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
		if n != started {
			t.Fatalf("%d games in the file, %d started", n, started)
		}
	})
}
