package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/tumble-physics/tumble/contact/scene"
	"github.com/tumble-physics/tumble/data/scenegen"
)

// sceneFlagsHelp describes --set and --seed in the help of sim and bench; %s is the scenes
// made at random.
const sceneFlagsHelp = `  --set KEY=VALUE  set a parameter of the scene as its file would (the same ranges and
                   messages; docs/scenes.md), without editing it; repeat it for more.
                   KEY is gravity, dt, iterations or duration; friction, restitution or
                   rolling (of every body and plane); body.ATTR (every body) or
                   body.NAME.ATTR (the body named NAME), ATTR any of <body>'s attributes
                   but name and mesh (mass, density, position, velocity, …); plane.ATTR or
                   plane.N.ATTR (N counts from 0 in file order), ATTR point, normal,
                   friction, restitution or rolling. A vector is 0,-5,0 or "0 -5 0".
                   The particular wins over the general whatever the order
                   (body.box3.friction over friction); a key given twice is an error.
                   --json records them as "set"
  --seed N         draw a scene made at random (%s) again from seed N, 0 to
                   2^64-1, instead of the seed it ships with; --json records it as "seed"
`

// sceneFlags are the flags of sim and bench that change the scenes they run.
type sceneFlags struct {
	set       []string // --set, as given
	overrides []scene.Override
	seed      uint64
	seeded    bool // --seed was given
}

// register defines --set and --seed on fs.
func (f *sceneFlags) register(fs *flag.FlagSet) {
	fs.Func("set", "", func(text string) error {
		f.set = append(f.set, text)
		return nil
	})
	fs.Uint64Var(&f.seed, "seed", 0, "")
}

// parse reads the overrides once fs has parsed the command line: a malformed one is a
// usage error.
func (f *sceneFlags) parse(fs *flag.FlagSet) error {
	f.seeded = flagSet(fs, "seed")
	for _, text := range f.set {
		o, err := scene.ParseOverride(text)
		if err != nil {
			return fmt.Errorf("--set %s: %w", text, err)
		}
		f.overrides = append(f.overrides, o)
	}
	return nil
}

// setsIterations reports whether an override sets the solver's sweeps.
func (f *sceneFlags) setsIterations() bool {
	return slices.ContainsFunc(f.overrides, func(o scene.Override) bool { return o.Key == "iterations" })
}

// A flagError is a problem with a flag that shows only once the scene is known: exit
// status 2, as for any usage error.
type flagError struct{ error }

// load reads ref as loadScene does, or with --seed writes the built-in scene ref again from
// the seed, and applies the overrides.
func (f *sceneFlags) load(ref string) (*scene.Scene, error) {
	var sc *scene.Scene
	var err error
	if f.seeded {
		text, ok := scenegen.Seeded(ref, f.seed)
		if !ok {
			return nil, flagError{fmt.Errorf("--seed %d: %s is not a built-in scene made at random (those are: %s)", f.seed, ref, strings.Join(scenegen.SeededNames(), ", "))}
		}
		sc, err = scene.Parse(bytes.NewReader(text), ref+".xml")
	} else {
		sc, err = loadScene(ref)
	}
	if err != nil {
		return nil, err
	}
	return sc, sc.Apply(f.overrides)
}

// record returns what --json records of the flags: the overrides by key (nil without) and
// the seed (nil without).
func (f *sceneFlags) record() (map[string]string, *uint64) {
	var set map[string]string
	for _, o := range f.overrides {
		if set == nil {
			set = map[string]string{}
		}
		set[o.Key] = o.Value
	}
	var seed *uint64
	if f.seeded {
		seed = &f.seed
	}
	return set, seed
}

// describeRun writes, for a summary, the flags a run was made with as a command line would
// give them ("with --seed 2 --set friction=0.3"), and nothing when there are none.
func describeRun(out io.Writer, set map[string]string, seed *uint64) {
	if set == nil && seed == nil {
		return
	}
	fmt.Fprint(out, "with")
	if seed != nil {
		fmt.Fprintf(out, " --seed %d", *seed)
	}
	for _, k := range slices.Sorted(maps.Keys(set)) {
		fmt.Fprintf(out, " --set %s=%s", k, set[k])
	}
	fmt.Fprintln(out)
}

// runError reports err from reading or building a scene and returns the exit status: a
// problem with --set or --seed is a usage error (one line, 2), any other the scene's (1).
func runError(stderr io.Writer, command string, err error) int {
	var oe *scene.OverrideError
	var fe flagError
	switch {
	case errors.As(err, &oe):
		return usageError(stderr, command, fmt.Errorf("--set %w", err))
	case errors.As(err, &fe):
		return usageError(stderr, command, err)
	}
	fmt.Fprintf(stderr, "tumble %s: %v\n", command, err)
	return 1
}
