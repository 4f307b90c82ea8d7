//go:build unix && !js

package trip

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) this process has used: the
// benchmarks report it beside wall time because the machine is shared.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
