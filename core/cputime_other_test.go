//go:build !linux

package core

import "time"

// processCPU and threadCPU are measured on Linux only.
func processCPU() (time.Duration, bool) { return 0, false }
func threadCPU() (time.Duration, bool)  { return 0, false }
func lockThread()                       {}
func unlockThread()                     {}
