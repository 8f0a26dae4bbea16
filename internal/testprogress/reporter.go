package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// longTest is how long a test runs before its package's line names it, and how long a test
// has run before a report of what is running names it.
const longTest = 5 * time.Second

// quietFor is the longest the output stays silent while tests run.
const quietFor = 15 * time.Second

// event is one of go test -json's events (go doc test2json).
type event struct {
	Time        time.Time
	Action      string // start, run, pause, cont, pass, fail, skip, output, build-output, build-fail
	Package     string
	ImportPath  string // of a build-output or build-fail event
	Test        string
	Elapsed     float64 // s
	Output      string
	FailedBuild string
}

// key names a test of a package ("" for the package itself).
type key struct{ pkg, test string }

// reporter keeps what the report needs: the output of every test still running, for when it
// fails; when each top-level test started; the package's tests that took long.
type reporter struct {
	w       io.Writer
	module  string // the module path, left out of package names
	now     func() time.Time
	output  map[key][]string
	started map[key]time.Time
	long    map[string][]took // by package
	said    time.Time         // when the report last said something
	failed  bool
}

// took is a test that took long.
type took struct {
	test    string
	elapsed float64 // s
}

func newReporter(w io.Writer) *reporter {
	return &reporter{w: w, now: time.Now, output: map[key][]string{}, started: map[key]time.Time{},
		long: map[string][]took{}, said: time.Now()}
}

// say writes a line and notes when.
func (r *reporter) say(format string, args ...any) {
	fmt.Fprintf(r.w, format+"\n", args...)
	r.said = r.now()
}

// event takes one event.
func (r *reporter) event(e event) {
	if r.module != "" {
		e.Package = strings.TrimPrefix(strings.TrimPrefix(e.Package, r.module), "/")
		if e.Package == "" {
			e.Package = "."
		}
	}
	k := key{e.Package, e.Test}
	top := e.Test != "" && !strings.Contains(e.Test, "/")
	switch e.Action {
	case "build-output":
		fmt.Fprint(r.w, e.Output)
	case "build-fail":
		r.failed = true
	case "run":
		if top {
			r.started[k] = e.Time
		}
	case "output":
		r.output[k] = append(r.output[k], e.Output)
	case "pass", "skip":
		if top && e.Action == "pass" && e.Elapsed >= longTest.Seconds() {
			r.long[e.Package] = append(r.long[e.Package], took{e.Test, e.Elapsed})
		}
		if e.Test == "" && e.Action == "pass" {
			r.say("ok   %s  %.1fs%s", e.Package, e.Elapsed, r.longTests(e.Package))
		}
		r.forget(k)
	case "fail":
		r.failed = true
		if out := said(r.output[k]); out != "" {
			fmt.Fprint(r.w, out)
		}
		switch {
		case e.Test != "":
			r.said = r.now()
		case e.FailedBuild != "":
			r.say("FAIL %s [build failed]", e.Package)
		default:
			r.say("FAIL %s  %.1fs%s", e.Package, e.Elapsed, r.longTests(e.Package))
		}
		r.forget(k)
	}
}

// said returns the lines of output that say something: not go test's "=== RUN" and its
// kin, nor a package's closing "PASS", "FAIL" and "ok" lines, which the report gives its own way.
func said(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "=== "), l == "PASS\n", l == "FAIL\n", strings.HasPrefix(l, "FAIL\t"), strings.HasPrefix(l, "ok  \t"):
		default:
			b.WriteString(l)
		}
	}
	return b.String()
}

// longTests returns " (TestA 12.3s, TestB 6.0s)" for the package's long tests, longest
// first, and forgets them.
func (r *reporter) longTests(pkg string) string {
	long := r.long[pkg]
	delete(r.long, pkg)
	if len(long) == 0 {
		return ""
	}
	slices.SortStableFunc(long, func(a, b took) int { return cmp.Compare(b.elapsed, a.elapsed) })
	names := make([]string, len(long))
	for i, t := range long {
		names[i] = fmt.Sprintf("%s %.1fs", t.test, t.elapsed)
	}
	return " (" + strings.Join(names, ", ") + ")"
}

// forget drops what was kept of a test or package that has ended.
func (r *reporter) forget(k key) {
	delete(r.output, k)
	delete(r.started, k)
	if k.test == "" {
		for o := range r.output {
			if o.pkg == k.pkg {
				delete(r.output, o)
			}
		}
	}
}

// tick says, when the report has been silent for quietFor, which top-level tests have run
// for longTest or more, and for how long, at the time now.
func (r *reporter) tick(now time.Time) {
	if now.Sub(r.said) < quietFor {
		return
	}
	var running []string
	for k, t := range r.started {
		if d := now.Sub(t); d >= longTest {
			running = append(running, fmt.Sprintf("%s %s %.0fs", k.pkg, k.test, d.Seconds()))
		}
	}
	if len(running) == 0 {
		return
	}
	slices.Sort(running)
	r.say("     running: %s", strings.Join(running, ", "))
}
