package contact

import (
	"runtime"
	"testing"
	"time"
)

// tunerRun steps t through its warm-up and one whole interval on cores goroutines, a step
// taking alone when run alone and shared when shared, and returns how many steps of the
// interval after the trial shared, and how many of the trial did.
func tunerRun(t *workerTuner, cores int, alone, shared time.Duration) (after, inTrial int) {
	for step := -tunerWarmup; step < tunerInterval; step++ {
		n := t.begin(cores)
		if (n > 1) != t.shared || n != 1 && n != cores {
			panic("begin and shared disagree")
		}
		d := alone
		if t.shared {
			d = shared
		}
		if t.shared && step >= tunerTrial {
			after++
		} else if t.shared && step >= 0 {
			inTrial++
		}
		t.record(d, 1000)
	}
	return after, inTrial
}

// The tuner's trial runs half its steps on every core, in pairs whose order alternates,
// and the steps until the next trial keep on every core only what was faster than alone
// by the margin; with one core it never shares; a new core count, or a step with more than
// twice or less than half the trial's manifolds, starts a trial again.
func TestTunerChoosesTheFaster(t *testing.T) {
	after := tunerInterval - tunerTrial
	for _, c := range []struct {
		alone, shared time.Duration
		share         bool
	}{
		{2 * time.Millisecond, time.Millisecond, true},
		{time.Millisecond, 2 * time.Millisecond, false},
		{time.Millisecond, 960 * time.Microsecond, false}, // faster, but within the margin
	} {
		var tu workerTuner
		got, inTrial := tunerRun(&tu, 4, c.alone, c.shared)
		want := 0
		if c.share {
			want = after
		}
		if got != want || inTrial != tunerTrial/2 {
			t.Errorf("alone %v, shared %v: %d of %d steps after the trial shared (want %d), %d of the trial's %d",
				c.alone, c.shared, got, after, want, inTrial, tunerTrial)
		}
		if tu.step != 0 {
			t.Errorf("after an interval the tuner is at step %d, not at its next trial", tu.step)
		}
	}
	var tu workerTuner
	tunerRun(&tu, 4, time.Millisecond, 2*time.Millisecond)
	if got, _ := tunerRun(&tu, 2, 2*time.Millisecond, time.Millisecond); got != after {
		t.Errorf("with a new core count %d steps after the trial shared, want %d", got, after)
	}
	if got, inTrial := tunerRun(&workerTuner{}, 1, 2*time.Millisecond, time.Millisecond); got+inTrial != 0 {
		t.Errorf("on one core %d steps shared", got+inTrial)
	}
	for _, m := range []int{2001, 499} {
		tu := workerTuner{}
		tunerRun(&tu, 4, time.Millisecond, 2*time.Millisecond) // ends at the next trial's start, alone
		for range tunerTrial + 5 {
			tu.begin(4)
			tu.record(2*time.Millisecond, 1000)
		}
		tu.begin(4)
		tu.record(time.Millisecond, m)
		if tu.step != 0 || !tu.plan() {
			t.Errorf("after a trial of 1,000 manifolds a step of %d: at step %d of the trial, sharing %v; want a trial begun, sharing first",
				m, tu.step, tu.plan())
		}
	}
}

// With Workers 0 the tuner switches the step between one goroutine and every core, and the
// results are those of one worker, bit for bit: a pile of 500 cubes whose trial begins once
// it has landed, so that the steps that share share its stages and sweeps.
func TestTunedWorkersKeepTheBits(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	shared := 0
	run := func(workers int) (*World, []Stats) {
		w := penPile(500)
		w.Workers = workers
		w.contacts.tuner = workerTuner{cores: 4, step: -120}
		return w, runRecorded(t, w, 150, func(w *World) {
			if w.contacts.workers > 1 && len(w.contacts.cur) >= 2*minLight {
				shared++
			}
		})
	}
	serial, serialStats := run(1)
	tuned, tunedStats := run(0)
	if shared < tunerTrial/2 {
		t.Fatalf("%d steps shared a pile of over %d manifolds: the trial did not run on the pile", shared, 2*minLight)
	}
	sameRuns(t, "tuned", serial, tuned, serialStats, tunedStats)
	t.Logf("%d steps of the tuned run shared a pile of over %d manifolds", shared, 2*minLight)
}
