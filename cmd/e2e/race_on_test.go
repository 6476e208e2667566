//go:build race

package e2e

// raceDetector: the tests run with -race, which multiplies memory use; a
// memory bound measures the race detector, not unoscore.
const raceDetector = true
