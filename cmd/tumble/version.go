package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

const versionUsage = `usage: tumble version

Prints the module version, the version-control revision the binary was built from (with
"modified" when the working tree had uncommitted changes) and the Go version. A binary built
by go build or make build inside a git checkout carries its revision; go run and go test
builds do not, and say so.
`

// runVersion is `tumble version`: see versionUsage.
func runVersion(args []string, stdout, stderr io.Writer) int {
	if code, done := parseNoArgs("version", versionUsage, args, stdout, stderr); done {
		return code
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(stderr, "tumble version: the binary carries no build information")
		return 1
	}
	fmt.Fprintln(stdout, versionLine(info))
	return 0
}

// versionLine formats the build information: "tumble (devel) 7a1abcf… 2026-11-25T10:00:00Z
// modified go1.26.0", the revision in full so that it can be checked out.
func versionLine(info *debug.BuildInfo) string {
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	parts := []string{"tumble", info.Main.Version}
	if rev := settings["vcs.revision"]; rev != "" {
		parts = append(parts, rev)
		if t := settings["vcs.time"]; t != "" {
			parts = append(parts, t)
		}
		if settings["vcs.modified"] == "true" {
			parts = append(parts, "modified")
		}
	} else {
		parts = append(parts, "(revision unknown: built without version control information)")
	}
	return strings.Join(append(parts, info.GoVersion), " ")
}
