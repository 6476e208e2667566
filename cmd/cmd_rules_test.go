package cmd

import (
	"strings"
	"testing"

	"github.com/unoscore/unoscore/cmd/internal/ui"
)

// TestWriteTextParagraphs: a blank line in the reference keeps its place, so
// a paragraph after a list does not run into it (issue 10, item 12).
func TestWriteTextParagraphs(t *testing.T) {
	md := "Intro line.\n\n## Values\n- one\n- two\n\nAfter the list.\n\n\n\nAnother paragraph.\n## Next\nText."
	var b strings.Builder
	writeText(&b, md, 0, ui.Style{})
	want := "Intro line.\n\nValues\n- one\n- two\n\nAfter the list.\n\nAnother paragraph.\n\nNext\nText.\n"
	if b.String() != want {
		t.Errorf("writeText =\n%s\nwant\n%s", b.String(), want)
	}
}
