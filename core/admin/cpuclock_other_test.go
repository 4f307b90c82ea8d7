//go:build !linux && !(js && wasm)

package admin_test

import "time"

var start = time.Now()

// cpuNow falls back to wall-clock time where no per-thread CPU clock is at hand.
func cpuNow() time.Duration { return time.Since(start) }

func lockThread()   {}
func unlockThread() {}
