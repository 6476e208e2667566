package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"sync"
	"sync/atomic"

	bolt "go.etcd.io/bbolt"

	"github.com/unoscore/unoscore/rules/words"
)

// From schema 5 every value of the ids, summaries and events buckets, and
// the counter of games (from 7 the schema version and the current game),
// ends with a CRC-32C of the bucket's name, the key and the value, 4 bytes
// big-endian: bbolt checksums only its meta pages, so one flipped bit in a
// summary could turn "held 16" into 96. Every read checks it (unseal): a
// mismatch is damage, naming the game, and a value under another key fails.
//
// hash/crc32's Castagnoli tables take 0.2 to 0.3 ms to make in a new process
// (1.3 million instructions, a tenth of a hand), more than a command that
// reads one game sums in all; so a process sums a byte at a time, with a
// table of 256 made in a microsecond, until it has summed smallSums bytes
// (a listing of every game, an import, doctor), then with crc32's.
// TestSealSumBothWays holds the two to the same sum.
const smallSums = 96 << 10

var (
	castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })
	smallTable = sync.OnceValue(func() *[256]uint32 {
		var t [256]uint32
		for i := range t {
			c := uint32(i)
			for range 8 {
				c = c>>1 ^ crc32.Castagnoli*(c&1)
			}
			t[i] = c
		}
		return &t
	})
	summed atomic.Int64 // bytes summed a byte at a time so far
)

const sealSize = 4

// keyCounter is the counter of games in the meta bucket: the highest game
// number handed out, 8 bytes big-endian, sealed.
var keyCounter = []byte("games")

func sealSum(bucket, key, v []byte) uint32 {
	t := smallTable()
	c := crcSmall(crcSmall(crcSmall(crcSmall(0, t, bucket), t, []byte{0}), t, key), t, []byte{0})
	if summed.Load() > smallSums || summed.Add(int64(len(v))) > smallSums {
		return crc32.Update(c, castagnoli(), v)
	}
	return crcSmall(c, t, v)
}

// sumMuch is said by a command about to sum more than smallSums bytes (a
// list of every game): it sums with crc32's tables from the first byte.
func sumMuch() { summed.Store(smallSums + 1) }

// crcSmall is crc32.Update with the Castagnoli polynomial, a byte at a time.
func crcSmall(crc uint32, t *[256]uint32, p []byte) uint32 {
	crc = ^crc
	for _, b := range p {
		crc = t[byte(crc)^b] ^ crc>>8
	}
	return ^crc
}

// seal is v as it is kept under key in bucket: with its checksum after it.
func seal(bucket, key, v []byte) []byte {
	out := make([]byte, len(v)+sealSize)
	copy(out, v)
	binary.BigEndian.PutUint32(out[len(v):], sealSum(bucket, key, v))
	return out
}

// unseal is the value kept under key in bucket without its checksum; ok is
// false when the checksum does not match (or there is none).
func unseal(bucket, key, kept []byte) (v []byte, ok bool) {
	if len(kept) < sealSize {
		return nil, false
	}
	v = kept[:len(kept)-sealSize]
	return v, binary.BigEndian.Uint32(kept[len(v):]) == sealSum(bucket, key, v)
}

// putSealed puts v under key in b (named name), sealed.
func putSealed(b *bolt.Bucket, name, key, v []byte) error {
	return b.Put(key, seal(name, key, v))
}

// errChecksum is a value whose checksum does not match.
var errChecksum = errors.New("does not match its checksum: the file is damaged there")

// idNum reads the game number the id index keeps for id (0 when it holds
// none); a damaged entry is an error naming the game. The pages on the way
// to id are checked first.
func idNum(tx *bolt.Tx, id []byte) (num uint64, err error) {
	// The one key from id up to id and a zero byte, read as eachInRange
	// reads (a bucket of that name, as bbolt's Get, is none).
	err = eachInRange(tx, bucketIDs, id, append(slices.Clip(id), 0), false, func(k, kept []byte) (err error) {
		if kept != nil {
			num, err = idValue(tx, k, kept)
		}
		return err
	})
	return num, err
}

// idTaken says whether the index of ids holds id, its pages checked first
// (the value is not read: in a file of schema 4, before its upgrade, it is
// not sealed yet).
func idTaken(tx *bolt.Tx, id string) (taken bool, err error) {
	err = eachInRange(tx, bucketIDs, []byte(id), append([]byte(id), 0), false, func(_, kept []byte) error {
		taken = kept != nil
		return nil
	})
	return taken, err
}

// idValue reads an entry of the id index.
func idValue(tx *bolt.Tx, id, kept []byte) (uint64, error) {
	v, ok := unseal(bucketIDs, id, kept)
	if !ok || len(v) != 8 {
		return 0, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game %s: its entry in the index of ids %v", words.Clip(string(id)), errChecksum)}
	}
	return binary.BigEndian.Uint64(v), nil
}

// maxCounter is past any counter of games unoscore writes: each import
// raises it by 2^32, so no file reaches it, and one there is damaged (the
// next game's number would wrap round).
const maxCounter = 1 << 62

// readCurrent is the current game's id ("" when there is none): sealed from
// schema 7 on, as it was in schemas before it.
func readCurrent(tx *bolt.Tx) ([]byte, error) {
	kept := tx.Bucket(bucketMeta).Get(keyCurrent)
	if kept == nil {
		return nil, nil
	}
	if v, err := schemaOf(tx, tx.DB().Path()); err != nil || v < 7 {
		return kept, err
	}
	v, ok := unseal(bucketMeta, keyCurrent, kept)
	if !ok {
		return nil, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("its record of the current game %v", errChecksum)}
	}
	return v, nil
}

// putCurrent makes id the current game, sealed.
func putCurrent(tx *bolt.Tx, id string) error {
	return putSealed(tx.Bucket(bucketMeta), bucketMeta, keyCurrent, []byte(id))
}

// counter reads the counter of games.
func counter(tx *bolt.Tx) (uint64, error) {
	kept := tx.Bucket(bucketMeta).Get(keyCounter)
	if kept == nil {
		return 0, nil // a new file
	}
	v, ok := unseal(bucketMeta, keyCounter, kept)
	if !ok || len(v) != 8 {
		return 0, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("its counter of games %v", errChecksum)}
	}
	if n := binary.BigEndian.Uint64(v); n < maxCounter {
		return n, nil
	}
	return 0, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("its counter of games (%d) is past any number unoscore gives out: the counter is damaged", binary.BigEndian.Uint64(v))}
}

// setCounter writes the counter of games.
func setCounter(tx *bolt.Tx, n uint64) error {
	return putSealed(tx.Bucket(bucketMeta), bucketMeta, keyCounter, gameKey(n))
}

// summaryValue reads a game's kept summary, named by its number.
func summaryValue(tx *bolt.Tx, k, kept []byte) ([]byte, error) {
	v, ok := unseal(bucketSummaries, k, kept)
	if !ok || len(k) != 8 {
		return nil, &CorruptError{Path: tx.DB().Path(), Err: fmt.Errorf("game %s: its summary %v", gameName(tx, k), errChecksum)}
	}
	return v, nil
}

// sealAll is the step from schema 4 to 5, in the caller's transaction:
// every value of the ids, summaries and events buckets sealed, the counter
// of games moved from the summaries bucket's sequence to the meta bucket.
func sealAll(tx *bolt.Tx) error {
	for _, name := range layout {
		b := tx.Bucket(name)
		if b == nil {
			return fmt.Errorf("its %s bucket is missing", name)
		}
		// A few thousand at a time: a cursor is not moved while its bucket
		// changes.
		var after []byte
		for {
			var keys, vals [][]byte
			c := b.Cursor()
			k, v := c.First()
			if after != nil {
				k, v = c.Seek(after)
				if k != nil && string(k) == string(after) {
					k, v = c.Next()
				}
			}
			for ; k != nil && len(keys) < 4096; k, v = c.Next() {
				if v == nil {
					return fmt.Errorf("the %s bucket holds a bucket", name)
				}
				keys, vals = append(keys, append([]byte(nil), k...)), append(vals, append([]byte(nil), v...))
			}
			for i, k := range keys {
				if err := putSealed(b, name, k, vals[i]); err != nil {
					return err
				}
			}
			if len(keys) < 4096 {
				break
			}
			after = keys[len(keys)-1]
		}
	}
	sums := tx.Bucket(bucketSummaries)
	if err := setCounter(tx, sums.Sequence()); err != nil {
		return err
	}
	return sums.SetSequence(0)
}

// gameName names the game numbered by key k for a message about damage:
// its id, found in the index of ids (read whole: this is the rare path), or
// its number.
func gameName(tx *bolt.Tx, k []byte) string {
	name := fmt.Sprintf("number %d", numOf(k))
	if len(k) != 8 || checkRange(tx, bucketIDs, nil, nil) != nil {
		return name
	}
	_ = tx.Bucket(bucketIDs).ForEach(func(id, v []byte) error {
		if n, ok := unseal(bucketIDs, id, v); ok && string(n) == string(k) {
			name = string(id)
			return errors.New("found")
		}
		return nil
	})
	return words.Clip(name)
}

// SealValue is v as unoscore keeps it under key in the named bucket (ids,
// summaries, events), checksum included; UnsealValue takes the checksum off
// and says whether it matched. For tests and tools that write a file as an
// older unoscore, or damage, would have left it.
func SealValue(bucket string, key, v []byte) []byte { return seal([]byte(bucket), key, v) }

// UnsealValue: see SealValue.
func UnsealValue(bucket string, key, kept []byte) ([]byte, bool) {
	return unseal([]byte(bucket), key, kept)
}
