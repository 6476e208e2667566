//go:build !linux

package store

// releaseMapped does nothing where unoscore does not know how to ask.
func (db *DB) releaseMapped() {}

func dropPages([]byte) {}
