package store

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
)

// schema7Knockouts is a file the unoscore of commit c1fe60f (schema 7,
// before a No Mercy knock-out was charged in lowest mode and before the
// best hand out counted a knocker's own 250) wrote with:
//
//	new --players Ann,Bob,Cat --deck no-mercy --mode lowest --name low
//	hand -o Ann Bob=r5 --knocked-out Cat
//	new --players Ann,Bob,Cat --deck no-mercy --mercy-bonus knocker --name knock
//	hand -o Ann Bob=r5 --knocked-out Cat=Ann
//	new --players Dan,Eve --name plain
//	hand -o Dan Eve=r7
//
// Its summaries say Ann and Cat lead "low" at 0, and Ann's best hand out
// in "knock" is 5 (255 now). c1fe60f was never released: it wrote
// mercy_bonus at new, as the first release to charge a knock-out in lowest
// mode did (d03b780), so "low" reads as charged, as that release read it
// (Cat 250, Ann leads; scoring.Settings.MercyCharge).
const schema7Knockouts = "testdata/schema7-knockouts.db"

// copyTestdata copies a file of testdata into a folder of its own.
func copyTestdata(t *testing.T, name string) (path string, data []byte) {
	t.Helper()
	data = must[[]byte](t)(os.ReadFile(name))
	path = filepath.Join(t.TempDir(), "u.db")
	ok(t, os.WriteFile(path, data, 0o600))
	return path, data
}

// olderRulesRead is what the games and statistics of schema7Knockouts read
// as: who leads "low", and Ann's best hand out in "knock".
func olderRulesRead(t *testing.T, db *DB) (leaders []string, brief []string, best int, deck string) {
	t.Helper()
	l, _ := listAll(t, db)
	for _, s := range l {
		if s.Name == "low" {
			leaders = s.Leaders
		}
	}
	_, err := db.ListBrief(0, func(s Summary) error {
		if s.Name == "low" {
			brief = s.Leaders
		}
		if s.Name == "knock" {
			deck = s.DeckID()
		}
		return nil
	})
	ok(t, err)
	ok(t, db.EachSummary(func(s Summary) error {
		if s.Name == "knock" {
			best = s.Stats.Players[0].BestOut
		}
		return nil
	}))
	return leaders, brief, best, deck
}

// TestOlderRulesSummaries: a file of schema 7 made by the unoscore before
// the No Mercy knock-out rules changed kept summaries those rules worked
// out. Doctor read it as damage ("the player statistics in its summary do
// not match its log", exit 1) and stats read the old figures. Read as it
// is, the file is never written, doctor notes the summaries and finds no
// problem, and the list and the statistics are worked out from the logs;
// the first change upgrades it to schema 8, which writes them afresh.
func TestOlderRulesSummaries(t *testing.T) {
	path, before := copyTestdata(t, schema7Knockouts)

	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	r := must[Report](t)(db.Doctor())
	leaders, brief, best, deck := olderRulesRead(t, db)
	ok(t, db.Close())
	if r.Schema != 7 || len(r.Problems) != 0 || len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "the summaries of 2 games were worked out by the rules of an older unoscore (schema 7)") {
		t.Errorf("doctor of the schema 7 file: schema %d, problems %q, notes %q", r.Schema, r.Problems, r.Notes)
	}
	if !slices.Equal(leaders, []string{"Ann"}) || !slices.Equal(brief, []string{"Ann"}) || best != 255 || deck != "no-mercy" {
		t.Errorf("read as it is: low led by %v (brief %v), Ann's best hand out %d, knock's deck %q; want Ann (charged, with its mercy_bonus), 255, no-mercy", leaders, brief, best, deck)
	}
	if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(before, after) {
		t.Error("a read wrote the file")
	}
	if entries := must[[]os.DirEntry](t)(os.ReadDir(filepath.Dir(path))); len(entries) != 1 {
		t.Errorf("files beside the database after a read: %v", entries)
	}

	// The first change upgrades it: every summary as its log gives it now.
	db = must[*DB](t)(Open(path, Options{}))
	ok(t, db.Upgrade())
	ok(t, db.Close())
	r = problems(t, path)
	if r.Schema != SchemaVersion || SchemaVersion != 8 || len(r.Problems) != 0 || len(r.Notes) != 0 || r.Games != 3 {
		t.Errorf("doctor after the upgrade: %+v", r)
	}
	db = must[*DB](t)(Open(path, Options{ReadOnly: true}))
	if db.older != 0 {
		t.Error("the upgraded file is read as of an older schema")
	}
	leaders, brief, best, deck = olderRulesRead(t, db)
	ok(t, db.view(func(tx *bolt.Tx) error {
		// The summaries kept are this unoscore's, byte for byte.
		return db.eachSummary(tx, func(s Summary) error {
			g := must[*Game](t)(readGame(tx, s.ID, s.Seq))
			kept, _ := unseal(bucketSummaries, gameKey(s.Seq), tx.Bucket(bucketSummaries).Get(gameKey(s.Seq)))
			if want := must[[]byte](t)(json.Marshal(g.summary())); !bytes.Equal(kept, want) {
				t.Errorf("game %s keeps %s, want %s", s.ID, kept, want)
			}
			return nil
		})
	}))
	ok(t, db.Close())
	if !slices.Equal(leaders, []string{"Ann"}) || !slices.Equal(brief, []string{"Ann"}) || best != 255 || deck != "no-mercy" {
		t.Errorf("after the upgrade: low led by %v (brief %v), Ann's best hand out %d, knock's deck %q; want Ann (charged, with its mercy_bonus), 255, no-mercy", leaders, brief, best, deck)
	}
	if _, err := os.Stat(BackupPath(path, 7)); err == nil {
		t.Error("the step from 7, which rewrites only summaries, wrote a backup")
	}
}

// TestOlderRulesOnlyNoMercy: in a file of schema 7, a summary of a game
// whose deck has no knock-outs that differs from its log is damage all the
// same (no rule that changed could have worked it out), and so is one
// that differs in more than what the rules work out.
func TestOlderRulesOnlyNoMercy(t *testing.T) {
	for _, c := range []struct {
		game   string
		change func(*Summary)
		want   string
	}{
		{"plain", func(s *Summary) { s.Stats.Players[0].BestOut++ }, "the player statistics in its summary do not match its log"},
		{"knock", func(s *Summary) { s.Hands++ }, "its summary does not match its log"},
	} {
		t.Run(c.game, func(t *testing.T) {
			path, _ := copyTestdata(t, schema7Knockouts)
			tamper(t, path, func(tx *bolt.Tx) error {
				var key, data []byte
				ok(t, tx.Bucket(bucketSummaries).ForEach(func(k, kept []byte) error {
					v, _ := unseal(bucketSummaries, k, kept)
					var s Summary
					ok(t, json.Unmarshal(v, &s))
					if s.Name == c.game {
						c.change(&s)
						key, data = bytes.Clone(k), must[[]byte](t)(json.Marshal(s))
					}
					return nil
				}))
				return putRaw(tx, bucketSummaries, key, data)
			})
			r := problems(t, path)
			if len(r.Problems) != 1 || !strings.HasSuffix(r.Problems[0], c.want) {
				t.Errorf("doctor: %q, want %q", r.Problems, c.want)
			}
		})
	}
}

// schema7LowestKnockouts is a file the released unoscore of commit 53cfdd2
// (before a No Mercy knock-out was charged in lowest mode; its settings
// have no mercy_bonus) wrote with:
//
//	new --players Ann,Bob,Cat --deck no-mercy --mode lowest --target 300 --name knockouts
//	hand -o Ann Bob=r5 --knocked-out Cat
//	hand -o Ann Bob=r9 --knocked-out Cat
//	hand -o Cat Ann=r3 Bob="wd10 wd10 wd10 wd10 wd6 wd6"
//
// As played, Cat's knock-outs cost nothing and Cat won with 0 (Ann 3, Bob
// 314). Replayed with the charge, Cat reached 500 in hand 2 and the game
// was over there: main's doctor said "game ujx87g: hand 3: the game is
// over: Ann won" (exit 1) and every command called the file damaged.
const schema7LowestKnockouts = "testdata/schema7-lowest-knockouts.db"

// TestOlderLowestKnockoutsAsPlayed: the game of schema7LowestKnockouts
// reads as it was played, read as it is and after the upgrade to schema 8,
// whose summary is the one it kept.
func TestOlderLowestKnockoutsAsPlayed(t *testing.T) {
	path, before := copyTestdata(t, schema7LowestKnockouts)
	played := func(when string, db *DB) {
		t.Helper()
		g, err := db.Game("ujx87g")
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		b := g.Board
		var tallies []int
		for seat := range b.Players() {
			tallies = append(tallies, b.Score(seat))
		}
		if !slices.Equal(tallies, []int{3, 314, 0}) || !b.Over() || !slices.Equal(b.Names(b.Winners()), []string{"Cat"}) || b.Hands() != 3 || b.Settings.Charged() {
			t.Errorf("%s: tallies %v, over %v, winners %v, %d hands, mercy_charge %v; want 3 314 0, Cat won after 3", when, tallies, b.Over(), b.Names(b.Winners()), b.Hands(), b.Settings.MercyCharge)
		}
		l, _ := listAll(t, db)
		if len(l) != 1 || !l[0].Over || !slices.Equal(l[0].Winners, []string{"Cat"}) {
			t.Errorf("%s: listed %+v", when, l)
		}
	}
	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	r := must[Report](t)(db.Doctor())
	played("read as it is", db)
	ok(t, db.Close())
	if r.Schema != 7 || len(r.Problems) != 0 || len(r.Notes) != 0 || r.Games != 1 {
		t.Errorf("doctor of the schema 7 file: %+v", r)
	}
	if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(before, after) {
		t.Error("a read wrote the file")
	}

	db = must[*DB](t)(Open(path, Options{}))
	var kept []byte
	ok(t, db.view(func(tx *bolt.Tx) error {
		kept, _ = unseal(bucketSummaries, gameKey(1), tx.Bucket(bucketSummaries).Get(gameKey(1)))
		kept = bytes.Clone(kept)
		return nil
	}))
	ok(t, db.Upgrade())
	ok(t, db.Close())
	r = problems(t, path)
	if r.Schema != 8 || len(r.Problems) != 0 || len(r.Notes) != 0 {
		t.Errorf("doctor after the upgrade: %+v", r)
	}
	db = must[*DB](t)(Open(path, Options{ReadOnly: true}))
	played("upgraded", db)
	ok(t, db.view(func(tx *bolt.Tx) error {
		v, _ := unseal(bucketSummaries, gameKey(1), tx.Bucket(bucketSummaries).Get(gameKey(1)))
		var was, now Summary
		ok(t, json.Unmarshal(kept, &was))
		ok(t, json.Unmarshal(v, &now))
		// The upgrade adds the deck the old summary did not keep, and
		// works out nothing else otherwise.
		was.Deck = now.Deck
		if a, b := must[[]byte](t)(json.Marshal(was)), must[[]byte](t)(json.Marshal(now)); !bytes.Equal(a, b) {
			t.Errorf("the upgrade rewrote the summary:\n%s\nwas\n%s", b, a)
		}
		return nil
	}))
	ok(t, db.Close())
}

// schema7LowestCharged is a file the released unoscore of commit d03b780
// (the first to charge a No Mercy knock-out in lowest mode; it wrote
// mercy_bonus at new, and no mercy_charge) wrote with:
//
//	new --players Ann,Bob,Cat --deck no-mercy --mode lowest --target 300 --name charged
//	hand -o Ann Bob=r5 --knocked-out Cat
//	hand -o Cat Ann=r3 Bob=r9
//
// Its board --json gave Ann 3, Bob 14, Cat 250 (charged), Ann leading.
// Read as not charged (the branch's first reading of a missing
// mercy_charge), Cat had 0 and led, and doctor noted its summary.
const schema7LowestCharged = "testdata/schema7-lowest-charged.db"

// TestOlderLowestChargedAsPlayed: the game of schema7LowestCharged reads
// charged, as d03b780 played it, read as it is and after the upgrade to
// schema 8, with no note from doctor.
func TestOlderLowestChargedAsPlayed(t *testing.T) {
	path, before := copyTestdata(t, schema7LowestCharged)
	played := func(when string, db *DB) {
		t.Helper()
		g, err := db.Game("3fhbgm")
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		b := g.Board
		var tallies []int
		for seat := range b.Players() {
			tallies = append(tallies, b.Score(seat))
		}
		if !slices.Equal(tallies, []int{3, 14, 250}) || b.Over() || !slices.Equal(b.Names(b.Leaders()), []string{"Ann"}) || b.Rows[0].ChargeOf(2) != 250 ||
			b.Settings.MercyCharge == nil || !*b.Settings.MercyCharge {
			t.Errorf("%s: tallies %v, over %v, leaders %v, mercy_charge %v; want 3 14 250, Ann leading, charged", when, tallies, b.Over(), b.Names(b.Leaders()), b.Settings.MercyCharge)
		}
		l, _ := listAll(t, db)
		if len(l) != 1 || !slices.Equal(l[0].Leaders, []string{"Ann"}) {
			t.Errorf("%s: listed %+v", when, l)
		}
	}
	db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
	r := must[Report](t)(db.Doctor())
	played("read as it is", db)
	ok(t, db.Close())
	if r.Schema != 7 || len(r.Problems) != 0 || len(r.Notes) != 0 || r.Games != 1 {
		t.Errorf("doctor of the schema 7 file: %+v", r)
	}
	if after := must[[]byte](t)(os.ReadFile(path)); !bytes.Equal(before, after) {
		t.Error("a read wrote the file")
	}
	db = must[*DB](t)(Open(path, Options{}))
	ok(t, db.Upgrade())
	ok(t, db.Close())
	if r = problems(t, path); r.Schema != 8 || len(r.Problems) != 0 || len(r.Notes) != 0 {
		t.Errorf("doctor after the upgrade: %+v", r)
	}
	db = must[*DB](t)(Open(path, Options{ReadOnly: true}))
	played("upgraded", db)
	ok(t, db.Close())
}

// TestOlderLowestExportRoundTrip: a game of each released unoscore,
// exported and imported, replays by the rule it was played under. Import
// writes normalized settings, which fill in a mercy_bonus, so the export
// says mercy_charge outright: false for 53cfdd2's game (without it, the
// export read anywhere the mercy_bonus is filled in would read as d03b780's,
// charged), true for d03b780's.
func TestOlderLowestExportRoundTrip(t *testing.T) {
	for _, c := range []struct {
		file, id, field string
		charged         bool
		tallies         []int
	}{
		{schema7LowestKnockouts, "ujx87g", `"mercy_charge":false`, false, []int{3, 314, 0}},
		{schema7LowestCharged, "3fhbgm", `"mercy_charge":true`, true, []int{3, 14, 250}},
	} {
		path, _ := copyTestdata(t, c.file)
		db := must[*DB](t)(Open(path, Options{ReadOnly: true}))
		var out bytes.Buffer
		ok(t, db.Export(&out))
		ok(t, db.Close())
		if !strings.Contains(out.String(), c.field) {
			t.Errorf("%s: the export lacks %s:\n%s", c.file, c.field, out.String())
		}
		to := filepath.Join(t.TempDir(), "to.db")
		db = must[*DB](t)(Open(to, Options{}))
		must[int](t)(db.Import(bytes.NewReader(out.Bytes())))
		g := must[*Game](t)(db.Game(c.id))
		b := g.Board
		var tallies []int
		for seat := range b.Players() {
			tallies = append(tallies, b.Score(seat))
		}
		s := g.Events[0].Settings
		if !slices.Equal(tallies, c.tallies) || b.Charges() != c.charged || s.MercyCharge == nil || *s.MercyCharge != c.charged || s.MercyBonus != scoring.MercyWinner {
			t.Errorf("%s imported: tallies %v, charges %v, stored mercy_charge %v, mercy_bonus %q; want %v, %v", c.file, tallies, b.Charges(), s.MercyCharge, s.MercyBonus, c.tallies, c.charged)
		}
		// And again: the imported game's export reads the same.
		out.Reset()
		ok(t, db.Export(&out))
		ok(t, db.Close())
		if !strings.Contains(out.String(), c.field) {
			t.Errorf("%s: the export of the import lacks %s", c.file, c.field)
		}
	}
}
