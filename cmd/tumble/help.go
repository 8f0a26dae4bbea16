package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// parseArgs parses fs's flags wherever they stand among the arguments (the flag package stops
// at the first non-flag) and returns the other arguments in order; everything after "--" is
// an argument. On -h or --help it writes help to stdout; on a bad flag it writes one line
// to stderr (usageError). done says the command should stop and return code.
func parseArgs(fs *flag.FlagSet, args []string, help func(io.Writer), stdout, stderr io.Writer) (rest []string, code int, done bool) {
	fs.SetOutput(io.Discard) // the flag package's own messages would repeat the help
	fs.Usage = func() {}
	for {
		if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
			help(stdout)
			return nil, 0, true
		} else if err != nil {
			return nil, usageError(stderr, fs.Name(), err), true
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, 0, false
		}
		if consumed := args[:len(args)-len(left)]; len(consumed) > 0 && consumed[len(consumed)-1] == "--" {
			return append(rest, left...), 0, false
		}
		rest, args = append(rest, left[0]), left[1:]
	}
}

// parseNoArgs parses the arguments of a command that takes none: only --help, whose text is
// help. done says the command should stop and return code.
func parseNoArgs(command, help string, args []string, stdout, stderr io.Writer) (code int, done bool) {
	rest, code, done := parseArgs(flag.NewFlagSet(command, flag.ContinueOnError), args, printText(help), stdout, stderr)
	if !done && len(rest) > 0 {
		return usageError(stderr, command, fmt.Errorf("no arguments expected, got %q", rest[0])), true
	}
	return code, done
}

// printText returns a help function that prints text.
func printText(text string) func(io.Writer) {
	return func(w io.Writer) { fmt.Fprint(w, text) }
}

// flagHelp returns a help function that prints text, then fs's flags with their defaults.
func flagHelp(fs *flag.FlagSet, text string) func(io.Writer) {
	return func(w io.Writer) {
		fmt.Fprintln(w, text)
		fmt.Fprintln(w, "\nflags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
}

// usageError reports a mistake in how the command (e.g. "sim", "2d run") was called in one
// line that points to its help, and returns the usage exit status, 2.
func usageError(stderr io.Writer, command string, err error) int {
	fmt.Fprintf(stderr, "tumble %s: %v; see 'tumble %s --help'\n", command, err, command)
	return 2
}

const helpUsage = `usage: tumble help [COMMAND [SUBCOMMAND]]

Describes a command and its flags, as 'tumble COMMAND --help' does; without a command it
lists the commands.
`

// runHelp is `tumble help`: see helpUsage.
func runHelp(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		usage(stdout)
		return 0
	case args[0] == "-h" || args[0] == "--help" || len(args) == 1 && args[0] == "help":
		fmt.Fprint(stdout, helpUsage)
		return 0
	case !commandExists(args):
		fmt.Fprintf(stderr, "tumble help: no command %q; see 'tumble --help'\n", strings.Join(args, " "))
		return 2
	}
	return run(append(args, "--help"), stdout, stderr)
}

// commandExists reports whether args name a command, or a command and one of its
// subcommands.
func commandExists(args []string) bool {
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		if len(args) == 1 {
			return true
		}
		for _, s := range c.subcommands {
			if s.name == args[1] && len(args) == 2 {
				return true
			}
		}
	}
	return false
}
