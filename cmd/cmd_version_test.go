package cmd

import "testing"

func TestBuildInfoString(t *testing.T) {
	tests := []struct {
		b    buildInfo
		want string
	}{
		{buildInfo{Version: "(devel)", Go: "go1.26.0", OS: "linux", Arch: "amd64"},
			"unoscore (devel) (go1.26.0 linux/amd64)"},
		{buildInfo{Version: "v1.2.0", Commit: "0123456789abcdef0123", Date: "2026-11-22T10:00:00Z", Go: "go1.26.0", OS: "windows", Arch: "amd64"},
			"unoscore v1.2.0 (commit 0123456789ab; 2026-11-22T10:00:00Z; go1.26.0 windows/amd64)"},
		{buildInfo{Version: "v1.2.1-0.20261122-abc+dirty", Commit: "abc", Dirty: true, Go: "go1.26.0", OS: "darwin", Arch: "arm64"},
			"unoscore v1.2.1-0.20261122-abc+dirty (commit abc, with uncommitted changes; go1.26.0 darwin/arm64)"},
	}
	for _, tt := range tests {
		if got := tt.b.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}
