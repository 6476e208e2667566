package cmd

import (
	"os/exec"
	"strings"
	"testing"
)

// Every package linked into the binary initialises when any command starts,
// so what only some command needs, or nothing needs, is kept out:
// TestBinaryLeavesOutWhatEveryCommandWouldPay holds the line.
var keptOut = []struct{ prefix, why string }{
	{"github.com/spf13/cobra/doc", "the man pages come from go run ./cmd/gen-docs"},
	{"github.com/cpuguy83/go-md2man", "the man pages come from go run ./cmd/gen-docs"},
	{"github.com/russross/blackfriday", "the man pages come from go run ./cmd/gen-docs (its init built a table of HTML entities)"},
	{"go.yaml.in/yaml", "the man pages come from go run ./cmd/gen-docs"},
	{"gopkg.in/yaml", "the man pages come from go run ./cmd/gen-docs"},
	{"golang.org/x/text/cases", "names are folded from scoring/fold_table.go (cases and the language tables it brings cost 0.2 ms at start)"},
	{"golang.org/x/text/language", "names are folded from scoring/fold_table.go (cases and the language tables it brings cost 0.2 ms at start)"},
}

func TestBinaryLeavesOutWhatEveryCommandWouldPay(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(goBin, "list", "-deps", "github.com/unoscore/unoscore").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, k := range keptOut {
			if strings.HasPrefix(dep, k.prefix) {
				t.Errorf("the unoscore binary links %s: %s", dep, k.why)
			}
		}
	}
}
