package input_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tumble-physics/tumble/data/input"
	"github.com/tumble-physics/tumble/data/input/inputtest"
)

// Open takes regular files within their limit and refuses, at once and by name, a directory,
// a named pipe (which would wait for a writer), a device and a file over the limit (a sparse
// one, which costs nothing to make).
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.xml")
	if err := os.WriteFile(small, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := inputtest.Hostile(t, dir, "scene", ".xml")
	zero, sparse, fifo := files["/dev/zero"], files["2 GiB sparse file"], files["named pipe"]
	for _, tc := range []struct{ path, want string }{
		{small, ""},
		{dir, dir + ": a directory, not a file Tumble can read"},
		{fifo, fifo + ": a named pipe, not a file Tumble can read"},
		{"/dev/zero", "/dev/zero: a device, not a file Tumble can read"},
		{zero, zero + ": a device, not a file Tumble can read"},
		{sparse, sparse + ": 2 GiB, more than the 1 MiB a scene file may have"},
	} {
		start := time.Now()
		f, err := input.Open(tc.path, "a scene file", 1<<20)
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: %v to answer", tc.path, d)
		}
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.path, err)
			} else {
				f.Close()
			}
			continue
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: error %v, want %s", tc.path, err, tc.want)
		}
	}
}

// Reader passes up to limit bytes and fails past them.
func TestReader(t *testing.T) {
	for _, tc := range []struct {
		text string
		ok   bool
	}{{"", true}, {"1234", true}, {"12345", false}, {strings.Repeat("x", 1<<16), false}} {
		got, err := io.ReadAll(input.Reader(strings.NewReader(tc.text), "t.obj", "a mesh file", 4))
		var tl *input.TooLargeError
		switch {
		case tc.ok && (err != nil || string(got) != tc.text):
			t.Errorf("%d bytes: read %d, %v", len(tc.text), len(got), err)
		case !tc.ok && (!errors.As(err, &tl) || len(got) != 4 || err.Error() != "t.obj: more than the 4 bytes a mesh file may have"):
			t.Errorf("%d bytes: read %d, %v; want 4 and too large", len(tc.text), len(got), err)
		}
	}
	// Reading stops at the limit even on an endless input.
	f, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if got, err := io.ReadAll(input.Reader(f, "zero", "a file", 1<<20)); len(got) != 1<<20 || err == nil {
		t.Errorf("/dev/zero: read %d bytes, %v", len(got), err)
	}
}
