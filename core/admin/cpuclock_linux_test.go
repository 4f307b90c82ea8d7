//go:build linux

package admin_test

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// cpuNow returns the CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID;
// call lockThread first). Wall-clock tails on a shared machine measure the
// other jobs; a Worker's budget is CPU.
func cpuNow() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

func lockThread()   { runtime.LockOSThread() }
func unlockThread() { runtime.UnlockOSThread() }
