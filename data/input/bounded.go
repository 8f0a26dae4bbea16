package input

// The files a user names are opened so that no input can take unbounded time or memory: only
// regular files (not a device such as /dev/zero, a named pipe that would wait for a writer,
// or a directory), and only up to a size the caller sets.

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// TooLargeError reports an input longer than its limit.
type TooLargeError struct {
	Name  string // the file's name, for the message
	What  string // what the file is, for the message: "a scene file"
	Limit int64  // bytes
	Size  int64  // bytes, when known before reading; 0 when reading went past Limit
}

func (e *TooLargeError) Error() string {
	if e.Size > 0 && Size(e.Size) == Size(e.Limit) {
		return fmt.Sprintf("%s: %d bytes, more than the %d (%s) %s may have", e.Name, e.Size, e.Limit, Size(e.Limit), e.What)
	}
	if e.Size > 0 {
		return fmt.Sprintf("%s: %s, more than the %s %s may have", e.Name, Size(e.Size), Size(e.Limit), e.What)
	}
	return fmt.Sprintf("%s: more than the %s %s may have", e.Name, Size(e.Limit), e.What)
}

// Open opens the regular file at path for reading, refusing anything else and a file larger
// than limit bytes; what says what the file is, for the message ("a scene file"). The caller
// reads it through Reader, should the file grow while it is read, and closes it.
func Open(path, what string, limit int64) (*os.File, error) {
	// Stat first: opening a named pipe would wait for a writer.
	info, err := os.Stat(path)
	if pe, ok := err.(*fs.PathError); ok {
		pe.Op = "open" // what the caller asked for: "open x.xml: no such file or directory"
	}
	if err != nil {
		return nil, err
	}
	if err := regular(path, info); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	// Again on the open file, in case the path changed in between.
	if info, err = f.Stat(); err == nil {
		err = regular(path, info)
	}
	if err == nil && info.Size() > limit {
		err = &TooLargeError{Name: path, What: what, Limit: limit, Size: info.Size()}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// regular refuses what is not a regular file, naming what it is.
func regular(path string, info fs.FileInfo) error {
	var what string
	switch m := info.Mode(); {
	case m.IsRegular():
		return nil
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	default:
		what = "not a regular file"
	}
	return fmt.Errorf("%s: %s, not a file Tumble can read", path, what)
}

// Reader returns r cut off at limit bytes: a read beyond them fails with a *TooLargeError
// naming name and what it is.
func Reader(r io.Reader, name, what string, limit int64) io.Reader {
	return &limited{r: r, name: name, what: what, limit: limit, left: limit}
}

type limited struct {
	r           io.Reader
	name, what  string
	limit, left int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, &TooLargeError{Name: l.name, What: l.what, Limit: l.limit}
	}
	// Read one byte more than allowed, to tell a file of exactly limit bytes from a longer one.
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n + int(l.left), &TooLargeError{Name: l.name, What: l.what, Limit: l.limit}
	}
	return n, err
}

// Size formats a byte count for people: "16 MiB", "2 GiB".
func Size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.3g GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.3g MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.3g KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
