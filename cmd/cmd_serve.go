package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mdp/qrterminal/v3"
	"github.com/spf13/cobra"

	"github.com/unoscore/unoscore/cmd/internal/iostreams"
	"github.com/unoscore/unoscore/cmd/internal/ui"
	"github.com/unoscore/unoscore/cmd/internal/web"
	"github.com/unoscore/unoscore/store"
)

type serveOptions struct {
	app      *App
	Addr     string
	JSON     bool
	NewToken bool
}

func newServeCmd(app *App, runF func(*serveOptions) error) *cobra.Command {
	o := &serveOptions{app: app}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Show the board live on every phone and the television; score hands from a phone",
		Long: `Serve the board as a web page on this computer, or on the local network
with --addr 0.0.0.0:8765. The page changes by itself after every hand,
whoever records it (the scorer's phone or any unoscore on this file).

It prints two addresses: the viewer's, for everyone, and the scorer's,
which carries a secret token: only it can record or undo hands. Keep it to
yourself. The token is kept in the database (never in an export), so a
restart keeps every phone working; --new-token makes a new one, and the
old scorer's address stops working. The command line keeps working beside
the server; Ctrl-C stops it.`,
		Example: `  unoscore serve
  unoscore serve --addr 0.0.0.0:8765
  unoscore serve --addr 127.0.0.1:0 --json
  unoscore serve --new-token`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(o)
			}
			return runServe(c.Context(), o)
		},
	}
	c.Flags().StringVar(&o.Addr, "addr", "127.0.0.1:8765", "HOST:PORT to listen on (port 0 picks a free one; 0.0.0.0 is the whole local network)")
	jsonFlag(c, &o.JSON, `print {"view", "score", "token"} as the first line of output`)
	c.Flags().BoolVar(&o.NewToken, "new-token", false, "make a new scorer's token: the old scorer's address stops working")
	return c
}

func runServe(ctx context.Context, o *serveOptions) error {
	app := o.app
	path, err := app.dbPath()
	if err != nil {
		return err
	}
	_, port, err := net.SplitHostPort(o.Addr)
	if err != nil {
		return usagef("--addr %q is not HOST:PORT, as in --addr 0.0.0.0:8765", o.Addr)
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return usagef("--addr %q: %q is not a port (0 to 65535), as in --addr 0.0.0.0:8765", o.Addr, port)
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		// A well-formed address this machine cannot use now (a port in use,
		// a name that does not resolve, no descriptors left) is the
		// machine's state, not a wrong flag: exit 1. Only an address that
		// is not this machine's is a wrong flag.
		var op *net.OpError
		why := err
		if errors.As(err, &op) && op.Op == "listen" {
			why = op.Err
		}
		var dns *net.DNSError
		switch {
		case errors.Is(err, errAddrInUse):
			return fmt.Errorf("port %s is in use (another unoscore serve?); pick another port: --addr %s, or port 0 for a free one", port, suggestAddr(o.Addr))
		case errors.Is(err, errAddrNotAvail):
			return usagef("cannot listen on %s (%v); pick another --addr, or port 0 for a free one", o.Addr, why)
		case errors.As(err, &dns):
			return fmt.Errorf("cannot listen on %s (%v); check the host's name, or give its address, as in --addr 0.0.0.0:8765", o.Addr, why)
		}
		return fmt.Errorf("cannot listen on %s (%v)", o.Addr, why)
	}
	defer ln.Close()
	// The scorer's token, kept in the database (a missing file is made
	// here, as the token must be kept somewhere), once the address is known
	// to work: a refused --addr leaves no file behind).
	var token string
	var fresh bool
	var replaced [][32]byte
	err = app.withDB(createDB, func(db *store.DB) error {
		var err error
		if token, fresh, err = db.ServeToken(o.NewToken, web.NewToken); err != nil {
			return err
		}
		replaced, err = db.ReplacedTokens()
		return err
	})
	if err != nil {
		return err
	}
	addr := ln.Addr().(*net.TCPAddr)
	srv, err := web.New(web.Config{
		DBPath: path, Wait: app.Wait, Token: token, Replaced: replaced, Hosts: web.HostsFor(addr),
		Log: log.New(app.IO.Err, "unoscore serve: ", log.LstdFlags),
	})
	if err != nil {
		return err
	}
	base := "http://" + net.JoinHostPort(shownHost(addr.IP), fmt.Sprint(addr.Port))
	if addr.Port == 80 { // the scheme's default: a browser leaves it out too
		base = "http://" + strings.TrimSuffix(net.JoinHostPort(shownHost(addr.IP), "80"), ":80")
	}
	view, score := base+"/", base+"/score#token="+token
	if o.JSON {
		line, _ := json.Marshal(map[string]string{"view": view, "score": score, "token": token})
		fmt.Fprintln(app.IO.Out, string(line))
	} else {
		writeAddresses(app.IO.Out, path, view, score, addr.IP, app.IO, o.NewToken && fresh)
	}

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	hs := srv.HTTPServer()
	go srv.Watch(ctx)
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		srv.Close()
		return fmt.Errorf("the server stopped: %w", err)
	case <-ctx.Done():
	}
	srv.Close()
	shut, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_ = hs.Shutdown(shut)
	if !o.JSON {
		fmt.Fprintln(app.IO.Err, "unoscore: stopped serving.")
	}
	return nil
}

// suggestAddr is addr with the port after it, for a port in use.
func suggestAddr(addr string) string {
	host, port, _ := net.SplitHostPort(addr)
	n, err := strconv.Atoi(port)
	if err != nil || n >= 65535 {
		n = 8765
	}
	return net.JoinHostPort(host, strconv.Itoa(n+1))
}

// shownHost is the host put in the printed addresses: for a server on every
// interface, this machine's first address on the network.
func shownHost(ip net.IP) string {
	if ip.IsUnspecified() {
		if ips := web.LocalIPs(); len(ips) > 0 {
			return ips[0].String()
		}
		return "127.0.0.1"
	}
	return ip.String()
}

// writeAddresses prints the addresses. In a terminal the two QR codes go
// side by side under their labels, the viewer's address under its code
// and the rest below, all on one screen (80x24 holds it, the cursor's line
// included); a window too small for that gets the addresses and a sentence
// saying how big a window the codes need. Elsewhere (a pipe, a file) only
// the addresses.
func writeAddresses(w io.Writer, path, view, score string, ip net.IP, ios *iostreams.IOStreams, fresh bool) {
	note := "Anyone on your network can view the board;\nonly the scorer's address records hands."
	short := "Anyone on your network can view; only the Score address records hands."
	if ip.IsLoopback() {
		note = "Only this computer can open these. For phones on your network:\n  unoscore serve --addr 0.0.0.0:8765"
		short = "Only this computer can open these. Phones: unoscore serve --addr 0.0.0.0:8765"
	}
	var after []string
	if fresh {
		after = append(after, "A new scorer's token: the scorer's address printed before today stops working.")
	}
	if ios.OutTTY {
		width, height := ios.TermWidth(), ios.TermHeight()
		below := append([]string{"Score: " + score, servingLine(path, width), short}, after...)
		screen, need := qrScreen([]string{"View (anyone)", "Score (keep it to yourself)"}, []string{view, score}, below, ios.Color, width)
		// The cursor waits on the line after the last.
		if fits := len(screen) < height && ui.Fits(strings.Join(screen, "\n"), width); fits {
			for _, l := range screen {
				fmt.Fprintln(w, l)
			}
			return
		}
		defer fmt.Fprintf(w, "The QR codes need a window of at least %dx%d (this one is %dx%d);\nmake it bigger and start unoscore serve again to see them.\n", need.X, need.Y, width, height)
	}
	fmt.Fprintf(w, "Serving the games in %s. Ctrl-C stops.\n", path)
	fmt.Fprintf(w, "View the board (anyone):\n  %s\n", view)
	fmt.Fprintf(w, "Score from a phone (keep this one to yourself):\n  %s\n", score)
	fmt.Fprintln(w, note)
	for _, l := range after {
		fmt.Fprintln(w, l)
	}
}

// servingLine says which file is served, in one line of the window's
// width: a long path loses its beginning ("…/share/unoscore/u.db").
func servingLine(path string, width int) string {
	for _, f := range []string{"Serving the games in %s. Ctrl-C stops.", "Serving %s. Ctrl-C stops."} {
		if l := fmt.Sprintf(f, path); ui.Width(l) <= width {
			return l
		}
	}
	const f = "Serving %s. Ctrl-C stops."
	room := width - ui.Width(fmt.Sprintf(f, "…"))
	r := []rune(path)
	for len(r) > 0 && ui.Width(string(r)) > room {
		r = r[1:]
	}
	return fmt.Sprintf(f, "…"+string(r))
}

// qrCode draws a URL's QR code in half blocks (two rows of modules a
// line), with a quiet zone of two modules.
func qrCode(url string) []string {
	var b bytes.Buffer
	qrterminal.GenerateWithConfig(url, qrterminal.Config{Level: qrterminal.L, Writer: &b, HalfBlocks: true, QuietZone: 2})
	return strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
}

// qrScreen lays out a QR code of each URL under its title, side by side,
// and the first URL under its code when there is a line to spare beside
// the second (else above the lines below); then the lines below. need is
// the smallest window that holds it (columns, lines with the cursor's).
// In colour, each line of a code is drawn white on black whatever the
// terminal's theme, so a phone reads it the right way round.
func qrScreen(titles, urls, below []string, color bool, width int) (lines []string, need image.Point) {
	var blocks [][]string
	wide := 0
	for _, u := range urls {
		b := qrCode(u)
		blocks = append(blocks, b)
		for _, l := range b {
			wide = max(wide, ui.Width(l))
		}
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", max(0, n-ui.Width(s))) }
	paint := func(s string) string {
		if color {
			return "\033[97;40m" + s + "\033[0m"
		}
		return s
	}
	tall := 0
	for _, b := range blocks {
		tall = max(tall, len(b))
	}
	var head []string
	for _, t := range titles {
		head = append(head, pad(t, wide))
	}
	lines = append(lines, strings.TrimRight(strings.Join(head, "  "), " "))
	// The first URL under its code, in its column, when it fits there.
	under := -1
	if len(blocks[0]) < tall && ui.Width(urls[0]) <= wide {
		under = len(blocks[0])
	} else {
		below = append([]string{"View:  " + urls[0]}, below...)
	}
	for i := 0; i < tall; i++ {
		var parts []string
		for k, b := range blocks {
			switch {
			case i < len(b):
				parts = append(parts, paint(pad(b[i], wide)))
			case k == 0 && i == under:
				parts = append(parts, pad(urls[0], wide))
			default:
				parts = append(parts, pad("", wide))
			}
		}
		lines = append(lines, strings.TrimRight(strings.Join(parts, "  "), " "))
	}
	lines = append(lines, below...)
	need = image.Point{X: len(blocks)*wide + 2*(len(blocks)-1), Y: len(lines) + 1}
	for _, l := range below {
		need.X = max(need.X, ui.Width(l))
	}
	return lines, need
}
