package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sequential are the tests of cmd/e2e and cmd/e2e/browser that run alone:
// their timing is what they test (kills aimed at a write, 16 processes
// within the default wait, 50 viewers and the server's memory). Run with
// UNOSCORE_SLOW=1, they run before the parallel tests start.
var sequential = map[string]bool{
	"TestKilledMidWrite": true, "TestImportKilled": true, "TestUpgradeKilledDuringBackup": true,
	"TestSixteenAtOnceAtTheDefaultWait": true, "TestServeLoad": true, "TestKillAndDamageNeedUnix": true,
	"TestImportMemoryAnyOrder": true, // an import's peak memory, which other tests' processes would not change but crowd
}

// TestEndToEndTestsRunInParallel: every other end-to-end and browser test
// calls t.Parallel() first, so that go test ./... stays within minutes on
// two cores (each has its own folder, database, processes and browser
// window); a new test that does not fails here, by name.
func TestEndToEndTestsRunInParallel(t *testing.T) {
	t.Parallel()
	test := regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\) \{\n(.*)\n`)
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob(filepath.Join("browser", "*_test.go"))
	seen := 0
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range test.FindAllStringSubmatch(string(src), -1) {
			seen++
			if !sequential[m[1]] && strings.TrimSpace(m[2]) != "t.Parallel()" {
				t.Errorf("%s (%s) does not begin with t.Parallel(): add it, or name it in sequential with the reason", m[1], f)
			}
		}
	}
	if seen < 50 {
		t.Fatalf("found only %d tests", seen)
	}
}
