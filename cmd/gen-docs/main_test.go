package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWritesOnePagePerCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "man1")
	var out, errOut bytes.Buffer
	if code := run([]string{dir}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "Wrote the manual pages into "+dir) {
		t.Errorf("stdout %q", out.String())
	}
	for _, page := range []string{"unoscore.1", "unoscore-hand.1", "unoscore-check-play.1", "unoscore-rules.1", "unoscore-serve.1"} {
		if _, err := os.Stat(filepath.Join(dir, page)); err != nil {
			t.Errorf("no page %s: %v", page, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "unoscore-man.1")); err == nil {
		t.Error("a page for a man command, which the binary no longer has")
	}
	top, err := os.ReadFile(filepath.Join(dir, "unoscore.1"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`.TH "UNOSCORE" "1"`, `unoscore-hand(1)`, "Keep score and settle arguments"} {
		if !bytes.Contains(top, []byte(want)) {
			t.Errorf("unoscore.1 lacks %q", want)
		}
	}
	if bytes.Contains(top, []byte("Auto generated")) {
		t.Error("the pages carry a date line, so they change with the clock")
	}
}

func TestRefusesWhatIsNotAFolder(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("keep me"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{notes}, `notes.txt" is not a folder`},
		{nil, "give the folder"},
		{[]string{""}, "give the folder"},
		{[]string{dir, dir}, "give the folder"},
	} {
		var out, errOut bytes.Buffer
		if code := run(tc.args, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), tc.want) || out.Len() != 0 {
			t.Errorf("run(%q) = %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out.String(), errOut.String(), tc.want)
		}
	}
	if b, _ := os.ReadFile(notes); string(b) != "keep me" {
		t.Errorf("notes.txt now holds %q", b)
	}
}
