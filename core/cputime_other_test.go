//go:build !linux && !js

package core

import "time"

// processCPU and threadCPU are measured on Linux and in Node only.
func processCPU() (time.Duration, bool) { return 0, false }
func threadCPU() (time.Duration, bool)  { return 0, false }
func lockThread()                       {}
func unlockThread()                     {}
