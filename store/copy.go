package store

import (
	"encoding/binary"
	"os"

	bolt "go.etcd.io/bbolt"
)

// copyTo writes the state tx reads to f (opened to read and write) as a
// whole bbolt file, with its two meta pages where bbolt itself would have
// written them.
//
// bbolt writes transaction n's meta page on page n%2, and a file's two
// meta pages hold consecutive transactions (checkFile refuses two that do
// not). tx.WriteTo writes transaction n on page 0 and n-1 on page 1
// whatever n is: when n is odd both are on the wrong page, and the copy's
// first change (n+1, even) would overwrite page 0 and leave n+1 beside
// n-1, which no crash leaves. So a copy whose transaction is odd has its
// two meta pages swapped, each page's header naming its new place (the
// meta page's checksum covers its meta, not the header).
func copyTo(tx *bolt.Tx, f *os.File) error {
	if _, err := tx.WriteTo(f); err != nil {
		return err
	}
	ps := int64(tx.DB().Info().PageSize)
	p0, p1 := make([]byte, ps), make([]byte, ps)
	if _, err := f.ReadAt(p0, 0); err != nil {
		return err
	}
	if _, err := f.ReadAt(p1, ps); err != nil {
		return err
	}
	const pageHeader, txidAt = 16, 48
	if binary.LittleEndian.Uint64(p0[pageHeader+txidAt:])%2 == 0 {
		return nil
	}
	binary.LittleEndian.PutUint64(p1[0:], 0)
	binary.LittleEndian.PutUint64(p0[0:], 1)
	if _, err := f.WriteAt(p1, 0); err != nil {
		return err
	}
	_, err := f.WriteAt(p0, ps)
	return err
}
