//go:build linux

package cpuclock

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// Now returns the CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID;
// call Lock first). Wall-clock tails on a shared machine measure the
// other jobs; a Worker's budget is CPU.
func Now() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

func Lock()   { runtime.LockOSThread() }
func Unlock() { runtime.UnlockOSThread() }
