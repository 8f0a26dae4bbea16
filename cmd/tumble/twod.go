package main

import (
	"flag"
	"fmt"
	"io"
)

// twoDCommand is `tumble 2d`: FOSSSim's rigid-body scenes, headless.
var twoDCommand = command{
	name:    "2d",
	summary: "run, regress and render FOSSSim 2D rigid-body scenes",
	run:     runTwoD,
}

// twoDSubcommands are the verbs of `tumble 2d`, in the order its help lists them.
var twoDSubcommands = []command{
	{"run", "simulate a scene; write FOSSSim's binary trajectory, CSV or JSON", runTwoDRun},
	{"regress", "grade scenes against their stored reference trajectories", runTwoDRegress},
	{"render", "draw a scene as SVG or PNG, or animate its run as GIF", runTwoDRender},
}

func runTwoD(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		w := stdout
		if len(args) == 0 {
			w = stderr
		}
		twoDUsage(w)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range twoDSubcommands {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "tumble 2d: unknown subcommand %q\n\n", args[0])
	twoDUsage(stderr)
	return 2
}

func twoDUsage(w io.Writer) {
	fmt.Fprintln(w, `usage: tumble 2d <subcommand> [flags] [arguments]

Runs the rigid-body scenes of the FOSSSim course simulator (theme 3: rigid bodies and
contact; XML as in ../shared/scenes2d/fosssim) and matches the course's reference
implementation to its grading tolerance.

subcommands:`)
	for _, c := range twoDSubcommands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\n`tumble 2d <subcommand> --help` describes each one's flags.")
}

// newFlagSet returns a flag set that prints usage, then the flags, on --help.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), usage)
		fmt.Fprintln(fs.Output(), "\nflags:")
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, flags and arguments in any order (`run SCENE.xml -o OUT.bin`
// as well as `run -o OUT.bin SCENE.xml`), and returns the arguments, the exit code to stop
// with (0 after --help, 2 on a bad flag) and whether to stop.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return nil, 0, true
			}
			return nil, 2, true
		}
		if fs.NArg() == 0 {
			return rest, 0, false
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
