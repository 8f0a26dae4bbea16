// Package testscenes finds the FOSSSim course scenes for tests: ../shared/scenes2d/fosssim
// beside the repository root, or $TUMBLE_SHARED/scenes2d/fosssim when that is set (a git
// worktree lives elsewhere than the main checkout).
package testscenes

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// Dir returns the fosssim scene directory, or skips the test with a message if it is absent.
func Dir(t testing.TB) string {
	t.Helper()
	shared := os.Getenv("TUMBLE_SHARED")
	if shared == "" {
		root, err := os.Getwd()
		for err == nil {
			if _, serr := os.Stat(filepath.Join(root, "go.mod")); serr == nil {
				break
			}
			parent := filepath.Dir(root)
			if parent == root {
				t.Skip("no go.mod above the test directory")
			}
			root = parent
		}
		shared = filepath.Join(root, "..", "shared")
	}
	dir := filepath.Join(shared, "scenes2d", "fosssim")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("FOSSSim scenes not found at %s (set TUMBLE_SHARED to the shared folder): %v", dir, err)
	}
	return dir
}

// Glob returns the scene files under Dir matching pattern (relative, e.g. "t3m1/*/*.xml"),
// sorted, skipping the test if there are none.
func Glob(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(t), pattern))
	if err != nil || len(files) == 0 {
		t.Skipf("no scenes match %s: %v", pattern, err)
	}
	sort.Strings(files)
	return files
}
