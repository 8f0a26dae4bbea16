//go:build !linux

package viewer

import "time"

// processCPU returns 0: the CPU time is reported on Linux only.
func processCPU() time.Duration { return 0 }
