//go:build race

package rules

// raceDetector: the tests run with -race, whose instrumentation makes
// values escape that otherwise stay on the stack; a count of allocations
// measures the race detector, not unoscore.
const raceDetector = true
