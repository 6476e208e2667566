package store

import (
	"crypto/sha256"

	bolt "go.etcd.io/bbolt"
)

// keyServeToken keeps the scorer's token of "unoscore serve", so that a
// restart keeps every phone's address working. It lives in the meta bucket,
// which export never writes out, sealed as every value is (a damaged one
// is replaced by a new token, as --new-token would).
var keyServeToken = []byte("serve-token")

// keyReplacedTokens keeps the SHA-256 of the last tokens --new-token
// replaced (never the tokens), newest last, so that serve can tell a
// scorer's link it replaced from one that never was the scorer's.
var keyReplacedTokens = []byte("serve-token-replaced")

// maxReplacedTokens is how many replaced tokens are remembered.
const maxReplacedTokens = 8

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
		meta := tx.Bucket(bucketMeta)
		if old, ok := unseal(bucketMeta, keyServeToken, meta.Get(keyServeToken)); ok && len(old) > 0 {
			sum := sha256.Sum256(old)
			var hashes []byte
			if v, ok := unseal(bucketMeta, keyReplacedTokens, meta.Get(keyReplacedTokens)); ok && len(v)%sha256.Size == 0 {
				hashes = append(hashes, v...)
			}
			hashes = append(hashes, sum[:]...)
			if n := len(hashes) / sha256.Size; n > maxReplacedTokens {
				hashes = hashes[(n-maxReplacedTokens)*sha256.Size:]
			}
			if err := putSealed(meta, bucketMeta, keyReplacedTokens, hashes); err != nil {
				return err
			}
		}
		return putSealed(meta, bucketMeta, keyServeToken, []byte(token))
	})
	if err != nil {
		return "", false, err
	}
	return token, true, nil
}

// ReplacedTokens returns the SHA-256 of the scorer's tokens that
// --new-token replaced, newest last (at most 8).
func (db *DB) ReplacedTokens() ([][sha256.Size]byte, error) {
	var out [][sha256.Size]byte
	err := db.view(func(tx *bolt.Tx) error {
		v, ok := unseal(bucketMeta, keyReplacedTokens, tx.Bucket(bucketMeta).Get(keyReplacedTokens))
		if !ok || len(v)%sha256.Size != 0 {
			return nil
		}
		for ; len(v) > 0; v = v[sha256.Size:] {
			out = append(out, [sha256.Size]byte(v[:sha256.Size]))
		}
		return nil
	})
	return out, err
}
