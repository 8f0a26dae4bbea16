// Command tumble is the one command of the Tumble rigid-body contact simulator: it views,
// simulates and measures 3D scenes, computes mass properties, and runs FOSSSim's 2D scenes.
package main

import (
	"fmt"
	"io"
	"os"
)

// A command is one subcommand: its name, a one-line summary for `tumble --help`, and the
// function that runs it with the remaining arguments. run returns the process exit code.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order `tumble --help` shows them.
func commands() []command {
	return []command{
		viewCommand,
		{"sim", "run a 3D scene headless and print its summary (JSON with --json)", runSim},
		{"bench", "time 3D scenes headless: ms/step, contacts and a verdict per scene", runBench},
		{"meshes", "list the built-in meshes: vertices, triangles, volume", runMeshes},
		twoDCommand,
		{"inertia", "mass properties of a closed OBJ mesh (volume, COM, inertia, principal axes)", runInertia},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		args = []string{defaultCommand}
	}
	name := args[0]
	if name == "-h" || name == "--help" || name == "help" {
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "tumble: unknown command %q\n\n", name)
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: tumble <command> [flags] [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\n`tumble <command> --help` describes each command's flags.")
}
