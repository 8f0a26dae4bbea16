package main

import (
	"bytes"
	"errors"
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

	"tumble/body/planar/fosssim"
	"tumble/body/planar/regress"
)

const twoDRegressUsage = `usage: tumble 2d regress [--update] [--jobs N] DIR|SCENE.xml...

Grades every scene (each .xml under a DIR, recursively, and each SCENE.xml) against the
reference trajectory stored beside it (scene.xml -> scene.ref.bin), as the FOSSSim course
grades: each step is taken from the reference's previous state, and the largest residual of
any body's X, theta, V or omega must stay below 1e-8 and their per-step norms summed over
the run below 1e-6. The quantities stored in the reference (M, X, I, P, L, T, U) must match
their values recomputed from its states within 1e-8, and a free run must stay within 1e-6 of
the whole reference trajectory. Prints a table and exits 1 if any scene fails.
With --update it writes the references instead (review and commit them).`

func runTwoDRegress(args []string, stdout, stderr io.Writer) int {
	fls := newFlagSet("tumble 2d regress", twoDRegressUsage, stderr)
	update := fls.Bool("update", false, "write the reference trajectories instead of grading")
	jobs := fls.Int("jobs", runtime.NumCPU(), "grade `N` scenes at once")
	rest, code, stop := parseFlags(fls, args)
	if stop {
		return code
	}
	if len(rest) == 0 || *jobs < 1 {
		fls.Usage()
		return 2
	}
	scenes, err := sceneFiles(rest)
	if err != nil {
		fmt.Fprintln(stderr, "tumble 2d regress:", err)
		return 1
	}
	rows := regressAll(scenes, *update, *jobs, stderr)
	failed := printRegressTable(stdout, rows, *update)
	if failed > 0 {
		fmt.Fprintf(stdout, "%d of %d scenes failed\n", failed, len(rows))
		return 1
	}
	return 0
}

// sceneFiles expands directories into their .xml files (sorted); files stay in order.
func sceneFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".xml") {
				found = append(found, p)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no .xml scenes", a)
		}
		slices.Sort(found)
		out = append(out, found...)
	}
	return out, nil
}

// regressRow is one scene's outcome.
type regressRow struct {
	scene  string
	result regress.Result
	err    error
	skip   bool // the scene needs contact handling, which is not built in
}

// regressAll grades (or records) the scenes on jobs goroutines, with a progress line on
// progress if it is a terminal, and returns the rows in the scenes' order.
func regressAll(scenes []string, update bool, jobs int, progress io.Writer) []regressRow {
	if !isTerminal(progress) {
		progress = io.Discard
	}
	rows := make([]regressRow, len(scenes))
	var mu sync.Mutex
	done := 0
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, len(scenes)) {
		wg.Go(func() {
			for i := range work {
				rows[i] = regressOne(scenes[i], update)
				mu.Lock()
				done++
				fmt.Fprintf(progress, "\r\033[K[%d/%d] %s", done, len(scenes), scenes[i])
				mu.Unlock()
			}
		})
	}
	for i := range scenes {
		work <- i
	}
	close(work)
	wg.Wait()
	fmt.Fprint(progress, "\r\033[K")
	return rows
}

func regressOne(path string, update bool) regressRow {
	row := regressRow{scene: path}
	scene, err := fosssim.Load(path)
	if err != nil {
		row.err = err
		return row
	}
	row.result.Steps = scene.Steps()
	if _, err := scene.System(newContactResponse2D); errors.Is(err, fosssim.ErrNoContact) {
		row.skip = true
		return row
	}
	if update {
		var buf bytes.Buffer
		if row.err = regress.Record(scene, newContactResponse2D, &buf); row.err == nil {
			row.err = os.WriteFile(regress.RefPath(path), buf.Bytes(), 0o644)
		}
		return row
	}
	ref, err := os.Open(regress.RefPath(path))
	if err != nil {
		row.err = fmt.Errorf("no reference (run with --update to write it): %w", err)
		return row
	}
	defer ref.Close()
	row.result, row.err = regress.Grade(scene, newContactResponse2D, ref)
	return row
}

// printRegressTable prints the rows and returns how many failed.
func printRegressTable(w io.Writer, rows []regressRow, update bool) int {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	failed := 0
	if update {
		fmt.Fprintln(tw, "scene\tsteps\treference\t")
	} else {
		fmt.Fprintln(tw, "scene\tsteps\tmax step residual\taccumulated\tquantities\twhole run\tverdict\t")
	}
	for _, r := range rows {
		switch {
		case r.skip && update:
			fmt.Fprintf(tw, "%s\t%d\tskip: needs contact handling (2D part 2)\t\n", r.scene, r.result.Steps)
		case r.skip:
			fmt.Fprintf(tw, "%s\t%d\t-\t-\t-\t-\tskip: needs contact handling (2D part 2)\t\n", r.scene, r.result.Steps)
		case r.err != nil:
			failed++
			if update {
				fmt.Fprintf(tw, "%s\t%d\tERROR\t\n", r.scene, r.result.Steps)
			} else {
				fmt.Fprintf(tw, "%s\t%d\t-\t-\t-\t-\tERROR\t\n", r.scene, r.result.Steps)
			}
		case update:
			fmt.Fprintf(tw, "%s\t%d\t%s\t\n", r.scene, r.result.Steps, regress.RefPath(filepath.Base(r.scene)))
		default:
			verdict := "pass"
			if !r.result.Pass() {
				verdict, failed = "FAIL", failed+1
			}
			fmt.Fprintf(tw, "%s\t%d\t%.3g\t%.3g\t%.3g\t%.3g\t%s\t\n", r.scene, r.result.Steps,
				r.result.MaxStep.Max(), r.result.Accumulated.Max(), r.result.Quantities, r.result.Whole, verdict)
		}
	}
	tw.Flush()
	for _, r := range rows {
		if r.err != nil && !strings.HasPrefix(r.err.Error(), r.scene) {
			fmt.Fprintf(w, "%s: %v\n", r.scene, r.err)
		} else if r.err != nil {
			fmt.Fprintln(w, r.err)
		}
	}
	return failed
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
