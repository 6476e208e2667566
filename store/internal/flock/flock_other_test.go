//go:build !unix

package flock

import "testing"

// TestLockNeedsUnix stands where flock_test.go (built on Unix only) is:
// here bbolt takes the lock itself (LockFileEx), and there is no queue of
// waiters of unoscore's own to test.
func TestLockNeedsUnix(t *testing.T) {
	t.Skip("flock_test.go runs on Unix only: on this system bbolt locks the file itself (flock_other.go), with no wait queue of unoscore's to test")
}
