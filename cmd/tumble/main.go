// Command tumble is the one command of the Tumble rigid-body contact simulator: it views,
// simulates and measures 3D scenes, computes mass properties, and runs FOSSSim's 2D scenes.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// A command is one subcommand: its name, a one-line summary for `tumble --help`, and the
// function that runs it with the remaining arguments. run returns the process exit code.
// subcommands are the verbs of a command that has them (`tumble 2d run`).
type command struct {
	name        string
	summary     string
	run         func(args []string, stdout, stderr io.Writer) int
	subcommands []command
}

// commands lists the subcommands in the order `tumble --help` shows them.
func commands() []command {
	return []command{
		viewCommand,
		{"sim", "run a 3D scene or drop a mesh, headless, and print its summary (JSON with --json)", runSim, nil},
		{"bench", "time 3D scenes headless: ms/step, contacts and a verdict per scene", runBench, nil},
		{"meshes", "list the built-in meshes: vertices, triangles, volume", runMeshes, nil},
		twoDCommand,
		{"inertia", "mass properties of a closed mesh (volume, COM, inertia, principal axes)", runInertia, nil},
		{"version", "print the module version and the revision it was built from", runVersion, nil},
		{"help", "describe a command: tumble help COMMAND", runHelp, nil},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command args name. No command is the default one (the viewer), and so are
// flags with no command before them (`tumble --seconds 3` is `tumble view --seconds 3`),
// apart from tumble's own --help and --version.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !isTopFlag(args[0]) {
		args = append([]string{defaultCommand}, args...)
	}
	switch name := args[0]; name {
	case "-h", "--help":
		usage(stdout)
		return 0
	case "--version":
		return runVersion(args[1:], stdout, stderr)
	default:
		for _, c := range commands() {
			switch {
			case c.name != name:
			case name == viewCommand.name: // the window's calls must come from the main thread
				return c.run(args[1:], stdout, stderr)
			default:
				return offMainThread(func() int { return c.run(args[1:], stdout, stderr) })
			}
		}
		fmt.Fprintf(stderr, "tumble: unknown command %q; see 'tumble --help'\n", name)
		return 2
	}
}

// offMainThread runs f on a goroutine of its own and returns its result. The process's main
// goroutine is locked to the main thread for the viewer's window (package viewer), and a
// locked goroutine changes threads whenever it waits for the step's workers: on two cores
// pile1000's step took as long as on one.
func offMainThread(f func() int) int {
	code := make(chan int)
	go func() { code <- f() }()
	return <-code
}

// isTopFlag reports whether arg is one of tumble's own flags rather than the viewer's.
func isTopFlag(arg string) bool {
	switch arg {
	case "-h", "--help", "--version":
		return true
	}
	return false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: tumble COMMAND [flags] [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nWithout a command tumble opens the viewer, flags and all: `tumble --seconds 3 spin` is")
	fmt.Fprintln(w, "`tumble view --seconds 3 spin`. `tumble COMMAND --help` (or `tumble help COMMAND`) describes")
	fmt.Fprintln(w, "a command and its flags.")
}
