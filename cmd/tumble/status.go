package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// statusLine is a line of progress on a terminal that messages do not break: a message
// clears the line, takes a line of its own, and the status is drawn again below it. On
// anything but a terminal the status is not shown and messages are plain lines. It is safe
// for concurrent use.
type statusLine struct {
	mu     sync.Mutex
	w      io.Writer
	term   bool   // w is a terminal: show the status
	status string // shown after the last message
}

func newStatusLine(w io.Writer) *statusLine { return &statusLine{w: w, term: isTerminal(w)} }

// Set shows text as the status, in place of the one shown.
func (s *statusLine) Set(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status = text
	if s.term {
		fmt.Fprintf(s.w, "\r\033[K%s", text)
	}
}

// Write writes p, which should be whole lines, above the status.
func (s *statusLine) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	shown := s.term && s.status != ""
	if shown {
		fmt.Fprint(s.w, "\r\033[K")
	}
	n, err := s.w.Write(p)
	if shown {
		fmt.Fprint(s.w, s.status)
	}
	return n, err
}

// Clear removes the status, leaving the cursor at the start of an empty line.
func (s *statusLine) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.term && s.status != "" {
		fmt.Fprint(s.w, "\r\033[K")
	}
	s.status = ""
}

// isTerminal reports whether w is a character device (a terminal, not a file or pipe).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// progress shows "label: step i/n (p%)" as the status line during runs longer than a second.
// The zero progress shows nothing.
type progress struct {
	line  *statusLine // nil: show nothing
	label string
	start time.Time
	last  time.Time
}

func newProgress(stderr io.Writer, label string) *progress {
	now := time.Now()
	return &progress{line: newStatusLine(stderr), label: label, start: now, last: now}
}

func (p *progress) update(i, n int) {
	// Look at the clock only every 16 steps: cheap next to a step.
	if p.line == nil || !p.line.term || i%16 != 0 {
		return
	}
	if now := time.Now(); now.Sub(p.start) > time.Second && now.Sub(p.last) > time.Second/4 {
		p.line.Set(fmt.Sprintf("%s: step %d/%d (%.0f%%)", p.label, i, n, 100*float64(i)/float64(n)))
		p.last = now
	}
}

func (p *progress) done() {
	if p.line != nil {
		p.line.Clear()
	}
}
