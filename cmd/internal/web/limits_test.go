package web_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/internal/web"
)

// TestHostWithoutDefaultPort: a browser sends "Host: 127.0.0.1" to port 80
// (and "Host: name" to 443 behind https): served. A port that is not the
// scheme's default must be given.
func TestHostWithoutDefaultPort(t *testing.T) {
	s := newSite(t, web.Config{})
	srv, err := web.New(web.Config{DBPath: s.path, Token: token, Hosts: []string{"127.0.0.1:80", "[::1]:80", "uno.example:443", "lan.example:8080"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		host string
		code int
	}{
		{"127.0.0.1", 200}, {"127.0.0.1:80", 200}, {"[::1]", 200}, {"uno.example", 200}, {"UNO.example:443", 200},
		{"lan.example", 403}, {"lan.example:8080", 200}, {"127.0.0.1:443", 403}, {"evil.example", 403},
	} {
		req := httptest.NewRequest("GET", "/api/games", nil)
		req.Host = c.host
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, req)
		if rec.Code != c.code {
			t.Errorf("Host %q: %d, want %d: %s", c.host, rec.Code, c.code, rec.Body)
		}
	}
	// A write from the page at http://127.0.0.1/ (Origin without the port).
	req := httptest.NewRequest("POST", "/api/games/"+s.id+"/hands", strings.NewReader(`{"out": "Ann", "left": {"Bob": "1", "Cat": "2"}}`))
	req.Host = "127.0.0.1"
	for k, v := range scorer {
		req.Header.Set(k, v)
	}
	req.Header.Set("Origin", "http://127.0.0.1")
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("a write from http://127.0.0.1/: %d %s", rec.Code, rec.Body)
	}
}

// clientFrom is an HTTP client whose connections come from a loopback
// address of its own (127.0.0.N), as another device on the network would.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxConnsPerHost: 0, DisableKeepAlives: true}}
}

// TestStreamsPerClient: one device holding its limit of event streams
// gets 503 with Retry-After for one more, and every other device still
// opens its stream and sees a change.
func TestStreamsPerClient(t *testing.T) {
	s := newSite(t, web.Config{MaxClientStreams: 3, MaxStreams: 5})
	url := s.ts.URL + "/api/games/" + s.id + "/events"
	open := func(c *http.Client) (*http.Response, error) {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
		resp, err := c.Do(req)
		if err == nil {
			t.Cleanup(func() { resp.Body.Close() })
		}
		return resp, err
	}
	hog := clientFrom("127.0.0.2")
	for i := 0; i < 3; i++ {
		if resp, err := open(hog); err != nil || resp.StatusCode != 200 {
			t.Fatalf("stream %d: %v %v", i+1, resp, err)
		}
	}
	resp, err := open(hog)
	if err != nil || resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a fourth stream from one device: %v %v", resp, err)
	}
	// The television and a phone, from addresses of their own.
	for _, ip := range []string{"127.0.0.3", "127.0.0.4"} {
		if resp, err := open(clientFrom(ip)); err != nil || resp.StatusCode != 200 {
			t.Fatalf("a stream from %s: %v %v", ip, resp, err)
		}
	}
	// Now the server holds 5 in all: a sixth device is refused too.
	if resp, err := open(clientFrom("127.0.0.5")); err != nil || resp.StatusCode != 503 {
		t.Fatalf("past the limit in all: %v %v", resp, err)
	}
}

// TestHeaderLimit: headers up to 8 KB are read; past that, 431.
func TestHeaderLimit(t *testing.T) {
	s := newSite(t, web.Config{})
	for _, c := range []struct {
		size int
		code int
	}{{7 << 10, 200}, {(8 << 10) + 512, 431}, {12 << 10, 431}, {20 << 10, 431}} {
		code, _ := s.do("GET", "/api/games", "", map[string]string{"X-Pad": strings.Repeat("a", c.size-200)})
		if code != c.code {
			t.Errorf("headers of about %d bytes: %d, want %d", c.size, code, c.code)
		}
	}
}

// TestNoAssetListing: /assets/ lists nothing; its files are served.
func TestNoAssetListing(t *testing.T) {
	s := newSite(t, web.Config{})
	if code, body := s.do("GET", "/assets/", "", nil); code != 404 || strings.Contains(body, "app.css") {
		t.Fatalf("/assets/: %d %s", code, body)
	}
	if code, _ := s.do("GET", "/assets/app.css", "", nil); code != 200 {
		t.Fatalf("/assets/app.css: %d", code)
	}
}

// TestAPIRefusalsAreJSON: every refusal under /api/ is JSON with one
// sentence, those of the router (404, 405 with Allow) and of the header
// limit (431) too; pages may answer plain text.
func TestAPIRefusalsAreJSON(t *testing.T) {
	s := newSite(t, web.Config{})
	for _, c := range []struct {
		method, path string
		hdr          map[string]string
		code         int
		want, allow  string
	}{
		{"GET", "/api/games/" + s.id + "/hands", nil, 405, "GET is not allowed on /api/games/" + s.id + "/hands: it takes POST", "POST"},
		{"PUT", "/api/games/" + s.id + "/hands", scorer, 405, "PUT is not allowed on /api/games/" + s.id + "/hands: it takes POST", "POST"},
		{"DELETE", "/api/games", scorer, 405, "DELETE is not allowed on /api/games: it takes", "GET, HEAD, POST"},
		{"GET", "/api/nothing", nil, 404, "there is nothing at /api/nothing; /api/games lists the games", ""},
		{"GET", "/api/games", map[string]string{"X-Pad": strings.Repeat("a", 9<<10)}, 431, "the request's headers are larger than 8192 bytes", ""},
	} {
		req, _ := http.NewRequest(c.method, s.ts.URL+c.path, nil)
		for k, v := range c.hdr {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body struct{ Error string }
		err = json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		if resp.StatusCode != c.code || err != nil || !strings.HasPrefix(body.Error, c.want) || resp.Header.Get("Content-Type") != "application/json" {
			t.Errorf("%s %s: %d %q %v (%s), want %d %q", c.method, c.path, resp.StatusCode, body.Error, err, resp.Header.Get("Content-Type"), c.code, c.want)
		}
		if got := resp.Header.Get("Allow"); got != c.allow {
			t.Errorf("%s %s: Allow %q, want %q", c.method, c.path, got, c.allow)
		}
	}
	if code, body := s.do("GET", "/nothing", "", nil); code != 404 || strings.Contains(body, "{") {
		t.Errorf("a page not there: %d %s", code, body)
	}
}

// TestScorerTokenCheck: GET /api/scorer tells the scorer's page at once
// whether its token is the scorer's, and says "replaced" only for a token
// the server knows serve --new-token replaced.
func TestScorerTokenCheck(t *testing.T) {
	old := "an-old-token-0123456789abcdef"
	s := newSite(t, web.Config{Replaced: [][32]byte{sha256.Sum256([]byte(old))}})
	for _, c := range []struct {
		auth string
		code int
		want string
	}{
		{"Bearer " + token, 204, ""},
		{"", 401, "this needs the scorer's token"},
		{"Bearer wrongtoken", 401, "this link's token is not the scorer's: open the scorer's address unoscore serve printed (scan its Score code, or type the address)"},
		{"Bearer " + old, 401, "this link's token was replaced (serve --new-token made a new one): open the scorer's address unoscore serve printed (scan its Score code, or type the address)"},
	} {
		code, body := s.do("GET", "/api/scorer", "", map[string]string{"Authorization": c.auth})
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%q: %d %s, want %d %q", c.auth, code, body, c.code, c.want)
		}
	}
	// A write with the replaced token says the same.
	if code, body := s.do("POST", "/api/games/"+s.id+"/undo", "", map[string]string{"Authorization": "Bearer " + old}); code != 401 || !strings.Contains(body, "was replaced") {
		t.Errorf("undo with the replaced token: %d %s", code, body)
	}
}
