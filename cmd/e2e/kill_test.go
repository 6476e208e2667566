//go:build unix

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/unoscore/unoscore/cmd/e2e/harness"
	bolt "go.etcd.io/bbolt"
)

// lockedByAnother reports whether another process holds the database's
// lock: unoscore holds it, exclusively, only while it changes the file.
func lockedByAnother(t *testing.T, path string) bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	if err == nil {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		return false
	}
	if err != syscall.EWOULDBLOCK {
		t.Fatal(err)
	}
	return true
}

// startUnoscore starts this test binary as unoscore.
func startUnoscore(t *testing.T, args ...string) (*exec.Cmd, chan error) {
	t.Helper()
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "UNOSCORE_TEST_AS_MAIN=1")
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	return c, done
}

// TestKilledMidWrite starts unoscore recording hands and kills it with
// SIGKILL at random moments, many times. Every hand whose command reported
// success is still there, and the file passes bbolt's consistency check and
// doctor. A kill counts as mid-write when, just before it, the process held
// the database's exclusive lock; the test fails unless some were.
func TestKilledMidWrite(t *testing.T) {
	harness.Slow(t, "starts and kills 60 processes")
	db := filepath.Join(t.TempDir(), "u.db")
	if code, _, errs := harness.Unoscore(t, db, "new", "--players", "Ann,Bob", "--target", "100000"); code != 0 {
		t.Fatal(errs)
	}
	handArgs := func(pts int) []string {
		return []string{"--db", db, "--wait", "5s", "hand", "--out", "Ann", "--left", "Bob=" + strconv.Itoa(pts) + "pts"}
	}
	// How long one hand takes from start to finish here: the kills are
	// spread over that, so some land while the file is being written.
	var took []time.Duration
	succeeded := map[int]bool{}
	for i := range 3 {
		start := time.Now()
		if code, _, errs := harness.Unoscore(t, db, handArgs(i + 1)[2:]...); code != 0 {
			t.Fatal(errs)
		}
		took = append(took, time.Since(start))
		succeeded[i+1] = true
	}
	slices.Sort(took)
	full := took[1]

	r := rand.New(rand.NewPCG(3, 5))
	killed, midWrite := 0, 0
	for i := range 60 {
		pts := 100 + i
		c, done := startUnoscore(t, handArgs(pts)...)
		select {
		case err := <-done:
			if err == nil {
				succeeded[pts] = true
			}
		case <-time.After(full/3 + time.Duration(r.Int64N(int64(full)))):
			held := lockedByAnother(t, db)
			_ = c.Process.Signal(syscall.SIGKILL)
			if err := <-done; err == nil {
				succeeded[pts] = true // it finished first
			} else {
				killed++
				if held {
					midWrite++
				}
			}
		}
	}
	t.Logf("a hand takes %v; %d of 60 killed, %d of them mid-write; %d reported success", full, killed, midWrite, len(succeeded))
	if midWrite == 0 {
		t.Fatal("no process was killed while it was writing: this run proved nothing")
	}

	// bbolt's own check of every page.
	bdb, err := bolt.Open(db, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	err = bdb.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			t.Errorf("consistency: %v", err)
		}
		return nil
	})
	bdb.Close()
	if err != nil {
		t.Fatal(err)
	}
	b := readBoard(t, db)
	there := map[int]bool{}
	for _, row := range b.Rows {
		there[row.Held["Bob"]] = true
	}
	for pts := range succeeded {
		if !there[pts] {
			t.Errorf("the hand with Bob=%dpts reported success but is gone", pts)
		}
	}
	if code, out, _ := harness.Unoscore(t, db, "doctor"); code != 0 || !strings.Contains(out, "All checks passed") {
		t.Errorf("doctor after the kills: exit %d\n%s", code, out)
	}
}

// exportOf is an export of n games of 20 hands each, ids k00000 on.
func exportOf(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"unoscore_export": 1, "games": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id": "k%05d", "events": [{"type": "created", "at": "2024-01-01T19:00:00Z", "settings": {"players": ["Ann", "Bob", "Cat"], "target": 100000}}`, i)
		for h := range 20 {
			fmt.Fprintf(&b, `, {"type": "hand", "at": "2024-01-01T19:00:00Z", "hand": {"out": "Ann", "left": [{"player": "Bob", "cards": "r%d wd4"}, {"player": "Cat", "cards": "g2"}]}}`, h%10)
		}
		b.WriteString("]}")
	}
	b.WriteString("]}\n")
	return b.Bytes()
}

// afterGrowth fires d after the file at path is first seen larger than
// size; it stops looking, and never fires, once stop is closed.
func afterGrowth(path string, size int64, stop <-chan struct{}, d time.Duration) <-chan time.Time {
	fire := make(chan time.Time, 1)
	go func() {
		tick := time.NewTicker(200 * time.Microsecond)
		defer tick.Stop()
		for {
			if fi, err := os.Stat(path); err == nil && fi.Size() > size {
				select {
				case <-time.After(d):
					fire <- time.Now()
				case <-stop:
				}
				return
			}
			select {
			case <-tick.C:
			case <-stop:
				return
			}
		}
	}()
	return fire
}

// rawImportState reads, without unoscore (which would tidy up), whether the
// file holds the mark of an unfinished import and how many game ids it has.
func rawImportState(t *testing.T, path string) (marked bool, ids int) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	err = b.View(func(tx *bolt.Tx) error {
		marked = tx.Bucket([]byte("meta")).Get([]byte("import")) != nil
		ids = tx.Bucket([]byte("ids")).Stats().KeyN
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return marked, ids
}

// TestImportKilled kills an import of 2,000 games with SIGKILL at random
// moments. Whenever it dies, the next unoscore finds either every imported
// game or none of them, and the game that was there before, still current.
// The test fails unless some kill landed after the import had already
// written games (the file still marked as importing, holding them).
func TestImportKilled(t *testing.T) {
	harness.Slow(t, "imports and kills many times")
	dir := t.TempDir()
	export := filepath.Join(dir, "export.json")
	if err := os.WriteFile(export, exportOf(2000), 0o600); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "base.db")
	code, out, errs := harness.Unoscore(t, base, "new", "--players", "Xia,Yan")
	if code != 0 {
		t.Fatal(errs)
	}
	before := strings.Fields(out)[2]
	before = strings.TrimSuffix(before, ":")
	data, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "u.db")
	start := time.Now()
	if code, _, errs := harness.Unoscore(t, db, "import", export); code != 0 {
		t.Fatal(errs)
	}
	full := time.Since(start)

	r := rand.New(rand.NewPCG(8, 13))
	staged, whole, none := 0, 0, 0
	for i := 0; i < 40 && (staged < 3 || whole < 1 || i < 10); i++ {
		if err := os.WriteFile(db, data, 0o600); err != nil {
			t.Fatal(err)
		}
		c, done := startUnoscore(t, "--db", db, "import", export)
		wait := time.After(time.Duration(r.Int64N(int64(full) * 13 / 10)))
		stop := make(chan struct{})
		if i%2 == 1 {
			// Every other run aims at the writing: the import reads and
			// checks the whole export before it writes anything, so on a
			// busy machine a kill at a random moment may rarely land
			// while games are being written. These runs wait until the
			// file has grown (the first batch is committed) and kill a
			// random moment after that.
			wait = afterGrowth(db, int64(len(data)), stop, time.Duration(r.Int64N(int64(full)*3/10)))
		}
		select {
		case <-done:
		case <-wait:
			_ = c.Process.Signal(syscall.SIGKILL)
			<-done
		}
		close(stop)
		if marked, ids := rawImportState(t, db); marked && ids > 1 {
			staged++
		}
		code, out, errs := harness.Unoscore(t, db, "games", "--json")
		if code != 0 {
			t.Fatalf("games after the kill: exit %d: %s", code, errs)
		}
		var list struct {
			Games []struct {
				ID      string `json:"id"`
				Current bool   `json:"current"`
			} `json:"games"`
		}
		if err := json.Unmarshal([]byte(out), &list); err != nil {
			t.Fatal(err)
		}
		switch n := len(list.Games); n {
		case 2001:
			whole++
		case 1:
			none++
		default:
			t.Fatalf("after a kill, %d games: an import is all or nothing", n)
		}
		// Listed by creation: the game made before the import is the
		// newest (the export's games are older).
		if first := list.Games[0]; first.ID != before || !first.Current {
			t.Fatalf("the game that was there before is %+v", first)
		}
		// A read writes nothing; the next write removes what the import
		// left, and says so.
		marked, staged := rawImportState(t, db)
		code, _, errs = harness.Unoscore(t, db, "use", before)
		if code != 0 {
			t.Fatalf("use after the kill: exit %d: %s", code, errs)
		}
		if (marked && staged > 1) != strings.Contains(errs, "an import was cut short") {
			t.Fatalf("marked %v with %d ids, and the next write said %q", marked, staged, errs)
		}
		if marked, _ := rawImportState(t, db); marked {
			t.Fatal("the mark of the unfinished import is still there")
		}
	}
	t.Logf("an import takes %v; %d kills left games written, %d runs ended whole, %d with none", full, staged, whole, none)
	if staged == 0 {
		t.Fatal("no kill landed after the import had written games: this run proved nothing")
	}
	if code, out, _ := harness.Unoscore(t, db, "doctor"); code != 0 || !strings.Contains(out, "All checks passed") {
		t.Errorf("doctor after the kills: exit %d\n%s", code, out)
	}
}

// schema1File writes a database of the first layout (a bucket per game in
// "games", summaries keyed by id holding the order of creation) as the
// first unoscore wrote it: games games of hands hands each.
func schema1File(t *testing.T, path string, games, hands int) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	key := func(n int) []byte {
		var k [8]byte
		for i := range 8 {
			k[7-i] = byte(n >> (8 * i))
		}
		return k[:]
	}
	err = b.Update(func(tx *bolt.Tx) error {
		meta, _ := tx.CreateBucket([]byte("meta"))
		gb, _ := tx.CreateBucket([]byte("games"))
		sums, _ := tx.CreateBucket([]byte("summaries"))
		meta.Put([]byte("schema"), []byte("1"))
		for i := range games {
			id := fmt.Sprintf("old%05d", i)
			g, err := gb.CreateBucket([]byte(id))
			if err != nil {
				return err
			}
			g.Put(key(1), []byte(`{"type":"created","at":"2020-01-01T19:00:00Z","settings":{"players":["Ann","Bob","Cat"],"target":100000}}`))
			for h := range hands {
				g.Put(key(h+2), []byte(`{"type":"hand","at":"2020-01-01T19:00:00Z","hand":{"out":"Ann","left":[{"player":"Bob","cards":"r7 wd4"},{"player":"Cat","cards":"g2"}]}}`))
			}
			if err := sums.Put([]byte(id), []byte(fmt.Sprintf(`{"id":%q,"seq":%d}`, id, i+1))); err != nil {
				return err
			}
		}
		return meta.Put([]byte("current"), []byte(fmt.Sprintf("old%05d", games-1)))
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestUpgradeKilledDuringBackup kills the upgrade of an older file with
// SIGKILL at random moments, many while it copies the file aside. Whatever
// carries a backup's name is always the whole file as it was (a kill in
// the middle of the copy once left a cut-short file under that name, and
// the real copy went to "-2"), and the next run upgrades the file.
func TestUpgradeKilledDuringBackup(t *testing.T) {
	harness.Slow(t, "upgrades and kills many times")
	const games = 1500
	t.Run("schema 1", func(t *testing.T) {
		orig := filepath.Join(t.TempDir(), "orig.db")
		schema1File(t, orig, games, 10)
		upgradeKilled(t, orig, 1, games)
	})
	t.Run("schema 4", func(t *testing.T) {
		orig := filepath.Join(t.TempDir(), "orig.db")
		schema4File(t, orig, games)
		upgradeKilled(t, orig, 4, games)
	})
}

// schema4File writes a database of schema 4 (before every value carried a
// checksum): one of this unoscore's, with each value's checksum taken off
// and the counter of games back in the summaries bucket's sequence.
func schema4File(t *testing.T, path string, games int) {
	t.Helper()
	export := filepath.Join(t.TempDir(), "export.json")
	if err := os.WriteFile(export, exportOf(games), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := harness.Unoscore(t, path, "import", export); code != 0 {
		t.Fatal(errs)
	}
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	err = b.Update(func(tx *bolt.Tx) error {
		for _, name := range []string{"ids", "summaries", "events"} {
			bk := tx.Bucket([]byte(name))
			var keys, vals [][]byte
			_ = bk.ForEach(func(k, v []byte) error {
				keys, vals = append(keys, bytes.Clone(k)), append(vals, bytes.Clone(v[:len(v)-4]))
				return nil
			})
			for i := range keys {
				if err := bk.Put(keys[i], vals[i]); err != nil {
					return err
				}
			}
		}
		meta := tx.Bucket([]byte("meta"))
		var n uint64
		for _, c := range meta.Get([]byte("games"))[:8] {
			n = n<<8 | uint64(c)
		}
		if err := tx.Bucket([]byte("summaries")).SetSequence(n); err != nil {
			return err
		}
		if err := meta.Delete([]byte("games")); err != nil {
			return err
		}
		if c := meta.Get([]byte("current")); c != nil { // sealed from schema 7
			if err := meta.Put([]byte("current"), bytes.Clone(c[:len(c)-4])); err != nil {
				return err
			}
		}
		return meta.Put([]byte("schema"), []byte("4"))
	})
	if err != nil {
		t.Fatal(err)
	}
}

// upgradeKilled kills the upgrade of the file at orig (of schema from,
// holding games games) at moments in the middle of its backup copy and at
// random: every file under a backup's name is whole, the next run
// upgrades the file, and doctor then passes.
func upgradeKilled(t *testing.T, orig string, from, games int) {
	dir := filepath.Dir(orig)
	data, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "u.db")
	reset := func() {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if e.Name() != "orig.db" {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
		if err := os.WriteFile(db, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	reset()
	start := time.Now()
	if code, _, errs := harness.Unoscore(t, db, "new", "--players", "Ann,Bob"); code != 0 {
		t.Fatal(errs)
	}
	full := time.Since(start)

	// checkBackups: every file under a backup's name is a whole copy of
	// the file as it was: bbolt opens it, its own check of every page
	// passes, and it holds every game of schema 1. (Not byte for byte: a
	// kill during the upgrade's commit may have written to free pages.)
	checkBackups := func() (backups int) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !strings.HasPrefix(e.Name(), fmt.Sprintf("u.db.schema%d-backup", from)) {
				continue
			}
			backups++
			b, err := bolt.Open(filepath.Join(dir, e.Name()), 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
			if err != nil {
				t.Fatalf("%s: %v: a cut-short backup", e.Name(), err)
			}
			err = b.View(func(tx *bolt.Tx) error {
				for err := range tx.Check() {
					return err
				}
				if v := string(tx.Bucket([]byte("meta")).Get([]byte("schema"))); v != strconv.Itoa(from) {
					return fmt.Errorf("schema %q", v)
				}
				if n := tx.Bucket([]byte("summaries")).Stats().KeyN; n != games {
					return fmt.Errorf("%d games of %d", n, games)
				}
				return nil
			})
			b.Close()
			if err != nil {
				t.Fatalf("%s: %v: not the whole file as it was", e.Name(), err)
			}
		}
		return backups
	}
	// The kill comes as soon as a copy is seen being written (a few
	// microseconds to a few milliseconds into it), or at a random moment.
	copying := func() bool {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), "unfinished-copy") || strings.HasPrefix(e.Name(), fmt.Sprintf("u.db.schema%d-backup", from)) {
				return true
			}
		}
		return false
	}
	r := rand.New(rand.NewPCG(21, 34))
	midCopy := 0
	for i := range 12 {
		reset()
		c, done := startUnoscore(t, "--db", db, "new", "--players", "Ann,Bob")
		deadline := time.After(time.Duration(r.Int64N(int64(full) * 11 / 10)))
		if i%3 != 2 {
			deadline = time.After(time.Minute)
		}
	watch:
		for {
			select {
			case <-done:
				break watch
			case <-deadline:
				_ = c.Process.Signal(syscall.SIGKILL)
				<-done
				break watch
			default:
			}
			if copying() {
				time.Sleep(time.Duration(r.Int64N(int64(3 * time.Millisecond))))
				_ = c.Process.Signal(syscall.SIGKILL)
				<-done
				break
			}
			time.Sleep(50 * time.Microsecond)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), "unfinished-copy") {
				midCopy++ // killed while it copied
			}
		}
		checkBackups()
		// The next run finishes the upgrade.
		if code, _, errs := harness.Unoscore(t, db, "new", "--players", "Cat,Dan"); code != 0 {
			t.Fatalf("after the kill: exit %d: %s", code, errs)
		}
		// (Two, when the kill came after the copy but before the upgrade
		// was committed: each whole.)
		if n := checkBackups(); n < 1 {
			t.Fatal("no backup after the upgrade")
		}
		entries, _ = os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), "unfinished-copy") {
				t.Fatalf("%s was left behind", e.Name())
			}
		}
	}
	t.Logf("an upgrade takes %v; %d kills landed in the middle of the copy", full, midCopy)
	if midCopy == 0 {
		t.Fatal("no kill landed while the backup was being written: this run proved nothing")
	}
	if code, out, _ := harness.Unoscore(t, db, "doctor"); code != 0 || !strings.Contains(out, "All checks passed") || !strings.Contains(out, fmt.Sprintf("Holds %d games", games+1)) && !strings.Contains(out, fmt.Sprintf("Holds %d games", games+2)) {
		t.Errorf("doctor after the kills: exit %d\n%s", code, out)
	}
}
