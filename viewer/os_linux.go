package viewer

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used, every thread's (the GL driver's
// too), user and system.
func processCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
