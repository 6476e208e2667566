package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/scoring"
)

// fill makes a database of a few games with hands, and closes it.
func fill(t *testing.T, path string, games int) {
	t.Helper()
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for range games {
		if _, err := db.Create("", scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 10000}); err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if _, err := db.AddHand("", hand(t, "Ann", "Bob=r7 wd4 g2", "Cat=9 b+2")); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// writeOldFile lays out a file of schema 1 or 2 by hand, as those versions
// of unoscore wrote it: a bucket per game in "games" with sequence keys,
// summaries keyed by id holding the creation sequence, and (schema 2) the
// order index. It returns the ids, oldest first.
func writeOldFile(t *testing.T, path string, version, games int) []string {
	t.Helper()
	b := must[*bolt.DB](t)(bolt.Open(path, 0o600, nil))
	defer b.Close()
	var ids []string
	at := time.Date(2020, 1, 1, 19, 0, 0, 0, time.UTC)
	ok(t, b.Update(func(tx *bolt.Tx) error {
		meta := must[*bolt.Bucket](t)(tx.CreateBucket(bucketMeta))
		ok(t, meta.Put(keySchema, []byte(strconv.Itoa(version))))
		gb := must[*bolt.Bucket](t)(tx.CreateBucket(bucketGames))
		sums := must[*bolt.Bucket](t)(tx.CreateBucket(bucketSummaries))
		var order *bolt.Bucket
		if version >= 2 {
			order = must[*bolt.Bucket](t)(tx.CreateBucket(bucketOrder))
		}
		for i := range games {
			id := fmt.Sprintf("old%03d", i)
			ids = append(ids, id)
			s := scoring.Settings{Players: []string{"Ann", "Bob", "Cat"}, Target: 10000}
			events := []Event{{Type: scoring.EventCreated, At: at, Name: "Night " + id, Settings: &s}}
			for range 5 {
				h := hand(t, "Ann", "Bob=r7 wd4 g2", "Cat=9 b+2")
				events = append(events, Event{Type: scoring.EventHand, At: at, Hand: &h})
			}
			g := must[*Game](t)(fold(id, events))
			b := must[*bolt.Bucket](t)(gb.CreateBucket([]byte(id)))
			for _, e := range events {
				seq := must[uint64](t)(b.NextSequence())
				ok(t, b.Put(gameKey(seq), must[[]byte](t)(json.Marshal(e))))
			}
			seq := must[uint64](t)(sums.NextSequence())
			sum := g.summary()
			if version < 3 {
				sum.Stats = nil // schema 3 added them
			}
			old := struct {
				Summary
				Seq uint64 `json:"seq"`
			}{sum, seq}
			ok(t, sums.Put([]byte(id), must[[]byte](t)(json.Marshal(old))))
			if order != nil {
				ok(t, order.Put(gameKey(seq), []byte(id)))
				ok(t, order.SetSequence(seq))
			}
		}
		return meta.Put(keyCurrent, []byte(ids[len(ids)-1]))
	}))
	return ids
}

// TestMigrate upgrades files of schemas 1 and 2: a backup copy is written
// beside it first (to a new file only, never through a link left at its
// name), then the upgrade happens in one transaction, even for a command
// that only reads.
func TestMigrate(t *testing.T) {
	for _, version := range []int{1, 2, 3} {
		t.Run(strconv.Itoa(version), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "old.db")
			ids := writeOldFile(t, path, version, 30)
			before := must[[]byte](t)(os.ReadFile(path))
			// Someone left a link where the backup goes: it is not followed.
			target := filepath.Join(dir, "precious")
			ok(t, os.WriteFile(target, []byte("keep me"), 0o600))
			symlink(t, target, BackupPath(path, version))

			// A change upgrades (a read never does).
			db := must[*DB](t)(Open(path, Options{}))
			ok(t, db.Upgrade())
			got, current := listAll(t, db)
			g := must[*Game](t)(db.Game(ids[7]))
			ok(t, db.Close())
			if len(got) != len(ids) || current != ids[len(ids)-1] {
				t.Fatalf("after the upgrade: %d games, current %q", len(got), current)
			}
			for i, s := range got {
				if want := ids[len(ids)-1-i]; s.ID != want || s.Hands != 5 || s.Name != "Night "+want {
					t.Fatalf("game %d of the list is %+v, want %s with 5 hands", i, s, want)
				}
			}
			if g.Name() != "Night "+ids[7] || len(g.Events) != 6 || g.Board.Score(0) != 5*88 {
				t.Fatalf("game after the upgrade: %q, %d events, score %d", g.Name(), len(g.Events), g.Board.Score(0))
			}
			if data := must[[]byte](t)(os.ReadFile(target)); string(data) != "keep me" {
				t.Fatal("the backup was written through the link")
			}
			backup := must[[]byte](t)(os.ReadFile(BackupPath(path, version) + "-2"))
			if len(backup) == 0 || len(backup) > len(before) {
				t.Fatalf("backup of %d bytes, file was %d", len(backup), len(before))
			}
			b := must[*bolt.DB](t)(bolt.Open(BackupPath(path, version)+"-2", 0o600, &bolt.Options{ReadOnly: true}))
			ok(t, b.View(func(tx *bolt.Tx) error {
				if v := string(tx.Bucket(bucketMeta).Get(keySchema)); v != strconv.Itoa(version) || tx.Bucket(bucketGames) == nil || tx.Bucket(bucketIDs) != nil {
					t.Errorf("the backup is not the old file: schema %s", v)
				}
				return nil
			}))
			ok(t, b.Close())
			db = must[*DB](t)(Open(path, Options{}))
			r, err := db.Doctor()
			ok(t, db.Close())
			if err != nil || len(r.Problems) > 0 || r.Schema != SchemaVersion || r.Games != 30 || r.Hands != 150 || r.Events != 180 {
				t.Fatalf("doctor after the upgrade: %+v %v", r, err)
			}
		})
	}
}

func TestDoctorAndBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "u.db")
	fill(t, path, 2)
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := db.Doctor()
	if err != nil || len(r.Problems) != 0 || r.Games != 2 || r.Hands != 10 || r.Events != 12 {
		t.Fatalf("healthy file: %+v %v", r, err)
	}
	if err := db.Backup(filepath.Join(dir, "copy.db")); err != nil {
		t.Fatal(err)
	}
	// A summary that disagrees with its log is reported, and so are an id
	// and an event that belong to no game.
	list, _ := listAll(t, db)
	ok(t, db.bolt.Update(func(tx *bolt.Tx) error {
		num := tx.Bucket(bucketIDs).Get([]byte(list[0].ID))
		num, _ = unseal(bucketIDs, []byte(list[0].ID), num)
		ok(t, putRaw(tx, bucketIDs, []byte("stray"), gameKey(99)))
		ok(t, putRaw(tx, bucketEvents, eventKey(99, 1), []byte(`{}`)))
		return putRaw(tx, bucketSummaries, num, []byte(`{"id":"x"}`))
	}))
	r = must[Report](t)(db.Doctor())
	for _, want := range []string{"summary does not match", "3 game ids are in the file but 2 games", "13 events are in the file but the games' logs hold 12"} {
		if !strings.Contains(strings.Join(r.Problems, "\n"), want) {
			t.Errorf("tampered file: %q not in %q", want, r.Problems)
		}
	}
	ok(t, db.Close())
	cp, err := Open(filepath.Join(dir, "copy.db"), Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if r, _ := cp.Doctor(); len(r.Problems) != 0 || r.Games != 2 {
		t.Fatalf("backup copy: %+v", r)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "copy.db")); unixPerm && fi.Mode().Perm() != 0o600 {
		t.Fatalf("backup mode %v", fi.Mode().Perm())
	}
}

// TestDamagedPagesNeverCrash overwrites pages past the two meta pages with
// random bytes, many times over: every operation returns (an error or an
// answer) and nothing panics or faults.
func TestDamagedPagesNeverCrash(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	fill(t, good, 20)
	data := must[[]byte](t)(os.ReadFile(good))
	const page = 4096
	pages := len(data) / page
	r := rand.New(rand.NewPCG(7, 11))
	damaged := 0
	for i := range 60 {
		bad := bytes.Clone(data)
		for range 1 + r.IntN(3) {
			p := 2 + r.IntN(pages-2)
			off := p*page + r.IntN(page-64)
			n := 16 + r.IntN(page/2)
			for k := off; k < min(off+n, len(bad)); k++ {
				bad[k] = byte(r.IntN(256))
			}
		}
		path := filepath.Join(dir, "bad.db")
		ok(t, os.WriteFile(path, bad, 0o600))
		func() {
			db, err := Open(path, Options{ReadOnly: true})
			if err != nil {
				damaged++
				return
			}
			defer db.Close()
			failed := false
			if _, err := db.Game(""); err != nil {
				failed = true
			}
			if _, err := db.List(0, func(Summary) error { return nil }); err != nil {
				failed = true
			}
			rep, err := db.Doctor()
			if err != nil || len(rep.Problems) > 0 {
				failed = true
			}
			if failed {
				damaged++
			}
			var ce *CorruptError
			if err != nil && !errors.As(err, &ce) {
				t.Errorf("round %d: doctor: %T %v", i, err, err)
			}
		}()
	}
	if damaged == 0 {
		t.Fatal("no damage was ever noticed")
	}
}
