package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/contact/scene"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/data/scenegen"
	"github.com/tumble-physics/tumble/internal/plural"
)

const benchUsage = `usage: tumble bench [--json] [--steps N] [--runs R] [--nosleep] [--stages] [--cpuprofile FILE] [--set KEY=VALUE ...] [--seed N] [SCENE.xml|MESH.obj|NAME ...]

Runs each scene headless for a fixed number of steps, R times, and prints per scene the
wall time per step (the median over the runs of each run's mean, the first step of every
run excluded: it builds the hulls and grows the buffers), the contacts at the end, the
deepest penetration, the peak and final kinetic energy, the bodies asleep at the end, and
a verdict:

  stands   no body ever moved more than 2 cm from where it started;
  settles  otherwise, the final kinetic energy is at most 1%% of its peak over the run;
  moving   otherwise.

Without scene arguments it runs the built-in stacks and piles: %s (a few minutes).
NAME is a built-in scene (%s) or mesh; SCENE.xml a scene file
(docs/scenes.md); a mesh is dropped onto a floor, as tumble sim drops it.
A progress line goes to stderr when it is a terminal.

flags:
  --json           print one JSON object: {"runs", "results": [{"scene", "bodies",
                   "steps", "msPerStep", "msPerStepMin", "msPerStepMax", "contacts",
                   "maxPenetration", "maxDisplacement", "kineticEnergyPeak",
                   "kineticEnergyFinal", "sleeping", "lost", "verdict"}]} (SI units; times
                   in ms); with --set and --seed each result also has "set" (KEY: VALUE
                   as given) and "seed"; with --stages, "stages": {"detection",
                   "prepare", "solve", "guards", "position", "other", "manifolds",
                   "recycled", "guardRounds", "sweeps"}
  --steps N        run N steps instead of the scene's duration / dt
  --runs R         timed runs per scene (default 3)
  --nosleep        keep every body awake (as the peer engines are run)
  --stages         also time the step's stages and print, per scene, their mean ms per
                   step over every timed step of every run: detection (broad and narrow
                   phase, levels), prepare (the constraints), solve (the sweeps and the
                   exact stage), guards, position (the position pass), other (the kick,
                   integration, measures, sleep). They add up to a little less than
                   ms/step. Beside them, the mean manifolds of a step, of them recycled
                   (kept from the last step without a narrow phase), guard rounds and
                   sweeps
  --cpuprofile FILE
                   write a CPU profile of every run to FILE (go tool pprof reads it;
                   the build's profile-guided optimization is one: docs/benchmarks.md)
%s
--set and --seed change every scene named; an override that selects nothing in one of them
(a body name it lacks) is an error.

Exit status: 0 on success, 1 when a scene cannot be read or built, 2 on a usage error (a bad
--set or --seed included).

examples:
  tumble bench --runs 1 tower10 pyramid20
  tumble bench --json --steps 100 massratio data/scenes/tower20.xml
  tumble bench --runs 1 --set body.heavy.mass=1000 massratio
  GOMAXPROCS=1 tumble bench --runs 1 --nosleep --stages pile1000
`

// benchScenes are the scenes `tumble bench` runs by default, those of them that are built in.
var benchScenes = []string{"tower10", "tower20", "tower40", "pyramid20", "massratio", "pile1000", "tori50", "chain", "large_pyramid"}

// Verdict thresholds (see benchUsage): a stack that stands keeps every body within 2 cm of
// where it started; a pile has settled when 1% of its peak kinetic energy is left.
const (
	standsDisplacement = 0.02
	settledEnergy      = 0.01
)

type benchReport struct {
	Runs    int           `json:"runs"`
	Results []benchResult `json:"results"`
}

type benchResult struct {
	Scene              string            `json:"scene"`
	Seed               *uint64           `json:"seed,omitempty"` // --seed
	Set                map[string]string `json:"set,omitempty"`  // --set, by key
	Bodies             int               `json:"bodies"`
	Steps              int               `json:"steps"`
	MsPerStep          float64           `json:"msPerStep"`    // median over runs
	MsPerStepMin       float64           `json:"msPerStepMin"` // fastest run
	MsPerStepMax       float64           `json:"msPerStepMax"` // slowest run
	Contacts           int               `json:"contacts"`     // at the last step
	MaxPenetration     float64           `json:"maxPenetration"`
	MaxDisplacement    float64           `json:"maxDisplacement"` // largest distance of a body from its start, over the run, m
	KineticEnergyPeak  float64           `json:"kineticEnergyPeak"`
	KineticEnergyFinal float64           `json:"kineticEnergyFinal"`
	Sleeping           int               `json:"sleeping"` // at the end
	Lost               int               `json:"lost"`     // bodies whose centre ended behind a plane
	Verdict            string            `json:"verdict"`
	Stages             *benchStages      `json:"stages,omitempty"` // --stages
}

// benchStages is the mean time of each stage of a step, ms (contact.StageTimes), and the
// mean work it did: manifolds, of them recycled, guard rounds and sweeps (contact.Stats).
type benchStages struct {
	Detection   float64 `json:"detection"`
	Prepare     float64 `json:"prepare"`
	Solve       float64 `json:"solve"`
	Guards      float64 `json:"guards"`
	Position    float64 `json:"position"`
	Other       float64 `json:"other"`
	Manifolds   float64 `json:"manifolds"`
	Recycled    float64 `json:"recycled"`
	GuardRounds float64 `json:"guardRounds"`
	Sweeps      float64 `json:"sweeps"`
}

// stepSums adds up the timed steps' stage times and work.
type stepSums struct {
	times                                      contact.StageTimes
	manifolds, recycled, rounds, sweeps, steps int
}

// add adds a step's Stats.
func (u *stepSums) add(st *contact.Stats) {
	u.times = u.times.Add(st.Stages)
	u.manifolds, u.recycled, u.rounds, u.sweeps = u.manifolds+st.Manifolds, u.recycled+st.Recycled, u.rounds+st.GuardRounds, u.sweeps+st.Sweeps
	u.steps++
}

// mean returns the sums per step.
func (u *stepSums) mean() *benchStages {
	n := float64(u.steps)
	ms := func(d time.Duration) float64 { return d.Seconds() * 1e3 / n }
	t := &u.times
	return &benchStages{ms(t.Detection), ms(t.Prepare), ms(t.Solve), ms(t.Guards), ms(t.Position), ms(t.Other),
		float64(u.manifolds) / n, float64(u.recycled) / n, float64(u.rounds) / n, float64(u.sweeps) / n}
}

// runBench is `tumble bench`: see benchUsage.
// maxBenchRuns bounds --runs: a median of a thousand runs is as good as it gets.
const maxBenchRuns = 1000

func runBench(args []string, stdout, stderr io.Writer) int {
	var defaults []string
	for _, n := range benchScenes {
		if slices.Contains(data.SceneNames(), n) {
			defaults = append(defaults, n)
		}
	}
	usage := fmt.Sprintf(benchUsage, strings.Join(defaults, ", "), strings.Join(data.SceneNames(), ", "),
		fmt.Sprintf(sceneFlagsHelp, strings.Join(scenegen.SeededNames(), ", ")))
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "")
	steps := fs.Int("steps", 0, "")
	runs := fs.Int("runs", 3, "")
	noSleep := fs.Bool("nosleep", false, "")
	stages := fs.Bool("stages", false, "")
	cpuProfile := fs.String("cpuprofile", "", "")
	var sf sceneFlags
	sf.register(fs)
	names, code, done := parseArgs(fs, args, printText(usage), stdout, stderr)
	var err error
	switch {
	case done:
		return code
	case flagSet(fs, "steps") && (*steps < 2 || *steps > maxSimSteps):
		err = fmt.Errorf("--steps %d: want 2 (the first step is not timed) to %d", *steps, maxSimSteps)
	case *runs < 1 || *runs > maxBenchRuns:
		err = fmt.Errorf("--runs %d: want 1 to %d", *runs, maxBenchRuns)
	default:
		err = sf.parse(fs)
	}
	if err != nil {
		return usageError(stderr, "bench", err)
	}
	if len(names) == 0 {
		names = defaults
	}
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			return runError(stderr, "bench", err)
		}
		defer func() {
			if err := stop(); err != nil {
				fmt.Fprintf(stderr, "tumble bench: %v\n", err)
			}
		}()
	}
	report := benchReport{Runs: *runs}
	for _, name := range names {
		sc, err := sf.load(name)
		if err != nil {
			return runError(stderr, "bench", err)
		}
		r, err := benchScene(name, sc, benchOptions{*steps, *runs, *noSleep, *stages}, stderr)
		if err != nil {
			return runError(stderr, "bench", fmt.Errorf("%s: %w", name, err))
		}
		r.Set, r.Seed = sf.record()
		report.Results = append(report.Results, r)
	}
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(report); err != nil {
			fmt.Fprintf(stderr, "tumble bench: %v\n", err)
			return 1
		}
		return 0
	}
	printBench(stdout, report)
	return 0
}

// startProfile starts a CPU profile into the file named path and returns what stops it and
// closes the file.
func startProfile(path string) (stop func() error, err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("--cpuprofile %s: %w", path, err)
	}
	return func() error {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return fmt.Errorf("--cpuprofile %s: %w", path, err)
		}
		return nil
	}, nil
}

// benchOptions are bench's flags that decide how a scene runs.
type benchOptions struct {
	steps, runs     int // steps: 0 for the scene's duration
	noSleep, stages bool
}

// benchScene runs sc o.runs times from its start for o.steps steps. The physics of every
// run is the same (the step is deterministic), so the first run's outcome is reported with
// the median of the runs' times (and, with o.stages, the mean time of each stage).
func benchScene(name string, sc *scene.Scene, o benchOptions, stderr io.Writer) (benchResult, error) {
	n := sc.Steps()
	if o.steps > 0 {
		n = o.steps
	}
	r := benchResult{Scene: name, Steps: n}
	times := make([]float64, 0, o.runs)
	var sums stepSums
	for run := range o.runs {
		w, err := sc.World()
		if err != nil {
			return r, err
		}
		w.EnableSleep = !o.noSleep
		w.TimeStages = o.stages
		p := newProgress(stderr, fmt.Sprintf("tumble bench: %s run %d/%d", name, run+1, o.runs))
		out := newOutcome(w)
		var elapsed time.Duration
		for i := range n {
			start := time.Now()
			err := w.Step()
			if i > 0 {
				elapsed += time.Since(start)
				sums.add(&w.Stats)
			}
			if err != nil {
				p.done()
				return r, sc.StepError(err)
			}
			if run == 0 {
				out.record(w)
			}
			p.update(i+1, n)
		}
		p.done()
		if n > 1 {
			times = append(times, elapsed.Seconds()*1e3/float64(n-1))
		}
		if run == 0 {
			r.Bodies = len(w.Bodies)
			r.Contacts, r.Sleeping, r.Lost = w.Stats.Contacts, w.SleepingBodies(), lost(w)
			r.MaxPenetration, r.MaxDisplacement = out.maxPenetration, out.maxDisplacement
			r.KineticEnergyPeak, r.KineticEnergyFinal = out.peak, w.KineticEnergy()
			r.Verdict = verdict(out.maxDisplacement, out.peak, r.KineticEnergyFinal)
		}
	}
	if o.stages && sums.steps > 0 {
		r.Stages = sums.mean()
	}
	if len(times) > 0 {
		slices.Sort(times)
		r.MsPerStep = times[len(times)/2]
		if len(times)%2 == 0 {
			r.MsPerStep = (times[len(times)/2-1] + times[len(times)/2]) / 2
		}
		r.MsPerStepMin, r.MsPerStepMax = times[0], times[len(times)-1]
	}
	return r, nil
}

// outcome follows a run: the largest distance any body gets from its start, the peak
// kinetic energy and the deepest penetration.
type outcome struct {
	start           []float64 // per body: x, y, z at the start
	maxDisplacement float64
	peak            float64
	maxPenetration  float64
}

func newOutcome(w *contact.World) *outcome {
	o := &outcome{}
	for _, b := range w.Bodies {
		o.start = append(o.start, b.P[0], b.P[1], b.P[2])
	}
	return o
}

func (o *outcome) record(w *contact.World) {
	for i, b := range w.Bodies {
		dx, dy, dz := b.P[0]-o.start[3*i], b.P[1]-o.start[3*i+1], b.P[2]-o.start[3*i+2]
		o.maxDisplacement = max(o.maxDisplacement, math.Sqrt(dx*dx+dy*dy+dz*dz))
	}
	o.peak = max(o.peak, w.KineticEnergy())
	o.maxPenetration = max(o.maxPenetration, w.Stats.MaxPenetration)
}

// verdict names the outcome of a run by the rule in benchUsage.
func verdict(maxDisplacement, peak, final float64) string {
	switch {
	case maxDisplacement <= standsDisplacement:
		return "stands"
	case final <= settledEnergy*peak:
		return "settles"
	default:
		return "moving"
	}
}

// lost counts the bodies whose centre of mass is behind one of the planes: fallen through
// the floor or out of the pen.
func lost(w *contact.World) int {
	n := 0
	for _, b := range w.Bodies {
		for _, pl := range w.Planes {
			if pl.Normal.Dot(b.P.Sub(pl.Point)) < 0 {
				n++
				break
			}
		}
	}
	return n
}

func printBench(out io.Writer, r benchReport) {
	fmt.Fprintf(out, "median of %s, first step of each excluded\n", plural.Count(r.Runs, "run", "runs"))
	if len(r.Results) > 0 {
		describeRun(out, r.Results[0].Set, r.Results[0].Seed) // the same flags for every scene
	}
	fmt.Fprintln(out)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scene\tbodies\tsteps\tms/step\tmin–max\tcontacts\tmax pen. mm\tmax disp. m\tKE peak J\tKE end J\tasleep\tlost\tverdict\t")
	for _, x := range r.Results {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.3g\t%.3g–%.3g\t%d\t%.2f\t%.3g\t%.3g\t%.3g\t%d\t%d\t%s\t\n",
			x.Scene, x.Bodies, x.Steps, x.MsPerStep, x.MsPerStepMin, x.MsPerStepMax, x.Contacts,
			x.MaxPenetration*1e3, x.MaxDisplacement, x.KineticEnergyPeak, x.KineticEnergyFinal,
			x.Sleeping, x.Lost, x.Verdict)
	}
	tw.Flush()
	if len(r.Results) == 0 || r.Results[0].Stages == nil {
		return
	}
	fmt.Fprintln(out, "\nms per step by stage, and the work of a step, the means over every timed step")
	fmt.Fprintln(out)
	fmt.Fprintln(tw, "scene\tdetection\tprepare\tsolve\tguards\tposition\tother\tmanifolds\trecycled\tguard rounds\tsweeps\t")
	for _, x := range r.Results {
		st := x.Stages
		fmt.Fprintf(tw, "%s\t%.3g\t%.3g\t%.3g\t%.3g\t%.3g\t%.3g\t%.0f\t%.0f\t%.2f\t%.1f\t\n", x.Scene, st.Detection, st.Prepare,
			st.Solve, st.Guards, st.Position, st.Other, st.Manifolds, st.Recycled, st.GuardRounds, st.Sweeps)
	}
	tw.Flush()
}
