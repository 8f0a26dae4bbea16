package viewer

import (
	"syscall"
	"time"
)

// threadNice is the niceness of the simulation's thread: lower priority than the window's.
const threadNice = 10

// lowerThreadPriority lowers the calling OS thread's scheduling priority (Linux sets
// priorities per thread); failing to is harmless.
func lowerThreadPriority() { syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), threadNice) }

// processCPU returns the CPU time the process has used, every thread's (the GL driver's
// too), user and system.
func processCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
