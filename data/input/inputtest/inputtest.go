// Package inputtest makes the inputs no reader of package input may be caught by, for the
// tests of the readers and the commands.
package inputtest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Hostile makes in dir, named base-KIND.ext, the inputs no reader may be caught by, and
// returns them by kind: a symbolic link to /dev/zero (endless), a sparse file of 2 GiB of
// zeros (free to make), and a named pipe that no one writes (opening it would wait).
func Hostile(t testing.TB, dir, base, ext string) map[string]string {
	t.Helper()
	files := map[string]string{}
	zero := filepath.Join(dir, base+"-zero"+ext)
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	files["/dev/zero"] = zero
	sparse := filepath.Join(dir, base+"-sparse"+ext)
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(2 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	files["2 GiB sparse file"] = sparse
	fifo := filepath.Join(dir, base+"-fifo"+ext)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	files["named pipe"] = fifo
	return files
}
