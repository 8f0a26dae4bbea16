// Command testprogress turns the events of `go test -json` into what `make test` shows: a line
// for each package as it finishes, as go test prints it, with the tests under it that took
// longTest or more; every failing test's output in full; and, while nothing else is said, every
// quietFor what is still running and for how long. It exits 1 if a test, a package or a build
// failed, or if the input is not go test's events.
//
//	go test -json ./... | go run ./internal/testprogress
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

func main() {
	r := newReporter(os.Stdout)
	if mod, err := os.ReadFile("go.mod"); err == nil { // packages are named within the module
		r.module = modulePath(string(mod))
	}
	events := make(chan event)
	errs := make(chan error, 1)
	go func() { errs <- decode(os.Stdin, events) }()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case e, ok := <-events:
			if !ok {
				if err := <-errs; err != nil {
					fmt.Fprintln(os.Stderr, "testprogress:", err)
					os.Exit(1)
				}
				if r.failed {
					os.Exit(1)
				}
				return
			}
			r.event(e)
		case now := <-tick.C:
			r.tick(now)
		}
	}
}

// decode sends the events read from in, then closes events; a line that is not an event is an
// error.
func decode(in io.Reader, events chan<- event) error {
	defer close(events)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return fmt.Errorf("not go test -json's output: %q: %w", sc.Text(), err)
		}
		events <- e
	}
	return sc.Err()
}

// modulePath returns the path a go.mod file's module line declares, or "".
func modulePath(gomod string) string {
	for _, line := range strings.Split(gomod, "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}
