//go:build !linux

package viewer

import "time"

// lowerThreadPriority does nothing where threads have no priority of their own to set.
func lowerThreadPriority() {}

// processCPU returns 0: the CPU time is reported on Linux only.
func processCPU() time.Duration { return 0 }
