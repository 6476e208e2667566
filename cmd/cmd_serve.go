package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
		case errors.Is(err, syscall.EADDRINUSE):
			return fmt.Errorf("port %s is in use (another unoscore serve?); pick another port: --addr %s, or port 0 for a free one", port, suggestAddr(o.Addr))
		case errors.Is(err, syscall.EADDRNOTAVAIL):
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
		writeAddresses(app.IO.Out, path, view, score, addr.IP, app.IO)
		if o.NewToken && fresh {
			fmt.Fprintln(app.IO.Out, "A new scorer's token: the scorer's address printed before today stops working.")
		}
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

// writeAddresses prints the addresses. In a terminal the QR codes come
// first and the addresses and the note last, so that a screen too short for
// everything (two codes fill 24 lines) still shows the addresses.
func writeAddresses(w io.Writer, path, view, score string, ip net.IP, ios *iostreams.IOStreams) {
	if ios.OutTTY {
		writeQRs(w, []string{"View", "Score (keep it to yourself)"}, []string{view, score}, ios.Color, ios.TermWidth())
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "Serving the games in %s. Ctrl-C stops.\n", path)
	fmt.Fprintf(w, "View the board (anyone):\n  %s\n", view)
	fmt.Fprintf(w, "Score from a phone (keep this one to yourself):\n  %s\n", score)
	if ip.IsLoopback() {
		fmt.Fprintln(w, "Only this computer can open these. For phones on your network:\n  unoscore serve --addr 0.0.0.0:8765")
	} else {
		fmt.Fprintln(w, "Anyone on your network can view the board;\nonly the scorer's address records hands.")
	}
}

// writeQRs draws a QR code of each address in half blocks: side by side
// where the terminal is wide enough, else one under the other. In colour,
// each line is drawn white on black whatever the terminal's theme, so a
// phone reads it the right way round.
func writeQRs(w io.Writer, titles, urls []string, color bool, width int) {
	var blocks [][]string
	wide := 0
	for _, u := range urls {
		var b bytes.Buffer
		qrterminal.GenerateWithConfig(u, qrterminal.Config{Level: qrterminal.L, Writer: &b, HalfBlocks: true, QuietZone: 2})
		lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
		blocks = append(blocks, lines)
		for _, l := range lines {
			wide = max(wide, ui.Width(l))
		}
	}
	if width <= 0 {
		width = 80
	}
	perRow := max(1, min(len(blocks), (width+2)/(wide+2)))
	pad := func(s string) string { return s + strings.Repeat(" ", max(0, wide-ui.Width(s))) }
	for first := 0; first < len(blocks); first += perRow {
		row := blocks[first:min(first+perRow, len(blocks))]
		var head []string
		for _, t := range titles[first : first+len(row)] {
			head = append(head, pad(t))
		}
		fmt.Fprintln(w, strings.TrimRight(strings.Join(head, "  "), " "))
		for i := 0; ; i++ {
			var parts []string
			more := false
			for _, b := range row {
				if i < len(b) {
					parts = append(parts, pad(b[i]))
					more = true
				} else {
					parts = append(parts, pad(""))
				}
			}
			if !more {
				break
			}
			line := strings.Join(parts, "  ")
			if color {
				line = "\033[97;40m" + line + "\033[0m"
			}
			fmt.Fprintln(w, line)
		}
	}
}
