//go:build unix

package trim

import (
	"os"
	"syscall"
)

// Map maps the first size bytes of f to read, or returns nil.
func Map(f *os.File, size int64) ([]byte, func()) {
	if size <= 0 || size > 1<<40 {
		return nil, nil
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil
	}
	return data, func() { syscall.Munmap(data) }
}
