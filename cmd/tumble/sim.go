package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/contact/scene"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/data/scenegen"
	"github.com/tumble-physics/tumble/internal/plural"
)

const simUsage = `usage: tumble sim [--json] [--no-timing] [--steps N] [--iterations N] [--set KEY=VALUE ...] [--seed N] [--trace FILE.csv] [--plot FILE.png] [SCENE.xml|MESH.obj|NAME]

Runs a 3D scene headless to its duration and prints a summary: every body's final position,
velocity and angular velocity, and the run's statistics. SCENE.xml is a scene file (format:
docs/scenes.md); NAME (no "." or "/") is a built-in scene: %[1]s.
A mesh, an OBJ file or a built-in mesh (tumble meshes lists them), is dropped from 1 m onto
a floor, as tumble view drops it, and run for %[2]d s. Without an argument it runs the built-in
scene "default". Units are SI.

flags:
  --json           print one JSON object: scene, steps, time, dt, bodies (name, mesh,
                   position, rotation rows, velocity, angularVelocity, sleeping) and stats
                   (maxPenetration, kineticEnergy, contacts, msPerStep, iterations,
                   substeps); with --set and --seed also set (KEY: VALUE as given) and seed
  --no-timing      leave out the wall time (msPerStep), so that the output of a run is the
                   same byte for byte every time
  --steps N        run N time steps instead of round(duration / dt), at most 1e9
  --iterations N   PGS sweeps per solve, 1 to 1000, overriding the scene's <solver iterations>
%[3]s  --trace FILE     write FILE as CSV, one row per body after every step:
                   step,time,body,px,py,pz,rx,ry,rz,vx,vy,vz,wx,wy,wz (position, rotation
                   vector, velocity, angular velocity)
  --plot FILE.png  draw over time into FILE.png the kinetic energy (on a log axis down to
                   1e-9 of its peak, where bodies at rest are drawn), the change of the
                   potential and the total energy since the start, the deepest penetration
                   and the contact count: whether a run settles, at a glance

After every step each body's state must be finite: the first that is not stops the run with
the body's line, the step and the time, and exit status 1 (the JSON, the summary and the
plot are then not written, and the trace ends at the last finite step).

The same binary, scene and flags give the same numbers to the bit on every machine, so that
a run checks another (docs/batch.md: sweeps of many runs over many machines).

Exit status: 0 on success, 1 when the scene cannot be read or built, a state is not finite
or the output cannot be written, 2 on a usage error (a bad --set or --seed included).

examples:
  tumble sim
  tumble sim --json spin
  tumble sim --steps 600 --trace flip.csv dzhanibekov
  tumble sim --iterations 20 data/scenes/tower20.xml
  tumble sim --json --set friction=0.3 --set body.box3.mass=50 tower10
  tumble sim --seed 7 --set gravity=0,-5,0 --steps 120 pile1000
  tumble sim --plot fling.png fling
  tumble sim --json torus
`

// simReport is the JSON contract of `tumble sim --json` (FORMATS.md). Matrices are arrays of
// rows.
type simReport struct {
	Scene  string            `json:"scene"`
	Seed   *uint64           `json:"seed,omitempty"` // --seed
	Set    map[string]string `json:"set,omitempty"`  // --set, by key
	Steps  int               `json:"steps"`
	Time   float64           `json:"time"`
	Dt     float64           `json:"dt"`
	Bodies []bodyReport      `json:"bodies"`
	Stats  simStats          `json:"stats"`
}

type bodyReport struct {
	Name            string        `json:"name"`
	Mesh            string        `json:"mesh"`
	Position        mgl64.Vec3    `json:"position"`
	Rotation        [3]mgl64.Vec3 `json:"rotation"`
	Velocity        mgl64.Vec3    `json:"velocity"`
	AngularVelocity mgl64.Vec3    `json:"angularVelocity"`
	Sleeping        bool          `json:"sleeping"`
}

type simStats struct {
	MaxPenetration float64  `json:"maxPenetration"`      // deepest contact at the final step, m
	KineticEnergy  float64  `json:"kineticEnergy"`       // J
	Contacts       int      `json:"contacts"`            // at the final step
	MsPerStep      *float64 `json:"msPerStep,omitempty"` // wall time of World.Step; nil with --no-timing
	Iterations     int      `json:"iterations"`          // PGS sweeps per solve
	Substeps       int      `json:"substeps"`            // solves per time step
}

// runSim is `tumble sim`: see simUsage.
func runSim(args []string, stdout, stderr io.Writer) int {
	usage := fmt.Sprintf(simUsage, strings.Join(data.SceneNames(), ", "), dropTime,
		fmt.Sprintf(sceneFlagsHelp, strings.Join(scenegen.SeededNames(), ", ")))
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "")
	noTiming := fs.Bool("no-timing", false, "")
	steps := fs.Int("steps", -1, "")
	iterations := fs.Int("iterations", 0, "")
	tracePath := fs.String("trace", "", "")
	plotPath := fs.String("plot", "", "")
	var sf sceneFlags
	sf.register(fs)
	names, code, done := parseArgs(fs, args, printText(usage), stdout, stderr)
	var err error
	switch {
	case done:
		return code
	case len(names) > 1:
		err = fmt.Errorf("want at most one scene, got %d arguments", len(names))
	case flagSet(fs, "steps") && (*steps < 0 || *steps > maxSimSteps):
		err = fmt.Errorf("--steps %d: want 0 to %d", *steps, maxSimSteps)
	case flagSet(fs, "iterations") && (*iterations < 1 || *iterations > maxSimIterations):
		err = fmt.Errorf("--iterations %d: want 1 to %d", *iterations, maxSimIterations)
	case *plotPath != "" && !strings.EqualFold(filepath.Ext(*plotPath), ".png"):
		err = fmt.Errorf("--plot %s: only .png is supported", *plotPath)
	default:
		err = sf.parse(fs)
	}
	if err == nil && flagSet(fs, "iterations") && sf.setsIterations() {
		err = errors.New("--iterations and --set iterations both give the sweeps; give one")
	}
	if err != nil {
		return usageError(stderr, "sim", err)
	}
	name := "default"
	if len(names) == 1 {
		name = names[0]
	}

	sc, err := sf.load(name)
	if err != nil {
		return runError(stderr, "sim", err)
	}
	sc.Progress = func(line string) { fmt.Fprintf(stderr, "tumble sim: %s\n", line) }
	w, err := sc.World()
	if err != nil {
		return runError(stderr, "sim", err)
	}
	for _, warning := range sc.Warnings {
		fmt.Fprintf(stderr, "tumble sim: warning: %s\n", warning)
	}
	n := sc.Steps()
	if *steps >= 0 {
		n = *steps
	}
	if *iterations > 0 {
		w.Iterations = *iterations
	}

	var tr *trace
	if *tracePath != "" {
		if tr, err = createTrace(*tracePath); err != nil {
			fmt.Fprintf(stderr, "tumble sim: %v\n", err)
			return 1
		}
	}
	var pl *runPlot
	if *plotPath != "" {
		pl = newRunPlot(name, w)
	}
	elapsed, err := simulate(w, n, sc, tr, pl, newProgress(stderr, "tumble sim"))
	if err == nil && pl != nil {
		err = pl.save(*plotPath)
	}
	if tr != nil {
		if cerr := tr.close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "tumble sim: %v\n", err)
		return 1
	}

	report := newSimReport(name, sc, w, elapsed)
	report.Set, report.Seed = sf.record()
	if *noTiming {
		report.Stats.MsPerStep = nil
	}
	out := &checkedWriter{w: stdout}
	if *asJSON {
		err = json.NewEncoder(out).Encode(report)
	} else {
		printSimSummary(out, sc, report)
		err = out.err
	}
	if err != nil {
		fmt.Fprintf(stderr, "tumble sim: writing the report: %v\n", err)
		return 1
	}
	return 0
}

// The bounds of sim's flags: a run as long as a scene may ask for, and as many sweeps.
const (
	maxSimSteps      = 1_000_000_000
	maxSimIterations = 1000
)

// checkedWriter keeps the first error of its writes, so that a long report can be written
// with fmt.Fprintf and checked once: tumble sim > /dev/full said nothing and exited 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.err = err
	return n, err
}

func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// simulate takes n steps of w, stopping at a step's error (put in the terms of sc, the
// scene w was built from), warning once of each budget a step exceeds, and writing the
// trace and recording the plot (either may be nil) after each, and returns the wall time
// spent in World.Step alone.
func simulate(w *contact.World, n int, sc *scene.Scene, tr *trace, pl *runPlot, p *progress) (time.Duration, error) {
	var elapsed time.Duration
	for i := range n {
		start := time.Now()
		err := w.Step()
		elapsed += time.Since(start)
		for _, o := range w.Overflows() {
			fmt.Fprintf(p.line, "tumble sim: warning: %s\n", sc.Overflow(o))
		}
		if err != nil {
			p.done()
			return elapsed, sc.StepError(err)
		}
		if tr != nil {
			if err := tr.write(w); err != nil {
				return elapsed, err
			}
		}
		if pl != nil {
			pl.record(w)
		}
		p.update(i+1, n)
	}
	p.done()
	return elapsed, nil
}

func newSimReport(name string, sc *scene.Scene, w *contact.World, elapsed time.Duration) simReport {
	r := simReport{
		Scene: name, Steps: w.Steps, Time: w.Time, Dt: w.Dt,
		Bodies: make([]bodyReport, len(w.Bodies)),
		Stats: simStats{
			MaxPenetration: w.Stats.MaxPenetration,
			KineticEnergy:  w.KineticEnergy(),
			Contacts:       w.Stats.Contacts,
			Iterations:     w.Iterations,
			Substeps:       1,
		},
	}
	ms := 0.0
	if w.Steps > 0 {
		ms = elapsed.Seconds() * 1e3 / float64(w.Steps)
	}
	r.Stats.MsPerStep = &ms
	for i, b := range w.Bodies {
		r.Bodies[i] = bodyReport{
			Name: sc.Bodies[i].Name, Mesh: sc.Bodies[i].Mesh,
			Position: b.P, Rotation: [3]mgl64.Vec3{b.R.Row(0), b.R.Row(1), b.R.Row(2)},
			Velocity: b.V, AngularVelocity: b.Omega, Sleeping: w.Sleeping(w.ID(i)),
		}
	}
	return r
}

func printSimSummary(out io.Writer, sc *scene.Scene, r simReport) {
	fmt.Fprintf(out, "%s: %s\n", r.Scene, sc.Description)
	describeRun(out, r.Set, r.Seed)
	fmt.Fprintf(out, "%s of %.6g s to t = %.6g s, %s per solve", plural.Count(r.Steps, "step", "steps"), r.Dt, r.Time,
		plural.Count(r.Stats.Iterations, "PGS sweep", "PGS sweeps"))
	if r.Stats.MsPerStep != nil {
		fmt.Fprintf(out, ", %.3g ms per step", *r.Stats.MsPerStep)
	}
	fmt.Fprint(out, "\n\n")
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "body\tname\tmesh\tposition (m)\tvelocity (m/s)\tangular velocity (rad/s)")
	for i, b := range r.Bodies {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", i, b.Name, b.Mesh, vec(b.Position), vec(b.Velocity), vec(b.AngularVelocity))
	}
	tw.Flush()
	fmt.Fprintf(out, "\nkinetic energy %.6g J, %s, max penetration %.3g m\n",
		r.Stats.KineticEnergy, plural.Count(r.Stats.Contacts, "contact", "contacts"), r.Stats.MaxPenetration)
}

// vec formats a vector for the summary table; the +0 turns -0 into 0, and rounding leaves no
// "-0.0000" for round-off below the printed digits.
func vec(v mgl64.Vec3) string {
	r := func(x float64) float64 { return math.Round(x*1e4)/1e4 + 0 }
	return fmt.Sprintf("%9.4f %9.4f %9.4f", r(v[0]), r(v[1]), r(v[2]))
}
