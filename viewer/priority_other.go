//go:build !linux

package viewer

// lowerThreadPriority does nothing where threads have no priority of their own to set.
func lowerThreadPriority() {}
