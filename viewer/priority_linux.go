package viewer

import "syscall"

// threadNice is the niceness of the simulation's thread: lower priority than the window's.
const threadNice = 10

// lowerThreadPriority lowers the calling OS thread's scheduling priority (Linux sets
// priorities per thread); failing to is harmless.
func lowerThreadPriority() { syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), threadNice) }
