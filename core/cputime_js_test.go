//go:build js

package core

import (
	"syscall/js"
	"time"
)

// processCPU is Node's process.cpuUsage() (user + system): the wasm program runs on one
// thread, so this is its CPU time, without the time it waited for a core.
func processCPU() (time.Duration, bool) {
	p := js.Global().Get("process")
	if !p.Truthy() || !p.Get("cpuUsage").Truthy() {
		return 0, false
	}
	u := p.Call("cpuUsage")
	return time.Duration(u.Get("user").Int()+u.Get("system").Int()) * time.Microsecond, true
}

func threadCPU() (time.Duration, bool) { return processCPU() }
func lockThread()                      {}
func unlockThread()                    {}
