package rules

import (
	"fmt"
	"strings"
	"testing"
)

// Reading the reference's list of topics fills in none of them: `rules
// skip` fills in one topic, and every command that never asks about the
// rules none. Each topic still fills in without an error.
func TestTopicsFillInWhenRead(t *testing.T) {
	// Read afresh: other tests have read (and filled in) the topics.
	fileMu.Lock()
	kept := fileTopic
	fileTopic = nil
	fileMu.Unlock()
	defer func() {
		fileMu.Lock()
		fileTopic = kept
		fileMu.Unlock()
	}()
	ts, err := loadTopics()
	if err != nil {
		t.Fatal(err)
	}
	for _, tp := range ts {
		if tp.text != "" || tp.facts != nil {
			t.Fatalf("topic %s was filled in when the list was read", tp.ID)
		}
	}
	var skip *Topic
	for _, tp := range ts {
		if tp.ID == "skip" {
			skip = tp
		}
	}
	if skip == nil {
		t.Fatal("no skip topic")
	}
	if text, err := skip.Text(); err != nil || text == "" {
		t.Fatalf("skip: %q, %v", text, err)
	}
	for _, tp := range ts {
		if tp != skip && tp.text != "" {
			t.Errorf("reading skip filled in %s too", tp.ID)
		}
	}
	for _, tp := range ts {
		if text, err := tp.Text(); err != nil || text == "" || len(tp.Facts()) == 0 {
			t.Errorf("topic %s: %d bytes, %d facts, %v", tp.ID, len(text), len(tp.Facts()), err)
		}
	}
}

// TestAskByIDIsTheWholeList: a topic's id answered from its own file (and
// those of the topics whose id begins with it) is the answer the whole list
// of topics gives, the same *Topic and the same runners-up in the same
// order; each topic's file is named by its id; anything else is left to
// the whole list.
func TestAskByIDIsTheWholeList(t *testing.T) {
	for _, tp := range Topics() {
		if tp.file != "reference/"+tp.ID+".md" && tp.file != declaredDir+tp.ID+".md" {
			t.Errorf("topic %s is in %s, not named by its id", tp.ID, tp.file)
		}
		for _, q := range []string{tp.ID, strings.ToUpper(tp.ID), strings.ReplaceAll(tp.ID, "-", " ")} {
			a, err := askByID(normTopic(q))
			if err != nil || a == nil || a.Topic != tp {
				t.Fatalf("askByID(%q): %v, %v; want %s", q, a, err, tp.ID)
			}
			var also []*Topic
			for _, o := range Topics() {
				if o != tp && strings.HasPrefix(o.ID, tp.ID+"-") {
					also = append(also, o)
				}
			}
			if fmt.Sprint(a.Also) != fmt.Sprint(also) || a.Fact != nil {
				t.Errorf("askByID(%q): also %v, fact %v; the whole list: also %v", q, a.Also, a.Fact, also)
			}
		}
		for _, k := range tp.keys()[1:] {
			if normTopic(k) == normTopic(tp.ID) {
				continue
			}
			if a, err := askByID(normTopic(k)); a != nil || err != nil {
				t.Errorf("askByID(%q), an alias: %v, %v", k, a, err)
			}
		}
	}
	for _, q := range []string{"", "skipx", "can i stack", "reference"} {
		if a, err := askByID(normTopic(q)); a != nil || err != nil {
			t.Errorf("askByID(%q): %v, %v", q, a, err)
		}
	}
}
