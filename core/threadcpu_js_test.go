package core

import (
	"syscall/js"
	"time"
)

// threadCPU is Node's process CPU time (process.cpuUsage, user + system):
// the wasm instance runs on Node's one JavaScript thread, so this is the
// request's CPU time plus whatever V8's helper threads spend meanwhile.
func threadCPU() (time.Duration, bool) {
	p := js.Global().Get("process")
	if p.IsUndefined() {
		return 0, false
	}
	u := p.Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond, true
}
