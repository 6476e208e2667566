package rules

import "testing"

// Reading the reference's list of topics fills in none of them: `rules
// skip` fills in one topic, and every command that never asks about the
// rules none. Each topic still fills in without an error.
func TestTopicsFillInWhenRead(t *testing.T) {
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
