package main

import (
	"os"
	"strings"
	"testing"
	"time"
)

// A run of go test -json over two packages (testdata/run.json: m/a passes a 3 s test, m/b
// takes 3 s too and fails a subtest): the report says each package's end, m/b's failing
// test's output in full and nothing of what passed.
func TestReport(t *testing.T) {
	var out strings.Builder
	r := newReporter(&out)
	f, err := os.Open("testdata/run.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	events := make(chan event)
	errs := make(chan error, 1)
	go func() { errs <- decode(f, events) }()
	for e := range events {
		r.event(e)
	}
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
	want := `ok   m/a  3.0s
    x_test.go:4: context
    x_test.go:4: got 2, want 3
--- FAIL: TestBroken/case (0.00s)
--- FAIL: TestBroken (0.00s)
FAIL m/b  3.0s
`
	if got := out.String(); got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
	if !r.failed {
		t.Error("a failed package is not counted as a failure")
	}
}

// A test that runs long names itself under its package, and while nothing else is said for
// quietFor, the report says what has run for longTest or more.
func TestReportLongTests(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	var out strings.Builder
	r := newReporter(&out)
	clock := t0
	r.now = func() time.Time { return clock }
	r.said = t0
	for _, e := range []event{
		{Time: at(0), Action: "run", Package: "m/a", Test: "TestQuick"},
		{Time: at(0.1), Action: "pass", Package: "m/a", Test: "TestQuick", Elapsed: 0.1},
		{Time: at(0.1), Action: "run", Package: "m/a", Test: "TestSlow"},
		{Time: at(0.1), Action: "run", Package: "m/a", Test: "TestSlow/sub"},
		{Time: at(0.2), Action: "run", Package: "m/c", Test: "TestSlower"},
	} {
		clock = e.Time
		r.event(e)
	}
	for _, s := range []float64{5, 14, 20.3, 25} { // quiet since 0: only 20.3 s speaks
		clock = at(s)
		r.tick(clock)
	}
	clock = at(30)
	r.event(event{Time: clock, Action: "pass", Package: "m/a", Test: "TestSlow/sub", Elapsed: 29})
	r.event(event{Time: clock, Action: "pass", Package: "m/a", Test: "TestSlow", Elapsed: 29.9})
	r.event(event{Time: clock, Action: "pass", Package: "m/a", Elapsed: 30})
	want := `     running: m/a TestSlow 20s, m/c TestSlower 20s
ok   m/a  30.0s (TestSlow 29.9s)
`
	if got := out.String(); got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
}

// Input that is not go test -json's is an error.
func TestDecodeRefusesOtherInput(t *testing.T) {
	events := make(chan event, 1)
	if err := decode(strings.NewReader("ok  \tm/a\t0.1s\n"), events); err == nil {
		t.Error("plain go test output decoded without an error")
	}
}

// Package names leave out the module's path, which go.mod's module line gives.
func TestModulePath(t *testing.T) {
	var out strings.Builder
	r := newReporter(&out)
	r.module = modulePath("// comment\nmodule github.com/x/y\n\ngo 1.26\n")
	r.event(event{Action: "pass", Package: "github.com/x/y/body/planar", Elapsed: 1})
	r.event(event{Action: "pass", Package: "github.com/x/y", Elapsed: 1})
	if got, want := out.String(), "ok   body/planar  1.0s\nok   .  1.0s\n"; got != want {
		t.Errorf("report %q, want %q", got, want)
	}
}
