package promptui

// Tests of the module as a whole, kept beside the fork that once broke it:
// the fork was a nested module brought in by a replace directive, which
// `go install github.com/unoscore/unoscore@VERSION` refuses and the module's
// zip leaves out.

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// moduleRoot is the folder holding unoscore's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}

func readModFile(t *testing.T, root string) *modfile.File {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// A replace directive makes the module uninstallable with `go install
// MODULE@VERSION`, and a nested go.mod cuts its folder out of the module's
// zip.
func TestNoReplaceAndNoNestedModule(t *testing.T) {
	root := moduleRoot(t)
	mf := readModFile(t, root)
	for _, r := range mf.Replace {
		t.Errorf("go.mod replaces %s with %s: `go install %s@VERSION` would refuse the module", r.Old.Path, r.New.Path, mf.Module.Mod.Path)
	}
	// promptui stays a real dependency: the copy imports what it does not
	// change from upstream.
	found := false
	for _, r := range mf.Require {
		found = found || r.Mod.Path == "github.com/manifoldco/promptui"
	}
	if !found {
		t.Error("go.mod no longer requires github.com/manifoldco/promptui")
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || (strings.HasPrefix(d.Name(), ".") && path != root)) {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "go.mod" && path != filepath.Join(root, "go.mod") {
			rel, _ := filepath.Rel(root, path)
			t.Errorf("%s makes its folder a module of its own, left out of unoscore's zip", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestModuleZipInstalls serves the module's zip (made as a module proxy
// makes it) from a file proxy in front of the usual one and installs it
// with `go install MODULE@VERSION` into an empty module cache, as a user
// would. It downloads every dependency, so it runs only when
// UNOSCORE_MODULE_ZIP=1 (CI sets it).
func TestModuleZipInstalls(t *testing.T) {
	if os.Getenv("UNOSCORE_MODULE_ZIP") != "1" {
		t.Skip("set UNOSCORE_MODULE_ZIP=1 to install the module's zip from a clean module cache")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root := moduleRoot(t)
	mf := readModFile(t, root)
	path := mf.Module.Mod.Path
	const version = "v0.0.0-modcheck"

	tmp := t.TempDir()
	at := filepath.Join(tmp, "proxy", path, "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	zf, err := os.Create(filepath.Join(at, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	if err := modzip.CreateFromDir(zf, module.Version{Path: path, Version: version}, root); err != nil {
		t.Fatalf("making the module's zip: %v", err)
	}
	if err := zf.Close(); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	info, _ := json.Marshal(map[string]any{"Version": version, "Time": time.Now().UTC().Format(time.RFC3339)})
	for name, data := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".mod":  gomod,
		version + ".info": info,
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// The proxy the environment uses, behind the file proxy.
	out, err := exec.Command(goBin, "env", "GOPROXY").Output()
	if err != nil {
		t.Fatal(err)
	}
	upstreamProxy := strings.TrimSpace(string(out))
	cache := filepath.Join(tmp, "modcache")
	bin := filepath.Join(tmp, "bin")
	work := filepath.Join(tmp, "elsewhere") // outside any module
	os.MkdirAll(work, 0o755)
	env := append(os.Environ(),
		"GOPROXY=file://"+filepath.ToSlash(filepath.Join(tmp, "proxy"))+","+upstreamProxy,
		"GOMODCACHE="+cache,
		"GOFLAGS=-mod=mod",
		"GONOSUMDB="+path,
		"GOWORK=off",
		"GOBIN="+bin,
		"GOTOOLCHAIN=local",
	)
	t.Cleanup(func() {
		// The module cache is read-only; the go command empties it.
		c := exec.Command(goBin, "clean", "-modcache")
		c.Env = env
		c.Dir = work
		c.Run()
	})
	c := exec.Command(goBin, "install", path+"@"+version)
	c.Env, c.Dir = env, work
	var stderr bytes.Buffer
	c.Stderr = &stderr
	if err := c.Run(); err != nil {
		t.Fatalf("go install %s@%s from a clean module cache: %v\n%s", path, version, err, stderr.String())
	}
	exe := filepath.Join(bin, "unoscore")
	if _, err := os.Stat(exe + ".exe"); err == nil {
		exe += ".exe"
	}
	v, err := exec.Command(exe, "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("the installed binary: %v\n%s", err, v)
	}
	t.Logf("installed from the module's zip: %s", bytes.TrimSpace(v))
}
