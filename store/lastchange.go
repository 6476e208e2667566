package store

import (
	"encoding/binary"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Every change unoscore commits records, in the meta bucket and sealed, the
// bbolt transaction it commits as (in a writable transaction tx.ID() is
// the id it will commit as). bbolt keeps two meta pages, each naming a
// transaction id and the root of the state it wrote, and uses the sound
// one with the higher id. A meta page forged with a valid checksum, the
// next transaction id and the previous state's root would roll back the
// last change silently: the two pages look like two consecutive commits.
// The state itself says which commit wrote it, so on open the meta page in
// use must name the transaction its state records. A real crash keeps
// them together: a torn newest meta page makes bbolt fall back to the
// older, whose state records that older transaction, and bbolt syncs a
// state's pages before the meta page naming it.
//
// The record came with schema 6: a file of an older schema is upgraded by
// its first change, which writes it, and an unoscore that knows only schema
// 5 refuses a schema 6 file rather than write a change without it.
var keyLastTx = []byte("last-tx")

// recordTx records tx's id as the file's last change, in tx.
func recordTx(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return nil // not a unoscore file (yet): nothing to record in
	}
	return putSealed(meta, bucketMeta, keyLastTx, gameKey(uint64(tx.ID())))
}

// checkLastTx checks, in a read of a file of the current schema, that the meta page in
// use names the transaction that wrote the state it points at.
func checkLastTx(tx *bolt.Tx, path string) error {
	kept := tx.Bucket(bucketMeta).Get(keyLastTx)
	if kept == nil {
		// Every commit to a file of this schema wrote one.
		return &CorruptError{Path: path, Err: errors.New("its record of its last change is missing; the file was changed by another program")}
	}
	v, ok := unseal(bucketMeta, keyLastTx, kept)
	if !ok || len(v) != 8 {
		return &CorruptError{Path: path, Err: fmt.Errorf("its record of its last change %v", errChecksum)}
	}
	if rec, used := binary.BigEndian.Uint64(v), uint64(tx.ID()); rec != used {
		return &CorruptError{Path: path, Err: &ForgedError{Named: used, Recorded: rec}}
	}
	return nil
}

// RecordCommit records tx's id as the file's last change, as every change
// unoscore commits does: for tests and tools that change a file in bbolt
// directly as unoscore would (damage of their own making included), so
// that the file is not taken for one written by another program.
func RecordCommit(tx *bolt.Tx) error { return recordTx(tx) }
