package cmd

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkPeak runs the real binary's commands that read or write every
// game of the big database (10,000 games of 20 hands), each under GNU time:
// doctor, export to a file and to standard output, and import of that
// export into a new file. It reports the highest peak memory of the
// iterations (the goal: under 30 MiB) and the median CPU time (user +
// system). docs/speed.md's table of them comes from it:
//
//	UNOSCORE_BENCH_DB=/tmp/years.db go test -run '^$' -bench BenchmarkPeak -benchtime 3x ./cmd
func BenchmarkPeak(b *testing.B) {
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		b.Skip("needs GNU time at /usr/bin/time")
	}
	bin := startupBinaries(b).unoscore
	big := benchDB(b)
	dir := b.TempDir()
	export := filepath.Join(dir, "export.json")
	if _, _, err := timed(bin, io.Discard, "--db", big, "export", "-o", export); err != nil {
		b.Fatal(err)
	}
	imported := filepath.Join(dir, "imported.db")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"doctor", []string{"--db", big, "doctor"}},
		{"export-file", []string{"--db", big, "export", "-o", filepath.Join(dir, "again.json")}},
		{"export-stdout", []string{"--db", big, "export"}},
		{"import", []string{"--db", imported, "import", export}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var peak float64
			var cpu []float64
			for b.Loop() {
				b.StopTimer()
				os.Remove(imported)
				b.StartTimer()
				p, s, err := timed(bin, io.Discard, c.args...)
				if err != nil {
					b.Fatal(err)
				}
				peak, cpu = max(peak, p), append(cpu, s)
			}
			b.ReportMetric(peak, "peak-MiB")
			b.ReportMetric(median(cpu), "cpu-s")
		})
	}
}

// timed runs bin under GNU time and returns its peak resident memory in
// MiB and its CPU time in seconds, user + system (see peakMiB).
func timed(bin string, stdout io.Writer, args ...string) (peak, cpu float64, err error) {
	out, err := os.CreateTemp("", "unoscore-time-")
	if err != nil {
		return 0, 0, err
	}
	out.Close()
	defer os.Remove(out.Name())
	c := exec.Command("/usr/bin/time", append([]string{"-f", "%M %U %S", "-o", out.Name(), bin}, args...)...)
	c.Env = append(os.Environ(), "NO_COLOR=1")
	c.Stdout = stdout
	var stderr strings.Builder
	c.Stderr = &stderr
	if err := c.Run(); err != nil {
		return 0, 0, fmt.Errorf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, stderr.String())
	}
	data, err := os.ReadFile(out.Name())
	if err != nil {
		return 0, 0, err
	}
	var kb, user, sys float64
	if _, err := fmt.Sscan(string(data), &kb, &user, &sys); err != nil {
		return 0, 0, fmt.Errorf("GNU time said %q: %v", data, err)
	}
	return kb / 1024, user + sys, nil
}
