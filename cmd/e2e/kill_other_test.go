//go:build !unix

package e2e

import "testing"

// TestKillAndDamageNeedUnix stands where kill_test.go and damage_test.go
// (built on Unix only) are: their tests kill unoscore mid-write with
// SIGKILL, kill whole process groups, hold flock locks, make fifos and run
// sh with ulimit, none of which Windows has.
func TestKillAndDamageNeedUnix(t *testing.T) {
	t.Skip("kill_test.go and damage_test.go run on Unix only: they need SIGKILL, process groups, flock, mkfifo and sh (ulimit -f)")
}
