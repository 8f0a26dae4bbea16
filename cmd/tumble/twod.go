package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// twoDCommand is `tumble 2d`: FOSSSim's rigid-body scenes, headless.
var twoDCommand = command{
	name:        "2d",
	summary:     "run, regress and render FOSSSim 2D rigid-body scenes",
	run:         runTwoD,
	subcommands: twoDSubcommands,
}

// twoDSubcommands are the verbs of `tumble 2d`, in the order its help lists them.
var twoDSubcommands = []command{
	{"run", "simulate a scene; write FOSSSim's binary trajectory, CSV or JSON", runTwoDRun, nil},
	{"regress", "grade scenes against their reference trajectories", runTwoDRegress, nil},
	{"render", "draw a scene as SVG or PNG, or animate its run as GIF", runTwoDRender, nil},
}

func runTwoD(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return usageError(stderr, "2d", errors.New("missing subcommand (run, regress or render)"))
	}
	if args[0] == "-h" || args[0] == "--help" {
		twoDUsage(stdout)
		return 0
	}
	for _, c := range twoDSubcommands {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	return usageError(stderr, "2d", fmt.Errorf("unknown subcommand %q", args[0]))
}

func twoDUsage(w io.Writer) {
	fmt.Fprintf(w, `usage: tumble 2d SUBCOMMAND [flags] [arguments]

Runs the rigid-body scenes of the FOSSSim course simulator (Columbia COMS W4167 and its edX
version, theme 3: rigid bodies and contact) and matches the course's reference
implementation to its grading tolerance. Scenes are FOSSSim's XML (docs/2d.md); the
built-in 2D scenes are taken by name: %s.

subcommands:
`, strings.Join(scene2D.names(), ", "))
	for _, c := range twoDSubcommands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\n`tumble 2d SUBCOMMAND --help` describes each one's flags.")
}
