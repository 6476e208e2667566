package cmd

import (
	"fmt"
	"strings"

	"github.com/unoscore/unoscore/cmd/internal/present"
	"github.com/unoscore/unoscore/scoring"
)

// A mode's words are one table, cmd/internal/present/modes.go, read by the
// command line and the web page alike.

// modeHelp lists the modes for "new --help", one line each.
func modeHelp() string {
	var lines []string
	for _, m := range scoring.Modes {
		lines = append(lines, fmt.Sprintf("  %-10s %s", m, present.Text(m).Describe))
	}
	return strings.Join(lines, "\n")
}
