//go:build !linux && !js

package core

import "time"

// threadCPU is unavailable here (see threadcpu_linux_test.go).
func threadCPU() (time.Duration, bool) { return 0, false }
