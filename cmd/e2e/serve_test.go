package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
)

// peakRSS is the process's peak resident memory, in bytes (Linux).
func peakRSS(t *testing.T, pid int) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("cannot read the server's memory: %v", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.Atoi(f[1])
			return kb << 10
		}
	}
	t.Skip("no VmHWM in /proc")
	return 0
}

// events reads a game's event stream and sends the "hands" of each board.
func events(t *testing.T, url string) (<-chan int, func()) {
	t.Helper()
	return eventsFrom(t, http.DefaultClient, url)
}

// eventsFrom is events through a client of its own (one that dials from
// another loopback address, say).
func eventsFrom(t *testing.T, client *http.Client, url string) (<-chan int, func()) {
	t.Helper()
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	ch := make(chan int, 256)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var b struct{ Hands int }
				if json.Unmarshal([]byte(data), &b) == nil {
					ch <- b.Hands
				}
			}
		}
	}()
	return ch, func() { resp.Body.Close() }
}

// fromLoopback is an HTTP client whose connections come from ip, another
// address of the loopback range (Linux answers on all of 127.0.0.0/8).
func fromLoopback(t *testing.T, ip string) *http.Client {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	t.Cleanup(c.CloseIdleConnections)
	return c
}

// TestServeSeesTheCommandLine: the real binary serves; a hand recorded by
// the command line in another process reaches the event stream (on a
// quiet machine within a second or two; the test waits longer), and the server never kept the file locked.
func TestServeSeesTheCommandLine(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "u.db")
	id := harness.NewGame(t, db, "--players", "Ann,Bob,Cat")
	s := harness.StartServe(t, db)
	ch, stop := events(t, s.View+"api/games/"+id+"/events")
	defer stop()
	if n := <-ch; n != 0 {
		t.Fatalf("first event: %d hands", n)
	}
	for want := 1; want <= 3; want++ {
		start := time.Now()
		// --wait 0: the command line must find the file free at once.
		if code, _, errs := harness.Unoscore(t, db, "--wait", "0s", "hand", "--out", "Ann", "--left", "Bob=r7", "--left", "Cat=wd4"); code != 0 {
			t.Fatalf("hand beside the server: %s", errs)
		}
		select {
		case n := <-ch:
			if n != want {
				t.Fatalf("event after hand %d: %d hands", want, n)
			}
			t.Logf("hand %d reached the stream %s after the command line finished", want, time.Since(start).Round(time.Millisecond))
		case <-time.After(patience):
			t.Fatalf("hand %d did not reach the stream within %s", want, patience)
		}
	}
}

// TestServeLoad: 50 viewers stay connected while 100 hands are recorded
// through the server; every viewer receives every change, in order, and
// the server stays under 30 MiB.
func TestServeLoad(t *testing.T) {
	harness.Slow(t, "50 viewers, 100 hands")
	db := filepath.Join(t.TempDir(), "u.db")
	id := harness.NewGame(t, db, "--players", "Ann,Bob,Cat,Dan", "--target", "100000")
	s := harness.StartServe(t, db)
	const viewers, hands = 50, 100
	got := make([][]int, viewers)
	var wg sync.WaitGroup
	// The server keeps at most 32 streams a client address, so the viewers
	// come from two loopback addresses, as two rooms of phones would.
	clients := []*http.Client{http.DefaultClient, fromLoopback(t, "127.0.0.2")}
	for v := range viewers {
		ch, stop := eventsFrom(t, clients[v%len(clients)], s.View+"api/games/"+id+"/events")
		defer stop()
		wg.Add(1)
		go func() {
			defer wg.Done()
			timeout := time.After(60 * time.Second)
			for {
				select {
				case n, ok := <-ch:
					if !ok {
						return
					}
					got[v] = append(got[v], n)
					if n == hands {
						return
					}
				case <-timeout:
					return
				}
			}
		}()
	}
	body := `{"out": "Ann", "left": {"Bob": "r7 b2", "Cat": "wd4", "Dan": "37pts"}}`
	start := time.Now()
	for range hands {
		req, _ := http.NewRequest("POST", s.View+"api/games/"+id+"/hands", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+s.Token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("POST hand: %s", resp.Status)
		}
	}
	wg.Wait()
	t.Logf("%d hands recorded and sent to %d viewers in %s", hands, viewers, time.Since(start).Round(time.Millisecond))
	for v, seq := range got {
		if len(seq) != hands+1 {
			t.Fatalf("viewer %d received %d boards, want %d: %v", v, len(seq), hands+1, seq)
		}
		for i, n := range seq {
			if n != i {
				t.Fatalf("viewer %d: board %d shows %d hands", v, i, n)
			}
		}
	}
	rss := peakRSS(t, s.Cmd.Process.Pid)
	t.Logf("the server's peak memory: %.1f MiB", float64(rss)/(1<<20))
	if rss > 30<<20 && !raceDetector {
		t.Fatalf("the server used %.1f MiB, over 30 MiB", float64(rss)/(1<<20))
	}
}

// A port in use is the machine's state, not a wrong flag: exit 1 (it was
// 2), one sentence naming the port and how to pick another, and no file
// made.
func TestServePortInUse(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	db := filepath.Join(t.TempDir(), "u.db")
	code, out, errs := harness.Unoscore(t, db, "serve", "--addr", ln.Addr().String())
	want := fmt.Sprintf("unoscore: port %d is in use (another unoscore serve?); pick another port: --addr 127.0.0.1:%d, or port 0 for a free one\n", port, port+1)
	if code != 1 || errs != want || out != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, out, errs, want)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a database file was made")
	}
}
