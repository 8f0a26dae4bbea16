package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/tumble-physics/tumble/body/planar/regress"
	contact "github.com/tumble-physics/tumble/contact/planar"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/data/input"
	"github.com/tumble-physics/tumble/internal/plural"
)

const twoDRegressUsage = `usage: tumble 2d regress [--update] [--ref DIR] [--jobs N] DIR|SCENE.xml|NAME...

Grades every scene (each .xml under a DIR, recursively, each SCENE.xml, each built-in 2D
scene NAME) against its reference trajectory, as the FOSSSim course grades: each step is
taken from the reference's previous state, and the largest residual of any body's X, theta,
V or omega must stay below 1e-8 and their per-step norms summed over the run below 1e-6.
The quantities stored in the reference (M, X, I, P, L, T, U) must match their values
recomputed from its states within 1e-8, and a free run must stay within 1e-6 of the whole
reference trajectory.

The reference of scene.xml is scene.ref.bin beside it (a built-in scene's is built in).
With --ref DIR it is read from DIR instead, at the scene's path below the directory
argument that holds it (its file name for a SCENE.xml argument), as scene.ref.bin or
scene.bin: the binary trajectories FOSSSim itself wrote for the scenes grade Tumble against
the course's code. A scene without a reference still runs to its end and is listed as "no
reference", apart from the failures.

Prints a table and exits 1 if any scene fails or cannot run. With --update it writes the
references instead (beside the scenes, or under --ref DIR): review and commit them.

examples:
  tumble 2d regress data/scenes2d
  tumble 2d regress drift_and_spin contact_lcp
  tumble 2d regress --jobs 1 data/scenes2d/wind_on_shapes.xml`

func runTwoDRegress(args []string, stdout, stderr io.Writer) int {
	fls := flag.NewFlagSet("2d regress", flag.ContinueOnError)
	update := fls.Bool("update", false, "write the reference trajectories instead of grading")
	refDir := fls.String("ref", "", "read (or with --update write) the references under `DIR` instead of beside the scenes")
	jobs := fls.Int("jobs", runtime.NumCPU(), "grade `N` scenes at once")
	rest, code, done := parseArgs(fls, args, flagHelp(fls, twoDRegressUsage), stdout, stderr)
	switch {
	case done:
		return code
	case len(rest) == 0:
		return usageError(stderr, "2d regress", errors.New("missing scenes: give directories, scene files or built-in names"))
	case *jobs < 1:
		return usageError(stderr, "2d regress", fmt.Errorf("--jobs %d: want 1 or more", *jobs))
	}
	if *refDir != "" && !*update {
		if info, err := os.Stat(*refDir); err != nil || !info.IsDir() {
			fmt.Fprintf(stderr, "tumble 2d regress: --ref %s: not a directory\n", *refDir)
			return 1
		}
	}
	cases, err := regressCases(rest, *refDir)
	if err != nil {
		fmt.Fprintln(stderr, "tumble 2d regress:", err)
		return 1
	}
	rows := regressAll(cases, *update, *jobs, stderr)
	if *update {
		return printUpdateTable(stdout, rows)
	}
	return printRegressTable(stdout, rows)
}

// A regressCase is one scene to grade and where its reference is.
type regressCase struct {
	scene   string   // a scene file, or a built-in 2D scene's name
	refs    []string // files that may hold the reference, in order; --update writes the first
	builtIn bool     // the reference is the one built in beside the scene (refs is empty)
}

// regressCases expands the arguments into scenes: directories into their .xml files (sorted),
// files and built-in names as they stand; refDir, if not empty, holds the references.
func regressCases(args []string, refDir string) ([]regressCase, error) {
	refsIn := func(rel string) []string {
		if refDir == "" {
			return nil
		}
		base := filepath.Join(refDir, strings.TrimSuffix(rel, filepath.Ext(rel)))
		return []string{base + ".ref.bin", base + ".bin"}
	}
	var out []regressCase
	for _, a := range args {
		info, statErr := os.Stat(a)
		_, builtIn, err := resolve(a, scene2D)
		switch {
		case builtIn:
			refs := refsIn(a)
			out = append(out, regressCase{scene: a, refs: refs, builtIn: refs == nil})
			continue
		case statErr == nil && info.IsDir():
		case err != nil:
			return nil, err
		default:
			refs := refsIn(filepath.Base(a))
			if refs == nil {
				refs = []string{regress.RefPath(a)}
			}
			out = append(out, regressCase{scene: a, refs: refs})
			continue
		}
		var found []regressCase
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".xml") {
				return err
			}
			rel, err := filepath.Rel(a, p)
			if err != nil {
				return err
			}
			refs := refsIn(rel)
			if refs == nil {
				refs = []string{regress.RefPath(p)}
			}
			found = append(found, regressCase{scene: p, refs: refs})
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no .xml scenes", a)
		}
		slices.SortFunc(found, func(x, y regressCase) int { return strings.Compare(x.scene, y.scene) })
		out = append(out, found...)
	}
	return out, nil
}

// openRef opens the case's reference, which must be size bytes long (regress.RefBytes); an
// error wrapping fs.ErrNotExist means it has none. A file is opened only if it is a regular
// file no longer than that (not /dev/zero, a named pipe or a sparse 2 GB file).
func (c regressCase) openRef(size int64) (io.ReadCloser, error) {
	if c.builtIn {
		return data.Scenes2D.Open("scenes2d/" + c.scene + ".ref.bin")
	}
	for _, r := range c.refs {
		f, err := input.Open(r, "the reference trajectory of this scene", size)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("%s: %w", c.refs[0], fs.ErrNotExist)
}

// regressRow is one scene's outcome.
type regressRow struct {
	regressCase
	steps  int
	result regress.Result
	noRef  bool // no reference: the scene ran to its end ungraded
	err    error
}

// regressAll grades (or records) the scenes on jobs goroutines, with a progress line on
// stderr if it is a terminal, and returns the rows in the scenes' order. Warnings go to
// stderr above the progress line, each naming its scene file.
func regressAll(cases []regressCase, update bool, jobs int, stderr io.Writer) []regressRow {
	status := newStatusLine(stderr)
	defer status.Clear()
	rows := make([]regressRow, len(cases))
	var mu sync.Mutex
	done := 0
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, len(cases)) {
		wg.Go(func() {
			for i := range work {
				rows[i] = regressOne(cases[i], update, warnOnce(status, "tumble 2d regress"))
				mu.Lock()
				done++
				status.Set(fmt.Sprintf("[%d/%d] %s", done, len(cases), cases[i].scene))
				mu.Unlock()
			}
		})
	}
	for i := range cases {
		work <- i
	}
	close(work)
	wg.Wait()
	return rows
}

func regressOne(c regressCase, update bool, warn func(string)) regressRow {
	row := regressRow{regressCase: c}
	scene, err := loadScene2D(c.scene)
	if err != nil {
		row.err = err
		return row
	}
	row.steps = scene.Steps()
	responses := contact.Responses(scene.Name, warn)
	if update {
		if c.builtIn {
			row.err = fmt.Errorf("%s is built in: update its file in data/scenes2d, or write to --ref DIR", c.scene)
			return row
		}
		var buf bytes.Buffer
		if row.err = regress.Record(scene, responses, &buf); row.err == nil {
			if row.err = os.MkdirAll(filepath.Dir(c.refs[0]), 0o755); row.err == nil {
				row.err = os.WriteFile(c.refs[0], buf.Bytes(), 0o644)
			}
		}
		return row
	}
	ref, err := c.openRef(regress.RefBytes(scene))
	if errors.Is(err, fs.ErrNotExist) {
		row.noRef = true
		row.err = regress.Record(scene, responses, io.Discard)
		return row
	}
	if err != nil {
		row.err = err
		return row
	}
	defer ref.Close()
	row.result, row.err = regress.Grade(scene, responses, ref)
	return row
}

// printRegressTable prints the grades, the errors under them and a summary, and returns the
// exit status: 1 if any scene failed or could not run.
func printRegressTable(w io.Writer, rows []regressRow) int {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "scene\tsteps\tmax step residual\taccumulated\tquantities\twhole run\tverdict\t")
	failed, noRef := 0, 0
	for _, r := range rows {
		verdict := "pass"
		switch {
		case r.err != nil:
			verdict = "ERROR"
		case r.noRef:
			verdict = "no reference"
		case !r.result.Pass():
			verdict = "FAIL"
		}
		if r.err != nil || r.noRef {
			fmt.Fprintf(tw, "%s\t%d\t-\t-\t-\t-\t%s\t\n", r.scene, r.steps, verdict)
		} else {
			fmt.Fprintf(tw, "%s\t%d\t%.3g\t%.3g\t%.3g\t%.3g\t%s\t\n", r.scene, r.steps,
				r.result.MaxStep.Max(), r.result.Accumulated.Max(), r.result.Quantities, r.result.Whole, verdict)
		}
		switch verdict {
		case "ERROR", "FAIL":
			failed++
		case "no reference":
			noRef++
		}
	}
	tw.Flush()
	printRowErrors(w, rows)
	if noRef > 0 {
		fmt.Fprintf(w, "%d of %s have no reference and ran ungraded (--update writes references; --ref DIR reads them from DIR)\n", noRef, plural.Count(len(rows), "scene", "scenes"))
	}
	if failed > 0 {
		fmt.Fprintf(w, "%d of %s failed\n", failed, plural.Count(len(rows), "scene", "scenes"))
		return 1
	}
	return 0
}

// printUpdateTable lists the references written and returns the exit status: 1 if any
// could not be.
func printUpdateTable(w io.Writer, rows []regressRow) int {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "scene\tsteps\treference\t")
	failed := 0
	for _, r := range rows {
		if r.err != nil {
			failed++
			fmt.Fprintf(tw, "%s\t%d\tERROR\t\n", r.scene, r.steps)
		} else {
			fmt.Fprintf(tw, "%s\t%d\t%s\t\n", r.scene, r.steps, r.refs[0])
		}
	}
	tw.Flush()
	printRowErrors(w, rows)
	if failed > 0 {
		fmt.Fprintf(w, "%d of %s could not be written\n", failed, plural.Count(len(rows), "reference", "references"))
		return 1
	}
	return 0
}

// printRowErrors prints each row's error, naming the scene if the error does not.
func printRowErrors(w io.Writer, rows []regressRow) {
	for _, r := range rows {
		switch {
		case r.err == nil:
		case strings.HasPrefix(r.err.Error(), r.scene):
			fmt.Fprintln(w, r.err)
		default:
			fmt.Fprintf(w, "%s: %v\n", r.scene, r.err)
		}
	}
}
