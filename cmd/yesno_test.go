package cmd

import (
	"path/filepath"
	"strings"
	"testing"
)

// Issue 29, item 1: "yes" typed in full, in any case, is yes at the
// commands' questions (undo, redo, players rename, games delete), as y
// is; what is not an answer is refused and asked again. On the old code
// the answers were read as y or n only.
func TestYesInFullAtTheCommandsQuestions(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat")
	runAt(t, db, nil, "--no-input", "hand", "-o", "Ann", "Bob=r7", "Cat=w")
	runAt(t, db, nil, "--no-input", "hand", "-o", "Cat", "Ann=9", "Bob=s")

	if code, out, errs, _ := runAt(t, db, []string{"yes"}, "undo"); code != 0 || !strings.Contains(out, "? yes\nVoided hand 2") || boardHands(t, db) != 1 {
		t.Fatalf("undo, yes: exit %d:\n%s%s", code, out, errs)
	}
	if code, out, errs, p := runAt(t, db, []string{"maybe", "YES"}, "redo"); code != 0 || !strings.Contains(out, "? yes\nBrought back.") || boardHands(t, db) != 2 || len(p.Rejected) != 1 {
		t.Fatalf("redo, maybe then YES: exit %d, refused %q:\n%s%s", code, p.Rejected, out, errs)
	}
	if code, out, errs, _ := runAt(t, db, []string{"No"}, "undo"); code != 0 || !strings.Contains(out, "? no\nNothing voided.") || boardHands(t, db) != 2 {
		t.Fatalf("undo, No: exit %d:\n%s%s", code, out, errs)
	}
	runAt(t, db, nil, "new", "--no-input", "--players", "ann,Dan")
	if code, out, errs, _ := runAt(t, db, []string{"Yes"}, "players", "rename", "Ann", "Anna"); code != 0 || !strings.Contains(out, "in all 2 games? yes\n") {
		t.Fatalf("rename, Yes: exit %d:\n%s%s", code, out, errs)
	}
	if _, out, _, _ := runAt(t, db, nil, "players", "--json"); !strings.Contains(out, "Anna") {
		t.Fatalf("not renamed after Yes: %s", out)
	}
	_, js, _, _ := runAt(t, db, nil, "board", "--json")
	id := js[strings.Index(js, `"id": "`)+7:][:6]
	if code, out, errs, _ := runAt(t, db, []string{"yes"}, "games", "delete", id); code != 0 || !strings.Contains(out, "Deleted game "+id) {
		t.Fatalf("games delete, yes: exit %d:\n%s%s", code, out, errs)
	}
	if _, out, _, _ := runAt(t, db, nil, "games", "--json"); strings.Contains(out, id) {
		t.Fatalf("game %s not deleted after yes: %s", id, out)
	}
}

// Issue 29, item 6: Ctrl-C at a card prompt says how to go on, as Ctrl-D
// does, in one line that fits 80 columns; on the old code it said only
// that nothing was written.
func TestCtrlCAtACardPromptSaysHowToGoOn(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	runAt(t, db, nil, "--no-input", "new", "--players", "Ann,Bob,Cat")
	code, _, errs, _ := runAt(t, db, []string{"Ann", "r7", "^C"}, "hand")
	want := "unoscore: interrupted; the hand was not written; go on with: unoscore hand\n"
	if code != ExitInterrupted || errs != want {
		t.Fatalf("exit %d, said %q; want %q", code, errs, want)
	}
	checkFits(t, "Ctrl-C at a card prompt", errs, 80)
	if boardHands(t, db) != 0 {
		t.Fatal("a hand was written")
	}
}
