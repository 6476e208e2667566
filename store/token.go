package store

import (
	bolt "go.etcd.io/bbolt"
)

// keyServeToken keeps the scorer's token of "unoscore serve", so that a
// restart keeps every phone's address working. It lives in the meta bucket,
// which export never writes out, sealed as every value is (a damaged one
// is replaced by a new token, as --new-token would).
var keyServeToken = []byte("serve-token")

// ServeToken returns the scorer's token kept in the file. When there is
// none, or fresh asks for a new one, it keeps the one newToken makes. The
// second result says whether the token is new.
func (db *DB) ServeToken(fresh bool, newToken func() (string, error)) (string, bool, error) {
	var token string
	if !fresh {
		err := db.view(func(tx *bolt.Tx) error {
			if v, ok := unseal(bucketMeta, keyServeToken, tx.Bucket(bucketMeta).Get(keyServeToken)); ok {
				token = string(v)
			}
			return nil
		})
		if err != nil {
			return "", false, err
		}
		if token != "" {
			return token, false, nil
		}
	}
	token, err := newToken()
	if err != nil {
		return "", false, err
	}
	err = db.update(func(tx *bolt.Tx) error {
		return putSealed(tx.Bucket(bucketMeta), bucketMeta, keyServeToken, []byte(token))
	})
	if err != nil {
		return "", false, err
	}
	return token, true, nil
}
